#!/bin/bash
# The kmsg kselftests on x86_64, little-endian: a kernel from
# tiny-base + kernel/configs/kmsg_guest.config + kmsg_guest_x86_64.config
# + the selftests' config in build/obj-x86_64, in qemu-system-x86_64 with
# Debian's busybox-static for amd64 (KVM when a probe boot works under it,
# TCG otherwise).  The catalog, the call-site records and kmsg-gen must
# need no s390 knowledge: the same tests as on s390x pass here.
# check: long
# check: kernel x86_64
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
. "$top/ws/kconfigs.sh"
kconfig x86_64
. "$top/ws/vars.sh"
log=$top/build/test-guest-x86_64.log

"$top/ws/kbuild.sh" x86_64 > "$log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -n 20 "$log" | sed 's/^/# /'
check "the x86_64 kernel and kmsg tool build (make build ARCH=x86_64)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || done_testing
check_no_tree_path x86_64
check "the kernel is an x86 bzImage (\"HdrS\" at 0x202) and the tool an x86-64 executable" \
	sh -c "[ \"\$(od -An -c -j 514 -N 4 '$KOUT/$KIMAGE' | tr -d ' ')\" = HdrS ] &&
	       readelf -h '$KMSG_TOOL_DIR/kmsg' | grep -q 'X86-64'"
check "vmlinux is little-endian x86-64 and has a .kmsg_catalog section" \
	sh -c "readelf -h '$KOUT/vmlinux' | grep -q 'little endian' &&
	       readelf -h '$KOUT/vmlinux' | grep -q 'X86-64' &&
	       readelf -SW '$KOUT/vmlinux' | grep -q ' \.kmsg_catalog '"

out=$("$top/ws/guest.sh" -t "${GUEST_TIMEOUT:-600}" 'uname -m; ls /sys/kernel/kmsg >/dev/null && echo sysfs-ok')
check "the guest boots and runs a command (uname -m: $(echo "$out" | head -n 1))" \
	[ "$out" = "$(printf 'x86_64\nsysfs-ok')" ]
echo "# the guest ran with $([ "$(cat "$top/build/guest/kvm-probe-x86_64" 2>/dev/null)" = yes ] && echo KVM || echo TCG)"

relay < <("$top/ws/guest-tests.sh" "kmsg_tool.sh kmsg_printk_index.sh kmsg_prefix.sh kmsg_sysfs.sh kmsg_modules.sh kmsg_kunit.sh KMSG_STRESS_CYCLES=1000 kmsg_stress.sh")
done_testing
