#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The total row of ws/fuzz.sh's results table:

  ws/fuzz-summary-total.py SUMMARY

SUMMARY holds a "TARGET EXECS WALL_SECONDS CRASHES" line a target.
Prints "| total | | EXECS | EXECS_PER_SECOND | WALL_SECONDS | CRASHES |",
the sums over the targets, the counts with thousands separators.
"""
import sys
rows = [l.split() for l in open(sys.argv[1])]
e = sum(int(r[1]) for r in rows)
w = sum(float(r[2]) for r in rows)
c = sum(int(r[3]) for r in rows)
print("| total | | {:,} | {:,} | {:.1f} | {} |".format(e, int(e / max(w, 0.001)), w, c))
