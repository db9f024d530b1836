# SPDX-License-Identifier: GPL-2.0
"""lookup2 written again, in Python, for tests/15-kmsg-tool.sh:

  from lookup2 import lookup2

A module, not a program: lookup2(key) is Bob Jenkins' lookup2 hash of
the bytes key with initial value 0, as kmsg_lookup2() of
scripts/kmsg-format.h computes it (the ids are its low 24 bits).  The
suite's lookup2-agrees.py and hashed-ids.py import it, with PYTHONPATH
naming this folder.
"""
M = 0xffffffff
def mix(a, b, c):
    for s1, s2, s3 in ((13, 8, 13), (12, 16, 5), (3, 10, 15)):
        a = ((a - b - c) & M) ^ (c >> s1)
        b = ((b - c - a) & M) ^ ((a << s2) & M)
        c = ((c - a - b) & M) ^ (b >> s3)
    return a, b, c
def lookup2(k):
    a = b = 0x9e3779b9; c = 0; i = 0
    while len(k) - i >= 12:
        w = [int.from_bytes(k[i + 4 * j:i + 4 * j + 4], "little") for j in range(3)]
        a, b, c = mix((a + w[0]) & M, (b + w[1]) & M, (c + w[2]) & M)
        i += 12
    c = (c + len(k)) & M
    for j, x in enumerate(k[i:]):
        if j < 4: a = (a + (x << 8 * j)) & M
        elif j < 8: b = (b + (x << 8 * (j - 4))) & M
        else: c = (c + (x << 8 * (j - 7))) & M
    return mix(a, b, c)[2]
