#!/bin/bash
# The same tree rebuilt with other options (kbuild recompiles only what
# depends on them): xpram as a module, then CONFIG_KMSG_IDS=n as well,
# and back to the main configuration at the end.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
log=$top/build/test-variants.log
: > "$log"

variant() {
	KMSG_EXTRA_CONFIG=${1:+$top/ws/$1} "$top/ws/prepare.sh" >>"$log" 2>&1 &&
	kmake >>"$log" 2>&1
}
restore() { variant "" || echo "# restoring the main configuration failed; see $log"; }
trap restore EXIT

# The scripts that load xpram.ko (its init runs and fails) come last: QEMU
# 7.2's s390x TCG can keep code it translated for a module whose memory the
# next module then reuses, and once ran stale xpram code in test_kmsg_prefix's
# init (an "illegal operation" oops).  Loads of other modules are unaffected
# in every run so far; the same modules load again and again in 30-guest.
echo "# variant: xpram as a module"
if variant variant-xpram-module.config; then
	"$top/ws/guest-tests.sh" "kmsg_modules.sh kmsg_xpram.sh kmsg_tool.sh"
else
	tail -20 "$log"; echo "not ok - the xpram-as-module variant builds"
fi

echo "# variant: CONFIG_KMSG_IDS=n, xpram as a module"
if variant variant-no-ids.config; then
	"$top/ws/zero-cost.sh" strict 1
	"$top/ws/guest-tests.sh" "KMSG_IDS=n kmsg_printk_index.sh kmsg_prefix.sh kmsg_modules.sh kmsg_xpram.sh kmsg_tool.sh"
else
	tail -20 "$log"; echo "not ok - the CONFIG_KMSG_IDS=n variant builds"
fi
