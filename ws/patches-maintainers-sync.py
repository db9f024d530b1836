#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The KMSG section of MAINTAINERS as of a commit, for ws/patches.sh:

  ws/patches-maintainers-sync.py FINAL_MAINTAINERS

Run in the tree being committed.  When its MAINTAINERS has the section
"KERNEL MESSAGE CATALOG (KMSG)", that section becomes the one of
FINAL_MAINTAINERS (the file of the whole series) without the F: lines
that match no file in the tree yet (a pattern as get_maintainer.pl reads
it: a folder ending in '/', or a glob); MAINTAINERS is rewritten in
place.  Otherwise nothing is done.  Prints nothing.
"""
import glob, os, sys
final = open(sys.argv[1]).read().split("\n")
cur = open("MAINTAINERS").read().split("\n")
def section(lines):
    s = lines.index("KERNEL MESSAGE CATALOG (KMSG)") if "KERNEL MESSAGE CATALOG (KMSG)" in lines else -1
    if s < 0:
        return s, s
    e = s
    while e < len(lines) and lines[e]:
        e += 1
    return s, e
fs, fe = section(final)
cs, ce = section(cur)
if cs < 0:
    sys.exit(0)
def exists(pattern):
    return bool(glob.glob(pattern.rstrip("/")))
keep = [l for l in final[fs:fe] if not l.startswith("F:\t") or exists(l[3:])]
cur[cs:ce] = keep
open("MAINTAINERS", "w").write("\n".join(cur))
