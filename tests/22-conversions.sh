#!/bin/bash
# The messages converted to kmsg ids (patches/*-kmsg-message-ids.patch):
# each converted file prints the same format strings as in Linux 6.12 (the
# file before the patch, kept by quilt in build/linux/.pc), and has no
# pr_<level>(), dev_<level>() or printk(KERN_<LEVEL>) call left that
# scripts/coccinelle/misc/kmsg.cocci would convert; and each converted
# message has a description in Documentation/kmsg/ whose Text is its
# format (make D=1 checks the same, and severities, on the catalog
# kernel: tests/45-catalog-kernel.sh).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/tests/lib.sh"
. "$top/ws/result-cache.sh"
out=$top/build/test-conversions
rm -rf "$out"
mkdir -p "$out"

patches=$(grep -- '-kmsg-message-ids\.patch$' "$top/patches/series")
check "the series has conversion patches" [ -n "$patches" ]
# every description's tag and Text, as kmsg-formats.py writes formats
"$KOUT/scripts/kmsg-gen" dump "$top"/Documentation/kmsg/s390/* "$top"/Documentation/kmsg/[!s]* 2>/dev/null |
	"$top/tests/conversions/described-texts.py" "$top/ws" > "$out/described"
check "kmsg-gen dump lists the descriptions" [ -s "$out/described" ]
# spatch's result depends on the semantic patch, the files and spatch
cocci=$top/scripts/coccinelle/misc/kmsg.cocci
spatch --version > "$out/spatch-version" 2>&1
total=0
for p in $patches; do
	files=$(sed -n 's|^+++ b/||p' "$top/patches/$p" | grep -E '\.[ch]$')
	for f in $files; do
		orig=$KSRC/.pc/$p/$f
		# a file the patch adds had no formats to keep (quilt's copy of
		# it from before the patch is empty)
		if [ -f "$orig" ] && [ ! -s "$orig" ]; then
			echo "# $f: new in ${p%%-*}"
			continue
		fi
		diffs=$("$top/ws/kmsg-formats.py" "$orig" "$KSRC/$f" 2>&1)
		rc=$?
		[ $rc -eq 0 ] || printf "%s\n" "$diffs" | sed 's/^/# /'
		check "$f: the same format strings as before ${p%%-*}" [ $rc -eq 0 -a -f "$orig" ]
		total=$((total + $(grep -cE '\bkmsg_(dev_)?[a-z]+(_once|_ratelimited)?\( *[1-9]' "$KSRC/$f")))
	done
	# the component: the first the patch's files name (the boot stage's
	# is BOOT_KMSG_COMPONENT); a file that names another one, such as
	# setup.c, which calls the boot stage's replay, keeps its own ids
	comp= own=
	for f in $files; do
		c=$(sed -n 's/^#define[[:space:]]*\(BOOT_\)\{0,1\}KMSG_COMPONENT[[:space:]]*"\(.*\)".*/\2/p' "$KSRC/$f" | head -n 1)
		[ -z "$comp" ] && [ -n "$c" ] && comp=$c
		[ -z "$c" ] || [ "$c" = "$comp" ] || continue
		own="$own $KSRC/$f"
	done
	"$top/ws/kmsg-formats.py" --ids $own | sed "s/^/$comp./" | sort -u > "$out/$comp.calls"
	grep "^$comp\." "$out/described" | sort > "$out/$comp.described"
	missing=$(comm -23 "$out/$comp.calls" "$out/$comp.described" | cut -f1 | tr '\n' ' ')
	[ -z "$missing" ] || echo "# $comp: no description with the same text: $missing"
	check "${p%.patch}: every converted message ($(wc -l < "$out/$comp.calls")) is described, with its format as Text" \
		[ -s "$out/$comp.calls" -a -z "$missing" ]
	left=$(cd "$KSRC" && cached "spatch --very-quiet --no-includes --include-headers -D report kmsg.cocci $files" \
		$files "$cocci" "$out/spatch-version" -- \
		spatch --very-quiet --no-includes --include-headers -D report --sp-file "$cocci" $files)
	rc=$?
	[ -z "$left" ] || printf '%s\n' "$left" | sed 's/^/# left: /'
	check "${p%.patch}: no message call left to convert" [ $rc -eq 0 -a -z "$left" ]
done
echo "# $total converted calls with an id"

# What stays without an id: the calls ws/kmsg-unconverted.sh finds in the
# s390 tree are CATALOG.md's table, file by file (a folder ending in "/"
# covers its files, "all" any count of them) and row by row in count.
"$top/ws/kmsg-unconverted.sh" "$KSRC" > "$out/unconverted"
sed -n '/^## What stays without an id/,/^## [^W]/p' "$top/CATALOG.md" |
	grep '^| `' > "$out/unconverted-table"
awk -F'|' 'NR == FNR { n[$2] = $1; next }
	{
		# a row: its paths (the backquoted words with a "/") and count
		row++; want = $3; gsub(/ /, "", want); have = 0
		k = split($2, w, "`")
		for (i = 2; i <= k; i += 2) {
			if (w[i] !~ /\//) continue
			for (f in n) {
				if (f == w[i] || (w[i] ~ /\/$/ && index(f, w[i]) == 1)) {
					have += n[f]; seen[f] = 1
				}
			}
		}
		if (want != "all" && want != have)
			printf "row %d (%s): the table says %s calls, the tree has %d\n", row, $2, want, have
	}
	END { for (f in n) if (!seen[f]) printf "%s: %d calls without an id, not in the table\n", f, n[f] }' \
	FS=' ' "$out/unconverted" FS='|' "$out/unconverted-table" > "$out/unconverted-diff"
diag "$out/unconverted-diff"
check "CATALOG.md lists every call left without an id in arch/s390 and drivers/s390 ($(awk '{ s += $1 } END { print s + 0 }' "$out/unconverted") in $(wc -l < "$out/unconverted") files), with its count" \
	[ -s "$out/unconverted" -a -s "$out/unconverted-table" -a ! -s "$out/unconverted-diff" ]
done_testing
