#!/bin/bash
# The same tree rebuilt with other options (kbuild recompiles only what
# depends on them): xpram as a module; then CONFIG_KMSG_IDS=n as well;
# then without the catalog (CONFIG_KMSG_CATALOG=n); and back to the main
# configuration at the end, which later suites rely on.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/tests/lib.sh"
log=$top/build/test-variants.log
: > "$log"

variant() {
	KMSG_EXTRA_CONFIG=${1:+$top/ws/$1} "$top/ws/prepare.sh" >>"$log" 2>&1 &&
	kmake >>"$log" 2>&1
}
# Should the suite die half-way, the main configuration comes back anyway.
trap 'variant ""' EXIT

# build_variant CONFIG DESCRIPTION: one result for the rebuild
build_variant() {
	variant "$1"
	local rc=$?
	[ $rc -eq 0 ] || tail -n 20 "$log" | sed 's/^/# /'
	check "the $2 variant builds" [ $rc -eq 0 ]
}

# The scripts that load xpram.ko (its init runs and fails) come last: QEMU
# 7.2's s390x TCG can keep code it translated for a module whose memory the
# next module then reuses, and once ran stale xpram code in test_kmsg_prefix's
# init (an "illegal operation" oops).  Loads of other modules are unaffected
# in every run so far; the same modules load again and again in 30-guest.
echo "# variant: xpram as a module"
if build_variant variant-xpram-module.config "xpram-as-module"; then
	relay < <("$top/ws/guest-tests.sh" "kmsg_modules.sh kmsg_xpram.sh kmsg_tool.sh")
fi

echo "# variant: CONFIG_KMSG_IDS=n, xpram as a module"
if build_variant variant-no-ids.config "CONFIG_KMSG_IDS=n"; then
	relay < <("$top/ws/zero-cost.sh" no-ids)
	relay < <("$top/ws/guest-tests.sh" "KMSG_IDS=n kmsg_printk_index.sh kmsg_prefix.sh kmsg_modules.sh kmsg_xpram.sh kmsg_tool.sh")
fi

echo "# variant: CONFIG_KMSG_IDS=n and CONFIG_KMSG_CATALOG=n"
if build_variant variant-no-catalog.config "CONFIG_KMSG_CATALOG=n"; then
	relay < <("$top/ws/zero-cost.sh" no-catalog)
	check "vmlinux has no catalog section and no catalog code" \
		sh -c "! ${CROSS_COMPILE}readelf -SW '$KOUT/vmlinux' | grep -q kmsg &&
		       ! ${CROSS_COMPILE}nm '$KOUT/vmlinux' | grep -q kmsg_catalog"
	check "xpram.ko has no catalog section" \
		sh -c "! ${CROSS_COMPILE}readelf -SW \$(find '$KOUT' -name xpram.ko) | grep -q kmsg"
	relay < <("$top/ws/guest-tests.sh" "KMSG_IDS=n kmsg_printk_index.sh kmsg_prefix.sh")
fi

trap - EXIT
variant ""
rc=$?
[ $rc -eq 0 ] || tail -n 20 "$log" | sed 's/^/# /'
check "the main configuration is restored and builds" [ $rc -eq 0 ]
check "and it is the main configuration (CONFIG_KMSG_IDS=y, xpram built in)" \
	sh -c "grep -qx CONFIG_KMSG_IDS=y '$KOUT/.config' && grep -qx CONFIG_BLK_DEV_XPRAM=y '$KOUT/.config'"
done_testing
