#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The cover letter of the series, for ws/patches.sh:

  ws/patches-cover-letter.py COVER_TEXT COVER_PATCH

COVER_TEXT is the letter: its subject on the first line, the blurb after
it; lines longer than 75 columns are wrapped, continuation lines
indented under the text of a "- " item.  COVER_PATCH, the cover letter
git format-patch --cover-letter wrote, gets the subject and the blurb in
place of "*** SUBJECT HERE ***" and "*** BLURB HERE ***" and loses the
" create mode ..." lines of its diffstat; it is rewritten in place.
Prints nothing.
"""
import re, sys, textwrap
text = open(sys.argv[1]).read()
cover = sys.argv[2]
# a filled-in figure can make a line long: wrap those at 75 columns
def wrap(line):
    if len(line) <= 75:
        return [line]
    ind = re.match(r"\s*(- )?", line).group(0)
    return textwrap.wrap(line, 75, initial_indent="", subsequent_indent=" " * len(ind),
                         break_long_words=False, break_on_hyphens=False)
text = "\n".join(w for l in text.split("\n") for w in wrap(l))
subject, blurb = text.split("\n", 1)
c = open(cover).read()
c = c.replace("*** SUBJECT HERE ***", subject).replace("*** BLURB HERE ***", blurb.strip("\n"))
# the diffstat stays; its "create mode 100644 <long path>" lines go
c = "".join(l for l in c.splitlines(True) if not l.startswith(" create mode "))
open(cover, "w").write(c)
