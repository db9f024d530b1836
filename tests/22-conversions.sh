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
		diffs=$("$top/ws/kmsg-formats.py" "$orig" "$KSRC/$f" 2>&1)
		rc=$?
		[ $rc -eq 0 ] || printf "%s\n" "$diffs" | sed 's/^/# /'
		check "$f: the same format strings as before ${p%%-*}" [ $rc -eq 0 -a -f "$orig" ]
		total=$((total + $(grep -cE '\bkmsg_(dev_)?[a-z]+(_once|_ratelimited)?\( *[1-9]' "$KSRC/$f")))
	done
	comp=$(sed -n 's/^#define[[:space:]]*KMSG_COMPONENT[[:space:]]*"\(.*\)".*/\1/p' $(printf "$KSRC/%s " $files) | sort -u)
	"$top/ws/kmsg-formats.py" --ids $(printf "$KSRC/%s " $files) | sed "s/^/$comp./" | sort > "$out/$comp.calls"
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
done_testing
