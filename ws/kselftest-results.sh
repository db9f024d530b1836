#!/bin/bash
# Judge the output of kselftest scripts run in a guest:
#   ws/kselftest-results.sh "script.sh ..." OUTPUT_FILE
# The guest wraps each script's output in "# kselftest-begin NAME" and
# "# kselftest-end NAME rc=N".  Every top-level result is printed again,
# unnumbered and prefixed with the script's name (ws/check.sh and
# tests/lib.sh's relay count them), and "not ok" is added for a script
# that did not run, did not finish, printed no plan or a plan other than
# its count of results, has a nested "not ok", or exited non-zero with no
# "not ok" of its own.  KSFT_SKIP (4) with no results is a skip.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 'script.sh ...' OUTPUT" >&2; exit 2; }
want=$1 file=$2
awk -v want="$want" '
function flush(   why) {
	if (cur == "")
		return
	if (!ended)
		why = "did not finish (guest output stops inside it)"
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
	if (ended && rc != 0 && rc != 4 && fails == 0)
		printf "not ok - %s: exited with status %d\n", cur, rc
	cur = ""
}
BEGIN {
	n = split(want, w, " ")
	for (i = 1; i <= n; i++)
		if (w[i] !~ /=/)
			expected[w[i]] = 1
}
/^# kselftest-begin / {
	flush()
	cur = $3; seen[cur] = 1
	ended = 0; rc = 0; plan = ""; plans = 0; results = 0; fails = 0; nested = 0
	next
}
cur != "" && /^# kselftest-end / {
	ended = 1; rc = $4; sub(/^rc=/, "", rc); rc += 0
	flush()
	next
}
cur != "" && /^(not )?ok( |$)/ {
	results++
	bad = /^not /
	fails += bad
	line = $0
	sub(/^(not )?ok( [0-9]+)?( - | |$)/, "", line)
	printf "%s - %s: %s\n", bad ? "not ok" : "ok", cur, line
	next
}
cur != "" && /^[ \t]+not ok( |$)/ { nested++ }
cur != "" && /^1\.\.[0-9]+/ {
	plans++; plan = $1; sub(/^1\.\./, "", plan); plan += 0
	print "# " cur " plan: " $0	# the suite prints its own plan
	next
}
{ print }
END {
	flush()
	for (s in expected)
		if (!(s in seen))
			printf "not ok - %s: did not run\n", s
}' "$file"
