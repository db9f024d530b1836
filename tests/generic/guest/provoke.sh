#!/bin/sh
# Run in the x86_64 generic guest by tests/33-guest-generic.sh: make the
# kernel print the messages administrators meet, for real, then print the
# kernel log.  The reports come between the markers that tell
# ws/guest-problems.sh they are expected.
echo KMSG-EXPECTED-OOPS-BEGIN > /dev/kmsg

# An OOM kill: a program that takes memory until the OOM killer ends it
# (the shell is protected, the hog is the first choice).
echo -1000 > /proc/self/oom_score_adj
sh -c 'echo 1000 > /proc/self/oom_score_adj; exec /extra/hog'
echo "hog: exit $?"

# A hung task: a kernel thread asleep uninterruptibly for 8 s, with the
# detector's timeout at 2 s.
echo 2 > /proc/sys/kernel/hung_task_timeout_secs
insmod /extra/kmsg_provoke.ko hung_secs=8 && sleep 10 && rmmod kmsg_provoke
echo "hung: done $?"

# A soft lockup: a CPU busy with preemption off for 5 s, the threshold
# at 2 s (twice kernel.watchdog_thresh).
echo 1 > /proc/sys/kernel/watchdog_thresh
insmod /extra/kmsg_provoke.ko lockup_secs=5 && sleep 1 && rmmod kmsg_provoke
echo "lockup: done $?"
echo 10 > /proc/sys/kernel/watchdog_thresh

# Block I/O errors: a device-mapper device of the error target, read.
minor=$(/extra/dmerror kmsgerr 2048)
dd if=/dev/dm-$minor of=/dev/null bs=4096 count=1 2>/dev/null
echo "dm-$minor read: exit $?"

# An ext4 error: a file system whose directory block fails its checksum.
losetup /dev/loop0 /extra/ext4.img
mkdir -p /mnt
mount -t ext4 /dev/loop0 /mnt && ls /mnt/dir > /dev/null 2>&1
echo "ls: exit $?"
umount /mnt

# A link change: the e1000e NIC brought up.
ip link set eth0 up
sleep 4
echo KMSG-EXPECTED-OOPS-END > /dev/kmsg

# A converted module's catalog: raid456's entries come and go with it.
modprobe raid456 && echo "KMSG-MODULE loaded $(grep -c ' raid456 ' /proc/kmsg_catalog)"
rmmod raid456 && echo "KMSG-MODULE removed $(grep -c ' raid456 ' /proc/kmsg_catalog)"

# The running kernel's own catalog: the entries of the converted calls in
# /sys/kernel/kmsg, and the kernel log explained from there by the kmsg
# tool (no system catalog in the guest).
echo KMSG-SYSFS-BEGIN
for e in oom/1 oom/2 oom/6 hung_task/1 hung_task/3 watchdog/1 watchdog/8 nvme/14 usb/3; do
	printf '%s\t%s\t%s\n' "$e" "$(cat /sys/kernel/kmsg/$e/severity)" "$(cat /sys/kernel/kmsg/$e/text)"
done
dmesg | /extra/kmsg --json annotate
echo KMSG-SYSFS-END
echo KMSG-DMESG-BEGIN
dmesg
