#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""An assembled catalog section against its data file, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/section-padded.py DATA SECTION

DATA is what kmsg-gen catalog --data wrote; SECTION is the .kmsg_catalog
section of the object assembled from its source.  Checks that DATA is
not empty and SECTION is DATA padded with zero bytes to a multiple of 4.
Prints nothing; exits 0 when it is so, otherwise fails with an
AssertionError giving both lengths.
"""
import sys
d, s = (open(p, "rb").read() for p in sys.argv[1:])
assert d and s == d + bytes(-len(d) % 4), (len(d), len(s))
