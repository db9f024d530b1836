#!/bin/bash
# The catalog's documentation in the kernel's HTML book: make
# SPHINXDIRS=kmsg htmldocs (Debian's Sphinx) builds Documentation/kmsg
# without a warning or error, and Documentation/subsystem-apis.rst links
# it from a toctree (so a full make htmldocs shows it).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/tests/lib.sh"
out=$top/build/htmldocs
rm -rf "$out"
mkdir -p "$out"

make -C "$KSRC" O="$out" SPHINXDIRS=kmsg htmldocs > "$out/log" 2>&1
rc=$?
check "make SPHINXDIRS=kmsg htmldocs exits 0 (exit $rc)" [ $rc -eq 0 ]
grep -nE 'WARNING|ERROR|SEVERE|CRITICAL|[Ww]arning:' "$out/log" > "$out/problems"
[ -s "$out/problems" ] && diag "$out/problems"
check "it prints no warning or error ($(wc -l < "$out/problems") found)" [ ! -s "$out/problems" ]
html=$out/Documentation/output/kmsg/index.html
check "the HTML page has the catalog's title and its prefix table" \
	sh -c "grep -q 'The kernel message catalog' '$html' && grep -q 'CONFIG_KMSG_IDS=y' '$html'"
check "the HTML page has the kernel-doc of the macros, the catalog structures and the validator" \
	sh -c "for id in kmsg_err kmsg_dev_err kmsg_err_once kmsg_err_ratelimited kmsg_catalog_header \
		kmsg_catalog_entry kmsg_catalog_validate; do grep -q \"id=.c\.\$id.\" '$html' || exit 1; done"
check "Documentation/subsystem-apis.rst lists kmsg/index in a toctree" \
	awk '/^\.\. toctree::/ { t = 1; next } t && /^[^ \t]/ && !/^$/ { t = 0 } t && $1 == "kmsg/index" { f = 1 } END { exit !f }' \
	"$KSRC/Documentation/subsystem-apis.rst"
done_testing
