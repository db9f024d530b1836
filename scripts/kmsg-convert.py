#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Give the messages of one component message ids.

    kmsg-convert.py [--dry-run] FILE...

FILE... are the source files that share one KMSG_COMPONENT, in the order
their messages are to be numbered.  Every pr_<level>(), dev_<level>() and
printk(KERN_<LEVEL> ...) call of level emerg to info (and the _once and
_ratelimited forms) becomes the kmsg_*() call with the next free id, in
source order, after the highest id the files already use; existing ids
are never changed.  The work is done by
scripts/coccinelle/misc/kmsg.cocci (spatch, Debian's coccinelle); this
script numbers the calls, adds #include <linux/kmsg.h> where needed and
checks the result: every id used, no such call left.  Then make D=1 prints
a description template for each new id.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

COCCI = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     "coccinelle", "misc", "kmsg.cocci")
KMSG_CALL = re.compile(r"\bkmsg_(?:dev_)?(?:emerg|alert|crit|err|warn|notice|info)"
                       r"(?:_once|_ratelimited)?\(\s*(\d+)\s*,")
COMPONENT = re.compile(r'^#define\s+KMSG_COMPONENT\s+"([^"]*)"', re.M)


def die(msg):
    sys.exit("kmsg-convert: " + msg)


def spatch(mode, files, ids=None):
    env = dict(os.environ)
    if ids:
        env["KMSG_IDS"] = ids
    cmd = ["spatch", "--very-quiet", "--no-includes", "--include-headers",
           "-D", mode, "--sp-file", COCCI]
    if mode == "patch":
        cmd.append("--in-place")
    try:
        r = subprocess.run(cmd + files, env=env, capture_output=True, text=True)
    except FileNotFoundError:
        die("spatch not found (Debian package coccinelle)")
    if r.returncode:
        die("spatch failed:\n" + r.stderr)
    return r.stdout


def calls(files):
    """The calls to convert, in numbering order: (file, line, col, function)"""
    order = {f: i for i, f in enumerate(files)}
    found = []
    for line in spatch("report", files).splitlines():
        f, ln, col, fn = line.rsplit(":", 3)
        found.append((order[f], int(ln), int(col), f, fn))
    return [(f, ln, col, fn) for _, ln, col, f, fn in sorted(found)]


def add_include(path):
    with open(path) as f:
        lines = f.read().split("\n")
    if "#include <linux/kmsg.h>" in lines:
        return
    incs = [i for i, l in enumerate(lines) if l.startswith("#include <linux/")]
    if not incs:
        die("%s: no #include <linux/...> to put <linux/kmsg.h> beside" % path)
    at = incs[-1] + 1
    for i in incs:
        if lines[i] > "#include <linux/kmsg.h>":
            at = i
            break
    lines.insert(at, "#include <linux/kmsg.h>")
    with open(path, "w") as f:
        f.write("\n".join(lines))


def rewrite(path, ln, col, fn, n):
    """Give one call its id by hand where spatch matched it (report mode)
    but did not rewrite it, as happens in functions it cannot fully
    parse: rename the call, insert the id and move its continuation
    lines right by as much, so that they stay aligned."""
    if fn.startswith("printk"):
        die("%s:%d: spatch did not convert this printk(); convert it by hand" % (path, ln))
    name = "kmsg_" + fn[3:] if fn.startswith("pr_") else "kmsg_dev_" + fn[4:]
    with open(path) as f:
        lines = f.read().split("\n")
    line = lines[ln - 1]
    if line[col:col + len(fn) + 1] != fn + "(":
        die("%s:%d:%d: expected %s( to give it id %d" % (path, ln, col, fn, n))
    head = "%s(%d, " % (name, n)
    lines[ln - 1] = line[:col] + head + line[col + len(fn) + 1:].lstrip()
    shift = len(head) - len(fn) - 1
    depth, i, j = 0, ln - 1, col
    while True:
        text = lines[i]
        while j < len(text):
            c = text[j]
            if c == '"':
                j += 1
                while j < len(text) and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        if depth == 0 or i + 1 >= len(lines):
            break
        i, j = i + 1, 0
        stripped = lines[i].lstrip(" \t")
        lines[i] = lines[i][:len(lines[i]) - len(stripped)] + " " * shift + stripped
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print("%s:%d: %s -> id %d, rewritten as text (spatch left it)" % (path, ln, fn, n))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dry-run", action="store_true",
                    help="print the ids that would be given, change nothing")
    ap.add_argument("files", nargs="+", metavar="FILE")
    a = ap.parse_args()

    comps, used = set(), []
    for path in a.files:
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            die("%s: %s" % (path, e.strerror))
        m = COMPONENT.search(text)
        if not m:
            die("%s: no #define KMSG_COMPONENT \"...\"" % path)
        comps.add(m.group(1))
        used += [int(i) for i in KMSG_CALL.findall(text)]
    if len(comps) != 1:
        die("the files define different components: " + ", ".join(sorted(comps)))
    comp = comps.pop()

    todo = calls(a.files)
    first = max(used, default=0) + 1
    if first + len(todo) - 1 > 65535:
        die("%s: ids would run past 65535" % comp)
    with tempfile.NamedTemporaryFile("w", suffix=".ids", delete=False) as t:
        for n, (f, ln, col, fn) in enumerate(todo, first):
            t.write("%s:%d:%d %d\n" % (f, ln, col, n))
            print("%s:%d: %s -> %s.%d" % (f, ln, fn, comp, n))
    try:
        if a.dry_run or not todo:
            return 0
        spatch("patch", a.files, t.name)
    finally:
        os.unlink(t.name)

    new = set(range(first, first + len(todo)))
    given = set()
    for path in a.files:
        with open(path) as f:
            given |= {int(i) for i in KMSG_CALL.findall(f.read())}
    missing = sorted(new - given)
    if missing:
        # spatch matched these calls but left them (it does so in functions
        # it cannot fully parse): they are the calls still reported, in the
        # same source order as their ids
        left = calls(a.files)
        if len(left) != len(missing):
            die("spatch left %d calls, %d ids are not given" % (len(left), len(missing)))
        for (f, ln, col, fn), n in sorted(zip(left, missing), key=lambda x: (x[0][0], -x[0][1])):
            rewrite(f, ln, col, fn, n)
    for path in a.files:
        with open(path) as f:
            text = f.read()
        new -= {int(i) for i in KMSG_CALL.findall(text)}
        if KMSG_CALL.search(text):
            add_include(path)
    if new:
        die("ids not given (two calls on one line?): %s" %
            ", ".join("%s.%d" % (comp, i) for i in sorted(new)))
    left = calls(a.files)
    if left:
        die("calls left unconverted:\n" +
            "\n".join("%s:%d: %s" % (f, ln, fn) for f, ln, _, fn in left))
    print("kmsg-convert: %s.%d to %s.%d; make D=1 prints their templates"
          % (comp, first, comp, first + len(todo) - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
