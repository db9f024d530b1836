#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""hypfs.1's hashed ids as dump has them, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/hypfs1-hashed-ids.py HYPFS_JSON

HYPFS_JSON is kmsg-gen dump of Documentation/kmsg/s390/hypfs.  Checks
that its first entry is hypfs.1 with its text, hashed_id 7f5705 (SUSE's
id of its format) and hashed_id_device 6d3493.  Prints nothing; exits 0
when it is so, otherwise fails with an AssertionError showing the entry.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

assert rows[0]["tag"] == "hypfs.1" and rows[0]["text"] == "The hardware system does not support hypfs", rows[0]
assert (rows[0]["hashed_id"], rows[0]["hashed_id_device"]) == ("7f5705", "6d3493"), rows[0]
