#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot time and memory of the catalog kernel, for ws/bench.sh:

  ws/bench-boot-figures.py BOOT_OUTPUT

BOOT_OUTPUT holds the guests' "boot cat|off UPTIME MEM_KB ENTRIES" lines
(time to user space, Slab + VmallocUsed after drop_caches, entries
registered), with CONFIG_KMSG_CATALOG=y (cat) and =n (off).  Prints two
rows, "boot|VALUE|NOTES" and "mem|VALUE|NOTES": min/median/max boot
times and their ratio, and the median memory difference, also per
registered entry.
"""
import sys
v = {"cat": [], "off": []}
for l in open(sys.argv[1]):
    p = l.split()
    if p and p[0] == "boot":
        v[p[1]].append((float(p[2]), int(p[3]), int(p[4])))
med = lambda x: sorted(x)[len(x) // 2]
c, o = v["cat"], v["off"]
tc, to = [x[0] for x in c], [x[0] for x in o]
mc, mo = med([x[1] for x in c]), med([x[1] for x in o])
n = c[0][2]
print("boot|%.2f/%.2f/%.2f s vs %.2f/%.2f/%.2f s, ratio of medians %.3f|min/median/max of %d boots each, QEMU TCG, time to user space" % (
    min(tc), med(tc), max(tc), min(to), med(to), max(to), med(tc) / med(to), len(tc)))
print("mem|%d kB vs %d kB: %+d kB, %d bytes per registered entry|Slab+VmallocUsed after boot and drop_caches, medians; %d entries registered at boot" % (
    mc, mo, mc - mo, (mc - mo) * 1024 // max(n, 1), n))
