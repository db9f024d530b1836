#!/usr/bin/env python3
"""Synthetic inputs for ws/bench.sh.

  bench-gen.py module DIR N      a module with N described kmsg calls
  bench-gen.py records DIR N     records.c (hand-made call-site records) and
                                 src/bench.c with N descriptions, for kmsg-gen
  bench-gen.py log FILE CATALOG N LINES
                                 an installed catalog of N entries and a log
                                 of LINES lines, a third of them catalogued
"""
import os
import random
import re
import sys

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
    cmd = sys.argv[1]
    if cmd == "module":
        module(sys.argv[2], int(sys.argv[3]))
    elif cmd == "records":
        records(sys.argv[2], int(sys.argv[3]))
    elif cmd == "log":
        log(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit(__doc__)
