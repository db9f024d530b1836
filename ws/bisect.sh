#!/bin/bash
# Prove that the series of `make patches` (build/patches) bisects: apply
# it patch by patch to pristine Linux 6.12 and build the s390x guest
# configuration after each one, with CONFIG_KMSG_CATALOG=y and =n
# (tinyconfig + kernel/configs/kmsg_guest*.config + the selftests' config,
# CONFIG_KMSG_IDS=y), then boot the last =y build.  Host sources of
# kmsg-gen that are in the tree but not yet built by kbuild are compiled
# on their own (gcc -fsyntax-only -Wall -Wextra -Werror).  A patch that
# touches no input of a build (no file its .cmd files name, no Kconfig,
# Makefile or header) is not rebuilt: kbuild would do nothing.
# Prints one line per patch and a summary; exits 1 if any step failed.
#
#   ws/bisect.sh [PATCH_DIR]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
export ARCH=s390
. "$top/ws/vars.sh"
pdir=${1:-$top/build/patches}
b=$top/build/bisect
src=$b/linux
ls "$pdir"/[0-9]*.patch >/dev/null 2>&1 || { echo "bisect: no patches in $pdir; run make patches" >&2; exit 2; }

# A pristine tree under git, reset for each run (made again if a run was
# cut short before its first commit).
if ! git -C "$src" rev-parse -q --verify refs/tags/pristine >/dev/null 2>&1; then
	rm -rf "$b"
	mkdir -p "$b"
	tar -xf "$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)" -C "$b"
	mv "$b/linux-source-6.12" "$src"
	git -C "$src" init -q
	git -C "$src" add -A -f	# Debian's tree ignores "/*"
	git -C "$src" -c user.name=bisect -c user.email=bisect@localhost commit -qm pristine &&
		git -C "$src" tag pristine || { echo "bisect: cannot make the pristine tree in $src" >&2; exit 2; }
fi
git -C "$src" am --abort >/dev/null 2>&1
git -C "$src" checkout -qf pristine
git -C "$src" clean -qfdx

frags="$src/kernel/configs/tiny-base.config $top/kernel/configs/kmsg_guest.config"
frags="$frags $top/kernel/configs/kmsg_guest_s390.config $top/tools/testing/selftests/kmsg/config"
bmake() { ccpath make -s -C "$src" O="$1" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" "${@:2}"; }
configure() {	# configure OUT y|n
	mkdir -p "$1"
	{ cat $frags; echo "CONFIG_KMSG_IDS=y"; echo "CONFIG_KMSG_CATALOG=$2"; } > "$1/bisect.config"
	bmake "$1" KCONFIG_ALLCONFIG="$1/bisect.config" allnoconfig >/dev/null 2>&1
}
# needs_build OUT FILES...: does any file feed the build in OUT?
needs_build() {
	local o=$1 f
	shift
	[ -f "$o/vmlinux" ] || return 0
	for f in "$@"; do
		case $f in
		*Kconfig* | *Makefile* | *.h | *.lds* | scripts/* | init/* | kernel/*) return 0 ;;
		esac
		grep -rqsF --include='.*.cmd' "$f" "$o" && return 0
	done
	return 1
}

fails=0 n=0 built=0
log=$b/log
: > "$log"
for p in "$pdir"/[0-9]*.patch; do
	name=$(basename "$p")
	[ "${name%%-*}" = 0000 ] && continue
	n=$((n + 1))
	if ! git -C "$src" -c user.name=bisect -c user.email=bisect@localhost am -q "$p" >>"$log" 2>&1; then
		echo "FAIL  $name: does not apply"
		fails=$((fails + 1))
		break
	fi
	files=$(git -C "$src" diff --name-only HEAD~1 HEAD)
	line="$name:"
	for v in y n; do
		o=$b/obj-$v
		if needs_build "$o" $files; then
			configure "$o" $v
			if bmake "$o" >>"$log" 2>&1; then
				line="$line CATALOG=$v ok"
				built=$((built + 1))
			else
				line="$line CATALOG=$v FAIL"
				fails=$((fails + 1))
			fi
		else
			line="$line CATALOG=$v unchanged"
		fi
	done
	for c in "$src"/scripts/kmsg-*.c; do
		[ -f "$c" ] || continue
		if ! gcc -fsyntax-only -Wall -Wextra -Werror -I"$src/scripts" "$c" >>"$log" 2>&1; then
			line="$line $(basename "$c")=FAIL"
			fails=$((fails + 1))
		fi
	done
	echo "$line"
done

# The tree at the end boots and registers its catalog.
if [ $fails -eq 0 ]; then
	out=$(KSRC=$src KOUT=$b/obj-y "$top/ws/guest.sh" -t 300 \
		'test -d /sys/kernel/kmsg/xpram/1 && echo booted-with-catalog' 2>>"$log")
	if [ "$out" = booted-with-catalog ]; then
		echo "boot: the last CONFIG_KMSG_CATALOG=y build boots and has xpram's entries"
	else
		echo "FAIL  boot of the last build"
		fails=$((fails + 1))
	fi
fi
echo "bisect: $n patches, $built builds, $fails failures (log: $log)"
[ $fails -eq 0 ]
