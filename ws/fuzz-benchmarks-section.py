#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The fuzzing section of BENCHMARKS.md, for ws/fuzz.sh --update-benchmarks:

  ws/fuzz-benchmarks-section.py BENCHMARKS_MD RESULTS_MD

Replaces what lies between the lines "<!-- fuzz: written by ws/fuzz.sh -->"
and "<!-- /fuzz -->" of BENCHMARKS_MD, markers included, with the markers
around "## Fuzzing" and the text of RESULTS_MD; appends the section when
BENCHMARKS_MD has none, and writes the file when it does not exist.
Prints nothing.
"""
import os, sys
bm, res = sys.argv[1], open(sys.argv[2]).read().rstrip("\n")
begin, end = "<!-- fuzz: written by ws/fuzz.sh -->", "<!-- /fuzz -->"
section = "%s\n## Fuzzing\n\n%s\n%s\n" % (begin, res, end)
text = open(bm).read() if os.path.exists(bm) else ""
lines = text.split("\n")
if begin in lines and end in lines[lines.index(begin):]:
    i = lines.index(begin)
    j = lines.index(end, i)
    text = "\n".join(lines[:i]) + "\n" + section + "\n".join(lines[j + 1:])
    text = text.rstrip("\n") + "\n"
else:
    text = (text.rstrip("\n") + "\n\n" if text.strip() else "") + section
open(bm, "w").write(text)
