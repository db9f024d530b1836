#!/bin/bash
# make bench, last part: a full `make check` from a fresh clone of the
# committed HEAD, cold (an empty compile cache of its own) and then warm
# (the cache the cold run filled), one after the other in one run, as CI
# runs it on a machine where the last run left its cache.  Writes the
# rows between the markers <!-- check: ... --> and <!-- /check --> of
# BENCHMARKS.md (ws/markers.py; ws/bench.sh keeps them).
# BENCH_SMOKE=1: the same steps with a one-suite check (tests/05's
# harness runs real suites), into build/bench-check/BENCHMARKS.md.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/bench-check
rm -rf "$b"
mkdir -p "$b"
fail() { echo "bench-check: $*" >&2; exit 1; }
report=$top/BENCHMARKS.md
[ -n "${BENCH_SMOKE:-}" ] && report=$b/BENCHMARKS.md
[ -n "${BENCH_SMOKE:-}" ] && [ ! -f "$report" ] && printf '# Benchmarks\n' > "$report"
# The compile cache of both runs: emptied before the cold one.
# BENCH_CCACHE_DIR=~/.cache/ccache measures with the default cache, which
# is then left warm for the next make check (CI's).
export CCACHE_DIR=${BENCH_CCACHE_DIR:-$b/ccache}
[ -n "${BENCH_SMOKE:-}" ] && CCACHE_DIR=$b/ccache
# The suites' times of the last run, which order the next one (ws/check.sh):
# none of the machine's for the cold run (it orders by the repository's
# ws/check-times), the cold run's for the warm one.
export KMSG_CHECK_TIMES=$b/check-times
# The results of checkpatch and spatch (ws/result-cache.sh) are a cache
# like the compiler's: emptied before the cold run, kept for the warm one.
export KMSG_RESULT_CACHE=$b/results

# A suite for the smoke run: one compile through the cache.
mkdir -p "$b/suites"
cat > "$b/suites/1-compile.sh" <<'SUITE'
. "$top/ws/vars.sh"
echo 'int main(void) { return 0; }' > "$top/build/smoke.c"
ccpath gcc -c -o "$top/build/smoke.o" "$top/build/smoke.c" && echo "ok 1 - a file compiles"
echo "1..1"
SUITE

# run NAME: make check in a fresh clone at $b/NAME/clone; "seconds status".
# Each run's clone has a path of its own, as CI's has: the warm run hits
# the cold run's cache only where nothing compiled names the tree's path.
run() {
	local clone=$b/$1/clone log=$b/$1.log start rc
	rm -rf "$b/$1"
	mkdir -p "$b/$1"
	git clone -q "$top" "$clone" && git -C "$clone" reset -q --hard "$head" || fail "git clone failed"
	# as CI has it: a copy of shared/ beside the clone
	[ -d "$top/../shared" ] && ln -sfn "$(realpath "$top/../shared")" "$b/$1/shared"
	start=$SECONDS
	if [ -n "${BENCH_SMOKE:-}" ]; then
		(cd "$clone" && top=$clone CHECK_SUITES=$b/suites ws/check.sh) > "$log" 2>&1
	else
		(cd "$clone" && env -u BENCH_CCACHE_DIR make check) > "$log" 2>&1
	fi
	rc=$?
	echo "$((SECONDS - start)) $rc"
	rm -rf "${clone:?}"
}
summary() { grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$b/$1.log" | tail -n 1; }
cache() { sed -n 's/^# compile cache: \(.*\)$/\1/p' "$b/$1.log" | tail -n 1; }
# per step: its time and the CPU time of its own processes
suites() {
	sed -n 's/^# \([0-9][0-9]*-[a-z0-9_-]*\) took \([0-9]*\) s, \([0-9]*\) s of CPU$/\1 \2 \3/p' "$b/$1.log" |
		awk '{ printf "%s%s %d:%02d (%d s CPU)", n++ ? ", " : "", $1, $2 / 60, $2 % 60, $3 }'
}
# the kernel builds (ws/check.mk): each configuration's CPU time
prebuilt() {
	sed -n 's/^# kernel \([a-z0-9_-]*\) built in [0-9]* s, \([0-9]*\) s of CPU$/\1 \2/p' "$b/$1.log" |
		awk '{ printf "%s%s %d s", n++ ? ", " : "", $1, $2 } END { if (!n) printf "none" }'
}

rm -rf "$CCACHE_DIR" "$KMSG_CHECK_TIMES" "$KMSG_RESULT_CACHE" "$KMSG_RESULT_CACHE.log"
# the commit both runs clone (work committed meanwhile is not measured)
head=$(git -C "$top" rev-parse --short HEAD)
mkdir -p "$CCACHE_DIR"
read -r cold_s cold_rc < <(run cold)
# The cold run's suite times order a machine's first make check
# (ws/check.sh); kept in the repository for the next clone.
if [ -z "${BENCH_SMOKE:-}" ] && [ "$cold_rc" = 0 ]; then
	LC_ALL=C sort "$KMSG_CHECK_TIMES" > "$top/ws/check-times"
fi
read -r warm_s warm_rc < <(run warm)
# The rows are written either way, with each run's summary; a failed run
# or a different count of checks makes the benchmark fail.
bad=
[ "$cold_rc" = 0 ] || bad="$bad; the cold make check failed: $(summary cold) ($b/cold.log)"
[ "$warm_rc" = 0 ] || bad="$bad; the warm make check failed: $(summary warm) ($b/warm.log)"
count() { summary "$1" | awk '{ print $1 + $3 + $5 }'; }
[ "$(count cold)" = "$(count warm)" ] ||
	bad="$bad; cold and warm ran a different count of checks: '$(summary cold)' vs '$(summary warm)'"
cpu() { sed -n 's/^# CPU: \(.*\)$/\1/p' "$b/$1.log" | tail -n 1; }
mm() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }
{
	echo "Full \`make check\` from a fresh clone (\`ws/bench-check.sh\`, part of \`make bench\`), cold then warm in one run on $(date -u +%Y-%m-%d), commit $head, $(nproc) cores:"
	echo
	echo "| measure | value | notes |"
	echo "| --- | --- | --- |"
	echo "| make check, fresh clone, cold | $(mm "$cold_s") | $(summary cold); empty compile cache, the suite times the repository ships (ws/check-times): $(cache cold); CPU $(cpu cold); per step, time (its own CPU): $(suites cold); kernel builds, CPU: $(prebuilt cold) |"
	echo "| make check, fresh clone, warm | $(mm "$warm_s") | $(summary warm); a clone at another path, with the compile cache and suite times the cold run left: $(cache warm); CPU $(cpu warm); per step, time (its own CPU): $(suites warm); kernel builds, CPU: $(prebuilt warm) |"
	echo "| make check, warm vs cold | $(awk -v w="$warm_s" -v c="$cold_s" 'BEGIN { printf "%.2f", w / (c > 0 ? c : 1) }') | ratio of the two runs above |"
} | "$top/ws/markers.py" "$report" check --append || fail "cannot write $report"
echo "bench-check: cold $(mm "$cold_s"), warm $(mm "$warm_s"); wrote $report"
[ -z "$bad" ] || fail "${bad#; }"
