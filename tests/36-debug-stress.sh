#!/bin/bash
# kmsg_stress.sh on the debug kernel of tests/35 (build/obj-debug), in a
# guest of its own so that it runs beside tests/35's: modules with
# catalogs loaded and unloaded while readers walk /sys/kernel/kmsg and
# /proc/kmsg_catalog, under lockdep, KASAN and KFENCE.  KASAN and TCG make
# the guest slow (about 3 s a load/unload cycle of two modules with
# readers): the stress test runs 40 cycles here (KMSG_DEBUG_STRESS_CYCLES),
# its leaks judged by kmemleak after the test (ws/guest.sh).
# check: long
# check: kernel debug
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
. "$top/ws/kconfigs.sh"
kconfig debug
. "$top/ws/vars.sh"
log=$top/build/test-debug-stress.log

"$top/ws/kbuild.sh" debug > "$log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -n 20 "$log" | sed 's/^/# /'
check "the debug kernel is built for the stress guest" [ $rc -eq 0 ]
if [ $rc -eq 0 ]; then
	relay < <(GUEST_TIMEOUT=${DEBUG_GUEST_TIMEOUT:-2400} "$top/ws/guest-tests.sh" \
		"KMSG_STRESS_CYCLES=${KMSG_DEBUG_STRESS_CYCLES:-40} kmsg_stress.sh")
fi
done_testing
