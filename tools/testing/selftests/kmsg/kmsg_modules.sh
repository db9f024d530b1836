#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Module catalogs come and go with their modules: before init runs,
# after a failed init, with two owners of one component and one tag, and
# with a corrupt catalog section.

. "$(dirname "$0")/functions.sh"

A=test_kmsg_cat_a
B=test_kmsg_cat_b
ktap_print_header
ktap_set_plan 22

clear_log
load_mod $A
check "$A loads" [ $? -eq 0 ]
check "its entry existed before its init function printed" \
	log_has "$(pfx kmsgcat.1): module $A loaded, catalog visible at init: yes"
check "entries of the source and of Documentation/kmsg are there" \
	[ -f $SYSFS/kmsgcat/1/text -a -f $SYSFS/kmsgcat/2/text -a -f $SYSFS/kmsgcat/3/text ]
echo hello > /sys/module/$A/parameters/trigger
check "a message printed on demand carries its tag" log_has "$(pfx kmsgcat.2): trigger hello"
expect_eq "the listing names the owner" "$(proc_field kmsgcat.1 3)" "$A"

unload_mod $A
check "rmmod withdraws the entries and the component directory" [ ! -e $SYSFS/kmsgcat ]
check "rmmod withdraws the listing lines" sh -c "! grep -q '^kmsgcat' $PROCFS"

clear_log
load_mod $A fail_init=1 2>/dev/null
check "a failing init makes insmod fail" [ $? -ne 0 ]
check "the entry existed while the failing init ran" \
	log_has "$(pfx kmsgcat.1): module $A loaded, catalog visible at init: yes"
check "a failed init withdraws the entries" [ ! -e $SYSFS/kmsgcat ]
load_mod $A
check "the module loads again afterwards" [ -f $SYSFS/kmsgcat/1/text ]

clear_log
load_mod $B
check "a second owner adds its own entry to the component" \
	[ -f $SYSFS/kmsgcat/10/text -a -f $SYSFS/kmsgcat/1/text ]
line11='kmsgcat.11 Informational test_kmsg_cat_b tab\there, backslash \\ and\nsecond line'
check "the listing escapes a tab, a backslash and a newline in a text" \
	grep -qxF "$line11" $PROCFS
expect_eq "so it has one line per entry" \
	"$(wc -l < $PROCFS)" "$(ls -d $SYSFS/*/* | wc -l)"
expect_eq "the shared tag is served by the first owner" "$(proc_field kmsgcat.3 3)" "$A"
check "one warning names the shared tag and both owners" \
	sh -c "dmesg | grep -cE 'kmsg(\.1)?: kmsgcat\.3 of $B is already served by $A' | grep -qx 1"
unload_mod $A
expect_eq "after the first owner goes, the second serves the shared tag" \
	"$(proc_field kmsgcat.3 3)" "$B"
check "the first owner's own entries are gone, the second's stay" \
	[ ! -e $SYSFS/kmsgcat/1 -a -f $SYSFS/kmsgcat/10/text -a -f $SYSFS/kmsgcat/3/text ]
unload_mod $B
check "the component goes with its last owner" [ ! -e $SYSFS/kmsgcat ]

clear_log
load_mod test_kmsg_corrupt
check "a module with a corrupt catalog section still loads" [ $? -eq 0 ]
why="test_kmsg_corrupt: catalog section rejected: entries or strings run past the section"
check "one log line names the module and the problem (kmsg.2)" \
	sh -c "dmesg | grep -cxE '^kmsg(\.2)?: $why' | grep -qx 1"
check "and it has no catalog" sh -c "! grep -q test_kmsg_corrupt $PROCFS"
unload_mod test_kmsg_corrupt
ktap_finished
