#!/bin/bash
# The harness itself: ws/check.sh (ws/check.mk, ws/tap.awk) counts every
# result, numbered or not, nested or not, and fails a suite that dies, is
# cut short, prints nothing or no plan; skips are reported as skips; ONLY=
# says what it left out; the order of suites and kernel builds.
# ws/kselftest-results.sh does the same for kselftest scripts run in a
# guest, and tests/lib.sh's relay makes their results a suite's own.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
out=$top/build/test-harness
rm -rf "$out"
mkdir -p "$out"

# run_check NAME: ws/check.sh over the suites in $out/NAME
run_check() {
	CHECK_SUITES=$out/$1 CHECK_LOG=$out/$1.log CHECK_OUT=$out/$1.d ONLY=${2:-} \
		"$top/ws/check.sh" > "$out/$1.out" 2>&1
	echo $? > "$out/$1.rc"
}
# suite SET NAME BODY: one synthetic suite
suite() { mkdir -p "$out/$1"; printf '%s\n' "$3" > "$out/$1/$2.sh"; }
summary_is() { [ "$(tail -n 1 "$out/$1.out")" = "$2" ]; }
failed_run() { [ "$(cat "$out/$1.rc")" -ne 0 ]; }
has() { grep -qxF -- "$2" "$out/$1.out"; }

# A healthy set: every form of result counts once.
suite good 1-mixed 'echo "ok 1 - numbered"; echo "ok - unnumbered"; echo "ok"; echo "1..3"'
suite good 2-plan-first 'echo "1..2"; echo "ok 1 - a"; echo "ok 2 - b"'
run_check good
check "passing suites: numbered, unnumbered and bare results, plan first or last" \
	summary_is good "5 passed, 0 failed, 0 skipped"
check "and the run exits 0" [ "$(cat "$out/good.rc")" -eq 0 ]

# A suite, and a kernel build, get none of make's own flags or of the
# runner's settings: a variable on make's command line once reached
# kbuild and overrode its own "out".
suite env 1-env 'echo "# MAKEFLAGS=${MAKEFLAGS:-} CHECK_OUT=${CHECK_OUT:-}"
[ -z "${MAKEFLAGS:-}${MFLAGS:-}${CHECK_OUT:-}${CHECK_SUITES:-}" ] && echo "ok 1 - clean" || echo "not ok 1 - clean"
echo 1..1'
run_check env
check "a suite sees neither make's flags nor the runner's settings" summary_is env "1 passed, 0 failed, 0 skipped"

# Each way a suite can go wrong fails the run, alone.
declare -A bad=(
	[dies]='echo "ok 1 - fine"; exit 3'
	[short]='echo "1..3"; echo "ok 1 - a"; echo "ok 2 - b"'
	[silent]='true'
	[noplan]='echo "ok 1 - a"'
	[twoplans]='echo "1..1"; echo "ok 1 - a"; echo "1..1"'
	[nested]='echo "1..1"; echo "    not ok 1 - inner"; echo "ok 1 - outer"'
	[failskip]='echo "1..1"; echo "not ok 1 - broken # SKIP hidden?"'
	[failed]='echo "ok 1 - a"; echo "not ok 2 - b"; echo "1..2"; exit 1'
)
declare -A why=(
	[dies]="not ok - 1-dies: exited with status 3"
	[short]="not ok - 1-short: planned 3 results but printed 2"
	[silent]="not ok - 1-silent: printed no results"
	[noplan]="not ok - 1-noplan: printed no plan (1..N) for its 1 results"
	[twoplans]="not ok - 1-twoplans: printed 2 plans"
	[nested]="not ok - 1-nested: 1 nested results are not ok"
	[failskip]="not ok 1 - broken # SKIP hidden?"
	[failed]="not ok 2 - b"
)
for k in dies short silent noplan twoplans nested failskip failed; do
	suite "bad-$k" "1-$k" "${bad[$k]}"
	run_check "bad-$k"
	# (the expected line in the description without its "#": not a directive)
	check "a suite that is '$k' fails the run: ${why[$k]//#/[hash]}" \
		sh -c "grep -qxF -- '${why[$k]}' '$out/bad-$k.out' && [ \$(cat '$out/bad-$k.rc') -ne 0 ]"
done
check "a failed suite's summary counts one failure" \
	summary_is bad-failed "1 passed, 1 failed, 0 skipped"

# Skips are counted apart, never as passes.
suite skips 1-skip 'echo "1..2"; echo "ok 1 - a"; echo "ok 2 - b # SKIP no hardware"'
run_check skips
check "an ok with a SKIP directive is a skip in the summary" summary_is skips "1 passed, 0 failed, 1 skipped"
check "and does not fail the run" [ "$(cat "$out/skips.rc")" -eq 0 ]

# ONLY= narrows the run, and the summary says so.
suite only 1-first 'echo "ok 1 - a"; echo "1..1"'
suite only 2-second 'echo "ok 1 - b"; echo "1..1"'
run_check only second
check "ONLY=second runs 2-second and reports 1-first as skipped" \
	sh -c "grep -qxF 'ok - 1-first # SKIP not selected by ONLY=second' '$out/only.out' &&
	       [ \"\$(tail -n 1 '$out/only.out')\" = '1 passed, 0 failed, 1 skipped' ]"
check "make check runs every suite whatever ONLY says" \
	sh -c "make -s -C '$top' -n -o build check 2>/dev/null | grep -qE '^env -u ONLY .*/ws/check.sh\$'"

# Two suites run at a time: each waits (up to 10 s) for a file the other
# writes, which only works if they run side by side; their lines are
# printed whole, each under its own name.
w=$out/lanes-files
mkdir -p "$w"
waits_for() {	# MINE OTHER: write MINE, wait for OTHER
	printf '%s\n' "touch '$w/$1'; i=0; while [ ! -e '$w/$2' ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i + 1)); done" \
		"echo 'ok 1 - $1 started'" \
		"[ -e '$w/$2' ] && echo 'ok 2 - $1 saw $2' || echo 'not ok 2 - $1 saw $2'" 'echo 1..2'
}
suite lanes 1-left "$(waits_for left right)"
suite lanes 2-right "$(waits_for right left)"
run_check lanes
check "two suites run side by side (each saw the other's file)" summary_is lanes "4 passed, 0 failed, 0 skipped"
check "each suite's lines come whole, under its name" \
	sh -c "grep -A3 -xF '== 1-left' '$out/lanes.out' | grep -qxF 'ok 2 - left saw right' &&
	       grep -A3 -xF '== 2-right' '$out/lanes.out' | grep -qxF 'ok 2 - right saw left'"
# The run says how busy it kept the machine: a suite that spins until it
# has used 2 s of CPU (its shell's own user time, however loaded the
# machine is) makes it at least 1 s of CPU time, at most 100% of the cores.
suite cpu 1-spin 'f=$(mktemp); while :; do i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done
times > "$f"; read -r u _ < "$f"; case $u in 0m[01].*) ;; *) break ;; esac; done
rm -f "$f"; echo "ok 1 - spun"; echo 1..1'
run_check cpu
check "the run ends with the CPU time it took and how busy the cores were" \
	awk -v cores="$(nproc)" '/^# CPU: / { ok = $3 ~ /^[0-9]+%$/ && $3 + 0 >= 1 && $3 + 0 <= 100 &&
		$6 == cores && $8 ~ /^\([0-9]+$/ && substr($8, 2) + 0 >= 1 } END { exit !ok }' "$out/cpu.out"
check "each suite's time line gives the CPU time of its processes (the spinning suite: 2 s or more)" \
	awk '/^# 1-spin took [0-9]+ s, [0-9]+ s of CPU$/ { ok = $6 >= 2 } END { exit !ok }' "$out/cpu.out"
# A suite that changes the source tree runs first and alone: no other
# suite has begun when it runs, and the others begin once it has ended.
w=$out/alone-files
mkdir -p "$w"
after_alone() {	# NAME
	echo "touch '$w/$1-started'; [ -e '$w/alone-done' ] && echo 'ok 1 - $1 began after the alone suite' || echo 'not ok 1 - $1 began after the alone suite'; echo 1..1"
}
suite alone 1-before "$(after_alone before)"
suite alone 2-alone "# check: changes the source tree
sleep 1; begun=\$(ls '$w' | grep -c started); touch '$w/alone-done'
[ \$begun -eq 0 ] && echo 'ok 1 - no other suite had begun' || echo 'not ok 1 - no other suite had begun'
echo 1..1"
suite alone 3-after "$(after_alone after)"
run_check alone
check "a suite marked 'changes the source tree' runs first, with no other suite" summary_is alone "3 passed, 0 failed, 0 skipped"
# The others run longest first, by the times of the last run.
suite order 1-short 'echo "ok 1 - short"; echo 1..1'
suite order 2-long 'echo "ok 1 - long"; echo 1..1'
suite order 3-new 'echo "ok 1 - new"; echo 1..1'
printf '1-short 3\n2-long 300\n' > "$out/order.times"
KMSG_CHECK_JOBS=1 KMSG_CHECK_TIMES=$out/order.times run_check order
check "suites run longest first by the last run's times, one with no time before them" \
	sh -c "[ \"\$(sed -n 's/^== //p' '$out/order.out' | tr '\n' ' ')\" = '3-new 2-long 1-short ' ]"
# A machine without times of its own orders by the shipped ones.
rm -f "$out/none.times"
KMSG_CHECK_JOBS=1 KMSG_CHECK_TIMES=$out/none.times KMSG_CHECK_TIMES_SHIPPED=$out/order.times run_check order
check "with no times of the machine's own, by the shipped ones (ws/check-times)" \
	sh -c "[ \"\$(sed -n 's/^== //p' '$out/order.out' | tr '\n' ' ')\" = '3-new 2-long 1-short ' ]"
# With no times (a new suite), the suites marked long come first.
suite long 1-plain 'echo "ok 1 - plain"; echo 1..1'
suite long 2-long '# check: long
echo "ok 1 - long"; echo 1..1'
suite long 3-known 'echo "ok 1 - known"; echo 1..1'
printf '3-known 5\n' > "$out/long.times"
KMSG_CHECK_JOBS=1 KMSG_CHECK_TIMES=$out/long.times run_check long
check "with no time yet, a suite marked long runs before the other new ones" \
	sh -c "[ \"\$(sed -n 's/^== //p' '$out/long.out' | tr '\n' ' ')\" = '2-long 1-plain 3-known ' ]"
# A suite's kernels are its prerequisites: while one builds (a stand-in
# builder that takes 3 s for debug), the suites that need no unbuilt
# kernel run, and it runs once its kernel is there.
fake=$out/kbuild
printf '%s\n' '#!/bin/bash' \
	'echo "$1 $([ -e "$KMSG_GATE" ] && echo after || echo before)" >> "$KMSG_BUILT"' \
	'[ "$1" != debug ] || sleep 3' > "$fake"
chmod +x "$fake"
export KMSG_KBUILD=$fake KMSG_BUILT=$out/built KMSG_GATE=$out/gate
suite busy 1-needs-debug '# check: kernel debug
echo "ok 1 - needs debug"; echo 1..1'
suite busy 2-needs-main '# check: kernel main
echo "ok 1 - needs main"; echo 1..1'
suite busy 3-needs-nothing 'echo "ok 1 - needs nothing"; echo 1..1'
KMSG_CHECK_JOBS=2 KMSG_CHECK_TIMES=$out/long.times run_check busy
check "a suite whose kernel is being built waits for it while the others run" \
	sh -c "[ \"\$(sed -n 's/^== //p' '$out/busy.out' | tail -n 1)\" = 1-needs-debug ] &&
	       sed -n '/^# kernel debug built in [0-9]* s/,\$p' '$out/busy.out' | grep -qxF '== 1-needs-debug' &&
	       [ \"\$(tail -n 1 '$out/busy.out')\" = '3 passed, 0 failed, 0 skipped' ]"
# A full run builds every configuration, the main one first, one at a
# time; those of an architecture a suite that runs alone changes wait for
# it (here: s390's, while x86_64's build beside it).
rm -f "$KMSG_BUILT"
suite full 1-alone '# check: changes the source tree: s390 (a test)
grep -qx "main before" "$KMSG_BUILT" && echo "ok 1 - after the main kernel" || echo "not ok 1 - after the main kernel"
sleep 2; touch "$KMSG_GATE"; echo 1..1'
suite full 2-other '# check: kernel x86_64-generic
echo "ok 1 - other"; echo 1..1'
KMSG_CHECK_FULL=y run_check full
check "a full run: main first, then as the suites need them (x86_64-generic), x86_64's beside the alone suite, s390's after it" \
	[ "$(tr '\n' ' ' < "$KMSG_BUILT")" = "main before x86_64-generic before x86_64 before debug after xpram-module after no-ids after no-catalog after catalog after " ]
check "and its suites pass" summary_is full "2 passed, 0 failed, 0 skipped"
unset KMSG_KBUILD
check "KMSG_CHECK_JOBS must be a number of jobs" \
	sh -c "KMSG_CHECK_JOBS=two CHECK_SUITES='$out/alone' CHECK_LOG='$out/jobs.log' '$top/ws/check.sh' >'$out/jobs.out' 2>&1; [ \$? -eq 2 ] && grep -qF 'KMSG_CHECK_JOBS=two is not a number' '$out/jobs.out'"

# kselftest scripts, run on the host the way the guest runs them: an
# installed selftests folder with the kernel's own run_kselftest.sh,
# kselftest/runner.sh and ktap_helpers.sh, through ws/kselftest-run.sh.
ksroot=$out/ks
ks=$ksroot/kmsg
mkdir -p "$ks"
kst=$top/build/linux/tools/testing/selftests
cp "$kst/run_kselftest.sh" "$ksroot/"
cp -r "$kst/kselftest" "$ksroot/"
ktap=$ksroot/kselftest/ktap_helpers.sh
cat > "$ks/good.sh" <<S
. $ktap
ktap_print_header; ktap_set_plan 2
ktap_test_pass "first"; ktap_test_skip "second"
ktap_finished
S
cat > "$ks/short.sh" <<S
. $ktap
ktap_print_header; ktap_set_plan 3
ktap_test_pass "only one"
ktap_finished
S
cat > "$ks/nosource.sh" <<'S'
. ./functions-that-do-not-exist.sh
echo "ok 1 - never reached"
S
cat > "$ks/dies.sh" <<S
. $ktap
ktap_print_header; ktap_set_plan 2
ktap_test_pass "one"
exit 1
S
cat > "$ks/bail.sh" <<S
. $ktap
ktap_print_header; ktap_set_plan 2
ktap_exit_fail_msg "cannot go on"
S
cat > "$ks/nested.sh" <<S
. $ktap
ktap_print_header; ktap_set_plan 1
echo "    not ok 1 kunit_case"
ktap_test_pass "suite"
ktap_finished
S
cat > "$ks/skipall.sh" <<S
. $ktap
ktap_print_header; ktap_skip_all "no catalog"; exit 4
S
cat > "$ks/env.sh" <<'S'
echo "1..1"; [ "$KMSG_X" = 7 ] && echo "ok 1 - KMSG_X=7 is set" || echo "not ok 1 - KMSG_X=$KMSG_X"
S
for f in "$ks"/*.sh; do sed -i '1i #!/bin/sh' "$f"; done
chmod +x "$ks"/*.sh
list="good.sh short.sh nosource.sh dies.sh bail.sh nested.sh skipall.sh missing.sh KMSG_X=7 env.sh"
for t in $list; do
	case $t in *=*) ;; *) echo "kmsg:$t" ;; esac
done > "$ksroot/kselftest-list.txt"
cp "$top/ws/kselftest-run.sh" "$ksroot/"
(cd "$ksroot" && sh ./kselftest-run.sh $list > "$out/ks.raw" 2>&1)
head -n -1 "$out/ks.raw" > "$out/ks.cut"	# as if the guest died in the last script
"$top/ws/kselftest-results.sh" "$list never.sh" "$out/ks.raw" > "$out/ks.out"
"$top/ws/kselftest-results.sh" "$list" "$out/ks.cut" > "$out/ks.cut.out"
ks_has() { grep -qxF -- "$2" "$out/$1"; }
check "a passing script's results keep their text, prefixed with its name" \
	sh -c "grep -qxF 'ok - good.sh: first' '$out/ks.out' && grep -qxF 'ok - good.sh: second # SKIP' '$out/ks.out'"
check "no extra result for a script that passed" \
	sh -c "! grep -q '^not ok - good.sh' '$out/ks.out'"
for l in "not ok - short.sh: planned 3 results but printed 1" \
	"not ok - nosource.sh: printed no plan (1..N)" \
	"not ok - nosource.sh: exited with status 2" \
	"not ok - dies.sh: planned 2 results but printed 1" \
	"not ok - dies.sh: exited with status 1" \
	"not ok - bail.sh: planned 2 results but printed 0" \
	"not ok - nested.sh: 1 nested results are not ok" \
	"ok - skipall.sh # SKIP the script skipped itself (KSFT_SKIP)" \
	"ok - env.sh: KMSG_X=7 is set" \
	"not ok - missing.sh: is missing" \
	"not ok - never.sh: did not run"; do
	check "kselftest-results: ${l//#/[hash]}" ks_has ks.out "$l"
done
check "kselftest-results: the runner's and the scripts' own plans become comments (the suite has one plan)" \
	sh -c "grep -qE '^1\.\.' '$out/ks.raw' && ! grep -qE '^1\.\.' '$out/ks.out' && grep -qxF '# good.sh plan: 1..2' '$out/ks.out'"
check "kselftest-results: a script cut off by the guest did not finish" \
	ks_has ks.cut.out "not ok - env.sh: did not finish (guest output stops inside it)"

# relay: a sub-run's results become the suite's own, renumbered.
printf '%s\n' "ok - a" "# note" "not ok 7 - b" "ok 3 c # SKIP why" "   not ok 1 - nested" > "$out/relay.in"
( . "$top/tests/lib.sh"; relay < "$out/relay.in"; done_testing ) > "$out/relay.out"
rc=$?
check "relay renumbers results, keeps SKIP and other lines, and plans them" diff -u - "$out/relay.out" <<'R'
ok 1 - a
# note
not ok 2 - b
ok 3 - c # SKIP why
   not ok 1 - nested
1..3
R
check "done_testing exits non-zero after a failure" [ $rc -ne 0 ]
# cached (ws/result-cache.sh): a result is reused only for the same label
# and the same contents of the files it names, with its status.
(
	KMSG_RESULT_CACHE=$out/results
	. "$top/ws/result-cache.sh"
	echo one > "$out/rc-in"
	cd "$out" || exit 1
	n=0
	tool() { n=$((n + 1)); echo "run $n: $(cat rc-in)"; return 3; }
	cached "tool -x" rc-in -- tool; echo "status $?"
	cached "tool -x" rc-in -- tool; echo "status $?"
	cached "tool -y" rc-in -- tool; echo "status $?"
	echo two > rc-in
	cached "tool -x" rc-in -- tool; echo "status $?"
	KMSG_RESULT_CACHE=0 cached "tool -x" rc-in -- tool; echo "status $?"
	cached "tool -x" rc-in tool; echo "status $?"
) > "$out/cached.out" 2>&1
check "cached: reused for the same label and contents, run again when either changes" diff -u - "$out/cached.out" <<'R'
run 1: one
status 3
run 1: one
status 3
run 2: one
status 3
run 3: two
status 3
run 4: two
status 3
cached: usage: cached LABEL FILE... -- CMD
status 2
R
check "cached: its log counts the results reused and run" \
	[ "$(grep -c '^run$' "$out/results.log") $(grep -c '^reused$' "$out/results.log")" = "3 1" ]
# ws/vars.sh gives the suites Debian's python3, even with a python3
# earlier in PATH (a pyenv shim, whose every start costs ten times the
# CPU); here with a stand-in for one.
mkdir -p "$out/shim"
printf '#!/bin/sh\nexit 1\n' > "$out/shim/python3"
chmod +x "$out/shim/python3"
py=$(PATH=$out/shim:$PATH bash -c ". '$top/ws/vars.sh' && command -v python3")
check "ws/vars.sh puts Debian's /usr/bin/python3 first in PATH ($py)" \
	[ "$(realpath "$py")" = "$(realpath /usr/bin/python3)" ]
# A guest's console log (ws/guest-problems.sh, for ws/guest.sh): a report
# fails the run, unless it lies between the markers of an expected oops;
# a region left open fails too.
gp() { printf '%s\n' "$@" > "$out/gp.log"; "$top/ws/guest-problems.sh" "$out/gp.log" > "$out/gp.out"; }
gp '[    1.0] booted' '[    2.0] Oops: 0004 ilc:2 [#1] SMP' '[    3.0] done'
check "guest-problems: an oops fails the run and is shown (exit $?)" \
	sh -c "[ $? -eq 1 ] && grep -qxF '[    2.0] Oops: 0004 ilc:2 [#1] SMP' '$out/gp.out'"
gp '[    1.0] KMSG-EXPECTED-OOPS-BEGIN' '[    2.0] Oops: 0004 ilc:2 [#1] SMP' \
	'[    2.1] Call Trace:' '[    3.0] KMSG-EXPECTED-OOPS-END' '[    4.0] done'
check "guest-problems: not between KMSG-EXPECTED-OOPS-BEGIN and -END (exit $?)" \
	sh -c "[ $? -eq 0 ] && [ ! -s '$out/gp.out' ]"
gp '[    1.0] KMSG-EXPECTED-OOPS-BEGIN' '[    2.0] Oops: 0004 ilc:2 [#1] SMP' \
	'[    3.0] KMSG-EXPECTED-OOPS-END' '[    4.0] WARNING: CPU: 0 PID: 1 at x.c:1'
check "guest-problems: a report after the region still fails the run (exit $?)" \
	sh -c "[ $? -eq 1 ] && grep -qF 'WARNING: CPU: 0' '$out/gp.out' && ! grep -q Oops '$out/gp.out'"
gp '[    1.0] KMSG-EXPECTED-OOPS-BEGIN' '[    2.0] Oops: 0004 ilc:2 [#1] SMP'
check "guest-problems: a region left open fails the run, naming its line (exit $?)" \
	sh -c "[ $? -eq 1 ] && grep -qxF 'KMSG-EXPECTED-OOPS-BEGIN at line 1 without KMSG-EXPECTED-OOPS-END' '$out/gp.out'"

# make clean: every build folder goes, the unpacked tree and downloads stay
mkdir -p "$out/clean/build"
for d in linux busybox busybox-amd64 debs obj obj-x86_64 obj-debug obj-xpram-module obj-no-ids \
	 obj-no-catalog obj-catalog obj-catalog-no-ids guest patches kselftest-obj test-kbuild; do
	mkdir -p "$out/clean/build/$d"
done
make -s -C "$out/clean" -f "$top/Makefile" clean > "$out/clean.out" 2>&1
check "make clean leaves build/ with the unpacked tree and the downloads only (exit $?)" \
	[ "$(ls "$out/clean/build" | tr '\n' ' ')" = "busybox busybox-amd64 debs linux " ]

# The workspace stays smaller than the product: ws/ holds at most 3,000
# lines of shell and Python (git's files, so nothing built is counted).
wsl=$(cd "$top" && git ls-files -- 'ws/*.sh' 'ws/*.py' | xargs cat 2>/dev/null | wc -l)
check "ws/ holds at most 3,000 lines of shell and Python ($wsl)" [ "$wsl" -gt 0 -a "$wsl" -le 3000 ]

done_testing
