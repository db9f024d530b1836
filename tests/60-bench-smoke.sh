#!/bin/bash
# make bench with tiny sizes, so the benchmark script cannot rot.
top=$(cd "$(dirname "$0")/.." && pwd)
BENCH_SMOKE=1 "$top/ws/bench.sh" > "$top/build/bench-smoke.log" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c '^| ' "$top/build/bench/BENCHMARKS.md")" -ge 14 ]; then
	echo "ok 1 - make bench runs end to end (smoke sizes) and writes its table"
else
	tail -20 "$top/build/bench-smoke.log" | sed 's/^/# /'
	echo "not ok 1 - make bench runs end to end (smoke sizes) and writes its table"
fi
