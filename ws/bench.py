#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The measuring and counting of ws/bench.sh and ws/bench-generic.sh:

  ws/bench.py time REPS COMMAND [ARG]...
      run COMMAND REPS times, output thrown away; print "wall-min
      wall-median wall-max cpu-min cpu-median" in seconds (CPU: user +
      system); exit 1 as soon as a run fails
  ws/bench.py load GUEST_OUTPUT BATCH [VARIANT]
      from the guest's "load VARIANT T0 T1" lines (/proc/uptime around
      BATCH loads and unloads): one load+unload of VARIANT (cat) vs
      nocat, "min/median/max ms vs min/median/max ms, ratio of medians R"
  ws/bench.py split GUEST_OUTPUT BATCH ENTRIES
      the same lines of cat, ren (the section renamed: loaded, never
      read), rej (a catalog validated whole, then rejected) and nocat:
      what the catalog adds split into loading, validating, publishing
  ws/bench.py rebuild REPS TOP KSRC KOUT NOCAT JOBS
      REPS rounds of make, make D=1 (in KOUT) and make in NOCAT
      (CONFIG_KMSG_CATALOG=n), each after touching xpram.c: a line
      "NAME|min / median / max s|ratio to CONFIG_KMSG_CATALOG=n R" each
  ws/bench.py boot BOOT_OUTPUT
      from the guests' "boot cat|off UPTIME MEM_KB ENTRIES" lines: the
      rows "boot|VALUE|NOTES" and "mem|VALUE|NOTES"
  ws/bench.py reject MODULE.ko OUT.ko
      OUT.ko: MODULE.ko with its last catalog entry's level out of range
      (0x7f), so that the kernel validates the whole catalog and rejects it
"""
import os
import struct
import subprocess
import sys
import time


def med(v):
    return sorted(v)[len(v) // 2]


def timed(reps, cmd):
    wall, cpu = [], []
    for _ in range(int(reps)):
        t = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_RDWR)
            for i in (0, 1, 2):
                os.dup2(fd, i)
            os.execvp(cmd[0], cmd)
        _, status, ru = os.wait4(pid, 0)
        wall.append(time.perf_counter() - t)
        cpu.append(ru.ru_utime + ru.ru_stime)
        if status:
            sys.exit(1)
    print("%.4f %.4f %.4f %.4f %.4f" % (min(wall), med(wall), max(wall), min(cpu), med(cpu)))


def loads(path, batch):
    t = {}
    for line in open(path):
        p = line.split()
        if p and p[0] == "load":
            t.setdefault(p[1], []).append((float(p[3]) - float(p[2])) / int(batch) * 1000)
    return t


def load(path, batch, variant="cat"):
    t = loads(path, batch)
    c, n = t[variant], t["nocat"]
    print("%.0f/%.0f/%.0f ms vs %.0f/%.0f/%.0f ms, ratio of medians %.2f" % (
        min(c), med(c), max(c), min(n), med(n), max(n), med(c) / max(med(n), 0.01)))


def split(path, batch, entries):
    t = loads(path, batch)
    c, r, b, o = (med(t[k]) for k in ("cat", "rej", "ren", "nocat"))
    print("of the %.1f ms the catalog adds: loading the section's bytes %.1f ms, "
          "validating them %.1f ms, publication %.1f ms (%.2f us an entry)" % (
              c - o, b - o, r - b, c - r, (c - r) * 1000 / int(entries)))


def rebuild(reps, top, ksrc, kout, nocat, jobs):
    runs = {"make": (kout, ""), "make D=1": (kout, "D=1"), "CONFIG_KMSG_CATALOG=n": (nocat, "")}
    t = {k: [] for k in runs}
    for _ in range(int(reps)):
        for name, (out, flag) in runs.items():
            start = time.perf_counter()
            subprocess.run(["bash", "-c", 'touch "%s/drivers/s390/block/xpram.c"; make -s -C "%s" O="%s" '
                            'ARCH=s390 CROSS_COMPILE=s390x-linux-gnu- -j%s %s >/dev/null 2>&1' %
                            (top, ksrc, out, jobs, flag)], check=True)
            t[name].append(time.perf_counter() - start)
    for name, v in t.items():
        print("%s|%.2f / %.2f / %.2f s|ratio to CONFIG_KMSG_CATALOG=n %.3f" % (
            name, min(v), med(v), max(v), med(v) / med(t["CONFIG_KMSG_CATALOG=n"])))


def boot(path):
    v = {"cat": [], "off": []}
    for line in open(path):
        p = line.split()
        if p and p[0] == "boot":
            v[p[1]].append((float(p[2]), int(p[3]), int(p[4])))
    tc, to = [x[0] for x in v["cat"]], [x[0] for x in v["off"]]
    mc, mo = med([x[1] for x in v["cat"]]), med([x[1] for x in v["off"]])
    n = v["cat"][0][2]
    print("boot|%.2f/%.2f/%.2f s vs %.2f/%.2f/%.2f s, ratio of medians %.3f|min/median/max of %d "
          "boots each, QEMU TCG, time to user space" % (
              min(tc), med(tc), max(tc), min(to), med(to), max(to), med(tc) / med(to), len(tc)))
    print("mem|%d kB vs %d kB: %+d kB, %d bytes per registered entry|Slab+VmallocUsed after boot "
          "and drop_caches, medians; %d entries registered at boot" % (
              mc, mo, mc - mo, (mc - mo) * 1024 // max(n, 1), n))


def reject(module, out):
    b = bytearray(open(module, "rb").read())
    e = ">" if b[5] == 2 else "<"
    shoff, = struct.unpack_from(e + "Q", b, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", b, 0x3a)

    def sh(i):
        return struct.unpack_from(e + "IIQQQQIIQQ", b, shoff + i * shentsize)
    stroff = sh(shstrndx)[4]
    for i in range(shnum):
        name = sh(i)[0]
        if b[stroff + name:stroff + name + 14] == b".kmsg_catalog\0":
            off = sh(i)[4]
            break
    else:
        sys.exit("no .kmsg_catalog")
    magic, _, esize, nr = struct.unpack_from(e + "IHHI", b, off)
    assert magic == 0x6b6d7367 and nr > 0
    b[off + 16 + (nr - 1) * esize + 22] = 0x7f
    open(out, "wb").write(b)


if __name__ == "__main__":
    cmds = {"load": load, "split": split, "rebuild": rebuild, "boot": boot, "reject": reject}
    if len(sys.argv) > 2 and sys.argv[1] == "time":
        timed(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) > 1 and sys.argv[1] in cmds:
        cmds[sys.argv[1]](*sys.argv[2:])
    else:
        sys.exit(__doc__)
