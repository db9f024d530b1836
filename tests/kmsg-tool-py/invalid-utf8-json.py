#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""--json annotate of invalid UTF-8, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/invalid-utf8-json.py UTF8_JSON

UTF8_JSON is kmsg --json annotate of the suite's utf8.log (an xpram.4
line and another, with bytes that are not UTF-8).  Checks that each line
is valid JSON with each bad byte U+FFFD, in the line and in @1's value.
Prints nothing; exits 0 when it is so, otherwise fails with an
AssertionError.
"""
import json, sys
rows = [json.loads(l.decode("utf-8")) for l in open(sys.argv[1], "rb")]
assert [r["line"] for r in rows] == [
    "xpram.4: \ufffd\ufffd\ufffd is not a valid XPRAM device size",
    "bad: \ufffd\ufffd"], rows
assert rows[0]["parameters"] == [{"name": "@1", "description": "the size", "value": "\ufffd\ufffd\ufffd"}], rows
