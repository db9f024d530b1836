#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fix.1's hashed ids as its man page shows them, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/fix1-hashed-ids.py FIX_JSON

FIX_JSON is kmsg-gen dump of tests/kmsg-gen/src/fix.c.  Prints a line
"fix.ID (printed for a device: fix.DEVICE_ID)" of its first entry's
hashed_id and hashed_id_device.  Exits 0.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print("fix.%s (printed for a device: fix.%s)" % (rows[0]["hashed_id"], rows[0]["hashed_id_device"]))
