#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wall-clock seconds of a command, for ws/bench.sh:

  ws/bench-timeit.py REPS COMMAND [ARG]...

Runs COMMAND REPS times, its output thrown away, and prints the wall-clock
seconds of the runs as "min median max".  A run that fails ends it with
a traceback and exit status 1.
"""
import subprocess, sys, time
reps, cmd = int(sys.argv[1]), sys.argv[2:]
ts = []
for _ in range(reps):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    ts.append(time.perf_counter() - t)
ts.sort()
print("%.4f %.4f %.4f" % (ts[0], ts[len(ts) // 2], ts[-1]))
