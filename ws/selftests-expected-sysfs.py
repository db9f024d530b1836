#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The expected sysfs files of the kmsg kselftests, for ws/guest-tests.sh:

  kmsg-gen dump FILE... | ws/selftests-expected-sysfs.py DEST

Reads the JSON lines of kmsg-gen dump on standard input and writes, for
each message, DEST/<tag>/text, severity, parameters, description and
user_action, each the value followed by a newline, the parameters as
lines "<name>: <description>" (name being "@N").  Prints nothing.
"""
import json, os, sys
dest = sys.argv[1]
for line in sys.stdin:
    d = json.loads(line)
    t = os.path.join(dest, d["tag"])
    os.makedirs(t, exist_ok=True)
    params = "\n".join("%s: %s" % (p["name"], p["description"]) for p in d["parameters"])
    for name, value in (("text", d["text"]), ("severity", d["severity"]),
                        ("parameters", params), ("description", d["description"]),
                        ("user_action", d["user_action"])):
        with open(os.path.join(t, name), "w") as f:
            f.write(value + "\n")
