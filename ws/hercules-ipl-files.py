#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The files Hercules loads the kernel from, for ws/hercules.sh:

  ws/hercules-ipl-files.py DIR APPEND

DIR holds bzImage and initrd.  Writes there initrd.addr (the initrd's
address and size, where arch/s390/include/asm/setup.h has them), cmdline
(the console arguments followed by APPEND, NUL-terminated) and linux.ins,
the list of files and their load addresses for Hercules' ipl command.
Prints nothing.
"""
import os, struct, sys
h, append = sys.argv[1], sys.argv[2]
# arch/s390/include/asm/setup.h: initrd start and size at 0x10408/0x10410,
# the command line at 0x10480.
open(os.path.join(h, "initrd.addr"), "wb").write(
    struct.pack(">QQ", 0x02000000, os.path.getsize(os.path.join(h, "initrd"))))
cmd = "conmode=3215 condev=0x0009 console=ttyS0 quiet " + append
open(os.path.join(h, "cmdline"), "wb").write(cmd.strip().encode() + b"\0")
with open(os.path.join(h, "linux.ins"), "w") as f:
    f.write("bzImage 0x00000000\ncmdline 0x00010480\n"
            "initrd 0x02000000\ninitrd.addr 0x00010408\n")
