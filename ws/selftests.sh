#!/bin/bash
# Build and install the kmsg kselftests (scripts and test modules) for the
# kernel in $KOUT into $1, with expected/<tag>/<field> files made from the
# descriptions by kmsg-gen dump.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
dest=$(realpath -m "$1")
rm -rf "$dest"
mkdir -p "$dest"
# The test modules are built in the source tree, one folder for every
# kernel configuration: cleaned first, so that none built for another
# configuration (ids on, say) is taken for this one's; one at a time.
install_selftests() {
	ccpath make -C "$KSRC/tools/testing/selftests" TARGETS=kmsg KDIR="$KOUT" \
		ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE clean &&
	ccpath make -C "$KSRC/tools/testing/selftests" TARGETS=kmsg KDIR="$KOUT" \
		ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE INSTALL_PATH="$dest" install
}
src_lock install_selftests >"$dest.log" 2>&1 || { cat "$dest.log" >&2; exit 1; }
# The functions of kernel/kmsg_catalog.c, for kmsg_faults.sh's stack filter:
# its own (kmsg_*), not the copies of inline helpers other files have too,
# nor its initcall, whose text is freed after boot.
if [ -f "$KOUT/kernel/kmsg_catalog.o" ]; then
	${CROSS_COMPILE}nm "$KOUT/kernel/kmsg_catalog.o" |
		awk '$2 ~ /^[tT]$/ && $3 ~ /^kmsg_/ && $3 != "kmsg_catalog_init" { print $3 }' \
		> "$dest/kmsg/catalog_functions"
fi
# kmsg-gen: the build's; a kernel without the catalog has none (kbuild
# builds it only for the catalog and for D=1 and D=2), so then our own.
gen=$KOUT/scripts/kmsg-gen
if [ ! -x "$gen" ]; then
	gen=$dest.kmsg-gen
	mapfile -t srcs < <("$top/ws/kmsg-gen-sources.sh")
	gcc -O2 -o "$gen" -I"$top/scripts" "${srcs[@]}"
fi
"$gen" dump "$top/Documentation/kmsg/s390/xpram" \
	"$top/Documentation/kmsg/kmsgcat" \
	"$top/tools/testing/selftests/kmsg/test_modules/test_kmsg_cat_a.c" |
"$top/ws/selftests-expected-sysfs.py" "$dest/kmsg/expected"
