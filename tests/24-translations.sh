#!/bin/bash
# The catalog in the reader's language: the PO files of
# Documentation/kmsg/po and tools/kmsg/po pass msgfmt --check, keep their
# English's literals (kmsg-gen po-check), are up to date with the English
# (msgcmp against kmsg-gen pot's template), German translates everything,
# French and Chinese the components asked for.  The package's build
# (packaging/Makefile) makes the .mo files and the translated man pages,
# with which kmsg speaks the reader's language as gettext chooses it, each
# field falling back to English; an English description changed after its
# translation turns it fuzzy (msgmerge) and shows English until the
# translator has updated it.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
out=$top/build/test-translations
rm -rf "$out"
mkdir -p "$out"
export KMSG_SYSTEM_CATALOG=
unset LANGUAGE LC_ALL LC_MESSAGES LANG
pmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE -u ARCH CFLAGS="-O2 -g -Werror" \
		make -s --no-print-directory -C "$1" -f "$top/packaging/Makefile" O="$2" "${@:3}"
}
pmake "$top" "$out/pkg" all "$out/pkg/kmsg.pot" >"$out/build.log" 2>&1
rc=$?
[ $rc -eq 0 ] || diag "$out/build.log"
check "packaging/Makefile (exit $rc) makes the .mo files and the pages of each language" \
	sh -c "[ $rc -eq 0 ] && for l in de fr zh_CN; do [ -s '$out/pkg/locale/'\$l/LC_MESSAGES/kmsg-catalog.mo ] &&
		[ -s '$out/pkg/locale/'\$l/LC_MESSAGES/kmsg.mo ] && [ -s '$out/pkg/man-'\$l/xpram.1.9 ] || exit 1; done"
gen=$out/pkg/kmsg-gen
po=$top/Documentation/kmsg/po
tpo=$top/tools/kmsg/po

# --- the PO files ---------------------------------------------------------------
for f in "$po"/*.po "$tpo"/*.po; do
	msgfmt --check --statistics -o /dev/null "$f" >"$out/stat" 2>&1
	rc=$?
	check "msgfmt --check ${f#$top/} (exit $rc): $(cat "$out/stat")" [ $rc -eq 0 ]
done
stats() { msgfmt --statistics -o /dev/null "$1" 2>&1; }
check "de.po translates all $(grep -c '^msgid' "$out/pkg/kmsg.pot") messages of the template, none fuzzy" \
	sh -c "[ \"\$(msgfmt --statistics -o /dev/null '$po/de.po' 2>&1)\" = \"\$((\$(grep -c '^msgid' '$out/pkg/kmsg.pot') - 1)) translated messages.\" ]"
# every field of these components translated in French and in Chinese
comps='xpram dasd dasd-eckd oom hung_task watchdog ext4 nvme'
for l in fr zh_CN; do
	msgattrib --untranslated -o "$out/$l.untr" "$po/$l.po"
	left=$(for c in $comps; do grep -c "^msgctxt \"$c\.[0-9]*\"$" "$out/$l.untr"; done | paste -sd+ | bc)
	have=$(for c in $comps; do grep -c "^msgctxt \"$c\.[0-9]*\"$" "$po/$l.po"; done | paste -sd+ | bc)
	check "$l.po translates every field of $comps ($have messages, $left left)" \
		[ "$left" -eq 0 -a "$have" -gt 1200 ]
done
# up to date: every message of the English is in each file (make po-update)
for f in "$po"/*.po; do
	msgcmp --use-untranslated --use-fuzzy "$f" "$out/pkg/kmsg.pot" >"$out/msgcmp" 2>&1
	rc=$?
	check "${f#$top/} has every message of the English (msgcmp exit $rc)" [ $rc -eq 0 ]
	[ $rc -eq 0 ] || diag "$out/msgcmp"
done
"$gen" po-check "$po"/*.po >"$out/po-check" 2>"$out/po-check.err"
rc=$?
check "kmsg-gen po-check: every translated field keeps its literals (exit $rc; $(paste -sd' ' "$out/po-check.err"))" \
	[ $rc -eq 0 -a ! -s "$out/po-check" ]
# a translation that drops a literal is named with its line
sed -e '0,/bis 32 Partitionen auf/s//bis zweiunddreißig Partitionen auf/' \
    -e "0,/'xpram.parts' in der/s//xpram-parts in der/" "$po/de.po" >"$out/bad.po"
"$gen" po-check "$out/bad.po" >"$out/bad.out" 2>/dev/null
rc=$?
check "po-check names a dropped number and a dropped quoted name with file, line and tag (exit $rc)" \
	sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$out/bad.out') -eq 2 ] && grep -q \"^$out/bad.po:[0-9]*: xpram.1: lacks '32'\\\$\" '$out/bad.out' &&
		grep -q \"^$out/bad.po:[0-9]*: xpram.1: lacks 'xpram.parts'\\\$\" '$out/bad.out'"
printf 'msgid ""\nmsgstr ""\n\nmsgctxt "x.1"\nmsgid "a\n' >"$out/malformed.po"
"$gen" po-check "$out/malformed.po" >/dev/null 2>"$out/malformed.err"
rc=$?
check "po-check of a malformed PO file: exit $rc, the file and line named" \
	sh -c "[ $rc -eq 2 ] && grep -q '^$out/malformed.po:5: ' '$out/malformed.err'"
vg_check "valgrind: kmsg-gen po-check of every PO file is clean" 0 vg-check "$gen" po-check "$po"/*.po

# --- kmsg in the reader's language ------------------------------------------------
export KMSG_LOCALEDIR=$out/pkg/locale
k="$out/pkg/kmsg --sysfs $out/none --catalog $out/none --system-catalog $out/pkg/kmsg.catalog"
# msgstr CTXT FIELD-COMMENT PO: the translation of a field, as python reads the file
msgstr() {
	python3 - "$@" <<'EOF'
import re, sys
ctxt, field, path = sys.argv[1:]
for b in open(path, encoding="utf-8").read().split("\n\n"):
    if re.search(r'^msgctxt "%s"$' % re.escape(ctxt), b, re.M) and re.search(r"^#\. %s$" % field, b, re.M):
        s = b[b.index("\nmsgstr ") + 8:]
        print("".join(eval(l) for l in s.split("\n") if l.startswith('"')))
EOF
}
LANG=de_DE.UTF-8 $k explain xpram.1 >"$out/de.txt" 2>&1
rc=$?
msgstr xpram.1 description "$po/de.po" | sed 's/^/  /' >"$out/de.desc"
msgstr xpram.1 'user action' "$po/de.po" | sed 's/^/  /' >"$out/de.action"
check "LANG=de_DE.UTF-8 kmsg explain xpram.1 (exit $rc): de.po's description and user action, German headings" \
	sh -c "[ $rc -eq 0 ] && sed -n '/^Beschreibung:\$/,/^Maßnahmen:\$/p' '$out/de.txt' | sed '1d;\$d' | cmp -s - '$out/de.desc' &&
		sed -n '/^Maßnahmen:\$/,/^Siehe auch:/p' '$out/de.txt' | sed '1d;\$d' | cmp -s - '$out/de.action' &&
		grep -qx '  @1: die angeforderte Anzahl Partitionen' '$out/de.txt' && [ -s '$out/de.desc' ]"
LANG=C $k explain hypfs.1 >"$out/en.txt"
LANG=fr_FR.UTF-8 $k explain hypfs.1 >"$out/fr.txt"
check "LANG=fr_FR.UTF-8 on an entry French does not translate: the English fields, French headings" \
	sh -c "grep -qx 'Description :' '$out/fr.txt' && sed -n '/^Description :\$/,\$p' '$out/fr.txt' | sed 1d >'$out/fr.rest' &&
		sed -n '/^Description:\$/,\$p' '$out/en.txt' | sed 1d | sed 's/^User action:\$/Action de l'\\''utilisateur :/;s/^See also:/Voir aussi :/' | cmp -s - '$out/fr.rest'"
LANGUAGE=fr:de LANG=fr_FR.UTF-8 $k --json explain hypfs.1 >"$out/fr-de.json"
LANGUAGE=de LANG=C $k --json explain xpram.1 >"$out/c.json"
LANG=fr_FR.UTF-8 $k --lang de --json explain xpram.1 >"$out/lang.json"
langs() { python3 -c 'import json, sys; o = json.load(open(sys.argv[1])); l = o["languages"]; print(l["description"], l["user_action"], *l["parameters"])' "$1"; }
check "LANGUAGE=fr:de: each field in the first language that has it (hypfs.1: $(langs "$out/fr-de.json"))" \
	[ "$(langs "$out/fr-de.json")" = "de de" ]
check "LANG=C ignores LANGUAGE, as gettext does ($(langs "$out/c.json")); --lang de wins over LANG=fr ($(langs "$out/lang.json"))" \
	[ "$(langs "$out/c.json")" = "en en en" -a "$(langs "$out/lang.json")" = "de de de" ]
LANG=zh_CN.UTF-8 $k explain dasd.14 >"$out/zh.txt"
zh=$(msgstr dasd.14 description "$po/zh_CN.po" | head -1)
check "LANG=zh_CN.UTF-8 kmsg explain dasd.14: zh_CN.po's description" \
	sh -c "[ -n '$zh' ] && grep -qx '描述：' '$out/zh.txt' && grep -qxF '  $zh' '$out/zh.txt'"
LANG=de_DE.UTF-8 $k explain nothing.1 >/dev/null 2>"$out/err.txt"
check "the tool's own errors are translated too" grep -qx "kmsg: kein Katalogeintrag für 'nothing.1'" "$out/err.txt"
head -c 100 "$out/pkg/locale/de/LC_MESSAGES/kmsg-catalog.mo" >"$out/short.mo"
mkdir -p "$out/badloc/de/LC_MESSAGES"
cp "$out/short.mo" "$out/badloc/de/LC_MESSAGES/kmsg-catalog.mo"
KMSG_LOCALEDIR=$out/badloc LANG=de_DE.UTF-8 $k --json explain xpram.1 >"$out/short.json"
rc=$?
check "a truncated .mo file is not read (exit $rc): English" [ $rc -eq 0 -a "$(langs "$out/short.json")" = "en en en" ]
vg_check "valgrind: LANG=de_DE.UTF-8 kmsg annotate is clean" 0 vg-de \
	env LANG=de_DE.UTF-8 $k annotate "$top/tests/kmsg-tool/logs/journal-short.txt"

# --- a changed English makes its translation fuzzy ----------------------------------
cp -r "$top/Documentation" "$top/scripts" "$top/include" "$top/tools" "$out/" 2>/dev/null
mkdir -p "$out/tree"
mv "$out/Documentation" "$out/scripts" "$out/include" "$out/tools" "$out/tree/"
sed -i 's/^ \* The driver did not load and no \/dev\/xpram device exists\.$/ * The driver did not load, and no \/dev\/xpram device exists./' \
	"$out/tree/Documentation/kmsg/s390/xpram"
pmake "$out/tree" "$out/tree/pkg" po-update >"$out/update.log" 2>&1
rc=$?
fz=$(python3 - "$out/tree/Documentation/kmsg/po/de.po" <<'EOF'
import sys
for b in open(sys.argv[1], encoding="utf-8").read().split("\n\n"):
    if '#, fuzzy' in b and 'msgctxt "xpram.' in b:
        print(b.split('msgctxt "')[1].split('"')[0], end=" ")
EOF
)
changed=$("$gen" dump "$out/tree/Documentation/kmsg/s390/xpram" | python3 -c '
import json, sys
print("".join(o["tag"] + " " for o in map(json.loads, sys.stdin) if "did not load, and no" in o["description"]), end="")')
check "make po-update (exit $rc) after xpram's English changed: msgmerge makes those descriptions fuzzy (${fz:-none})" \
	[ $rc -eq 0 -a -n "$changed" -a "$fz" = "$changed" ]
pmake "$out/tree" "$out/tree/pkg" all >>"$out/update.log" 2>&1
kt="$out/tree/pkg/kmsg --sysfs $out/none --catalog $out/none --system-catalog $out/tree/pkg/kmsg.catalog"
KMSG_LOCALEDIR=$out/tree/pkg/locale LANG=de_DE.UTF-8 $kt --json explain xpram.1 >"$out/fuzzy.json"
check "the fuzzy description shows in English, the rest in German ($(langs "$out/fuzzy.json"))" \
	sh -c "[ \"\$(langs() { python3 -c 'import json, sys; l = json.load(open(sys.argv[1]))[\"languages\"]; print(l[\"description\"], l[\"user_action\"])' \"\$1\"; }; langs '$out/fuzzy.json')\" = 'en de' ] &&
		grep -q 'The driver did not load, and no /dev/xpram' '$out/fuzzy.json'"
# the translator looks again and clears the flag: German again
msgattrib --clear-fuzzy --clear-previous -o "$out/tree/Documentation/kmsg/po/de.po" "$out/tree/Documentation/kmsg/po/de.po"
pmake "$out/tree" "$out/tree/pkg" all >>"$out/update.log" 2>&1
KMSG_LOCALEDIR=$out/tree/pkg/locale LANG=de_DE.UTF-8 $kt --json explain xpram.1 >"$out/updated.json"
check "once the PO file is updated, German again ($(langs "$out/updated.json"))" [ "$(langs "$out/updated.json")" = "de de de" ]

# --- the pages of each language ----------------------------------------------------
man -l "$out/pkg/man-de/xpram.1.9" 2>/dev/null | col -b >"$out/man-de.txt"
check "the German page of xpram.1: German headings and fields" \
	sh -c "grep -q '^BESCHREIBUNG' '$out/man-de.txt' && grep -q '^MASSNAHMEN' '$out/man-de.txt' &&
		grep -q 'Der XPRAM-Treiber teilt' '$out/man-de.txt' && grep -q 'Kernel-Meldungen' '$out/man-de.txt'"
nfr=$(ls "$out/pkg/man-fr" | wc -l)
nfrt=$(msgattrib --translated --no-fuzzy "$po/fr.po" | grep -o '^msgctxt "[a-z0-9_-]*\.[0-9]*"' | sort -u | wc -l)
check "French pages only for the $nfrt entries French translates ($nfr pages), each without a mandoc warning" \
	sh -c "[ $nfr -ge 390 ] && [ $nfr -eq $nfrt ] && ! mandoc -Tlint -W warning '$out'/pkg/man-fr/*.9 '$out'/pkg/man-de/*.9 '$out'/pkg/man-zh_CN/*.9 2>&1 | grep -q ."
check "the Chinese pages are UTF-8 throughout (no line cut inside a character)" \
	sh -c "cat '$out'/pkg/man-zh_CN/*.9 | iconv -f UTF-8 -t UTF-8 >/dev/null"
done_testing
