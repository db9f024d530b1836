#!/bin/bash
# Judge the output of the kernel's kselftest runner (run_kselftest.sh,
# kselftest/runner.sh) for kmsg scripts run in a guest:
#   ws/kselftest-results.sh "[VAR=value] script.sh ..." OUTPUT_FILE
# The runner prints "# selftests: kmsg: NAME", then the script's output
# with "# " before each line, then "ok N selftests: kmsg: NAME" or
# "not ok N selftests: kmsg: NAME # exit=RC" (or "# TIMEOUT ..."), and
# "# SKIP" for a script that skipped itself.  Every result of a script
# is printed again, unnumbered and prefixed with the script's name
# (ws/check.sh and tests/lib.sh's relay count them), and "not ok" is
# added for a script that did not run, is missing, did not finish, timed
# out, printed no plan or a plan other than its count of results, has a
# nested "not ok", or exited non-zero with no "not ok" of its own.  The
# runner's own plan and the scripts' plans become comments: the suite
# that relays this prints one plan.  This is the one place where a
# kselftest script's TAP is judged (ws/check.sh judges the suites').
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 '[VAR=value] script.sh ...' OUTPUT" >&2; exit 2; }
want=$1 file=$2
awk -v want="$want" '
function flush(   why) {
	if (cur == "")
		return
	if (missing)
		why = "is missing"
	else if (!ended)
		why = "did not finish (guest output stops inside it)"
	else if (timeout != "")
		why = "timed out (" timeout ")"
	else if (rc == 4 && results == 0)
		printf "ok - %s # SKIP the script skipped itself (KSFT_SKIP)\n", cur
	else if (plan == "")
		why = "printed no plan (1..N)"
	else if (plans > 1)
		why = "printed " plans " plans"
	else if (plan != results)
		why = "planned " plan " results but printed " results
	if (why != "")
		printf "not ok - %s: %s\n", cur, why
	if (nested)
		printf "not ok - %s: %d nested results are not ok\n", cur, nested
	if (ended && !missing && timeout == "" && rc != 0 && rc != 4 && fails == 0)
		printf "not ok - %s: exited with status %d\n", cur, rc
	cur = ""
}
# the script a runner result line ends
function endof(   name) {
	name = $0
	sub(/^(not )?ok [0-9]+ selftests: [^ ]+: /, "", name)
	sub(/ .*/, "", name)
	return name
}
BEGIN {
	n = split(want, w, " ")
	for (i = 1; i <= n; i++)
		if (w[i] !~ /=/)
			expected[w[i]] = 1
}
/^# selftests: [^ ]+: [^ ]+$/ {
	flush()
	cur = $4; seen[cur] = 1
	ended = 0; rc = 0; plan = ""; plans = 0; results = 0; fails = 0
	nested = 0; missing = 0; timeout = ""
	next
}
cur != "" && /^(not )?ok [0-9]+ selftests: [^ ]+: / && endof() == cur {
	ended = 1
	rc = /^not / ? 1 : 0
	if (match($0, /# exit=[0-9]+/))
		rc = substr($0, RSTART + 7, RLENGTH - 7) + 0
	else if (/# SKIP/)
		rc = 4
	if (match($0, /# TIMEOUT.*/))
		timeout = substr($0, RSTART + 2)
	flush()
	next
}
cur != "" && /^# Warning: file .* is missing!$/ { missing = 1; next }
cur != "" && /^# / {
	line = substr($0, 3)
	if (line ~ /^(not )?ok( |$)/) {
		results++
		bad = line ~ /^not /
		fails += bad
		sub(/^(not )?ok( [0-9]+)?( - | |$)/, "", line)
		printf "%s - %s: %s\n", bad ? "not ok" : "ok", cur, line
	} else if (line ~ /^[ \t]+not ok( |$)/) {
		nested++
		print "# " line
	} else if (line ~ /^1\.\.[0-9]+/) {
		plans++; plan = line; sub(/^1\.\./, "", plan); plan += 0
		print "# " cur " plan: " line
	} else {
		print "# " line
	}
	next
}
# the TAP header and plan of the runner, and anything else: comments
/^(TAP version|1\.\.)/ { print "# runner: " $0; next }
{ print (/^#/ ? "" : "# ") $0 }
END {
	flush()
	for (s in expected)
		if (!(s in seen))
			printf "not ok - %s: did not run\n", s
}' "$file"
