#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Descriptions without xpram.2's, for tests/20-kbuild.sh:

  tests/kbuild/drop-xpram2-description.py DESCRIPTIONS OUT

Writes OUT: the description file DESCRIPTIONS without the /*? block of
xpram.2.  Fails with an AssertionError unless exactly one block goes.
"""
import re, sys
text = open(sys.argv[1]).read()
blocks = text.split("/*?")
kept = [b for b in blocks if "Tag: xpram.2\n" not in b]
assert len(kept) == len(blocks) - 1
open(sys.argv[2], "w").write("/*?".join(kept))
