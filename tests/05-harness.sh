#!/bin/bash
# The harness (ws/check.sh) itself: every "not ok" counts, numbered or not,
# and a suite that dies without one still fails.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
out=$top/build/test-harness
rm -rf "$out"
mkdir -p "$out/suites"

cat > "$out/suites/1-mixed.sh" <<'S'
echo "ok 1 - numbered"
echo "ok - unnumbered"
echo "not ok 2 - numbered failure"
echo "not ok - a failure the harness itself reports"
S
echo 'echo "ok 1 - fine"; exit 3' > "$out/suites/2-dies.sh"

CHECK_SUITES=$out/suites CHECK_LOG=$out/check.log "$top/ws/check.sh" > "$out/run.log" 2>&1
rc=$?
check "ws/check.sh counts numbered and unnumbered results" \
	grep -qx "3 passed, 3 failed" "$out/run.log"
check "and exits non-zero when anything failed" [ $rc -ne 0 ]
check "a suite exiting non-zero without a 'not ok' is a failure" \
	grep -qx "not ok - 2-dies exited with status 3" "$out/run.log"
