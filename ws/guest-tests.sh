#!/bin/bash
# Run kmsg kselftest scripts in the QEMU guest against the kernel in
# $KOUT:  ws/guest-tests.sh "ENV=... script.sh ..." [emu]
# Builds and installs the selftests first.  Prints the scripts' TAP lines;
# a guest that fails (panic, oops, WARN, timeout) adds a "not ok" line.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
scripts=$1
emu=${2:-qemu}
dir=$top/build/kselftest
"$top/ws/selftests.sh" "$dir" || { echo "not ok - the kmsg selftests build"; exit 1; }
cmd="cd kmsg; for t in $scripts; do case \$t in *=*) export \$t; continue;; esac; ./\$t || echo \"# \$t exited with \$?\"; done"
"$top/ws/guest.sh" -e "$emu" -t "${GUEST_TIMEOUT:-600}" -x "$dir" "$cmd"
rc=$?
[ $rc -eq 0 ] || echo "not ok - the $emu guest ran the selftests without a panic, oops, WARN or timeout"
exit 0
