#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One JSON shape for entries, as kmsg(8) documents it, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/json-key-order.py FIX_JSON KMSG_8 JSON...

FIX_JSON is kmsg-gen dump of the fixture's fix descriptions; KMSG_8 is
tools/kmsg/kmsg.8; each JSON is a --json output of kmsg (explain,
annotate, report, list; the list's name ends in json4).  Checks that
every entry's object starts with dump's keys in dump's order, then
kmsg's own in theirs, its parameters are {name, description[, value]}
and its alternatives entries too; that lines without entry and
uncataloged components have their keys; that every key is in kmsg(8)'s
JSON OUTPUT section, whose list has the entry's keys in that order.
Prints a TAP comment with the counts and exits 0 when it is so,
otherwise fails with an AssertionError.
"""
import json, re, sys
common = ["tag", "hashed_id", "hashed_id_device", "text", "severity", "parameters",
          "description", "user_action"]
tail = ["source", "languages", "man_page", "device", "release", "release_text", "line", "file", "line_number", "alternatives",
        "count", "first", "last"]
def ordered(keys, order):
    pos = [order.index(k) for k in keys]	# (a key not in order fails here)
    return pos == sorted(pos)
seen, n = set(), {"entry": 0, "value": 0, "alternative": 0, "line": 0}
n["no_id"] = 0	# counted, not required: only some fixtures have such entries
def entry(r, where):
    keys = list(r)
    assert keys[:len(common)] == common, (where, keys)
    rest = keys[len(common):]
    if rest and rest[0] == "printed_without_id":	# the shared keys' last, optional
        rest = rest[1:]
        n["no_id"] += 1
    assert rest[0] == "source" and ordered(rest, tail), (where, keys)
    for i, p in enumerate(r["parameters"], 1):
        assert list(p) in (["name", "description"], ["name", "description", "value"]), (where, p)
        assert p["name"] == "@%d" % i and not p["description"].startswith("@"), (where, p)
        n["value"] += "value" in p
    for a in r.get("alternatives", []):
        assert "line" not in a and "alternatives" not in a, (where, a)
        entry(a, where + " alternative")
        n["alternative"] += 1
    n["entry"] += 1
def keys(o):
    if isinstance(o, dict):
        for k, v in o.items():
            seen.add(k)
            keys(v)
    elif isinstance(o, list):
        for v in o:
            keys(v)
dump = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert dump and all(list(d) in (common + ["file", "line"],
                                common + ["printed_without_id", "file", "line"])
                    for d in dump), [list(d) for d in dump]
keys(dump)
for f in sys.argv[3:]:
    for l in open(f, encoding="utf-8"):
        r = json.loads(l)
        keys(r)
        if f.endswith("json4"):
            assert list(r) == ["tag", "text", "severity", "source"], (f, list(r))
        elif "component" in r:
            assert list(r) == ["component", "uncataloged"], (f, list(r))
        elif "tag" in r:
            entry(r, f)
        else:
            assert ordered(list(r), ["line", "file", "line_number"]), (f, list(r))
            n["line"] += 1
assert all(v for k, v in n.items() if k != "no_id"), n
assert all("value" not in p for l in open(sys.argv[3]) for p in json.loads(l)["parameters"])
man = open(sys.argv[2], encoding="utf-8").read()
sec = man[man.index(".SH JSON OUTPUT\n"):]
sec = sec[:sec.index("\n.SH ")]
doc = re.findall(r"^\.BR? (\w+)", sec, re.M)
tp = re.findall(r"^\.TP\n\.B (\w+)$", sec, re.M)	# the keys of the list
assert tp == common + ["printed_without_id", "source", "languages", "man_page", "device", "release",
                       "release_text"], tp
missing = seen - set(doc)
assert not missing, "not in kmsg(8) JSON OUTPUT: %s" % sorted(missing)
print("# %(entry)d entries (%(alternative)d alternatives, %(no_id)d printed without id), %(value)d values, %(line)d lines without entry" % n)
