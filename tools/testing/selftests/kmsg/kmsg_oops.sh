#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# An s390 oops explained without a byte of it changed.  test_kmsg_oops's
# thread reads an address nothing maps; the kernel writes the fault
# report (arch/s390/mm/fault.c) and the oops (dumpstack.c).  Their lines
# have catalog entries that keep printing without an id ("Printed:
# without id"): no line carries a tag, and kmsg annotate explains each.
# The oops comes between the markers KMSG-EXPECTED-OOPS-BEGIN and -END,
# which ws/guest.sh reads as expected.  The kernel is tainted after it,
# so the script runs only when asked to (KMSG_TEST_OOPS=1), and last.

. "$(dirname "$0")/functions.sh"

ktap_print_header
if [ "${KMSG_TEST_OOPS:-0}" != 1 ]; then
	ktap_set_plan 1
	ktap_test_skip "it oopses the kernel on purpose: KMSG_TEST_OOPS=1 runs it"
	ktap_finished
fi
if [ "$(uname -m)" != s390x ]; then
	ktap_set_plan 1
	ktap_test_skip "the oops and fault reports are s390's"
	ktap_finished
fi
ktap_set_plan 6

echo KMSG-EXPECTED-OOPS-BEGIN > /dev/kmsg
load_mod test_kmsg_oops
i=0
while ! dmesg | grep -q -- '---\[ end trace' && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
echo KMSG-EXPECTED-OOPS-END > /dev/kmsg
log=$(dmesg | sed -n '/KMSG-EXPECTED-OOPS-BEGIN/,/KMSG-EXPECTED-OOPS-END/p')

# the lines as 6.12 prints them, each at the start of a message (after
# the time stamp, if the kernel prints one)
report='Unable to handle kernel pointer dereference in virtual kernel address space
Failing address: fffffffffffff000 TEID: fffffffffffff
Fault in home space mode while using kernel ASCE.
AS:
Oops: 00
Krnl PSW : [0-9a-f]
           R:
Krnl GPRS: [0-9a-f]
           [0-9a-f]{16} [0-9a-f]{16}
Last Breaking-Event-Address:
 \[<'
missing=$(echo "$report" | while IFS= read -r l; do
	echo "$log" | grep -qE "^(\[ *[0-9.]+\] )?$l" || echo "$l"
done)
[ -z "$missing" ] || ktap_print_msg "not in the log: $missing"
check "the fault report and the oops are in the log, every line where 6.12 has it" \
	[ -z "$missing" ]
check "the oops is the thread's: [#1], its PSW in oops_thread" \
	sh -c "echo \"\$1\" | grep -q 'Oops: 00[0-9a-f][0-9a-f] ilc:[0-9] \[#1\]' &&
	       echo \"\$1\" | grep -q 'Krnl PSW : .*(oops_thread+'" - "$log"
check "no line of it carries a tag" \
	sh -c "! echo \"\$1\" | grep -qE '(^|\] )(oops|fault)\.[0-9]+: '" - "$log"

out=$(echo "$log" | kmsg annotate)
# each tag explains the line it follows; oops.5 three times
for t in fault.1 fault.3 fault.4 fault.5 oops.1 oops.2 oops.3 oops.4 oops.5 oops.7 oops.8; do
	echo "$out" | grep -q "^-- $t (" || missing_tags="${missing_tags:-} $t"
done
[ -z "${missing_tags:-}" ] || ktap_print_msg "not explained: $missing_tags"
check "kmsg annotate explains every line of it (fault.1, 3-5; oops.1-5, 7, 8)" \
	[ -z "${missing_tags:-}" ]
check "the Oops line's values: @1 Oops, @4 (the count) 1" \
	sh -c "echo \"\$1\" | grep -A8 '^-- oops.1 (' | grep -q '@1: .* = Oops\$' &&
	       echo \"\$1\" | grep -A8 '^-- oops.1 (' | grep -q '@4: .* = 1\$'" - "$out"
echo "$out" | grep -q '^-- Source: sysfs'
check "the entries come from the running kernel (sysfs)" [ $? -eq 0 ]
ktap_finished
