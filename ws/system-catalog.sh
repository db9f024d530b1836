#!/bin/bash
# The system catalog of the kmsg package: every description of
# Documentation/kmsg (all architectures) as one catalog file in the format
# of /lib/modules/<release>/kmsg.catalog (scripts/kmsg-format.h), owner
# "system", sorted by tag; with MANDIR, the man page of each described
# message too, as make D=2 writes it.  Independent of any kernel build:
# kmsg-gen is compiled here from its sources.
#   ws/system-catalog.sh OUT [MANDIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: ws/system-catalog.sh OUT [MANDIR]" >&2; exit 2; }
out=$1
man=${2:-}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmsg-system.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mapfile -t srcs < <("$top/ws/kmsg-gen-sources.sh")
gcc -O2 -Wall -Wextra -Werror -o "$tmp/kmsg-gen" -I"$top/scripts" "${srcs[@]}"

# The description files: Documentation/kmsg/<component> and
# Documentation/kmsg/<arch>/<component>; the .rst pages are the book's.
# Relative paths, so the man pages' dates come from the files themselves.
mapfile -t files < <(cd "$top" && find Documentation/kmsg -type f ! -name '*.rst' | LC_ALL=C sort)
[ ${#files[@]} -gt 0 ] || { echo "system-catalog: no description files in $top/Documentation/kmsg" >&2; exit 1; }
case $out in /*) ;; *) out=$PWD/$out ;; esac
case $man in /* | '') ;; *) man=$PWD/$man ;; esac
cd "$top"
"$tmp/kmsg-gen" system ${man:+--man "$man"} -o "$out" "${files[@]}"
