#!/bin/bash
# The man pages: scripts/kmsg-gen writes one per described message (make
# D=2, and make kmsg_install through kmsg-gen index --man) that man and
# mandoc render without a warning -- every description of the tree and
# the test book's nasty one, through an object that prints each of them
# (tests/man/records.py), so no kernel build is needed for it.  Then make
# kmsg_install on the built kernel installs the pages of exactly its
# described messages into <INSTALL_MOD_PATH>/usr/share/man/man9, where
# man finds them by tag: MANPATH=... man xpram.1.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/tests/lib.sh"
out=$top/build/test-man
rm -rf "$out"
mkdir -p "$out"

gen=$out/kmsg-gen
gcc -Wall -Wextra -Werror -O2 -g -o "$gen" -I"$top/scripts" \
	$("$top/ws/kmsg-gen-sources.sh") 2>"$out/cc.log"
check "kmsg-gen builds with -Wall -Wextra -Werror" [ $? -eq 0 -a ! -s "$out/cc.log" ]

# objects SRCTREE NAME FILE...: NAME.o whose records print every message
# described in FILEs (relative to SRCTREE); NAME.json is their dump.
echo 'int kmsg_man_test;' | gcc -c -x c - -o "$out/empty.o"
objects() {
	local tree=$1 name=$2
	shift 2
	(cd "$tree" && "$gen" dump "$@") >"$out/$name.json" &&
		"$top/tests/man/records.py" "$out/$name.bin" <"$out/$name.json" &&
		objcopy --add-section .kmsg.records="$out/$name.bin" \
			--set-section-flags .kmsg.records=readonly,data "$out/empty.o" "$out/$name.o"
}
descs=$(cd "$top" && find Documentation/kmsg -type f ! -name '*.rst' ! -path '*/po/*' | sort)
sources=$(cd "$top" && grep -rlE '^[[:space:]]*/\*\?[[:space:]]*$' arch drivers include kernel lib tools 2>/dev/null | sort)
objects "$top" tree $descs $sources &&
	objects "$top/tests/book" nasty Documentation/kmsg/nasty
check "objects that print every described message (tests/man/records.py)" [ $? -eq 0 ]

man=$out/man
"$gen" index --man "$man" --srctree "$top" --srcarch s390 -o "$out/index" "$out/tree.o" &&
	"$gen" index --man "$man" --srctree "$top/tests/book" --srcarch s390 -o "$out/index-nasty" "$out/nasty.o"
rc=$?
want=$(cat "$out/tree.json" "$out/nasty.json" | wc -l)
have=$(ls "$man" | wc -l)
check "kmsg-gen index --man writes a page per description (exit $rc; $have pages, $want descriptions)" \
	[ $rc -eq 0 -a "$have" -eq "$want" -a "$want" -gt 800 ]

# Every page through the formatter man --warnings runs it with (man -l's
# pipeline: preconv -e UTF-8 | groff -mtty-char -Tutf8 -mandoc -wmac), all
# pages in one run instead of a pipeline of ten processes per page:
# preconv marks where each file begins, so a warning names its page
# ("troff: PAGE:LINE: warning: ...").  Each page begins with .TH, which
# resets the page state, and mandoc below reads each file on its own.
manwarn() {	# manwarn PAGE...: groff's warnings, each naming its page
	preconv -e UTF-8 "$@" | LC_ALL=C.UTF-8 groff -mtty-char -Tutf8 -mandoc -wmac -z 2>&1
}
start=$SECONDS
manwarn "$man"/*.9 >"$out/man.warn"
echo "# the formatter of man --warnings on $have pages took $((SECONDS - start)) s"
[ -s "$out/man.warn" ] && diag "$out/man.warn"
check "man --warnings's formatter renders every page without a groff warning ($(wc -l <"$out/man.warn") found)" \
	[ ! -s "$out/man.warn" ]
# and man --warnings itself, on the nasty page
LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l "$man/nasty.1.9" 2>"$out/man-nasty.warn" >/dev/null
rc=$?
[ -s "$out/man-nasty.warn" ] && diag "$out/man-nasty.warn"
check "man --warnings -l shows the nasty page without a warning (exit $rc)" [ $rc -eq 0 -a ! -s "$out/man-nasty.warn" ]
mandoc -T lint "$man"/*.9 >"$out/mandoc.lint" 2>&1
[ -s "$out/mandoc.lint" ] && diag "$out/mandoc.lint"
check "mandoc -T lint finds nothing, not even of style, on any page" [ ! -s "$out/mandoc.lint" ]

MANWIDTH=200 man -l "$man/nasty.1.9" 2>/dev/null | col -bx | tr -s ' \n' '  ' >"$out/nasty.txt"
nasty_literal() {
	grep -qF 'nasty.1: *%s* `%d` \%u\ <b>%x</b> &amp; |sub| _t_ :ref:`x` %% 100%%' "$out/nasty.txt" &&
	grep -qF ".A line that starts with a dot and 'one that starts with a quote; echo 'x' > /proc/y -- --all" \
		"$out/nasty.txt" &&
	grep -qF 'Nothing: \\ this block' "$out/nasty.txt" &&
	grep -qF '@4 .. a comment? no, text' "$out/nasty.txt"
}
check "the nasty page shows its text, backslashes and leading dots and quotes as written" nasty_literal

# The hashed ids, near the top of every page: hypfs.1's format hashes to
# SUSE's hypfs.7f5705 (and, printed for a device, to hypfs.6d3493).  A
# message printed without an id ("Printed: without id", oops.1) has no
# hashed id either: its page says so instead.
nhashed=$(grep -lx '\.SH HASHED ID' "$man"/*.9 | wc -l)
nnoid=$(grep -l '^Printed without its tag' "$man"/*.9 | wc -l)
ndescnoid=$(cd "$top" && grep -h '^ \* Printed: without id$' $descs | wc -l)
MANWIDTH=100 man -l "$man/hypfs.1.9" 2>/dev/null | col -bx >"$out/hypfs.txt"
hypfs_ids() {
	[ "$nhashed" -eq $((have - nnoid)) ] && [ "$nnoid" -eq "$ndescnoid" ] && [ "$nnoid" -gt 0 ] &&
	! grep -q '^\.SH HASHED ID' "$man/oops.1.9" &&
	sed -n '/^HASHED ID/,/^SEVERITY/p' "$out/hypfs.txt" |
		grep -qx ' *hypfs.7f5705 (printed for a device: hypfs.6d3493)' &&
	tr -s ' \n' '  ' <"$out/hypfs.txt" | grep -qF "computed from the message's format as it is today"
}
check "every page ($nhashed of $have) but those of messages printed without an id ($nnoid) has a HASHED ID section; hypfs.1's shows hypfs.7f5705, of today's format" \
	hypfs_ids
# make D=2 (kmsg-gen catalog --man) and the system catalog's pages
# (kmsg-gen system --man) are the pages index --man writes
"$gen" catalog --man "$out/man-d2" --srctree "$top" --srcarch s390 -o /dev/null "$out/tree.o" 2>/dev/null &&
	(cd "$top" && "$gen" system --man "$out/man-system" -o /dev/null $descs $sources)
rc=$?
check "catalog --man (make D=2) and system --man (exit $rc) write the same pages as index --man" \
	sh -c "[ $rc -eq 0 ] && diff -r -x 'nasty*' '$man' '$out/man-d2' >'$out/man-d2.diff' &&
	       diff -r -x 'nasty*' '$man' '$out/man-system' >'$out/man-system.diff'"
vg_check "valgrind: index --man of every description exits 0 and is clean" 0 vg \
	"$gen" index --man "$out/man-vg" --srctree "$top" --srcarch s390 -o "$out/index-vg" "$out/tree.o"

# --- make kmsg_install on the built kernel ----------------------------------
if [ ! -e "$KOUT/vmlinux.o" ]; then
	nok "make kmsg_install: $KOUT/vmlinux.o exists (run make build first)"
	done_testing
fi
root=$out/root
kmake INSTALL_MOD_PATH="$root" kmsg_install >"$out/install.log" 2>&1
rc=$?
rel=$(cat "$KOUT/include/config/kernel.release")
awk -F'\t' '!/^#/ && $6 != "" { print $1 ".9" }' "$root/lib/modules/$rel/kmsg.catalog" | sort -u >"$out/described"
ls "$root/usr/share/man/man9" 2>/dev/null | sort >"$out/installed"
check "make kmsg_install (exit $rc) installs a man page per described message of the kernel ($(wc -l <"$out/installed")) into usr/share/man/man9" \
	sh -c "[ $rc -eq 0 ] && grep -qx xpram.1.9 '$out/installed' && diff -u '$out/described' '$out/installed'"
MANPATH=$root/usr/share/man MANWIDTH=100 man xpram.1 2>"$out/man-xpram.err" | col -bx >"$out/man-xpram.txt"
desc=$("$gen" dump "$top/Documentation/kmsg/s390/xpram" |
	"$top/tests/book/entry-text-description.py" xpram.1 50 | sed -n 2p)
man_shows_xpram() {
	grep -q 'xpram.1: %d is not a valid number of XPRAM devices' "$out/man-xpram.txt" &&
	tr -s ' \n' '  ' <"$out/man-xpram.txt" | grep -qF "$desc" && [ ! -s "$out/man-xpram.err" ]
}
check "MANPATH=<installed tree>/usr/share/man man xpram.1 shows the entry: its text and description" \
	man_shows_xpram
manwarn "$root"/usr/share/man/man9/*.9 >"$out/installed.warn"
mandoc -T lint "$root"/usr/share/man/man9/*.9 >>"$out/installed.warn" 2>&1
[ -s "$out/installed.warn" ] && diag "$out/installed.warn"
check "every installed page renders without a groff warning, and mandoc -T lint finds nothing" \
	[ ! -s "$out/installed.warn" ]
done_testing
