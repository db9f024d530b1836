#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kmsg_lookup2() against lookup2 in Python, for tests/15-kmsg-tool.sh:

  PYTHONPATH=tests/kmsg-tool-py tests/kmsg-tool-py/lookup2-agrees.py IN OUT

IN has keys, one a line; OUT the ids the suite's lookup2 program (of
kmsg_lookup2()) printed of them, "%06x" each.  Checks that they are the
low 24 bits of lookup2() of lookup2.py of each line, its newline
included.  Prints nothing; exits 0 when they are, otherwise fails with
an AssertionError showing both lists.
"""
import sys
from lookup2 import lookup2
want = ["%06x" % (lookup2(l) & 0xffffff) for l in open(sys.argv[1], "rb").read().splitlines(True)]
got = open(sys.argv[2]).read().split()
assert got == want, (got, want)
