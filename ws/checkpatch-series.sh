#!/bin/bash
# checkpatch.pl --strict on every patch of build/patches (make patches),
# without the sign-off check (the submitter adds it): one table row per
# patch, lines and errors/warnings/checks, and the totals.
#
#   ws/checkpatch-series.sh [PATCH_DIR]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/result-cache.sh"
pdir=$(cd "${1:-$top/build/patches}" 2>/dev/null && pwd) || { echo "checkpatch-series: no folder ${1:-$top/build/patches}" >&2; exit 2; }
ls "$pdir"/*.patch >/dev/null 2>&1 || { echo "checkpatch-series: no patches in $pdir" >&2; exit 2; }
echo "| patch | lines | errors | warnings | checks |"
echo "| --- | ---: | ---: | ---: | ---: |"
te=0 tw=0 tc=0
cp=$KSRC/scripts/checkpatch.pl
# checkpatch learns the identifiers that may be CamelCase from the tree's
# include/*.h (run outside a git work tree, it finds them; in one, it
# would ask git for the include files of that repository instead)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
incl=$tmp/include
(cd "$KSRC" && find include -name '*.h' | LC_ALL=C sort | xargs sha256sum) > "$incl"
for p in "$pdir"/*.patch; do
	# a patch's result depends on the patch and on checkpatch and its
	# word lists (ws/result-cache.sh); run in the patch's folder, so that
	# the result names the patch the same way in every clone
	# (the commit's hash and date, new each time make patches runs, are
	# not part of what checkpatch looks at)
	{ echo "${p##*/}"; sed '1s/^From [0-9a-f]* /From - /; 1,/^$/{/^Date: /d}' "$p"; } > "$tmp/key"
	# a patch of translations only (PO files) is not English: no
	# spelling or repeated-word checks ("die die" is German)
	opts="--strict --no-signoff --no-summary --terse --show-types"
	grep '^diff --git ' "$p" | grep -qv '/po/[^/ ]*\.po ' ||
		opts="$opts --ignore TYPO_SPELLING,REPEATED_WORD"
	t=$(cd "$pdir" && cached "checkpatch $opts" \
		"$tmp/key" "$cp" "$incl" "${cp%/*}/spelling.txt" "${cp%/*}/const_structs.checkpatch" -- \
		sh -c 'perl "$0" $2 "$1" 2>/dev/null' "$cp" "${p##*/}" "$opts")
	e=$(echo "$t" | grep -c ': ERROR:')
	w=$(echo "$t" | grep -c ': WARNING:')
	c=$(echo "$t" | grep -c ': CHECK:')
	te=$((te + e)) tw=$((tw + w)) tc=$((tc + c))
	echo "| $(basename "$p" .patch) | $(wc -l < "$p") | $e | $w | $c |"
	[ $((e + w + c)) -eq 0 ] || echo "$t" | sed 's/^[^:]*:[0-9]*: /|   | /; s/$/ | | | |/' | cut -c1-220
done
echo "| total | | $te | $tw | $tc |"
