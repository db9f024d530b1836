#!/usr/bin/env python3
"""Check one component's descriptions against its converted calls without a
kernel build (make D=1 does the same and more on a built tree):

    ws/kmsg-desc-check.py COMPONENT DESCFILE...

The calls are read from the files of build/linux (or $KMSG_SRC) that
define the component;
each tag must be described once, with the call's format as Text, the call's
level as Severity and one @N line per conversion.  Exit 1 on any finding.
"""
import json
import os
import re
import subprocess
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(top, "ws"))
fmts = __import__("kmsg-formats")

LEVEL = {"emerg": "Emerg", "alert": "Alert", "crit": "Critical", "err": "Error",
         "warn": "Warning", "notice": "Notice", "info": "Informational"}
CALL = re.compile(r"\bkmsg_(?:dev_)?(emerg|alert|crit|err|warn|notice|info)"
                  r"(?:_once|_ratelimited)?\(\s*(\d+)\s*,")
CONV = re.compile(r"%(?:%|[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?"
                  r"(?:hh|h|ll|l|L|z|t|j)?[a-zA-Z])")


def convs(fmt):
    n = 0
    for m in CONV.finditer(fmt):
        c = m.group()
        if c == "%%":
            continue
        n += 1   # as kmsg-gen counts: "%.*s" is one value on the line
    return n


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    comp, descs = sys.argv[1], sys.argv[2:]
    ksrc = os.environ.get("KMSG_SRC") or os.path.join(top, "build", "linux")
    files = subprocess.run(["grep", "-rlE", r'define KMSG_COMPONENT\s+"%s"' % re.escape(comp),
                            "arch/s390", "drivers/s390", "net/iucv", "drivers/tty/hvc",
                            "drivers/watchdog", "drivers/char/hw_random",
                            "drivers/pci/hotplug"], cwd=ksrc,
                           capture_output=True, text=True).stdout.split()
    calls = {}
    for f in sorted(files):
        path = os.path.join(ksrc, f)
        text = open(path).read()
        levels = {int(i): lv for lv, i in CALL.findall(text)}
        for line in fmts.formats(path, ids=True):
            i, fmt = line.split("\t", 1)
            calls["%s.%s" % (comp, i)] = (fmt, LEVEL[levels[int(i)]], f)
    gen = os.path.join(top, "build", "obj", "scripts", "kmsg-gen")
    r = subprocess.run([gen, "dump"] + descs, capture_output=True, text=True)
    bad = 0
    if r.returncode:
        print(r.stderr, end="")
        bad += 1
    seen = set()
    for line in r.stdout.splitlines():
        d = json.loads(line)
        t = d["tag"]
        where = "%s:%s: %s" % (d["file"], d["line"], t)
        if t in seen:
            print(where + ": described twice")
            bad += 1
        seen.add(t)
        if t not in calls:
            print(where + ": no such call")
            bad += 1
            continue
        fmt, sev, _ = calls[t]
        if fmts.escape(d["text"]) != fmt:
            print(where + ": Text differs from the call:\n  call: %s\n  desc: %s" % (fmt, fmts.escape(d["text"])))
            bad += 1
        if d["severity"] != sev:
            print(where + ": Severity %s, the call prints %s" % (d["severity"], sev))
            bad += 1
        if len(d["parameters"]) != convs(fmt):
            print(where + ": %d parameters described, the format has %d"
                  % (len(d["parameters"]), convs(fmt)))
            bad += 1
        for k in ("description", "user_action"):
            if not d[k].strip() or "TODO" in d[k]:
                print(where + ": empty or TODO " + k)
                bad += 1
    for t in sorted(set(calls) - seen, key=lambda t: int(t.rsplit(".", 1)[1])):
        print("%s: %s: not described (%s)" % (calls[t][2], t, calls[t][0]))
        bad += 1
    print("%s: %d calls, %d described, %d findings" % (comp, len(calls), len(seen & set(calls)), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
