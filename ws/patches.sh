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
		patch -s -p1 --no-backup-if-mismatch < "$top/patches/$1"
		shift
	done
	shift
	for p in "$@"; do
		mkdir -p "$(dirname "$p")"
		cp -r "$top/$p" "$(dirname "$p")/"
	done
	${COMMIT_HOOK:-:}
	maint_sync
	git add -A
	git commit -q -m "$subject" -m "$body"
}

# The oops test (kmsg_oops.sh and its module) and the boot stage's test
# (kmsg_boot.sh) come with commits of their own after the conversions
# they test: the selftests' commit is taken without both, the oops test's
# without the boot test, their lines in the Makefiles too.
without_boot_test() {
	local d=tools/testing/selftests/kmsg
	rm -f "$d/kmsg_boot.sh"
	sed -i '/^\tkmsg_boot\.sh \\$/d' "$d/Makefile"
	! grep -q kmsg_boot "$d/Makefile" ||
		{ echo "patches: the boot test is still in $d/Makefile" >&2; exit 1; }
}
without_oops_test() {
	local d=tools/testing/selftests/kmsg
	without_boot_test
	rm -f "$d/kmsg_oops.sh" "$d/test_modules/test_kmsg_oops.c"
	sed -i 's/^\tkmsg_faults\.sh \\$/\tkmsg_faults.sh/; /^\tkmsg_oops\.sh$/d' "$d/Makefile"
	sed -i 's/ test_kmsg_oops\.o//' "$d/test_modules/Makefile"
	! grep -rq oops "$d/Makefile" "$d/test_modules/Makefile" ||
		{ echo "patches: the oops test is still in $d's Makefiles" >&2; exit 1; }
}

# The KMSG section of MAINTAINERS (patch 0001 adds it whole) lists, in
# each commit, the files of ours that exist by then: each commit that adds
# files adds their F: lines, so get_maintainer.pl and checkpatch see the
# maintainers of every file from the commit that adds it on.
maint_sync() {
	[ -f MAINTAINERS ] || return 0
	"$top/ws/patches-maintainers-sync.py" "$top/build/linux/MAINTAINERS"
}

commit "kmsg: message ids in the log prefix with kmsg_<level>()" \
"Messages printed with kmsg_<level>(id, fmt, ...) carry the tag
<component>.<id> in their prefix when CONFIG_KMSG_IDS=y and leave a
call-site record (tag, level, format, file, line) in the .kmsg.records
section, which the linker scripts discard; later changes check the
records against the messages' descriptions.  include/linux/kmsg_catalog.h
defines once what the kernel and the host tools share: the tag rules and
limits, the severity and field names, the record magic and the layout
of the catalog section that later changes build.  With CONFIG_KMSG_IDS=n a
call is the printk() it stands for.  Documentation/kmsg describes the
API, the description format and the catalog." \
	0001-kmsg-message-ids-Kconfig-linker-scripts-MAINTAINERS.patch -- \
	include/linux/kmsg.h include/linux/kmsg_catalog.h Documentation/kmsg/index.rst

commit "scripts/kmsg-gen: the catalog's text formats and helpers" \
"scripts/kmsg-format.h defines, once for kmsg-gen and tools/kmsg, the
rules of tags and component names, the @N parameter walk, printf
conversions, JSON strings and the fields of the installed catalog file;
kmsg-util.c and kmsg-gen.h hold kmsg-gen's allocation, string and file
helpers.  Not built yet: the kbuild change comes with main() later in
the series." \
	-- scripts/kmsg-gen.h scripts/kmsg-format.h scripts/kmsg-format.c scripts/kmsg-util.c

commit "scripts/kmsg-gen: parse message descriptions" \
"The /*? Tag: ... */ blocks next to a call or in
Documentation/kmsg/[<arch>/]<component>, parsed into tag, text,
severity, parameters, description and user action, with an error naming
the file and line of a malformed block; kmsg-json.c writes a parsed
description as the JSON object that tools/kmsg writes for an entry too
(one writer, compiled into both)." \
	-- scripts/kmsg-parse.c scripts/kmsg-json.c scripts/kmsg-json.h

commit "scripts/kmsg-gen: check messages against their descriptions" \
"Reads the .kmsg.records of an ELF object of either class and byte order,
looks each tag's description up and, for make D=1, reports a message
without one (with a template), a Text that differs from the format, a
wrong severity, a parameter count that differs from the format's
conversions and a tag described twice." \
	-- scripts/kmsg-records.c scripts/kmsg-check.c

commit "scripts/kmsg-gen: write the catalog section and man pages" \
"kmsg-catalog.c writes the .kmsg_catalog section in the object's byte
order, its layout that of include/linux/kmsg_catalog.h for this tool and
the kernel (static_asserts on sizes and offsets), as bytes that the
assembler includes with .incbin; kmsg-man.c writes a message's man page
for make D=2." \
	-- scripts/kmsg-catalog.c scripts/kmsg-man.c

commit "kbuild: check message descriptions and build the kmsg catalog" \
"scripts/kmsg-gen reads the call-site records of vmlinux.o and of each
module, checks them against their descriptions (make D=1), writes man
pages (make D=2) and emits the .kmsg_catalog section linked into the
image (CONFIG_KMSG_CATALOG); its index command writes the text catalog
that make kmsg_install puts next to the modules." \
	0002-kbuild-build-the-kmsg-catalog-into-vmlinux-and-modules.patch -- \
	scripts/kmsg-gen.c scripts/kmsg-commands.c

commit "kmsg: publish the message catalog in sysfs and procfs" \
"/sys/kernel/kmsg/<component>/<id>/ shows the text, severity, parameters,
description and user action of each message of vmlinux (at boot) and of
every module (as it loads, before its init function); /proc/kmsg_catalog
lists them.  Each section is validated first; a tag two images share is
served by the first and handed over when it goes.  KUnit tests cover the
validator." \
	0003-kmsg-catalog-registry-Kconfig-and-module-section.patch -- \
	kernel/kmsg_catalog.c kernel/kmsg_catalog_validate.c kernel/kmsg_catalog_internal.h \
	kernel/kmsg_catalog_test.c \
	Documentation/ABI/testing/sysfs-kernel-kmsg

commit "s390/xpram: expanded storage block driver on the kmsg API" \
"Expanded storage as up to 32 block devices, written for 6.12, with its
messages in Documentation/kmsg/s390/xpram." \
	0004-s390-xpram-expanded-storage-block-driver-on-the-kmsg-API.patch -- \
	drivers/s390/block/xpram.c Documentation/kmsg/s390/xpram

commit "tools/kmsg: read the catalog from sysfs and the installed file" \
"The entries of /sys/kernel/kmsg, read on demand, and of the catalog
file that make kmsg_install writes next to the modules, in a table by
tag; the printf matcher that reads a message's values back from a line
with the entry's format.  Not built yet: the command comes later in
this series." \
	-- tools/kmsg/db.c tools/kmsg/util.c tools/kmsg/match.c tools/kmsg/match.h \
	tools/kmsg/kmsg.h

commit "tools/kmsg: find the kernel's message in a log line" \
"The kernel's message inside a line as dmesg (plain, -T, -x, --time-format
iso, -r), /dev/kmsg, journalctl -k (short, short-iso, short-precise,
short-monotonic, short-full, cat, json) and syslog daemons (RFC 3164 and
3339) write it, recognised by content." \
	-- tools/kmsg/logline.c tools/kmsg/logline.h

commit "tools/kmsg: find the catalog entry of a message" \
"A message's entry by its tag, by the lookup2 id SUSE's and Ubuntu's
kernels print (hypfs.7f5705), or, from kernels without ids, by its text
within its component, device lines too, and, for a line that names no
component, among the formats of every component, through an index of the
formats' literal words." \
	-- tools/kmsg/identify.c

commit "tools/kmsg: read logs, compressed logs and support archives" \
"Files and standard input line by line, whatever their bytes (NULs,
CRLF, lines of megabytes), gzip, xz and zstd through zlib, liblzma and
libzstd where the build has them, and directories such as an unpacked
sosreport or supportconfig, whose kernel logs are found by content;
the JSON lines of journalctl -o json." \
	-- tools/kmsg/input.c tools/kmsg/input.h tools/kmsg/logs.c tools/kmsg/logs.h \
	tools/kmsg/json.c

commit "tools/kmsg: explain kernel messages from the catalog" \
"kmsg explain TAG|LINE, kmsg annotate FILE|DIR, kmsg report FILE|DIR and
kmsg list read /sys/kernel/kmsg and the catalog file that make
kmsg_install writes next to the modules, so messages of modules that are
not loaded are explained too.  make kmsg_install also installs the man
page of each described message into /usr/share/man/man9
(INSTALL_KMSG_MAN_PATH), which kmsg explain names.  tools/Makefile
builds, installs and cleans it as "kmsg", like the other tools." \
	0005-kbuild-install-the-kmsg-catalog-with-the-modules.patch \
	0061-tools-build-kmsg-from-tools-Makefile.patch -- \
	tools/kmsg/kmsg.c tools/kmsg/Makefile

commit "tools/kmsg: the kmsg(8) manual page" \
"What each command prints, the log formats it reads, the order in which
it looks for the catalog (sysfs, the catalog installed with the modules,
the system catalog of the kmsg package), the report and --json." \
	-- tools/kmsg

COMMIT_HOOK=without_oops_test commit "selftests/kmsg: test the message catalog with test modules" \
"Log prefixes, sysfs files against descriptions, module load and unload,
shared tags, a corrupt catalog section and a load/unload stress test;
in TARGETS, so make kselftest runs them." \
	0062-selftests-run-the-kmsg-tests-with-make-kselftest.patch -- \
	tools/testing/selftests/kmsg Documentation/kmsg/kmsgcat

commit "docs: kmsg: the message catalog as a book" \
"Documentation/sphinx/kernel_messages.py renders the descriptions of
Documentation/kmsg and of sources, as scripts/kmsg-gen dump reads them,
into the HTML book: a page per component with every message anchored by
its tag (kmsg/s390/cio.html#cio-12), its text, severity, parameters,
description and user action, and Documentation/kmsg/catalog.rst with
each component's message count.  The text goes into docutils nodes as
it is, so nothing in a format string is read as reST.  make htmldocs
builds scripts/kmsg-gen first; without it the build stops." \
	0060-docs-kmsg-the-message-catalog-as-a-book.patch -- \
	Documentation/sphinx/kernel_messages.py Documentation/kmsg/catalog.rst \
	Documentation/kmsg/kmsgcat.rst Documentation/kmsg/s390/xpram.rst

commit "scripts: convert a component's messages to kmsg ids with Coccinelle" \
"scripts/kmsg-convert.py numbers the pr_<level>(), dev_<level>() and
printk(KERN_<LEVEL>) calls of the files of one component in source order
and has scripts/coccinelle/misc/kmsg.cocci turn them into kmsg_*() calls;
the format strings stay as they are." \
	-- scripts/kmsg-convert.py scripts/coccinelle/misc/kmsg.cocci

# One change per converted component, with its descriptions.
for p in $(grep -- '-kmsg-message-ids\.patch$' "$top/patches/series"); do
	# the component: the first file of the patch that names it (the boot
	# stage's names it BOOT_KMSG_COMPONENT, in <asm/boot_kmsg.h>)
	file= comp=
	for f in $(sed -n 's|^+++ b/||p' "$top/patches/$p" | grep -vx MAINTAINERS); do
		comp=$(sed -n 's/^#define[[:space:]]*\(BOOT_\)\{0,1\}KMSG_COMPONENT[[:space:]]*"\(.*\)".*/\2/p' \
			"$top/build/linux/$f" | head -n 1)
		[ -n "$comp" ] && { file=$f; break; }
	done
	if [ -z "$comp" ] || [ ! -e "$top/Documentation/kmsg/s390/$comp" ]; then
		echo "patches: $p: no KMSG_COMPONENT with descriptions in $file" >&2
		exit 1
	fi
	where=$(dirname "$file")
	how="get ids with
scripts/kmsg-convert.py"
	if [ "$comp" = boot ]; then
		where=arch/s390/boot
		how="get ids from
<asm/boot_kmsg.h>, which lists each with its level and format once: the
decompressor prints it from there, arch/s390/kernel/boot_kmsg.c puts its
record into vmlinux, whose catalog describes it.  With CONFIG_KMSG_IDS
the decompressor also keeps the lines in its boot data, and setup_arch()
passes them to printk() at their levels, so that a successful boot has
them in the kernel log"
	fi
	commit "s390/$comp: message ids and descriptions" \
"The messages of the $comp component (${where}) $how; their format strings are unchanged.  Each is
described in Documentation/kmsg/s390/$comp, which MAINTAINERS lists
in the section of the component's sources, so that get_maintainer.pl
names the driver's maintainers for a change of a description;
Documentation/kmsg/s390/$comp.rst is its page of the book." \
		"$p" -- "Documentation/kmsg/s390/$comp" "Documentation/kmsg/s390/$comp.rst"
done

COMMIT_HOOK=without_boot_test commit "selftests/kmsg: an s390 oops explained, its text unchanged" \
"kmsg_oops.sh loads test_kmsg_oops, whose kernel thread reads an address
that nothing maps, and checks that the fault report and the oops are in
the log as before the oops and fault components got catalog entries, that
no line of them carries a tag, and that kmsg annotate explains each line.
It runs only with KMSG_TEST_OOPS=1, as the kernel is tainted after it." \
	-- tools/testing/selftests/kmsg/kmsg_oops.sh \
	tools/testing/selftests/kmsg/test_modules/test_kmsg_oops.c \
	tools/testing/selftests/kmsg/Makefile tools/testing/selftests/kmsg/test_modules/Makefile

commit "selftests/kmsg: the s390 boot stage's messages in the kernel log" \
"kmsg_boot.sh, first of the tests, as later ones fill the log: booted with
facilities=!25 (a facility every machine level requires), the boot stage
warns; the warning and its list of facilities are in the kernel log once,
with their tags and levels, before setup_arch()'s own lines, and kmsg
annotate explains them from sysfs.  It skips when the command line clears
no facility." \
	-- tools/testing/selftests/kmsg/kmsg_boot.sh tools/testing/selftests/kmsg/Makefile

# Every file of ours that ws/prepare.sh puts into the tree is in the
# series, as it is here, but the project's own kernel configurations.
lost=
for f in $(cd "$top" && git ls-files $OVERLAY_DIRS); do
	case $f in kernel/configs/kmsg_*.config) continue ;; esac
	cmp -s "$top/$f" "$work/$f" || lost="$lost $f"
done
if [ -n "$lost" ]; then
	echo "patches: in the tree but not (or not so) in the series:$lost" >&2
	exit 1
fi

git format-patch -q --cover-letter -o "$out" "$base"

# The cover letter: ws/cover-letter.txt with its {{measure}} fields
# filled from BENCHMARKS.md (ws/figures.py).
"$top/ws/figures.py" fill "$top/ws/cover-letter.txt" > "$out/cover.txt" || exit 1
"$top/ws/patches-cover-letter.py" "$out/cover.txt" "$out"/0000-cover-letter.patch || exit 1
rm -f "$out/cover.txt"
ls "$out"
