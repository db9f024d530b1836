#!/bin/bash
# Compile tests/kbuild/zc_kmsg.c and zc_printk.c (the same calls through
# kmsg_*() and through printk()) against the kernel in $KOUT and compare
# their .text.  Prints one TAP line per comparison (numbered from $2) and
# the byte counts.  With $1 = strict, .rodata must match too (IDS=n).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
mode=$1 n=$2
d=$top/build/test-zero-cost
rm -rf "$d"
mkdir -p "$d"
cp "$top"/tests/kbuild/zc_* "$d/"
echo "obj-m := zc_kmsg.o zc_printk.o" > "$d/Kbuild"
kmake M="$d" modules >"$d/build.log" 2>&1 || { cat "$d/build.log"; echo "not ok $n - zero-cost objects build"; exit 1; }
sect() {
	${CROSS_COMPILE}objcopy -O binary --only-section="$2" "$d/$1.o" "$d/$1$2.bin" 2>/dev/null
	cat "$d/$1$2.bin" 2>/dev/null
}
text_k=$(sect zc_kmsg .text | md5sum) text_p=$(sect zc_printk .text | md5sum)
size_k=$(sect zc_kmsg .text | wc -c)
rel() { ${CROSS_COMPILE}readelf -rW "$d/$1.o" | awk '/R_390/ { print $3 }' | sort | uniq -c; }
echo "# .text: kmsg $size_k bytes, printk $(sect zc_printk .text | wc -c) bytes"
ro_k=0 ro_p=0
for s in $(${CROSS_COMPILE}readelf -SW "$d/zc_kmsg.o" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\.rodata/) print $i }' | sort -u); do
	ro_k=$((ro_k + $(sect zc_kmsg "$s" | wc -c)))
	ro_p=$((ro_p + $(sect zc_printk "$s" | wc -c)))
done
echo "# .rodata: kmsg $ro_k bytes, printk $ro_p bytes (delta $((ro_k - ro_p)))"
if [ "$text_k" = "$text_p" ] && [ "$size_k" -gt 0 ] && [ "$(rel zc_kmsg)" = "$(rel zc_printk)" ]; then
	echo "ok $n - $mode: kmsg_*() calls compile to the same .text and relocations as printk()"
else
	echo "not ok $n - $mode: kmsg_*() calls compile to the same .text and relocations as printk()"
fi
if [ "$mode" = strict ]; then
	n=$((n + 1))
	if [ "$ro_k" -eq "$ro_p" ]; then
		echo "ok $n - $mode: and to the same format strings"
	else
		echo "not ok $n - $mode: and to the same format strings"
	fi
else
	n=$((n + 1))
	if [ "$ro_k" -gt "$ro_p" ] && [ $((ro_k - ro_p)) -le 8 ]; then
		echo "ok $n - $mode: only the format strings grow, by the ids ($((ro_k - ro_p)) bytes)"
	else
		echo "not ok $n - $mode: only the format strings grow, by the ids ($((ro_k - ro_p)) bytes)"
	fi
fi
