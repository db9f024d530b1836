#!/bin/bash
# The generic messages printed for real and explained: an x86_64 kernel of
# kmsg_generic.config (hung task and soft lockup detectors, ext4, loop,
# device-mapper, e1000e, NVMe, USB; built with make D=1, which checks every entry of
# Documentation/kmsg/generic against this tree) boots in QEMU with an
# e1000e NIC, and tests/generic/guest/provoke.sh makes it print an OOM
# kill (a memory hog), a hung task and a soft lockup (kmsg_provoke.ko),
# buffer I/O errors (a device-mapper error target) and an ext4 error (a
# directory block with a bad checksum), and brings the NIC's link up;
# the NVMe driver's and the USB core's probe lines carry their ids, and
# the converted module raid456 registers its entries and withdraws them.
# The kernel's own lines are then explained by the system catalog, each
# by its entry, and inside the guest by the kernel's own catalog in
# /sys/kernel/kmsg, whose entries the converted calls of the lockup and
# hung task detectors, the OOM killer, NVMe and USB give it.
# check: long
# check: kernel x86_64-generic x86_64-generic-no-ids
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
. "$top/ws/kconfigs.sh"
kconfig x86_64-generic
. "$top/ws/vars.sh"
out=$top/build/test-guest-generic
rm -rf "$out"
mkdir -p "$out/extra"
gdir=$top/tests/generic/guest

"$top/ws/kbuild.sh" x86_64-generic > "$out/build.log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -n 20 "$out/build.log" | sed 's/^/# /'
check "the x86_64 kernel of kmsg_generic.config builds with make D=1 (exit $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || done_testing
# make D=1 proves every generic Text against this tree when it links
# vmlinux: with a copy of the descriptions in which one Text is changed
# (KMSG_GENERIC_DIR), the link fails naming it; with the real ones, a new
# link passes.
mkdir -p "$out/broken"
cp "$top"/Documentation/kmsg/generic/* "$out/broken/"
sed -i '0,/^ \* Text: "%s: Killed process /s//&of /' "$out/broken/oom"
rm -f "$KOUT/vmlinux"
KMSG_GENERIC_DIR=$out/broken kmake D=1 vmlinux > "$out/broken.log" 2>&1
rc=$?
check "make D=1 fails when a generic Text is not printed by its source, naming it (exit $rc)" \
	sh -c "[ $rc -ne 0 ] && grep -q 'broken/oom:[0-9]*: oom.1: \"%s: Killed process of .* is not printed by its Source: files' '$out/broken.log'"
rm -f "$KOUT/vmlinux"
"$top/ws/kbuild.sh" x86_64-generic > "$out/relink.log" 2>&1
rc=$?
check "make D=1 links vmlinux again with every generic entry proved (exit $rc)" \
	[ $rc -eq 0 -a -f "$KOUT/vmlinux" ]

# Off means off: with CONFIG_KMSG_IDS=n the converted files (the lockup
# and hung task detectors, the OOM killer, NVMe, the USB core) compile to
# pristine 6.12's code.
relay < <("$top/tests/ids-off/off-means-off.sh" x86_64-generic x86_64-generic-no-ids)

# What the guest runs: the module, two static helpers, a corrupted ext4.
cp "$gdir/kmsg_provoke.c" "$gdir/Kbuild" "$out/"
kmake M="$out" modules > "$out/module.log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -n 20 "$out/module.log" | sed 's/^/# /'
check "kmsg_provoke.ko builds against the kernel (exit $rc)" [ $rc -eq 0 -a -f "$out/kmsg_provoke.ko" ]
gcc -static -O2 -Wall -Wextra -Werror -o "$out/extra/hog" "$gdir/hog.c" &&
	gcc -static -O2 -Wall -Wextra -Werror -o "$out/extra/dmerror" "$gdir/dmerror.c"
check "the memory hog and the device-mapper helper build static" [ $? -eq 0 ]
cp "$out/kmsg_provoke.ko" "$gdir/provoke.sh" "$out/extra/"
# the kmsg tool in the guest, static: it has busybox only
mkdir -p "$out/static"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE -u ARCH \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$out/static/" LDFLAGS=-static \
	> "$out/static.log" 2>&1 && cp "$out/static/kmsg" "$out/extra/kmsg"
check "the kmsg tool builds static for the guest (exit $?)" [ -x "$out/extra/kmsg" ]

# ext4 with metadata checksums, a directory of a few files, then its
# block overwritten: reading the directory fails the checksum.
img=$out/extra/ext4.img
mkfs.ext4 -q -F -O metadata_csum -b 1024 "$img" 4M &&
	debugfs -w -R "mkdir dir" "$img" > /dev/null 2>&1 &&
	blk=$(debugfs -R "blocks /dir" "$img" 2>/dev/null | awk '{ print $1 }') &&
	[ -n "$blk" ] &&
	printf 'kmsg: not a directory block' | dd of="$img" bs=1 seek=$((blk * 1024 + 100)) conv=notrunc 2>/dev/null
check "a corrupted ext4 image (directory block ${blk:-?} overwritten)" [ $? -eq 0 ]

# an NVMe disk and a USB tablet on an xHCI controller: the probe lines of
# their drivers have ids (nvme.14, usb.3)
truncate -s 16M "$out/nvme.img"
QEMU_DEVICES="-netdev user,id=n0 -device e1000e,netdev=n0
	-drive file=$out/nvme.img,if=none,id=nv0,format=raw -device nvme,serial=kmsg0001,drive=nv0
	-device qemu-xhci,id=xhci -device usb-tablet,bus=xhci.0" \
	"$top/ws/guest.sh" -x "$out/extra" -t "${GUEST_TIMEOUT:-900}" 'sh /extra/provoke.sh' \
	> "$out/guest.out" 2> "$out/guest.err"
rc=$?
[ $rc -eq 0 ] || sed 's/^/# /' "$out/guest.err" | tail -n 30
check "the guest runs provoke.sh to the end (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && grep -qx KMSG-DMESG-BEGIN '$out/guest.out'"
sed '1,/^KMSG-DMESG-BEGIN$/d' "$out/guest.out" > "$out/dmesg.log"
sed -n '/^KMSG-SYSFS-BEGIN$/,/^KMSG-SYSFS-END$/p' "$out/guest.out" | sed '1d;$d' > "$out/sysfs.out"

# A converted module of this kernel registers its catalog when it loads
# (its entries listed with it as their owner) and withdraws it when it goes.
want=$("$KOUT/scripts/kmsg-gen" index --srctree "$top/build/linux" --srcarch x86 \
	"$KOUT/drivers/md/raid456.o" 2>/dev/null | grep -vc '^#')
got=$(sed -n 's/^KMSG-MODULE loaded //p' "$out/guest.out")
check "raid456.ko, loaded in the guest, serves its $want entries (got ${got:-none})" \
	[ "${got:-0}" -gt 0 -a "$got" = "$want" ]
got=$(sed -n 's/^KMSG-MODULE removed //p' "$out/guest.out")
check "and none once it is removed (got ${got:-none})" [ "$got" = 0 ]

# Each provoked message: the kernel printed it, and the system catalog
# explains that line by the entry that describes it.
"$top/ws/system-catalog.sh" "$out/system.catalog" 2> "$out/system.err"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE -u ARCH \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$out/" > "$out/tool.log" 2>&1
kmsg=("$out/kmsg" --sysfs /nonexistent --catalog /nonexistent --system-catalog "$out/system.catalog")
"${kmsg[@]}" --json annotate "$out/dmesg.log" > "$out/dmesg.json"
check "kmsg annotate reads the guest's kernel log (exit $?)" [ -s "$out/dmesg.json" ]
explained() {	# explained WHAT TAG ERE: the line matching ERE, explained by TAG
	local got
	got=$(python3 -c 'import json, re, sys
for o in map(json.loads, open(sys.argv[1])):
    if re.search(sys.argv[2], o["line"]):
        print(o.get("tag", "-"), o["line"])
        break' "$out/dmesg.json" "$3")
	check "$1: \"${got#* }\" is explained by $2 (got ${got%% *})" [ "${got%% *}" = "$2" ]
}
explained "an OOM kill" oom.1 'Out of memory: Killed process [0-9]+ \(hog\)'
explained "its report" oom.2 'hog invoked oom-killer: gfp_mask='
explained "a hung task" hung_task.1 'INFO: task kmsg_hung:[0-9]+ blocked for more than [0-9]+ seconds\.'
explained "a soft lockup" watchdog.1 'watchdog: BUG: soft lockup - CPU#0 stuck for [0-9]+s! \[kmsg_lockup:[0-9]+\]'
explained "a buffer I/O error" buffer.1 'Buffer I/O error on dev dm-[0-9]+, logical block [0-9]+, async page read'
explained "an ext4 error" ext4.56 'EXT4-fs error \(device loop0\): htree_dirblock_to_tree:[0-9]+: inode #[0-9]+: comm ls: Directory block failed checksum'
explained "a link change" e1000e.1 'e1000e [0-9a-f:.]+ eth0: NIC Link is Up'
explained "a USB device found, printed with its id" usb.3 '^usb\.3: usb 1-1: New USB device found, idVendor=0627, idProduct=0001, '
explained "an NVMe probe line, printed with its id" nvme.14 '^nvme\.14: nvme nvme0: [0-9]+/0/0 default/read/poll queues$'

# Inside the guest: the converted calls' entries are the running kernel's,
# in /sys/kernel/kmsg, each with its description's Text and Severity, and
# the kmsg tool there explains the provoked lines from them.
gcc -O2 -o "$out/kmsg-gen" -I"$top/scripts" $("$top/ws/kmsg-gen-sources.sh") &&
	"$out/kmsg-gen" dump "$top"/Documentation/kmsg/generic/{oom,hung_task,watchdog,nvme,usb} \
	> "$out/generic.json" 2> "$out/dump.err"
python3 - "$out/generic.json" "$out/sysfs.out" > "$out/sysfs.tap" <<'PY'
import json, sys
want = {e["tag"]: e for e in map(json.loads, open(sys.argv[1]))}
n = 0
for line in open(sys.argv[2]):
    if line.count("\t") != 2 or line[0] == "{":
        continue
    path, sev, text = line.rstrip("\n").split("\t")
    tag = path.replace("/", ".")
    e = want.get(tag, {})
    ok = e.get("severity") == sev and e.get("text") == text
    n += 1
    print("%s - /sys/kernel/kmsg/%s in the guest: %s \"%s\"%s" %
          ("ok" if ok else "not ok", path, sev, text,
           "" if ok else " (described: %s \"%s\")" % (e.get("severity"), e.get("text"))))
if n != 9:
    print("not ok - the guest listed 9 entries of /sys/kernel/kmsg (got %d)" % n)
PY
relay < "$out/sysfs.tap"
grep '^{' "$out/sysfs.out" > "$out/sysfs.json"
inside() {	# inside WHAT TAG ERE: the guest's kmsg explained it by TAG from sysfs
	local got
	got=$(python3 -c 'import json, re, sys
for o in map(json.loads, open(sys.argv[1])):
    if re.search(sys.argv[2], o["line"]):
        print(o.get("tag", "-"), o.get("source", "-"), o["line"])
        break' "$out/sysfs.json" "$3")
	set -- "$1" "$2" "${got%% *}" "$(echo "$got" | cut -d' ' -f2)" "$(echo "$got" | cut -d' ' -f3-)"
	check "in the guest, $1: \"$5\" is explained by $2 from sysfs (got $3 from $4)" \
		[ "$3" = "$2" -a "$4" = sysfs ]
}
inside "an OOM kill" oom.1 'Out of memory: Killed process [0-9]+ \(hog\)'
inside "its report" oom.2 'hog invoked oom-killer: gfp_mask='
inside "a hung task" hung_task.1 'INFO: task kmsg_hung:[0-9]+ blocked for more than [0-9]+ seconds\.'
inside "an NVMe probe line" nvme.14 '^nvme\.14: nvme nvme0: [0-9]+/0/0 default/read/poll queues$'
inside "a USB device found" usb.3 '^usb\.3: usb 1-1: New USB device found, idVendor=0627, idProduct=0001, '
inside "a soft lockup" watchdog.1 'watchdog: BUG: soft lockup - CPU#0 stuck for [0-9]+s! \[kmsg_lockup:[0-9]+\]'
done_testing
