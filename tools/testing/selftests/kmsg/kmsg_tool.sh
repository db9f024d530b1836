#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kmsg tool on the running system: on s390x, xpram's boot message
# explained from sysfs (built in) or from the installed catalog after the
# module failed to load (no sysfs entry left); elsewhere a test module's
# message, from sysfs.

. "$(dirname "$0")/functions.sh"

# out_has RE...: each RE matches a line of $out
out_has() {
	for re in "$@"; do
		echo "$out" | grep -q "$re" || return 1
	done
}

# out_next RE NEXT_RE: a line of $out matches RE and the next one NEXT_RE
out_next() {
	echo "$out" | grep -A1 "$1" | grep -q "$2"
}

ktap_print_header
ktap_set_plan 5

if [ "$(uname -m)" != s390x ]; then
	# Elsewhere (no xpram): a message of a test module, explained from
	# sysfs with its value filled in from the log line.
	load_mod test_kmsg_cat_a
	echo x86-check > /sys/module/test_kmsg_cat_a/parameters/trigger
	check "test_kmsg_cat_a's entries are in sysfs" [ -d $SYSFS/kmsgcat/2 ]
	out=$(kmsg explain "kmsgcat.2: trigger x86-check")
	check "kmsg explain of the logged line works, from sysfs, with @1 filled in" \
		out_has "^User action:" "@1.*x86-check" "^See also: man 9 kmsgcat\.2\$"
	out=$(dmesg | kmsg annotate)
	check "dmesg | kmsg annotate explains the line" \
		out_next "kmsgcat.2: trigger x86-check\$" "^-- kmsgcat.2 (Warning): trigger %s"
	echo "Seen in sysfs only." > /tmp/desc2
	mount --bind /tmp/desc2 $SYSFS/kmsgcat/2/description
	out=$(kmsg explain kmsgcat.2)
	umount $SYSFS/kmsgcat/2/description
	check "kmsg explain reads what sysfs shows" \
		out_has "Seen in sysfs only."
	unload_mod test_kmsg_cat_a
	kmsg explain nosuch.1 >/dev/null 2>&1
	check "kmsg explain of an unknown tag exits 1" [ $? -eq 1 ]
	ktap_finished
fi

if [ -n "$(find /lib/modules -name xpram.ko 2>/dev/null)" ]; then
	modprobe xpram 2>/dev/null
	where="the installed catalog (xpram.ko failed to load)"
	check "xpram has no sysfs entries after its failed load" [ ! -e $SYSFS/xpram ]
else
	where="sysfs"
	check "xpram's entries are in sysfs" [ -d $SYSFS/xpram/3 ]
fi
out=$(kmsg explain xpram.3)
check "kmsg explain xpram.3 works, from $where, and names its man page" \
	out_has "^User action:" "configure expanded storage" "^See also: man 9 xpram\.3\$"
out=$(dmesg | kmsg annotate)
check "dmesg | kmsg annotate explains the xpram line" \
	out_next "No expanded memory available\$" \
		"^-- xpram.3 (Error): No expanded memory available"
# sysfs comes first: a description bind-mounted over xpram.3's sysfs file
# is what the tool shows (the installed catalog has the real one).
if [ -f $SYSFS/xpram/3/description ]; then
	echo "Seen in sysfs only." > /tmp/desc3
	mount --bind /tmp/desc3 $SYSFS/xpram/3/description
	out=$(kmsg explain xpram.3)
	umount $SYSFS/xpram/3/description
	check "kmsg explain reads sysfs before the installed catalog" \
		sh -c 'echo "$1" | grep -q "Seen in sysfs only."' _ "$out"
else
	check "kmsg explain reads the installed catalog when sysfs has no entry" \
		sh -c 'kmsg list xpram | grep -q "^xpram.3 "'
fi
kmsg explain nosuch.1 >/dev/null 2>&1
check "kmsg explain of an unknown tag exits 1" [ $? -eq 1 ]
ktap_finished
