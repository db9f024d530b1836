#!/bin/bash
# The catalog kernel: kernel/configs/kmsg_catalog.config in
# build/obj-catalog builds every converted s390 component (modules where
# Kconfig allows) with make D=1, so every converted message must have its
# description.  Then real messages: the kernel boots in QEMU with all its
# modules loaded, and under Hercules with a 3390 DASD made by dasdinit,
# which comes online unformatted, is formatted, used, refused a second
# format and refused going offline while open; and with a 3480 tape drive
# reading a damaged tape.  Every log line of a converted component must
# carry an id and be explained by kmsg annotate.
# check: long
# check: kernel catalog
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
. "$top/ws/kconfigs.sh"
kconfig catalog
. "$top/ws/vars.sh"
out=$top/build/test-catalog
rm -rf "$out"
mkdir -p "$out/extra"

"$top/ws/kbuild.sh" catalog > "$out/build.log" 2>&1
rc=$?
[ $rc -eq 0 ] || grep -v '^ \*' "$out/build.log" | tail -n 20 | sed 's/^/# /'
check "the catalog kernel builds with make D=1 (every converted message described)" [ $rc -eq 0 ]
if [ $rc -ne 0 ]; then
	done_testing
	exit
fi
check_no_tree_path catalog

# Every file a conversion patch changes or adds is compiled in this configuration,
# but arch/s390/boot/kaslr.c, which needs CONFIG_RANDOMIZE_BASE, off here
# so far (its one message, boot.6, has its record and description checked
# all the same: the record is arch/s390/kernel/boot_kmsg.c's).  A known
# gap: turning it on changes every object of this configuration.
sed -n 's|^+++ b/\(.*\.c\)$|\1|p; s|^Adds: \(.*\.c\)$|\1|p' "$top"/patches/*-kmsg-message-ids.patch | sed 's|\.c$|.o|' |
	grep -vx 'arch/s390/boot/kaslr.o' | sort -u > "$out/converted-objects"
echo "# not required: arch/s390/boot/kaslr.o (CONFIG_RANDOMIZE_BASE is off in this configuration)"
while read -r o; do [ -f "$KOUT/$o" ] || echo "$o"; done < "$out/converted-objects" > "$out/missing-objects"
sed 's/^/# not built: /' "$out/missing-objects"
check "all $(wc -l < "$out/converted-objects") converted files are compiled in it" [ ! -s "$out/missing-objects" ]


# The components whose messages are converted and described.  Not xpram:
# it prints its informational lines with id 0 (no id, no catalog entry, as
# the contract has it) and tests/30 and 50 cover it.
comps=$(ls "$top/Documentation/kmsg/s390" | grep -v '\.rst$' | grep -vx xpram | tr '\n' ' ')
cp "$top/tools/testing/selftests/kmsg/kmsg_explained.sh" "$out/extra/"
# the selftests' DASD format helper, built by their Makefile, static for
# the busybox guest
make -s -C "$KSRC/tools/testing/selftests/kmsg" ARCH=s390 CROSS_COMPILE=s390x-linux-gnu- \
	OUTPUT="$out/extra" USERCFLAGS=-Werror LDFLAGS=-static "$out/extra/dasd_format" \
	> "$out/dasd_format.err" 2>&1
check "the DASD format helper builds for s390x with the selftests' Makefile" \
	sh -c "[ $? -eq 0 ] && s390x-linux-gnu-readelf -lh '$out/extra/dasd_format' |
		grep -q 'Machine: *IBM S/390' && ! s390x-linux-gnu-readelf -l '$out/extra/dasd_format' | grep -q INTERP"

# QEMU: the boot messages, then every module of the build loaded.  Two
# PCI functions where the configuration allows one: zpci.6 for real.
QEMU_DEVICES="-device virtio-rng-pci -device virtio-rng-pci" \
GUEST_TIMEOUT=${CATALOG_GUEST_TIMEOUT:-600} "$top/ws/guest.sh" -x "$out/extra" "
echo boot-entries=\$(ls -d /sys/kernel/kmsg/*/* | wc -l)
dmesg | grep -E 'kmsg(\.[0-9]+)?: ' | sed 's/^/boot-kmsg-line: /'
for m in \$(sed 's|.*/||; s|\.ko\$||' /lib/modules/*/modules.order); do
	modprobe \$m 2>/dev/null && echo loaded=\$m
done
ls -d /sys/kernel/kmsg/*/* | sed 's|/sys/kernel/kmsg/||; s|/|.|' | sort > /tmp/sysfs
cut -d' ' -f1 /proc/kmsg_catalog | sort > /tmp/proc
kmsg list | cut -d' ' -f1 | sort > /tmp/list
cmp -s /tmp/sysfs /tmp/proc && echo proc-equals-sysfs=\$(wc -l < /tmp/proc)
comm -23 /tmp/sysfs /tmp/list | sed 's/^/not-in-kmsg-list: /'
sort /tmp/proc | uniq -d | sed 's/^/listed-twice: /'
sh ./kmsg_explained.sh $comps" > "$out/qemu" 2> "$out/qemu.err"
rc=$?
sed 's/^/# /' "$out/qemu.err" | head -n 20
grep '^not explained' "$out/qemu" | head -n 20 | sed 's/^/# /'
boot=$(sed -n 's/^boot-entries=//p' "$out/qemu")
read -r lines good entries < <(sed -n 's/^lines=\([0-9]*\) explained=\([0-9]*\) entries=\([0-9]*\)$/\1 \2 \3/p' "$out/qemu")
echo "# QEMU: ${lines:-?} log lines of converted components, ${good:-?} explained; ${boot:-?} catalog entries registered at boot, ${entries:-?} with $(grep -c '^loaded=' "$out/qemu") modules loaded"
check "QEMU guest: every log line of a converted component carries an id and is explained" \
	sh -c "[ $rc -eq 0 ] && [ '${lines:-0}' -gt 0 ] && [ '${lines:-0}' = '${good:-}' ]"
check "QEMU guest: a second PCI function logs zpci.6 (limit CONFIG_PCI_NR_FUNCTIONS=1), explained" \
	grep -qE '^explained: zpci\.6: Adding PCI function [0-9a-f]{8} failed because the configured limit of 1 is reached$' "$out/qemu"
check "QEMU guest: the catalog has entries at boot and more with the modules" \
	sh -c "[ '${boot:-0}' -gt 0 ] && [ '${entries:-0}' -gt '${boot:-0}' ]"
check "QEMU guest: /proc/kmsg_catalog lists the same ${entries:-?} entries as /sys/kernel/kmsg, none twice" \
	sh -c "grep -qx 'proc-equals-sysfs=${entries:-x}' '$out/qemu' && ! grep -q '^listed-twice: ' '$out/qemu'"
grep '^not-in-kmsg-list: ' "$out/qemu" | head -n 5 | sed 's/^/# /'
check "QEMU guest: kmsg list lists every registered entry" \
	sh -c "grep -q '^proc-equals-sysfs=' '$out/qemu' && ! grep -q '^not-in-kmsg-list: ' '$out/qemu'"
grep '^boot-kmsg-line: ' "$out/qemu" | head -n 5 | sed 's/^/# /'
check "QEMU guest: booting with the whole catalog logs no kmsg warning or error (no tag served twice, no section rejected)" \
	sh -c "grep -q '^boot-entries=' '$out/qemu' && ! grep -q '^boot-kmsg-line: ' '$out/qemu'"

# Hercules with a 3390 model 1 volume of 10 cylinders (150 tracks).
dasdinit -z "$out/disk.3390" 3390-1 LNX001 10 > "$out/dasdinit.log" 2>&1
check "dasdinit makes a 3390 volume" [ $? -eq 0 ]
bus=0.0.0120
HERCULES_DEVICES="0120 3390 $out/disk.3390" GUEST_TIMEOUT=${HERCULES_TIMEOUT:-400} \
"$top/ws/guest.sh" -e hercules -x "$out/extra" "
modprobe dasd_eckd_mod
echo 1 > /sys/bus/ccw/devices/$bus/online
for i in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/dasda ] && break; sleep 1; done
./dasd_format /dev/dasda 150
dd if=/dev/urandom of=/tmp/a bs=4096 count=256 2>/dev/null
dd if=/tmp/a of=/dev/dasda bs=4096 seek=64 2>/dev/null && sync
echo 3 > /proc/sys/vm/drop_caches
dd if=/dev/dasda of=/tmp/b bs=4096 skip=64 count=256 2>/dev/null
cmp /tmp/a /tmp/b && echo roundtrip=ok
./dasd_format -n /dev/dasda 150
exec 3< /dev/dasda
echo 0 > /sys/bus/ccw/devices/$bus/online 2>/dev/null
echo offline-while-open=\$?
exec 3<&-
echo 0 > /sys/bus/ccw/devices/$bus/online
echo offline=\$?
dmesg | sed 's/^\[ *[0-9.]*\] //' | grep -E '^dasd'
sh ./kmsg_explained.sh $comps" > "$out/hercules" 2> "$out/hercules.err"
rc=$?
sed 's/^/# /' "$out/hercules.err" | head -n 20
has() { grep -qE -- "$1" "$out/hercules"; }
# A device message with an id: the tag, then dev_<level>()'s "driver device: ";
# dasd.53 is a plain message whose format starts with the device.
check "the DASD comes online in the Hercules guest, its message with an id" \
	has "^dasd-eckd\.[0-9]+: dasd-eckd $bus: New DASD 3390/.* with 10 cylinders, 15 heads"
check "the unformatted volume is reported with an id" has "^dasd-eckd\.[0-9]+: dasd-eckd $bus: The DASD is not formatted$"
check "it is formatted (BIODASDFMT), and 1 MiB written reads back identical after dropping caches" \
	sh -c "grep -qx 'formatted 150 tracks of /dev/dasda' '$out/hercules' && grep -qx roundtrip=ok '$out/hercules'"
check "a format while it is enabled is refused (EBUSY) and logged with an id" \
	sh -c "grep -qx 'format of an enabled DASD: Device or resource busy' '$out/hercules' &&
		grep -qE '^dasd\.[0-9]+: $bus: The DASD cannot be formatted while it is enabled$' '$out/hercules'"
check "setting it offline while open fails and is logged with an id; once closed it goes offline" \
	sh -c "grep -qx offline-while-open=1 '$out/hercules' && grep -qx offline=0 '$out/hercules' &&
		grep -qE '^dasd\.[0-9]+: dasd-eckd $bus: The DASD cannot be set offline with open count 1$' '$out/hercules'"
grep '^not explained' "$out/hercules" | head -n 20 | sed 's/^/# /'
read -r lines good entries < <(sed -n 's/^lines=\([0-9]*\) explained=\([0-9]*\) entries=\([0-9]*\)$/\1 \2 \3/p' "$out/hercules")
echo "# Hercules: ${lines:-?} log lines of converted components, ${good:-?} explained, ${entries:-?} catalog entries registered"
check "Hercules guest: every log line of a converted component (the DASD's too) is explained" \
	sh -c "[ $rc -eq 0 ] && [ '${lines:-0}' -gt 0 ] && [ '${lines:-0}' = '${good:-}' ]"

# Hercules with a 3480 tape drive whose AWS tape file is damaged: its first
# block header claims more data than the file holds.  Hercules reports the
# read with sense data whose error recovery action code (0x36) a 3480 does
# not use, and tape_34xx logs it.  (A missing tape or a read-only one
# gives an error code without a message; a truncated or corrupt HET file
# reads as a tape mark.)
{ printf '\377\377\000\000\240\000'; head -c 200 /dev/zero | tr '\000' Z; } > "$out/damaged.aws"
tbus=0.0.0580
HERCULES_DEVICES="0580 3480 $out/damaged.aws" GUEST_TIMEOUT=${HERCULES_TIMEOUT:-400} \
"$top/ws/guest.sh" -e hercules -x "$out/extra" "
modprobe tape_34xx
echo 1 > /sys/bus/ccw/devices/$tbus/online
grep '$tbus' /proc/tapedevices | sed 's/^/tapedevices: /'
dd if=/dev/ntibm0 of=/tmp/blk bs=32768 count=1 2>/dev/null
echo read-rc=\$?
line=\$(dmesg | sed 's/^\[ *[0-9.]*\] //' | grep -m 1 '^tape_34xx\.[0-9]*: tape_34xx $tbus: ')
echo \"tape-line: \$line\"
kmsg explain \"\$line\" | sed 's/^/explain: /'
echo \"\$line\" | kmsg annotate | sed 's/^/annotate: /'
sh ./kmsg_explained.sh $comps" > "$out/tape" 2> "$out/tape.err"
rc=$?
sed 's/^/# /' "$out/tape.err" | head -n 20
grep -E '^(tapedevices|read-rc|tape-line|explain): ' "$out/tape" | head -n 8 | sed 's/^/# /'
check "the 3480 tape drive comes online under Hercules and is listed in /proc/tapedevices" \
	grep -qE "^tapedevices: [0-9]+ +$tbus +3480/" "$out/tape"
check "reading the damaged tape fails" grep -qx 'read-rc=1' "$out/tape"
tag=$(sed -n "s/^tape-line: \(tape_34xx\.[0-9]*\): tape_34xx $tbus: .*/\1/p" "$out/tape")
check "and tape_34xx logs it with an id (${tag:-none})" [ -n "$tag" ]
check "kmsg explain of the line shows its entry with the parameter filled in" \
	sh -c "grep -q '^explain: $tag' '$out/tape' && grep -qE '^explain:   @1: .* = [0-9-]+$' '$out/tape'"
check "kmsg annotate explains the line" grep -q "^annotate: -- $tag (" "$out/tape"
read -r lines good entries < <(sed -n 's/^lines=\([0-9]*\) explained=\([0-9]*\) entries=\([0-9]*\)$/\1 \2 \3/p' "$out/tape")
check "Hercules tape guest: every log line of a converted component is explained (${good:-?} of ${lines:-?})" \
	sh -c "[ $rc -eq 0 ] && [ '${lines:-0}' -gt 0 ] && [ '${lines:-0}' = '${good:-}' ]"
done_testing
