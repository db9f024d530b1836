#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Helpers of the kmsg selftests: KTAP output, module and sysfs checks.

KMSG_DIR=$(cd "$(dirname "$0")" && pwd)
. "$KMSG_DIR/../kselftest/ktap_helpers.sh"

SYSFS=/sys/kernel/kmsg
PROCFS=/proc/kmsg_catalog
MODDIR=${KMSG_TEST_MODULES:-$KMSG_DIR/test_modules}

# check DESCRIPTION COMMAND...: one KTAP result for a command's status
check() {
	desc=$1
	shift
	if "$@"; then
		ktap_test_pass "$desc"
	else
		ktap_test_fail "$desc"
	fi
}

# expect_eq DESCRIPTION ACTUAL EXPECTED
expect_eq() {
	if [ "$2" = "$3" ]; then
		ktap_test_pass "$1"
	else
		ktap_print_msg "expected: '$3'"
		ktap_print_msg "actual:   '$2'"
		ktap_test_fail "$1"
	fi
}

load_mod() {
	m=$1
	shift
	insmod "$MODDIR/$m.ko" "$@"
}

unload_mod() {
	rmmod "$1"
}

# Log lines printed since the last clear_log, without levels.
clear_log() {
	dmesg -c >/dev/null
}

log_has() {
	dmesg | grep -qxF "$1"
}

# The severity shown in the procfs listing for TAG, and its owner.
proc_field() {
	awk -v t="$1" -v f="$2" '$1 == t { print $f }' "$PROCFS"
}

# The prefix a tag shows in the log: "comp.id", or "comp" with KMSG_IDS=n.
pfx() {
	if [ "${KMSG_IDS:-y}" = y ]; then
		echo "$1"
	else
		echo "${1%.*}"
	fi
}
