#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""What kmsg reads of kmsg-gen index's catalog, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/index-fields.py FIX_JSON INDEX_JSON

FIX_JSON is kmsg-gen dump of the fixture's fix descriptions; INDEX_JSON
is kmsg --json explain of fix.1 and fix.2 from the catalog kmsg-gen
index wrote.  Checks that both are there, from the catalog, with text,
severity, description, user action and parameters as dump has them.
Prints nothing; exits 0 when it is so, otherwise fails with an
AssertionError.
"""
import json, sys
dump = {r["tag"]: r for r in map(json.loads, open(sys.argv[1]))}
rows = [json.loads(l) for l in open(sys.argv[2])]
assert [r["tag"] for r in rows] == ["fix.1", "fix.2"], rows
for r in rows:
    d = dump[r["tag"]]
    assert r["source"] == "catalog", r
    for k in ("text", "severity", "description", "user_action"):
        assert r[k] == d[k], (k, r[k], d[k])
    assert r["parameters"] == d["parameters"], (r, d)
