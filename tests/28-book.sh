#!/bin/bash
# The message catalog as a book: make SPHINXDIRS=kmsg htmldocs renders
# every description (Documentation/kmsg/catalog.rst, a page per component
# made by Documentation/sphinx/kernel_messages.py from kmsg-gen dump)
# without a warning; each message exactly as described, anchored by its
# tag, with its hashed ids; the index counts them.  A test book
# (tests/book) checks that format strings and descriptions full of reST
# and HTML render literally, and that a missing kmsg-gen or a malformed
# description stops the build.  With Sphinx's language set, the fields
# and headings are the PO file's of that language.
# Headless Chromium (Debian's chromium-headless-shell) then reads the
# pages as a reader would, served over HTTP on 127.0.0.1 as Sphinx's
# search needs: a component page, the search page asked for a tag, for
# words of a text and for a hashed id; its screenshots stay in
# build/book/*.png.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/tests/lib.sh"
fx=$top/tests/book
out=$top/build/book
rm -rf "$out"
mkdir -p "$out"
html=$out/obj/Documentation/output/kmsg

# --- the kernel's book --------------------------------------------------------
start=$SECONDS
nice make -C "$KSRC" O="$out/obj" SPHINXDIRS=kmsg htmldocs >"$out/log" 2>&1
rc=$?
echo "# make SPHINXDIRS=kmsg htmldocs took $((SECONDS - start)) s"
check "make SPHINXDIRS=kmsg htmldocs exits 0 (exit $rc)" [ $rc -eq 0 ]
check "it built scripts/kmsg-gen first" [ -x "$out/obj/scripts/kmsg-gen" ]
grep -nE 'WARNING|ERROR|SEVERE|CRITICAL|[Ww]arning:|[Ee]rror:' "$out/log" >"$out/problems"
[ -s "$out/problems" ] && diag "$out/problems"
check "it prints no warning or error ($(wc -l <"$out/problems") found)" [ ! -s "$out/problems" ]
gen=$out/obj/scripts/kmsg-gen
[ -x "$gen" ] || done_testing	# the failures are above; nothing to compare

# Sources of ours that hold descriptions (the test modules; new drivers
# keep theirs next to the calls): each must be on a page too.
sources=$(cd "$top" && grep -rlE '^[[:space:]]*/\*\?[[:space:]]*$' arch drivers include kernel lib tools 2>/dev/null |
	sort)
relay < <(cd "$KSRC" && "$fx/book-check.py" pages "$KSRC" "$html" "$gen" $sources)

# One message as the page has it: cio.12, its text and description.
(cd "$KSRC" && "$gen" dump Documentation/kmsg/s390/cio) >"$out/cio.json"
"$fx/entry-text-description.py" cio.12 <"$out/cio.json" >"$out/cio12.want"
"$fx/book-check.py" text "$html/s390/cio.html" cio.12 >"$out/cio12.page"
check "s390/cio.html#cio-12 shows cio.12's text and description" \
	bash -c "[ -s '$out/cio12.want' ] &&
	       grep -qxF \"\$(sed -n 1p '$out/cio12.want')\" <(cut -f1 '$out/cio12.page') &&
	       grep -qF \"\$(sed -n 2p '$out/cio12.want')\" <(cut -f2 '$out/cio12.page')"
# hypfs.1's hashed id: of its format, as SUSE's kernels print it
"$fx/book-check.py" text "$html/s390/hypfs.html" hypfs.1 >"$out/hypfs1.page"
check "s390/hypfs.html#hypfs-1 shows 'Hashed id: hypfs.7f5705 (printed for a device: hypfs.6d3493)'" \
	[ "$(cut -f4 "$out/hypfs1.page")" = 'Hashed id: hypfs.7f5705 (printed for a device: hypfs.6d3493)' ]
check "the anchor is docutils' id of the tag, #cio-12 (and #cio.12)" \
	sh -c "grep -q '<section class=\"kmsg-message\" id=\"cio-12\">' '$html/s390/cio.html' &&
	       grep -q '<span id=\"cio.12\"></span>' '$html/s390/cio.html'"
check "Documentation/kmsg/index.rst links the catalog, the catalog every component page" \
	sh -c "grep -q 'href=\"catalog.html\"' '$html/index.html' &&
	       grep -q 'href=\"s390/dasd-eckd.html\"' '$html/catalog.html' &&
	       grep -q 'href=\"kmsgcat.html\"' '$html/catalog.html'"

# --- the test book: literal rendering, and failures ------------------------
tb() {	# tb OUTDIR [KMSG_GEN]: build tests/book with Debian's sphinx-build
	KMSG_SPHINX="$top/Documentation/sphinx" KMSG_GEN=${2:-$gen} srctree="$fx" \
		nice sphinx-build -q -b html -c "$fx" "$fx/Documentation/kmsg" "$1" >"$1.log" 2>&1
}
tb "$out/tb"
rc=$?
[ -s "$out/tb.log" ] && diag "$out/tb.log"
check "the test book builds without a warning (exit $rc)" test $rc -eq 0 -a ! -s "$out/tb.log"
relay < <("$fx/book-check.py" pages "$fx" "$out/tb" "$gen" 2>&1 | sed 's/ - / - test book: /')
"$fx/nasty-html-check.py" "$out/tb/nasty.html" >"$out/tb.check" 2>&1
check "format strings and descriptions with reST and HTML in them render literally" \
	sh -c "[ ! -s '$out/tb.check' ] || { sed 's/^/# /' '$out/tb.check'; exit 1; }"

tb "$out/tb-nogen" "$out/no-such-kmsg-gen"
rc=$?
check "without kmsg-gen the build fails (exit $rc), naming it, and writes no page" \
	sh -c "[ $rc -ne 0 ] && grep -q 'no-such-kmsg-gen does not exist' '$out/tb-nogen.log' &&
	       [ ! -e '$out/tb-nogen/nasty.html' ]"
mkdir -p "$out/bad"
cp -r "$fx/." "$out/bad/"
sed -i 's/Severity: Error/Severity: Fatal/' "$out/bad/Documentation/kmsg/nasty"
KMSG_SPHINX="$top/Documentation/sphinx" KMSG_GEN=$gen srctree="$out/bad" \
	nice sphinx-build -q -b html -c "$out/bad" "$out/bad/Documentation/kmsg" "$out/bad-out" \
	>"$out/bad.log" 2>&1
rc=$?
check "a malformed description fails the build (exit $rc) with kmsg-gen's file:line" \
	sh -c "[ $rc -ne 0 ] && grep -q \"Documentation/kmsg/nasty:4: Severity: 'Fatal' is not\" '$out/bad.log'"

# --- the book in the reader's language (Sphinx's language) -------------------
# the kernel's xpram and hypfs descriptions, with -D language=de and =fr
lb() {	# lb LANG: build a page of them in LANG into $out/LANG
	mkdir -p "$out/$1/src"
	cp "$fx/conf.py" "$out/$1/"
	printf 'Messages\n========\n\n.. kernel-messages:: %s\n' \
		"Documentation/kmsg/s390/xpram Documentation/kmsg/s390/hypfs" >"$out/$1/src/index.rst"
	KMSG_SPHINX="$top/Documentation/sphinx" KMSG_GEN=$gen srctree="$top" \
		nice sphinx-build -q -b html -D language="$1" -c "$out/$1" "$out/$1/src" "$out/$1/html" \
		>"$out/$1.log" 2>&1
}
lb de
rc=$?
[ -s "$out/de.log" ] && diag "$out/de.log"
check "the book with language=de (exit $rc): de.po's fields and headings, no warning" \
	sh -c "[ $rc -eq 0 ] && [ ! -s '$out/de.log' ] && grep -q 'Der XPRAM-Treiber teilt den Erweiterungsspeicher' '$out/de/html/index.html' &&
		grep -q '>Beschreibung<' '$out/de/html/index.html' && grep -q '>Maßnahmen<' '$out/de/html/index.html' &&
		! grep -q 'The XPRAM driver splits' '$out/de/html/index.html'"
lb fr
rc=$?
check "with language=fr: French fields where fr.po has them (xpram), English where not (hypfs), French headings" \
	sh -c "[ $rc -eq 0 ] && grep -q 'Le pilote XPRAM divise' '$out/fr/html/index.html' &&
		grep -q 'At boot, the s390 hypervisor information support' '$out/fr/html/index.html' &&
		grep -q '>Gravité<' '$out/fr/html/index.html'"

# --- in a browser ------------------------------------------------------------
browser=$(command -v chromium-headless-shell || command -v chromium)
if [ -z "$browser" ]; then
	nok "chromium-headless-shell is installed (ws/deps.sh)"
	done_testing
fi
# Served as a reader's web server would: Sphinx's search fetches pages.
python3 -m http.server --bind 127.0.0.1 --directory "$html" 0 >"$out/http.log" 2>&1 &
http=$!
trap 'kill $http 2>/dev/null' EXIT
port=
for i in $(seq 50); do
	port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$out/http.log")
	[ -n "$port" ] && break
	sleep 0.1
done
url=http://127.0.0.1:$port
chrome() {	# chrome OPTION URL: the page after its scripts ran
	nice "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--virtual-time-budget=5000 --window-size=1280,2000 "$@" 2>>"$out/chromium.log"
}
start=$SECONDS
chrome --dump-dom "$url/s390/cio.html" >"$out/cio.dom"
chrome --screenshot="$out/cio.png" "$url/s390/cio.html" >/dev/null
"$fx/book-check.py" text "$out/cio.dom" cio.1 >"$out/cio1.dom"
(cd "$KSRC" && "$gen" dump Documentation/kmsg/s390/cio) |
	"$fx/entry-text-description.py" cio.1 60 >"$out/cio1.want"
check "Chromium shows s390/cio.html with cio.1's text and description (build/book/cio.png)" \
	sh -c "[ -s '$out/cio.png' ] && [ -s '$out/cio1.want' ] &&
	       grep -qF \"\$(sed -n 1p '$out/cio1.want')\" '$out/cio1.dom' &&
	       grep -qF \"\$(sed -n 2p '$out/cio1.want')\" '$out/cio1.dom'"

chrome --dump-dom "$url/catalog.html" >"$out/catalog.dom"
chrome --screenshot="$out/catalog.png" "$url/catalog.html" >/dev/null
ncio=$(wc -l <"$out/cio.json")
check "Chromium shows catalog.html: cio, linked, with its $ncio messages (build/book/catalog.png)" \
	sh -c "[ -s '$out/catalog.png' ] &&
	       grep -q 'href=\"s390/cio.html\"><code[^>]*><span class=\"pre\">cio</span></code></a></p></td>' '$out/catalog.dom' &&
	       grep -A1 'href=\"s390/cio.html\"' '$out/catalog.dom' | grep -q '<td><p>$ncio</p></td>'"
chrome --dump-dom "$url/search.html?q=cio.12" >"$out/search-tag.dom"
chrome --screenshot="$out/search-tag.png" "$url/search.html?q=cio.12" >/dev/null
check "searching cio.12 lists s390/cio.html#cio-12 first (build/book/search-tag.png)" \
	sh -c "[ -s '$out/search-tag.png' ] &&
	       grep -o '<ul class=\"search\"><li><a href=\"[^\"]*\"' '$out/search-tag.dom' |
	       grep -q 'href=\"s390/cio.html#cio-12\"'"
chrome --dump-dom "$url/search.html?q=CSS+device+driver+initialization+failed" >"$out/search-words.dom"
chrome --screenshot="$out/search-words.png" "$url/search.html?q=CSS+device+driver+initialization+failed" >/dev/null
check "searching words of cio.12's text finds s390/cio.html (build/book/search-words.png)" \
	grep -q '<li><a href="s390/cio.html"' "$out/search-words.dom"
chrome --dump-dom "$url/search.html?q=hypfs.7f5705" >"$out/search-hashed.dom"
chrome --screenshot="$out/search-hashed.png" "$url/search.html?q=hypfs.7f5705" >/dev/null
check "searching hypfs.7f5705 (a hashed id) finds s390/hypfs.html (build/book/search-hashed.png)" \
	grep -q '<li><a href="s390/hypfs.html' "$out/search-hashed.dom"
chrome --dump-dom "$url/search.html?q=dasd-eckd.12" >"$out/search-dash.dom"
check "searching dasd-eckd.12 (a component with a dash) lists #dasd-eckd-12 first" \
	sh -c "grep -o '<ul class=\"search\"><li><a href=\"[^\"]*\"' '$out/search-dash.dom' |
	       grep -q 'href=\"s390/dasd-eckd.html#dasd-eckd-12\"'"
kill $http
trap - EXIT

# The test book in the browser: nothing of a description ran as script.
chrome --dump-dom "file://$out/tb/nasty.html" >"$out/nasty.dom"
chrome --screenshot="$out/nasty.png" "file://$out/tb/nasty.html" >/dev/null
check "Chromium: the test book's page title is its own, no description's script ran" \
	grep -q '<title>nasty' "$out/nasty.dom"
echo "# Chromium took $((SECONDS - start)) s for its pages"
done_testing
