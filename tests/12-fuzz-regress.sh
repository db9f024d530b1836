#!/bin/bash
# The fuzz targets of ws/fuzz/ (ws/fuzz.sh, not run here) built with gcc
# -fsanitize=address,undefined and ws/fuzz/driver.c instead of libFuzzer,
# run on every input kept for them: the seeds and the crashing inputs in
# tests/fuzz-regress/<target>/, and for the description parser also
# tests/kmsg-gen/fuzz-regress/.  Each must end without a sanitizer report.
# TAP output.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/test-fuzz-regress
rm -rf "$out"
mkdir -p "$out"
. "$top/tests/lib.sh"


mkdir -p "$out/bin"
env -u MAKEFLAGS make -k -C "$top/ws/fuzz" O="$out/bin" MODE=standalone CC=gcc > "$out/bin/build.log" 2>&1
rc=$?
[ $rc -eq 0 ] || diag "$out/bin/build.log"
check "the four fuzz targets build with gcc -fsanitize=address,undefined (exit $rc)" [ $rc -eq 0 ]
if grep -q 'warning:' "$out/bin/build.log"; then
	grep 'warning:' "$out/bin/build.log" | sed 's/^/# /'
	nok "no compiler warnings"
else
	ok "no compiler warnings"
fi

for t in desc records tool validate; do
	inputs=()
	for f in "$top/tests/fuzz-regress/$t"/*; do
		[ -f "$f" ] && inputs+=("$f")
	done
	if [ $t = desc ]; then
		for f in "$top"/tests/kmsg-gen/fuzz-regress/*; do
			[ -f "$f" ] && [ "${f##*/}" != README ] && inputs+=("$f")
		done
	fi
	bad=
	for f in "${inputs[@]}"; do
		ASAN_OPTIONS=detect_leaks=1:exitcode=86 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=87 \
			timeout 20 "$out/bin/$t" "$f" >/dev/null 2>"$out/$t.err"
		rc=$?
		if [ $rc -ne 0 ] ||
		   grep -qE '^==[0-9]+==ERROR: [A-Za-z]+Sanitizer|: runtime error: |^SUMMARY: [A-Za-z]+Sanitizer' "$out/$t.err"; then
			bad="$bad ${f##*/}($rc)"
			diag "$out/$t.err"
		fi
	done
	nseed=$(printf '%s\n' "${inputs[@]}" | grep -c '/seed-')
	check "$t: all ${#inputs[@]} inputs ($nseed seeds) run clean under ASan+UBSan${bad:+, not:$bad}" \
		[ -x "$out/bin/$t" -a "$nseed" -gt 0 -a -z "$bad" ]
done

done_testing
