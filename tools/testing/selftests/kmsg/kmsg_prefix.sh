#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The log prefix of every kmsg macro, with and without an id, as
# Documentation/kmsg/index.rst specifies: a device line is what
# dev_<level>() prints ("<driver> <device>: text"), after the tag when it
# has one (the module's device is on the platform bus, with no driver).  KMSG_IDS=n checks a kernel
# built with CONFIG_KMSG_IDS=n.

. "$(dirname "$0")/functions.sh"

ids=${KMSG_IDS:-y}
ktap_print_header
ktap_set_plan 26

clear_log
load_mod test_kmsg_prefix
check "test_kmsg_prefix loads" [ $? -eq 0 ]

i=1
for lvl in 0:emerg 1:alert 2:crit 3:err 4:warn 5:notice 6:info; do
	n=${lvl%%:*}
	name=${lvl#*:}
	id=$i
	[ "$ids" = y ] && tag="kmsgtest.$id" || tag=kmsgtest
	check "kmsg_$name($id) reads '$tag: $name $id' at level $n" \
		sh -c "dmesg -r | grep -qxF '<$n>$tag: $name $id'"
	dline="platform kmsg_prefix: dev $name"
	[ "$ids" = y ] && dline="kmsgtest.1$id: $dline"
	check "kmsg_dev_$name(1$id) reads '$dline ...' at level $n" \
		sh -c "dmesg -r | grep -qE '^<$n>$dline [a-g]\$'"
	i=$((i + 1))
done
check "id 0 has no id in the prefix" log_has "kmsgtest: info without id"
check "pr_fmt() of the same file prefixes pr_info(), and no kmsg line twice" \
	sh -c "dmesg | grep -qxF 'kmsgtest: pr_info through pr_fmt' &&
	       ! dmesg | grep -q 'kmsgtest.*: kmsgtest'"
check "kmsg_dev_err(0) prints what dev_err() prints: no id, no component" \
	sh -c "dmesg | grep -qxF 'platform kmsg_prefix: dev err without id'"

check "kmsg_dev_info() evaluates its device argument once" \
	log_has "kmsgtest: kmsg_dev_info() evaluated its device 1 time(s)"

# The _once and _ratelimited forms: their prefix and level, printed as
# often as pr_warn_once() and pr_err_ratelimited() in the same loops.
count() { dmesg -r | grep -cxF "$1"; }
once=$(count "<4>kmsgtest: pr_warn_once")
rl=$(count "<3>kmsgtest: pr_err_ratelimited")
check "pr_warn_once() printed once, pr_err_ratelimited() held some of 20 back ($rl)" \
	[ "$once" -eq 1 -a "$rl" -gt 0 -a "$rl" -lt 20 ]
l21="$(pfx kmsgtest.21): warn once 21"
# a device line: the tag, if any, before what dev_<level>() prints
dpfx() { [ "$ids" = y ] && echo "$1: platform kmsg_prefix" || echo "platform kmsg_prefix"; }
l22="$(dpfx kmsgtest.22): dev notice once"
l23="$(pfx kmsgtest.23): err ratelimited 23"
l24="$(dpfx kmsgtest.24): dev info ratelimited"
expect_eq "kmsg_warn_once(21) reads '$l21', as often as pr_warn_once()" \
	"$(count "<4>$l21")" "$once"
expect_eq "kmsg_dev_notice_once(22) reads '$l22', as often" "$(count "<5>$l22")" "$once"
expect_eq "kmsg_err_ratelimited(23) reads '$l23', as often as pr_err_ratelimited()" \
	"$(count "<3>$l23")" "$rl"
expect_eq "kmsg_dev_info_ratelimited(24) reads '$l24', as often" "$(count "<6>$l24")" "$rl"

# /dev/kmsg carries the device dictionary exactly as dev_err() does.
timeout 1 cat /dev/kmsg > /tmp/devkmsg 2>/dev/null
check "/dev/kmsg has SUBSYSTEM=platform and DEVICE=+platform:kmsg_prefix after a kmsg_dev_err()" \
	sh -c "d=\$(grep -A2 'kmsg_prefix: dev err d' /tmp/devkmsg) &&
	       echo \"\$d\" | grep -qx ' SUBSYSTEM=platform' &&
	       echo \"\$d\" | grep -qx ' DEVICE=+platform:kmsg_prefix'"
# The module's messages have no descriptions: each still has an entry with
# its text and severity; its other files hold just a newline.
if [ -d $SYSFS ]; then
	e=$SYSFS/kmsgtest/4
	printf 'err %%d\nError\n\n\n\n' > /tmp/want4
	cat $e/text $e/severity $e/parameters $e/description $e/user_action > /tmp/got4
	check "an undescribed message has an entry: text and severity, nothing else" \
		cmp -s /tmp/got4 /tmp/want4
else
	check "no catalog in this kernel: no /sys/kernel/kmsg" [ ! -e $SYSFS ]
fi
unload_mod test_kmsg_prefix
ktap_finished
