#!/bin/bash
# The kernel's own static checkers on the project's files:
# - scripts/kernel-doc -Wall on every kernel and host source of ours
#   (prints nothing: no malformed or incomplete kernel-doc comment);
# - no function of ours over 80 lines;
# - sparse (make C=2) on our kernel objects, in the s390x and the x86_64
#   guest builds (ws/kbuild.sh main and x86_64): no warning and no error.
# C=2 re-checks the named objects whether or not they are up to date.
# check: kernel main x86_64
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/kconfigs.sh"
. "$top/tests/lib.sh"
out=$top/build/test-static
rm -rf "$out"
mkdir -p "$out"

cd "$top" || exit 1
files=$(ls kernel/kmsg_catalog*.[ch] include/linux/kmsg.h \
	include/linux/kmsg_catalog.h drivers/s390/block/xpram.c scripts/kmsg-*.[ch] \
	tools/kmsg/*.[ch] tools/testing/selftests/kmsg/*.c \
	tools/testing/selftests/kmsg/test_modules/*.c)
for f in $files; do
	perl "$KSRC/scripts/kernel-doc" -Wall -none "$f" > "$out/kdoc.log" 2>&1
	rc=$?
	[ -s "$out/kdoc.log" ] && diag "$out/kdoc.log"
	check "kernel-doc -Wall $f: exit 0, nothing printed (exit $rc)" \
		test $rc -eq 0 -a ! -s "$out/kdoc.log"
done
# No function of ours is over 80 lines (kernel style: a definition starts
# at the first column and its closing brace is there too).
awk '/^[a-z].*\(/ && !/;$/ { name = $0; start = FNR }
     /^}/ && start { if (FNR - start + 1 > 80) print FILENAME ":" start ": " FNR - start + 1 " lines: " name; start = 0 }' \
	$files arch/s390/kernel/boot_kmsg.c ws/fuzz/*.c ws/*.c > "$out/long-functions"
diag "$out/long-functions"
check "no function is over 80 lines ($(wc -l < "$out/long-functions") are)" [ ! -s "$out/long-functions" ]
# The structures, macros and functions others use are documented.
kd_names() { perl "$KSRC/scripts/kernel-doc" -rst "$@" 2>/dev/null | sed -n 's/^\.\. c:\(macro\|struct\|function\):: *//p'; }
have=$(kd_names include/linux/kmsg.h include/linux/kmsg_catalog.h kernel/kmsg_catalog*.c | tr '\n' ' ')
for want in kmsg_err kmsg_dev_err kmsg_err_once kmsg_err_ratelimited \
	kmsg_catalog_header kmsg_catalog_entry "int kmsg_catalog_validate"; do
	check "kernel-doc documents $want" sh -c "echo ' $have' | grep -q ' $want[ (]'"
done

# sparse: CONFIGURATION ARCH OBJECTS... (ws/kconfigs.sh's name; the
# build is made or found up to date first, and C=2 runs under the build
# folder's lock, so a build of the same folder never runs beside it)
sparse_check() {
	local name=$1 a=$2
	shift 2
	if ! "$top/ws/kbuild.sh" "$name" > "$out/build-$a.log" 2>&1; then
		nok "sparse on $a: the $name configuration builds (build/test-static/build-$a.log)"
		return
	fi
	"$top/ws/kbuild.sh" "$name" C=2 "$@" > "$out/sparse-$a.log" 2>&1
	local rc=$?
	grep -E 'warning:|error:' "$out/sparse-$a.log" > "$out/sparse-$a.found"
	[ -s "$out/sparse-$a.found" ] && diag "$out/sparse-$a.found"
	check "make C=2 on $a ($*): exit 0 (exit $rc)" [ $rc -eq 0 ]
	check "sparse on $a: no warning or error ($(wc -l < "$out/sparse-$a.found") found)" \
		[ ! -s "$out/sparse-$a.found" ]
	# sparse ran: each object was checked (make V=1 would show the command)
	check "sparse on $a: the objects exist" sh -c "cd '$top/build/$(kconfig "$name"; basename "$KOUT")' && ls $* >/dev/null"
}
sparse_check main s390 kernel/kmsg_catalog.o kernel/kmsg_catalog_validate.o kernel/kmsg_catalog_test.o \
	drivers/s390/block/xpram.o
sparse_check x86_64 x86_64 kernel/kmsg_catalog.o kernel/kmsg_catalog_validate.o kernel/kmsg_catalog_test.o
done_testing
