#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A log of junk between kernel lines, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/junk-log.py OUT

Writes OUT: three xpram.3 syslog lines (ended by CRLF, the last by
nothing) among 50,000 random bytes (seeded, the same each time), NUL
bytes, a 3 MB line, a cut JSON object and other junk.  Prints nothing;
exits 0.
"""
import os, sys, random
random.seed(7)
k = b"Dec  4 12:00:00 s390host kernel: xpram.3: No expanded memory available"
parts = [k + b"\r\n", bytes(random.randrange(256) for _ in range(50000)) + b"\n",
         b"[    1.0] net.7: link e\x00th0 down after 5 ms (0x1)\n", b"\x00\x00\x00\n",
         b"2026-12-04T12:00:00+0000 s390host kernel: " + b"Z" * 3000000 + b"\n",
         b"{\"MESSAGE\": [1,2,\n", b"\r\n", k + b"\r\n", b"\xff\xfe<3>[ 1.0] xpram.3\n", k]
open(sys.argv[1], "wb").write(b"".join(parts))
