#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The 2008 RFC's xpram catalog as dump has it, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/xpram-2008-entries.py XPRAM_2008_JSON

XPRAM_2008_JSON is kmsg-gen dump of the xpram description file of the
2008 RFC.  Checks that it has three entries, xpram.1 to xpram.3, with
the 2008 fields.  Prints nothing; exits 0 when it is so, otherwise
fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

assert [r["tag"] for r in rows] == ["xpram.1", "xpram.2", "xpram.3"]
assert rows[0]["parameters"] == [{"name": "@1", "description": "number of partitions"}]
assert rows[1]["parameters"] == [] and rows[2]["severity"] == "Error"
assert rows[0]["description"].startswith("The number of XPRAM partitions")
assert rows[0]["user_action"].endswith("restart Linux.")
