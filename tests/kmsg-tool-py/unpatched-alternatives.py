#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""--json annotate of an unpatched kernel's log, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/unpatched-alternatives.py U7

U7 is kmsg --json annotate of tests/kmsg-tool/logs/unpatched.txt against
the s390 fixture catalog.  Checks that it has one object a line (13),
the other matching entries in "alternatives" (line 9: amb.2, then amb.4
and amb.1), line 2's device 0.0.0120 and no alternatives there, and no
entry for the last two lines.  Prints nothing; exits 0 when it is so, otherwise fails with
an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 13, len(rows)
assert rows[8]["tag"] == "amb.2" and [a["tag"] for a in rows[8]["alternatives"]] == ["amb.4", "amb.1"], rows[8]
assert rows[1]["device"] == "0.0.0120" and "alternatives" not in rows[1], rows[1]
assert [r.get("tag") for r in rows[11:]] == [None, None], rows[11:]
