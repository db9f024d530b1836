# Sourced by the tests/ suites: TAP output helpers.
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; }
# check DESCRIPTION COMMAND...: one TAP line for a command's status
check() { local d=$1; shift; if "$@"; then ok "$d"; else nok "$d"; fi; }
