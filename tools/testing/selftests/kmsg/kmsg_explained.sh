#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Is every kernel log line of a cataloged component explained?
#
#	kmsg_explained.sh COMPONENT...
#
# Takes the kernel log (dmesg), keeps the lines whose prefix is one of the
# components ("cio: ...", "cio.7: ...", "dasd-eckd.3: dasd-eckd 0.0.0120: ...") and
# checks each: it carries an id, has a catalog entry (in /sys/kernel/kmsg,
# or in the installed catalog for a module that failed to load), and
# "kmsg --repeat annotate" (every occurrence in full) prints the entry's
# tag, its description and its user action under the line.  Prints one
# "explained: LINE" or "not explained (REASON): LINE" a line, then
# "lines=N explained=M entries=E", E being the catalog entries registered
# now.  Exit status 1 if a line is not
# explained or none was found.

[ $# -gt 0 ] || { echo "usage: $0 COMPONENT..." >&2; exit 2; }

tmp=${TMPDIR:-/tmp}/kmsg_explained.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT

# The log without timestamps, only the lines of the components.
dmesg | sed 's/^\[ *[0-9.]*\] //' > "$tmp/log"
: > "$tmp/lines"
for c in "$@"; do
	grep -F -e "$c: " -e "$c." "$tmp/log" |
	awk -v c="$c" 'index($0, c ": ") == 1 ||
		(index($0, c ".") == 1 && substr($0, length(c) + 2) ~ /^[0-9]+: /)'
done >> "$tmp/lines"

kmsg --repeat annotate "$tmp/lines" > "$tmp/annotated" 2> "$tmp/err" || {
	echo "kmsg annotate failed: $(cat "$tmp/err")"
	exit 1
}

# Each log line with the "-- " lines that follow it: the header
# "-- <tag> (<severity>): <text>", parameters, the description, a
# "-- User action:" line and the action.
awk -v sys=/sys/kernel/kmsg '
function judge(   why, tag, comp, id, f) {
	if (line == "")
		return
	tag = line
	sub(/: .*/, "", tag)
	if (tag !~ /\.[0-9]+$/)
		why = "no id"
	else {
		comp = tag; sub(/\.[0-9]+$/, "", comp)
		id = tag; sub(/.*\./, "", id)
		# registered, or (a module whose init failed) in the installed
		# catalog that kmsg explain reads after sysfs
		f = sys "/" comp "/" id "/description"
		if ((getline junk < f) < 0 &&
		    system("kmsg explain " tag " > /dev/null 2>&1") != 0)
			why = "no catalog entry"
		close(f)
		if (why == "" && head != "-- " tag " (")
			why = "kmsg annotate shows no entry"
		else if (why == "" && (!action || body < 1))
			why = "kmsg annotate shows no description and user action"
	}
	total++
	if (why == "") {
		good++
		print "explained: " line
	} else
		print "not explained (" why "): " line
}
/^-- / {
	n++
	if (n == 1)
		head = substr($0, 1, index($0, " (") + 1)
	else if ($0 == "-- User action:")
		action = 1
	else if (!action && $0 !~ /^--   @[0-9]+: /)
		body++
	next
}
{ judge(); line = $0; head = ""; n = 0; body = 0; action = 0 }
END { judge(); printf "lines=%d explained=%d\n", total, good; exit !(total > 0 && good == total) }
' "$tmp/annotated" > "$tmp/result"
rc=$?
sed '$d' "$tmp/result"
entries=$(ls -d /sys/kernel/kmsg/*/* 2>/dev/null | wc -l)
echo "$(tail -n 1 "$tmp/result") entries=$entries"
exit $rc
