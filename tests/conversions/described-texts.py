#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Described messages and their texts, for tests/22-conversions.sh:

  kmsg-gen dump FILE... | tests/conversions/described-texts.py

Reads the JSON lines of kmsg-gen dump on standard input and prints a
line "TAG<tab>TEXT" a message, TEXT escaped by escape() of
kmsg-formats.py beside it, as kmsg-formats.py --ids prints the calls.
"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
esc = __import__("kmsg-formats").escape
for l in sys.stdin:
    d = json.loads(l)
    print("%s\t%s" % (d["tag"], esc(d["text"])))
