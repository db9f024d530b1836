/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The messages of the boot stage (arch/s390/boot) that have a catalog
 * entry, component "boot".
 *
 * The decompressor prints them with boot_kmsg() before the kernel proper
 * runs.  Their call-site records cannot come from its objects, which are
 * linked after vmlinux, so each message is defined here once, as its id,
 * level and format: the decompressor prints it from here, and
 * arch/s390/kernel/boot_kmsg.c puts its record into vmlinux, whose
 * catalog then describes it (Documentation/kmsg/s390/boot) and whose
 * make D=1 checks the description against the format.
 *
 * With CONFIG_KMSG_IDS a line reads "boot.<id>: <text>" on the console,
 * and the decompressor keeps it in boot_kmsg_log, which the kernel copies
 * with the rest of its boot data; setup_arch() passes the lines to
 * printk() at their levels (boot_kmsg_replay()), so that what the boot
 * stage said before a successful boot is in the kernel log.  Without
 * CONFIG_KMSG_IDS the boot stage prints the lines as it always did and
 * nothing is kept.
 */
#ifndef _ASM_S390_BOOT_KMSG_H
#define _ASM_S390_BOOT_KMSG_H

#define BOOT_KMSG_COMPONENT "boot"

/* BOOT_KMSG_<name>: id, level (a printk level digit), format */
#define BOOT_KMSG_HW_TOO_OLD		1, "0",				\
	"The Linux kernel requires more recent processor hardware\n"
#define BOOT_KMSG_MACHINE_TYPE		2, "0",				\
	"Detected machine-type number: %4x\n"
#define BOOT_KMSG_FACILITY_LIST		3, "4", "%s\n"
#define BOOT_KMSG_SEE_POP		4, "0",				\
	"See Principles of Operations for facility bits\n"
#define BOOT_KMSG_FACILITIES_CLEARED	5, "4",				\
	"Warning: The Linux kernel requires facilities cleared via command line option\n"
#define BOOT_KMSG_KASLR_NO_PRNG		6, "4",				\
	"KASLR disabled: CPU has no PRNG\n"
#define BOOT_KMSG_BASE_FORCED		7, "5",				\
	"The kernel base address is forced to %lx\n"
#define BOOT_KMSG_OUT_OF_MEMORY		8, "0",				\
	"Out of memory allocating %lx bytes %lx aligned in range %lx:%lx\n"
#define BOOT_KMSG_KERNEL_FAULT		9, "0",				\
	"Kernel fault: interruption code %04x ilc:%x\n"

/* The lines kept for the kernel: NUL-terminated strings, then a NUL. */
#define BOOT_KMSG_LOG_SIZE	2048

#ifdef CONFIG_KMSG_IDS
extern char boot_kmsg_log[BOOT_KMSG_LOG_SIZE];
void boot_kmsg_replay(void);
#else
static inline void boot_kmsg_replay(void) { }
#endif

#endif /* _ASM_S390_BOOT_KMSG_H */
