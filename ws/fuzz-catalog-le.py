#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A catalog section in little-endian byte order, for ws/fuzz.sh:

  ws/fuzz-catalog-le.py SECTION_BE OUT

SECTION_BE is the .kmsg_catalog section of an s390x (big-endian)
vmlinux: catalogs one after the other, each starting 4-aligned.  Writes
OUT, the same catalogs in little-endian byte order.  Fails with an
AssertionError on a catalog whose magic or entry size is not the
expected one.
"""
import struct, sys
b, out, p = open(sys.argv[1], "rb").read(), bytearray(), 0
while p + 16 <= len(b):
    magic, ver, esz, n, ssz = struct.unpack_from(">IHHII", b, p)
    assert magic == 0x6b6d7367 and esz == 24
    out += struct.pack("<IHHII", magic, ver, esz, n, ssz)
    for i in range(n):
        out += struct.pack("<IIIIIHBB", *struct.unpack_from(">IIIIIHBB", b, p + 16 + 24 * i))
    q = p + 16 + 24 * n
    out += b[q:q + ssz]
    p = (q + ssz + 3) & ~3
    out += bytes(len(out) % 4 and 4 - len(out) % 4)
open(sys.argv[2], "wb").write(bytes(out))
