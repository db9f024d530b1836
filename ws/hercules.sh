#!/bin/bash
# Boot build/obj's kernel with the initrd in $1 under Hercules (z/Arch,
# 64 MiB of expanded storage, a 3215 console) and copy the console to
# stdout until the guest reports its exit status, stops or times out.
#   ws/hercules.sh GUEST_DIR TIMEOUT
# HERCULES_DEVICES adds device statements to the configuration, one a
# line, for example "0120 3390 /path/disk.3390" for a DASD made by dasdinit.
# Exit status: 0 when the guest finished, 124 on timeout, 1 when the CPU
# stopped in a disabled wait (a panic) or Hercules failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
gdir=$1 tmo=$2
h=$gdir/herc
rm -rf "$h"
mkdir -p "$h"
cp "$KOUT/arch/s390/boot/bzImage" "$h/bzImage"
cp "$gdir/initrd" "$h/initrd"
# What Hercules' ipl command loads, and where: the kernel at 0, the
# initrd at 32 MB, its address and size at 0x10408 and the command line
# (NUL-terminated) at 0x10480, as arch/s390/include/asm/setup.h has them.
perl -e 'print pack("Q>Q>", 0x02000000, -s $ARGV[0])' "$h/initrd" > "$h/initrd.addr"
printf '%s\0' "$(echo conmode=3215 condev=0x0009 console=ttyS0 quiet ${GUEST_APPEND:-})" > "$h/cmdline"
printf '%s\n' "bzImage 0x00000000" "cmdline 0x00010480" "initrd 0x02000000" "initrd.addr 0x00010408" > "$h/linux.ins"
cat > "$h/hercules.cnf" <<CNF
ARCHMODE z/Arch
CPUMODEL 2817
MAINSIZE 512
XPNDSIZE ${HERCULES_XPNDSIZE:-64}
NUMCPU 1
OSTAILOR LINUX
PANRATE FAST
0009 3215-C / noprompt
${HERCULES_DEVICES:-}
CNF
echo "ipl $h/linux.ins" > "$h/rc"

log=$h/hercules.log
(cd "$h" && HERCULES_RC="$h/rc" exec hercules -f hercules.cnf -d) > "$log" 2>&1 < /dev/null &
pid=$!
rc=124
end=$((SECONDS + tmo))
while [ $SECONDS -lt $end ]; do
	sleep 0.5
	if grep -q '^KMSG-GUEST-END$' "$log"; then
		rc=0
		break
	fi
	if grep -qE 'disabled wait|SIGP Stop' "$log"; then
		sleep 1
		grep -q '^KMSG-GUEST-END$' "$log" && rc=0 || rc=1
		break
	fi
	kill -0 $pid 2>/dev/null || { rc=1; break; }
done
{
	kill $pid
	sleep 0.5
	kill -9 $pid
	wait $pid
} 2>/dev/null
# The guest's lines, without Hercules' own messages.
grep -vE '^(HHC|CPU0000:|PSW=|R[0-9A-F]=|R:)' "$log"
exit $rc
