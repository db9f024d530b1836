# SPDX-License-Identifier: GPL-2.0
# Judge the TAP output of one suite (ws/check.mk): print it under
# "== NAME", then "not ok - NAME: WHY" for each way the suite itself went
# wrong (no result, no plan or several, a plan other than its count of
# results, a nested "not ok", a non-zero exit without a "not ok"), and
# "# NAME took N s, C s of CPU".  Results are "ok"/"not ok" lines,
# numbered or not; "ok ... # SKIP" is a skip.  The counts "passed failed
# skipped" go to the file COUNT.
#   awk -v name=NAME -v rc=STATUS -v time="REAL USER SYS" -v count=COUNT -f ws/tap.awk OUTPUT
function bad(why) {
	print "not ok - " name ": " why
	harness++
}
BEGIN { print "== " name }
{ print }
/^(not )?ok( |$)/ { results++ }
/^not ok( |$)/ { failed++ }
/^ok( |$)/ && tolower($0) ~ /# *skip/ { skipped++ }
/^[[:space:]]+not ok( |$)/ { nested++ }
/^1\.\.[0-9]+/ { plans++; plan = substr($0, 4) + 0 }
END {
	if (!results)
		bad("printed no results")
	else if (!plans)
		bad("printed no plan (1..N) for its " results " results")
	else if (plans > 1)
		bad("printed " plans " plans")
	else if (plan != results)
		bad("planned " plan " results but printed " results)
	if (nested)
		bad(nested " nested results are not ok")
	if (rc != 0 && !failed)
		bad("exited with status " rc)
	split(time, t, " ")
	print "# " name " took " t[1] + 0 " s, " t[2] + t[3] " s of CPU"
	print results - failed - skipped, failed + harness, skipped + 0 > count
}
