#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Each entry's hashed ids against lookup2 in Python, for tests/15-kmsg-tool.sh:

  PYTHONPATH=tests/kmsg-tool-py tests/kmsg-tool-py/hashed-ids.py H5

H5 has kmsg --json explain of each entry of the s390 fixture catalog,
one a line.  Checks that there are 11 and that each one's hashed_id and
hashed_id_device are the low 24 bits of lookup2() (lookup2.py) of its
format and a newline, plain and after "%s: ", and dasd.14's device id
is e8c2e5 (the device line of logs/hashed.txt).  Prints nothing; exits 0
when it is so, otherwise fails with an AssertionError.
"""
import json, sys
from lookup2 import lookup2
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 11, len(rows)
for r in rows:
    t = r["text"].encode() + b"\n"
    assert r["hashed_id"] == "%06x" % (lookup2(t) & 0xffffff), r
    assert r["hashed_id_device"] == "%06x" % (lookup2(b"%s: " + t) & 0xffffff), r
d = [r for r in rows if r["tag"] == "dasd.14"][0]
assert d["hashed_id_device"] == "e8c2e5", d	# as the device line of logs/hashed.txt
