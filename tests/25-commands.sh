#!/bin/bash
# The project commands as README and the contract describe them:
# make guest (CMD as written, EXTRA, exit status) and make env (an
# out-of-tree module built with what it prints).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
out=$top/build/test-commands
rm -rf "$out"
mkdir -p "$out/extra/sub"
echo "from the host" > "$out/extra/sub/file"

# CMD reaches the guest's shell unexpanded: variables, $?, $(...), quotes.
make -s -C "$top" guest EXTRA="$out/extra" \
	CMD='x=5; echo "v=$x rc=$?"; echo $(echo sub); echo '"'"'single $x'"'"'; cat /extra/sub/file; false; echo "after false rc=$?"' \
	> "$out/guest1" 2> "$out/guest1.err"
rc=$?
check "make guest CMD=... exits 0 when the command succeeds" [ $rc -eq 0 ]
check "CMD as written: \$x, \$?, \$(...) and quotes reach the guest's shell" diff -u - "$out/guest1" <<'E'
v=5 rc=0
sub
single $x
from the host
after false rc=1
E

make -s -C "$top" guest CMD='echo about to fail; exit 3' > "$out/guest2" 2>&1
rc=$?
check "make guest fails when the command fails" [ $rc -ne 0 ]
"$top/ws/guest.sh" 'exit 3' > /dev/null 2>&1
check "and the guest script exits with the command's status (3)" [ $? -eq 3 ]

# make env: what it prints builds an out-of-tree module.
make -s -C "$top" env > "$out/env"
check "make env prints KSRC, KOUT, ARCH and CROSS_COMPILE" \
	grep -qE '^KSRC=[^ ]+ KOUT=[^ ]+ ARCH=[^ ]+ CROSS_COMPILE=[^ ]+$' "$out/env"
mkdir -p "$out/mod"
cat > "$out/mod/hello_env.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "helloenv"
#include <linux/kmsg.h>
#include <linux/module.h>
static int __init hello_env_init(void)
{
	kmsg_info(1, "built with make env\n");
	return 0;
}
module_init(hello_env_init);
MODULE_LICENSE("GPL");
C
echo "obj-m := hello_env.o" > "$out/mod/Kbuild"
env $(cat "$out/env") sh -c 'make -s -C "$KSRC" O="$KOUT" M="$1"' _ "$out/mod" > "$out/mod.log" 2>&1
rc=$?
[ $rc -eq 0 ] || sed 's/^/# /' "$out/mod.log"
check "make -C \$KSRC O=\$KOUT M=dir with make env's settings builds a module" \
	[ $rc -eq 0 -a -f "$out/mod/hello_env.ko" ]
check "for the guest's architecture, with its catalog section" \
	sh -c "s390x-linux-gnu-readelf -hSW '$out/mod/hello_env.ko' | grep -q 'IBM S/390' &&
	       s390x-linux-gnu-readelf -SW '$out/mod/hello_env.ko' | grep -q kmsg_catalog"
done_testing
