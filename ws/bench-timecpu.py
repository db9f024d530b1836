#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wall-clock and CPU seconds of a command, for ws/bench.sh:

  ws/bench-timecpu.py REPS COMMAND [ARG]...

Runs COMMAND REPS times, its output thrown away, and prints
"wall-min wall-median wall-max cpu-min cpu-median" in seconds, the CPU
time being the command's user + system time.  Exit status 1 as soon as
a run fails.
"""
import os, sys, time
reps, cmd = int(sys.argv[1]), sys.argv[2:]
wall, cpu = [], []
for _ in range(reps):
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.execvp(cmd[0], cmd)
    _, status, ru = os.wait4(pid, 0)
    wall.append(time.perf_counter() - t)
    cpu.append(ru.ru_utime + ru.ru_stime)
    if status:
        sys.exit(1)
wall.sort()
cpu.sort()
print("%.4f %.4f %.4f %.4f %.4f" % (wall[0], wall[len(wall) // 2], wall[-1], cpu[0], cpu[len(cpu) // 2]))
