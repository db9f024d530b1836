#!/bin/bash
# Build the kernel configurations of ws/kconfigs.sh (or those named), one
# after the other, at the lowest priority: make check runs this in the
# background while its suites run, so that a configuration compiles on
# the core a guest leaves idle (QEMU's TCG uses one).  A suite that needs
# a configuration builds it itself through ws/kbuild.sh, waiting on the
# folder's lock while this builds it and finding nothing left to do after.
# A failure here is only reported: the suite's own build shows it.
#   ws/prebuild.sh [NAME...]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/kconfigs.sh"
names=${*:-$KCONFIGS}
mkdir -p "$top/build"
for c in $names; do
	children_cpu
	start=$SECONDS cpu0=$cpu
	if nice -n 19 "$top/ws/kbuild.sh" "$c" > "$top/build/prebuild-$c.log" 2>&1; then
		children_cpu
		echo "prebuild: $c built in $((SECONDS - start)) s, $((cpu - cpu0)) s of CPU"
	else
		echo "prebuild: $c failed after $((SECONDS - start)) s (build/prebuild-$c.log)"
	fi
done
