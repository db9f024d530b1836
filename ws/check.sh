#!/bin/bash
# make check: every suite of tests/ run by make's own parallelism
# (ws/check.mk: in which order, and what fails a suite), then one summary
# line, "N passed, M failed, K skipped".  ONLY=PATTERN runs the suites
# whose name contains PATTERN (one suite by hand) and reports each other
# one as skipped; KMSG_CHECK_JOBS is make's -j (default 3: two suites,
# QEMU's TCG keeping one core busy each, beside a kernel build).  Before
# the summary: whether the run left git status as it found it (a full
# run), the compile cache's hits and misses, the results of checkpatch
# and spatch reused (ws/result-cache.sh), how busy the run kept the
# machine and how long it took.  The log: build/check.log.  The suites'
# times order the next run ($KMSG_CHECK_TIMES).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/result-cache.sh"
jobs=${KMSG_CHECK_JOBS:-3}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "check: KMSG_CHECK_JOBS=$jobs is not a number of jobs" >&2; exit 2; }
suites=${CHECK_SUITES:-$top/tests}
out=${CHECK_OUT:-$top/build/check}
log=${CHECK_LOG:-$top/build/check.log}
times=${KMSG_CHECK_TIMES:-${XDG_CACHE_HOME:-$HOME/.cache}/kmsg/check-times}
full=${KMSG_CHECK_FULL-$([ -n "${CHECK_SUITES:-}${ONLY:-}" ] || echo y)}
rm -rf "$out"
mkdir -p "$out" "$(dirname "$log")" "$(dirname "$times")"

# stats: "compile-cache-hits misses result-cache-log-lines cpu-busy idle"
stats() {
	{ [ -z "$CCACHE_BIN" ] || ccache --print-stats 2>/dev/null; cat /proc/stat; } |
	awk -v r="$(cat "$KMSG_RESULT_CACHE.log" 2>/dev/null | wc -l)" '
		$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 }
		$1 == "cache_miss" { m += $2 }
		$1 == "cpu" { b = $2 + $3 + $4 + $7 + $8; i = $5 + $6 }
		END { print h + 0, m + 0, r, b + 0, i + 0 }'
}
run() {
	local t0=$SECONDS status0 h0 m0 r0 b0 i0 h1 m1 r1 b1 i1 b i
	read -r h0 m0 r0 b0 i0 < <(stats)
	[ -n "${CHECK_SUITES:-}" ] || status0=$(git -C "$top" status --porcelain)
	for t in "$suites"/[0-9]*.sh; do
		t=$(basename "$t" .sh)
		[[ $t == *"${ONLY:-}"* ]] && continue
		echo "ok - $t # SKIP not selected by ONLY=$ONLY"
		echo "0 0 1" > "$out/$t.count"
	done
	# its settings in the environment: a variable given on make's command
	# line would reach every make below it (kbuild's own "out", say)
	CHECK_SUITES=$suites CHECK_OUT=$out KMSG_CHECK_TIMES=$times KMSG_CHECK_FULL=$full ONLY=${ONLY:-} \
		env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory -j"$jobs" -O \
		-f "$top/ws/check.mk"
	if [ -z "${CHECK_SUITES:-}" ]; then
		{ for f in "$out"/[0-9]*.time; do [ -e "$f" ] && echo "$(basename "$f" .time) $(cut -d' ' -f1 "$f")"; done
		  [ ! -f "$times" ] || cat "$times"; } | awk '!seen[$1]++' > "$times.new" && mv "$times.new" "$times"
	fi
	if [ -z "${CHECK_SUITES:-}" ]; then
		if [ "$(git -C "$top" status --porcelain)" = "$status0" ]; then
			echo "ok - make check left the work tree as it found it (git status)"
			echo "1 0 0" > "$out/tree.count"
		else
			diff <(echo "$status0") <(git -C "$top" status --porcelain) | sed 's/^/# /'
			echo "not ok - work tree: the suites changed git status (above)"
			echo "0 1 0" > "$out/tree.count"
		fi
	fi
	read -r h1 m1 r1 b1 i1 < <(stats)
	if [ -n "$CCACHE_BIN" ]; then
		h=$((h1 - h0)) m=$((m1 - m0))
		echo "# compile cache: $h hits, $m misses ($(( (h + m) > 0 ? 100 * h / (h + m) : 0 ))% hits; $CCACHE_DIR)"
	fi
	[ "$KMSG_RESULT_CACHE" = 0 ] ||
		tail -n +$((r0 + 1)) "$KMSG_RESULT_CACHE.log" 2>/dev/null | sort | uniq -c | awk -v f="$KMSG_RESULT_CACHE" '
			{ n[$2] = $1 } END { printf "# result cache (checkpatch, spatch): %d reused, %d run (%s)\n", n["reused"], n["run"], f }'
	b=$((b1 - b0)) i=$((i1 - i0))
	echo "# CPU: $(( (b + i) > 0 ? 100 * b / (b + i) : 0 ))% busy over $(nproc) cores ($((b / $(getconf CLK_TCK))) s of CPU time, the whole machine)"
	echo "# total: $((SECONDS - t0)) s"
	cat "$out"/*.count 2>/dev/null | awk '{ p += $1; f += $2; s += $3 }
		END { printf "%d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 || NR == 0 }'
}
run 2>&1 | tee "$log"
