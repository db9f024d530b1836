#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The good block among malformed ones, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/good-block-dumped.py BAD_JSON

BAD_JSON is kmsg-gen dump of tests/kmsg-gen/malformed.txt.  Checks that
it holds exactly one entry, bad.3.  Prints nothing; exits 0 when it is
so, otherwise fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["tag"] for r in rows] == ["bad.3"]
