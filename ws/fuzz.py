#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Seeds and results of ws/fuzz.sh:

  ws/fuzz.py le SECTION_BE OUT     OUT: the catalogs of an s390x (big-endian)
                                   .kmsg_catalog section, one after the other
                                   4-aligned, in little-endian byte order
  ws/fuzz.py two FIRST SECOND OUT  OUT: a section of two catalogs, FIRST,
                                   zeros to a multiple of 4, SECOND
  ws/fuzz.py table SUMMARY         from "TARGET EXECS WALL_SECONDS CRASHES"
                                   lines: "TARGET|EXECS|EXECS/S|WALL|CRASHES"
                                   a target, then "total|..." of all
A catalog with a wrong magic or entry size fails with an AssertionError.
"""
import struct
import sys


def le(section, out):
    b, o, p = open(section, "rb").read(), bytearray(), 0
    while p + 16 <= len(b):
        magic, ver, esz, n, ssz = struct.unpack_from(">IHHII", b, p)
        assert magic == 0x6b6d7367 and esz == 24
        o += struct.pack("<IHHII", magic, ver, esz, n, ssz)
        for i in range(n):
            o += struct.pack("<IIIIIHBB", *struct.unpack_from(">IIIIIHBB", b, p + 16 + 24 * i))
        q = p + 16 + 24 * n
        o += b[q:q + ssz]
        p = (q + ssz + 3) & ~3
        o += bytes(-len(o) % 4)
    open(out, "wb").write(bytes(o))


def two(first, second, out):
    a, b = (open(f, "rb").read() for f in (first, second))
    open(out, "wb").write(a + bytes(-len(a) % 4) + b)


def table(summary):
    rows = [line.split() for line in open(summary)]
    for t, e, w, c in rows:
        print("%s|{:,}|{:,}|%s|%s".format(int(e), int(int(e) / max(float(w), 0.001))) % (t, w, c))
    e, w = sum(int(r[1]) for r in rows), sum(float(r[2]) for r in rows)
    print("total|{:,}|{:,}|{:.1f}|{}".format(
        e, int(e / max(w, 0.001)), w, sum(int(r[3]) for r in rows)))


if __name__ == "__main__":
    cmds = {"le": le, "two": two, "table": table}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        sys.exit(__doc__)
    cmds[sys.argv[1]](*sys.argv[2:])
