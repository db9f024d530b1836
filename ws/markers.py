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


def main(argv):
    if len(argv) not in (3, 4) or argv[3:] not in ([], ["--append"]):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    path, name = argv[1], argv[2]
    body = sys.stdin.read().strip("\n")
    text = open(path, encoding="utf-8").read()
    m = re.search(r"^<!-- %s: [^\n]*-->\n" % re.escape(name), text, re.M)
    end = "<!-- /%s -->" % name
    e = text.find(end, m.end()) if m else -1
    if m and e >= 0:
        new = text[:m.end()] + body + "\n" + text[e:]
    elif len(argv) == 4:
        new = "%s\n\n<!-- %s: written by %s -->\n%s\n%s\n" % (
            text.rstrip("\n"), name, "ws/markers.py", body, end)
    else:
        print("%s: no <!-- %s: ... --> ... %s section" % (path, name, end), file=sys.stderr)
        return 1
    if new != text:
        open(path, "w", encoding="utf-8").write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
