#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A log of two long lines, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/long-lines.py > long.log

Prints an xpram.3 line of 1,000,000 A's and a net.7 line whose %s value
is 200,000 x's.  Exits 0.
"""
import sys; sys.stdout.write("xpram.3: " + "A" * 1000000 + "\n" + "net.7: link " + "x" * 200000 + " down after 5 ms (0x1)\n")
