#!/bin/bash
# The catalog of the built kernel ($KOUT: vmlinux and its modules) as a
# markdown table: per component, its messages with an id, how many are
# described, and where the descriptions live.  CATALOG.md's table is
# this output (tests/45-catalog-kernel checks it):
#   ws/catalog-table.sh [--write]
# --write writes the table into CATALOG.md between its markers.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
table=$(cd "$KOUT" && scripts/kmsg-gen index --srctree "$KSRC" --srcarch "$ARCH" \
	vmlinux.o $( [ -f modules.order ] && cat modules.order) 2>/dev/null |
	awk -F'\t' -v doc="$top/Documentation/kmsg" -v arch="$ARCH" '
	/^#/ { next }
	{
		c = $1; sub(/\.[0-9]+$/, "", c)
		n[c]++
		if ($6 != "") d[c]++
		owner[c] = owner[c] == "" || owner[c] == $3 ? $3 : "several"
	}
	END {
		print "| component | messages | described | descriptions in |"
		print "| --- | ---: | ---: | --- |"
		for (c in n) {
			where = "the source"
			if ((getline line < (doc "/" arch "/" c)) > 0)
				where = "`Documentation/kmsg/" arch "/" c "`"
			else if ((getline line < (doc "/" c)) > 0)
				where = "`Documentation/kmsg/" c "`"
			printf "| `%s` | %d | %d | %s |\n", c, n[c], d[c], where
			tn += n[c]; td += d[c]
		}
		printf "| all | %d | %d | |\n", tn, td
	}' | { read -r h1; read -r h2; echo "$h1"; echo "$h2"; sort; })
# "all" sorts among the components: put it last
table=$(echo "$table" | grep -v '^| all ' ; echo "$table" | grep '^| all ')
if [ "${1:-}" = --write ]; then
	echo "$table" | "$top/ws/markers.py" "$top/CATALOG.md" catalog
else
	echo "$table"
fi
