#!/bin/bash
# The kselftests on a debug kernel (kernel/configs/kmsg_debug.config, in
# build/obj-debug): lockdep, KASAN, KFENCE, kmemleak, debug objects and
# lists, atomic-sleep and RCU checks.  The guest harness fails a run on
# any report of theirs and on a leak kmemleak finds after the tests.  With
# failslab, kmsg_faults.sh fails every allocation of the catalog's
# registration in turn.  The guest boots with facilities=!25, so that the
# boot stage's lines are kept and replayed (kmsg_boot.sh).  The stress
# test runs in a debug guest of its own (tests/36), so that the two
# guests can run side by side.
# check: long
# check: kernel debug
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
if debug_kernel "$top/build/test-debug-kernel.log" \
	"the debug kernel builds (lockdep, KASAN, KFENCE, kmemleak, failslab)"; then
	check "it has them all" sh -c "for o in PROVE_LOCKING KASAN KFENCE DEBUG_KMEMLEAK DEBUG_OBJECTS DEBUG_LIST DEBUG_ATOMIC_SLEEP PROVE_RCU FAILSLAB FAULT_INJECTION_DEBUG_FS; do grep -qx CONFIG_\$o=y '$KOUT/.config' || exit 1; done"
	# booted with a facility cleared, so that the boot stage's lines are
	# kept and replayed into the log under the debugging tools too
	GUEST_APPEND="facilities=!25" debug_guest "kmsg_boot.sh kmsg_xpram.sh kmsg_prefix.sh kmsg_sysfs.sh kmsg_modules.sh kmsg_kunit.sh kmsg_faults.sh"
fi
done_testing
