#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# With CONFIG_PRINTK_INDEX=y kmsg calls are in the printk index like
# pr_*() and dev_*() calls, with their final format.

. "$(dirname "$0")/functions.sh"

idx=/sys/kernel/debug/printk/index/test_kmsg_prefix
ktap_print_header
if [ ! -d /sys/kernel/debug/printk/index ]; then
	ktap_skip_all "CONFIG_PRINTK_INDEX is not set"
	exit $KSFT_SKIP
fi
ktap_set_plan 3
# A device message is indexed as dev_err() indexes its own ("%s %s: "
# for the driver and the device), after the tag when there is one.
[ "${KMSG_IDS:-y}" = y ] && t4=kmsgtest.4 d14="kmsgtest.14: %s %s: " || t4=kmsgtest d14="%s %s: "
load_mod test_kmsg_prefix
check "the module has a printk index" [ -f $idx ]
check "kmsg_err(4, ...) is indexed at level 3 as \"$t4: err %d\"" \
	sh -c 'grep "^<3> " "$1" | grep -qF "\"$2: err %d\\n\""' _ $idx $t4
check "kmsg_dev_err(14, ...) is indexed at level 3 as \"${d14}dev err %s\"" \
	sh -c 'grep "^<3> " "$1" | grep -qF "\"${2}dev err %s\\n\""' _ $idx "$d14"
unload_mod test_kmsg_prefix
ktap_finished
