#!/bin/bash
# The C sources of scripts/kmsg-gen, as kbuild builds it: the objects of
# "kmsg-gen-objs :=" in the scripts/Makefile of patches/ (the one list),
# one path a line under DIR/scripts (default: this repository).
#   ws/kmsg-gen-sources.sh [DIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$top}
objs=$(awk '
	/^\+kmsg-gen-objs[ \t]*:=/ { on = 1; sub(/^\+kmsg-gen-objs[ \t]*:=/, "") }
	on { sub(/^\+/, ""); more = sub(/\\$/, ""); printf "%s ", $0; if (!more) exit }' "$top"/patches/*.patch)
[ -n "$objs" ] || { echo "kmsg-gen-sources: no kmsg-gen-objs in patches/" >&2; exit 1; }
for o in $objs; do
	echo "$dir/scripts/${o%.o}.c"
done
