#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A --json output against its golden file, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/json-same.py GOLDEN FILE

GOLDEN and FILE have one JSON object a line.  Exits 0 when FILE holds
the same objects (keys and values) as GOLDEN, and GOLDEN is not empty;
otherwise prints a unified diff of the two, each line a TAP comment
("# "), and exits 1.
"""
import json, sys
def rows(p):
    return [json.loads(l) for l in open(p, encoding="utf-8")]
want, got = rows(sys.argv[1]), rows(sys.argv[2])
if not want or got != want:
    import difflib
    dump = lambda r: [json.dumps(x, sort_keys=True) for x in r]
    for l in difflib.unified_diff(dump(want), dump(got), sys.argv[1], sys.argv[2], lineterm=""):
        print("# " + l)
    sys.exit(1)
