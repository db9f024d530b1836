#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where the catalog's module load time goes, for ws/bench.sh:

  ws/bench-load-split.py GUEST_OUTPUT BATCH ENTRIES

GUEST_OUTPUT holds the guest's "load cat|rej|nocat T0 T1" lines, T0 and
T1 /proc/uptime before and after BATCH loads and unloads of the module
with its catalog (cat), with a catalog the kernel rejects (rej) and
without one (nocat); ENTRIES is the number of entries of the catalog.
Prints, from the medians, the time the catalog adds to a load+unload,
split into publication (also per entry) and reading and validating.
"""
import sys
batch, n = int(sys.argv[2]), int(sys.argv[3])
t = {}
for l in open(sys.argv[1]):
    p = l.split()
    if p and p[0] == "load":
        t.setdefault(p[1], []).append((float(p[3]) - float(p[2])) / batch * 1000)
med = lambda v: sorted(v)[len(v) // 2]
c, r, o = med(t["cat"]), med(t["rej"]), med(t["nocat"])
print("of the %.1f ms the catalog adds: publication %.1f ms (%.0f us an entry), reading and validating the section %.1f ms" % (
    c - o, c - r, (c - r) * 1000 / n, r - o))
