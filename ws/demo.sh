#!/bin/bash
# What `make` shows at the end: the kernel boots, xpram reports that QEMU
# has no expanded storage, and the catalog explains that message.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

echo "== Booting the s390x kernel in QEMU =="
"$top/ws/guest.sh" '
echo "\$ uname -rm"; uname -rm
echo "\$ dmesg | grep xpram"; dmesg | grep xpram
echo "\$ cat /sys/kernel/kmsg/xpram/1/description"; cat /sys/kernel/kmsg/xpram/1/description
echo "\$ cat /sys/kernel/kmsg/xpram/3/user_action"; cat /sys/kernel/kmsg/xpram/3/user_action
echo "\$ dmesg | grep ^xpram | kmsg annotate"; dmesg | grep ^xpram | kmsg annotate
'
echo
echo "What you saw: QEMU has no expanded storage, so xpram logged its error with the tag xpram.3, and the running kernel explained that message (and xpram.1) from its own catalog in /sys/kernel/kmsg."
