#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every entry's hashed ids against kmsg_lookup2()'s, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/hashed-ids.py DIR/all.json

DIR/all.json is kmsg-gen dump of every description; DIR/all.ids, next
to it, has the ids the suite's lookup2 program printed of the keys
hash-keys.py wrote of it, two an entry.  Checks that there are over 800
entries and that each one's hashed_id and hashed_id_device are its two
ids.  Prints nothing; exits 0 when they are, otherwise fails with an
AssertionError naming the first entry that differs.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

ids = open(sys.argv[1].replace("all.json", "all.ids")).read().split()
assert len(rows) > 800 and len(ids) == 2 * len(rows), (len(rows), len(ids))
for i, r in enumerate(rows):
    assert [r["hashed_id"], r["hashed_id_device"]] == ids[2 * i:2 * i + 2], (r["tag"], ids[2 * i:2 * i + 2])
