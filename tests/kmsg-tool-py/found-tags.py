#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The tags an explain of a hashed id found, for tests/15-kmsg-tool.sh:

  kmsg --json explain COMPONENT.ID | tests/kmsg-tool-py/found-tags.py TAG=COMPONENT.ID

Reads kmsg --json explain's objects on standard input and prints one
line: the argument, then the tag of each object, separated by spaces.
Exits 0.
"""
import json, sys
print(sys.argv[1], " ".join(json.loads(l)["tag"] for l in sys.stdin))
