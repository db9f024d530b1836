#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""hypfs.1's hashed ids in --json explain, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/hypfs1-hashed-ids.py H4

H4 is kmsg --json explain hypfs.1 against the s390 fixture catalog.
Checks that it is hypfs.1 with hashed_id 7f5705 and hashed_id_device
6d3493.  Prints nothing; exits 0 when it is so, otherwise fails with an
AssertionError showing the entry.
"""
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r["tag"] == "hypfs.1" and r["hashed_id"] == "7f5705" and r["hashed_id_device"] == "6d3493", r
