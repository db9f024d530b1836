#!/bin/bash
# Build the kernel of $ARCH (s390: build/obj, x86_64: build/obj-x86_64)
# with the options given (D=1, D=2, ...), and the kmsg tool for that
# architecture, statically linked, in build/kmsg-tool (s390x) or
# build/kmsg-tool-x86_64: ws/kbuild.sh's "main" or "x86_64".
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
case ${ARCH:-s390} in
s390) exec "$top/ws/kbuild.sh" main "$@" ;;
x86_64 | x86) exec "$top/ws/kbuild.sh" x86_64 "$@" ;;
*) echo "ws: ARCH=$ARCH is not supported (s390 or x86_64)" >&2; exit 2 ;;
esac
