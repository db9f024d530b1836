#!/bin/bash
# xpram doing its real job under Hercules, which emulates expanded
# storage (64 MiB here): block devices, a data round trip, partitions
# from xpram.parts, and xpram.1 / xpram.2 really triggered and explained.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/test-hercules
rm -rf "$out"
mkdir -p "$out"
. "$top/tests/lib.sh"
herc() { local name=$1; shift; GUEST_TIMEOUT=${HERCULES_TIMEOUT:-180} "$top/ws/guest.sh" -e hercules "$@" > "$out/$name" 2> "$out/$name.err"; }
has() { grep -qxF -- "$2" "$out/$1"; }

herc uname 'uname -m'
check "make guest EMU=hercules CMD='uname -m' prints s390x" has uname s390x
herc false false
check "a failing command fails the Hercules guest" [ $? -ne 0 ]

herc defaults '
echo size=$(cat /sys/block/xpram0/size)
dd if=/dev/urandom of=/tmp/a bs=4096 count=512 2>/dev/null
dd if=/tmp/a of=/dev/xpram0 bs=4096 2>/dev/null && sync
echo 3 > /proc/sys/vm/drop_caches
dd if=/dev/xpram0 of=/tmp/b bs=4096 count=512 2>/dev/null
cmp /tmp/a /tmp/b && echo roundtrip=ok
dd if=/dev/urandom of=/tmp/c bs=4096 count=1 2>/dev/null
dd if=/tmp/c of=/dev/xpram0 bs=4096 seek=16383 2>/dev/null && sync
echo 3 > /proc/sys/vm/drop_caches
dd if=/dev/xpram0 of=/tmp/d bs=4096 skip=16383 2>/dev/null
echo last-page-bytes=$(wc -c < /tmp/d)
cmp /tmp/c /tmp/d && echo last-page=ok
echo severity=$(cat /sys/kernel/kmsg/xpram/2/severity)
kmsg explain xpram.2 | head -n 1'
check "with the defaults /dev/xpram0 holds all 64 MiB" has defaults size=131072
check "2 MiB written to /dev/xpram0 read back identical after dropping the page cache" has defaults roundtrip=ok
check "the last page of expanded storage (page 16383) reads back what was written, and nothing lies beyond it" \
	sh -c "grep -qx last-page-bytes=4096 '$out/defaults' && grep -qx last-page=ok '$out/defaults'"
check "the catalog is there: /sys/kernel/kmsg/xpram/2/severity and kmsg explain" \
	sh -c "grep -qx severity=Error '$out/defaults' && grep -qx 'xpram.2: Not enough expanded memory available' '$out/defaults'"

GUEST_APPEND="xpram.parts=2,16M,0" herc parts 'cat /sys/block/xpram0/size /sys/block/xpram1/size
dd if=/dev/urandom of=/tmp/a bs=4096 count=64 2>/dev/null
dd if=/tmp/a of=/dev/xpram1 bs=4096 2>/dev/null && sync
echo 3 > /proc/sys/vm/drop_caches
dd if=/dev/xpram1 of=/tmp/b bs=4096 count=64 2>/dev/null
cmp /tmp/a /tmp/b && echo roundtrip=ok'
check "xpram.parts=2,16M,0 makes a 16 MiB and a 48 MiB partition" \
	sh -c "[ \"\$(head -n 2 '$out/parts' | tr '\n' ' ')\" = '32768 98304 ' ]"
check "data round trip on the second partition" has parts roundtrip=ok

GUEST_APPEND="xpram.parts=2,16384,0" herc bare 'cat /sys/block/xpram0/size /sys/block/xpram1/size
cat /sys/module/xpram/parameters/parts'
check "a size without suffix is KiB: xpram.parts=2,16384,0 makes 16 MiB and 48 MiB" \
	sh -c "[ \"\$(head -n 2 '$out/bare' | tr '\n' ' ')\" = '32768 98304 ' ]"
check "and the parameter reads back as given (not cut up by parsing)" has bare "2,16384,0"

GUEST_APPEND="xpram.devs=40" herc devs 'dmesg | grep "^xpram"; ls /dev/xpram0 2>&1
kmsg explain "$(dmesg | grep "^xpram.1:")"'
check "xpram.devs=40 logs xpram.1 with the value" has devs "xpram.1: 40 is not a valid number of XPRAM devices"
check "and creates no device" sh -c "grep -q 'No such file or directory' '$out/devs'"
check "kmsg explain of that log line fills in @1 = 40" \
	has devs "  @1: the requested number of partitions = 40"

GUEST_APPEND="xpram.parts=2,48M,32M" herc sizes 'dmesg | grep "^xpram"; cat /sys/kernel/kmsg/xpram/2/user_action | head -n 1'
check "sizes beyond the 64 MiB of expanded storage log xpram.2" \
	has sizes "xpram.2: Not enough expanded memory available"
check "and /sys/kernel/kmsg explains it" \
	sh -c "grep -q '^Compare the requested sizes with the expanded storage' '$out/sizes'"

# What the guests said on stderr, as TAP comments.
for f in "$out"/*.err; do
	case $f in
	*false.err) ;;
	*) sed 's/^/# /' "$f" | head -n 20 ;;
	esac
done
done_testing
