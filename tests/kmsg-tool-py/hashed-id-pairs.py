#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Each entry's hashed ids, to explain them, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/hashed-id-pairs.py H5

H5 has kmsg --json explain of each entry, one a line.  Prints a line
"TAG=COMPONENT.HASHED_ID TAG=COMPONENT.HASHED_ID_DEVICE" an entry (the
suite explains each id after the "=" and looks for TAG among what it
finds).  Exits 0.
"""
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    c = r["tag"].rsplit(".", 1)[0]
    print("%s=%s.%s %s=%s.%s" % (r["tag"], c, r["hashed_id"], r["tag"], c, r["hashed_id_device"]))
