#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Any bytes as JSON, the same in kmsg-gen and kmsg, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/utf8-same.py DESC_JSON LINES_JSON LOG

DESC_JSON is kmsg-gen dump and LINES_JSON kmsg --json annotate of the
files utf8-cases.py wrote (LOG is its log).  Checks that each of the 17
descriptions and each line's text after its tag is what Python's
bytes.decode("utf-8", "replace") reads of LOG's bytes (each maximal
ill-formed part one U+FFFD).  Prints nothing; exits 0 when they are,
otherwise fails with an AssertionError showing all three lists.
"""
import json, sys
want = [l.split(b": ", 1)[1].decode("utf-8", "replace") for l in open(sys.argv[3], "rb").read().splitlines()]
dump = [json.loads(l)["description"] for l in open(sys.argv[1], "rb")]
tool = [json.loads(l)["line"].split(": ", 1)[1] for l in open(sys.argv[2], "rb")]
assert len(want) == 17 and dump == want and tool == want, (want, dump, tool)
