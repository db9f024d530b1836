#!/bin/bash
# Boot the built kernel in QEMU (or Hercules) with a busybox initramfs,
# run a shell command in it and exit with that command's status.  The
# kernel is $KOUT's for $ARCH (ws/vars.sh): s390x by default, or x86_64
# (QEMU only; with KVM when a short probe boot under KVM works, TCG
# otherwise).
#
#   ws/guest.sh [-e qemu|hercules] [-x EXTRA_DIR] [-t TIMEOUT] CMD
#
# QEMU_DEVICES adds QEMU options (devices) to a QEMU guest, for example
# "-device virtio-rng-pci"; HERCULES_DEVICES does so for Hercules
# (ws/hercules.sh).  The command's output goes to stdout.  The kernel's own console log is
# kept in build/guest/<run>/console.log; a report of any kind in it (panic, oops,
# BUG, WARNING, INFO: such as hung tasks and RCU stalls, lockdep, KASAN,
# KFENCE, UBSAN, debug objects, list corruption), a leak that kmemleak
# finds after the command (on a kernel with CONFIG_DEBUG_KMEMLEAK), or a
# guest that does not finish within the timeout fails the run, and the
# report or the tail of that log is shown.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"

emu=qemu extra= tmo=${GUEST_TIMEOUT:-300}
while getopts "e:x:t:" o; do
	case $o in
	e) emu=$OPTARG ;;
	x) extra=$OPTARG ;;
	t) tmo=$OPTARG ;;
	*) echo "usage: $0 [-e qemu|hercules] [-x dir] [-t secs] CMD" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $0 [-e qemu|hercules] [-x dir] [-t secs] CMD" >&2; exit 2; }
cmd=$1
# What counts as a kernel report in the log (extended regular expression).
problems=$("$top/ws/guest-problems.sh" --regex)

image=$KOUT/$KIMAGE
[ -f "$image" ] || { echo "guest: no kernel at $image; run 'make build' first" >&2; exit 2; }
[ -z "$extra" ] || [ -d "$extra" ] || { echo "guest: EXTRA=$extra is not a directory" >&2; exit 2; }

[ $ARCH = s390 ] || [ $emu = qemu ] || { echo "guest: $emu runs s390x only" >&2; exit 2; }
# A folder of its own for each run, so that guests started at the same
# time share no file: build/guest/<build folder>-<emulator>.<pid>, whose
# logs stay for a look afterwards (the newest 30 runs; the image goes).
mkdir -p "$top/build/guest"
gdir=$(mktemp -d "$top/build/guest/${KOUT##*/}-$emu.XXXXXX")
root=$gdir/root
trap 'rm -rf "$root" "$gdir/initrd" "$gdir/herc/initrd" "$gdir/herc/bzImage"' EXIT
ls -dt "$top"/build/guest/*-*.* 2>/dev/null | tail -n +31 | xargs -r rm -rf
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,etc,root,extra}
cp "$BUSYBOX" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >> "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"

# Modules of this build, if it has any, the catalog file and the kmsg tool.
if [ -s "$KOUT/modules.order" ]; then
	kmake INSTALL_MOD_PATH="$root" INSTALL_MOD_STRIP=1 modules_install >/dev/null
fi
# The man pages stay out of the image (busybox has no man): next to it.
kmake INSTALL_MOD_PATH="$root" INSTALL_KMSG_MAN_PATH="$gdir/man" kmsg_install >/dev/null
[ -x "$KMSG_TOOL_DIR/kmsg" ] && cp "$KMSG_TOOL_DIR/kmsg" "$root/usr/sbin/kmsg"
# Whatever else the tests stage for every guest (the kmsg tool, ...).
[ -d "$top/build/guest-overlay" ] && cp -a "$top/build/guest-overlay/." "$root/"
[ -n "$extra" ] && cp -a "$extra/." "$root/extra/"
printf '%s\n' "$cmd" > "$root/kmsg-cmd"

# The command's terminal, and how the guest ends: x86_64 has no ACPI in
# this kernel, so it resets, and QEMU's -no-reboot turns that into an exit.
halt="poweroff -f"
case $emu-$ARCH in
qemu-s390)	tty=ttysclp0 ;;
qemu-x86_64)	tty=ttyS1 halt="reboot -f" ;;
hercules-s390)	tty=console ;;
*) echo "guest: unknown emulator '$emu'" >&2; exit 2 ;;
esac

cat > "$root/init" <<INIT
#!/bin/sh
export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root
/bin/busybox --install -s
# The kernel's kselftest runner calls "timeout --foreground", an option
# busybox's timeout lacks: a wrapper drops it (no terminal to share here).
rm -f /usr/bin/timeout
printf '#!/bin/sh\n[ "\$1" = --foreground ] && shift\nexec /bin/busybox timeout "\$@"\n' > /usr/bin/timeout
chmod 755 /usr/bin/timeout
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# what udev would add: the kselftest runner writes to /dev/stdout
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp
exec </dev/$tty >/dev/$tty 2>&1
cd /extra
# kmemleak's findings after the command: objects younger than 5 seconds
# are not reported yet, and a second scan confirms the first.
leaks() {
	km=/sys/kernel/debug/kmemleak
	[ -w \$km ] || return 0
	sleep 6
	echo scan > \$km
	echo scan > \$km
	cat \$km > /tmp/kmemleak
	[ -s /tmp/kmemleak ] || return 0
	echo KMSG-GUEST-KMEMLEAK-BEGIN
	head -n 60 /tmp/kmemleak
	echo KMSG-GUEST-KMEMLEAK-END
}
if [ $emu = hercules ]; then
	# The 3215 console drops bursts: keep the kernel off it, and pace
	# the command's output line by line, then say how many lines it had.
	dmesg -n 1
	sh /kmsg-cmd > /tmp/kmsg-out 2>&1
	rc=\$?
	leaks
	dmesg | grep -E '$problems' > /tmp/kmsg-problems
	echo KMSG-GUEST-BEGIN
	# Long lines lose their ends on the way: send at most 60 characters
	# a write, each piece but the last ending in a backslash and the next
	# starting with KMSG+ (the host joins them).
	awk '{ s = \$0
		while (length(s) > 60) {
			print substr(s, 1, 60) "\\\\"; fflush(); system("usleep 50000")
			s = "KMSG+" substr(s, 61)
		}
		print s; fflush(); system("usleep 50000") }' /tmp/kmsg-out
	echo KMSG-GUEST-RC=\$rc
	while IFS= read -r line; do echo "KMSG-GUEST-PROBLEM: \$line"; usleep 20000; done < /tmp/kmsg-problems
	echo KMSG-GUEST-LINES=\$(wc -l < /tmp/kmsg-out)
	echo KMSG-GUEST-END
	sleep 2
else
	echo KMSG-GUEST-BEGIN
	sh /kmsg-cmd
	echo KMSG-GUEST-RC=\$?
	leaks
fi
sync
$halt
INIT
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet) > "$gdir/initrd"

log=$gdir/console.log
out=$gdir/output
: > "$log"
rc=0
# qemu_x86 TIMEOUT [QEMU option...]: the x86_64 guest, kernel log on the
# first serial port, the command's terminal on the second
qemu_x86() {
	local t=$1
	shift
	timeout --foreground -k 5 "$t" qemu-system-x86_64 "$@" -smp 1 -m 512 \
		-nodefaults -display none -no-reboot \
		-kernel "$image" -initrd "$gdir/initrd" \
		-append "console=ttyS0 panic=-1 ${GUEST_APPEND:-}" \
		-chardev file,id=klog,path="$log" -serial chardev:klog \
		-chardev stdio,id=out,signal=off -serial chardev:out \
		${QEMU_DEVICES:-} < /dev/null > "$out" 2>"$gdir/qemu.err"
}

# KVM, if it runs this kernel at all: a nested KVM may exist and still
# spin without output, so a probe boot with a short timeout decides, once
# per kernel image (the answer is kept next to it).  GUEST_KVM=0 or 1
# overrides the probe.
kvm_ok() {
	local probe=$top/build/guest/kvm-probe-$ARCH
	case ${GUEST_KVM:-} in
	0) return 1 ;;
	1) return 0 ;;
	esac
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	if [ ! -f "$probe" ] || [ "$probe" -ot "$image" ]; then
		if printf 'echo KMSG-KVM-PROBE-OK\n' > "$root/kmsg-cmd" &&
		   (cd "$root" && find . | cpio -o -H newc --quiet) > "$gdir/initrd" &&
		   (qemu_x86 30 -enable-kvm -cpu host) 2>/dev/null &&
		   grep -q '^KMSG-KVM-PROBE-OK' "$out"; then
			echo yes > "$probe.$$"
		else
			echo no > "$probe.$$"
		fi
		mv -f "$probe.$$" "$probe"
		printf '%s\n' "$cmd" > "$root/kmsg-cmd"
		(cd "$root" && find . | cpio -o -H newc --quiet) > "$gdir/initrd"
		: > "$log"
	fi
	[ "$(cat "$probe")" = yes ]
}

case $emu-$ARCH in
qemu-x86_64)
	accel="-cpu max"
	kvm_ok && accel="-enable-kvm -cpu host"
	qemu_x86 "$tmo" $accel || rc=$?
	;;
qemu-s390)
	timeout --foreground -k 5 "$tmo" qemu-system-s390x -M s390-ccw-virtio \
		-cpu max -smp 1 -m 512 -nodefaults -display none -no-reboot \
		-kernel "$image" -initrd "$gdir/initrd" \
		-append "console=ttyS0 panic=-1 ${GUEST_APPEND:-}" \
		-chardev file,id=klog,path="$log" -device sclplmconsole,chardev=klog \
		-chardev stdio,id=out,signal=off -device sclpconsole,chardev=out \
		${QEMU_DEVICES:-} < /dev/null > "$out" 2>"$gdir/qemu.err" || rc=$?
	;;
hercules-s390)
	"$top/ws/hercules.sh" "$gdir" "$tmo" > "$out" || rc=$?
	cp "$gdir/herc/hercules.log" "$log"
	;;
esac
tr -d '\r' < "$out" |
awk 'NR > 1 && held ~ /\\$/ && /^KMSG\+/ {
	held = substr(held, 1, length(held) - 1) substr($0, 6); next }
	NR > 1 { print held } { held = $0 } END { if (NR) print held }' > "$out.clean"

fail() {
	echo "guest: $*" >&2
	echo "guest: last lines of the console log ($log):" >&2
	# awk ends the last line even where the log stops mid-line
	tail -n 40 "$log" | tr -d '\r' | awk '{ print "  | " $0 }' >&2
	exit 1
}

# What the command printed, without our markers.
sed -n '/^KMSG-GUEST-BEGIN$/,/^KMSG-GUEST-RC=/p' "$out.clean" | sed '1d;/^KMSG-GUEST-RC=/d'
[ $rc -eq 124 ] || [ $rc -eq 137 ] && fail "timed out after ${tmo}s"
[ $rc -eq 0 ] || fail "$emu exited with status $rc: $(head -c 500 "$gdir/qemu.err" 2>/dev/null)"
if ! found=$("$top/ws/guest-problems.sh" "$log"); then
	echo "guest: the kernel reported:" >&2
	echo "$found" | awk '{ print "  > " $0 }' >&2
	fail "the kernel reported a problem (panic, oops, BUG, WARNING, INFO, lockdep, KASAN, ...)"
fi
if grep -q '^KMSG-GUEST-KMEMLEAK-BEGIN$' "$out.clean"; then
	echo "guest: kmemleak found unreferenced objects:" >&2
	sed -n '/^KMSG-GUEST-KMEMLEAK-BEGIN$/,/^KMSG-GUEST-KMEMLEAK-END$/p' "$out.clean" |
		sed '1d;$d' | head -n 40 | awk '{ print "  > " $0 }' >&2
	fail "kmemleak reported a leak"
fi
status=$(sed -n 's/^KMSG-GUEST-RC=\([0-9]*\)$/\1/p' "$out.clean" | tail -n 1)
[ -n "$status" ] || fail "the guest stopped before the command finished"
if [ $emu = hercules ]; then
	grep -q '^KMSG-GUEST-PROBLEM: ' "$out.clean" &&
		fail "the kernel reported: $(sed -n 's/^KMSG-GUEST-PROBLEM: //p' "$out.clean" | head -n 3)"
	want=$(sed -n 's/^KMSG-GUEST-LINES=\([0-9]*\)$/\1/p' "$out.clean")
	got=$(sed -n '/^KMSG-GUEST-BEGIN$/,/^KMSG-GUEST-RC=/p' "$out.clean" | sed '1d;$d' | wc -l)
	[ "$want" = "$got" ] || fail "the 3215 console lost output: $got of ${want:-?} lines arrived"
fi
exit "$status"
