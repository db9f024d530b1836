#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The catalog section's bytes as the kernel reads them, for tests/10-kmsg-gen.sh:

  tests/kmsg-gen-py/catalog-layout.py LITTLE_ENDIAN_BIN BIG_ENDIAN_BIN

The two files are what kmsg-gen catalog --data wrote of the same fixture
object, built for x86_64 and for s390x.  Checks that each has the
header, two 24-byte entries and each string once, in its object's byte
order, and that both are the same catalog.  Prints nothing; exits 0 when
it is so, otherwise fails with an AssertionError.
"""
import struct, sys
def catalog(path, bo):
    b = open(path, "rb").read()
    magic, ver, esz, n, ssz = struct.unpack(bo + "IHHII", b[:16])
    assert (magic, ver, esz, n) == (0x6b6d7367, 1, 24, 2), (magic, ver, esz, n)
    strings = b[16 + 24 * n:16 + 24 * n + ssz]
    assert len(b) == 16 + 24 * n + ssz
    assert strings.count(b"fix\0") == 1
    e = [struct.unpack(bo + "IIIIIHBB", b[16 + 24 * i:40 + 24 * i]) for i in range(n)]
    s = lambda o: strings[o:strings.index(b"\0", o)].decode()
    assert [(s(x[0]), x[5], x[6], x[7]) for x in e] == [("fix", 1, 3, 1), ("fix", 2, 4, 1)], e
    assert s(e[0][1]) == "%d is not a valid number of %s"
    assert s(e[0][2]) == "@1: the number, as given\n@2: what was counted; this description runs over two lines"
    assert s(e[1][3]) == "A message described in Documentation/kmsg."
    return e, strings
assert catalog(sys.argv[1], "<") == catalog(sys.argv[2], ">")
