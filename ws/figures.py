#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Measured figures in prose, never typed by hand.

A text's {{measure}} fields are filled with the value of the one row of
BENCHMARKS.md whose measure is, or starts with, "measure"; {{s390 total}}
is the number of s390 messages described (the Tag: lines of
Documentation/kmsg/s390).  A field that names no row, or several, is an
error.

  ws/figures.py fill FILE      print FILE with its fields filled
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rows():
    r = {}
    for line in open(os.path.join(TOP, "BENCHMARKS.md"), encoding="utf-8"):
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(c) >= 2:
            r[c[0]] = c[1]
    d = os.path.join(TOP, "Documentation", "kmsg", "s390")
    r["s390 total"] = str(sum(len(re.findall(r"^ \* Tag: ", open(os.path.join(d, f), encoding="utf-8").read(), re.M))
                              for f in os.listdir(d) if not f.endswith(".rst")))
    return r


def fill(text, name):
    r = rows()

    def one(m):
        key = m.group(1)
        k = [x for x in r if x == key] or [x for x in r if x.startswith(key)]
        if len(k) != 1:
            sys.exit("%s: {{%s}} names %d rows of BENCHMARKS.md" % (name, key, len(k)))
        return r[k[0]]
    return re.sub(r"\{\{([^}]+)\}\}", one, text)


def main(argv):
    if len(argv) == 3 and argv[1] == "fill":
        sys.stdout.write(fill(open(argv[2], encoding="utf-8").read(), argv[2]))
        return 0
    print("usage: ws/figures.py fill FILE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
