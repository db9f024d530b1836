#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /sys/kernel/kmsg files against the descriptions they were built from,
# their modes, writes, and the procfs listing.  KMSG_EXPECTED names a
# folder with <tag>/<field> files made from the descriptions on the
# build host (kmsg-gen dump); the tags checked are the folders in it.

. "$(dirname "$0")/functions.sh"

# The entries the test expects, as the build host's kmsg-gen dump of their
# descriptions has them (KMSG_EXPECTED); and for some, files written by
# hand (golden/), so that a parser bug cannot cancel itself out.
exp=${KMSG_EXPECTED:-$KMSG_DIR/expected}
golden=$KMSG_DIR/golden
fields="text severity parameters description user_action"
tags="kmsgcat.1 kmsgcat.2 kmsgcat.3 kmsgcat.4"
gtags="kmsgcat.2 kmsgcat.3"
# xpram, built into the s390x guest's vmlinux, exists nowhere else
if [ "$(uname -m)" = s390x ]; then
	tags="xpram.1 xpram.2 xpram.3 xpram.4 xpram.5 $tags"
	gtags="xpram.1 $gtags"
fi

ktap_print_header
ktap_set_plan $(( $(echo $tags | wc -w) * 2 + $(echo $gtags | wc -w) + 7 ))

load_mod test_kmsg_cat_a

# same_files DIR REFDIR: every field of DIR equals REFDIR's byte for byte
same_files() {
	bad=
	for f in $fields; do
		if [ ! -f "$1/$f" ]; then
			bad="$bad $f(missing)"
		elif [ ! -f "$2/$f" ]; then
			bad="$bad $f(no reference)"
		elif ! cmp -s "$1/$f" "$2/$f"; then
			{
				ktap_print_msg "$1/$f differs from $2/$f:"
				od -c "$1/$f" | head -n 4 | sed 's/^/#   actual   /'
				od -c "$2/$f" | head -n 4 | sed 's/^/#   expected /'
			} >&2
			bad="$bad $f"
		fi
	done
	echo "$bad"
}

for tag in $tags; do
	dir=$SYSFS/${tag%.*}/${tag##*.}
	expect_eq "$tag: all five files equal its description (kmsg-gen dump)" \
		"$(same_files "$dir" "$exp/$tag")" ""
	modes=$(ls -l "$dir" | awk 'NR > 1 { print $1 }' | sort -u | tr '\n' ' ')
	expect_eq "$tag: every file is -r--r--r--" "$modes" "-r--r--r-- "
done
for tag in $gtags; do
	expect_eq "$tag: all five files equal the hand-written golden/$tag" \
		"$(same_files "$SYSFS/${tag%.*}/${tag##*.}" "$golden/$tag")" ""
done

# (kmsgcat.4 above is compared whole, and is longer than a page)
check "a field longer than a page is served whole" \
	[ "$(wc -c < $SYSFS/kmsgcat/4/description)" -gt 4096 ]

f=$SYSFS/kmsgcat/1/text
before=$(cat $f)
(echo junk > $f) 2>/dev/null
check "root cannot write a catalog file" [ $? -ne 0 ]
su -s /bin/sh nobody -c "echo junk > $f" 2>/dev/null
check "an unprivileged user cannot write a catalog file" [ $? -ne 0 ]
expect_eq "the file is unchanged after the writes" "$(cat $f)" "$before"
check "an unprivileged user can read a catalog file" \
	su -s /bin/sh nobody -c "cat $SYSFS/kmsgcat/1/description >/dev/null"

# Every line of the listing has a sysfs entry with the same severity and
# text (split by hand: read trims a text's blanks; the listing writes a
# backslash and a newline of a text as "\\" and "\n"), and every entry
# a line.
escaped() {
	sed 's/\\/\\\\/g' "$1" 2>/dev/null |
		awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
}
bad=
while IFS= read -r l && tag=${l%% *} l=${l#* } sev=${l%% *} text=${l#* * }; do
	dir=$SYSFS/${tag%.*}/${tag##*.}
	[ "$(cat "$dir/severity" 2>/dev/null)" = "$sev" ] || bad="$bad $tag:severity"
	[ "$(escaped "$dir/text")" = "$text" ] || bad="$bad $tag:text"
done < $PROCFS
expect_eq "each $PROCFS line agrees with sysfs" "$bad" ""
expect_eq "$PROCFS lists as many entries as sysfs has" \
	"$(wc -l < $PROCFS)" "$(ls -d $SYSFS/*/* | wc -l)"

unload_mod test_kmsg_cat_a
ktap_finished
