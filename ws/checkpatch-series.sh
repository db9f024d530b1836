#!/bin/bash
# checkpatch.pl --strict on every patch of build/patches (make patches),
# without the sign-off check (the submitter adds it): one table row per
# patch, lines and errors/warnings/checks, and the totals.
#
#   ws/checkpatch-series.sh [PATCH_DIR]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
pdir=${1:-$top/build/patches}
ls "$pdir"/*.patch >/dev/null 2>&1 || { echo "checkpatch-series: no patches in $pdir" >&2; exit 2; }
echo "| patch | lines | errors | warnings | checks |"
echo "| --- | ---: | ---: | ---: | ---: |"
te=0 tw=0 tc=0
for p in "$pdir"/*.patch; do
	t=$(perl "$KSRC/scripts/checkpatch.pl" --strict --no-signoff --no-summary --terse \
		--show-types "$p" 2>/dev/null)
	e=$(echo "$t" | grep -c ': ERROR:')
	w=$(echo "$t" | grep -c ': WARNING:')
	c=$(echo "$t" | grep -c ': CHECK:')
	te=$((te + e)) tw=$((tw + w)) tc=$((tc + c))
	echo "| $(basename "$p" .patch) | $(wc -l < "$p") | $e | $w | $c |"
	[ $((e + w + c)) -eq 0 ] || echo "$t" | sed 's/^[^:]*:[0-9]*: /|   | /; s/$/ | | | |/' | cut -c1-220
done
echo "| total | | $te | $tw | $tc |"
