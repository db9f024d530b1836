#!/bin/bash
# Run kmsg kselftest scripts in the QEMU guest against the kernel in
# $KOUT:  ws/guest-tests.sh "ENV=... script.sh ..." [emu]
# Builds and installs the selftests first.  Prints each script's results
# as judged by ws/kselftest-results.sh (plan, exit status, nested
# results); a guest that fails (panic, oops, WARN, timeout) adds a
# "not ok" line.  Exits non-zero when anything failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
scripts=$1
emu=${2:-qemu}
# A folder of its own for each run (two guests of one kernel may run side
# by side: tests/35 and 36), removed at the end; its build log stays.
base=${KSELFTEST_DIR:-$top/build/kselftest-${KOUT##*/}}
mkdir -p "$(dirname "$base")"
dir=$(mktemp -d "$base.XXXXXX")
trap 'rm -rf "$dir" "$dir.kmsg-gen"; mv -f "$dir.log" "$base.log" 2>/dev/null' EXIT
"$top/ws/selftests.sh" "$dir" || { echo "not ok - the kmsg selftests build"; exit 1; }
cp "$top/ws/kselftest-run.sh" "$dir/"
cmd="sh ./kselftest-run.sh $scripts"
out=$(mktemp)
"$top/ws/guest.sh" -e "$emu" -t "${GUEST_TIMEOUT:-1200}" -x "$dir" "$cmd" > "$out"
rc=$?
"$top/ws/kselftest-results.sh" "$scripts" "$out" | tee "$out.judged"
rm -f "$out"
[ $rc -eq 0 ] || echo "not ok - the $emu guest ran the selftests without a panic, oops, WARN or timeout"
! grep -qE '^not ok( |$)' "$out.judged" && [ $rc -eq 0 ]
rc=$?
rm -f "$out.judged"
exit $rc
