#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Replace a generated section of a text file, between its markers.

  ws/markers.py FILE NAME [--append] < BODY

The section runs from the line "<!-- NAME: ... -->" to "<!-- /NAME -->";
standard input becomes what lies between them.  --append adds the
section at the end of FILE when FILE has none yet; otherwise a missing
section is an error.  FILE is written only when it changes.
"""
import re
import sys


def replace(text, name, body, append=False):
    """TEXT with section NAME's body replaced by BODY; None if it has none."""
    body = body.strip("\n")
    m = re.search(r"^<!-- %s: [^\n]*-->\n" % re.escape(name), text, re.M)
    end = "<!-- /%s -->" % name
    e = text.find(end, m.end()) if m else -1
    if m and e >= 0:
        return text[:m.end()] + body + "\n" + text[e:]
    if append:
        return "%s\n\n<!-- %s: generated, do not edit -->\n%s\n%s\n" % (
            text.rstrip("\n"), name, body, end)
    return None


def write(path, name, body, append=False):
    """Write section NAME of PATH; False if PATH has no such section."""
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        print("%s: %s" % (path, e.strerror), file=sys.stderr)
        return False
    new = replace(text, name, body, append)
    if new is None:
        print("%s: no <!-- %s: ... --> ... <!-- /%s --> section" % (path, name, name),
              file=sys.stderr)
        return False
    if new != text:
        open(path, "w", encoding="utf-8").write(new)
    return True


def main(argv):
    if len(argv) not in (3, 4) or argv[3:] not in ([], ["--append"]):
        print("usage: ws/markers.py FILE NAME [--append] < BODY", file=sys.stderr)
        return 2
    return 0 if write(argv[1], argv[2], sys.stdin.read(), len(argv) == 4) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
