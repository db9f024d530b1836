#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /sys/kernel/kmsg files against the descriptions they were built from,
# their modes, writes, and the procfs listing.  KMSG_EXPECTED names a
# folder with <tag>/<field> files made from the descriptions on the
# build host (kmsg-gen dump); the tags checked are the folders in it.

. "$(dirname "$0")/functions.sh"

exp=${KMSG_EXPECTED:-$KMSG_DIR/expected}
fields="text severity parameters description user_action"
tags=$(ls "$exp")

ktap_print_header
ktap_set_plan $(( $(echo $tags | wc -w) * 2 + 6 ))

load_mod test_kmsg_cat_a

ends_with_newline() {
	[ "$(cat "$1" | tail -c 1 | od -An -tx1 | tr -d ' ')" = 0a ]
}

for tag in $tags; do
	dir=$SYSFS/${tag%.*}/${tag##*.}
	bad=
	for f in $fields; do
		if [ ! -f "$dir/$f" ]; then
			bad="$bad $f(missing)"
		elif [ "$(cat "$dir/$f")" != "$(cat "$exp/$tag/$f")" ]; then
			ktap_print_msg "$tag/$f: expected '$(cat "$exp/$tag/$f")'"
			ktap_print_msg "$tag/$f: actual   '$(cat "$dir/$f")'"
			bad="$bad $f"
		elif ! ends_with_newline "$dir/$f"; then
			bad="$bad $f(no newline)"
		fi
	done
	expect_eq "$tag: all five files equal the description" "$bad" ""

	modes=$(ls -l "$dir" | awk 'NR > 1 { print $1 }' | sort -u | tr '\n' ' ')
	expect_eq "$tag: every file is -r--r--r--" "$modes" "-r--r--r-- "
done

f=$SYSFS/kmsgcat/1/text
before=$(cat $f)
(echo junk > $f) 2>/dev/null
check "root cannot write a catalog file" [ $? -ne 0 ]
su -s /bin/sh nobody -c "echo junk > $f" 2>/dev/null
check "an unprivileged user cannot write a catalog file" [ $? -ne 0 ]
expect_eq "the file is unchanged after the writes" "$(cat $f)" "$before"
check "an unprivileged user can read a catalog file" \
	su -s /bin/sh nobody -c "cat $SYSFS/xpram/1/description >/dev/null"

# Every line of the listing has a sysfs entry with the same severity and
# text, and every sysfs entry has a line.
bad=
while read -r tag sev owner text; do
	dir=$SYSFS/${tag%.*}/${tag##*.}
	[ "$(cat "$dir/severity" 2>/dev/null)" = "$sev" ] || bad="$bad $tag:severity"
	[ "$(cat "$dir/text" 2>/dev/null)" = "$text" ] || bad="$bad $tag:text"
done < $PROCFS
expect_eq "each $PROCFS line agrees with sysfs" "$bad" ""
expect_eq "$PROCFS lists as many entries as sysfs has" \
	"$(wc -l < $PROCFS)" "$(ls -d $SYSFS/*/* | wc -l)"

unload_mod test_kmsg_cat_a
ktap_finished
