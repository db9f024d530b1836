#!/bin/bash
# The reports of a guest's console log that fail its run (ws/guest.sh):
# panic, oops, BUG, WARNING, INFO: (hung tasks, RCU stalls), lockdep,
# KASAN, KFENCE, UBSAN, debug objects, list corruption, kmemleak.  A test
# that makes a report on purpose (kmsg_oops.sh) writes the lines
# KMSG-EXPECTED-OOPS-BEGIN and KMSG-EXPECTED-OOPS-END around it: what is
# between them does not count, but a region left open is a problem.
#   ws/guest-problems.sh LOG   prints the first five report lines;
#                              exit 0 when there are none, 1 when there are
#   ws/guest-problems.sh --regex   prints what counts as a report (an
#                              extended regular expression), for a guest
#                              that scans its own log (Hercules)
set -uo pipefail
problems='Kernel panic|Oops|BUG: |WARNING: |INFO: |Unable to handle kernel|Call Trace:|DEBUG_LOCKS_WARN_ON|possible (circular|recursive) locking|suspicious RCU usage|detected stall|UBSAN: |ODEBUG: |list_(add|del) corruption|suspected memory leak'
if [ "${1:-}" = --regex ]; then
	echo "$problems"
	exit 0
fi
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: ws/guest-problems.sh LOG | --regex" >&2; exit 2; }
awk -v re="$problems" '
	/KMSG-EXPECTED-OOPS-BEGIN/ { open_at = NR; next }
	/KMSG-EXPECTED-OOPS-END/ { open_at = 0; next }
	!open_at && $0 ~ re && n < 5 { n++; sub(/\r$/, ""); print }
	END {
		if (open_at) {
			print "KMSG-EXPECTED-OOPS-BEGIN at line " open_at " without KMSG-EXPECTED-OOPS-END"
			n++
		}
		exit n > 0
	}' "$1"
