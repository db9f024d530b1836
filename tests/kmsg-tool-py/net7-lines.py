#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A log of many net.7 lines, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/net7-lines.py START STOP > LOG

Prints a dmesg line "[     I.000000] net.7: link ethI down after I ms
(0x1)" for each I from START up to STOP - 1 (Python's range).  Exits 0.
"""
import sys; sys.stdout.write("".join("[%6d.000000] net.7: link eth%d down after %d ms (0x1)\n" % (i, i, i) for i in range(int(sys.argv[1]), int(sys.argv[2]))))
