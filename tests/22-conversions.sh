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
	"$top/tests/conversions/described-texts.py" > "$out/described"
check "kmsg-gen dump lists the descriptions" [ -s "$out/described" ]
# spatch's result depends on the semantic patch, the files and spatch
cocci=$top/scripts/coccinelle/misc/kmsg.cocci
spatch --version > "$out/spatch-version" 2>&1
# spatch in report mode on the files of every patch whose result is not
# kept yet, in one run (its start-up, a second of CPU, is most of what a
# small file costs); each report line begins with its file, so each patch
# gets the lines of its own files, kept under its own key
spatch_label() { echo "spatch --very-quiet --no-includes --include-headers -D report kmsg.cocci $*"; }
# a patch's files: those its diff changes and those it adds (Adds:)
patch_files() { sed -n 's|^+++ b/||p; s|^Adds: ||p' "$top/patches/$1" | grep -E '\.[ch]$'; }
batch=() batch_rc=0
: > "$out/spatch.batch"
for p in $patches; do
	files=$(patch_files "$p")
	cache_entry "$(spatch_label $files)" $(for f in $files; do echo "$KSRC/$f"; done) "$cocci" "$out/spatch-version"
	cache_has || batch+=($files)
done
# (a file that two patches change is read once)
[ ${#batch[@]} -eq 0 ] || mapfile -t batch < <(printf '%s\n' "${batch[@]}" | LC_ALL=C sort -u)
if [ ${#batch[@]} -gt 0 ]; then
	(cd "$KSRC" && spatch --very-quiet --no-includes --include-headers -D report --sp-file "$cocci" "${batch[@]}") \
		> "$out/spatch.batch" 2>&1
	batch_rc=$?
fi
# spatch_patch FILE...: the result for a patch's files, kept or from the batch
spatch_patch() {
	cache_entry "$(spatch_label "$@")" $(for f; do echo "$KSRC/$f"; done) "$cocci" "$out/spatch-version"
	if cache_has; then
		cache_show
		return
	fi
	if [ "$batch_rc" -ne 0 ]; then	# not kept: shown whole, for every patch
		cat "$out/spatch.batch"
		return "$batch_rc"
	fi
	for f; do awk -v f="$f:" 'index($0, f) == 1' "$out/spatch.batch"; done > "$out/spatch.one"
	cat "$out/spatch.one"
	cache_put 0 < "$out/spatch.one"
}
total=0
for p in $patches; do
	files=$(patch_files "$p")
	for f in $files; do
		orig=$KSRC/.pc/$p/$f
		# a file the patch adds had no formats to keep
		if grep -qxF "Adds: $f" "$top/patches/$p"; then
			echo "# $f: new in ${p%%-*}"
			continue
		fi
		diffs=$("$top/tests/conversions/kmsg-formats.py" "$orig" "$KSRC/$f" 2>&1)
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
	"$top/tests/conversions/kmsg-formats.py" --ids $own | sed "s/^/$comp./" | sort -u > "$out/$comp.calls"
	grep "^$comp\." "$out/described" | sort > "$out/$comp.described"
	missing=$(comm -23 "$out/$comp.calls" "$out/$comp.described" | cut -f1 | tr '\n' ' ')
	[ -z "$missing" ] || echo "# $comp: no description with the same text: $missing"
	check "${p%.patch}: every converted message ($(wc -l < "$out/$comp.calls")) is described, with its format as Text" \
		[ -s "$out/$comp.calls" -a -z "$missing" ]
	left=$(spatch_patch $files)
	rc=$?
	[ -z "$left" ] || printf '%s\n' "$left" | sed 's/^/# left: /'
	check "${p%.patch}: no message call left to convert" [ $rc -eq 0 -a -z "$left" ]
done
echo "# $total converted calls with an id"

# What stays without an id: each file in which ws/kmsg-unconverted.sh
# finds calls has its row in CATALOG.md's table (a folder ending in "/"
# covers its files), and each row names a file that has such calls.
"$top/ws/kmsg-unconverted.sh" "$KSRC" > "$out/unconverted"
sed -n '/^## What stays without an id/,/^## [^W]/p' "$top/CATALOG.md" |
	grep '^| `' > "$out/unconverted-table"
awk -F'|' 'NR == FNR { n[$2] = $1; next }
	{
		# a row: its paths (the backquoted words with a "/")
		row++; have = 0
		k = split($2, w, "`")
		for (i = 2; i <= k; i += 2) {
			if (w[i] !~ /\//) continue
			for (f in n) {
				if (f == w[i] || (w[i] ~ /\/$/ && index(f, w[i]) == 1)) {
					have += n[f]; seen[f] = 1
				}
			}
		}
		if (!have)
			printf "row %d (%s): no file it names has a call without an id\n", row, $2
	}
	END { for (f in n) if (!seen[f]) printf "%s: %d calls without an id, not in the table\n", f, n[f] }' \
	FS=' ' "$out/unconverted" FS='|' "$out/unconverted-table" > "$out/unconverted-diff"
diag "$out/unconverted-diff"
check "CATALOG.md has a row for each file with calls left without an id in arch/s390 and drivers/s390 ($(awk '{ s += $1 } END { print s + 0 }' "$out/unconverted") in $(wc -l < "$out/unconverted") files)" \
	[ -s "$out/unconverted" -a -s "$out/unconverted-table" -a ! -s "$out/unconverted-diff" ]
done_testing
