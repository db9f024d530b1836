#!/bin/bash
# The system catalog of the kmsg package, as the package builds it
# (packaging/Makefile, which runs from this repository as from the
# package's source): every description of Documentation/kmsg as one
# catalog file, owner "system", sorted by tag; with MANDIR, the man page
# of each described message too, as make D=2 writes it.  Independent of
# any kernel build.
#   ws/system-catalog.sh OUT [MANDIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: ws/system-catalog.sh OUT [MANDIR]" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmsg-system.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE -u ARCH CFLAGS="-O2 -Werror" \
	make -s --no-print-directory -C "$top" -f packaging/Makefile O="$tmp" "$tmp/kmsg.catalog"
cp "$tmp/kmsg.catalog" "$1"
if [ $# -eq 2 ]; then
	mkdir -p "$2"
	cp "$tmp"/man9/*.9 "$2/"
fi
