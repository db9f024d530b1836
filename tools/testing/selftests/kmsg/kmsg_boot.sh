#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The s390 boot stage's messages (arch/s390/boot) have ids and entries in
# vmlinux's catalog, and those it printed before a successful boot are in
# the kernel log.  A command line with facilities=!<bit>, a facility the
# kernel requires (25, store clock fast, at every machine level), makes
# the boot stage warn (boot.5) and list the facility (boot.3); the test
# runs when the command line has it.  KMSG_IDS=n checks a kernel built
# with CONFIG_KMSG_IDS=n: as in 6.12, no line of the boot stage is in the
# kernel log.

. "$(dirname "$0")/functions.sh"

ktap_print_header
if [ ! -d "$SYSFS/boot" ]; then
	ktap_set_plan 1
	ktap_test_skip "no boot component in the catalog (s390, CONFIG_KMSG_CATALOG)"
	ktap_finished
fi
bit=$(sed -n 's/.*facilities=!\([0-9][0-9]*\).*/\1/p' /proc/cmdline)
if [ -z "$bit" ]; then
	ktap_set_plan 1
	ktap_test_skip "no facilities=!<bit> on the command line (25 makes the boot stage warn)"
	ktap_finished
fi
# the log's records from the first on ("level,seq,time,flags;text"):
# /dev/kmsg keeps them after dmesg -c
timeout 1 cat /dev/kmsg > /tmp/kmsg-boot 2>/dev/null
if [ "${KMSG_IDS:-y}" = n ]; then
	ktap_set_plan 2
	check "without ids the boot stage's warning is not in the kernel log, as in 6.12" \
		sh -c "grep -q 'Kernel command line:' /tmp/kmsg-boot &&
		       ! grep -q 'requires facilities cleared' /tmp/kmsg-boot"
	expect_eq "the catalog describes it still: boot.5's text in sysfs" \
		"$(cat "$SYSFS/boot/5/text")" \
		"Warning: The Linux kernel requires facilities cleared via command line option"
	ktap_finished
fi
ktap_set_plan 7
warn="boot.5: Warning: The Linux kernel requires facilities cleared via command line option"
list="boot.3: Missing facilities: $bit"
# level "level;text" of each record
recs=$(sed -n 's/^\([0-9]*\),[^;]*;/\1;/p' /tmp/kmsg-boot)

expect_eq "the warning is in the kernel log once, with its tag, at level 4" \
	"$(echo "$recs" | grep -cxF "4;$warn")" 1
expect_eq "the list of missing facilities follows it, with its tag, at level 4" \
	"$(echo "$recs" | grep -A1 -xF "4;$warn" | tail -n 1)" "4;$list"
first_setup=$(echo "$recs" | grep -n ';setup\.' | head -n 1 | cut -d: -f1)
at=$(echo "$recs" | grep -n -xF "4;$warn" | head -n 1 | cut -d: -f1)
check "both come before the kernel's own first line of setup_arch() (setup.7-10)" \
	[ -n "$at" ] && [ -n "$first_setup" ] && [ "$at" -lt "$first_setup" ]
check "no other line of the boot stage is in the log" \
	[ "$(echo "$recs" | grep -c ';boot\.')" -eq 2 ]

expect_eq "sysfs: boot.5's text is the boot stage's format" \
	"$(cat "$SYSFS/boot/5/text")" \
	"Warning: The Linux kernel requires facilities cleared via command line option"
expect_eq "sysfs: boot.3 is a warning" "$(cat "$SYSFS/boot/3/severity")" "Warning"

out=$(printf '%s\n%s\n' "$warn" "$list" | kmsg annotate)
check "kmsg annotate explains both lines from sysfs" \
	sh -c "echo \"\$1\" | grep -q '^-- boot.5 (' &&
	       echo \"\$1\" | grep -q '^-- boot.3 (' &&
	       echo \"\$1\" | grep -q '^-- Source: sysfs'" - "$out"
ktap_finished
