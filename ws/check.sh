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
# it as "# NAME took N s".  A full run (no ONLY=, the project's tests/)
# writes its summary and each suite's time into README.md between the
# markers <!-- check: ... --> and <!-- /check -->.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
suites=${CHECK_SUITES:-$top/tests}	# another folder: for the harness's own test
log=${CHECK_LOG:-$top/build/check.log}
mkdir -p "$(dirname "$log")"
: > "$log"
pass=0 fail=0 skipped=0 times= t0=$SECONDS

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
	times="$times $name:$((SECONDS - start))"
done
echo "$pass passed, $fail failed, $skipped skipped"
if [ -z "${ONLY:-}" ] && [ -z "${CHECK_SUITES:-}" ] && [ -f "$top/README.md" ]; then
	python3 - "$top/README.md" "$pass passed, $fail failed, $skipped skipped" \
		"$((SECONDS - t0))" "$(nproc)" $times <<'PY'
import sys, time
path, summary, total, cores, times = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:]
begin, end = "<!-- check: written by ws/check.sh after a full run -->", "<!-- /check -->"
text = open(path).read()
b, e = text.find(begin), text.find(end)
if b < 0 or e < b:
    sys.exit("check: README.md has no %s markers" % begin)
suites = ", ".join("`%s` %s" % (n, f"{int(s) // 60} min" if int(s) >= 60 else f"{s} s")
                   for n, s in (t.split(":") for t in times))
body = ("Last full `make check` here (%s, %s cores): `%s` in %d minutes "
        "for the suites (the kernels they build included): %s.\n") % (
    time.strftime("%Y-%m-%d", time.gmtime()), cores, summary, total // 60, suites)
open(path, "w").write(text[:b] + begin + "\n" + body + text[e:])
PY
fi
[ "$fail" -eq 0 ]
