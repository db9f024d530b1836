#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Load and unload two modules of one component many times while readers
# (KMSG_STRESS_READERS, 4) loop over every catalog file and the listing.  The guest fails on any
# oops or WARN; here the catalog must end as it began.  Leaks are judged
# by growth that scales with the cycles: after a warm-up (caches filled),
# the slab usage of the second half of the cycles must not grow by more
# than 128 bytes a cycle, an eighth of one leaked catalog entry (about
# 1 KiB).  The readers stop while the slab usage is measured, and it is
# read once it has settled: what they hold in flight and the frees
# deferred past their end are not a leak.
# On a kernel with kmemleak, kmemleak judges instead.

. "$(dirname "$0")/functions.sh"

cycles=${KMSG_STRESS_CYCLES:-200}
readers=${KMSG_STRESS_READERS:-4}
ktap_print_header
ktap_set_plan 3

# The slab usage once it has settled.  Frees that RCU and the kernel's
# workers defer after a burst of work land seconds later, in steps (on
# x86_64 under TCG, 200 cycles with readers left 440 kB that 15 s of idle
# gave back), so wait at least KMSG_SETTLE_MIN seconds (15), reading it
# every 3 s, until four readings in a row (9 s) have not gone below the
# lowest one by more than 8 kB; at most KMSG_SETTLE_MAX seconds (90).
# A leak does not fall back: it stays in the last reading.
slab() {
	low= cur= calm=0 waited=0
	while :; do
		echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
		cur=$(awk '/^Slab:/ { print $2 }' /proc/meminfo)
		if [ -z "$low" ] || [ "$cur" -lt $((low - 8)) ]; then
			calm=0
		else
			calm=$((calm + 1))
		fi
		[ -z "$low" ] || [ "$cur" -lt "$low" ] && low=$cur
		[ $calm -ge 3 ] && [ $waited -ge "${KMSG_SETTLE_MIN:-15}" ] && break
		[ $waited -ge "${KMSG_SETTLE_MAX:-90}" ] && break
		sleep 3
		waited=$((waited + 3))
	done
	echo "$cur"
}
listing_before=$(cat $PROCFS)

reader() {
	while [ ! -e /tmp/stop-readers ]; do
		cat $SYSFS/*/*/* $PROCFS >/dev/null 2>&1
	done
}
start_readers() {
	rm -f /tmp/stop-readers
	pids=
	r=0
	while [ $r -lt $readers ]; do
		reader &
		pids="$pids $!"
		r=$((r + 1))
	done
}
stop_readers() {
	touch /tmp/stop-readers
	wait $pids
}

fails=0 s=
# run N: N load/unload cycles of both modules
run() {
	i=0
	while [ $i -lt $1 ]; do
		insmod $MODDIR/test_kmsg_cat_a.ko || fails=$((fails + 1))
		insmod $MODDIR/test_kmsg_cat_b.ko || fails=$((fails + 1))
		rmmod test_kmsg_cat_a || fails=$((fails + 1))
		rmmod test_kmsg_cat_b || fails=$((fails + 1))
		i=$((i + 1))
	done
}
warm=$((cycles / 10))
[ $warm -ge 5 ] || warm=5
half=$(((cycles - warm + 1) / 2))
[ $half -ge 1 ] || half=1
for phase in $warm $half $half; do
	start_readers
	run $phase
	stop_readers
	s="$s $(slab)"
done
set -- $s
s0=$1 s1=$2 s2=$3
cycles=$((warm + 2 * half))

expect_eq "$cycles load/unload cycles of two modules with $readers readers running" "$fails" 0
expect_eq "the listing is as before" "$(cat $PROCFS)" "$listing_before"
ktap_print_msg "slab after the warm-up ${s0} kB, after $half more cycles ${s1} kB," \
	"after $half more ${s2} kB"
km=/sys/kernel/debug/kmemleak
if [ -w $km ]; then
	# a debug kernel: KASAN's quarantine and SLUB debugging blur the slab
	# figure, kmemleak says what is really lost
	sleep 6
	echo scan > $km
	echo scan > $km
	check "kmemleak finds no unreferenced object after the cycles" \
		[ "$(grep -c '^unreferenced object' $km)" -eq 0 ]
else
	check "the second $half cycles grow the slab by at most 128 bytes a cycle" \
		[ $(((s2 - s1) * 1024)) -le $((half * 128)) ]
fi
ktap_finished
