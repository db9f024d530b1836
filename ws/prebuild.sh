#!/bin/bash
# Build the kernel configurations of ws/kconfigs.sh (or those named), one
# after the other, at the lowest priority: make check runs this in the
# background while its suites run, so that a configuration compiles on
# the core a guest leaves idle (QEMU's TCG uses one).  A suite that needs
# a configuration builds it itself through ws/kbuild.sh, waiting on the
# folder's lock while this builds it and finding nothing left to do after.
# A failure here is only reported: the suite's own build shows it.
#   ws/prebuild.sh [NAME...]
# KMSG_PREBUILD_HOLD="FILE ARCH...": the configurations of those
# architectures wait until FILE exists, the others are built first (make
# check: while a suite changes that architecture's part of the source
# tree, ws/check.sh, a configuration of another one compiles beside it).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/kconfigs.sh"
names=${*:-$KCONFIGS}
read -r hold_file hold_arch <<< "${KMSG_PREBUILD_HOLD:-}"
if [ -n "${hold_file:-}" ]; then
	held= free=
	for c in $names; do
		if [[ " $hold_arch " == *" $(kconfig "$c" && echo "$ARCH") "* ]]; then
			held="$held $c"
		else
			free="$free $c"
		fi
	done
	names="$free -$held"
fi
mkdir -p "$top/build"
for c in $names; do
	if [ "$c" = - ]; then
		# (its folder gone: make check ended without releasing them)
		while [ ! -e "$hold_file" ]; do
			[ -d "$(dirname "$hold_file")" ] || exit 0
			sleep 1
		done
		continue
	fi
	children_cpu
	start=$SECONDS cpu0=$cpu
	if nice -n 19 "$top/ws/kbuild.sh" "$c" > "$top/build/prebuild-$c.log" 2>&1; then
		children_cpu
		echo "prebuild: $c built in $((SECONDS - start)) s, $((cpu - cpu0)) s of CPU"
	else
		echo "prebuild: $c failed after $((SECONDS - start)) s (build/prebuild-$c.log)"
	fi
done
