#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A line that several entries match, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/ambiguous-entries.py U6

U6 is kmsg --json explain 'amb: link x down' against the s390 fixture
catalog.  Checks that it has all matching entries, best (most literal
text) first: amb.2, amb.4, amb.1, each with its @1.  Prints nothing;
exits 0 when it is so, otherwise fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["tag"] for r in rows] == ["amb.2", "amb.4", "amb.1"], rows
assert [r["parameters"][0]["value"] for r in rows] == ["x", "link x", "link x down"], rows
