#!/usr/bin/env python3
"""Lay out the kmsg_*() calls of a converted file in kernel style:

    ws/kmsg-tidy.py ORIGINAL FILE...

Each FILE is rewritten in place by tidy() of scripts/kmsg-convert.py (which
runs it itself after spatch), ORIGINAL being the file before conversion
(for one FILE) or the folder the originals are in under the same relative
paths (quilt's .pc/<patch>/).  Calls whose lines are as in the original
are left alone; in the others string literals split across lines are
joined, continuation lines indented with tabs and spaces under the open
parenthesis, and the lines of a call whose format holds %L kept as they
were.
"""
import importlib.util
import os
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location(
    "kmsg_convert", os.path.join(top, "scripts", "kmsg-convert.py"))
conv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conv)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    orig, files = sys.argv[1], sys.argv[2:]
    for path in files:
        src = os.path.join(orig, path) if os.path.isdir(orig) else orig
        with open(src, encoding="utf-8", errors="surrogateescape") as f:
            before = f.read()
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            after = f.read()
        new = conv.tidy(before, after)
        if new != after:
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(new)
            print("kmsg-tidy: %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
