#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fix.1 as dump has it, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/fix1-entry.py FIX_JSON

FIX_JSON is kmsg-gen dump of tests/kmsg-gen/src/fix.c.  Checks that its
first entry has the Text of adjacent quoted pieces joined, a parameter
that runs over two lines in one piece, and the description's paragraphs,
dash, backslash and leading dot as written.  Prints nothing; exits 0
when it is so, otherwise fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

r = rows[0]
assert r["text"] == "%d is not a valid number of %s", r["text"]
assert r["parameters"] == [{"name": "@1", "description": "the number, as given"},
                           {"name": "@2", "description": "what was counted; this description runs over two lines"}]
assert r["description"] == "First paragraph of the description.\n\nSecond paragraph, with a - dash and a \\ backslash.\n.A line starting with a dot."
