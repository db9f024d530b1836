#!/bin/bash
# The generic catalog's figures (ws/bench.sh, part of make bench): entries
# per component, what it adds to the system catalog, kmsg annotate on a
# mixed x86_64 log (the real console lines of tests/generic, repeated to
# LINES lines) side by side with the s390 catalog alone, and the share of
# the real lines of public reports (tests/generic/public.tsv, each with
# its source) that it explains.  The rows go between the markers
# <!-- generic: ... --> and <!-- /generic --> of REPORT, so this part can
# also run alone:
#   ws/bench-generic.sh DIR LINES RUNS REPORT
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 4 ] || { echo "usage: ws/bench-generic.sh DIR LINES RUNS REPORT" >&2; exit 2; }
d=$(realpath -m "$1") lines=$2 runs=$3 report=$4
g=$top/tests/generic
mkdir -p "$d"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE -u ARCH CFLAGS="-O2 -g" \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$d/" >&2
"$top/ws/system-catalog.sh" "$d/system.catalog"
# the s390 catalog alone: the system catalog without the generic components
comps=$(cd "$top/Documentation/kmsg/generic" && ls | grep -v '\.rst$')
awk -F'\t' -v c="$(echo $comps)" 'BEGIN { n = split(c, a, " "); for (i = 1; i <= n; i++) g[a[i]] = 1 }
	{ split($1, t, "."); if (!(t[1] in g)) print }' "$d/system.catalog" > "$d/s390.catalog"
all=$(grep -vc '^#' "$d/system.catalog") s390=$(grep -vc '^#' "$d/s390.catalog")
gen=$((all - s390))
bytes=$(($(stat -c %s "$d/system.catalog") - $(stat -c %s "$d/s390.catalog")))

# the mixed log: the real x86_64 and s390 console lines of tests/generic
{ grep -v '^#' "$g/uncataloged.log"; grep -v '^#' "$g/explained.tsv" | cut -f2; } > "$d/mixed.one"
awk -v n="$lines" '{ l[NR] = $0 } END { for (i = 0; i < n; i++) print l[i % NR + 1] }' "$d/mixed.one" > "$d/mixed.log"
k="$d/kmsg --sysfs /nonexistent --catalog /nonexistent --system-catalog"
hyperfine -N --style none --warmup 1 --runs "$runs" --export-csv "$d/hf.csv" \
	"$k $d/system.catalog annotate $d/mixed.log" "$k $d/s390.catalog annotate $d/mixed.log" >&2
median() { awk -F, -v n="$1" 'NR == n + 1 { print $4 }' "$d/hf.csv"; }
ta=$(median 1) ts=$(median 2)
mixed=$($k "$d/system.catalog" --json annotate "$d/mixed.one" | grep -c '^{"tag"') || true

# the real lines of public reports: explained, and by which component
grep -v '^#' "$g/public.tsv" | cut -f3 > "$d/public.log"
$k "$d/system.catalog" --json annotate "$d/public.log" > "$d/public.json"
read -r pub pubn < <(python3 -c 'import json, sys
n = e = 0
for o in map(json.loads, open(sys.argv[1])):
    n += 1
    e += "tag" in o
print(e, n)' "$d/public.json")

# the converted calls' entries in a kernel image: the x86_64 kernel of
# kmsg_generic.config (tests/33), its vmlinux catalog
"$top/ws/kbuild.sh" x86_64-generic > "$d/x86_64-generic.log" 2>&1 ||
	{ echo "bench-generic: the x86_64-generic kernel does not build: see $d/x86_64-generic.log" >&2; exit 1; }
xk=$(. "$top/ws/kconfigs.sh" && kconfig x86_64-generic && echo "$KOUT")
xs=$(readelf -SW "$xk/vmlinux" | awk '{ for (i = 1; i < NF; i++) if ($i == ".kmsg_catalog") print $(i + 4) }')
xs=$((0x${xs:-0}))
xidx=$("$xk/scripts/kmsg-gen" index --srctree "$top/build/linux" --srcarch x86 "$xk/vmlinux.o" 2>/dev/null | grep -v '^#')
xn=$(echo "$xidx" | grep -c .)
xc=$(echo "$xidx" | cut -d. -f1 | sort -u | tr '\n' ' ')

# A converted module of that kernel loaded and unloaded with its catalog
# section, with the section renamed (loaded, not read) and without it,
# side by side in one guest (ws/bench-load.sh)
lm=raid456
lko=$(find "$xk" -name "$lm.ko" | head -n 1)
[ -n "$lko" ] || { echo "bench-generic: no $lm.ko in $xk" >&2; exit 1; }
ln=$("$xk/scripts/kmsg-gen" index --srctree "$top/build/linux" --srcarch x86 "${lko%.ko}.o" 2>/dev/null | grep -vc '^#') || true
lg=$d/load-guest
(. "$top/ws/kconfigs.sh" && kconfig x86_64-generic && "$top/ws/bench-load.sh" "$lg" "$lko" "$lm" 50 "$runs") ||
	{ echo "bench-generic: the $lm load guest failed: see $lg/out" >&2; exit 1; }
lt=$("$top/ws/bench.py" load "$lg/out" 50)
lr=$("$top/ws/bench.py" load "$lg/out" 50 ren)

rows=$d/rows
{
	printf '| %s | %s | %s |\n' \
		"generic catalog" "$gen entries in $(echo $comps | wc -w) components" \
		"Documentation/kmsg/generic, described by their sources (make D=1 proves every Text against 6.12, tests/23 against 6.1); per component below" \
		"its size in the system catalog" "$bytes bytes, $((bytes / (gen ? gen : 1))) bytes/entry" \
		"/usr/share/kmsg/kmsg.catalog with and without it" \
		"entries of converted calls in the x86_64 generic kernel's vmlinux" \
		"$xs bytes, $xn entries, $((xs / (xn ? xn : 1))) bytes/entry" \
		"kernel/configs/kmsg_generic.config, the .kmsg_catalog section; components ${xc% }: the calls whose descriptions say Printed:, the others keep their calls and leave no records" \
		"kmsg annotate, a $lines-line mixed log, with and without the generic catalog" \
		"$(awk -v a="$ta" -v b="$ts" -v l="$lines" 'BEGIN { printf "%.0f vs %.0f lines/s (%.1f vs %.1f ms)", l / a, l / b, a * 1000, b * 1000 }')" \
		"median of $runs runs (hyperfine), side by side; the real console lines of tests/generic (x86_64 and s390x guests), $(wc -l < "$d/mixed.one") distinct, $mixed of them explained" \
		"$lm.ko of that kernel ($ln entries): load+unload with its catalog section vs without" \
		"$lt" \
		"min/median/max of $runs rounds of 50 loads, QEMU $(grep -qx yes "$top/build/guest/kvm-probe-x86_64" 2>/dev/null && echo KVM || echo TCG), /proc/uptime (10 ms); with the section renamed, loaded but not read: $lr; its dependencies loaded before" \
		"real lines of public reports explained" \
		"$pub of $pubn ($(awk -v e="$pub" -v n="$pubn" 'BEGIN { printf "%.1f", n ? 100 * e / n : 0 }') %)" \
		"tests/generic/public.tsv: lines quoted in bug reports and forum posts, the source of each kept with it; tests/23 checks that none is explained by a component of another kind"
	echo
	echo "| component | entries |"
	echo "| --- | --- |"
	for c in $comps; do
		printf '| %s | %s |\n' "$c" "$(grep -c '^ \* Tag: ' "$top/Documentation/kmsg/generic/$c")"
	done
} > "$rows"
[ -f "$report" ] || printf '# Benchmarks\n' > "$report"
{
	echo "The generic catalog (\`ws/bench-generic.sh\`, part of \`make bench\`), in one run on $(date -u +%Y-%m-%d), commit $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores:"
	echo
	echo "| measure | value | notes |"
	echo "| --- | --- | --- |"
	cat "$rows"
} | "$top/ws/markers.py" "$report" generic --append || { echo "bench-generic: cannot write $report" >&2; exit 1; }
cat "$rows" >&2
