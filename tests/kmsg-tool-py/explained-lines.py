#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The lines of a log that --json annotate explains, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/explained-lines.py LOG JSON SPEC

JSON is kmsg --json annotate of LOG; SPEC is "LINE:TAG[=@1] ...", the
lines (numbered from 1) that must be explained, each with its tag and,
when given, @1's value (a JSON string's text: \\ufffd and the like).
Checks that JSON has an object for each line of LOG, with the line as
read (bad UTF-8 replaced), and that exactly the lines of SPEC are
explained, as SPEC says.  Exits 0 when they are; fails with an
AssertionError when lines were not copied; prints what it wanted and
what it got, as TAP comments, and exits 1 when the explained lines
differ.
"""
import json, sys
lines = open(sys.argv[1], "rb").read().decode("utf-8", "replace").split("\n")[:-1]
rows = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
assert [r["line"] for r in rows] == lines, "lines not copied"
got = {}
for i, r in enumerate(rows, 1):
    if "tag" in r:
        v = [p.get("value") for p in r["parameters"]]
        got[i] = r["tag"] + ("=" + v[0] if v and v[0] is not None else "")
want = {}
for w in sys.argv[3].split():
    n, t = w.split(":", 1)
    want[int(n)] = json.loads('"%s"' % t.replace('"', '\\"'))
if got != want:
    print("# want %s\n# got  %s" % (want, got))
    sys.exit(1)
