#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The rows of ws/fuzz.sh's results table:

  ws/fuzz-summary-rows.py SUMMARY

SUMMARY holds a "TARGET EXECS WALL_SECONDS CRASHES" line a target.
Prints for each "TARGET|EXECS|EXECS_PER_SECOND|WALL_SECONDS|CRASHES", the
two counts with thousands separators.
"""
import sys
for l in open(sys.argv[1]):
    t, e, w, c = l.split()
    print("%s|{:,}|{:,}|%s|%s".format(int(e), int(int(e) / max(float(w), 0.001))) % (t, w, c))
