#!/bin/bash
# Export the whole project as a git format-patch series against pristine
# Linux 6.12, one logical change per patch, into build/patches/.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
work=$top/build/patches-git
out=$top/build/patches
rm -rf "$work" "$out"
mkdir -p "$work" "$out"

# Pristine copies of the upstream files our patches touch.
files=$(cd "$top/patches" && sed -e 's/#.*//' series | xargs cat |
	sed -n 's|^--- a/||p' | sort -u)
tarball=$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)
tar -xf "$tarball" -C "$work" --strip-components=1 \
	$(printf 'linux-source-6.12/%s ' $files)
cd "$work"
git init -q
git config user.name "kmsg project"
git config user.email "kmsg@localhost"
git add -A
git commit -qm "Linux 6.12 (the files this series changes)"
base=$(git rev-parse HEAD)

# commit SUBJECT BODY PATCH... -- FILE...
commit() {
	local subject=$1 body=$2 p
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		patch -s -p1 < "$top/patches/$1"
		shift
	done
	shift
	for p in "$@"; do
		mkdir -p "$(dirname "$p")"
		cp -r "$top/$p" "$(dirname "$p")/"
	done
	git add -A
	git commit -q -m "$subject" -m "$body"
}

commit "kmsg: add kmsg_*() macros with message ids and call-site records" \
"Messages printed with kmsg_<level>(id, fmt, ...) carry the tag
<component>.<id> in their prefix when CONFIG_KMSG_IDS=y and leave a
call-site record in the object file for the build to check against the
message's description.  With CONFIG_KMSG_IDS=n a call is the printk() it
stands for." \
	0001-kmsg-Kconfig-options-for-message-ids-and-the-catalog.patch -- \
	include/linux/kmsg.h Documentation/kmsg/index.rst

commit "kbuild: check message descriptions and build the kmsg catalog" \
"scripts/kmsg-gen reads the call-site records of vmlinux.o and of each
module, checks them against their /*? ... */ descriptions (make D=1),
writes man pages (make D=2) and emits the .kmsg_catalog section linked
into the image." \
	0002-kbuild-build-the-kmsg-catalog-into-vmlinux-and-modules.patch -- \
	scripts/kmsg-gen.c scripts/kmsg-gen.h scripts/kmsg-util.c scripts/kmsg-format.h \
	scripts/kmsg-parse.c scripts/kmsg-records.c scripts/kmsg-catalog.c \
	include/linux/kmsg_catalog.h

commit "kmsg: publish the message catalog in sysfs and procfs" \
"/sys/kernel/kmsg/<component>/<id>/ shows the text, severity, parameters,
description and user action of each message of vmlinux and of every
loaded module; /proc/kmsg_catalog lists them." \
	0003-module-find-the-kmsg-catalog-section-of-a-module.patch -- \
	kernel/kmsg_catalog.c kernel/kmsg_catalog_test.c \
	Documentation/ABI/testing/sysfs-kernel-kmsg

commit "s390/xpram: expanded storage block driver on the kmsg API" \
"Expanded storage as up to 32 block devices, written for 6.12, with its
messages in Documentation/kmsg/s390/xpram." \
	0004-s390-xpram-expanded-storage-block-driver-on-the-kmsg-API.patch -- \
	drivers/s390/block/xpram.c Documentation/kmsg/s390/xpram

commit "tools/kmsg: explain kernel messages from the catalog" \
"kmsg explain TAG|LINE, kmsg annotate and kmsg list read
/sys/kernel/kmsg and the catalog file that make kmsg_install writes next
to the modules, so messages of modules that are not loaded are explained
too." \
	0005-kbuild-install-the-kmsg-catalog-with-the-modules.patch -- \
	tools/kmsg

commit "selftests/kmsg: test the message catalog with test modules" \
"Log prefixes, sysfs files against descriptions, module load and unload,
shared tags, a corrupt catalog section and a load/unload stress test." \
	-- tools/testing/selftests/kmsg Documentation/kmsg/kmsgcat

commit "scripts: convert a component's messages to kmsg ids with Coccinelle" \
"scripts/kmsg-convert.py numbers the pr_<level>(), dev_<level>() and
printk(KERN_<LEVEL>) calls of the files of one component in source order
and has scripts/coccinelle/misc/kmsg.cocci turn them into kmsg_*() calls;
the format strings stay as they are." \
	-- scripts/kmsg-convert.py scripts/coccinelle/misc/kmsg.cocci

# One change per converted component, with its descriptions.
for p in $(grep -- '-kmsg-message-ids\.patch$' "$top/patches/series"); do
	file=$(sed -n 's|^+++ b/||p' "$top/patches/$p" | grep -vx MAINTAINERS | head -n 1)
	comp=$(sed -n 's/^#define[[:space:]]*KMSG_COMPONENT[[:space:]]*"\(.*\)".*/\1/p' \
		"$top/build/linux/$file")
	if [ -z "$comp" ] || [ ! -e "$top/Documentation/kmsg/s390/$comp" ]; then
		echo "patches: $p: no KMSG_COMPONENT with descriptions in $file" >&2
		exit 1
	fi
	where=$(dirname "$file")
	commit "s390/$comp: message ids and descriptions" \
"The messages of the $comp component (${where}) get ids with
scripts/kmsg-convert.py; their format strings are unchanged.  Each is
described in Documentation/kmsg/s390/$comp, which MAINTAINERS lists
in the section of the component's sources, so that get_maintainer.pl
names the driver's maintainers for a change of a description." \
		"$p" -- "Documentation/kmsg/s390/$comp"
done

git format-patch -q -o "$out" "$base"
ls "$out"
