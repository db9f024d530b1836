#!/bin/bash
# Run every test suite in tests/ and print one summary line,
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
# Order and overlap.  The suites that change the source tree ("# check:
# changes the source tree" in their header) run first, one at a time and
# alone.  Then the others run KMSG_CHECK_JOBS at a time (default 2: a
# guest keeps one core busy, QEMU's TCG being single-threaded, and the
# next suite runs or compiles on the other), longest first by their times
# in the last run on this machine (kept outside the work tree, in
# $KMSG_CHECK_TIMES), or on a machine without them by those of make
# bench's cold run (ws/check-times).  Suites with no time yet (new ones)
# come first: those marked "# check: long" (the long ones must not start
# last), then the others, each group in name order.  A suite that names
# the kernel configurations it uses ("# check: kernel NAME..." of
# ws/kconfigs.sh) is passed over while one of them is being built (its
# folder's lock is held), for the next suite that can run now; when none
# can, the first one starts and waits for the build.  Each suite's output
# is kept until it ends and then printed whole, under its "== NAME" line,
# so suites never mix their lines.  "# NAME took N s, C s of CPU" follows
# it: C counts the suite's processes, guests and compilers among them,
# not a kernel the background build compiled for it, and not a process
# the suite did not wait for (a process substitution, relay < <(...),
# that ended after the suite: its guest's CPU is then missing, seen once
# for tests/36).  The run's total CPU time (# CPU:) counts everything.
# Meanwhile a full run (no ONLY=, the project's tests/) builds the kernel
# configurations of ws/kconfigs.sh in the background (ws/prebuild.sh, at
# the lowest priority), from the start of the first phase: there only
# those of an architecture the phase's suites leave alone ("# check:
# changes the source tree: ARCH... (what)"), the others after it.
# Suites share build folders through their locks (ws/vars.sh kout_lock,
# src_lock); guests run in folders of their own.
# The compile cache's hits and misses of the run close it.
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
# the machine's CPU time so far, from /proc/stat: "busy idle" in ticks
# (idle counts iowait too), so that the run can say how busy it kept it
cpu_ticks() {
	awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8, $5 + $6; exit }' /proc/stat 2>/dev/null
}
read -r busy0 idle0 < <(cpu_ticks)
# the results of checkpatch and spatch kept for the same input
# (ws/result-cache.sh): its log counts the results reused and run
. "$top/ws/result-cache.sh"
results0=$(cat "$KMSG_RESULT_CACHE.log" 2>/dev/null | wc -l)
# A full run leaves the work tree as it found it (git status).
tree_status() { git -C "$top" status --porcelain 2>/dev/null; }
[ -z "${CHECK_SUITES:-}" ] && status0=$(tree_status)

prebuild_pid=
# start_prebuild [HOLD]: HOLD is KMSG_PREBUILD_HOLD for ws/prebuild.sh
start_prebuild() {
	[ -z "${ONLY:-}" ] && [ -z "${CHECK_SUITES:-}" ] && [ "${KMSG_PREBUILD:-1}" != 0 ] || return 0
	KMSG_PREBUILD_HOLD=${1:-} "$top/ws/prebuild.sh" > "$top/build/prebuild.log" 2>&1 &
	prebuild_pid=$!
	echo "# building the kernel configurations in the background (build/prebuild.log)"
}
times=${KMSG_CHECK_TIMES:-${XDG_CACHE_HOME:-$HOME/.cache}/kmsg/check-times}
# A machine without times of its own orders by ws/check-times: the times
# of make bench's cold run (ws/bench-check.sh writes it), so that a fresh
# machine too starts the longest suites first and ends on short ones.
order_times=$times
[ -f "$order_times" ] || order_times=${KMSG_CHECK_TIMES_SHIPPED:-$top/ws/check-times}

# make check: the main kernel and tool first (the suites boot them).  Not
# passed on: tests/05 runs this script on suites of its own.
check_build=${KMSG_CHECK_BUILD:-}
unset KMSG_CHECK_BUILD
if [ -n "$check_build" ]; then
	echo "== build (make build)"
	"$top/ws/kbuild.sh" main || { echo "not ok - the main kernel builds"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
	children_cpu
	echo "# build took $((SECONDS - t0)) s, $cpu s of CPU" | tee -a "$log"
fi

# harness_fail SUITE WHY: a failure the harness itself finds
harness_fail() {
	echo "not ok - $1: $2" | tee -a "$log"
	fail=$((fail + 1))
}

jobs=${KMSG_CHECK_JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "check: KMSG_CHECK_JOBS=$jobs is not a number of suites" >&2; exit 2; }
rd=$(mktemp -d "${TMPDIR:-/tmp}/kmsg-check.XXXXXX")
trap 'rm -rf "$rd"' EXIT
declare -A running=()	# pid -> suite

# judge NAME: print a finished suite's output and count its results
judge() {
	local name=$1 out=$rd/$1.out rc results s f nested plans
	rc=$(cat "$rd/$name.rc" 2>/dev/null || echo 1)
	echo "== $name" | tee -a "$log"
	tee -a "$log" < "$out"
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
	echo "# $name took $(cat "$rd/$name.time") s, $(cat "$rd/$name.cpu" 2>/dev/null || echo 0) s of CPU" | tee -a "$log"
}
# wait_one: wait for one running suite to end, and judge it
wait_one() {
	local pid
	wait -n -p pid "${!running[@]}"
	judge "${running[$pid]}"
	unset "running[$pid]"
}
wait_all() { while [ ${#running[@]} -gt 0 ]; do wait_one; done; }
# start SUITE-FILE: run a suite in the background, its output kept
start() {
	local t=$1 name
	name=$(basename "$t" .sh)
	while [ ${#running[@]} -ge "$jobs" ]; do wait_one; done
	echo "# $name started${running[*]:+ (beside ${running[*]})}"
	(
		begin=$SECONDS
		bash "$t" > "$rd/$name.out" 2>&1
		echo $? > "$rd/$name.rc"
		echo $((SECONDS - begin)) > "$rd/$name.time"
		children_cpu
		echo "$cpu" > "$rd/$name.cpu"
	) &
	running[$!]=$name
}

alone=() rest=()
for t in "$suites"/[0-9]*.sh; do
	name=$(basename "$t" .sh)
	if [ -n "${ONLY:-}" ] && [[ $name != *"$ONLY"* ]]; then
		echo "ok - $name # SKIP not selected by ONLY=$ONLY" | tee -a "$log"
		skipped=$((skipped + 1))
	elif grep -q '^# check: changes the source tree' "$t"; then
		alone+=("$t")
	else
		rest+=("$t")
	fi
done
. "$top/ws/kconfigs.sh"
# The background builds start now, but those of an architecture whose
# part of the tree a suite of this phase changes ("# check: changes the
# source tree: ARCH... (what)"; no ARCH: every architecture) wait for
# the phase's end.  Such a suite holds the source tree's lock (src_lock)
# while it changes it, so a build's preparation waits for it too.
held=
for t in "${alone[@]}"; do
	a=$(sed -n 's/^# check: changes the source tree: \([a-z0-9_ ]*\) (.*/\1/p' "$t")
	[ -n "$a" ] || a=$(for k in $KCONFIGS; do (kconfig "$k" && echo "$ARCH"); done | sort -u)
	held="$held $a"
done
if [ ${#alone[@]} -gt 0 ]; then
	start_prebuild "$rd/alone-done $held"
else
	start_prebuild
fi
for t in "${alone[@]}"; do
	start "$t"
	wait_all
done
touch "$rd/alone-done"
# longest first by the last run's times; unknown ones first, the long
# ones of them before the others, each group by name
if [ ${#rest[@]} -gt 0 ]; then
	mapfile -t rest < <(for t in "${rest[@]}"; do
		name=$(basename "$t" .sh)
		secs=$(awk -v n="$name" '$1 == n { s = $2 } END { print s == "" ? -1 : s }' "$order_times" 2>/dev/null || echo -1)
		if [ "${secs:--1}" -ge 0 ]; then
			group=2
		elif grep -q '^# check: long' "$t"; then
			group=0
		else
			group=1
		fi
		printf '%s\t%s\t%s\n' "$group" "${secs:--1}" "$t"
	done | sort -t "$(printf '\t')" -k1,1n -k2,2nr -k3,3 | cut -f3)
fi
# kernel_busy SUITE-FILE: a kernel configuration the suite names is being
# built now (its folder's lock, ws/vars.sh kout_lock, is held).
# CHECK_BUILD_DIR: where the locks are (tests/05 uses its own folder).
kernel_busy() {
	local k lock
	for k in $(sed -n 's/^# check: kernel //p' "$1"); do
		lock=$(kconfig "$k" && echo "${CHECK_BUILD_DIR:-${KOUT%/*}}/${KOUT##*/}.lock") || continue
		[ -e "$lock" ] && ! flock -n "$lock" true && return 0
	done
	return 1
}
pending=("${rest[@]}")
while [ ${#pending[@]} -gt 0 ]; do
	while [ ${#running[@]} -ge "$jobs" ]; do wait_one; done
	pick=
	for i in "${!pending[@]}"; do
		kernel_busy "${pending[$i]}" || { pick=$i; break; }
	done
	if [ -z "$pick" ]; then
		pick=0
	elif [ "$pick" -gt 0 ]; then
		echo "# $(basename "${pending[$pick]}" .sh) goes first: a kernel that the suites before it use is being built"
	fi
	start "${pending[$pick]}"
	pending=("${pending[@]:0:pick}" "${pending[@]:pick+1}")
done
wait_all
# This run's times, for the next run's order (a narrowed run adds its own)
if [ -z "${CHECK_SUITES:-}" ]; then
	mkdir -p "$(dirname "$times")"
	{ for f in "$rd"/*.time; do [ -e "$f" ] && echo "$(basename "$f" .time) $(cat "$f")"; done
	  [ ! -f "$times" ] || cat "$times"; } | awk '!seen[$1]++' > "$times.new" && mv "$times.new" "$times"
fi
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
if [ "$KMSG_RESULT_CACHE" != 0 ]; then
	r=$(tail -n +$((results0 + 1)) "$KMSG_RESULT_CACHE.log" 2>/dev/null | sort | uniq -c |
		awk '{ n[$2] = $1 } END { printf "%d reused, %d run", n["reused"], n["run"] }')
	echo "# result cache (checkpatch, spatch): $r ($KMSG_RESULT_CACHE)" | tee -a "$log"
fi
read -r busy1 idle1 < <(cpu_ticks)
if [ -n "${busy1:-}" ] && [ -n "${busy0:-}" ]; then
	b=$((busy1 - busy0)) i=$((idle1 - idle0))
	echo "# CPU: $(( (b + i) > 0 ? 100 * b / (b + i) : 0 ))% busy over $(nproc) cores ($((b / $(getconf CLK_TCK))) s of CPU time, the whole machine)" | tee -a "$log"
fi
echo "# total: $((SECONDS - t0)) s" | tee -a "$log"
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
