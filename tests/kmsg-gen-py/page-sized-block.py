#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A description file of exactly one page, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/page-sized-block.py OUT

Writes OUT: 4096 bytes, a description block (edge.1) whose description
runs to the file's very end, never closed.  Prints nothing; exits 0.
"""
import sys
head = "/*?\n * Tag: edge.1\n * Text: \"x\"\n * Severity: Error\n * Description:\n"
body = head + " * filler line of the description\n" * 200
body = body[:4096 - 8]
body = body[:body.rindex("\n") + 1]
body += " *" + " " * (4096 - len(body) - 2)
assert len(body) == 4096
open(sys.argv[1], "w").write(body)
