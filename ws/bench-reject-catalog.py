#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A module whose catalog the kernel rejects, for ws/bench.sh:

  ws/bench-reject-catalog.py MODULE.ko OUT.ko

Writes OUT.ko, a copy of the ELF64 module MODULE.ko with the level of the
last entry of its .kmsg_catalog section set out of range (0x7f): the
kernel reads and validates the whole catalog, then rejects it.  Exits
with "no .kmsg_catalog" when MODULE.ko has no such section, with an
AssertionError when the section's magic is wrong or it has no entry.
"""
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
e = ">" if b[5] == 2 else "<"
shoff, = struct.unpack_from(e + "Q", b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", b, 0x3a)
sh = lambda i: struct.unpack_from(e + "IIQQQQIIQQ", b, shoff + i * shentsize)
stroff = sh(shstrndx)[4]
for i in range(shnum):
    name = sh(i)[0]
    if b[stroff + name:stroff + name + 14] == b".kmsg_catalog\0":
        off = sh(i)[4]
        break
else:
    sys.exit("no .kmsg_catalog")
magic, version, esize, nr = struct.unpack_from(e + "IHHI", b, off)
assert magic == 0x6b6d7367 and nr > 0
b[off + 16 + (nr - 1) * esize + 22] = 0x7f
open(sys.argv[2], "wb").write(b)
