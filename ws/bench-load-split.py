#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where the catalog's module load time goes, for ws/bench.sh:

  ws/bench-load-split.py GUEST_OUTPUT BATCH ENTRIES

GUEST_OUTPUT holds the guest's "load VARIANT T0 T1" lines, T0 and T1
/proc/uptime before and after BATCH loads and unloads of the module with
its catalog (cat), with the same section renamed so that the kernel
loads its bytes but does not look at them (ren), with a catalog the
kernel rejects after validating all of it (rej) and without the section
(nocat); ENTRIES is the number of entries of the catalog.  Prints, from
the medians, the time the catalog adds to a load+unload, split into
loading the section's bytes, validating them and publishing the entries.
"""
import sys
batch, n = int(sys.argv[2]), int(sys.argv[3])
t = {}
for l in open(sys.argv[1]):
    p = l.split()
    if p and p[0] == "load":
        t.setdefault(p[1], []).append((float(p[3]) - float(p[2])) / batch * 1000)
med = lambda v: sorted(v)[len(v) // 2]
c, r, b, o = (med(t[k]) for k in ("cat", "rej", "ren", "nocat"))
print("of the %.1f ms the catalog adds: loading the section's bytes %.1f ms, "
      "validating them %.1f ms, publication %.1f ms (%.2f us an entry)" % (
          c - o, b - o, r - b, c - r, (c - r) * 1000 / n))
