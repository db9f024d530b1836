#!/bin/bash
# quilt in the prepared tree, with the settings our patches are kept in:
#   ws/quilt.sh new 0009-foo.patch; ws/quilt.sh edit FILE; ws/quilt.sh refresh
# Afterwards the applied-series stamp is renewed, so the next `make` does
# not pop and re-push the series.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
cd "$KSRC"
rc=0
quilt --quiltrc "$top/ws/quiltrc" "$@" || rc=$?
set +e +o pipefail
sum=$(cat "$top/patches/series" $(sed -e 's/#.*//' "$top/patches/series" |
	sed -e "s|^\(..*\)$|$top/patches/\1|") 2>/dev/null | md5sum | cut -c1-32)
echo "$sum" > "$KSRC/.kmsg-patches"
exit $rc
