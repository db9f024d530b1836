#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
records.py OUT.bin < DUMP.json

The call-site records (Documentation/kmsg/index.rst) of one kmsg_*() call
per description that kmsg-gen dump printed, the call's file being the
description's own, so kmsg-gen finds the description there: the
.kmsg.records section of an object that prints every described message,
for tests that need all of them without a kernel build.
"""
import json
import sys

LEVELS = ['Emerg', 'Alert', 'Critical', 'Error', 'Warning', 'Notice',
          'Informational']

out = bytearray()
for line in sys.stdin:
    d = json.loads(line)
    fields = ['kmsg-v1', d['tag'], str(LEVELS.index(d['severity'])), d['file'],
              str(d['line']), d['text'] + '\n']
    for f in fields:
        out += f.encode('utf-8') + b'\0'
with open(sys.argv[1], 'wb') as f:
    f.write(out)
