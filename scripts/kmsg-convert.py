#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Give the messages of one component message ids.

    kmsg-convert.py [--dry-run] FILE...
    kmsg-convert.py [--dry-run] --described DESC [--noid N,...] [--kmsg-gen PROG] FILE...

FILE... are the source files that share one KMSG_COMPONENT, in the order
their messages are to be numbered.  Every pr_<level>(), dev_<level>() and
printk(KERN_<LEVEL> ...) call of level emerg to info (and the _once and
_ratelimited forms) becomes the kmsg_*() call with the next free id, in
source order, after the highest id the files already use; existing ids
are never changed.  The work is done by
scripts/coccinelle/misc/kmsg.cocci (spatch, Debian's coccinelle); this
script numbers the calls, lays out the converted calls in kernel style
(tidy(): split format strings joined, continuation lines aligned), adds
#include <linux/kmsg.h> where needed and checks the result: every id
used, no such call left.  Then make D=1 prints
a description template for each new id.

With --described, the messages are already described (a component of
Documentation/kmsg/generic, its entries read by "kmsg-gen dump"): only
the calls whose format is the Text of one of DESC's entries are
converted, each with that entry's id, kmsg_noid_<level>() where the
entry says "Printed: without id" or --noid names it (a line that tools
parse keeps its text); a file without KMSG_COMPONENT gets DESC's name,
and an entry converted without a Printed: line gets one ("with id", or
"without id" for --noid), so that make D=1 ties the call to it.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

COCCI = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     "coccinelle", "misc", "kmsg.cocci")
# The calls of include/linux/kmsg.h, every one with the id first:
# kmsg_<level>() and kmsg_dev_<level>() with their _once and _ratelimited
# forms, kmsg_noid_<level>() and kmsg_noid_printk() (the one definition
# of the pattern; tests/conversions/kmsg-formats.py takes it from here).
KMSG_LEVELS = "emerg|alert|crit|err|warn|notice|info"
KMSG_NAME = (r"\bkmsg_(?:(?:dev_)?(?:%s)(?:_once|_ratelimited)?|noid_(?:%s|printk))"
             % (KMSG_LEVELS, KMSG_LEVELS))
KMSG_CALL = re.compile(KMSG_NAME + r"\(\s*(\d+)\s*,")
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


def rewrite(path, ln, col, fn, n, noid=False):
    """Give one call its id by hand where spatch matched it (report mode)
    but did not rewrite it, as happens in functions it cannot fully
    parse: rename the call, insert the id and move its continuation
    lines right by as much, so that they stay aligned."""
    if fn.startswith("printk"):
        die("%s:%d: spatch did not convert this printk(); convert it by hand" % (path, ln))
    name = "kmsg_" + fn[3:] if fn.startswith("pr_") else "kmsg_dev_" + fn[4:]
    if noid:
        name = "kmsg_noid_" + fn[3:]
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


# After spatch: the layout of the converted calls.  spatch re-aligns the
# continuation lines of every call it rewrites, so the lines of a call are
# all new in the diff and kernel style is judged on them (checkpatch):
# string literals split across lines are joined (the format is the same),
# continuation lines are indented with tabs, then spaces, under the open
# parenthesis, and the lines of a call whose format holds something
# checkpatch objects to but which must stay as it is (KEEP) are kept as
# they were.

TIDY_CALL = re.compile(KMSG_NAME + r"\s*\(")
OLD_CALL = re.compile(r"\b(?:pr_(?:%s|warning)|dev_(?:%s)|printk)" % (KMSG_LEVELS, KMSG_LEVELS) +
                      r"(?:_once|_ratelimited)?\s*\(")
TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*|'
                   r'[A-Za-z_]\w*|\d\w*|[ \t]+|\n|.', re.S)
MAX_COLS = 100
# checkpatch lets a string be split after these (SPLIT_STRING)
SPLIT_OK = re.compile(r'(?:\\(?:[ntr]|[0-7]{1,3}|x[0-9a-fA-F]{1,2})|;\s*|\{\s*)"$')
# formats checkpatch objects to that must stay as they are: %Lx, a blank
# before a newline
KEEP = re.compile(r"%[*\d.$]*L[diouxX]|\s\\n")


def is_str(t):
    return t.startswith('"')


def width(s):
    return len(s.expandtabs(8))


def indent(col):
    return "\t" * (col // 8) + " " * (col % 8)


def blank(text):
    """text with comments and literals blanked, offsets kept"""
    return TOKEN.sub(lambda m: m.group()[0] + " " * (len(m.group()) - 2) + m.group()[-1]
                     if m.group()[0] in "\"'" or m.group().startswith("/*")
                     else " " * len(m.group()) if m.group().startswith("//")
                     else m.group(), text)


def call_end(text, start):
    """offset after the ')' closing the call whose '(' ends at start"""
    depth = 1
    for m in TOKEN.finditer(text, start):
        t = m.group()
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
            if depth == 0:
                return m.end()
    return None


def joinable(a, b, sep):
    """may literal a and the literal b after whitespace sep be one literal?"""
    if "\n" in sep and SPLIT_OK.search(a):
        return False        # a line of a multi-line message: fine as it is
    if re.search(r"\\(?:x[0-9a-fA-F]*|[0-7]{1,3})\"$", a) and re.match(r'"[0-9a-fA-F]', b):
        return False        # the escape would swallow b's first character
    return not a.startswith(("L", "u")) and not b.startswith(("L", "u"))


def join_strings(toks):
    out = []
    for t in toks:
        if is_str(t):
            j = len(out) - 1
            while j >= 0 and out[j].isspace():
                j -= 1
            if j >= 0 and is_str(out[j]) and joinable(out[j], t, "".join(out[j + 1:])):
                out[j:] = [out[j][:-1] + t[1:]]
                continue
        out.append(t)
    return out


def lines_of(toks):
    """token lists, one per line, without leading or trailing blanks"""
    lines, cur = [], []
    for t in toks:
        if t == "\n":
            lines.append(cur)
            cur = []
        elif t.isspace() and not cur:
            continue
        else:
            cur.append(t)
    lines.append(cur)
    for ln in lines:
        while ln and ln[-1].isspace():
            ln.pop()
    return [ln for ln in lines if ln]


def layout(head, lines):
    """The call's text: head (what precedes it on its first line) and
    continuation lines aligned under the innermost open parenthesis."""
    out, stack = [], [width(head)]
    text = head
    for i, ln in enumerate(lines):
        if i:
            text = indent(stack[-1] if stack else width(head) + 8)
        for t in ln:
            col = width(text)
            text += t
            if t == "(":
                stack.append(col + 1)
            elif t == ")" and stack:
                stack.pop()
        out.append(text)
    return out


def exempt(line, first):
    """checkpatch's exemptions from the line length: a logging call or a
    line that ends in a string starting within the limit, or a line that
    is only a string"""
    m = re.search(r'("(?:\\.|[^"\\])*"\s*(?:|,|\)\s*;)\s*)$', line)
    if not m:
        return False
    before = line[:m.start()]
    if not before.strip():
        return True
    return (first and re.match(r"\s*kmsg_", line) is not None and
            '"' not in before and width(before) <= MAX_COLS)


def fit(head, lines):
    """break lines that are too long after or before their format string"""
    for _ in range(len(lines) * 3 + 3):
        text = layout(head, lines)
        for i, s in enumerate(text):
            if width(s) <= MAX_COLS or exempt(s, i == 0):
                continue
            ln = lines[i]
            k = next((k for k, t in enumerate(ln) if is_str(t)), None)
            if k is None:
                continue
            end = k + 1
            while end < len(ln) and ln[end].isspace():
                end += 1
            if end < len(ln) and ln[end] == ",":
                end += 1
            rest = [t for t in ln[end:]]
            while rest and rest[0].isspace():
                rest.pop(0)
            if rest:
                lines[i] = ln[:end]
                if i + 1 < len(lines):
                    merged = rest + [" "] + lines[i + 1]
                    if width(layout(head, lines[:i + 1] + [merged])[-1]) <= MAX_COLS:
                        lines[i + 1] = merged
                        break
                lines.insert(i + 1, rest)
                break
            if k > 0 and i > 0:
                pre = ln[:k]
                while pre and pre[-1].isspace():
                    pre.pop()
                lines[i:i + 1] = [pre, ln[k:]]
                break
        else:
            return text
    return layout(head, lines)


def old_calls(before):
    """the message calls of the file before spatch: the tokens after the
    function's name (a printk()'s KERN_<LEVEL> dropped), the significant
    ones, and the lines"""
    clean = blank(before)
    found = []
    for m in OLD_CALL.finditer(clean):
        end = call_end(before, m.end())
        if end is None:
            continue
        toks = TOKEN.findall(before[m.end():end])
        sig = [t for t in toks if not t.isspace()]
        if m.group().startswith("printk") and sig and sig[0].startswith("KERN_"):
            k = toks.index(sig[0])
            toks = toks[:k] + toks[k + 1:]
            while k < len(toks) and toks[k].isspace() and toks[k] != "\n":
                del toks[k]
            sig = sig[1:]
        found.append((sig, toks, before[m.end():end].split("\n")))
    return found


def tidy(before, after):
    """after, the file as spatch left it, with its kmsg calls laid out;
    before is the file as it was"""
    olds = old_calls(before)
    clean = blank(after)
    out, pos = [], 0
    for m in TIDY_CALL.finditer(clean):
        if m.start() < pos:
            continue
        end = call_end(after, m.end())
        if end is None:
            continue
        bol = after.rfind("\n", 0, m.start()) + 1
        eol = after.find("\n", end)
        eol = len(after) if eol < 0 else eol
        region = after[m.end():end]
        if "\n" + after[bol:eol] + "\n" in "\n" + before + "\n":
            continue            # as it was
        if re.search(r"^\s*#", region, re.M):
            continue            # preprocessor lines inside: leave it
        head = after[bol:m.start()] + m.group()
        toks = TOKEN.findall(region)
        sig = [t for t in toks if not t.isspace()]
        new = None
        if any(KEEP.search(t) for t in join_strings(toks) if is_str(t)):
            new = keep_old(head, sig, after[end:eol], olds)
        if new is None:
            # the line breaks of the call as it was, where it is found
            for i, (osig, otoks, _) in enumerate(olds):
                if len(sig) > 2 and sig[1] == "," and osig == sig[2:]:
                    toks = rebreak(toks, otoks)
                    del olds[i]
                    break
            lines = lines_of(join_strings(toks))
            if after[end:eol]:
                lines[-1].append(after[end:eol])
            new = "\n".join(fit(head, lines))
        out.append(after[pos:bol])
        out.append(new)
        pos = eol
    out.append(after[pos:])
    return "".join(out)


def rebreak(toks, otoks):
    """toks, the call's tokens after spatch, broken into lines where the
    tokens otoks of the call before were (spatch's spacing is kept: it
    writes casts and operators in kernel style)"""
    breaks, k = set(), 0
    for t in otoks:
        if t == "\n":
            breaks.add(k)
        elif not t.isspace():
            k += 1
    out, k, gap = [], -2, []
    for t in toks:
        if t.isspace():
            gap.append(t)
            continue
        if k in breaks:
            out.append("\n")
        elif any("\n" in g for g in gap):
            out.append(" " if out and out[-1] == "," else "")
        else:
            out += gap
        gap = []
        out.append(t)
        k += 1
    return out + gap


def keep_old(head, sig, tail, olds):
    """The call with the lines after its first as they were before
    (checkpatch does not judge unchanged lines), or None when the call
    was not found or its format starts on its first line."""
    # kmsg_<level>(N, args) or kmsg_dev_<level>(N, dev, args)
    if len(sig) < 2 or sig[1] != ",":
        return None
    rest = join_strings(sig[2:])
    for osig, _, old in olds:
        if join_strings(osig) != rest or len(old) < 2:
            continue
        first = old[0].strip()
        if '"' in first:
            return None
        lines = [head + sig[0] + ","]
        if first:
            lines.append(indent(width(head)) + first)
        return "\n".join(lines + old[1:]) + tail
    return None


def described(desc, prog):
    """DESC's entries: {text: (id, printed without id)}"""
    try:
        r = subprocess.run([prog, "dump", desc], capture_output=True, text=True)
    except OSError as e:
        die("%s: %s (build it: make scripts, or --kmsg-gen)" % (prog, e.strerror))
    if r.returncode:
        die("%s dump %s failed:\n%s" % (prog, desc, r.stderr))
    entries = {}
    for line in r.stdout.splitlines():
        e = json.loads(line)
        entries.setdefault(e["text"], (int(e["tag"].rsplit(".", 1)[1]),
                                       e.get("printed_without_id", False)))
    return entries


def unescape(lit):
    """the characters of C string literal lit, without its quotes"""
    return re.sub(r"\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)",
                  lambda m: chr(int(m.group(1)[1:], 16)) if m.group(1)[0] == "x"
                  else chr(int(m.group(1), 8)) if m.group(1)[0].isdigit()
                  else {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)),
                  lit[1:-1])


def format_at(text, ln, col, fn):
    """the format of the call fn( at line ln, column col of text, without
    its newline, or None where it is not only string literals"""
    start = sum(len(x) + 1 for x in text.split("\n")[:ln - 1]) + col
    if not text.startswith(fn + "(", start):
        return None
    end = call_end(text, start + len(fn) + 1)
    toks = [t for t in TOKEN.findall(text[start + len(fn) + 1:end - 1])
            if not t.isspace() and not t.startswith(("/*", "//"))]
    if fn.startswith("dev_"):
        depth = 0
        for k, t in enumerate(toks):
            depth += t in "([{"
            depth -= t in ")]}"
            if t == "," and depth == 0:
                toks = toks[k + 1:]
                break
    fmt = []
    for t in toks:
        if not is_str(t):
            break
        fmt.append(unescape(t))
    if not fmt or (len(toks) > len(fmt) and toks[len(fmt)] != ","):
        return None
    s = "".join(fmt)
    return s[:-1] if s.endswith("\n") else s


def add_component(path, comp):
    """#define KMSG_COMPONENT before the first preprocessor line of path
    (an #include or the #if around them)"""
    with open(path) as f:
        lines = f.read().split("\n")
    at = next((i for i, l in enumerate(lines) if l.startswith("#")), None)
    if at is None:
        die("%s: no preprocessor line to put KMSG_COMPONENT before" % path)
    lines[at:at] = ['#define KMSG_COMPONENT "%s"' % comp, ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def mark_printed(desc, comp, ids):
    """add "Printed: with id" (or "without id" where ids[id] is true)
    after the Severity: line of the entries ids of desc that have no
    Printed: line"""
    with open(desc) as f:
        recs = f.read().split("/*?")
    for k, rec in enumerate(recs):
        m = re.match(r"\s*\* Tag: %s\.(\d+)\n" % re.escape(comp), rec)
        if m and int(m.group(1)) in ids and " * Printed:" not in rec:
            how = "without id" if ids[int(m.group(1))] else "with id"
            recs[k] = re.sub(r"( \* Severity: .*\n)", r"\1 * Printed: " + how + r"\n", rec,
                             count=1)
    with open(desc + ".tmp", "w") as f:
        f.write("/*?".join(recs))
    os.rename(desc + ".tmp", desc)


def read_sources(files):
    """{path: text} of files, in their order"""
    texts = {}
    for path in files:
        try:
            with open(path) as f:
                texts[path] = f.read()
        except OSError as e:
            die("%s: %s" % (path, e.strerror))
    return texts


def convert_described(a):
    comp = os.path.basename(a.described)
    entries = described(a.described, a.kmsg_gen)
    before = read_sources(a.files)
    for path, text in before.items():
        m = COMPONENT.search(text)
        if m and m.group(1) != comp:
            die("%s: KMSG_COMPONENT is \"%s\", not %s" % (path, m.group(1), comp))
    todo = []
    for f, ln, col, fn in calls(a.files):
        fmt = format_at(before[f], ln, col, fn)
        if fmt not in entries or fn.startswith("printk"):
            continue
        n, noid = entries[fmt]
        noid = noid or n in a.noid
        if noid and not fn.startswith("pr_"):
            print("%s:%d: %s: %s.%d is printed without id, left as it is" % (f, ln, fn, comp, n))
            continue
        todo.append((f, ln, col, fn, n, noid))
        print("%s:%d: %s -> %s.%d%s" % (f, ln, fn, comp, n, " (noid)" if noid else ""))
    if a.dry_run or not todo:
        return 0
    for path in a.files:
        if not COMPONENT.search(before[path]) and any(t[0] == path for t in todo):
            add_component(path, comp)
    with tempfile.NamedTemporaryFile("w", suffix=".ids", delete=False) as t:
        for f, ln, col, fn, n, noid in todo:
            if not COMPONENT.search(before[f]):
                ln += 2
            t.write("%s:%d:%d %s%d\n" % (f, ln, col, "noid:" if noid else "", n))
    try:
        spatch("patch", a.files, t.name)
    finally:
        os.unlink(t.name)
    want = {}
    for f, ln, col, fn, n, noid in todo:
        want.setdefault(f, []).append((ln + (0 if COMPONENT.search(before[f]) else 2),
                                       col, fn, n, noid))
    for path, calls_of in want.items():
        with open(path) as f:
            text = f.read()
        given = {int(i) for i in KMSG_CALL.findall(text)}
        for ln, col, fn, n, noid in sorted(calls_of, key=lambda c: -c[0]):
            if n not in given:
                rewrite(path, ln, col, fn, n, noid)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(tidy(before[path], text))
        add_include(path)
    mark_printed(a.described, comp, {t[4]: t[5] for t in todo})
    print("kmsg-convert: %d calls of %s converted" % (len(todo), comp))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dry-run", action="store_true",
                    help="print the ids that would be given, change nothing")
    ap.add_argument("--described", metavar="DESC",
                    help="convert only the calls DESC describes, with its ids")
    ap.add_argument("--noid", default="", metavar="N,...",
                    help="with --described: the ids printed without id")
    ap.add_argument("--kmsg-gen", default="scripts/kmsg-gen", metavar="PROG",
                    help="the kmsg-gen that reads DESC (default: %(default)s)")
    ap.add_argument("files", nargs="+", metavar="FILE")
    a = ap.parse_args()
    try:
        a.noid = {int(n) for n in a.noid.split(",") if n}
    except ValueError:
        die("--noid %s: not a list of ids" % a.noid)
    if a.described:
        return convert_described(a)

    comps, used, before = set(), [], read_sources(a.files)
    for path, text in before.items():
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
            with open(path, "w") as f:
                f.write(tidy(before[path], text))
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
