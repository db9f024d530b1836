#!/bin/bash
# The guest configuration with other options, each in a build folder of
# its own (ws/kconfigs.sh; make check builds them in the background while
# earlier suites run): xpram as a module; CONFIG_KMSG_IDS=n as well;
# without the catalog (CONFIG_KMSG_CATALOG=n).  The main build in
# build/obj is never rebuilt for them.
# check: long
# check: kernel xpram-module no-ids no-catalog
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/kconfigs.sh"
. "$top/tests/lib.sh"
log=$top/build/test-variants.log
: > "$log"
main_config=$top/build/obj/.config
main_before=$(md5sum "$main_config" "$top/build/obj/vmlinux" 2>/dev/null)

# build_variant NAME DESCRIPTION: one result for the build; the variant's
# settings (KOUT, ...) stay set for what follows
build_variant() {
	kconfig "$1"
	. "$top/ws/vars.sh"
	"$top/ws/kbuild.sh" "$1" >>"$log" 2>&1
	local rc=$?
	[ $rc -eq 0 ] || tail -n 20 "$log" | sed 's/^/# /'
	check "the $2 variant builds (in build/${KOUT##*/})" [ $rc -eq 0 ]
}

# The scripts that load xpram.ko (its init runs and fails) come last: QEMU
# 7.2's s390x TCG can keep code it translated for a module whose memory the
# next module then reuses, and once ran stale xpram code in test_kmsg_prefix's
# init (an "illegal operation" oops).  Loads of other modules are unaffected
# in every run so far; the same modules load again and again in 30-guest.
echo "# variant: xpram as a module"
if build_variant xpram-module "xpram-as-module"; then
	relay < <("$top/ws/guest-tests.sh" "kmsg_modules.sh kmsg_xpram.sh kmsg_tool.sh")
fi

echo "# variant: CONFIG_KMSG_IDS=n, xpram as a module"
if build_variant no-ids "CONFIG_KMSG_IDS=n"; then
	relay < <("$top/ws/zero-cost.sh" no-ids)
	relay < <("$top/ws/guest-tests.sh" "KMSG_IDS=n kmsg_printk_index.sh kmsg_prefix.sh kmsg_modules.sh kmsg_xpram.sh kmsg_tool.sh")
fi

echo "# variant: CONFIG_KMSG_IDS=n and CONFIG_KMSG_CATALOG=n"
if build_variant no-catalog "CONFIG_KMSG_CATALOG=n"; then
	relay < <("$top/ws/zero-cost.sh" no-catalog)
	check "vmlinux has no catalog section and no catalog code" \
		sh -c "! ${CROSS_COMPILE}readelf -SW '$KOUT/vmlinux' | grep -q kmsg &&
		       ! ${CROSS_COMPILE}nm '$KOUT/vmlinux' | grep -q kmsg_catalog"
	# (the folder started from a copy of main's, kmsg-gen and all: a build
	# after taking it away must not make it again)
	rm -f "$KOUT/scripts/kmsg-gen"
	"$top/ws/kbuild.sh" no-catalog >>"$log" 2>&1
	rc=$?
	check "kmsg-gen is not built without the catalog (kbuild makes no scripts/kmsg-gen; exit $rc)" \
		[ $rc -eq 0 -a ! -e "$KOUT/scripts/kmsg-gen" ]
	check "xpram.ko has no catalog section" \
		sh -c "! ${CROSS_COMPILE}readelf -SW \$(find '$KOUT' -name xpram.ko) | grep -q kmsg"
	relay < <("$top/ws/guest-tests.sh" "KMSG_IDS=n kmsg_printk_index.sh kmsg_prefix.sh")
fi

# The variants had folders of their own: the main build is as it was.
check "the main build (build/obj) is untouched by the variants: .config and vmlinux as before" \
	[ -n "$main_before" -a "$(md5sum "$main_config" "$top/build/obj/vmlinux" 2>/dev/null)" = "$main_before" ]
check "and it is the main configuration (CONFIG_KMSG_IDS=y, xpram built in)" \
	sh -c "grep -qx CONFIG_KMSG_IDS=y '$main_config' && grep -qx CONFIG_BLK_DEV_XPRAM=y '$main_config'"
done_testing
