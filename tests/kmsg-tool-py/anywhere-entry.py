#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The entry found for a line of no component, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/anywhere-entry.py JSON TAG DEVICE VALUES

JSON is kmsg --json explain of the line against the system catalog of
the tree.  Checks that its first object is TAG, names DEVICE ("-":
none) and has the parameter values VALUES, separated by ";" (empty:
none).  Prints nothing; exits 0 when it is so, otherwise fails with an
AssertionError showing what differs.
"""
import json, sys
r = json.loads(open(sys.argv[1]).readline())
assert r["tag"] == sys.argv[2], r["tag"]
assert r.get("device", "-") == sys.argv[3], r.get("device")
assert [p.get("value") for p in r["parameters"]] == (sys.argv[4].split(";") if sys.argv[4] else []), r["parameters"]
