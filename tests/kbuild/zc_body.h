/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The same calls three times: through kmsg_*() (zc_kmsg.c), written out as
 * the printk() they stand for in this configuration (zc_printk.c: with
 * CONFIG_KMSG_IDS the prefix carries the id), and as plain printk()
 * without ids (zc_plain.c, for the size of the ids).  ws/zero-cost.sh
 * requires zc_kmsg.o and zc_printk.o to be the same, byte for byte.
 */
#include <linux/device.h>
#include <linux/module.h>
#include <linux/printk.h>

#ifdef ZC_KMSG
#define KMSG_COMPONENT "xpram"
#include <linux/kmsg.h>
#define ZC_ERR(fmt, ...)	kmsg_err(1, fmt, ##__VA_ARGS__)
#define ZC_WARN(fmt, ...)	kmsg_warn(2, fmt, ##__VA_ARGS__)
#define ZC_INFO(fmt, ...)	kmsg_info(0, fmt, ##__VA_ARGS__)
#define ZC_DEV_ERR(dev, fmt, ...) kmsg_dev_err(3, dev, fmt, ##__VA_ARGS__)
#else
#ifdef ZC_IDS
#define ZC_PFX(id)		"xpram." #id ": "
#else
#define ZC_PFX(id)		"xpram: "
#endif
#define ZC_ERR(fmt, ...)	printk(KERN_ERR ZC_PFX(1) fmt, ##__VA_ARGS__)
#define ZC_WARN(fmt, ...)	printk(KERN_WARNING ZC_PFX(2) fmt, ##__VA_ARGS__)
#define ZC_INFO(fmt, ...)	printk(KERN_INFO "xpram: " fmt, ##__VA_ARGS__)
/* What dev_err() does, with the component prefix before the device name */
#define ZC_DEV_ERR(dev, fmt, ...)					\
	({								\
		__printk_index_emit(KERN_ERR ZC_PFX(3) "%s: " fmt, NULL, NULL); \
		dev_printk_emit(3, dev, ZC_PFX(3) "%s: " fmt,		\
				dev_name(dev), ##__VA_ARGS__);		\
	})
#endif

int zc_report(struct device *dev, int devs, unsigned long kb);
int zc_report(struct device *dev, int devs, unsigned long kb)
{
	if (devs <= 0 || devs > 32) {
		ZC_ERR("%d is not a valid number of XPRAM devices\n", devs);
		return -EINVAL;
	}
	if (!kb)
		ZC_WARN("no memory\n");
	if (kb > 1024)
		ZC_DEV_ERR(dev, "%lu KiB is too much\n", kb);
	ZC_INFO("%d devices, %lu KiB\n", devs, kb);
	return 0;
}
