#!/bin/bash
# Compile tests/kbuild/zc_kmsg.c, zc_printk.c and zc_plain.c (the same
# calls through kmsg_*(), through the printk() they stand for in this
# configuration, and through printk() without ids) against the kernel in
# $KOUT.  zc_kmsg.o must equal zc_printk.o byte for byte, as obj_image
# of ws/objimage.sh shows them (disassembly with relocations, every
# relocation record, the header and bytes of every section, except the
# call-site records that the final link discards).  Prints unnumbered TAP lines, labelled with $1, and the
# byte counts as comments.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/objimage.sh"
label=${1:-$(grep -q '^CONFIG_KMSG_IDS=y' "$KOUT/.config" && echo ids || echo no-ids)}
d=$top/build/test-zero-cost-${KOUT##*/}	# one per build: suites that run side by side use several
rm -rf "$d"
mkdir -p "$d"
cp "$top"/tests/kbuild/zc_* "$d/"
echo "obj-m := zc_kmsg.o zc_printk.o zc_plain.o" > "$d/Kbuild"
kmake M="$d" modules >"$d/build.log" 2>&1 || { sed 's/^/# /' "$d/build.log"; echo "not ok - $label: zero-cost objects build"; exit 1; }

# The sections of an object that ws/objimage.sh compares
sections() {
	${CROSS_COMPILE}readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' |
		grep -vE "$obj_image_skip|^NULL$|^$"
}
size() {
	local s t=0
	for s in $(sections "$d/$1.o" | grep -E "$2"); do
		${CROSS_COMPILE}objcopy -O binary --only-section="$s" "$d/$1.o" "$d/sect"
		t=$((t + $(stat -c %s "$d/sect")))
	done
	echo $t
}
obj_image "$d/zc_kmsg.o" > "$d/kmsg.img"
obj_image "$d/zc_printk.o" > "$d/printk.img"
echo "# .text: kmsg $(size zc_kmsg '^\.text') bytes, printk $(size zc_printk '^\.text') bytes"
rk=$(size zc_kmsg '^\.rodata') rp=$(size zc_plain '^\.rodata')
echo "# .rodata: kmsg $rk bytes, printk without ids $rp bytes (delta $((rk - rp)))"
if [ "$(size zc_kmsg '^\.text')" -gt 0 ] && diff -u "$d/printk.img" "$d/kmsg.img" > "$d/diff"; then
	echo "ok - $label: kmsg_*() calls compile to the same object as printk(): code, relocations, strings"
else
	head -n 30 "$d/diff" | sed 's/^/# /'
	echo "not ok - $label: kmsg_*() calls compile to the same object as printk(): code, relocations, strings"
fi
# Without ids the kmsg calls are the plain ones, strings and all.  With
# ids (whose device lines also name the driver) the difference is only
# reported: the first check already compares them with what they stand for.
if grep -q '^CONFIG_KMSG_IDS=y' "$KOUT/.config"; then
	echo "# with ids the format strings grow by $((rk - rp)) bytes (the tags, and the driver and device of device lines)"
elif [ $((rk - rp)) -eq 0 ]; then
	echo "ok - $label: without ids the format strings are those of the plain calls (delta 0 bytes)"
else
	echo "not ok - $label: without ids the format strings are those of the plain calls (delta $((rk - rp)) bytes)"
fi
