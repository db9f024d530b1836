#!/bin/bash
# kbuild-level tests against the prepared tree and build/obj: ids that
# must not compile, the zero-cost comparison with CONFIG_KMSG_IDS=y,
# make D=1 and D=2 on the real tree, and incremental catalog builds.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
out=$top/build/test-kbuild
rm -rf "$out"
mkdir -p "$out"
. "$top/tests/lib.sh"

# Build one file of tests/kbuild as an external module; output in $out/$1.log
build_one() {
	mkdir -p "$out/$1"
	cp "$top/tests/kbuild/$1.c" "$out/$1/"
	echo "obj-m := $1.o" > "$out/$1/Kbuild"
	kmake M="$out/$1" modules >"$out/$1.log" 2>&1
}

for c in bad_id_var:9:id bad_id_range:9:id bad_id_hex:9:id bad_component:9:KMSG_COMPONENT; do
	f=${c%%:*} rest=${c#*:} line=${rest%%:*} what=${rest#*:}
	build_one "$f"
	rc=$?
	check "$f.c does not compile" [ $rc -ne 0 ]
	check "$f.c: the error names the call ($f.c:$line) and the $what rule" \
		sh -c "grep -q '$f.c:$line' '$out/$f.log' && grep -qE 'kmsg: $what|__kmsg_${what}_must_be_a_decimal_constant' '$out/$f.log'"
done
build_one good_max
check "id 65535 given through a macro compiles" [ $? -eq 0 ]
check "and its record has the tag goodid.65535" \
	sh -c "${CROSS_COMPILE}objcopy -O binary --only-section=.kmsg.records '$out/good_max/good_max.o' /dev/stdout | tr '\0' '\n' | grep -qx goodid.65535"
check "the module drops the records (.kmsg.records is not in the .ko)" \
	sh -c "! ${CROSS_COMPILE}readelf -SW '$out/good_max/good_max.ko' | grep -q kmsg.records"
check "the module's catalog source includes its data file with .incbin" \
	sh -c "grep -q '^	.incbin \".*good_max.kmsg.bin\"' '$out/good_max/good_max.kmsg.S' && [ -s '$out/good_max/good_max.kmsg.bin' ]"
kmake M="$out/good_max" clean >/dev/null 2>&1
check "make clean removes the module's catalog files" \
	sh -c "[ -e '$out/good_max/good_max.c' ] && ! ls '$out/good_max' | grep -q kmsg"

"$top/ws/zero-cost.sh" ids $((n + 1)) | tee "$out/zc.log"
n=$((n + $(grep -cE '^(not )?ok' "$out/zc.log")))

check "vmlinux drops the records and keeps the catalog" \
	sh -c "s=\$(${CROSS_COMPILE}readelf -SW '$KOUT/vmlinux'); ! echo \"\$s\" | grep -q kmsg.records && echo \"\$s\" | grep -q kmsg_catalog"

# Incremental: nothing changed, no catalog work.
kmake >/dev/null 2>&1
make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" > "$out/noop.log" 2>&1
check "make with nothing changed does no catalog work" \
	sh -c "! grep -q KMSG '$out/noop.log'"

# D=1 on the real tree.
make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" D=1 > "$out/d1.log" 2>&1
check "make D=1 passes on the tree (xpram is fully described)" [ $? -eq 0 ]
check "make D=1 checked vmlinux" grep -q "KMSG.*kmsg_catalog" "$out/d1.log"

# Remove xpram.2's description from the tree (the link in build/linux
# only; ws/prepare.sh puts it back) and check that D=1 fails.
doc=$KSRC/Documentation/kmsg/s390/xpram
restore() { rm -f "$doc"; ln -s "$top/Documentation/kmsg/s390/xpram" "$doc"; }
trap restore EXIT
rm -f "$doc"
python3 - "$top/Documentation/kmsg/s390/xpram" "$doc" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = text.split("/*?")
kept = [b for b in blocks if "Tag: xpram.2\n" not in b]
assert len(kept) == len(blocks) - 1
open(sys.argv[2], "w").write("/*?".join(kept))
PY
make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" D=1 > "$out/d1-missing.log" 2>&1
check "make D=1 fails when a description is missing" [ $? -ne 0 ]
check "naming the call: drivers/s390/block/xpram.c:<line>: xpram.2: no description" \
	grep -qE '^drivers/s390/block/xpram.c:[0-9]+: xpram.2: no description; template:' "$out/d1-missing.log"
check "and printing a template to fill in" \
	sh -c "grep -A3 '^ \* Tag: xpram.2\$' '$out/d1-missing.log' | grep -qxF ' * Text: \"Not enough expanded memory available\"'"
make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" > "$out/missing.log" 2>&1
check "a plain make warns once and still builds" \
	sh -c "[ \$(grep -c 'warning: xpram.2: no description' '$out/missing.log') -eq 1 ]"
restore
trap - EXIT
touch "$top/Documentation/kmsg/s390/xpram"	# as an editor would leave it
make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" > "$out/restored.log" 2>&1
check "restoring the description rebuilds the vmlinux catalog" grep -q "KMSG.*kmsg_catalog" "$out/restored.log"

rm -rf "$KOUT/man"
make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" D=2 > "$out/d2.log" 2>&1
check "make D=2 writes a man page per described message" \
	sh -c "[ \"\$(cd '$KOUT/man' && ls)\" = \"\$(printf 'xpram.%s.9\n' 1 2 3 4 5)\" ]"
check "the man pages pass groff -man -ww -z" \
	sh -c "groff -man -ww -z '$KOUT'/man/*.9 2>&1 | grep . && exit 1 || exit 0"
kmake >/dev/null 2>&1
