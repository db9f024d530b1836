#!/usr/bin/env python3
"""The packages a fresh Debian has after ws/deps.sh, as this machine's
installed packages tell: the Essential and Priority: required ones (a
fresh Debian has them), the packages of ws/deps.sh's list, and all that
these need through Depends and Pre-Depends, not Recommends (deps.sh
installs with --no-install-recommends).  Of alternatives "a | b" each
installed one counts; a virtual package counts as its installed providers.

  tests/packages/deps-closure.py [--drop PKG]... [PKG...]    print the closure
  tests/packages/deps-closure.py [--drop PKG]... --check MAP
      MAP has "PKG PATH" lines (tests/packages/used-packages.sh --map): print
      "missing PKG (PATH needs it)" for each PKG not in the closure, and
      exit 1 if there is one.

Without PKG the list is `ws/deps.sh --list`.  DEPS_DROP="PKG ..." in the
environment drops packages from it too (tests/08-packages.sh's self-test).
"""
import argparse
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIELDS = ["Package", "Status", "Essential", "Priority", "Provides",
          "Depends", "Pre-Depends"]


def names(field):
    """'a (>= 1) | b:any, c' -> [['a', 'b'], ['c']]"""
    groups = []
    for group in field.split(","):
        alts = [re.split(r"[\s(:\[]", a.strip(), maxsplit=1)[0]
                for a in group.split("|")]
        alts = [a for a in alts if a]
        if alts:
            groups.append(alts)
    return groups


def installed():
    """{name: {field: value}} of the installed packages (all architectures
    of a name together), and {virtual name: {providers}}."""
    fmt = "\\t".join("${%s}" % f for f in FIELDS) + "\\n"
    out = subprocess.run(["dpkg-query", "-W", "-f", fmt], check=True,
                         capture_output=True, text=True).stdout
    pkgs, provides = {}, {}
    for line in out.splitlines():
        rec = dict(zip(FIELDS, line.split("\t")))
        if rec["Status"].split()[-1:] != ["installed"]:
            continue
        name = rec["Package"]
        if name in pkgs:       # another architecture of it
            old = pkgs[name]
            rec["Depends"] += ", " + old["Depends"]
            rec["Pre-Depends"] += ", " + old["Pre-Depends"]
        pkgs[name] = rec
        for group in names(rec["Provides"]):
            provides.setdefault(group[0], set()).add(name)
    return pkgs, provides


def closure(roots, pkgs, provides):
    def resolve(name):
        if name in pkgs:
            return {name}
        return provides.get(name, set())

    seen, todo = set(), []
    for r in roots:
        found = resolve(r)
        if not found:
            print(f"deps-closure: {r} from the list is not installed: "
                  "what it needs is unknown", file=sys.stderr)
            seen.add(r)
        todo.extend(found)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        rec = pkgs[p]
        for group in names(rec["Depends"] + ", " + rec["Pre-Depends"]):
            for alt in group:
                todo.extend(resolve(alt) - seen)
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--drop", action="append", default=[])
    ap.add_argument("--check", metavar="MAP")
    ap.add_argument("pkgs", nargs="*")
    args = ap.parse_args()
    listed = args.pkgs or subprocess.run(
        [os.path.join(TOP, "ws", "deps.sh"), "--list"], check=True,
        capture_output=True, text=True).stdout.split()
    drop = set(args.drop) | set(os.environ.get("DEPS_DROP", "").split())
    listed = [p for p in listed if p not in drop]

    pkgs, provides = installed()
    base = [n for n, r in pkgs.items()
            if r["Essential"] == "yes" or r["Priority"] == "required"]
    have = closure(base + listed, pkgs, provides)
    print(f"# deps-closure: {len(listed)} listed packages"
          f"{' (without ' + ' '.join(sorted(drop)) + ')' if drop else ''}, "
          f"{len(base)} essential or required, {len(have)} in the closure",
          file=sys.stderr)
    if not args.check:
        print("\n".join(sorted(have)))
        return 0
    missing = {}
    with open(args.check) as f:
        for line in f:
            pkg, _, path = line.strip().partition(" ")
            if pkg and pkg not in have:
                missing.setdefault(pkg, path)
    for pkg, path in sorted(missing.items()):
        print(f"missing {pkg} ({path} needs it)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
