# Sourced by the ws/ scripts and tests/: the kernel configurations that
# `make check` builds, each in a folder of its own, listed once.  After
# "kconfig NAME", ARCH, KOUT, KMSG_EXTRA_CONFIG (a fragment on top of the
# guest configuration), KCONFIG_MAKE (kbuild arguments of its build),
# KCONFIG_TOOL (1: the kmsg tool is built for it), KCONFIG_SEED (the
# configuration whose build folder a first build starts from, ws/kbuild.sh)
# and KSELFTEST_DIR are set for it.  KCONFIGS lists them in the order make check first needs
# them, which is the order ws/check.mk builds them in.
top=${top:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
KCONFIGS="main x86_64 debug xpram-module no-ids no-catalog catalog x86_64-generic"

# kconfig NAME: the settings of configuration NAME
kconfig() {
	KMSG_EXTRA_CONFIG= KCONFIG_MAKE= KCONFIG_TOOL= KCONFIG_SEED= ARCH=s390
	case $1 in
	main)		KOUT=$top/build/obj KCONFIG_TOOL=1 ;;
	x86_64)		KOUT=$top/build/obj-x86_64 KCONFIG_TOOL=1 ARCH=x86_64 ;;
	# the generic messages printed for real (tests/33); make D=1 checks
	# Documentation/kmsg/generic against the x86_64 tree
	x86_64-generic)	KOUT=$top/build/obj-x86_64-generic ARCH=x86_64 KCONFIG_SEED=x86_64
			KCONFIG_MAKE=D=1
			KMSG_EXTRA_CONFIG=$top/kernel/configs/kmsg_generic.config ;;
	# its converted files without ids (tests/ids-off/off-means-off.sh, tests/33),
	# from a copy of its folder
	x86_64-generic-no-ids)
			KOUT=$top/build/obj-x86_64-generic-no-ids ARCH=x86_64
			KCONFIG_SEED=x86_64-generic
			KMSG_EXTRA_CONFIG="$top/kernel/configs/kmsg_generic.config $top/ws/variant-ids-off.config" ;;
	debug)		KOUT=$top/build/obj-debug
			KMSG_EXTRA_CONFIG=$top/kernel/configs/kmsg_debug.config ;;
	xpram-module | no-ids | no-catalog)
			KOUT=$top/build/obj-$1 KCONFIG_SEED=main
			KMSG_EXTRA_CONFIG=$top/ws/variant-$1.config ;;
	catalog)	KOUT=$top/build/obj-catalog KCONFIG_MAKE=D=1
			KMSG_EXTRA_CONFIG=$top/kernel/configs/kmsg_catalog.config ;;
	# the catalog configuration without ids: only the converted objects
	# are compiled there (tests/ids-off/off-means-off.sh), so it is not in KCONFIGS;
	# it starts from a copy of the catalog's folder (its prepared headers
	# and host programs)
	catalog-no-ids)	KOUT=$top/build/obj-catalog-no-ids KCONFIG_SEED=catalog
			KMSG_EXTRA_CONFIG="$top/kernel/configs/kmsg_catalog.config $top/ws/variant-ids-off.config" ;;
	*)		echo "ws: no kernel configuration '$1' (one of: $KCONFIGS catalog-no-ids x86_64-generic-no-ids)" >&2
			return 2 ;;
	esac
	KSELFTEST_DIR=$top/build/kselftest-${KOUT##*/}
	export ARCH KOUT KMSG_EXTRA_CONFIG KSELFTEST_DIR
}
