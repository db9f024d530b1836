# SPDX-License-Identifier: GPL-2.0
# A small book for tests/28-book.sh (sphinx-build -c tests/book
# tests/book/Documentation/kmsg OUT): the kernel-messages directives on
# descriptions that must render literally.  KMSG_SPHINX is the kernel's
# Documentation/sphinx, KMSG_GEN the kmsg-gen to run.
import os
import sys

sys.path.insert(0, os.environ['KMSG_SPHINX'])
extensions = ['kernel_messages']
kmsg_gen = os.environ['KMSG_GEN']
project = 'kmsg test book'
html_theme = 'alabaster'
smartquotes_action = 'q'
