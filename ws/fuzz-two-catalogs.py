#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A catalog section holding two catalogs, for ws/fuzz.sh:

  ws/fuzz-two-catalogs.py FIRST SECOND OUT

Writes OUT: the bytes of FIRST, zero bytes up to a multiple of 4, then
the bytes of SECOND.
"""
import sys
a, b = (open(f, "rb").read() for f in sys.argv[1:3])
open(sys.argv[3], "wb").write(a + bytes(-len(a) % 4) + b)
