#!/bin/sh
# Run kmsg kselftest scripts through the kernel's own runner, from the
# folder the selftests are installed in (the guest's /extra, or the
# harness's test folder on the host):
#   kselftest-run.sh [VAR=value ...] script.sh ...
# VAR=value is exported for the run (each setting is read by the one
# script it is meant for); the scripts run in the order given, each as
# "run_kselftest.sh -t kmsg:script.sh".  The guest's own timeout bounds
# the run; the runner's per-script one is KSELFTEST_RUN_TIMEOUT seconds
# (3600).  ws/kselftest-results.sh judges the output.
tests=
for t in "$@"; do
	case $t in
	*=*) export "$t" ;;
	*) tests="$tests -t kmsg:$t" ;;
	esac
done
# The runner writes each script's output through a second descriptor it
# opens on /dev/stdout: a pipe keeps the two in order when stdout is a
# file (on a terminal they are anyway).
./run_kselftest.sh -o "${KSELFTEST_RUN_TIMEOUT:-3600}" $tests 2>&1 | cat
