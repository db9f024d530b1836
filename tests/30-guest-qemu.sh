#!/bin/bash
# The kmsg kselftests in the s390x QEMU guest, on the main build:
# CONFIG_KMSG_IDS=y, xpram built in.  The guest boots with facilities=!25
# (a facility the kernel requires: the boot stage warns), which
# kmsg_boot.sh, first, looks for in the kernel log.  kmsg_oops.sh comes
# last: it oopses the kernel on purpose (ws/guest.sh takes that oops as
# expected).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
relay < <(GUEST_APPEND="facilities=!25" "$top/ws/guest-tests.sh" "kmsg_boot.sh kmsg_xpram.sh kmsg_tool.sh kmsg_printk_index.sh kmsg_prefix.sh kmsg_sysfs.sh kmsg_modules.sh kmsg_kunit.sh KMSG_STRESS_CYCLES=1000 kmsg_stress.sh KMSG_TEST_OOPS=1 kmsg_oops.sh")
done_testing
