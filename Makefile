# SPDX-License-Identifier: GPL-2.0
# kmsg project workspace.  `make` prepares Linux 6.12 with our files and
# patches, builds the s390x kernel, boots it and shows the catalog at work;
# `make check` runs every test.  See README.md.  ARCH=x86_64 builds and
# boots the x86_64 guest instead (make build ARCH=x86_64; make guest
# ARCH=x86_64 CMD=...), in build/obj-x86_64.

SHELL := /bin/bash
TOP := $(abspath .)
WS := $(TOP)/ws
ARCH ?= s390
export ARCH
# The version of the kmsg package (make dist): written here only.
KMSG_VERSION := 1.0
EMU ?= qemu

# CMD runs in the guest as written: $(value CMD) is its text before make
# expands any "$", quoted for the shell.  An environment CMD works too.
shquote = '$(subst ','\'',$(1))'
GUEST_CMD = $(call shquote,$(value CMD))

# D=1 (check descriptions) and D=2 (man pages) go to kbuild.
ifdef D
KFLAGS += D=$(D)
endif

.PHONY: all deps prepare build demo guest env check bench patches bisect htmldocs dist po clean

all: build
	@$(WS)/demo.sh

deps:
	@$(WS)/deps.sh

prepare: deps
	@$(WS)/prepare.sh

# The kernel of ARCH (build/obj, or build/obj-x86_64) and its kmsg tool:
# ws/kconfigs.sh's "main" or "x86_64".
build: prepare
	@$(WS)/kbuild.sh $(if $(filter x86_64 x86,$(ARCH)),x86_64,main) $(KFLAGS)

guest:
	@$(WS)/guest.sh -e $(EMU) $(if $(EXTRA),-x $(EXTRA)) $(if $(TIMEOUT),-t $(TIMEOUT)) $(GUEST_CMD)

env:
	@. $(WS)/vars.sh && echo "KSRC=$$KSRC KOUT=$$KOUT ARCH=$$ARCH CROSS_COMPILE=$$CROSS_COMPILE"

# The suites choose their architectures themselves (s390x, and x86_64 in
# tests/32-guest-x86_64.sh); ws/check.mk builds the main kernel first.
# make check runs every suite: ONLY= narrows ws/check.sh run by hand.
check: deps
	@$(if $(ONLY),echo "make check runs every suite; for a part: ONLY=$(ONLY) ws/check.sh" >&2)
	@env -u ONLY -u ARCH $(WS)/check.sh

bench: build
	@$(WS)/bench.sh

patches: prepare
	@$(WS)/patches.sh

# Every patch of build/patches builds with CONFIG_KMSG_CATALOG=y and =n.
bisect: patches
	@$(WS)/bisect.sh

# The kmsg pages of the kernel's HTML book: the API and the catalog, a
# page per component (make htmldocs in build/linux would build them with
# the rest of the book).
htmldocs: prepare
	@. $(WS)/vars.sh && make -C "$$KSRC" O=$(TOP)/build/htmldocs SPHINXDIRS=kmsg htmldocs
	@echo "file://$(TOP)/build/htmldocs/Documentation/output/kmsg/index.html"

# build/dist: the kmsg package (tool, system catalog, man pages) as a source
# tarball and, built from it, Debian and RPM source and binary packages
# (for any kernel; no kernel build needed).
dist:
	@KMSG_VERSION=$(KMSG_VERSION) $(WS)/dist.sh

# After the English changed: the translation template made again
# (build/po/kmsg.pot) and every PO file merged with it (msgmerge: a
# changed message turns fuzzy), for translators.
po:
	@env -u MAKEFLAGS -u CROSS_COMPILE -u ARCH $(MAKE) -s --no-print-directory \
		-f packaging/Makefile O=$(CURDIR)/build/po po-update

# Everything built: every kernel configuration's folder (ws/kconfigs.sh),
# the guests', the tests' and the tools'; the unpacked tree
# (build/linux) and the downloaded packages stay.
clean:
	find build -mindepth 1 -maxdepth 1 ! -name linux ! -name linux.lock ! -name busybox \
		! -name busybox-amd64 ! -name debs -exec rm -rf {} +
