# Sourced by the ws/ scripts: where things are and how to call kbuild.
top=${top:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
KSRC=${KSRC:-$top/build/linux}
KOUT=${KOUT:-$top/build/obj}
ARCH=s390
CROSS_COMPILE=s390x-linux-gnu-
OVERLAY_DIRS="arch Documentation drivers include kernel lib scripts tools"
JOBS=${JOBS:-$(nproc)}
export ARCH CROSS_COMPILE KSRC KOUT

kmake() {
	make -s -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE \
		-j"$JOBS" "$@"
}
