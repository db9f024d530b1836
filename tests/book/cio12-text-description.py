#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""cio.12's text and description, for tests/28-book.sh:

  kmsg-gen dump Documentation/kmsg/s390/cio | tests/book/cio12-text-description.py

Reads the JSON lines of kmsg-gen dump on standard input and prints the
text of cio.12 on one line and its description, white space collapsed
to single spaces, on the next (nothing when cio.12 is missing).
"""
import json, sys
for l in sys.stdin:
    d = json.loads(l)
    if d["tag"] == "cio.12":
        print(d["text"]); print(" ".join(d["description"].split()))
