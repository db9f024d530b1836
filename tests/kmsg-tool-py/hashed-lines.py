#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""--json annotate of lines with hashed ids, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/hashed-lines.py H2

H2 is kmsg --json annotate of tests/kmsg-tool/logs/hashed.txt against
the s390 fixture catalog.  Checks that its lines are hypfs.1, hypfs.5
(@1 = -12), dasd.14 (a device message found by "%s: " and its format,
with its device and values) and one without entry.  Prints nothing;
exits 0 when it is so, otherwise fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r.get("tag") for r in rows] == ["hypfs.1", "hypfs.5", "dasd.14", None], rows
assert rows[1]["parameters"][0]["value"] == "-12", rows[1]
assert rows[2]["device"] == "0.0.0122" and [p["value"] for p in rows[2]["parameters"]] == ["ECKD", "-12"], rows[2]
