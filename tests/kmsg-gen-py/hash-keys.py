#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The keys whose hashes are the entries' hashed ids, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/hash-keys.py ALL_JSON KEYS

ALL_JSON is kmsg-gen dump of descriptions.  Writes KEYS: for each entry,
in order, its Text and a newline, then "%s: " and the same, each ended
by a NUL byte (the input of the suite's lookup2 program).  Prints
nothing.
"""
import json, sys
with open(sys.argv[2], "wb") as k:
    for l in open(sys.argv[1]):
        t = json.loads(l)["text"].encode() + b"\n"
        k.write(t + b"\0" + b"%s: " + t + b"\0")
