#!/usr/bin/env python3
"""List a component's descriptions in MAINTAINERS:

    ws/kmsg-maintainers.py MAINTAINERS COMPONENT SOURCE

adds "F:	Documentation/kmsg/s390/COMPONENT" to the section whose F: patterns
cover SOURCE most specifically (the longest literal start of a
matching pattern), among its F:
lines in the alphabetic order checkpatch checks, so that get_maintainer.pl
names the driver's maintainers for a change of the descriptions.  Prints
the section's name; does nothing when the line is there already.
"""
import fnmatch
import sys


def matches(pat, path):
    if pat.endswith("/"):
        return path.startswith(pat)
    if any(c in pat for c in "*?["):
        return fnmatch.fnmatch(path, pat) or fnmatch.fnmatch(path, pat + "/*")
    return path == pat or path.startswith(pat + "/")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, comp, src = sys.argv[1:]
    entry = "Documentation/kmsg/s390/" + comp
    lines = open(path).read().split("\n")
    start = lines.index("Maintainers List") if "Maintainers List" in lines else 0
    # sections: a name line followed by "X:\t" lines, up to a blank line
    best, sections, i = None, [], start
    while i < len(lines):
        if lines[i] and i + 1 < len(lines) and lines[i + 1][1:3] == ":\t" and \
                lines[i][1:3] != ":\t":
            j = i + 1
            while j < len(lines) and lines[j][1:3] == ":\t":
                j += 1
            sections.append((i, j))
            i = j
        else:
            i += 1
    for i, j in sections:
        if lines[i] == "THE REST":
            continue
        for k in range(i + 1, j):
            if lines[k].startswith("F:\t") and matches(lines[k][3:], src):
                # a literal path beats a pattern with wildcards early on
                score = len(lines[k][3:].split("*")[0].split("?")[0])
                if best is None or score > best[0]:
                    best = (score, i, j)
    if best is None:
        sys.exit("kmsg-maintainers: no section covers %s" % src)
    _, i, j = best
    if "F:\t" + entry in lines[i:j]:
        print(lines[i])
        return 0
    at = None
    for k in range(i + 1, j):
        if lines[k].startswith("F:\t"):
            if lines[k][3:] > entry:
                at = k
                break
            at = k + 1
    if at is None:
        sys.exit("kmsg-maintainers: section %s has no F: line" % lines[i])
    lines.insert(at, "F:\t" + entry)
    open(path, "w").write("\n".join(lines))
    print(lines[i])
    return 0


if __name__ == "__main__":
    sys.exit(main())
