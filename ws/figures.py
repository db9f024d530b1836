#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Measured figures in prose, never typed by hand.

A text's {{measure}} fields are filled with the value of the one row of
BENCHMARKS.md whose measure is, or starts with, "measure"; {{s390 total}}
is the converted messages of CATALOG.md's table.  A field that names
no row, or several, is an error.

  ws/figures.py fill FILE      print FILE with its fields filled
  ws/figures.py readme [--check]
      fill ws/readme-figures.txt into README.md between the markers
      <!-- figures: ... --> and <!-- /figures --> (ws/markers.py);
      --check only says whether README.md is current (exit 1 if not)
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import markers  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rows():
    r = {}
    for line in open(os.path.join(TOP, "BENCHMARKS.md"), encoding="utf-8"):
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(c) >= 2:
            r[c[0]] = c[1]
    for line in open(os.path.join(TOP, "CATALOG.md"), encoding="utf-8"):
        m = re.match(r"\| all \| (\d+) \|", line)
        if m:
            r["s390 total"] = m.group(1)
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


def readme(check):
    path = os.path.join(TOP, "README.md")
    tmpl = os.path.join(TOP, "ws", "readme-figures.txt")
    text = open(path, encoding="utf-8").read()
    body = fill(open(tmpl, encoding="utf-8").read(), tmpl)
    new = markers.replace(text, "figures", body)
    if new is None:
        sys.exit("README.md has no <!-- figures: ... --> ... <!-- /figures --> markers")
    if check:
        if new != text:
            print("README.md's figures are not those of BENCHMARKS.md: run ws/figures.py readme",
                  file=sys.stderr)
            return 1
        return 0
    if new != text:
        open(path, "w", encoding="utf-8").write(new)
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "fill":
        sys.stdout.write(fill(open(argv[2], encoding="utf-8").read(), argv[2]))
        return 0
    if len(argv) in (2, 3) and argv[1] == "readme" and argv[2:] in ([], ["--check"]):
        return readme(len(argv) == 3)
    print("usage: ws/figures.py fill FILE | ws/figures.py readme [--check]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
