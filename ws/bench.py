#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""What ws/bench.sh and ws/bench-generic.sh generate, measure and count:

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
      what the catalog adds split into loading, validating, publishing,
      each the median of the rounds' own differences
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
  ws/bench.py module DIR N      DIR: a module with N described kmsg calls
  ws/bench.py records DIR N     DIR/records.c (hand-made call-site records)
                                and DIR/src/bench.c with N descriptions
  ws/bench.py log FILE CATALOG N LINES
                                an installed catalog of N entries and a log
                                of LINES lines, a third of them cataloged
"""
import os
import random
import re
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
    # each round runs the four variants back to back: the medians of the
    # rounds' own differences, so that a machine slower in one round than
    # in another (a shared host) moves all four together
    t = loads(path, batch)
    pairs = list(zip(*(t[k] for k in ("cat", "rej", "ren", "nocat"))))
    add, load, check, pub = (med([f(*r) for r in pairs]) for f in (
        lambda c, r, b, o: c - o, lambda c, r, b, o: b - o,
        lambda c, r, b, o: r - b, lambda c, r, b, o: c - r))
    print("of the %.1f ms the catalog adds: loading the section's bytes %.1f ms, "
          "validating them %.1f ms, publication %.1f ms (%.2f us an entry); medians of "
          "%d rounds' differences" % (add, load, check, pub, pub * 1000 / int(entries), len(pairs)))


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


# the severity names of levels 0-6, as include/linux/kmsg_catalog.h defines them
_HDR = open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "include", "linux", "kmsg_catalog.h")).read()
LEVELS = re.findall(r'"(\w+)"', re.search(r"#define KMSG_SEVERITY_NAMES \\\n(.*)", _HDR).group(1))


def desc(tag, text, sev, nparams):
    lines = ["/*?", " * Tag: %s" % tag, ' * Text: "%s"' % text, " * Severity: %s" % sev]
    if nparams:
        lines.append(" * Parameter:")
        lines += [" *   @%d: value number %d of the message" % (i + 1, i + 1) for i in range(nparams)]
    lines += [" * Description:",
              " * Synthetic message %s, printed by the benchmark to measure the" % tag,
              " * catalog. It says nothing about the system.",
              " * User action:",
              " * None.", " */", ""]
    return "\n".join(lines)


def module(d, n):
    os.makedirs(d, exist_ok=True)
    out = ['// SPDX-License-Identifier: GPL-2.0',
           '#define KMSG_COMPONENT "bench"',
           '#include <linux/kmsg.h>', '#include <linux/module.h>', '']
    for i in range(1, n + 1):
        out.append(desc("bench.%d" % i, "bench message %d value %%d" % i, "Error", 1))
    per = 100
    out.insert(4, '#include <linux/moduleparam.h>')
    nf = (n + per - 1) // per
    for f in range(nf):
        out.append("static noinline void bench_print_%d(int v)\n{" % f)
        for i in range(f * per + 1, min(n, (f + 1) * per) + 1):
            out.append('\tif (v == %d)\n\t\tkmsg_err(%d, "bench message %d value %%d\\n", v);' % (i, i, i))
        out.append("}\n")
    # a parameter, not a constant: with 0 the compiler would fold the calls away
    out.append("static int value;\nmodule_param(value, int, 0444);\n")
    out.append("static int __init bench_init(void)\n{")
    for f in range(nf):
        out.append("\tbench_print_%d(value);" % f)
    out.append("\treturn 0;\n}\n\nstatic void __exit bench_exit(void)\n{\n}\n")
    out.append("module_init(bench_init);\nmodule_exit(bench_exit);")
    out.append('MODULE_DESCRIPTION("kmsg benchmark: %d catalogued messages");' % n)
    out.append('MODULE_LICENSE("GPL");\n')
    name = "bench_%d" % n
    open(os.path.join(d, name + ".c"), "w").write("\n".join(out))
    open(os.path.join(d, "Kbuild"), "w").write("obj-m := %s.o\n" % name)


def records(d, n):
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    out = []
    descs = []
    for i in range(1, n + 1):
        text = "bench message %d value %%d of %%s" % i
        out.append('static const char r%d[] __attribute__((used, section(".kmsg.records"), aligned(1))) = '
                   '"kmsg-v1\\0bench.%d\\0" "3\\0src/bench.c\\0" "%d\\0" "%s\\n";' % (i, i, i, text))
        descs.append(desc("bench.%d" % i, text, "Error", 2))
    open(os.path.join(d, "records.c"), "w").write("\n".join(out) + "\n")
    open(os.path.join(d, "src", "bench.c"), "w").write("\n".join(descs))


def log(path, catalog, n, lines):
    rnd = random.Random(1)
    with open(catalog, "w") as f:
        f.write("# kmsg catalog v1\n")
        for i in range(1, n + 1):
            f.write("bench%d.%d\tError\tbench\tdevice %%s failed with %%d after %%u ms\t"
                    "@1: device\\n@2: error\\n@3: time\tSynthetic.\\nTwo lines.\tNone.\n" % (i % 50, i))
    with open(path, "w") as f:
        for k in range(lines):
            t = "[%6d.%06d] " % (k // 1000, k % 1000000)
            r = k % 3
            if r == 0:
                i = rnd.randint(1, n)
                f.write(t + "bench%d.%d: device dasd%d failed with -%d after %d ms\n" % (i % 50, i, k % 7, k % 40, k))
            elif r == 1:
                f.write(t + "eth0: link up, 1000 Mbps, full duplex\n")
            else:
                f.write(t + "random kernel line number %d without a tag\n" % k)


if __name__ == "__main__":
    cmds = {"load": load, "split": split, "rebuild": rebuild, "boot": boot, "reject": reject,
            "module": lambda d, n: module(d, int(n)), "records": lambda d, n: records(d, int(n)),
            "log": lambda f, c, n, lines: log(f, c, int(n), int(lines))}
    if len(sys.argv) > 2 and sys.argv[1] == "time":
        timed(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) > 1 and sys.argv[1] in cmds:
        cmds[sys.argv[1]](*sys.argv[2:])
    else:
        sys.exit(__doc__)
