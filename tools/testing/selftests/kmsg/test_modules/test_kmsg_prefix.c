// SPDX-License-Identifier: GPL-2.0
/*
 * Prints one message per kmsg level, plain and for a device, with an id
 * and with id 0, so the selftest can compare the log lines with the
 * prefixes of Documentation/kmsg/index.rst.
 */
#define KMSG_COMPONENT "kmsgtest"
/* kmsg_*() must not add pr_fmt()'s prefix a second time. */
#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt

#include <linux/kmsg.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static struct platform_device *pdev;
static unsigned int dev_evaluations;

/* The device of a kmsg_dev_*() call, counting how often it is asked for */
static struct device *counted(struct device *dev)
{
	dev_evaluations++;
	return dev;
}

static int __init test_kmsg_prefix_init(void)
{
	struct device *dev;
	int i;

	pdev = platform_device_register_simple("kmsg_prefix", -1, NULL, 0);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	dev = &pdev->dev;

	kmsg_emerg(1, "emerg %d\n", 1);
	kmsg_alert(2, "alert %d\n", 2);
	kmsg_crit(3, "crit %d\n", 3);
	kmsg_err(4, "err %d\n", 4);
	kmsg_warn(5, "warn %d\n", 5);
	kmsg_notice(6, "notice %d\n", 6);
	kmsg_info(7, "info %d\n", 7);
	kmsg_info(0, "info without id\n");
	pr_info("pr_info through pr_fmt\n");

	kmsg_dev_emerg(11, dev, "dev emerg %s\n", "a");
	kmsg_dev_alert(12, dev, "dev alert %s\n", "b");
	kmsg_dev_crit(13, dev, "dev crit %s\n", "c");
	kmsg_dev_err(14, dev, "dev err %s\n", "d");
	kmsg_dev_warn(15, dev, "dev warn %s\n", "e");
	kmsg_dev_notice(16, dev, "dev notice %s\n", "f");
	kmsg_dev_info(17, dev, "dev info %s\n", "g");
	kmsg_dev_err(0, dev, "dev err without id\n");
	kmsg_dev_info(18, counted(dev), "dev argument with a side effect\n");
	pr_info("kmsg_dev_info() evaluated its device %u time(s)\n",
		dev_evaluations);

	/* As often as pr_*_once() / pr_*_ratelimited() print theirs */
	for (i = 0; i < 3; i++) {
		kmsg_warn_once(21, "warn once %d\n", 21);
		kmsg_dev_notice_once(22, dev, "dev notice once\n");
		pr_warn_once("pr_warn_once\n");
	}
	for (i = 0; i < 20; i++) {
		kmsg_err_ratelimited(23, "err ratelimited %d\n", 23);
		kmsg_dev_info_ratelimited(24, dev, "dev info ratelimited\n");
		pr_err_ratelimited("pr_err_ratelimited\n");
	}
	return 0;
}

static void __exit test_kmsg_prefix_exit(void)
{
	platform_device_unregister(pdev);
}

module_init(test_kmsg_prefix_init);
module_exit(test_kmsg_prefix_exit);
MODULE_DESCRIPTION("kmsg selftest: log prefixes of every kmsg macro");
MODULE_LICENSE("GPL");
