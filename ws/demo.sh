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
'
echo
echo "What you saw: the boot log tagged xpram's error as xpram.3, and the running kernel itself explained its messages from /sys/kernel/kmsg."
