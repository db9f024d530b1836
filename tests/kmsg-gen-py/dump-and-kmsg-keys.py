#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One JSON shape for an entry in dump and kmsg --json, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/dump-and-kmsg-keys.py FIX_JSON TOOL_JSON

FIX_JSON is kmsg-gen dump of tests/kmsg-gen/src/fix.c; TOOL_JSON is
kmsg --json explain of fix.1, fix.4 and a log line of fix.1, from a
catalog kmsg-gen wrote of the same file.  Checks that both start with
the same keys in one order (dump then adds file and line, kmsg source
and the rest), that the parameters are {name, description[, value]},
and that kmsg's common part is byte for byte dump's (but for the log
line's, whose parameters carry values).  Prints nothing; exits 0 when
it is so, otherwise fails with an AssertionError.
"""
import json, sys
common = ["tag", "hashed_id", "hashed_id_device", "text", "severity", "parameters",
          "description", "user_action"]
dump = {}
for l in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(l)
    assert list(d) == common + ["file", "line"], ("dump", list(d))
    for p in d["parameters"]:
        assert list(p) == ["name", "description"], ("dump", p)
    dump[d["tag"]] = (d, l[:l.index(',"file":')])
tool = [(json.loads(l), l) for l in open(sys.argv[2], encoding="utf-8")]
assert [r["tag"] for r, _ in tool] == ["fix.1", "fix.4", "fix.1"], tool
for i, (r, l) in enumerate(tool):
    d, head = dump[r["tag"]]
    assert list(r)[:len(common)] == common, ("kmsg", list(r))
    assert list(r)[len(common)] == "source" and r["source"] == "system", list(r)
    for k in common:
        if k != "parameters":
            assert r[k] == d[k], (k, r[k], d[k])
    want = [dict(p) for p in d["parameters"]]
    if i == 2:	# a log line's: each with its value
        for p, v in zip(want, ["7", "parts"]):
            p["value"] = v
        assert [list(p) for p in r["parameters"]] == [["name", "description", "value"]] * 2, r
    else:	# the common part is byte for byte dump's
        assert l.startswith(head + ',"source":'), (head, l)
    assert r["parameters"] == want, (r["parameters"], want)
assert dump["fix.1"][0]["parameters"][1] == {"name": "@2",
    "description": "what was counted; this description runs over two lines"}
