# Sourced by the tests/ suites: TAP output helpers.  A suite prints its
# results with ok/nok/skip/check (or relays a sub-run's with relay) and
# ends with done_testing, which prints the plan "1..N" and exits non-zero
# if anything failed.  ws/check.sh fails a suite whose plan is missing or
# does not match the number of results it printed.
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
# skip DESCRIPTION REASON: a result that was not tested; counted apart
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
# check DESCRIPTION COMMAND...: one TAP line for a command's status
check() { local d=$1; shift; if "$@"; then ok "$d"; else nok "$d"; fi; }
# relay: standard input's top-level "ok"/"not ok" lines become this
# suite's own results (renumbered, SKIP kept); other lines pass through
relay() {
	local l re='^(not )?ok( [0-9]+)?( - | |$)(.*)$'
	while IFS= read -r l; do
		if [[ $l =~ $re ]]; then
			if [ -n "${BASH_REMATCH[1]}" ]; then
				nok "${BASH_REMATCH[4]}"
			else
				n=$((n + 1)); echo "ok $n - ${BASH_REMATCH[4]}"
			fi
		else
			printf '%s\n' "$l"
		fi
	done
}
# diag FILE: a file's lines as TAP comments (never read as results)
diag() { sed 's/^/# /' "$1"; }
# vg_check DESC STATUS NAME CMD...: CMD run under valgrind exits STATUS (what
# it exits with alone) and valgrind reports nothing; its output goes to
# $out/NAME.out and .err, valgrind's to $out/NAME.vg.
vg_check() {
	local d=$1 want=$2 log=$out/$3 rc
	shift 3
	if ! command -v valgrind >/dev/null; then
		nok "$d (valgrind is not installed)"
		return
	fi
	valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all \
		--log-file="$log.vg" "$@" >"$log.out" 2>"$log.err"
	rc=$?
	if [ $rc -eq "$want" ] && [ -f "$log.vg" ] && [ ! -s "$log.vg" ]; then
		ok "$d"
	else
		[ -f "$log.vg" ] && diag "$log.vg"
		nok "$d (exit $rc, want $want; valgrind log $log.vg)"
	fi
}
# debug_kernel LOG WHAT: build the debug kernel (kernel/configs/
# kmsg_debug.config in build/obj-debug, ws/kbuild.sh: found built when
# another suite built it) into LOG, check WHAT on its status and return
# it; KOUT and the guest settings are then the debug kernel's.
debug_kernel() {
	local rc

	. "$top/ws/kconfigs.sh"
	kconfig debug
	. "$top/ws/vars.sh"
	"$top/ws/kbuild.sh" debug > "$1" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -n 20 "$1" | sed 's/^/# /'
	check "$2" [ $rc -eq 0 ]
	return $rc
}
# debug_guest SCRIPTS: the kselftest SCRIPTS in a guest of the debug
# kernel (KASAN and TCG make it slow: DEBUG_GUEST_TIMEOUT, 2400 s)
debug_guest() {
	relay < <(GUEST_TIMEOUT=${DEBUG_GUEST_TIMEOUT:-2400} "$top/ws/guest-tests.sh" "$1")
}
# check_no_tree_path CONFIG: a clone at another path (CI's) hits the
# compile cache only if the headers its compiles include are the same:
# none that the build of CONFIG generated may carry this tree's path
# (s390's facility-defs.h did, from its generator's __FILE__).
check_no_tree_path() {
	check "$1: no generated header names the tree's path (a clone elsewhere hits the compile cache)" \
		sh -c "! grep -rlF --exclude='.*.cmd' '$top' '$KOUT/include/generated' '$KOUT'/arch/*/include/generated"
}

done_testing() { echo "1..$n"; [ "$failed" -eq 0 ]; exit; }
