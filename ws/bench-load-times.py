#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Module load times of a bench guest, for ws/bench.sh:

  ws/bench-load-times.py GUEST_OUTPUT BATCH [VARIANT]

GUEST_OUTPUT holds the guest's "load VARIANT T0 T1" lines, T0 and
T1 /proc/uptime before and after BATCH loads and unloads of the module
with (cat) and without (nocat) its catalog.  Prints the time of one
load+unload as "min/median/max ms vs min/median/max ms, ratio of medians
R", VARIANT (cat if not given) vs nocat.
"""
import sys
batch = int(sys.argv[2])
t = {}
for l in open(sys.argv[1]):
    p = l.split()
    if p and p[0] == "load":
        t.setdefault(p[1], []).append((float(p[3]) - float(p[2])) / batch * 1000)
med = lambda v: sorted(v)[len(v) // 2]
c, n = t[sys.argv[3] if len(sys.argv) > 3 else "cat"], t["nocat"]
print("%.0f/%.0f/%.0f ms vs %.0f/%.0f/%.0f ms, ratio of medians %.2f" % (
    min(c), med(c), max(c), min(n), med(n), max(n), med(c) / max(med(n), 0.01)))
