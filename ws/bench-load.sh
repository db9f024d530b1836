#!/bin/bash
# A module loaded and unloaded in a guest, four ways side by side, for
# make bench: cat (with its catalog), ren (the section renamed: its bytes
# loaded, never read), rej (the last entry's level out of range: the
# catalog read and validated whole, then rejected) and nocat (without the
# section); its dependencies are loaded once before (modprobe).
#   ws/bench-load.sh DIR MODULE.ko NAME LOADS ROUNDS [COMPONENT]
# The guest is that of KOUT and ARCH (ws/vars.sh).  DIR/out gets
# "entries N" (its lines in /proc/kmsg_catalog), "mem M0 M1 M2 M3 M4 M5
# S1 S3" (Slab+VmallocUsed in kB before and after insmod of nocat, of cat,
# after rmmod of cat; M5: with cat loaded and every entry of COMPONENT
# listed; S1, S3: the module's size in /proc/modules) and, ROUNDS times, a
# line "load VARIANT T0 T1" a variant, /proc/uptime around LOADS loads.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
[ $# -ge 5 ] || { echo "usage: ws/bench-load.sh DIR MODULE.ko NAME LOADS ROUNDS [COMPONENT]" >&2; exit 2; }
d=$1 ko=$2 m=$3 loads=$4 rounds=$5 comp=${6:-}
rm -rf "$d"
mkdir -p "$d/x"
${CROSS_COMPILE}strip --strip-debug -o "$d/x/cat.ko" "$ko"
${CROSS_COMPILE}objcopy -R .kmsg_catalog "$d/x/cat.ko" "$d/x/nocat.ko"
${CROSS_COMPILE}objcopy --rename-section .kmsg_catalog=.kmsg_renamed "$d/x/cat.ko" "$d/x/ren.ko"
"$top/ws/bench.py" reject "$d/x/cat.ko" "$d/x/rej.ko"
cat > "$d/x/run.sh" <<RUN
mem() { awk '/^Slab:|^VmallocUsed:/ { s += \$2 } END { print s }' /proc/meminfo; }
up() { cut -d' ' -f1 /proc/uptime; }
size() { awk '\$1 == "$m" { print \$2 }' /proc/modules; }
drop() { echo 3 > /proc/sys/vm/drop_caches; }
modprobe $m 2>/dev/null; rmmod $m 2>/dev/null
dmesg -n 1
insmod nocat.ko; rmmod $m; drop
m0=\$(mem); insmod nocat.ko; m1=\$(mem); s1=\$(size); rmmod $m; drop
m2=\$(mem); insmod cat.ko; m3=\$(mem); s3=\$(size)
echo entries \$(grep -c " $m " /proc/kmsg_catalog)
[ -z "$comp" ] || ls /sys/kernel/kmsg/$comp > /dev/null
m5=\$(mem); rmmod $m; drop; m4=\$(mem)
echo mem \$m0 \$m1 \$m2 \$m3 \$m4 \$m5 \$s1 \$s3
r=0
while [ \$r -lt $rounds ]; do
	for v in nocat ren rej cat; do
		t0=\$(up) i=0
		while [ \$i -lt $loads ]; do insmod \$v.ko; rmmod $m; i=\$((i + 1)); done
		echo load \$v \$t0 \$(up)
	done
	r=\$((r + 1))
done
RUN
"$top/ws/guest.sh" -t 900 -x "$d/x" 'sh run.sh' > "$d/out"
