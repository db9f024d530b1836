#!/bin/bash
# The kmsg kselftests in the s390x QEMU guest, on the main build:
# CONFIG_KMSG_IDS=y, xpram built in.
top=$(cd "$(dirname "$0")/.." && pwd)
exec "$top/ws/guest-tests.sh" "kmsg_xpram.sh kmsg_tool.sh kmsg_printk_index.sh kmsg_prefix.sh kmsg_sysfs.sh kmsg_modules.sh kmsg_kunit.sh kmsg_stress.sh"
