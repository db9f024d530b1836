#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A parameter's value in --json explain LINE, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/parameter-values.py J8

J8 is kmsg --json explain of a net.8 line naming 10.0.0.1.  Checks that
its parameters are @1, its description and the value 10.0.0.1.  Prints
nothing; exits 0 when they are, otherwise fails with an AssertionError.
"""
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r["parameters"] == [{"name": "@1", "description": "address", "value": "10.0.0.1"}], r
