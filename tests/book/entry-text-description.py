#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""An entry's text and description, for tests/28-book.sh and 29-man.sh:

  kmsg-gen dump FILE... | tests/book/entry-text-description.py TAG [WIDTH]

Reads the JSON lines of kmsg-gen dump on standard input and prints the
text of TAG on one line and its description, white space collapsed to
single spaces and cut to WIDTH characters if given, on the next (nothing
when TAG is missing).
"""
import json, sys
tag = sys.argv[1]
width = int(sys.argv[2]) if len(sys.argv) > 2 else None
for l in sys.stdin:
    d = json.loads(l)
    if d["tag"] == tag:
        print(d["text"]); print(" ".join(d["description"].split())[:width])
