/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The same calls three times: through kmsg_*() (zc_kmsg.c), written out as
 * the printk() and dev_<level>() calls they stand for in this
 * configuration (zc_printk.c: with CONFIG_KMSG_IDS the prefix carries the
 * id; without, the calls are pr_<level>()'s printk() and dev_<level>()
 * themselves), and without ids (zc_plain.c, for the size of the ids).  ws/zero-cost.sh
 * requires zc_kmsg.o and zc_printk.o to be the same, byte for byte.
 */
#define pr_fmt(fmt) "xpram: " fmt
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
#define ZC_ERR_ONCE(fmt, ...)	kmsg_err_once(4, fmt, ##__VA_ARGS__)
#define ZC_WARN_RL(fmt, ...)	kmsg_warn_ratelimited(5, fmt, ##__VA_ARGS__)
#define ZC_DEV_ERR_ONCE(dev, fmt, ...) kmsg_dev_err_once(6, dev, fmt, ##__VA_ARGS__)
#define ZC_DEV_WARN_RL(dev, fmt, ...)					\
	kmsg_dev_warn_ratelimited(7, dev, fmt, ##__VA_ARGS__)
#else
#ifdef ZC_IDS
#define ZC_PFX(id)		"xpram." #id ": "
#else
#define ZC_PFX(id)		"xpram: "
#endif
#define ZC_ERR(fmt, ...)	printk(KERN_ERR ZC_PFX(1) fmt, ##__VA_ARGS__)
#define ZC_WARN(fmt, ...)	printk(KERN_WARNING ZC_PFX(2) fmt, ##__VA_ARGS__)
#define ZC_INFO(fmt, ...)	printk(KERN_INFO "xpram: " fmt, ##__VA_ARGS__)
#ifdef ZC_IDS
/* With ids: the tag, then what dev_<level>() prints, through its emitter */
#define ZC_DEV(lvl, id, dev, fmt, ...)					\
	({								\
		__printk_index_emit(KERN_SOH #lvl ZC_PFX(id) "%s %s: " fmt, \
				    NULL, NULL);			\
		dev_printk_emit(lvl, dev, ZC_PFX(id) "%s %s: " fmt,	\
				dev_driver_string(dev), dev_name(dev),	\
				##__VA_ARGS__);				\
	})
#define ZC_DEV_ERR(dev, fmt, ...) ZC_DEV(3, 3, dev, fmt, ##__VA_ARGS__)
#else
/* Without ids: the dev_<level>() calls themselves */
#define ZC_DEV_ERR(dev, fmt, ...) dev_err(dev, fmt, ##__VA_ARGS__)
#endif
#define ZC_ERR_ONCE(fmt, ...)	printk_once(KERN_ERR ZC_PFX(4) fmt, ##__VA_ARGS__)
#define ZC_WARN_RL(fmt, ...)						\
	printk_ratelimited(KERN_WARNING ZC_PFX(5) fmt, ##__VA_ARGS__)
#ifdef ZC_IDS
/* dev_level_once() and dev_level_ratelimited() around the same */
#define ZC_DEV_ERR_ONCE(dev, fmt, ...)					\
do {									\
	static bool __print_once __read_mostly;				\
									\
	if (!__print_once) {						\
		__print_once = true;					\
		ZC_DEV(3, 6, dev, fmt, ##__VA_ARGS__);			\
	}								\
} while (0)
#define ZC_DEV_WARN_RL(dev, fmt, ...)					\
do {									\
	static DEFINE_RATELIMIT_STATE(_rs,				\
				      DEFAULT_RATELIMIT_INTERVAL,	\
				      DEFAULT_RATELIMIT_BURST);		\
	if (__ratelimit(&_rs))						\
		ZC_DEV(4, 7, dev, fmt, ##__VA_ARGS__);			\
} while (0)
#else
#define ZC_DEV_ERR_ONCE(dev, fmt, ...) dev_err_once(dev, fmt, ##__VA_ARGS__)
#define ZC_DEV_WARN_RL(dev, fmt, ...)					\
	dev_warn_ratelimited(dev, fmt, ##__VA_ARGS__)
#endif
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
	if (kb > 2048)
		ZC_ERR_ONCE("%lu KiB, and only once\n", kb);
	if (kb > 4096)
		ZC_WARN_RL("%lu KiB, now and then\n", kb);
	if (kb > 8192)
		ZC_DEV_ERR_ONCE(dev, "%lu KiB on a device, once\n", kb);
	if (kb > 16384)
		ZC_DEV_WARN_RL(dev, "%lu KiB on a device, now and then\n", kb);
	ZC_INFO("%d devices, %lu KiB\n", devs, kb);
	return 0;
}
