#!/bin/bash
# "Off means off": with CONFIG_KMSG_IDS=n, every converted file compiles
# to the same code and the same strings as the file of pristine 6.12.
#   tests/ids-off/off-means-off.sh BASE OFF
# BASE is a configuration of ws/kconfigs.sh whose build says which files
# are compiled (every converted .c file with an object there is checked);
# OFF is the same configuration with CONFIG_KMSG_IDS=n, in which both the
# converted file and its pristine version (the copy quilt keeps in
# build/linux/.pc from before the first patch that touched it, given the
# conversion's "#include <linux/kmsg.h>" at the same place) are compiled
# with kbuild's own command for the object.  __LINE__ is 0 in both (lines
# moved by the descriptions may differ, nothing else), both keep the
# source's order of functions and data (-fno-toplevel-reorder: the
# records are variables that would otherwise change the order GCC emits
# functions in), the sections are compared in the order of their names,
# and the serial numbers __COUNTER__ gives symbol names are ignored.
# Compared: obj_image of ws/objimage.sh (disassembly with relocations,
# every relocation record, the header and the bytes of every section,
# except the call-site records, which the link discards, debug
# information and the symbol table).
# Prints an unnumbered TAP line per file, and the count.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/ws/kconfigs.sh"
[ $# -eq 2 ] || { echo "usage: $0 BASE OFF (configurations of ws/kconfigs.sh)" >&2; exit 2; }
base=$1 off=$2
kconfig "$base" || exit 2
base_out=$KOUT
. "$top/ws/vars.sh"
. "$top/ws/objimage.sh"
d=$top/build/test-off-${off}
rm -rf "$d"
mkdir -p "$d/pristine" "$d/obj"

"$top/ws/kbuild.sh" "$base" > "$d/base.log" 2>&1 ||
	{ sed 's/^/# /' "$d/base.log" | tail -n 20; echo "not ok - the $base configuration builds"; exit 1; }

# The pristine files: of each file the series changes, the copy from
# before the first patch that touched it (an empty copy: a new file).
while read -r p; do
	(cd "$KSRC/.pc/$p" && find . -type f -size +0 ! -name '.*') | while read -r f; do
		[ -e "$d/pristine/$f" ] || { mkdir -p "$d/pristine/$(dirname "$f")" &&
			cp "$KSRC/.pc/$p/$f" "$d/pristine/$f"; }
	done
done < "$KSRC/.pc/applied-patches"

# The converted files of BASE (ws/vars.sh converted_objects)
mapfile -t objs < <(converted_objects "$base_out")
[ ${#objs[@]} -gt 0 ] || { echo "not ok - $base has converted files"; exit 1; }

kconfig "$off" || exit 2
. "$top/ws/vars.sh"
# What both compiles of a file add to kbuild's command: __LINE__ is 0, the
# source's order is kept.  kbuild compiles the converted objects with them
# (KCFLAGS), so that its object is the converted file's side of the
# comparison and its command (.cmd) the one the pristine copy is compiled
# with; an object whose command does not take KCFLAGS (the boot stage's)
# is compiled again with them.
same="-Wno-builtin-macro-redefined -D__LINE__=0 -fno-toplevel-reorder"
# A file whose dead code GCC drops only when it may reorder (a static
# function calling BUILD_BUG() that nothing calls) does not build with
# -fno-toplevel-reorder: each function and variable gets its own section
# instead, which the comparison takes in the order of their names.
declare -A reorder=(
	[mm/page_alloc.o]=1
)
sections="-Wno-builtin-macro-redefined -D__LINE__=0 -ffunction-sections -fdata-sections"
keep=() own=()
for o in "${objs[@]}"; do
	if [ -n "${reorder[$o]:-}" ]; then own+=("$o"); else keep+=("$o"); fi
done
# kbuild's commands for the objects (kbuild.sh also configures the folder)
{ "$top/ws/kbuild.sh" "$off" KCFLAGS="$same" "${keep[@]}" &&
	{ [ ${#own[@]} -eq 0 ] || "$top/ws/kbuild.sh" "$off" "${own[@]}"; }; } > "$d/off.log" 2>&1 ||
	{ sed 's/^/# /' "$d/off.log" | tail -n 20; echo "not ok - the converted objects build in $off"; exit 1; }
if ! grep -q '^# CONFIG_KMSG_IDS is not set' "$KOUT/.config"; then
	echo "not ok - the $off configuration has CONFIG_KMSG_IDS=n"
	exit 1
fi

# compile OBJ SOURCE OUT: kbuild's command for OBJ, on SOURCE, into OUT;
# a header the source names in quotes is looked for next to it first (the
# pristine copy's own, if the series changed it), then in the tree's
# folder of OBJ (arch/s390/boot's decompressor.h, which no -I names);
# what the command runs after the compiler (x86's objtool) runs on OUT
compile() {
	local cmd after=
	cmd=$(sed -n "s|^savedcmd_$1 := ||p" "$KOUT/$(dirname "$1")/.$(basename "$1").cmd")
	[ -n "$cmd" ] || return 1
	if [[ $cmd == *" ; "* ]]; then
		after=" ; ${cmd#* ; }" cmd=${cmd%% ; *}
		after=${after% $1}" $3"
	fi
	cmd=${cmd//-Wp,-MMD,$(dirname "$1")\/.$(basename "$1").d/-Wp,-MMD,$3.d}
	cmd=${cmd/ -c -o $1 $KSRC\/${1%.o}.c/ -c -o $3 $2}
	# (ccache hands the compiler a relative path: both are mapped)
	(cd "$KOUT" && ccpath eval "$cmd ${flags:-$same} \
		-iquote $KSRC/$(dirname "$1") \
		-fmacro-prefix-map=$d/pristine/= \
		-fmacro-prefix-map=$(realpath -m --relative-to="$KOUT" "$d/pristine")/=$after") > "$3.log" 2>&1
}
# with_include C: the pristine C with the conversion's "#include
# <linux/kmsg.h>" after the same line as in the converted file, so that
# both see the headers in one order (with the source's order kept, the
# order headers define things in is the order they are emitted in); the
# header adds no code or data of its own, which the comparison shows
with_include() {
	local prev
	grep -q '^#include <linux/kmsg.h>' "$KSRC/$1" || return 0
	prev=$(awk '/^#include <linux\/kmsg.h>/ { print p; exit } { p = $0 }' "$KSRC/$1")
	awk -v prev="$prev" '
		!done && prev != "" && $0 == prev { print; print "#include <linux/kmsg.h>"; done = 1; next }
		!done && prev !~ /^#include/ && /^#include/ { print "#include <linux/kmsg.h>"; done = 1 }
		{ print }' "$d/pristine/$1" > "$d/pristine/$1.inc" && mv "$d/pristine/$1.inc" "$d/pristine/$1"
}
# The one known difference: a printk(KERN_<LEVEL>) call, which pristine
# 6.12 printed without the file's pr_fmt() prefix, prints it once
# converted, like every kmsg_<level>() call.  For such a file the claim is
# that it compiles as the pristine file does with that call written as
# pr_<level>(): the substitution below is made to the pristine copy.
declare -A known=(
	[drivers/s390/net/ctcm_sysfs.c]='s/printk(KERN_INFO "Statistics for/pr_info("Statistics for/|ctcm.24 prints "ctcm: " before "Statistics for", as pr_info() does; its printk(KERN_INFO) had no prefix'
)
good=0
for o in "${objs[@]}"; do
	c=${o%.o}.c
	with_include "$c"
	but=
	if [ -n "${known[$c]:-}" ]; then
		cp "$d/pristine/$c" "$d/pristine/$c.orig"
		sed -i "${known[$c]%%|*}" "$d/pristine/$c"
		if cmp -s "$d/pristine/$c" "$d/pristine/$c.orig"; then
			echo "not ok - $c: the known difference ($c in tests/ids-off/off-means-off.sh) is not in the pristine file"
			continue
		fi
		rm -f "$d/pristine/$c.orig"
		but=", but for one difference: ${known[$c]#*|}"
	fi
	mkdir -p "$d/obj/$(dirname "$o")"
	flags=$same
	[ -z "${reorder[$o]:-}" ] || flags=$sections
	if grep -q -- " -fno-toplevel-reorder " "$KOUT/$(dirname "$o")/.$(basename "$o").cmd"; then
		new_object() { cp "$KOUT/$o" "$d/obj/$o.new"; }
	else
		new_object() { compile "$o" "$KSRC/$c" "$d/obj/$o.new"; }
	fi
	if ! new_object || ! compile "$o" "$d/pristine/$c" "$d/obj/$o.old"; then
		echo "not ok - $c compiles as converted and as pristine 6.12 ($d/obj/$o.*.log)"
		continue
	fi
	if diff <(obj_image "$d/obj/$o.old") <(obj_image "$d/obj/$o.new") > "$d/obj/$o.diff"; then
		echo "ok - $c: with ids off, the same code and strings as pristine 6.12$but"
		good=$((good + 1))
	else
		head -n 12 "$d/obj/$o.diff" | sed 's/^/# /'
		echo "not ok - $c: with ids off, the same code and strings as pristine 6.12 ($d/obj/$o.diff)"
	fi
done
echo "# $good of ${#objs[@]} converted files of $base compile with ids off as pristine 6.12 does"
