#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A component of 20000 formats and a log of each, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/big-component.py CATALOG LOG

Writes CATALOG: a catalog file of big.1 to big.20000, each its own
format "sensor reading frobnicatorNNNNN was %d"; and LOG: a line of
each, from the last to the first.  Prints nothing; exits 0.
"""
import sys
with open(sys.argv[1], "w") as c:
    for i in range(1, 20001):
        c.write("big.%d\tNotice\tbig\tsensor reading frobnicator%05d was %%d\t@1: value\tA reading.\tNone.\n" % (i, i))
with open(sys.argv[2], "w") as l:
    for i in range(20000, 0, -1):
        l.write("[ 1.0] big: sensor reading frobnicator%05d was %d\n" % (i, i))
