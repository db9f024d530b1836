#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Rebuild times after touching xpram.c, for ws/bench.sh:

  ws/bench-rebuild-times.py REPS TOP KSRC KOUT NOCAT JOBS

REPS rounds of three builds, each after touching
TOP/drivers/s390/block/xpram.c: make in KOUT, make D=1 in KOUT and make
in NOCAT (the same configuration with CONFIG_KMSG_CATALOG=n), in the
source tree KSRC with -jJOBS.  Prints a line a build:
"NAME|min / median / max s|ratio to CONFIG_KMSG_CATALOG=n R".  A build
that fails ends it with a traceback and exit status 1.
"""
import subprocess, sys, time
reps = int(sys.argv[1])
top, ksrc, kout, nocat, jobs = sys.argv[2:7]
runs = {"make": (kout, ""), "make D=1": (kout, "D=1"), "CONFIG_KMSG_CATALOG=n": (nocat, "")}
t = {k: [] for k in runs}
for _ in range(reps):
    for name, (out, flag) in runs.items():
        start = time.perf_counter()
        subprocess.run(["bash", "-c", 'touch "%s/drivers/s390/block/xpram.c"; make -s -C "%s" O="%s" ARCH=s390 CROSS_COMPILE=s390x-linux-gnu- -j%s %s >/dev/null 2>&1' % (top, ksrc, out, jobs, flag)], check=True)
        t[name].append(time.perf_counter() - start)
med = lambda v: sorted(v)[len(v) // 2]
for name in runs:
    v = t[name]
    print("%s|%.2f / %.2f / %.2f s|ratio to CONFIG_KMSG_CATALOG=n %.3f" % (name, min(v), med(v), max(v), med(v) / med(t["CONFIG_KMSG_CATALOG=n"])))
