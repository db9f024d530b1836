#!/bin/bash
# kmsg annotate on a journal (ws/bench.sh section 10): a LINES-line log in
# journalctl -k short format (ws/bench-journal.c: 30 % lines with a tag,
# 20 % without an id, 10 % with a hashed id, 40 % of other subsystems)
# annotated with the whole system catalog (ws/system-catalog.sh), side by
# side in one hyperfine run with grep -c kernel: on the same file, and
# zcat of its gzip copy with kmsg annotate of that copy, and the same
# messages through kmsg mmexternal (rsyslog's plugin), as its msg property
# and as the message object of interface.input="fulljson".  Then where the
# time goes: callgrind on the first 10,000 lines.  The rows go between
# the markers <!-- annotate: ... --> and <!-- /annotate --> of REPORT
# (ws/markers.py; ws/bench.sh keeps them when it writes the rest), so this
# part of make bench can also run alone:
#   ws/bench-annotate.sh DIR LINES RUNS REPORT
# (make bench: build/bench/journal 1000000 5 BENCHMARKS.md)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 4 ] || { echo "usage: ws/bench-annotate.sh DIR LINES RUNS REPORT" >&2; exit 2; }
d=$(realpath -m "$1") lines=$2 runs=$3 report=$4
mkdir -p "$d"
rows=$d/rows
: > "$rows"
for c in gcc make gzip zcat hyperfine valgrind callgrind_annotate; do
	command -v $c >/dev/null || { echo "bench-annotate: $c is missing" >&2; exit 2; }
done

env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE CFLAGS="-O2 -g" \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$d/" >&2
gcc -O2 -Wall -Wextra -Werror -std=gnu11 -I"$top/scripts" -o "$d/bench-journal" "$top/ws/bench-journal.c" \
	"$top/scripts/kmsg-format.c"
"$top/ws/system-catalog.sh" "$d/system.catalog"
entries=$(grep -vc '^#' "$d/system.catalog")
"$d/bench-journal" "$d/system.catalog" "$lines" >"$d/journal"
gzip -c "$d/journal" >"$d/journal.gz"
# what rsyslog hands mmexternal: each line's message, or its message object
sed -n 's/^[A-Z][a-z][a-z] [0-9 ][0-9] [0-9:]* [^ ]* kernel: //p' "$d/journal" >"$d/mm.msg"
python3 -c 'import json, sys
for l in open(sys.argv[1]):
    print(json.dumps({"msg": " " + l.rstrip("\n"), "rawmsg": l.rstrip("\n"), "hostname": "host1",
                      "syslogtag": "kernel:", "programname": "kernel", "syslogseverity": "3"}))' \
	"$d/mm.msg" >"$d/mm.json"
k="$d/kmsg --sysfs /nonexistent --catalog /nonexistent --system-catalog $d/system.catalog"

echo "bench-annotate: $lines lines, $entries entries, $runs runs" >&2
hyperfine -N --style none --warmup 1 --runs "$runs" --export-csv "$d/hf.csv" \
	"$k annotate $d/journal" "grep -c kernel: $d/journal" \
	"zcat $d/journal.gz" "$k annotate $d/journal.gz" \
	"sh -c '$k mmexternal <$d/mm.msg'" "sh -c '$k mmexternal <$d/mm.json'" >&2
# the median of the command in line N of the CSV (after its header)
median() { awk -F, -v n="$1" 'NR == n + 1 { print $4 }' "$d/hf.csv"; }
kt=$(median 1) gt=$(median 2) zt=$(median 3) kz=$(median 4) mt=$(median 5) jt=$(median 6)
nmsg=$(wc -l <"$d/mm.msg")
explained=$($k --json annotate "$d/journal" | grep -c '^{"tag"')

rate=$(awk -v l="$lines" -v t="$kt" 'BEGIN { printf "%.0f", l / t }')
printf '| %s | %s | %s |\n' \
	"kmsg annotate, a $lines-line journalctl -k log, $entries-entry system catalog" \
	"$rate lines/s ($(awk -v t="$kt" 'BEGIN { printf "%.1f", t * 1000 }') ms)" \
	"median of $runs runs (hyperfine); 30 % tagged, 20 % without id, 10 % hashed id, 40 % other subsystems; target 1,000,000 lines/s" \
	"kmsg annotate vs grep -c kernel: on it" \
	"$(awk -v a="$kt" -v b="$gt" 'BEGIN { printf "%.1f vs %.1f ms: %.0fx", a * 1000, b * 1000, a / b }')" \
	"the same file, side by side" \
	"reading it gzip-compressed: kmsg annotate FILE.gz vs FILE, zcat FILE.gz" \
	"$(awk -v a="$kz" -v b="$kt" -v z="$zt" 'BEGIN { printf "%.1f vs %.1f ms: +%.1f ms; zcat %.1f ms", a * 1000, b * 1000, (a - b) * 1000, z * 1000 }')" \
	"what decompressing costs kmsg, against zcat alone" \
	"lines explained" \
	"$explained of $lines ($(awk -v e="$explained" -v l="$lines" 'BEGIN { printf "%.1f", 100 * e / l }') %)" \
	"kmsg --json annotate: lines with an entry (of the 40 % of other subsystems, those the generic catalog describes)" \
	"kmsg mmexternal (rsyslog's plugin), the log's $nmsg messages: msg vs fulljson" \
	"$(awk -v n="$nmsg" -v a="$mt" -v b="$jt" 'BEGIN { printf "%.0f vs %.0f messages/s", n / a, n / b }')" \
	"a JSON reply a message, flushed each time as rsyslog needs; the same run" >> "$rows"

# Where the time goes: instructions by function, inclusive, of 10,000 lines
head -n 10000 "$d/journal" >"$d/journal.10k"
valgrind -q --tool=callgrind --callgrind-out-file="$d/callgrind.out" \
	$k annotate "$d/journal.10k" >/dev/null 2>"$d/callgrind.err"
callgrind_annotate --inclusive=yes "$d/callgrind.out" >"$d/callgrind.txt" 2>/dev/null
share() {	# share FUNCTION: its inclusive percentage
	awk -v f=":$1( |$)" '$0 ~ f && match($0, /\( *[0-9.]+%\)/) {
		p = substr($0, RSTART, RLENGTH); gsub(/[() %]/, "", p); print p; exit }' "$d/callgrind.txt"
}
split=$(for f in kmsg_identify kmsg_logline_parse kmsg_input_line fwrite; do
	printf '%s %s\n' "$(share $f)" "$f"
done | sort -rn)
largest=$(echo "$split" | head -1)
printf '| %s | %s | %s |\n' "where kmsg annotate's time goes" \
	"largest: ${largest#* } ${largest%% *} %" \
	"callgrind, instructions of the first 10,000 lines, inclusive: $(echo "$split" | awk '{ printf "%s%s %s %%", (NR > 1 ? ", " : ""), $2, $1 }')" >> "$rows"

[ -f "$report" ] || printf '# Benchmarks\n' > "$report"
{
	echo "\`kmsg annotate\` on a journal (\`ws/bench-annotate.sh\`, part of \`make bench\`), in one run on $(date -u +%Y-%m-%d), commit $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores:"
	echo
	echo "| measure | value | notes |"
	echo "| --- | --- | --- |"
	cat "$rows"
} | "$top/ws/markers.py" "$report" annotate --append || { echo "bench-annotate: cannot write $report" >&2; exit 1; }
cat "$rows" >&2
