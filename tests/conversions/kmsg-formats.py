#!/usr/bin/env python3
"""The format strings of a C file's message calls, to compare a converted
file with its original:

    tests/conversions/kmsg-formats.py FILE            one format a line, in source order
    tests/conversions/kmsg-formats.py ORIGINAL NEW    exit 1 and show what differs when the
                                       two files' formats are not the same
    tests/conversions/kmsg-formats.py --ids FILE...   "id<TAB>format" of each kmsg call with
                                       an id, the trailing newline dropped,
                                       as compiled, then with backslash,
                                       newline and tab written as \\, \n, \t

A message call is pr_<level>(), dev_<level>() (and their _once and
_ratelimited forms), printk(), kmsg_<level>() / kmsg_dev_<level>() and
kmsg_noid_<level>() / kmsg_noid_printk(), and the s390 boot stage's
boot_printk() and boot_kmsg(NAME, ...), whose id and format are those of
BOOT_KMSG_<NAME> in arch/s390/include/asm/boot_kmsg.h of the same tree
(the boot_printk() and boot_kmsg() of a declaration or of a #define are
not calls).
Its format is the string-literal argument after the id and the device,
adjacent literals joined (KMSG_COMPONENT among them read as the file's
component name, and a macro the file defines as string literals, such as
vfio_ap's MDEV_SHARING_ERR, as those literals), a leading KERN_<LEVEL>
dropped.  Calls whose format is not a literal are listed as <expr>.
"""
import importlib
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "scripts"))
conv = importlib.import_module("kmsg-convert")
LEVELS = "emerg|alert|crit|err|warn|notice|info|debug|cont|devel"
# the kmsg calls as scripts/kmsg-convert.py defines them, the calls they
# replace, and the boot stage's
CALL = re.compile(r"(%s|\b(?:pr_(?:%s)|dev_(?:%s|dbg)|printk)(?:_once|_ratelimited)?|"
                  r"\bboot_printk|\bboot_kmsg)\s*\(" % (conv.KMSG_NAME, LEVELS, LEVELS))
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|/\*.*?\*/|//[^\n]*|'
                   r'[A-Za-z_]\w*|\s+|.', re.S)


def args_of(text, start):
    """The arguments, as token lists, of the call whose '(' ends at start."""
    depth, args, cur = 1, [], []
    for m in TOKEN.finditer(text, start):
        t = m.group()
        if t.startswith("/*") or t.startswith("//") or t.isspace():
            continue
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
            if depth == 0:
                args.append(cur)
                return args
        elif t == "," and depth == 1:
            args.append(cur)
            cur = []
            continue
        cur.append(t)
    return args


ESC = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "a": "\a",
       "b": "\b", "f": "\f", "r": "\r", "v": "\v", "?": "?"}


def unescape(lit):
    """A C string literal's body as the compiler stores it."""
    return re.sub(r"\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)",
                  lambda m: chr(int(m.group(1)[1:], 16)) if m.group(1)[0] == "x"
                  else chr(int(m.group(1), 8)) if m.group(1)[0] in "01234567"
                  else ESC.get(m.group(1), m.group(1)), lit)


def escape(text):
    """One line for any text: backslash, newline and tab written as in C."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def boot_kmsgs(path):
    """BOOT_KMSG_<NAME> of the tree that path is in: name -> (id, literals)."""
    import os
    d = os.path.dirname(os.path.abspath(path))
    while d != "/" and not os.path.isdir(os.path.join(d, "arch")):
        d = os.path.dirname(d)
    h = os.path.join(d, "arch/s390/include/asm/boot_kmsg.h")
    if not os.path.exists(h):
        return {}
    text = open(h, encoding="utf-8").read().replace("\\\n", " ")
    return {m.group(1): (m.group(2), re.findall(r'"(?:\\.|[^"\\])*"', m.group(3)))
            for m in re.finditer(r'^#define\s+BOOT_KMSG_([A-Z0-9_]+)\s+([0-9]+)\s*,\s*"[0-7]"\s*,'
                                 r'\s*((?:"(?:\\.|[^"\\])*"\s*)+)$', text, re.M)}


def formats(path, ids=False):
    text = open(path, encoding="utf-8", errors="replace").read()
    # no calls inside comments or strings: blank them out, keeping offsets
    clean = TOKEN.sub(lambda m: m.group() if not (m.group().startswith("/*") or
                      m.group().startswith("//")) else " " * len(m.group()), text)
    m = re.search(r'^#define\s+KMSG_COMPONENT\s+("[^"]*")', text, re.M)
    comp = m.group(1) if m else None
    # object-like macros that are one or more string literals
    strings = {}
    for d in re.finditer(r'^#define\s+([A-Za-z_]\w*)[ \t]+((?:"(?:\\.|[^"\\])*"[ \t]*)+)$',
                         text, re.M):
        strings[d.group(1)] = re.findall(r'"(?:\\.|[^"\\])*"', d.group(2))
    # where the preprocessor lines are (#define and its continuations)
    directives = [(d.start(), d.end()) for d in
                  re.finditer(r'^[ \t]*#(?:[^\n]*\\\n)*[^\n]*', clean, re.M)]
    boot = None
    out = []
    for m in CALL.finditer(clean):
        name = m.group(1)
        if clean[max(0, m.start() - 1)].isalnum() or clean[m.start() - 1:m.start()] == "_":
            continue
        args = args_of(clean, m.end())
        if name.startswith("boot_"):
            line = clean[clean.rfind("\n", 0, m.start()) + 1:m.start()]
            if re.search(r"\bvoid\b", line) or \
               any(a <= m.start() < b for a, b in directives):
                continue
        if name == "boot_kmsg":
            boot = boot_kmsgs(path) if boot is None else boot
            name_ = "".join(args[0]) if args else ""
            if name_ not in boot:
                out.append("<expr>" if not ids else "%s\t<expr>" % name_)
                continue
            bid, lits = boot[name_]
            fmt = "".join(t[1:-1] for t in lits)
            if not ids:
                out.append(fmt)
            else:
                out.append("%s\t%s" % (bid, escape(re.sub(r"\n$", "", unescape(fmt)))))
            continue
        skip = {"pr": 0, "printk": 0, "dev": 1, "kmsg": 1, "boot": 0}
        kind = "kmsg_dev" if name.startswith("kmsg_dev_") else name.split("_")[0]
        n = 2 if kind == "kmsg_dev" else skip[kind]
        if len(args) <= n:
            continue
        toks = [t for t in args[n] if not re.fullmatch(r"KERN_[A-Z]+", t)]
        # the file's component name, as the preprocessor would paste it
        toks = [comp if t == "KMSG_COMPONENT" and comp else t for t in toks]
        toks = [lit for t in toks for lit in strings.get(t, [t])]
        if toks and all(t.startswith('"') for t in toks):
            fmt = "".join(t[1:-1] for t in toks)
        else:
            fmt = "<expr>"
        if not ids:
            out.append(fmt)
        elif kind.startswith("kmsg") and args[0] != ["0"]:
            if fmt != "<expr>":
                fmt = escape(re.sub(r"\n$", "", unescape(fmt)))
            out.append("%s\t%s" % ("".join(args[0]), fmt))
    return out


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--ids":
        for path in sys.argv[2:]:
            for f in formats(path, ids=True):
                print(f)
        return 0
    if len(sys.argv) == 2:
        for f in formats(sys.argv[1]):
            print(f)
        return 0
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = formats(sys.argv[1]), formats(sys.argv[2])
    if sorted(a) == sorted(b):
        return 0
    for f in sorted(set(a) | set(b)):
        if a.count(f) != b.count(f):
            print("%s: %d before, %d after" % (f, a.count(f), b.count(f)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
