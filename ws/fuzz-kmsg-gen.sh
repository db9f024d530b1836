#!/bin/bash
# Fuzz the description parser of scripts/kmsg-gen with AFL++ (Debian's
# afl++ package) for a bounded time, then keep every crashing or hanging
# input in tests/kmsg-gen/fuzz-regress/, where tests/10-kmsg-gen.sh runs
# them on each make check.
#   ws/fuzz-kmsg-gen.sh [SECONDS]      (default 300)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-300}
d=$top/build/fuzz
rm -rf "$d"
mkdir -p "$d/seeds"
cp "$top/tests/kmsg-gen/malformed.txt" "$top/tests/kmsg-gen/src/fix.c" \
	"$top/Documentation/kmsg/s390/xpram" "$d/seeds/"
AFL_QUIET=1 afl-cc -O1 -g -o "$d/kmsg-gen" -I"$top/scripts" \
	"$top"/scripts/kmsg-{gen,parse,records,catalog}.c
AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
AFL_NO_AFFINITY=1 afl-fuzz -i "$d/seeds" -o "$d/out" -V "$secs" -t 1000 -- \
	"$d/kmsg-gen" dump @@ > "$d/afl.log" 2>&1 || true
grep -E 'execs_done|saved_crashes|saved_hangs|corpus_count' "$d/out/default/fuzzer_stats" || true
n=0
for f in "$d"/out/default/crashes/id:* "$d"/out/default/hangs/id:*; do
	[ -f "$f" ] || continue
	cp "$f" "$top/tests/kmsg-gen/fuzz-regress/$(basename "$(dirname "$f")")-$(md5sum < "$f" | cut -c1-12)"
	n=$((n + 1))
done
echo "fuzz: $n crashing or hanging inputs kept in tests/kmsg-gen/fuzz-regress/"
