#!/bin/bash
# Run every test suite in tests/ (sorted) and print one summary line.
# Each suite prints TAP-style "ok"/"not ok" lines; lines of other forms
# are passed through for the reader.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
suites=${CHECK_SUITES:-$top/tests}	# another folder: for the harness's own test
log=${CHECK_LOG:-$top/build/check.log}
: > "$log"
pass=0 fail=0
for t in "$suites"/[0-9]*.sh; do
	[ -n "${ONLY:-}" ] && [[ "$(basename "$t")" != *$ONLY* ]] && continue
	name=$(basename "$t" .sh)
	echo "== $name"
	out=$(mktemp)
	bash "$t" 2>&1 | tee "$out" | tee -a "$log"
	rc=${PIPESTATUS[0]}
	# "ok 3 - ..." from the suites, "not ok - ..." from the harness too
	p=$(grep -cE '^ok( |$)' "$out")
	f=$(grep -cE '^not ok( |$)' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name exited with status $rc"
		f=1
	fi
	pass=$((pass + p)) fail=$((fail + f))
	rm -f "$out"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
