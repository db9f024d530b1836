#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Load and unload two modules of one component many times while readers
# loop over every catalog file and the listing.  The guest fails on any
# oops or WARN; here the catalog must end as it began, and slab usage
# must come back to its starting level (within 256 KiB of noise).

. "$(dirname "$0")/functions.sh"

cycles=${KMSG_STRESS_CYCLES:-200}
ktap_print_header
ktap_set_plan 3

slab() { awk '/^Slab:/ { print $2 }' /proc/meminfo; }
listing_before=$(cat $PROCFS)
slab_before=$(slab)

reader() {
	while [ ! -e /tmp/stop-readers ]; do
		cat $SYSFS/*/*/* $PROCFS >/dev/null 2>&1
	done
}
rm -f /tmp/stop-readers
reader & r1=$!
reader & r2=$!

fails=0
i=0
while [ $i -lt $cycles ]; do
	insmod $MODDIR/test_kmsg_cat_a.ko || fails=$((fails + 1))
	insmod $MODDIR/test_kmsg_cat_b.ko || fails=$((fails + 1))
	rmmod test_kmsg_cat_a || fails=$((fails + 1))
	rmmod test_kmsg_cat_b || fails=$((fails + 1))
	i=$((i + 1))
done
touch /tmp/stop-readers
wait $r1 $r2

expect_eq "$cycles load/unload cycles of two modules with readers running" "$fails" 0
expect_eq "the listing is as before" "$(cat $PROCFS)" "$listing_before"
echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
slab_after=$(slab)
ktap_print_msg "slab before ${slab_before} kB, after ${slab_after} kB"
check "slab usage is back to its starting level" \
	[ $((slab_after - slab_before)) -lt 256 ]
ktap_finished
