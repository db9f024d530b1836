#!/bin/bash
# Run kmsg kselftest scripts in the QEMU guest against the kernel in
# $KOUT:  ws/guest-tests.sh "ENV=... script.sh ..." [emu]
# Builds and installs the selftests first (scripts and test modules, with
# expected/<tag>/<field> files made from the descriptions by kmsg-gen dump).  Prints each script's results
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
selftests() {
	# The test modules are built in the source tree, one folder for every
	# kernel configuration: cleaned first, so that none built for another
	# configuration (ids on, say) is taken for this one's; one at a time.
	install_selftests() {
		ccpath make -C "$KSRC/tools/testing/selftests" TARGETS=kmsg KDIR="$KOUT" \
			ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE clean &&
		ccpath make -C "$KSRC/tools/testing/selftests" TARGETS=kmsg KDIR="$KOUT" \
			ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE INSTALL_PATH="$dir" install
	}
	src_lock install_selftests >"$dir.log" 2>&1 || { cat "$dir.log" >&2; return 1; }
	# The functions of kernel/kmsg_catalog.c, for kmsg_faults.sh's stack filter:
	# its own (kmsg_*), not the copies of inline helpers other files have too,
	# nor its initcall, whose text is freed after boot.
	if [ -f "$KOUT/kernel/kmsg_catalog.o" ]; then
		${CROSS_COMPILE}nm "$KOUT/kernel/kmsg_catalog.o" |
			awk '$2 ~ /^[tT]$/ && $3 ~ /^kmsg_/ && $3 != "kmsg_catalog_init" { print $3 }' \
			> "$dir/kmsg/catalog_functions"
	fi
	# kmsg-gen: the build's; a kernel without the catalog has none (kbuild
	# builds it only for the catalog and for D=1 and D=2), so then our own.
	gen=$KOUT/scripts/kmsg-gen
	if [ ! -x "$gen" ]; then
		gen=$dir.kmsg-gen
		mapfile -t srcs < <("$top/ws/kmsg-gen-sources.sh")
		gcc -O2 -o "$gen" -I"$top/scripts" "${srcs[@]}"
	fi
	"$gen" dump "$top/Documentation/kmsg/s390/xpram" \
		"$top/Documentation/kmsg/kmsgcat" \
		"$top/tools/testing/selftests/kmsg/test_modules/test_kmsg_cat_a.c" |
	"$top/ws/selftests-expected-sysfs.py" "$dir/kmsg/expected"
}
selftests || { echo "not ok - the kmsg selftests build"; exit 1; }
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
