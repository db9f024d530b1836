#!/bin/bash
# Run every test suite in tests/ (sorted) and print one summary line,
# "N passed, M failed, K skipped".  A suite prints TAP: "ok"/"not ok"
# lines, numbered or not, and one plan line "1..N".  Its other lines are
# passed through for the reader.  Besides its own "not ok" lines, a suite
# fails when
#   - it prints no plan, more than one, or a plan other than its count
#     of results (it died or was cut short);
#   - it prints no result at all;
#   - it exits non-zero without a "not ok";
#   - a nested (indented) result is "not ok".
# "ok ... # SKIP reason" counts as skipped, not passed.  ONLY=PATTERN runs
# the suites whose name contains PATTERN; each other one is reported as
# skipped, so a narrowed run always says so.  Each suite's time follows
# it as "# NAME took N s", and the total ends the run.
#
# A full run (no ONLY=, the project's tests/) builds the kernel
# configurations of ws/kconfigs.sh in the background (ws/prebuild.sh) once
# the suites that change the source tree ("# check: changes the source
# tree" in their header) are done, so that they compile while guests run;
# each suite still builds what it needs itself, under the build folder's
# lock.  The compile cache's hits and misses of the run close it.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
suites=${CHECK_SUITES:-$top/tests}	# another folder: for the harness's own test
log=${CHECK_LOG:-$top/build/check.log}
mkdir -p "$(dirname "$log")"
: > "$log"
pass=0 fail=0 skipped=0 t0=$SECONDS
. "$top/ws/vars.sh"

# ccache's counters: "hits misses" (direct and preprocessed hits)
cache_counts() {
	[ -n "$CCACHE_BIN" ] || { echo "0 0"; return; }
	ccache --print-stats 2>/dev/null | awk '
		$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 }
		$1 == "cache_miss" { m += $2 }
		END { print h + 0, m + 0 }'
}
read -r hits0 misses0 < <(cache_counts)
# A full run leaves the work tree as it found it (git status).
tree_status() { git -C "$top" status --porcelain 2>/dev/null; }
[ -z "${CHECK_SUITES:-}" ] && status0=$(tree_status)

# The background builds start after the last suite that changes the
# source tree (none: before the first suite).
prebuild_after= prebuild_pid=
if [ -z "${ONLY:-}" ] && [ -z "${CHECK_SUITES:-}" ] && [ "${KMSG_PREBUILD:-1}" != 0 ]; then
	prebuild_after=$(grep -l '^# check: changes the source tree' "$suites"/[0-9]*.sh | sort | tail -n 1)
	prebuild_after=${prebuild_after:-start}
fi
start_prebuild() {
	"$top/ws/prebuild.sh" > "$top/build/prebuild.log" 2>&1 &
	prebuild_pid=$!
	echo "# building the kernel configurations in the background (build/prebuild.log)"
}
[ "$prebuild_after" = start ] && start_prebuild

# make check: the main kernel and tool first (the suites boot them).
if [ -n "${KMSG_CHECK_BUILD:-}" ]; then
	echo "== build (make build)"
	"$top/ws/kbuild.sh" main || { echo "not ok - the main kernel builds"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
	echo "# build took $((SECONDS - t0)) s" | tee -a "$log"
fi

# harness_fail SUITE WHY: a failure the harness itself finds
harness_fail() {
	echo "not ok - $1: $2" | tee -a "$log"
	fail=$((fail + 1))
}

for t in "$suites"/[0-9]*.sh; do
	name=$(basename "$t" .sh)
	if [ -n "${ONLY:-}" ] && [[ $name != *"$ONLY"* ]]; then
		echo "ok - $name # SKIP not selected by ONLY=$ONLY" | tee -a "$log"
		skipped=$((skipped + 1))
		continue
	fi
	echo "== $name"
	start=$SECONDS
	out=$(mktemp)
	bash "$t" 2>&1 | tee "$out" | tee -a "$log"
	rc=${PIPESTATUS[0]}
	results=$(grep -cE '^(not )?ok( |$)' "$out")
	s=$(grep -ciE '^ok( |$).*# *skip' "$out")
	f=$(grep -cE '^not ok( |$)' "$out")
	nested=$(grep -cE '^[[:space:]]+not ok( |$)' "$out")
	plans=$(sed -nE 's/^1\.\.([0-9]+).*/\1/p' "$out")
	pass=$((pass + results - f - s)) fail=$((fail + f)) skipped=$((skipped + s))
	if [ "$results" -eq 0 ]; then
		harness_fail "$name" "printed no results"
	elif [ -z "$plans" ]; then
		harness_fail "$name" "printed no plan (1..N) for its $results results"
	elif [ "$(echo "$plans" | wc -l)" -ne 1 ]; then
		harness_fail "$name" "printed $(echo "$plans" | wc -l) plans"
	elif [ "$plans" != "$results" ]; then
		harness_fail "$name" "planned $plans results but printed $results"
	fi
	[ "$nested" -gt 0 ] && harness_fail "$name" "$nested nested results are not ok"
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] &&
		harness_fail "$name" "exited with status $rc"
	rm -f "$out"
	echo "# $name took $((SECONDS - start)) s" | tee -a "$log"
	[ "$t" = "$prebuild_after" ] && start_prebuild
done
if [ -n "$prebuild_pid" ]; then
	wait "$prebuild_pid"
	sed 's/^/# /' "$top/build/prebuild.log" | tee -a "$log"
fi
if [ -z "${CHECK_SUITES:-}" ]; then
	status1=$(tree_status)
	if [ "$status1" = "$status0" ]; then
		echo "ok - make check left the work tree as it found it (git status)" | tee -a "$log"
		pass=$((pass + 1))
	else
		diff <(echo "$status0") <(echo "$status1") | sed 's/^/# /'
		harness_fail "work tree" "the suites changed git status (above)"
	fi
fi
read -r hits1 misses1 < <(cache_counts)
h=$((hits1 - hits0)) m=$((misses1 - misses0))
if [ -n "$CCACHE_BIN" ]; then
	echo "# compile cache: $h hits, $m misses ($(( (h + m) > 0 ? 100 * h / (h + m) : 0 ))% hits; $CCACHE_DIR)" | tee -a "$log"
else
	echo "# compile cache: not used (KMSG_CCACHE=0 or no ccache)" | tee -a "$log"
fi
echo "# total: $((SECONDS - t0)) s" | tee -a "$log"
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
