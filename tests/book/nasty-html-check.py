#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The test book's nasty page renders its markup literally, for tests/28-book.sh:

  tests/book/nasty-html-check.py NASTY_HTML

NASTY_HTML is the page of tests/book/Documentation/kmsg/nasty as Sphinx
wrote it.  Checks that the HTML and reST in its texts and descriptions
are escaped text, never tags or directives.  Prints nothing and exits 0
when they are; otherwise fails with an AssertionError naming what it
found or missed.
"""
import sys
page = open(sys.argv[1]).read()
# Markup in descriptions is text: escaped, never a tag or a directive.
for bad in ("<script>document.title", "<b>markup", "<i>tags", "<em>", "<strong>", "<b>%x"):
    assert bad not in page, bad
assert "&lt;script&gt;document.title = &quot;injected&quot;&lt;/script&gt;" in page
assert "*%s* `%d` \\%u\\ &lt;b&gt;%x&lt;/b&gt; &amp;amp; |sub| _t_ :ref:`x` %% 100%%" in page
