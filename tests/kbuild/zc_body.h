/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The same calls twice: through kmsg_*() (zc_kmsg.c) and written out as
 * the printk() they stand for (zc_printk.c).  With CONFIG_KMSG_IDS=n the
 * two objects' .text must be identical.
 */
#include <linux/module.h>
#include <linux/printk.h>

#ifdef ZC_KMSG
#define KMSG_COMPONENT "xpram"
#include <linux/kmsg.h>
#define ZC_ERR(fmt, ...)	kmsg_err(1, fmt, ##__VA_ARGS__)
#define ZC_WARN(fmt, ...)	kmsg_warn(2, fmt, ##__VA_ARGS__)
#define ZC_INFO(fmt, ...)	kmsg_info(0, fmt, ##__VA_ARGS__)
#else
#define ZC_ERR(fmt, ...)	printk(KERN_ERR "xpram: " fmt, ##__VA_ARGS__)
#define ZC_WARN(fmt, ...)	printk(KERN_WARNING "xpram: " fmt, ##__VA_ARGS__)
#define ZC_INFO(fmt, ...)	printk(KERN_INFO "xpram: " fmt, ##__VA_ARGS__)
#endif

int zc_report(int devs, unsigned long kb);
int zc_report(int devs, unsigned long kb)
{
	if (devs <= 0 || devs > 32) {
		ZC_ERR("%d is not a valid number of XPRAM devices\n", devs);
		return -EINVAL;
	}
	if (!kb)
		ZC_WARN("no memory\n");
	ZC_INFO("%d devices, %lu KiB\n", devs, kb);
	return 0;
}
