#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The same bytes as a description and as log lines, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/utf8-cases.py DESC LOG

Writes DESC: a description file of u.1 to u.17, each description one of
17 byte strings (UTF-8, ill-formed UTF-8, control characters, quotes
and backslashes); and LOG: a line "u.N: BYTES" of each.  Prints nothing;
exits 0.
"""
import sys
cases = [b"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", b"\xff\xfe", b"\xc0\xaf", b"\xc1\xbf",
         b"\xe0\x80\x80", b"\xe0\xa0\x80", b"\xed\xa0\x80", b"\xed\x9f\xbf", b"\xe2\x82 x",
         b"\xf0\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf4\x8f\xbf\xbf", b"\xf0\x9f\x98 y",
         b"\xf5\x80", b"end \xc3", b"\x80 lone", b"ctl \x01\x7f \"q\" \\"]
with open(sys.argv[1], "wb") as d, open(sys.argv[2], "wb") as l:
    for i, c in enumerate(cases, 1):
        d.write(b"/*?\n * Tag: u.%d\n * Text: \"t\"\n * Severity: Error\n * Description:\n * %s\n */\n" % (i, c))
        l.write(b"u.%d: %s\n" % (i, c))
