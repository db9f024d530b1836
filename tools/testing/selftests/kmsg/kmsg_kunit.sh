#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs the KUnit suites of the catalog (kmsg_catalog_test.ko): the
# section's validation and the registry's logic, and reports their verdicts.

. "$(dirname "$0")/functions.sh"

ktap_print_header
ktap_set_plan 3
clear_log
ko=$(find /lib/modules -name kmsg_catalog_test.ko | head -n 1)
modprobe kmsg_catalog_test 2>/dev/null || insmod "$ko"
dmesg | sed -n '/KTAP version/,$p' | sed 's/^/# /'
check "KUnit suite kmsg_catalog passes" \
	sh -c "dmesg | grep -qE '^ok [0-9]+ kmsg_catalog\$'"
check "KUnit suite kmsg_registry passes" \
	sh -c "dmesg | grep -qE '^ok [0-9]+ kmsg_registry\$'"
check "and none of their cases failed" \
	sh -c "! dmesg | sed -n '/KTAP version/,\$p' | grep -qE '^[[:space:]]*not ok'"
rmmod kmsg_catalog_test 2>/dev/null
ktap_finished
