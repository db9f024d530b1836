#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""--json annotate of a directory, for tests/15-kmsg-tool.sh:

  tests/kmsg-tool-py/tree-files.py TREE_JSON

TREE_JSON is kmsg --json annotate sosreport, of the suite's copy of the
sosreport fixture (with compressed rotated logs).  Checks that the
objects name the six log files read and that line 3 of var/log/messages
is xpram.4 with @1 = 64Q.  Prints nothing; exits 0 when it is so,
otherwise fails with an AssertionError.
"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
files = sorted(set(r["file"] for r in rows))
assert files == ["sosreport/sos_commands/kernel/dmesg", "sosreport/sos_commands/logs/journalctl_--no-pager_--boot",
                 "sosreport/var/log/dmesg.old.zst", "sosreport/var/log/messages",
                 "sosreport/var/log/messages-20261120.xz", "sosreport/var/log/messages-20261201.gz"], files
r = [r for r in rows if r["file"].endswith("messages") and r["line_number"] == 3][0]
assert r["tag"] == "xpram.4" and r["parameters"][0]["value"] == "64Q", r
