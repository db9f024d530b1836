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

# The compile cache: kernel, host-tool and kmsg-tool compiles go through
# ccache (kmake, ccpath), whose cache lives outside the work tree, so a
# fresh clone on the same machine (CI's) reuses what the last build here
# compiled.  ccache comes in by PATH (build/ccache-bin: gcc, cc and the
# cross gcc as links to ccache), so the compile commands kbuild records
# are the same with and without it.  base_dir makes the clone's absolute
# paths relative in what ccache hashes; the build stamps make identical
# sources give identical objects.  KMSG_CCACHE=0 builds without it.
export CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ccache}
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
# Depend mode: a compile the cache lacks runs the compiler once, and ccache
# takes the headers from the .d file kbuild asks for (-Wp,-MMD) instead of
# running the preprocessor first to hash its output (a quarter of each
# compile).  It gives up hits on another configuration's identical
# preprocessed output; the variants of main start from main's build
# folder instead (ws/kbuild.sh seed), and other configurations differ.
export CCACHE_DEPEND=1
# Two options carry the absolute source tree, which base_dir does not
# rewrite: kbuild's -fmacro-prefix-map=<tree>/=, which has nothing to map
# once ccache hands the compiler relative paths, and
# -Wa,-I<tree>/arch/s390/include, where the assembler looks for .include
# files, the same tree's in any clone.  Neither is hashed, so a clone
# elsewhere hits.  The relative paths ccache gives the compiler are
# <build>/../linux/... and, for our files, which are links into the
# repository and which ccache resolves, <build>/../../...: KCPPFLAGS maps
# both back to the tree's own paths, so __FILE__ (call-site records, BUG
# and WARN sites) reads "drivers/s390/block/xpram.c" as without ccache.
# Set with or without ccache, so that kbuild's commands are the same.
export CCACHE_IGNOREOPTIONS='-fmacro-prefix-map=/* -Wa,-I/*'
kmsg_kcppflags() {
	local src top_rel
	src=$(realpath -m --relative-to="$KOUT" "$KSRC")
	top_rel=$(realpath -m --relative-to="$KOUT" "$top")
	echo "-fmacro-prefix-map=$src/= -fmacro-prefix-map=$top_rel/="
}
export KCPPFLAGS=$(kmsg_kcppflags)
# Host programs are compiled and linked in one command, which ccache does
# not take, so the compiler sees the absolute source path: s390's
# gen_facilities and gen_opcode_table write their own __FILE__ into
# facility-defs.h and dis-defs.h, which nearly every object includes.
# Unmapped, a clone at another path (CI's) had other headers and missed
# the cache for 488 of 706 compiles; mapped, the headers read
# "arch/s390/tools/..." as in a build inside the source tree.
kmsg_hostcflags() { echo "-fmacro-prefix-map=$(realpath -m "$KSRC")/="; }
export HOSTCFLAGS=$(kmsg_hostcflags)
export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-'Thu Jan  1 00:00:00 UTC 2026'}
export KBUILD_BUILD_USER=kmsg KBUILD_BUILD_HOST=kmsg KBUILD_BUILD_VERSION=1
# Python: Debian's (ws/deps.sh installs it), not whichever python3 comes
# first in PATH.  A pyenv shim there costs 0.3 s of CPU a start, against
# 0.03 s, and make check starts Python scripts hundreds of times.
HOST_BIN=$top/build/host-bin
if [ -x /usr/bin/python3 ]; then
	[ -L "$HOST_BIN/python3" ] || { mkdir -p "$HOST_BIN" && ln -sfn /usr/bin/python3 "$HOST_BIN/python3"; }
	# first, even when something put another python3 before it since
	case $PATH in
	"$HOST_BIN":*) ;;
	*) export PATH=$HOST_BIN:$PATH ;;
	esac
fi
CCACHE_BIN=$top/build/ccache-bin
if [ "${KMSG_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
	if [ ! -x "$CCACHE_BIN/${CROSS_COMPILE}gcc" ] || [ ! -x "$CCACHE_BIN/gcc" ]; then
		mkdir -p "$CCACHE_BIN"
		for c in gcc cc ${CROSS_COMPILE:+${CROSS_COMPILE}gcc}; do
			ln -sfn "$(command -v ccache)" "$CCACHE_BIN/$c"
		done
	fi
else
	CCACHE_BIN=
fi
# ccpath CMD...: CMD with the compilers through ccache
ccpath() { PATH=${CCACHE_BIN:+$CCACHE_BIN:}$PATH "$@"; }

# kout_lock CMD...: run CMD (a command or a function) holding the lock of
# the build folder $KOUT, so that two builds never share a folder at one
# time (make check builds the next configurations in the background while
# its suites run); calls nested inside it pass through.  src_lock does the
# same for changes to the source tree $KSRC (ws/prepare.sh).
kout_lock() { locked KMSG_KOUT_LOCKED "$KOUT.lock" "$@"; }
src_lock() { locked KMSG_SRC_LOCKED "$KSRC.lock" "$@"; }
# locked VAR LOCKFILE CMD...: CMD holding LOCKFILE's lock, with VAR set to
# LOCKFILE meanwhile, so that a nested call on the same lock passes through
locked() {
	local var=$1 file=$2
	shift 2
	if [ "${!var:-}" = "$file" ]; then
		"$@"
		return
	fi
	mkdir -p "$(dirname "$file")"
	(
		exec 9>"$file"
		flock 9
		export "$var=$file"
		"$@"
	)
}

kmake_unlocked() {
	KCPPFLAGS=$(kmsg_kcppflags) HOSTCFLAGS=$(kmsg_hostcflags) ccpath make -s -C "$KSRC" O="$KOUT" ARCH=$ARCH \
		CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" "$@"
}
kmake() { kout_lock kmake_unlocked "$@"; }

# converted_objects DIR: the objects built in DIR of the converted files:
# the .c files the series changes (quilt's copies in $KSRC/.pc from before
# it, non-empty: not new files) that include <linux/kmsg.h> or are the
# s390 boot stage's (its messages come from <asm/boot_kmsg.h>), one a line
converted_objects() {
	while read -r p; do
		(cd "$KSRC/.pc/$p" && find . -name '*.c' -type f -size +0)
	done < "$KSRC/.pc/applied-patches" | sed 's|^\./||' | LC_ALL=C sort -u |
	while read -r f; do
		{ grep -q '^#include <linux/kmsg.h>' "$KSRC/$f" || [[ $f == arch/s390/boot/* ]]; } &&
			[ -f "$1/${f%.c}.o" ] && echo "${f%.c}.o"
	done
}

# patches/series lists every commit of the series; quilt applies those
# whose patch has a diff of upstream files ($KSRC/.kmsg-series, named by
# ws/quiltrc): a commit that only adds files of ours has none.
# series_sum prints a checksum of the series and its patches.
quilt_series() {
	(cd "$top/patches" && while read -r p; do
		if grep -q '^--- a/' "$p"; then echo "$p"; fi
	done < series) > "$KSRC/.kmsg-series.new"
	mv "$KSRC/.kmsg-series.new" "$KSRC/.kmsg-series"
}
series_sum() { (cd "$top/patches" && cat series $(cat series)) | md5sum | cut -c1-32; }
