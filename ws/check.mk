# SPDX-License-Identifier: GPL-2.0
# The suites of make check as targets of make, whose own -j runs them side
# by side and whose -O prints each one's lines whole when it ends
# (ws/check.sh runs this and sums up).  A suite runs under bash from the
# top of the tree, its output judged by ws/tap.awk (what fails a suite is
# said there); its results go to $(out).
#
# The order is that of the prerequisites, make starting them as listed:
#  - on a full run the main kernel first: the suites boot it;
#  - each suite marked "# check: changes the source tree[: ARCH... (what)]"
#    next, alone: the other suites wait for it, and so do the kernel
#    configurations of those architectures (of all of them if none is
#    named), while the others build;
#  - then the other suites, longest first by their times in the last run
#    on this machine ($(times)), or on a machine with none by those of make
#    bench's cold run (ws/check-times); the ones with no time yet first,
#    those marked "# check: long" before the others;
#  - the kernel configurations a suite names ("# check: kernel NAME...",
#    ws/kconfigs.sh) are its prerequisites, each built once at the lowest
#    priority, so that make runs the suites that need none of the unbuilt
#    ones meanwhile.  A full run builds every configuration, one after the
#    other in the order the suites need them; a failed build is only
#    reported (the suite's own build shows it), but that of the main
#    kernel ends the run.
# ONLY=PATTERN keeps the suites whose name contains PATTERN; CHECK_SUITES,
# CHECK_OUT, KMSG_CHECK_TIMES and KMSG_CHECK_FULL (y: a full run) come from
# ws/check.sh, KMSG_KBUILD names another kernel builder (tests/05).

top := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
SHELL := /bin/bash
suites := $(or $(CHECK_SUITES),$(top)/tests)
out := $(or $(CHECK_OUT),$(top)/build/check)
times := $(or $(KMSG_CHECK_TIMES),$(HOME)/.cache/kmsg/check-times)
full := $(KMSG_CHECK_FULL)
# what runs below (the suites, kbuild) gets none of make's own flags
unexport MAKEFLAGS MAKELEVEL MFLAGS CHECK_SUITES CHECK_OUT KMSG_CHECK_FULL
shipped := $(or $(KMSG_CHECK_TIMES_SHIPPED),$(top)/ws/check-times)
kbuild := $(or $(KMSG_KBUILD),$(top)/ws/kbuild.sh)

kconfigs := $(shell top=$(top); . $(top)/ws/kconfigs.sh; echo $$KCONFIGS)
arch_of = $(shell top=$(top); . $(top)/ws/kconfigs.sh; kconfig $(1) && echo $$ARCH)
names := $(patsubst $(suites)/%.sh,%,$(wildcard $(suites)/[0-9]*.sh))
selected := $(if $(ONLY),$(foreach s,$(names),$(if $(findstring $(ONLY),$(s)),$(s))),$(names))
alone := $(foreach s,$(selected),$(if $(shell grep -l '^\# check: changes the source tree' $(suites)/$(s).sh),$(s)))
order_times := $(firstword $(wildcard $(times) $(shipped)))
rest := $(shell cd $(suites) && for s in $(filter-out $(alone),$(selected)); do \
	t=$$(awk -v n=$$s '$$1 == n { print $$2; exit }' $(order_times) /dev/null); \
	if [ -n "$$t" ]; then g=2; elif grep -q '^\# check: long' $$s.sh; then g=0; else g=1; fi; \
	echo "$$g $${t:-0} $$s"; done | sort -k1,1n -k2,2nr -k3,3 | cut -d' ' -f3)
kernels_of = $(filter $(kconfigs),$(shell sed -n 's/^\# check: kernel //p' $(suites)/$(1).sh))
# the architectures whose configurations wait for the suites that run alone
held_re := s/^\# check: changes the source tree: \([a-z0-9_ ]*\) (.*/\1/p
held := $(sort $(foreach s,$(alone),$(or $(shell sed -n '$(held_re)' $(suites)/$(s).sh), \
	$(foreach k,$(kconfigs),$(call arch_of,$(k))))))
held_kernels := $(foreach k,$(filter-out main,$(kconfigs)),$(if $(filter $(held),$(call arch_of,$(k))),$(k)))
# a full run builds them in the order the suites above need them, the
# others after those
uniq = $(if $(1),$(firstword $(1)) $(call uniq,$(filter-out $(firstword $(1)),$(1))))
build_order := $(call uniq,main $(foreach s,$(rest),$(call kernels_of,$(s))) $(kconfigs))

# chain TARGETS: each waits for the one before it
chain = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(word 1,$(1)))$(call chain,$(wordlist 2,$(words $(1)),$(1))))

.PHONY: all $(addprefix suite/,$(selected)) $(addprefix kernel/,$(kconfigs))
all: $(addprefix suite/,$(alone) $(rest)) $(if $(full),$(addprefix kernel/,$(build_order)))

$(foreach s,$(selected),$(eval suite/$(s): $(addprefix kernel/,$(call kernels_of,$(s)))))
$(addprefix suite/,$(rest)): | $(addprefix suite/,$(alone))
$(call chain,$(addprefix suite/,$(alone)))
ifdef full
$(addprefix suite/,$(selected)): | kernel/main
$(addprefix kernel/,$(held_kernels)): | $(addprefix suite/,$(alone))
$(call chain,$(addprefix kernel/,$(build_order)))
endif

$(addprefix suite/,$(selected)): suite/%:
	@cd $(top) && ( TIMEFORMAT='%0R %0U %0S'; time { bash $(suites)/$*.sh > $(out)/$*.out 2>&1; \
		echo $$? > $(out)/$*.rc; } < /dev/null ) 2> $(out)/$*.time; \
	awk -v name=$* -v rc="$$(cat $(out)/$*.rc)" -v time="$$(cat $(out)/$*.time)" \
		-v count=$(out)/$*.count -f $(top)/ws/tap.awk $(out)/$*.out

$(addprefix kernel/,$(kconfigs)): kernel/%:
	@start=$$SECONDS log=$(out)/kernel-$*.log TIMEFORMAT='%0U %0S'; \
	if { time nice -n 19 $(kbuild) $* > $$log 2>&1; } 2> $(out)/kernel-$*.time; then \
		read -r u s < $(out)/kernel-$*.time; \
		echo "# kernel $* built in $$((SECONDS - start)) s, $$((u + s)) s of CPU"; \
	elif [ $* != main ]; then \
		echo "# kernel $* failed to build after $$((SECONDS - start)) s ($$log)"; \
	else \
		tail -n 20 $$log | sed 's/^/# /'; echo "not ok - the main kernel builds ($$log)"; \
		echo "0 1 0" > $(out)/kernel-main.count; exit 1; \
	fi
