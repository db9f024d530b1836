#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fault injection into catalog registration: test_kmsg_cat_a is loaded
# again and again, each time with the Nth allocation made with the
# catalog's code on the stack failing (failslab, /proc/self/fail-nth and a
# stack filter on kernel/kmsg_catalog.c), until eight loads in a row
# report no injected failure.  (An allocation made with __GFP_NOWARN,
# such as kmemleak's own bookkeeping, fails without a report and is
# handled where it is made, so one quiet load is not yet the end.)  Each
# time the module loads and works, its catalog is
# either registered whole or not at all (sysfs and the listing agree), and
# exactly one log line reports a failed registration.  kmemleak (on the
# debug kernel) then checks that nothing leaked.

. "$(dirname "$0")/functions.sh"

A=test_kmsg_cat_a
fs=/sys/kernel/debug/failslab
ktap_print_header
if [ ! -d $fs ] || [ ! -e /proc/self/fail-nth ]; then
	ktap_skip_all "needs CONFIG_FAILSLAB and CONFIG_FAULT_INJECTION_DEBUG_FS"
	exit $KSFT_SKIP
fi
if [ ! -f $fs/require-start ]; then
	ktap_skip_all "needs CONFIG_FAULT_INJECTION_STACKTRACE_FILTER"
	exit $KSFT_SKIP
fi
ktap_set_plan 6

# The text of kernel/kmsg_catalog.c: from its first function to the
# symbol after its last one (names listed at build time in
# catalog_functions; addresses from /proc/kallsyms).
range=$(sort /proc/kallsyms | awk -v list="$KMSG_DIR/catalog_functions" '
	BEGIN { while ((getline f < list) > 0) want[f] = 1 }
	{ addr[NR] = $1 }
	$3 in want { if (!start) start = $1; last = NR }
	END {
		for (i = last + 1; start && i <= NR; i++)
			if (addr[i] != addr[last]) { print "0x" start, "0x" addr[i]; exit }
	}')
set -- $range
check "the catalog's code is found in /proc/kallsyms" [ $# -eq 2 ]
echo "$1" > $fs/require-start
echo "$2" > $fs/require-end
echo 1 > $fs/verbose
echo N > $fs/ignore-gfp-wait
echo -1 > $fs/times
ktap_print_msg "failing allocations with code from $1 to $2 on the stack"

sysfs_count() { ls -d $SYSFS/kmsgcat/* 2>/dev/null | wc -l; }
proc_count() { grep -c "^kmsgcat\.[0-9]* [A-Za-z]* $A " $PROCFS; }

n=0 injected=0 quiet=0 loadfail= half= lines=
while [ $quiet -lt 8 ] && [ $n -lt 500 ]; do
	n=$((n + 1))
	clear_log
	sh -c "echo $n > /proc/self/fail-nth && exec insmod $MODDIR/$A.ko" 2>/dev/null
	rc=$?
	if dmesg | grep -q 'FAULT_INJECTION: forcing a failure'; then
		injected=$((injected + 1))
		quiet=0
	else
		quiet=$((quiet + 1))
	fi
	[ $rc -eq 0 ] || loadfail="$loadfail $n"
	s=$(sysfs_count) p=$(proc_count)
	# whole (its 4 entries in sysfs and in the listing) or nothing at all
	if ! { [ "$s" -eq 4 ] && [ "$p" -eq 4 ]; } &&
	   ! { [ "$s" -eq 0 ] && [ "$p" -eq 0 ]; }; then
		half="$half $n($s/$p)"
	fi
	l=$(dmesg | grep -cE "^kmsg(\.3)?: $A: catalog not registered: -12\$")
	if [ "$s" -eq 0 ] && [ "$l" -ne 1 ]; then
		lines="$lines $n($l)"
	elif [ "$s" -eq 4 ] && [ "$l" -ne 0 ]; then
		lines="$lines $n($l)"
	fi
	[ $rc -eq 0 ] && unload_mod $A
done
echo 0 > $fs/require-end
ktap_print_msg "$injected allocations of the catalog failed one at a time, in $n loads"
check "failures were injected, and a load without one came after them" \
	[ $injected -gt 0 -a $quiet -ge 8 ]
expect_eq "the module loaded every time" "$loadfail" ""
expect_eq "no catalog was left half-registered" "$half" ""
expect_eq "one log line for each failed registration, none otherwise" "$lines" ""
check "after the last unload nothing of kmsgcat is left" \
	[ ! -e $SYSFS/kmsgcat ]
ktap_finished
