#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""xpram's entries as dump has them, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/xpram-entries.py XPRAM_JSON

XPRAM_JSON is kmsg-gen dump of Documentation/kmsg/s390/xpram.  Checks
that it holds xpram.1 to xpram.5, each with every key of the contract
and no other, and some of their fields.  Prints nothing; exits 0 when
they are so, otherwise fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

keys = {"tag","text","severity","parameters","description","user_action","file","line",
        "hashed_id","hashed_id_device"}
assert [r["tag"] for r in rows] == ["xpram.%d" % i for i in range(1, 6)]
assert all(set(r) == keys for r in rows)
assert rows[0]["text"] == "%d is not a valid number of XPRAM devices"
assert rows[0]["parameters"] == [{"name": "@1", "description": "the requested number of partitions"}]
assert rows[2]["severity"] == "Error" and rows[2]["line"] == 35
