# SPDX-License-Identifier: GPL-2.0
# kmsg project workspace.  `make` prepares Linux 6.12 with our files and
# patches, builds the s390x kernel, boots it and shows the catalog at work;
# `make check` runs every test.  See README.md.

SHELL := /bin/bash
TOP := $(abspath .)
WS := $(TOP)/ws
KSRC := $(TOP)/build/linux
KOUT := $(TOP)/build/obj
KMAKE := $(MAKE) -s -C $(KSRC) O=$(KOUT) ARCH=s390 CROSS_COMPILE=s390x-linux-gnu-
EMU ?= qemu

# CMD runs in the guest as written: $(value CMD) is its text before make
# expands any "$", quoted for the shell.  An environment CMD works too.
shquote = '$(subst ','\'',$(1))'
GUEST_CMD = $(call shquote,$(value CMD))

# D=1 (check descriptions) and D=2 (man pages) go to kbuild.
ifdef D
KFLAGS += D=$(D)
endif

.PHONY: all deps prepare build demo guest env check bench patches clean

all: build
	@$(WS)/demo.sh

deps:
	@$(WS)/deps.sh

prepare: deps
	@$(WS)/prepare.sh

build: prepare
	@$(KMAKE) $(KFLAGS) -j$$(nproc)
	@mkdir -p $(TOP)/build/kmsg-tool
	@$(MAKE) -s -C $(KSRC)/tools/kmsg CROSS_COMPILE=s390x-linux-gnu- \
		OUTPUT=$(TOP)/build/kmsg-tool/ LDFLAGS=-static

guest:
	@$(WS)/guest.sh -e $(EMU) $(if $(EXTRA),-x $(EXTRA)) $(if $(TIMEOUT),-t $(TIMEOUT)) $(GUEST_CMD)

env:
	@echo "KSRC=$(KSRC) KOUT=$(KOUT) ARCH=s390 CROSS_COMPILE=s390x-linux-gnu-"

check: build
	@env -u ONLY $(WS)/check.sh

bench: build
	@$(WS)/bench.sh

patches: prepare
	@$(WS)/patches.sh

clean:
	rm -rf build/obj build/guest
