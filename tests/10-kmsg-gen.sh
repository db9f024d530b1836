#!/bin/bash
# Host tests of scripts/kmsg-gen: the description parser (dump), the
# checker (--check, what make D=1 runs), man pages (--man, make D=2), the
# catalog it emits, objects of both byte orders, valgrind and the fuzzing
# regression inputs.  TAP output.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/kmsg-gen
py=$top/tests/kmsg-gen-py
out=$top/build/test-kmsg-gen
rm -rf "$out"
mkdir -p "$out"
. "$top/tests/lib.sh"


gen=$out/kmsg-gen
gcc -Wall -Wextra -Werror -O2 -g -o "$gen" -I"$top/scripts" \
	$("$top/ws/kmsg-gen-sources.sh") 2>"$out/cc.log"
rc=$?
check "kmsg-gen builds with -Wall -Wextra -Werror (gcc exit $rc)" [ $rc -eq 0 -a -x "$gen" ]
if [ -s "$out/cc.log" ]; then
	diag "$out/cc.log"
	nok "no compiler warnings"
else
	ok "no compiler warnings"
fi

# --- dump ------------------------------------------------------------------
"$gen" dump "$top/Documentation/kmsg/s390/xpram" > "$out/xpram.json"
check "dump of Documentation/kmsg/s390/xpram exits 0" [ $? -eq 0 ]
check "it has xpram.1 to xpram.5 with every contract key" "$py/xpram-entries.py" "$out/xpram.json"

# The hashed ids of dump: lookup2 (kmsg_lookup2(), scripts/kmsg-format.c)
# of the Text and its newline, and of "%s: " before them (a device's).
cat > "$out/lookup2.c" <<'EOF2'
#include "kmsg-format.h"
/* each NUL-terminated key of standard input: the low 24 bits of its hash */
int main(void)
{
	char *key = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getdelim(&key, &cap, '\0', stdin)) > 0)
		printf("%06x\n", kmsg_lookup2(key, n - 1, 0) & 0xffffff);
	free(key);
	return 0;
}
EOF2
gcc -Wall -Wextra -Werror -I"$top/scripts" -o "$out/lookup2" "$out/lookup2.c" "$top/scripts/kmsg-format.c"
"$gen" dump "$top/Documentation/kmsg/s390/hypfs" > "$out/hypfs.json"
check "dump: hypfs.1's hashed_id is 7f5705 (SUSE's id of its format), hashed_id_device 6d3493" \
	"$py/hypfs1-hashed-ids.py" "$out/hypfs.json"
(cd "$top" && "$gen" dump $(find Documentation/kmsg -type f ! -name '*.rst' ! -path '*/po/*' | sort) "$fx/src/fix.c") \
	> "$out/all.json" 2>/dev/null
"$py/hash-keys.py" "$out/all.json" "$out/all.keys"
"$out/lookup2" < "$out/all.keys" > "$out/all.ids"
check "dump: every description's hashed ids are kmsg_lookup2()'s of its Text, plain and after '%s: '" \
	"$py/hashed-ids.py" "$out/all.json"

# The 2008 catalog of the RFC, extracted from the seed at test time.
seed=$top/../shared/seeds/004-patch-kmsg-convert-xpram-messages-to-kmsg-api.patch
if [ -f "$seed" ]; then
	sed -n '/^+++ .*Documentation\/kmsg\/s390\/xpram/,/^Index:/p' "$seed" |
		sed -n 's/^+//p' | sed 1d > "$out/xpram-2008"
	"$gen" dump "$out/xpram-2008" > "$out/xpram-2008.json"
	check "the 2008 RFC's xpram catalog parses without complaint" [ $? -eq 0 ]
	check "into three entries with the 2008 fields" "$py/xpram-2008-entries.py" "$out/xpram-2008.json"
else
	nok "the 2008 seed is at $seed"
	nok "the 2008 seed parses"
fi

"$gen" dump "$fx/src/fix.c" > "$out/fix.json"
check "adjacent quoted pieces of Text: are joined, a parameter runs over lines" "$py/fix1-entry.py" "$out/fix.json"

# --- one JSON shape for an entry: dump and kmsg --json -------------------------
# Both write the keys every entry starts with through kmsg_json_entry()
# (scripts/kmsg-json.c; kmsg(8), JSON OUTPUT), in this order; dump adds
# file and line, kmsg source, man_page, device and a log line's keys.
# kmsg explains fix.c's descriptions from a catalog kmsg-gen writes of them.
tool=$out/tool
mkdir -p "$tool"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE CFLAGS="-O2 -g" \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$tool/" >"$tool/cc.log" 2>&1
rc=$?
check "tools/kmsg builds, to compare its --json with dump (make exit $rc)" [ $rc -eq 0 -a -x "$tool/kmsg" ]
"$gen" system -o "$out/shape.catalog" "$fx/src/fix.c" 2>"$out/shape.err"
shape_kmsg() {
	"$tool/kmsg" --sysfs /nonexistent --catalog /nonexistent \
		--system-catalog "$out/shape.catalog" --json explain "$1"
}
for t in fix.1 fix.4 'fix.1: 7 is not a valid number of parts'; do
	shape_kmsg "$t"
done > "$out/shape-tool.json"
check "dump and kmsg --json: the same keys first, in one order, with the same bytes" \
	"$py/dump-and-kmsg-keys.py" "$out/fix.json" "$out/shape-tool.json"

"$gen" dump "$fx/malformed.txt" > "$out/bad.json" 2> "$out/bad.err"
rc=$?
check "malformed blocks make dump exit 1" [ $rc -eq 1 ]
check "the good block among them is still dumped" "$py/good-block-dumped.py" "$out/bad.json"
for want in \
	"malformed.txt:4: cannot understand 'Txet: \"typo in a keyword\"'" \
	"malformed.txt:9: bad.2: no Severity:" \
	"malformed.txt:23: Tag: '9bad.4' is not <component>.<id> with an id of 1..65535" \
	"malformed.txt:30: Tag: 'bad.70000' is not <component>.<id> with an id of 1..65535" \
	"malformed.txt:38: Text: must be one or more \"quoted\" strings" \
	"malformed.txt:46: Severity: 'Fatal' is not Emerg, Alert, Critical, Error, Warning, Notice or Informational" \
	"malformed.txt:54: bad.8: parameters must be @1:, @2:, ... in order" \
	"malformed.txt:60: bad.9: no Description:" \
	"malformed.txt:65: description block not closed"; do
	check "reports $want" grep -qF "$want" "$out/bad.err"
done
check "exactly nine problems are reported" [ "$(wc -l < "$out/bad.err")" -eq 9 ]

"$gen" dump "$out/does-not-exist" >/dev/null 2>"$out/nofile.err"
check "a missing file is an error (exit 1) naming it" \
	[ $? -eq 1 -a -n "$(grep -F does-not-exist "$out/nofile.err")" ]
"$gen" >/dev/null 2>&1
check "no command is a usage error (exit 2)" [ $? -eq 2 ]
"$gen" catalog --bogus x.o >/dev/null 2>&1
check "an unknown option is a usage error (exit 2)" [ $? -eq 2 ]

# --- records from objects of both byte orders --------------------------------
for cc in gcc s390x-linux-gnu-gcc; do
	for f in 1 2; do
		$cc -c -DFIXTURE=$f -o "$out/rec$f-$cc.o" "$fx/records.c"
	done
done
check "fixture objects build for x86_64 and s390x" \
	[ -s "$out/rec1-gcc.o" -a -s "$out/rec2-gcc.o" \
	  -a -s "$out/rec1-s390x-linux-gnu-gcc.o" -a -s "$out/rec2-s390x-linux-gnu-gcc.o" ]

cat_run() { "$gen" catalog --srctree "$fx" "$@"; }
for cc in gcc s390x-linux-gnu-gcc; do
	cat_run --check --srcarch none --data "$out/cat1-$cc.bin" -o "$out/cat1-$cc.S" \
		"$out/rec1-$cc.o" >"$out/check1-$cc.out" 2>"$out/check1-$cc.err"
	rc=$?
	check "--check passes on a fully described $cc object" [ $rc -eq 0 ]
done
check "id 0 and a repeated call make no extra entries" \
	grep -q "^/\* Generated .*: 2 entries" "$out/cat1-gcc.S"

# The section's bytes (--data) as the kernel reads them: in the object's
# byte order, the same catalog from either.
check "the catalog has the header, two 24-byte entries and each string once, in each object's byte order" \
	"$py/catalog-layout.py" "$out/cat1-gcc.bin" "$out/cat1-s390x-linux-gnu-gcc.bin"

# The source includes the bytes with .incbin (the build's way): assembled,
# the section is the file, padded to KMSG_CATALOG_ALIGN (4).
for cc in gcc s390x-linux-gnu-gcc; do
	pfx=${cc%gcc}
	$cc -c -o "$out/cat1-$cc.o" "$out/cat1-$cc.S" &&
	${pfx}objcopy -O binary --only-section=.kmsg_catalog "$out/cat1-$cc.o" "$out/cat1-$cc.sect"
	check "--data: the $cc object's assembled section is the data file, padded to 4 bytes" \
		"$py/section-padded.py" "$out/cat1-$cc.bin" "$out/cat1-$cc.sect"
done
check "--data: the source includes the file, and has no .ascii" \
	sh -c "grep -qF '.incbin \"$out/cat1-gcc.bin\"' '$out/cat1-gcc.S' && ! grep -q ascii '$out/cat1-gcc.S'"
cat_run --srcarch none -o "$out/nodata.S" "$out/rec1-gcc.o" 2>/dev/null
check "without --data the source is its comment line only (exit $?)" \
	sh -c "[ \$(wc -l < '$out/nodata.S') -eq 1 ] && grep -q '^/\* Generated .*: 2 entries' '$out/nodata.S'"
: > "$out/stale.S"
cat_run --srcarch none --data /nonexistent/dir/x.bin -o "$out/stale.S" "$out/rec1-gcc.o" \
	>/dev/null 2>"$out/nodata.err"
rc=$?
check "--data into a missing folder fails, naming it, and leaves no old source" \
	sh -c "[ $rc -eq 2 ] && [ ! -e '$out/stale.S' ] && grep -qF /nonexistent/dir/x.bin '$out/nodata.err'"

# --- one definition of the section layout -----------------------------------
# include/linux/kmsg_catalog.h is the layout for kmsg-gen and the kernel.  In
# copies of the tree with that header changed, kmsg-gen and the kernel's
# kmsg_catalog_validate.c (built for user space against ws/fuzz/kshim, with a reader,
# tests/kmsg-gen/catalog-read.c) must both notice, or both follow.
fz=$top/ws/fuzz
# variant NAME SED-SCRIPT: the tree in $out/drift/NAME, its header edited
variant() {
	local d=$out/drift/$1
	rm -rf "$d" && mkdir -p "$d/scripts" "$d/kernel" "$d/include/linux"
	cp "$top"/scripts/kmsg-*.[ch] "$d/scripts/"
	cp "$top"/kernel/kmsg_catalog_validate.c "$top"/kernel/kmsg_catalog_internal.h "$d/kernel/"
	sed -e "$2" "$top/include/linux/kmsg_catalog.h" > "$d/include/linux/kmsg_catalog.h"
	gcc -Wall -Wextra -Werror -O1 -o "$d/kmsg-gen" -I"$d/scripts" \
		$("$top/ws/kmsg-gen-sources.sh" "$d") > "$d/gen.log" 2>&1
	gcc -std=gnu11 -Wall -o "$d/reader" -I"$fz/kshim" -I"$d/include" -DCONFIG_KMSG_CATALOG \
		"$fx/catalog-read.c" "$d/kernel/kmsg_catalog_validate.c" > "$d/kernel.log" 2>&1
	[ -x "$d/kmsg-gen" ] &&
		"$d/kmsg-gen" catalog --srctree "$fx" --srcarch none --data "$d/cat.bin" \
			-o "$d/cat.S" "$out/rec1-gcc.o" 2>/dev/null
	[ -x "$d/reader" ] && [ -f "$d/cat.bin" ] && "$d/reader" "$d/cat.bin" > "$d/read.txt"
}
# fails NAME gen|kernel TEXT: that part of the variant did not build, and
# the compiler said "static assertion failed: TEXT..."
fails() {
	local d=$out/drift/$1 prog=reader
	[ "$2" = gen ] && prog=kmsg-gen
	grep -qF "static assertion failed: \"$3" "$d/$2.log" && [ ! -e "$d/$prog" ]
}
entry='/^struct kmsg_catalog_entry {/,/^};/'
variant same ''
check "the tree as it is: kmsg-gen and the kernel's reader build without a warning" \
	sh -c "[ ! -s '$out/drift/same/gen.log' ] && [ ! -s '$out/drift/same/kernel.log' ]"
check "the kernel's validator accepts what kmsg-gen wrote and reads both entries" \
	grep -qx '2 entries' "$out/drift/same/read.txt"
variant field "$entry"'s/^\tu8 flags;/&\n\tu32 extra;/'
check "an entry field added in the header stops kmsg-gen's build (static_assert)" \
	fails field gen "kmsg catalog entry"
check "and the kernel's build, by the same assertion" \
	fails field kernel "kmsg catalog entry"
variant new-layout "$entry"'s/^\tu8 flags;/&\n\tu32 extra;/; /static_assert(.*kmsg catalog entry")/d'
check "with the layout assertions updated too, kmsg-gen still stops until its writer writes the field" \
	fails new-layout gen "kmsg-gen writes every field of struct kmsg_catalog_entry"
check "while the kernel built from that header rejects the old catalog" \
	sh -c "'$out/drift/new-layout/reader' '$out/drift/same/cat.bin' | grep -qx 'rejected: bad entry size'"
variant swapped "$entry"'s/^\tu8 level;.*/\tu8 flags;/; t; '"$entry"'s/^\tu8 flags;/\tu8 level;/; /static_assert(.*kmsg catalog entry")/d'
check "fields reordered in the header: kmsg-gen and the kernel follow, without an edit" \
	sh -c "grep -q 'u8 flags;\$' '$out/drift/swapped/include/linux/kmsg_catalog.h' &&
	       ! cmp -s '$out/drift/swapped/cat.bin' '$out/drift/same/cat.bin' &&
	       [ -s '$out/drift/swapped/read.txt' ] &&
	       cmp -s '$out/drift/swapped/read.txt' '$out/drift/same/read.txt'"

# --- a field of any length: served whole --------------------------------
# A Description: longer than a page is a description, written whole into
# the catalog, and the kernel's validator accepts the catalog (its sysfs
# file is a seq_file, which serves any length).
long_tree() {	# long_tree DIR BYTES: the fixture, fix.2's description BYTES long
	rm -rf "$1" && cp -r "$fx" "$1" &&
		awk -v n="$2" '/A message described in Documentation\/kmsg\./ {
			s = " * "; for (i = 0; i < n; i++) s = s "x"; print s; next } { print }' \
			"$fx/Documentation/kmsg/fix" > "$1/Documentation/kmsg/fix"
}
long=10000
long_tree "$out/long" $long
"$gen" dump "$out/long/Documentation/kmsg/fix" > "$out/long.json" 2> "$out/long.err"
check "a Description: of $long bytes is a description" \
	sh -c "[ \$? -eq 0 ] && python3 -c 'import json, sys; sys.exit(len(json.loads(open(sys.argv[1]).readline())[\"description\"]) != int(sys.argv[2]))' '$out/long.json' $long"
"$gen" catalog --srctree "$out/long" --srcarch none --data "$out/long.bin" -o "$out/long.S" \
	"$out/rec1-gcc.o" 2>/dev/null && "$out/drift/same/reader" "$out/long.bin" > "$out/long.read"
check "its catalog is accepted by the kernel's validator" grep -qx '2 entries' "$out/long.read"
check "and holds the description whole" \
	sh -c "grep -ao 'x*' '$out/long.bin' | awk 'length > m { m = length } END { exit m != $long }'"

cat_run --check --srcarch dup -o /dev/null "$out/rec1-gcc.o" >/dev/null 2>"$out/dup.err"
check "a tag described in the source and in Documentation/kmsg/\$SRCARCH fails --check" \
	[ $? -eq 1 -a -n "$(grep -F 'fix.1: described twice' "$out/dup.err")" ]

rm -rf "$out/twice" && cp -r "$fx" "$out/twice"
{ echo; cat "$fx/Documentation/kmsg/fix"; } >> "$out/twice/Documentation/kmsg/fix"
"$gen" catalog --check --srctree "$out/twice" --srcarch none -o /dev/null "$out/rec1-gcc.o" \
	>/dev/null 2>"$out/twice.err"
rc=$?
check "a tag described twice in one file fails --check, naming both places" \
	sh -c "[ $rc -eq 1 ] && grep -qxF '$out/twice/Documentation/kmsg/fix:11: fix.2: described twice, also at $out/twice/Documentation/kmsg/fix:1' '$out/twice.err'"

cat_run --check --srcarch none -o /dev/null "$out/rec2-s390x-linux-gnu-gcc.o" \
	>"$out/check2.out" 2>"$out/check2.err"
check "--check fails (exit 1) on the object with findings" [ $? -eq 1 ]
for want in \
	"src/fix.c:21: fix.3: no description; template:" \
	"src/fix.c:22: fix.4: format differs from Text:" \
	'  format: "text that differs"' \
	'  Text:   "text as described"' \
	"src/fix.c:23: fix.5: printed at level Informational but" \
	"fix.6: Text has 2 conversions but 1 parameter is described" \
	"src/fix.c:26: fix.2: used with two formats, the other at src/fix.c:25"; do
	check "reports $want" grep -qF -- "$want" "$out/check2.err"
done
check "the template for the missing description is ready to paste" diff -u - "$out/check2.out" <<'EOF2'
/*?
 * Tag: fix.3
 * Text: "no description for %u%% of %*d items at %pI4 by %-10s"
 * Severity: Error
 * Parameter:
 *   @1: 
 *   @2: 
 *   @3: 
 *   @4: 
 * Description:
 *
 * User action:
 *
 */

EOF2

cat_run -o "$out/cat2.S" "$out/rec2-gcc.o" >/dev/null 2>"$out/warn.err"
check "without --check a missing description warns and the build goes on" \
	[ $? -eq 0 -a -n "$(grep -F 'warning: fix.3: no description' "$out/warn.err")" ]

# --- messages printed without an id (kmsg_noid_*()) ---------------------------
# The record's level ends in "-"; its description says "Printed: without
# id"; --check wants the two to agree, and the outputs carry the flag.
mkdir -p "$out/nid/Documentation/kmsg"
cat > "$out/nid/Documentation/kmsg/nid" <<'EOF2'
/*?
 * Tag: nid.1
 * Text: "Oops: %04x ilc:%d "
 * Severity: Error
 * Printed: without id
 * Parameter:
 *   @1: code
 *   @2: length
 * Description:
 * Test.
 */

/*?
 * Tag: nid.2
 * Text: "AS:%016lx "
 * Severity: Warning
 * Parameter:
 *   @1: the ASCE
 * Description:
 * Test.
 */

/*?
 * Tag: nid.3
 * Text: "with an id"
 * Severity: Informational
 * Printed: without id
 * Description:
 * Test.
 */
EOF2
for f in 3 4 5; do
	gcc -c -DFIXTURE=$f -o "$out/nid$f.o" "$fx/records.c"
done
"$gen" catalog --check --srctree "$out/nid" --srcarch none -o /dev/null "$out/nid3.o" \
	>/dev/null 2>"$out/nid3.err"
rc=$?
diag "$out/nid3.err"
check "--check fails on messages whose record and description disagree about the id (exit $rc)" [ $rc -eq 1 ]
for want in \
	"src/fix.c:31: nid.2: printed without an id (kmsg_noid_*()) but $out/nid/Documentation/kmsg/nid:" \
	"src/fix.c:32: nid.3: printed with an id but $out/nid/Documentation/kmsg/nid:" \
	"src/fix.c:33: nid.1: used with an id and without, the other at src/fix.c:30"; do
	check "reports $want" grep -qF -- "$want" "$out/nid3.err"
done
check "and nothing about nid.1's own record, which agrees" \
	sh -c "! grep -q 'fix.c:30:' '$out/nid3.err'"
"$gen" catalog --check --srctree "$out/nid" --srcarch none --data "$out/nid4.bin" \
	-o /dev/null "$out/nid4.o" >/dev/null 2>"$out/nid4.err"
check "--check passes when they agree" [ $? -eq 0 -a -z "$(grep -v '^  KMSG ' "$out/nid4.err")" ]
# the entry's flags byte (offset 23 of the 24-byte entry after the
# 16-byte header): described and printed without an id
check "the catalog entry is flagged KMSG_ENTRY_NO_ID (flags 0x03)" \
	[ "$(od -An -tx1 -j $((16 + 23)) -N1 "$out/nid4.bin" | tr -d ' ')" = 03 ]
"$gen" index --srctree "$out/nid" --srcarch none "$out/nid4.o" > "$out/nid4.idx" 2>/dev/null
check "kmsg-gen index writes the catalog file with the printed field" \
	sh -c "grep -qx '# kmsg catalog v3: .* user_action printed releases' '$out/nid4.idx' &&
	       awk -F'\t' '\$1 == \"nid.1\" { f = \$8 } END { exit f != \"without id\" }' '$out/nid4.idx'"
"$gen" system -o "$out/nid.sys" "$out/nid/Documentation/kmsg/nid" 2>/dev/null
check "kmsg-gen system takes it from the descriptions: without id for nid.1 and nid.3, with id for nid.2" \
	sh -c "[ \"\$(awk -F'\t' '!/^#/ { print \$1 \" \" \$8 }' '$out/nid.sys' | tr '\n' ,)\" = 'nid.1 without id,nid.2 with id,nid.3 without id,' ]"
"$gen" catalog --check --srctree "$out/nid" --srcarch none -o /dev/null "$out/nid5.o" \
	>/dev/null 2>"$out/nid5.err"
rc=$?
check "a level followed by anything but '-' is a bad record (exit $rc)" \
	sh -c "[ $rc -ne 0 ] && grep -qF \"record nid.1 has level '3+'\" '$out/nid5.err'"
printf '/*?\n * Tag: nid.1\n * Text: "x"\n * Severity: Error\n * Printed: sometimes\n * Description:\n * x\n */\n' > "$out/nid-bad"
"$gen" dump "$out/nid-bad" >/dev/null 2>"$out/nid-bad.err"
check "'Printed:' with another value than 'without id' or 'with id' is malformed, at its line" \
	sh -c "[ $? -eq 1 ] && grep -qxF \"$out/nid-bad:5: Printed: can only be 'without id' or 'with id'\" '$out/nid-bad.err'"

# --- converted calls of messages described by their source -------------------
# A description in Documentation/kmsg/generic with Source: lines is tied to
# a record when it says Printed:, and names the record's file; the entry of
# a kmsg_noid_*() call leaves out the "<component>: " of pr_fmt() as Text
# does.  gen.5 has no record: the system catalog has it by its text.
mkdir -p "$out/gen/Documentation/kmsg/generic"
{
	printf '/*?\n * Tag: gen.1\n * Text: "BUG: stuck for %%us!"\n * Severity: Emerg\n'
	printf ' * Printed: without id\n * Source: src/fix.c\n * Parameter:\n *   @1: seconds\n'
	printf ' * Description:\n * Test.\n */\n\n'
	for t in '2 detector disabled' '3 described by its text' '4 another file' '5 not converted'; do
		printf '/*?\n * Tag: gen.%s\n * Text: "%s"\n * Severity: Informational\n' "${t%% *}" "${t#* }"
		case ${t%% *} in
		2) printf ' * Printed: with id\n * Source: src/fix.c\n' ;;
		4) printf ' * Printed: with id\n * Source: src/other.c\n' ;;
		*) printf ' * Source: src/fix.c\n' ;;
		esac
		printf ' * Description:\n * Test.\n */\n\n'
	done
} > "$out/gen/Documentation/kmsg/generic/gen"
for f in 6 7; do
	gcc -c -DFIXTURE=$f -o "$out/gen$f.o" "$fx/records.c"
done
"$gen" catalog --check --srctree "$out/gen" --srcarch none -o /dev/null "$out/gen6.o" \
	>/dev/null 2>"$out/gen6.err"
rc=$?
diag "$out/gen6.err"
check "--check fails on converted calls whose descriptions do not say so (exit $rc)" [ $rc -eq 1 ]
for want in \
	"src/fix.c:42: gen.3: printed by a kmsg_*() call but $out/gen/Documentation/kmsg/generic/gen:" \
	"src/fix.c:43: gen.4: printed here but $out/gen/Documentation/kmsg/generic/gen:"; do
	check "reports $want" grep -qF -- "$want" "$out/gen6.err"
done
check "and nothing about gen.1 and gen.2, which agree" \
	sh -c "! grep -q 'fix.c:4[01]:' '$out/gen6.err'"
"$gen" catalog --check --srctree "$out/gen" --srcarch none -o /dev/null "$out/gen7.o" \
	>/dev/null 2>"$out/gen7.err"
check "--check passes when they agree" [ $? -eq 0 -a -z "$(grep -v '^  KMSG ' "$out/gen7.err")" ]
"$gen" index --srctree "$out/gen" --srcarch none "$out/gen7.o" > "$out/gen7.idx" 2>/dev/null
check "the entry of gen.1 has Text's text, without the pr_fmt() prefix, printed without id" \
	sh -c "awk -F'\t' '\$1 == \"gen.1\" { print \$4 \"|\" \$8 }' '$out/gen7.idx' | grep -qxF 'BUG: stuck for %us!|without id'"
"$gen" system -o "$out/gen.sys" "$out/gen/Documentation/kmsg/generic/gen" 2>/dev/null
check "kmsg-gen system: without id, with id, by its text as their Printed: lines say" \
	sh -c "[ \"\$(awk -F'\t' '!/^#/ { print \$1 \" \" \$8 }' '$out/gen.sys' | tr '\n' ,)\" = 'gen.1 without id,gen.2 with id,gen.3 by its text,gen.4 with id,gen.5 by its text,' ]"

# --- man pages ---------------------------------------------------------------
cat_run --man "$out/man" -o /dev/null "$out/rec1-gcc.o" 2>/dev/null
check "--man writes one page per described tag" \
	[ "$(ls "$out/man")" = "$(printf 'fix.1.9\nfix.2.9')" ]
groff -man -ww -z "$out/man/fix.1.9" "$out/man/fix.2.9" >"$out/groff.log" 2>&1
rc=$?
[ -s "$out/groff.log" ] && diag "$out/groff.log"
check "groff -man -ww -z finds nothing to warn about (exit $rc)" \
	[ $rc -eq 0 -a ! -s "$out/groff.log" ]
check "mandoc -Tlint finds nothing above style level" \
	sh -c "mandoc -Tlint -Wwarning '$out/man/fix.1.9' '$out/man/fix.2.9'"
check "the page renders the message, parameters and both description paragraphs" \
	sh -c "MANWIDTH=200 man -l '$out/man/fix.1.9' 2>/dev/null | col -b > '$out/man1.txt';
	       grep -q 'fix.1: %d is not a valid number of %s' '$out/man1.txt' &&
	       grep -q 'the number, as given' '$out/man1.txt' &&
	       grep -qF 'Second paragraph, with a - dash and a \\ backslash.' '$out/man1.txt' &&
	       grep -qF '.A line starting with a dot.' '$out/man1.txt'"
ids=$("$py/fix1-hashed-ids.py" "$out/fix.json")
check "the page has a HASHED ID section with the ids dump has: $ids" \
	sh -c "sed -n '/^HASHED ID/,/^SEVERITY/p' '$out/man1.txt' | grep -qxF '       $ids' &&
	       grep -q 'as it is today' '$out/man1.txt'"

# --- valgrind and fuzz regressions ----------------------------------------------
vg_check "valgrind: dump of malformed input exits 1 and is clean" 1 vg1 \
	"$gen" dump "$fx/malformed.txt" "$fx/src/fix.c"
vg_check "valgrind: catalog --check --man --data of an object with findings exits 1 and is clean" 1 vg2 \
	"$gen" catalog --check --man "$out/man-vg" --srctree "$fx" --srcarch dup \
	--depfile "$out/dep" --data "$out/vg.bin" -o "$out/vg.S" "$out/rec2-s390x-linux-gnu-gcc.o"
check "the depfile names the description files read" \
	grep -qF "$fx/src/fix.c" "$out/dep"

# Every input kept by the fuzzer (all but the README), run through a build
# with AddressSanitizer (leaks too) and UBSan; their own exit codes are set
# apart from dump's 0 and 1.
san=$out/kmsg-gen-san
gcc -fsanitize=address,undefined -fno-sanitize-recover=all -g -O1 -o "$san" \
	-I"$top/scripts" $("$top/ws/kmsg-gen-sources.sh") 2>"$out/san-cc.log"
rc=$?
[ -s "$out/san-cc.log" ] && diag "$out/san-cc.log"
check "kmsg-gen builds with -fsanitize=address,undefined (gcc exit $rc)" [ $rc -eq 0 -a -x "$san" ]
inputs=()
for f in "$fx"/fuzz-regress/*; do
	[ -f "$f" ] && [ "${f##*/}" != README ] && inputs+=("$f")
done
crashed=
for f in "${inputs[@]}"; do
	ASAN_OPTIONS=detect_leaks=1:exitcode=86 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=87 \
		timeout 10 "$san" dump "$f" >/dev/null 2>"$out/fuzz.err"
	rc=$?
	if [ $rc -gt 1 ] ||
	   grep -qE '^==[0-9]+==ERROR: [A-Za-z]+Sanitizer|: runtime error: |^SUMMARY: [A-Za-z]+Sanitizer' "$out/fuzz.err"; then
		crashed="$crashed ${f##*/}($rc)"
		diag "$out/fuzz.err"
	fi
done
check "all ${#inputs[@]} fuzzing regression inputs end in exit 0 or 1 under ASan+UBSan${crashed:+, not:$crashed}" \
	[ ${#inputs[@]} -gt 0 -a -x "$san" -a -z "$crashed" ]

# Files are mapped, unless they end on a page boundary (nothing would follow
# the data there): such a file, with a block that runs to its very end.
"$py/page-sized-block.py" "$out/page.txt"
"$gen" dump "$out/page.txt" >/dev/null 2>"$out/page.err"
rc=$?
check "a block that ends a file of exactly one page is reported, not overrun" \
	sh -c "[ $rc -eq 1 ] && grep -qF 'page.txt:1: description block not closed' '$out/page.err'"

# scripts/kmsg-convert.py numbers new calls after every id the component
# uses, kmsg_noid_*()'s too (they take an id of the same range)
mkdir -p "$out/convert"
cat > "$out/convert/t.c" <<'EOF_C'
// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "kct"
#include <linux/kmsg.h>

void f(int x)
{
	kmsg_noid_err(3, "first %d\n", x);
	kmsg_err(2, "second %d\n", x);
	pr_err("third %d\n", x);
}
EOF_C
"$top/scripts/kmsg-convert.py" --dry-run "$out/convert/t.c" > "$out/convert/ids" 2>&1
rc=$?
diag "$out/convert/ids"
check "kmsg-convert gives a new call the id after kmsg_noid_err()'s (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && grep -qx '$out/convert/t.c:9: pr_err -> kct.4' '$out/convert/ids'"

# kmsg-convert.py --described converts only the calls whose format is a
# Text of the component's descriptions, with those ids (kmsg_noid_*()
# for --noid), gives the file KMSG_COMPONENT and the entries Printed:
mkdir -p "$out/convert/described"
cat > "$out/convert/described/kcd" <<'EOF_D'
/*?
 * Tag: kcd.1
 * Text: "disk %s failed"
 * Severity: Error
 * Source: t.c
 * Description:
 * A test.
 * User action:
 * None.
 */

/*?
 * Tag: kcd.2
 * Text: "BUG: at %d"
 * Severity: Error
 * Source: t.c
 * Description:
 * A test.
 * User action:
 * None.
 */
EOF_D
cat > "$out/convert/described/t.c" <<'EOF_C'
// SPDX-License-Identifier: GPL-2.0
#include <linux/kernel.h>

void f(struct device *dev, const char *s, int x)
{
	pr_err("BUG: at %d\n", x);
	dev_err(dev, "disk %s "
		"failed\n", s);
	pr_err("not described %d\n", x);
}
EOF_C
cat > "$out/convert/described/want.c" <<'EOF_C'
// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "kcd"

#include <linux/kernel.h>
#include <linux/kmsg.h>

void f(struct device *dev, const char *s, int x)
{
	kmsg_noid_err(2, "BUG: at %d\n", x);
	kmsg_dev_err(1, dev, "disk %s failed\n", s);
	pr_err("not described %d\n", x);
}
EOF_C
(cd "$out/convert/described" && "$top/scripts/kmsg-convert.py" --described kcd --noid 2 \
	--kmsg-gen "$gen" t.c) > "$out/convert/described.log" 2>&1
rc=$?
diag "$out/convert/described.log"
check "kmsg-convert --described gives the described calls their ids, no other (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && diff -u '$out/convert/described/want.c' '$out/convert/described/t.c'"
check "kmsg-convert --described adds Printed: to the converted entries" \
	sh -c "[ \$(grep -c '^ \* Printed: ' '$out/convert/described/kcd') -eq 2 ] &&
		grep -A1 'Severity' '$out/convert/described/kcd' | grep -qx ' \* Printed: without id' &&
		grep -qx ' \* Printed: with id' '$out/convert/described/kcd'"
"$gen" dump "$out/convert/described/kcd" > "$out/convert/described.dump" 2>&1
check "the descriptions kmsg-convert --described changed still parse" [ $? -eq 0 ]

# Every output is written under a temporary name and renamed when whole:
# a run that fails (here: a man page folder that cannot be made) leaves
# neither a partial file nor the old one, for index and system alike.
for c in index system; do
	echo old > "$out/fail-$c.catalog"
	if [ $c = index ]; then
		"$gen" index --man /proc/kmsg-no-such/dir --srctree "$out/nid" --srcarch none \
			-o "$out/fail-$c.catalog" "$out/nid4.o" 2> "$out/fail-$c.err"
	else
		"$gen" system --man /proc/kmsg-no-such/dir -o "$out/fail-$c.catalog" \
			"$out/nid/Documentation/kmsg/nid" 2> "$out/fail-$c.err"
	fi
	rc=$?
	check "kmsg-gen $c: a failed run exits 2 and leaves no catalog file, old or partial (exit $rc)" \
		sh -c "[ $rc -eq 2 ] && ! ls '$out' | grep -q '^fail-$c\.catalog'"
done
"$gen" system -o "$out/ok.catalog" "$out/nid/Documentation/kmsg/nid" 2>/dev/null
rc=$?
check "kmsg-gen system: a whole run renames its file into place, no temporary file left (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ -s '$out/ok.catalog' ] && ! ls '$out' | grep -q '\.tmp[0-9]'"

"$gen" system -o /dev/null "$out/nid/Documentation/kmsg/nid" 2>/dev/null
rc=$?
check "kmsg-gen -o /dev/null writes to the device, not over it (exit $rc)" sh -c "[ $rc -eq 0 ] && [ -c /dev/null ]"

# --- source-check: messages described by the files that print them ----------
src=$fx/source
"$gen" source-check --srctree "$src/tree" "$src/good" 2> "$out/src-good.err"
rc=$?
check "source-check: literals joined, pr_fmt, string macros, a wrapper's %pV, pr_cont pieces, a line of two, a %s filled by a literal (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ ! -s '$out/src-good.err' ]"
"$gen" source-check --srctree "$src/old" --release 6.1 "$src/good" 2> "$out/src-good61.err"
rc=$?
check "source-check --release 6.1: the Release texts, Text where it has none, none not checked (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ ! -s '$out/src-good61.err' ]"
"$gen" source-check --srctree "$src/tree" "$src/bad" 2> "$out/src-bad.err"
rc=$?
grep '^tests\|^/' "$out/src-bad.err" | sed -n 's|^.*/source/bad:\([0-9]*\): \(demo\.[0-9]*\): .*|\1 \2|p' > "$out/src-bad.got"
printf '%s\n' "1 demo.1" "10 demo.2" "19 demo.3" "28 demo.4" "37 demo.5" > "$out/src-bad.want"
check "source-check: a text not there, a wrong level, a missing file, a comment, pieces not on one line each fail, naming file, line and tag (exit $rc)" \
	sh -c "[ $rc -eq 1 ] && cmp -s '$out/src-bad.want' '$out/src-bad.got'"
check "source-check: the wrong level is named with the place that prints it" \
	grep -qF "demo.2: Severity: Error, but drivers/demo/demo.c:17 prints it at Warning" "$out/src-bad.err"
"$gen" source-check --srctree "$src/old" --release 6.1 "$src/bad" 2> "$out/src-bad61.err"
check "source-check --release 6.1: a Release text that release does not print fails" \
	grep -qF "bad:46: demo.6: \"temperature %d C\" is not printed by its Source: files in 6.1" "$out/src-bad61.err"
"$gen" dump "$src/malformed" > /dev/null 2> "$out/src-malformed.err"
rc=$?
sed 's|^.*/source/malformed:||' "$out/src-malformed.err" > "$out/src-malformed.got"
cat > "$out/src-malformed.want" <<'EOF2'
6: Release <version>: must be "quoted" or none
15: Source <version>: needs its Release <version>: text
20: demo.3: Release without Source:
33: Source: must name one file
EOF2
check "dump: a malformed Release, Source <version> alone, Release without Source and two files on a line are errors naming the line (exit $rc)" \
	sh -c "[ $rc -eq 1 ] && cmp -s '$out/src-malformed.want' '$out/src-malformed.got'"
"$gen" source-check "$src/good" > /dev/null 2>&1
rc=$?
check "source-check without --srctree is a usage error (exit $rc)" [ $rc -eq 2 ]
"$gen" system -o "$out/src.sys" "$src/good" 2>/dev/null
check "kmsg-gen system writes the releases field: 6.1's own text, none, empty when 6.1 prints Text" \
	sh -c "[ \"\$(awk -F'\t' '!/^#/ { print \$1 \"=\" \$9 }' '$out/src.sys' | head -3 | tr '\n' ,)\" = \
		'demo.1=6.1: link %d down, resetting the adapter,demo.2=,demo.3=6.1: none,' ]"
vg_check "valgrind: source-check with findings and a missing file exits 1 and is clean" 1 vg3 \
	"$gen" source-check --srctree "$src/tree" "$src/good" "$src/bad" "$src/malformed"

done_testing
