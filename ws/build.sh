#!/bin/bash
# Build the kernel of $ARCH (ws/vars.sh) in $KOUT with the options given
# (D=1, D=2, ...), and the kmsg tool for that architecture, statically
# linked, in build/kmsg-tool (s390x) or build/kmsg-tool-x86_64.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
kmake "$@"
mkdir -p "$KMSG_TOOL_DIR"
make -s -C "$KSRC/tools/kmsg" CROSS_COMPILE="$CROSS_COMPILE" \
	OUTPUT="$KMSG_TOOL_DIR/" LDFLAGS=-static
