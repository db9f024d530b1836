#!/bin/bash
# What stays after removing a module with a 10,000-entry catalog, on the
# debug kernel (build/obj-debug, made by tests/35-debug-kernel.sh): the
# Slab+VmallocUsed figure before, loaded and after rmmod, the caches whose
# slabs grew (capacity and objects in use, from /proc/slabinfo), and what
# kmemleak reports.  Not part of make check (about 4 minutes).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
export KOUT=${KOUT:-$top/build/obj-debug}
. "$top/ws/vars.sh"
d=$top/build/leak10k
rm -rf "$d"
mkdir -p "$d/extra"
python3 "$top/ws/bench-gen.py" module "$d/mod" 10000
kmake M="$d/mod" modules > "$d/build.log" 2>&1 || { cat "$d/build.log"; exit 1; }
cp "$d/mod/bench_10000.ko" "$d/extra/"
cat > "$d/extra/run.sh" <<'G'
mem() { awk '/^Slab:|^VmallocUsed:/ { s += $2 } END { print s }' /proc/meminfo; }
slabs() { awk 'NR > 2 { print $1, $3 * $4, $2 * $4 }' /proc/slabinfo | sort > $1; }
settle() { echo 3 > /proc/sys/vm/drop_caches; sleep 2; echo 3 > /proc/sys/vm/drop_caches; }
km=/sys/kernel/debug/kmemleak
settle; slabs /tmp/s0; m0=$(mem)
insmod /extra/bench_10000.ko
echo "entries $(ls /sys/kernel/kmsg/bench | wc -l)"
settle; m1=$(mem)
rmmod bench_10000
settle; slabs /tmp/s2; m2=$(mem)
echo "Slab+VmallocUsed kB: before $m0, loaded $m1, after rmmod $m2 (stays $((m2 - m0)))"
echo "caches whose slabs grew by 16 KiB or more: cache, growth of slab capacity, growth of objects in use (bytes)"
awk 'NR == FNR { b[$1] = $2; a[$1] = $3; next } $2 - b[$1] >= 16384 { print "  " $1, $2 - b[$1], $3 - a[$1] }' /tmp/s0 /tmp/s2
sleep 6; echo scan > $km; echo scan > $km
echo "kmemleak: $(grep -c '^unreferenced object' $km) unreferenced objects"
G
"$top/ws/guest.sh" -t 900 -x "$d/extra" 'sh /extra/run.sh'
