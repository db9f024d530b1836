#!/bin/bash
# Print the Debian packages whose files the build really uses, one a line,
# sorted: derived from the build, not typed.  tests/08-packages.sh checks
# that ws/deps.sh installs each of them.
#
#   tests/packages/used-packages.sh          the packages
#   tests/packages/used-packages.sh --map    "PKG PATH" for each used file outside the tree
#
# What counts as used:
#  - the files outside the tree in the dependency records (source_ and
#    deps_ lines) of build/obj's .*.cmd files;
#  - the system headers of the compiler commands there that search the
#    system's include directories (no -nostdinc: the host programs):
#    kbuild's -MMD leaves those headers out, so each command is run again
#    into a temporary folder, compiles with -M, links with -Wl,--trace;
#  - the libraries of their -l flags (gcc -print-file-name);
#  - the programs the recorded commands start with (gcc, flex, bison,
#    s390x-linux-gnu-ld, ...);
#  - tools/kmsg/*.c cross-compiled with -MD and linked -static with
#    -Wl,--trace, as `make build` does, and scripts/kmsg-*.c with host gcc;
#  - gcc, s390x-linux-gnu-gcc and the cc1, collect2, as and ld they run.
# Each file is mapped to its package with dpkg -S.  A file outside the tree
# that no package owns, or a command that fails, is an error: reported on
# standard error, exit status 1.  A "# " summary line goes to standard error.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
obj=${KOUT:-$top/build/obj}
cross=s390x-linux-gnu-
map=
[ "${1:-}" = --map ] && map=1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp	# gcc's own temporary files stay out of the list
errors=0
err() { echo "used-packages: $*" >&2; errors=$((errors + 1)); }
paths=$tmp/paths
: >"$paths"

# Paths out of a dependency file (-M/-MD output): every word but the
# targets and the line continuations.
depfile() { tr -s ' \\' '\n\n' <"$1" | grep -v ':$' | grep '^/' >>"$paths"; }
# Paths out of ld --trace output: "/a/b.o", "(/a/libc.a)member", "-lc (/a/libc.so)".
tracefile() { grep -oE '(^|[( ])/[^() :]*' "$1" | sed 's/^[( ]//' >>"$paths"; }
# A program's file, by name or path.
prog() {
	local p
	case $1 in
	/*) p=$1 ;;
	*/*) return ;;	# relative: a program of the tree
	*) p=$(type -P "$1") || { err "program $1 not found"; return; } ;;
	esac
	echo "$p" >>"$paths"
}

[ -d "$obj" ] || { echo "used-packages: no $obj: run make build first" >&2; exit 1; }

# 1. kbuild's .cmd files: one awk reads them all.  It prints the paths
# outside the tree of the source_ and deps_ records ("P path"), the first
# word of each command ("W word") and the compiler commands that search the
# system's include directories ("C file<TAB>command").
find "$obj" -name '.*.cmd' >"$tmp/cmdfiles"
ncmd=$(wc -l <"$tmp/cmdfiles")
tr '\n' '\0' <"$tmp/cmdfiles" | xargs -0 -r awk -v top="$top/" -v obj="$obj/" '
	FNR == 1 { on = 0 }
	/^(source|deps)_/ { on = 1 }
	on { for (i = 1; i <= NF; i++)
		if ($i ~ /^\// && index($i, top) != 1 && index($i, obj) != 1)
			print "P", $i }
	on && !/\\$/ { on = 0 }
	/^savedcmd_/ {
		cmd = $0; sub(/^savedcmd_[^ ]* := /, "", cmd); gsub(/\$\$/, "$", cmd)
		print "W", $3
		if ($3 ~ /(^|-)(gcc|gcc-[0-9]+|cc|clang)$/ && (cmd " ") !~ / -nostdinc /)
			print "C", FILENAME "\t" cmd
	}' >"$tmp/cmds"
sed -n 's/^P //p' "$tmp/cmds" >>"$paths"
for w in $(sed -n 's/^W //p' "$tmp/cmds" | sort -u); do
	[ "$(type -t "$w")" = file ] && prog "$w"
done
nrun=0
while IFS=$'\t' read -r f cmd; do
	nrun=$((nrun + 1))
	first=${cmd%% *}
	run=$cmd
	if [[ " $run " == *" -c "* ]]; then
		run=$(sed -E "s# -Wp,-MMD,[^ ]+# -M -MF $tmp/$nrun.d#; s# -o [^ ]+# -o /dev/null#" <<<"$run")
		[[ $run == *" -MF "* ]] || run+=" -M -MF $tmp/$nrun.d"
	else
		run=$(sed -E "s# -Wp,-MMD,[^ ]+# -Wp,-MD,$tmp/$nrun.d#; s# -o [^ ]+# -o $tmp/$nrun.out#" <<<"$run")
		run+=" -Wl,--trace"
		for l in $(grep -oE '(^| )-l[^ ]+' <<<"$cmd"); do
			l=${l#-l}
			lib=$($first -print-file-name="lib$l.so")
			[[ $lib == /* ]] || lib=$($first -print-file-name="lib$l.a")
			if [[ $lib == /* ]]; then
				realpath "$lib" >>"$paths"
			else
				err "-l$l of ${f#"$obj"/}: no lib$l.so or lib$l.a"
			fi
		done
	fi
	if (cd "$obj" && sh -c "$run") >"$tmp/$nrun.trace" 2>"$tmp/$nrun.err" </dev/null; then
		[ -f "$tmp/$nrun.d" ] && depfile "$tmp/$nrun.d"
		tracefile "$tmp/$nrun.trace"
	else
		err "the command of ${f#"$obj"/} fails when run again: $(head -3 "$tmp/$nrun.err")"
	fi
done < <(sed -n 's/^C //p' "$tmp/cmds")

# 2. tools/kmsg, cross-compiled and linked -static as `make build` does
#    (with scripts/kmsg-json.c and kmsg-format.c, two of its objects).
nsrc=0
mkdir -p "$tmp/kmsg"
for c in "$top"/tools/kmsg/*.c "$top"/scripts/kmsg-json.c "$top"/scripts/kmsg-format.c; do
	nsrc=$((nsrc + 1))
	o=$tmp/kmsg/$(basename "$c" .c).o
	if ! ${cross}gcc -O2 -g -Wall -Wextra -std=gnu11 -MD -MF "$o.d" \
			-c -o "$o" "$c" 2>"$o.err"; then
		err "${cross}gcc cannot compile ${c#"$top"/}: $(grep -m1 error "$o.err")"
		continue
	fi
	depfile "$o.d"
done
if ${cross}gcc -static -o "$tmp/kmsg/kmsg" "$tmp"/kmsg/*.o -Wl,--trace \
		>"$tmp/kmsg/trace" 2>"$tmp/kmsg/err"; then
	tracefile "$tmp/kmsg/trace"
else
	err "${cross}gcc -static cannot link tools/kmsg: $(grep -m1 -v '^/' "$tmp/kmsg/err")"
fi

# 3. scripts/kmsg-*.c with the host compiler.
for c in "$top"/scripts/kmsg-*.c; do
	nsrc=$((nsrc + 1))
	d=$tmp/$(basename "$c").d
	if gcc -std=gnu11 -I"$top/scripts" -E -MD -MF "$d" -o /dev/null "$c" 2>"$d.err"; then
		depfile "$d"
	else
		err "gcc cannot preprocess ${c#"$top"/}: $(grep -m1 error "$d.err")"
	fi
done

# 4. The compilers and binutils.
for cc in gcc "${cross}gcc"; do
	prog "$cc"
	for p in cc1 collect2 as ld; do prog "$($cc -print-prog-name=$p)"; done
done
prog "${cross}as"
prog "${cross}ld"
for p in $(type -P gcc "${cross}gcc" "${cross}as" "${cross}ld"); do
	realpath "$p" >>"$paths"
done
# The compile cache every kernel and tool build goes through (ws/vars.sh:
# the compilers of build/ccache-bin are links to it).
ccbin=$(. "$top/ws/vars.sh" && echo "$CCACHE_BIN")
if [ -n "$ccbin" ]; then
	for p in "$ccbin"/*; do
		realpath "$p" >>"$paths"
	done
fi

# 5. Paths outside the tree, build/obj and our temporary folder, to
# packages.  dpkg knows each file by the path its package ships: try the
# path without "..", its target if it is a symbolic link (the link's
# package and the target's are both used), and each with and without /usr
# (the /usr merge: /lib -> usr/lib).
grep -v -e "^$top/" -e "^$obj/" -e "^$tmp/" "$paths" | sort -u | tr '\n' '\0' |
	xargs -0 -r realpath -ms | grep -v -e "^$top/" -e "^$obj/" -e "^$tmp/" |
	sort -u >"$tmp/used-files"
nfiles=$(wc -l <"$tmp/used-files")
tr '\n' '\0' <"$tmp/used-files" | xargs -0 -r realpath -m |
	paste -d' ' "$tmp/used-files" - >"$tmp/real"
while read -r p r; do
	[ -e "$p" ] || { err "$p is used but does not exist"; continue; }
	for q in "$p" "$r"; do
		echo "$p $q"
		case $q in
		/usr/bin/* | /usr/sbin/* | /usr/lib/* | /usr/lib64/* | /usr/lib32/*) echo "$p ${q#/usr}" ;;
		/bin/* | /sbin/* | /lib/* | /lib64/* | /lib32/*) echo "$p /usr$q" ;;
		esac
	done
done <"$tmp/real" | sort -u >"$tmp/cand"

cut -d' ' -f2 "$tmp/cand" | sort -u | xargs -r dpkg-query -S 2>/dev/null |
	grep -v '^diversion by ' >"$tmp/owners"
native=$(dpkg --print-architecture)
# "pkg1:amd64, pkg2: /path" -> "/path pkg" lines: a package of the native
# architecture (or of none) loses its ":arch"; a foreign one keeps it, and
# counts only when no native package owns the path.
awk -v native="$native" '{
	i = index($0, ": "); path = substr($0, i + 2)
	n = split(substr($0, 1, i - 1), owners, ", "); best = ""
	for (k = 1; k <= n; k++) {
		o = owners[k]; sub(":(" native "|all)$", "", o)
		if (o !~ /:/) { if (best == "" || best ~ /:/) best = o }
		else if (best == "") best = o
	}
	print path, best
}' "$tmp/owners" | sort -u >"$tmp/owned"
# "PKG PATH" for each owner of each candidate of a used path.
awk 'NR == FNR { owner[$1] = $2; next }
     ($2 in owner) { print owner[$2], $1; found[$1] = 1 }
     { all[$1] = 1 }
     END { for (p in all) if (!(p in found)) print "?", p }' \
	"$tmp/owned" "$tmp/cand" | sort -u >"$tmp/map"
while read -r _ p; do
	err "$p belongs to no package"
done < <(grep '^? ' "$tmp/map")
grep -v '^? ' "$tmp/map" >"$tmp/used"

npkg=$(cut -d' ' -f1 "$tmp/used" | sort -u | wc -l)
echo "# used-packages: $ncmd .cmd files (commands of $nrun run again)," \
	"$nsrc sources, $nfiles files outside the tree, $npkg packages" >&2
if [ -n "$map" ]; then
	cat "$tmp/used"
else
	cut -d' ' -f1 "$tmp/used" | sort -u
fi
[ "$errors" -eq 0 ]
