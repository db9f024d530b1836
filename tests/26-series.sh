#!/bin/bash
# The series for maintainers (make patches): one commit per patch file of
# patches/, its header the commit message; a cover letter that answers
# the 2008 objections with figures from BENCHMARKS.md; no patch over 1,000
# lines of code (description files and MAINTAINERS aside); and
# checkpatch.pl --strict finds no error, and only the findings listed
# below, each for its reason, as warnings or checks.  ws/bisect.sh (make
# bisect) builds each patch; it is too slow for make check.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/tests/lib.sh"
out=$top/build/test-series
rm -rf "$out"
mkdir -p "$out"

"$top/ws/patches.sh" > "$out/patches.log" 2>&1
rc=$?
[ $rc -eq 0 ] || diag "$out/patches.log"
check "make patches writes the series (exit $rc)" [ $rc -eq 0 ]
# Each commit is its patch file in patches/: the message its header,
# the author its From: line; a subject of at most 75 characters and a
# body that says why.
GIT_DIR=$top/build/patches-git/.git git log --reverse --format='%s%x09%an <%ae>%x09%b' -z base..HEAD |
	tr '\n\0' ' \n' > "$out/commits"
paste <(cat "$top/patches/series") "$out/commits" | awk -F'\t' -v dir="$top/patches" '
	{ f = dir "/" $1; getline from < f; getline subj < f; close(f)
	  if (length($2) > 75 || $4 ~ /^ *$/ || "From: " $3 != from || "Subject: " $2 != subj) print $1 }' > "$out/bad-commits"
diag "$out/bad-commits"
check "each of the $(wc -l < "$out/commits") commits is its patch's header: author, subject of <= 75 characters, a body ($(wc -l < "$out/bad-commits") not)" \
	[ "$(wc -l < "$out/commits")" -eq "$(wc -l < "$top/patches/series")" -a ! -s "$out/bad-commits" ]
# The project's own commits follow the same rule from the first one that
# made it (fadc99b) on: a subject of at most 75 characters and a body.
own=fadc99bc75a199a169fecdd1f64338b17cf9a2a1
git -C "$top" log --format='%h%x09%s%x09%b' -z "$own~1..HEAD" > "$out/own-log" 2> "$out/own-log.err"
rc=$?
tr '\n\0' ' \n' < "$out/own-log" |
	awk -F'\t' 'length($2) > 75 || $3 ~ /^ *$/ { print $1 " " $2 }' > "$out/bad-own"
diag "$out/own-log.err"; diag "$out/bad-own"
check "the project's commits since fadc99b: short subjects, a body ($(wc -l < "$out/bad-own") not; git exit $rc)" \
	[ $rc -eq 0 -a -s "$out/own-log" -a ! -s "$out/bad-own" ]
cover=$top/build/patches/0000-cover-letter.patch
check "the cover letter has a subject and no placeholder left" \
	sh -c "grep -q '^Subject: \[PATCH 0*/[0-9]*\] kmsg: ' '$cover' && ! grep -q '\*\*\*\|{{' '$cover'"
for o in "Out-of-line documentation" "Yet another printk wrapper" \
	 "Ids change when a message is reworded" "Cost for those who do not use it" \
	 "Messages are not ABI"; do
	check "the cover letter answers \"$o\"" grep -qi "$o" "$cover"
done
mem=$(sed -n 's/^| catalog kernel memory after boot, =y vs =n | \([^|]*\) |.*/\1/p' "$top/BENCHMARKS.md")
check "its memory figure is BENCHMARKS.md's ($mem)" grep -qF "$mem" "$cover"

# Patch size: the changed lines of code, not counting new description
# files (Documentation/kmsg/...) and MAINTAINERS.
big=
for p in "$top"/build/patches/0[0-9]*.patch; do
	[ "$(basename "$p")" = 0000-cover-letter.patch ] && continue
	lines=$(awk '/^diff --git / { skip = ($3 ~ /^a\/Documentation\/kmsg\// || $3 == "a/MAINTAINERS") }
		 /^[+-]/ && !/^(\+\+\+|---)/ && !skip { n++ } END { print n + 0 }' "$p")
	[ "$lines" -le 1000 ] || big="$big $(basename "$p" .patch):$lines"
done
check "no patch changes more than 1,000 lines of code (over:${big:- none})" [ -z "$big" ]

# MAINTAINERS names maintainers for every file the series adds: the KMSG
# section for the catalog's own files, the subsystem's section for a
# driver's (get_maintainer.pl's own reading, one call for all; each
# file's sections end with THE REST, which every file has)
awk '/^diff --git / { f = substr($3, 3) } /^new file mode/ { print f }' \
	"$top"/build/patches/0[0-9]*.patch | LC_ALL=C sort -u > "$out/added"
(cd "$KSRC" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --sections \
	-f $(cat "$out/added")) 2>&1 |
	awk 'NR == FNR { f[++n] = $0; next }
	     !/^[A-Z]:\t/ && NF { if (($0 == "THE REST")) i++; else if ($0 == "KERNEL MESSAGE CATALOG (KMSG)" || f[i + 1] ~ /^drivers\//) k[i + 1] = 1 }
	     END { for (j = 1; j <= n; j++) if (!k[j]) print f[j] }' "$out/added" - > "$out/uncovered"
diag "$out/uncovered"
check "MAINTAINERS covers each of the $(wc -l < "$out/added") files the series adds (not: $(wc -l < "$out/uncovered"))" \
	[ -s "$out/added" -a ! -s "$out/uncovered" ]
# ... and the KMSG section claims no file of Linux 6.12 (kmsg*.h matched
# kmsg_dump.h): each F: pattern, as get_maintainer.pl reads it (a folder
# ending in "/", or a glob), against the files of the pristine tarball
sed -n '/^KERNEL MESSAGE CATALOG (KMSG)$/,/^$/s/^F:\t//p' "$KSRC/MAINTAINERS" > "$out/kmsg-f"
tar -tf "$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)" | sed 's|^[^/]*/||' > "$out/pristine-files"
python3 -c '
import fnmatch, sys
files = open(sys.argv[1]).read().split()
for pat in open(sys.argv[2]).read().split():
    for f in files:
        if (f.startswith(pat) if pat.endswith("/") else fnmatch.fnmatchcase(f, pat)):
            print(pat, f)' "$out/pristine-files" "$out/kmsg-f" > "$out/claimed"
diag "$out/claimed"
check "the KMSG section's patterns match no file of Linux 6.12 ($(wc -l < "$out/claimed") do)" \
	[ -s "$out/kmsg-f" -a -s "$out/pristine-files" -a ! -s "$out/claimed" ]
(cd "$KSRC" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --sections \
	-f include/linux/kmsg_dump.h drivers/s390/block/xpram.c) > "$out/own" 2>&1
check "get_maintainer.pl names no KMSG maintainer for kmsg_dump.h and xpram.c" \
	sh -c "grep -qx 'THE REST' '$out/own' && grep -qx 'S390 ARCHITECTURE' '$out/own' && ! grep -q KMSG '$out/own'"
check "MAINTAINERS' KMSG section lists its files by pattern, not one by one" \
	sh -c "sed -n '/^KERNEL MESSAGE CATALOG (KMSG)\$/,/^\$/p' '$KSRC/MAINTAINERS' | [ \$(grep -c '^F:') -le 12 ]"

"$top/ws/checkpatch-series.sh" > "$out/table.md" 2>&1
sed -n 's/^|   | \([A-Z]*\):\([A-Z_]*\):.*/\1 \2/p' "$out/table.md" | sort | uniq -c > "$out/types"
diag "$out/types"
check "checkpatch --strict: no error on any patch" sh -c "! grep -q ' ERROR ' '$out/types'"
# What may remain, and why (each checked against its patch below):
#  MACRO_ARG_REUSE, MACRO_ARG_UNUSED, PRINTK_WITHOUT_KERN_LEVEL in
#   include/linux/kmsg.h: the arguments are literals the compiler checks
#   (a non-constant id or format does not build), so reuse has no side
#   effect; the level is in the format macro checkpatch cannot see into;
#   the same in arch/s390/boot/boot.h and arch/s390/kernel/boot_kmsg.c,
#   whose macros take the id, level and format of <asm/boot_kmsg.h>
#   apart (each uses the fields it needs), and whose printk() passes on a
#   line that begins with its level;
#  SPACING: "*(.kmsg.records)" in vmlinux.lds.h, linker script syntax;
#  CAMELCASE: <elf.h>'s Elf32_Ehdr and friends in kmsg-records.c;
#  PREFER_DEFINED_ATTRIBUTE_MACRO: kmsg-gen.h is where the host tool
#   defines __printf;
#  VSPRINTF_SPECIFIER_PX, OOM_MESSAGE, EMBEDDED_FUNCTION_NAME,
#   QUOTED_WHITESPACE_BEFORE_NEWLINE, UNNECESSARY_MODIFIER: in upstream
#   format strings, which a conversion must keep as they are (tests/22;
#   the OOM killer's "%hd", which monitors parse);
#  FILE_PATH_CHANGES: a patch that adds a file its section's pattern
#   (scripts/kmsg-*, tools/kmsg/, ...) covers already; the check above
#   shows MAINTAINERS covers every added file;
#  COMMIT_LOG_LONG_LINE: none allowed.
allowed="MACRO_ARG_REUSE MACRO_ARG_UNUSED PRINTK_WITHOUT_KERN_LEVEL SPACING CAMELCASE
	PREFER_DEFINED_ATTRIBUTE_MACRO VSPRINTF_SPECIFIER_PX OOM_MESSAGE EMBEDDED_FUNCTION_NAME
	QUOTED_WHITESPACE_BEFORE_NEWLINE UNNECESSARY_MODIFIER FILE_PATH_CHANGES"
other=$(awk -v ok="$allowed" 'BEGIN { n = split(ok, a); for (i = 1; i <= n; i++) k[a[i]] = 1 }
	!($3 in k) { printf " %s", $3 }' "$out/types")
check "checkpatch --strict: only the listed warnings and checks remain (others:${other:- none})" \
	[ -z "$other" ]
done_testing
