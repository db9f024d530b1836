#!/bin/bash
# make bench with tiny sizes, so the benchmark script cannot rot.
# check: kernel catalog catalog-no-ids x86_64-generic
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
BENCH_SMOKE=1 "$top/ws/bench.sh" > "$top/build/bench-smoke.log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -20 "$top/build/bench-smoke.log" | sed 's/^/# /'
check "make bench runs end to end (smoke sizes)" [ $rc -eq 0 ]
check "and writes its table (at least 14 rows)" \
	[ "$(grep -c '^| ' "$top/build/bench/BENCHMARKS.md" 2>/dev/null)" -ge 14 ]
done_testing
