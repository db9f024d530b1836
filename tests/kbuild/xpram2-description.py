#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The first line of xpram.2's description, for tests/20-kbuild.sh:

  kmsg-gen dump Documentation/kmsg/s390/xpram | tests/kbuild/xpram2-description.py

Reads the JSON lines of kmsg-gen dump on standard input and prints the
first line of the description of xpram.2 (nothing when it is missing).
"""
import json, sys
for l in sys.stdin:
    d = json.loads(l)
    if d["tag"] == "xpram.2":
        print(d["description"].split("\n")[0])
