#!/bin/bash
# quilt in the prepared tree, with the settings our patches are kept in:
#   ws/quilt.sh new 0091-foo.patch; ws/quilt.sh add FILE; ws/quilt.sh refresh
# A new patch goes into patches/series after the topmost applied one (a
# commit message for it: ws/quilt.sh header -e).  Afterwards the
# applied-series stamp is renewed, so the next `make` does not pop and
# re-push the series.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
cd "$KSRC"
prev=$(quilt --quiltrc "$top/ws/quiltrc" top 2>/dev/null || true)
rc=0
quilt --quiltrc "$top/ws/quiltrc" "$@" || rc=$?
if [ $rc -eq 0 ] && [ "${1:-}" = new ] && ! grep -qxF "${*: -1}" "$top/patches/series"; then
	awk -v prev="${prev#patches/}" -v new="${*: -1}" \
		'{ print } $0 == prev { print new; done = 1 } END { if (!done) print new }' \
		"$top/patches/series" > "$top/patches/series.new"
	mv "$top/patches/series.new" "$top/patches/series"
fi
series_sum > "$KSRC/.kmsg-patches"
exit $rc
