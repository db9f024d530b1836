#!/bin/bash
# Build one kernel configuration of ws/kconfigs.sh in its own folder:
# prepare (configure), kbuild with the configuration's arguments and any
# given here, and the kmsg tool where the configuration has one.  The
# build holds its folder's lock (kout_lock, ws/vars.sh), so a suite and
# make check's own build of it (ws/check.mk) never build one folder at the
# same time; the second one finds nothing left to do.
#   ws/kbuild.sh NAME [kbuild arguments]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/kconfigs.sh"
[ $# -ge 1 ] || { echo "usage: $0 NAME [kbuild arguments] (NAME: $KCONFIGS)" >&2; exit 2; }
kconfig "$1"
shift
. "$top/ws/vars.sh"

# seed: a configuration a few options away from another (KCONFIG_SEED,
# the variants of main) starts its first build from a copy of that one's
# built folder, taken under its lock.  kbuild then compiles only the
# objects whose dependencies name an option that differs (fixdep's
# include/config/ files), as in a developer's tree after a configuration
# change, instead of every object again.  The copy is made beside and
# renamed into place, so a copy cut short is never taken for a build.
seed() {
	local from
	[ -n "$KCONFIG_SEED" ] && [ ! -e "$KOUT/.config" ] || return 0
	from=$(kconfig "$KCONFIG_SEED" && echo "$KOUT")
	[ -e "$from/vmlinux" ] || return 0
	rm -rf "$KOUT.seed"
	KOUT=$from kout_lock cp -a "$from" "$KOUT.seed"
	rm -rf "$KOUT"
	mv "$KOUT.seed" "$KOUT"
	echo "kbuild: $(basename "$KOUT") starts from a copy of $(basename "$from")"
}

build() {
	seed
	"$top/ws/prepare.sh"
	kmake $KCONFIG_MAKE "$@"
	if [ -n "$KCONFIG_TOOL" ]; then
		mkdir -p "$KMSG_TOOL_DIR"
		ccpath make -s -C "$KSRC/tools/kmsg" CROSS_COMPILE="$CROSS_COMPILE" \
			OUTPUT="$KMSG_TOOL_DIR/" LDFLAGS=-static
	fi
}
kout_lock build "$@"
