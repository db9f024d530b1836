#!/bin/bash
# kbuild-level tests against the prepared tree and build/obj: ids that
# must not compile, the zero-cost comparison with CONFIG_KMSG_IDS=y,
# make D=1 and D=2 on the real tree, and incremental catalog builds.
# check: changes the source tree: s390 (removes a description for a while)
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
	cp "$top/tests/kbuild/$1.c" "$out/$1/" 2>/dev/null || cp "$out/src/$1.c" "$out/$1/"
	echo "obj-m := $1.o" > "$out/$1/Kbuild"
	kmake M="$out/$1" modules >"$out/$1.log" 2>&1
}

# Small files made here: "NAME|component line|call" (an empty component
# line means none; "late" defines it after the call).
mk() {
	local name=$1 comp=$2 call=$3
	mkdir -p "$out/src"
	{
		echo '// SPDX-License-Identifier: GPL-2.0'
		case $comp in late) ;; ?*) echo "#define KMSG_COMPONENT $comp" ;; esac
		echo '#include <linux/kmsg.h>'
		echo '#include <linux/module.h>'
		echo "int $name(void);"
		echo "int $name(void)"
		echo '{'
		echo "	return $call;"
		echo '}'
		[ "$comp" = late ] && echo '#define KMSG_COMPONENT "late"'
		echo 'MODULE_LICENSE("GPL");'
	} > "$out/src/$name.c"
}
mk bad_id_neg '"badid"' 'kmsg_err(-1, "a negative id\n")'
mk bad_comp_digit '"9lives"' 'kmsg_err(1, "a component that starts with a digit\n")'
mk bad_comp_32 '"a_component_name_of_32_character"' 'kmsg_err(1, "x\n")'
mk bad_comp_none '' 'kmsg_err(1, "no component\n")'
mk bad_comp_late late 'kmsg_err(1, "component defined too late\n")'
mk good_comp_31 '"a_component_name_of_31_characte"' 'kmsg_err(7, "31 characters are fine\n")'
mk bad_comp_char '"bad.comp"' 'kmsg_err(1, "a dot in the component\n")'
mk noid_zero '"noidt"' 'kmsg_noid_err(0, "no id 0 for an entry\n")'
mk noid_var '"noidt"' 'kmsg_noid_warn(noid_var(), "a variable\n")'
mk noid_ok '"noidt"' 'kmsg_noid_printk(3, "kept as it is\n")'
mk noid_level '"noidt"' 'kmsg_noid_printk(4, KERN_ERR "a level of its own\n")'

# name:line:what the error must mention
for c in bad_id_var:9:'kmsg: id' bad_id_range:9:'kmsg: id' bad_id_hex:9:'kmsg: id' \
	bad_id_neg:8:'kmsg: id' bad_component:9:'kmsg: KMSG_COMPONENT' \
	bad_comp_digit:8:'kmsg: KMSG_COMPONENT' bad_comp_32:8:'kmsg: KMSG_COMPONENT' \
	bad_comp_none:7:'KMSG_COMPONENT.? undeclared' bad_comp_late:7:'KMSG_COMPONENT.? undeclared' \
	noid_zero:8:'kmsg: the id of a kmsg_noid' noid_var:8:'kmsg: the id of a kmsg_noid|static assertion'; do
	f=${c%%:*} rest=${c#*:} line=${rest%%:*} what=${rest#*:}
	build_one "$f"
	rc=$?
	check "$f.c does not compile" [ $rc -ne 0 ]
	grep -qE "/$f\.c:$line:" "$out/$f.log" &&
		grep -qE "$what|__kmsg_id_must_be_a_decimal_constant" "$out/$f.log"
	check "$f.c: the error names the call ($f.c:$line) and says: $what" [ $? -eq 0 ]
done
# (objcopy into a file: when it fails it removes its output, and
# /dev/stdout is a link the host needs)
build_one good_comp_31
check "a component of exactly 31 characters compiles" [ $? -eq 0 ]
check "and its record has the tag a_component_name_of_31_characte.7" \
	sh -c "${CROSS_COMPILE}objcopy -O binary --only-section=.kmsg.records '$out/good_comp_31/good_comp_31.o' '$out/good_comp_31.records' && tr '\0' '\n' < '$out/good_comp_31.records' | grep -qx a_component_name_of_31_characte.7"
build_one noid_ok
check "kmsg_noid_printk() compiles, its record's level the default one (4) and '-'" \
	sh -c "[ $? -eq 0 ] && ${CROSS_COMPILE}objcopy -O binary --only-section=.kmsg.records '$out/noid_ok/noid_ok.o' '$out/noid_ok.records' &&
	       tr '\0' '\n' < '$out/noid_ok.records' | grep -A1 -x noidt.3 | tail -n 1 | grep -qx 4-"
build_one noid_level
check "kmsg_noid_printk() with a KERN_<LEVEL> in its format fails the build, naming the call" \
	sh -c "[ $? -ne 0 ] && grep -qF 'noid_level.c:8: noidt.4: kmsg_noid_printk() with a KERN_<LEVEL>' '$out/noid_level.log'"
build_one bad_comp_char
check "a component with a character outside [A-Za-z0-9_-] fails the build" [ $? -ne 0 ]
check "kmsg-gen names the call and the rule" \
	grep -qE 'bad_comp_char\.c:8: .*bad\.comp' "$out/bad_comp_char.log"
build_one good_max
check "id 65535 given through a macro compiles" [ $? -eq 0 ]
check "and its record has the tag goodid.65535" \
	sh -c "${CROSS_COMPILE}objcopy -O binary --only-section=.kmsg.records '$out/good_max/good_max.o' '$out/good_max.records' && tr '\0' '\n' < '$out/good_max.records' | grep -qx goodid.65535"
check "the module drops the records (.kmsg.records is not in the .ko)" \
	sh -c "! ${CROSS_COMPILE}readelf -SW '$out/good_max/good_max.ko' | grep -q kmsg.records"
check "the module's catalog source includes its data file with .incbin" \
	sh -c "grep -q '^	.incbin \".*good_max.kmsg.bin\"' '$out/good_max/good_max.kmsg.S' && [ -s '$out/good_max/good_max.kmsg.bin' ]"
kmake M="$out/good_max" clean >/dev/null 2>&1
check "make clean removes the module's catalog files" \
	sh -c "[ -e '$out/good_max/good_max.c' ] && ! ls '$out/good_max' | grep -q kmsg"

relay < <("$top/ws/zero-cost.sh")

check "vmlinux drops the records and keeps the catalog" \
	sh -c "s=\$(${CROSS_COMPILE}readelf -SW '$KOUT/vmlinux'); ! echo \"\$s\" | grep -q kmsg.records && echo \"\$s\" | grep -q kmsg_catalog"

kbuild() { ccpath make -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" "$@"; }
# The strings of vmlinux's catalog section, one a line.
catalog_strings() {
	${CROSS_COMPILE}objcopy -O binary --only-section=.kmsg_catalog "$KOUT/vmlinux" "$out/cat.bin" &&
		tr '\0' '\n' < "$out/cat.bin"
}
# The first line of xpram.2's description, as the catalog must hold it.
desc2=$("$KOUT/scripts/kmsg-gen" dump "$top/Documentation/kmsg/s390/xpram" |
	"$top/tests/kbuild/xpram2-description.py")
text2="Not enough expanded memory available"
check "xpram.2's description is in the test's hands (kmsg-gen dump)" [ -n "$desc2" ]
printf '%s\n' "$desc2" > "$out/desc2"
# In the catalog strings of FILE: xpram.2's text, and its description or not.
text_and_desc2() { grep -qxF "$text2" "$1" && grep -qFf "$out/desc2" "$1"; }
text_not_desc2() { grep -qxF "$text2" "$1" && ! grep -qFf "$out/desc2" "$1"; }
catalog_strings > "$out/cat.txt"
check "vmlinux's catalog holds xpram.2's text and description" text_and_desc2 "$out/cat.txt"

# Incremental: nothing changed, no catalog work: neither vmlinux nor its
# catalog data is written again.
kmake >/dev/null 2>&1
stamps() { stat -c '%n %Y.%y' "$KOUT/vmlinux" "$KOUT/.tmp_vmlinux.kmsg_catalog.bin" "$KOUT/.tmp_vmlinux.kmsg_catalog.S"; }
before=$(stamps)
sleep 1
kbuild > "$out/noop.log" 2>&1
rc=$?
check "make with nothing changed succeeds and writes neither vmlinux nor its catalog" \
	[ $rc -eq 0 -a -n "$before" -a "$(stamps)" = "$before" ]

# The compile cache as kbuild uses it (ws/vars.sh: depend mode, the tree
# and build folder made relative): with a cache of its own, a module is
# compiled once and found the next time, the object the same bytes; a
# change to a header it includes is compiled again, and that object is
# the compiler's own, not the one the cache held.
cache_counts() {
	ccache --print-stats | awk '$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 }
		$1 == "cache_miss" { m += $2 } END { print h + 0, m + 0 }'
}
if [ -n "$CCACHE_BIN" ]; then
	cache_dir=$CCACHE_DIR
	export CCACHE_DIR=$out/ccache
	cc=$out/cc
	mkdir -p "$cc"
	echo '#define CC_VALUE 1' > "$cc/cc.h"
	printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '#include <linux/module.h>' \
		'#include "cc.h"' 'int cc_value(void);' 'int cc_value(void)' '{' \
		'	return CC_VALUE;' '}' 'MODULE_LICENSE("GPL");' > "$cc/cc.c"
	echo 'obj-m := cc.o' > "$cc/Kbuild"
	# cc_build N: cc.o compiled again, kept as $out/cc-N.o
	cc_build() {
		rm -f "$cc"/*.o
		kmake M="$cc" modules >"$out/cc.log" 2>&1 && cp "$cc/cc.o" "$out/cc-$1.o"
	}
	cc_build 1; read -r h1 m1 < <(cache_counts)
	cc_build 2; read -r h2 m2 < <(cache_counts)
	echo '#define CC_VALUE 2' > "$cc/cc.h"
	cc_build 3; read -r h3 m3 < <(cache_counts)
	CCACHE_BIN= cc_build 4	# without the cache
	export CCACHE_DIR=$cache_dir
	echo "# compile cache: $h1/$m1, $h2/$m2, $h3/$m3 (hits/misses after each build)"
	check "compile cache: the first build compiles cc.c (a miss)" [ "$m1" -ge 1 ]
	check "compile cache: the second build finds it (a hit more, no miss more), the same object" \
		sh -c "[ $h2 -gt $h1 ] && [ $m2 -eq $m1 ] && cmp -s '$out/cc-1.o' '$out/cc-2.o'"
	check "compile cache: after a change to cc.h it compiles again, and the object is the compiler's" \
		sh -c "[ $m3 -gt $m2 ] && ! cmp -s '$out/cc-2.o' '$out/cc-3.o' && cmp -s '$out/cc-3.o' '$out/cc-4.o'"
else
	nok "compile cache: ccache is not installed (ws/deps.sh installs it)"
fi
check_no_tree_path main

# D=1 on the real tree.
kbuild D=1 > "$out/d1.log" 2>&1
check "make D=1 passes on the tree (every message with an id is described)" [ $? -eq 0 ]
check "and reports no finding" sh -c "! grep -qE ': [A-Za-z][A-Za-z0-9_-]*\.[0-9]+: ' '$out/d1.log'"

# Remove xpram.2's description from the tree (the link in build/linux
# only; ws/prepare.sh puts it back) and check that D=1 fails.
# The source tree's lock is held meanwhile (ws/vars.sh src_lock): a
# build of another architecture that make check runs beside this suite
# prepares the tree only after the description is back.
doc=$KSRC/Documentation/kmsg/s390/xpram
exec 8>"$KSRC.lock"
flock 8
export KMSG_SRC_LOCKED=$KSRC.lock	# held: a nested src_lock passes through
restore() { rm -f "$doc"; ln -s "$top/Documentation/kmsg/s390/xpram" "$doc"; }
trap restore EXIT
rm -f "$doc"
"$top/tests/kbuild/drop-xpram2-description.py" "$top/Documentation/kmsg/s390/xpram" "$doc"
kbuild D=1 > "$out/d1-missing.log" 2>&1
check "make D=1 fails when a description is missing" [ $? -ne 0 ]
check "naming the call: drivers/s390/block/xpram.c:<line>: xpram.2: no description" \
	grep -qE '^drivers/s390/block/xpram.c:[0-9]+: xpram.2: no description; template:' "$out/d1-missing.log"
check "and printing a template to fill in" \
	sh -c "grep -A3 '^ \* Tag: xpram.2\$' '$out/d1-missing.log' | grep -qxF ' * Text: \"Not enough expanded memory available\"'"
kbuild > "$out/missing.log" 2>&1
rc=$?
check "a plain make succeeds and warns once" \
	[ $rc -eq 0 -a "$(grep -c 'warning: xpram.2: no description' "$out/missing.log")" -eq 1 ]
catalog_strings > "$out/cat-missing.txt"
check "the undescribed xpram.2 keeps its text in vmlinux's catalog, without the description" \
	text_not_desc2 "$out/cat-missing.txt"
restore
trap - EXIT
exec 8>&-
unset KMSG_SRC_LOCKED
touch "$top/Documentation/kmsg/s390/xpram"	# as an editor would leave it
kbuild > "$out/restored.log" 2>&1
rc=$?
catalog_strings > "$out/cat-restored.txt"
[ $rc -eq 0 ] && text_and_desc2 "$out/cat-restored.txt"
check "restoring the description rebuilds vmlinux's catalog with it" [ $? -eq 0 ]

rm -rf "$KOUT/man"
kbuild D=2 > "$out/d2.log" 2>&1
check "make D=2 succeeds" [ $? -eq 0 ]
# the described tags of vmlinux's catalog, as kmsg_install lists them
(cd "$KOUT" && scripts/kmsg-gen index --srctree "$KSRC" --srcarch "$ARCH" vmlinux.o) |
	awk -F'\t' '!/^#/ && $6 != "" { print $1 ".9" }' | sort > "$out/described"
(cd "$KOUT/man" && ls) | sort > "$out/man-pages"
check "make D=2 writes a man page per described message ($(wc -l < "$out/described"), xpram.1.9 among them)" \
	sh -c "grep -qx xpram.1.9 '$out/man-pages' && diff -u '$out/described' '$out/man-pages'"
check "the man pages pass groff -man -ww -z" \
	sh -c "groff -man -ww -z '$KOUT'/man/*.9 2>&1 | grep . && exit 1 || exit 0"
kmake >/dev/null 2>&1
done_testing
