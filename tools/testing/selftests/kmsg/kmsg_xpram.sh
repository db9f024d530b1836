#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# xpram where there is no expanded storage (QEMU): the driver reports
# xpram.3 and fails with -ENODEV, built in (at boot) or as a module; the
# module's catalog goes with it.  KMSG_IDS=n expects the plain prefix.

. "$(dirname "$0")/functions.sh"

[ "${KMSG_IDS:-y}" = y ] && tag=xpram.3 || tag=xpram
line="<3>$tag: No expanded memory available"
ktap_print_header

if [ -z "$(find /lib/modules -name xpram.ko 2>/dev/null)" ]; then
	ktap_set_plan 3
	check "the boot log has '$line'" sh -c "dmesg -r | grep -qxF '$line'"
	check "xpram's entries are registered by vmlinux" \
		sh -c "grep -q '^xpram.3 Error vmlinux No expanded memory available\$' $PROCFS"
	check "no xpram block device exists" [ ! -e /dev/xpram0 ]
else
	ktap_set_plan 4
	clear_log
	err=$(modprobe xpram 2>&1)
	rc=$?
	check "modprobe xpram fails" [ $rc -ne 0 ]
	ktap_print_msg "modprobe said: $err"
	check "with ENODEV ('No such device')" sh -c 'echo "$1" | grep -q "No such device"' _ "$err"
	check "the log has '$line'" sh -c "dmesg -r | grep -qxF '$line'"
	check "the module's catalog went with it" [ ! -e $SYSFS/xpram ]
fi
ktap_finished
