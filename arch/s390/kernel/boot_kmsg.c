// SPDX-License-Identifier: GPL-2.0
/*
 * The boot stage's messages in the kernel: their catalog records, and
 * the lines the decompressor kept for the kernel log.
 *
 * arch/s390/boot prints the messages of <asm/boot_kmsg.h> before vmlinux
 * runs.  The records below are the ones a kmsg_<level>() call with the
 * same id, level and format leaves, so vmlinux's catalog has entries for
 * them and make D=1 checks their descriptions (Documentation/kmsg/s390/boot).
 */

#define KMSG_COMPONENT BOOT_KMSG_COMPONENT
#define pr_fmt(fmt) fmt

#include <linux/build_bug.h>
#include <linux/init.h>
#include <linux/kmsg.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/boot_kmsg.h>
#include <asm/sections.h>

/* The record of message BOOT_KMSG_<name> */
#define boot_kmsg_record(name)	__boot_kmsg_record(BOOT_KMSG_##name)
#define __boot_kmsg_record(...)	___boot_kmsg_record(__VA_ARGS__)
#define ___boot_kmsg_record(id, level, fmt)	__kmsg_record(id, level, fmt)

boot_kmsg_record(HW_TOO_OLD);
boot_kmsg_record(MACHINE_TYPE);
boot_kmsg_record(FACILITY_LIST);
boot_kmsg_record(SEE_POP);
boot_kmsg_record(FACILITIES_CLEARED);
boot_kmsg_record(KASLR_NO_PRNG);
boot_kmsg_record(BASE_FORCED);
boot_kmsg_record(OUT_OF_MEMORY);
boot_kmsg_record(KERNEL_FAULT);

/* Its id: a decimal constant from 1 to 65535, as kmsg.h wants an id */
#define boot_kmsg_check(name)	__boot_kmsg_check(BOOT_KMSG_##name)
#define __boot_kmsg_check(...)	___boot_kmsg_check(__VA_ARGS__)
#define ___boot_kmsg_check(id, level, fmt)				\
	static_assert((id) >= 1 && (id) <= KMSG_ID_MAX &&		\
		      sizeof(__stringify(id)) - 1 == __kmsg_ndigits(id),	\
		      "boot_kmsg: id '" __stringify(id) "' of \"" fmt	\
		      "\" is not a decimal constant from 1 to 65535")

boot_kmsg_check(HW_TOO_OLD);
boot_kmsg_check(MACHINE_TYPE);
boot_kmsg_check(FACILITY_LIST);
boot_kmsg_check(SEE_POP);
boot_kmsg_check(FACILITIES_CLEARED);
boot_kmsg_check(KASLR_NO_PRNG);
boot_kmsg_check(BASE_FORCED);
boot_kmsg_check(OUT_OF_MEMORY);
boot_kmsg_check(KERNEL_FAULT);

#ifdef CONFIG_KMSG_IDS
/* Filled by the decompressor (arch/s390/boot/printk.c), freed after init */
char __bootdata(boot_kmsg_log)[BOOT_KMSG_LOG_SIZE];

/**
 * boot_kmsg_replay() - pass the boot stage's messages to the kernel log
 *
 * The decompressor printed its boot_kmsg() lines on the console before
 * the kernel ran, and kept each, KERN_SOH and level first, in
 * boot_kmsg_log, which it copied into the kernel with the rest of its
 * boot data.  Each line goes to printk() as it was kept, and printk()
 * takes the level from its start.  Called once, at the start of
 * setup_arch().
 */
void __init boot_kmsg_replay(void)
{
	size_t pos = 0, len;

	while (pos < sizeof(boot_kmsg_log) && boot_kmsg_log[pos]) {
		len = strnlen(boot_kmsg_log + pos, sizeof(boot_kmsg_log) - pos);
		if (pos + len == sizeof(boot_kmsg_log))
			break;		/* not terminated: not a line kept */
		/* the level is the line's: printk() reads it from the text */
		printk("%s", boot_kmsg_log + pos);
		pos += len + 1;
	}
}
#endif
