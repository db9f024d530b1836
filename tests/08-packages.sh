#!/bin/bash
# Each Debian package whose files the build uses is installed by ws/deps.sh
# on a fresh machine: it is in the closure of deps.sh's list through
# Depends and Pre-Depends (tests/packages/deps-closure.py), not merely installed here.
# The used packages are derived from the build (tests/packages/used-packages.sh), so a
# package missing from the list shows even where it was installed earlier.
# DEPS_DROP="PKG ..." runs it as if deps.sh's list had no PKG (a demo of
# the failure); the last result is a self-test that does so itself.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/test-packages
. "$top/tests/lib.sh"

if [ ! -e "$top/build/obj/vmlinux" ]; then
	nok "build/obj/vmlinux exists: run make build first"
	done_testing
fi
rm -rf "$out"
mkdir -p "$out"
comment() { sed 's/^\(# \)\{0,1\}/# /' "$@"; }

"$top/tests/packages/used-packages.sh" --map >"$out/map" 2>"$out/used.err"
st=$?
comment "$out/used.err"
check "tests/packages/used-packages.sh derives the used packages without error" [ "$st" -eq 0 ]
cut -d' ' -f1 "$out/map" | sort -u >"$out/used"

# The derivation cannot silently find nothing: gcc's package (that of the
# file /usr/bin/gcc leads to) and the s390x cross libc's must be among them.
gccpkg=$(dpkg-query -S "$(realpath "$(type -P gcc)")" 2>/dev/null | sed 's/[:,].*//')
check "the used packages are not none and include gcc's (${gccpkg:-?}) and libc6-dev-s390x-cross" \
	sh -c "[ -s '$out/used' ] && grep -qx '${gccpkg:-?}' '$out/used' &&
		grep -qx libc6-dev-s390x-cross '$out/used'"

"$top/tests/packages/deps-closure.py" >"$out/closure" 2>"$out/closure.err"
st=$?
comment "$out/closure.err"
check "tests/packages/deps-closure.py computes the closure of ws/deps.sh --list" \
	[ "$st" -eq 0 -a -s "$out/closure" ]

echo "# $(wc -l <"$out/map") (package, file) pairs of $(cut -d' ' -f2 "$out/map" |
	sort -u | wc -l) used files, $(wc -l <"$out/used") used packages," \
	"$(wc -l <"$out/closure") packages in the closure"
while read -r pkg; do
	d="$pkg (used by the build) is installed by ws/deps.sh"
	if grep -qxF "$pkg" "$out/closure"; then
		ok "$d"
	else
		nok "$d: no, and $(grep -m1 "^$pkg " "$out/map" | cut -d' ' -f2) needs it"
	fi
done <"$out/used"

# README tells a newcomer what a fresh machine gets: the same list.
readme=$(sed -n '/^<!-- packages:/{n;p;}' "$top/README.md" | tr -d '`' | tr ' ' '\n' | grep .)
check "README lists exactly the packages of ws/deps.sh --list" \
	[ -n "$readme" -a "$readme" = "$("$top/ws/deps.sh" --list)" ]

# Self-test: without libc6-dev-s390x-cross in deps.sh's list (the defect
# of a fresh machine: gcc-s390x-linux-gnu only Recommends it), the check
# must report it.
DEPS_DROP=libc6-dev-s390x-cross "$top/tests/packages/deps-closure.py" --check "$out/map" \
	>"$out/selftest" 2>&1
st=$?
comment "$out/selftest"
check "self-test: with libc6-dev-s390x-cross dropped from the list, the check fails naming it" \
	sh -c "[ $st -eq 1 ] && grep -q '^missing libc6-dev-s390x-cross ' '$out/selftest'"
done_testing
