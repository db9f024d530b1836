# Sourced by the ws/ scripts: where things are and how to call kbuild.
# ARCH=s390 (the default) or ARCH=x86_64 picks the guest architecture;
# each has its own build folder, busybox, kmsg tool and guest folder.
top=${top:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
KSRC=${KSRC:-$top/build/linux}
ARCH=${ARCH:-s390}
case $ARCH in
s390)
	CROSS_COMPILE=s390x-linux-gnu-
	KOUT=${KOUT:-$top/build/obj}
	DEB_ARCH=s390x
	BUSYBOX=$top/build/busybox/bin/busybox
	KMSG_TOOL_DIR=$top/build/kmsg-tool
	KIMAGE=arch/s390/boot/bzImage
	;;
x86_64 | x86)
	ARCH=x86_64
	CROSS_COMPILE=
	[ "$(uname -m)" = x86_64 ] || CROSS_COMPILE=x86_64-linux-gnu-
	KOUT=${KOUT:-$top/build/obj-x86_64}
	DEB_ARCH=amd64
	BUSYBOX=$top/build/busybox-amd64/bin/busybox
	KMSG_TOOL_DIR=$top/build/kmsg-tool-x86_64
	KIMAGE=arch/x86/boot/bzImage
	;;
*)
	echo "ws: ARCH=$ARCH is not supported (s390 or x86_64)" >&2
	exit 2
	;;
esac
OVERLAY_DIRS="arch Documentation drivers include kernel lib scripts tools"
JOBS=${JOBS:-$(nproc)}
export ARCH CROSS_COMPILE KSRC KOUT

kmake() {
	make -s -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE \
		-j"$JOBS" "$@"
}
