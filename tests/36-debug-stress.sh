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
debug_kernel "$top/build/test-debug-stress.log" "the debug kernel is built for the stress guest" &&
	debug_guest "KMSG_STRESS_CYCLES=${KMSG_DEBUG_STRESS_CYCLES:-40} kmsg_stress.sh"
done_testing
