#!/bin/bash
# Build one kernel configuration of ws/kconfigs.sh in its own folder:
# prepare (configure), kbuild with the configuration's arguments and any
# given here, and the kmsg tool where the configuration has one.  The
# build holds its folder's lock (kout_lock, ws/vars.sh), so a suite and
# ws/prebuild.sh never build one folder at the same time; the second one
# finds nothing left to do.
#   ws/kbuild.sh NAME [kbuild arguments]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/kconfigs.sh"
[ $# -ge 1 ] || { echo "usage: $0 NAME [kbuild arguments] (NAME: $KCONFIGS)" >&2; exit 2; }
kconfig "$1"
shift
. "$top/ws/vars.sh"

build() {
	"$top/ws/prepare.sh"
	kmake $KCONFIG_MAKE "$@"
	if [ -n "$KCONFIG_TOOL" ]; then
		mkdir -p "$KMSG_TOOL_DIR"
		ccpath make -s -C "$KSRC/tools/kmsg" CROSS_COMPILE="$CROSS_COMPILE" \
			OUTPUT="$KMSG_TOOL_DIR/" LDFLAGS=-static
	fi
}
kout_lock build "$@"
