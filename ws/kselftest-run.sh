#!/bin/sh
# Run kselftest scripts of the current folder in order, in the guest (or
# on the host, in the harness's own test):
#   kselftest-run.sh [VAR=value ...] script.sh ...
# VAR=value exports a setting for the scripts after it.  Each script's
# output is framed for ws/kselftest-results.sh.
for t in "$@"; do
	case $t in
	*=*) export "$t"; continue ;;
	esac
	echo "# kselftest-begin $t"
	"./$t"
	echo "# kselftest-end $t rc=$?"
done
