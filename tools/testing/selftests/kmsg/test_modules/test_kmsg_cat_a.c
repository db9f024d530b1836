// SPDX-License-Identifier: GPL-2.0
/*
 * First owner of the "kmsgcat" component.  On load it reports whether
 * its own catalog entry is already in sysfs, prints its messages, and
 * fails its init when fail_init=1.  Writing to the "trigger" parameter
 * prints kmsgcat.2 again.
 */
#define KMSG_COMPONENT "kmsgcat"
#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt
#include <linux/kmsg.h>
#include <linux/module.h>
#include <linux/namei.h>

static bool fail_init;
module_param(fail_init, bool, 0444);
MODULE_PARM_DESC(fail_init, "fail the init function after printing");

static int trigger_set(const char *val, const struct kernel_param *kp)
{
	kmsg_warn(2, "trigger %s\n", val);
	return 0;
}

static const struct kernel_param_ops trigger_ops = { .set = trigger_set };
module_param_cb(trigger, &trigger_ops, NULL, 0200);
MODULE_PARM_DESC(trigger, "print kmsgcat.2 with the written value");

/*?
 * Tag: kmsgcat.1
 * Text: "module %s loaded, catalog visible at init: %s"
 * Severity: Notice
 * Parameter:
 *   @1: the module name
 *   @2: "yes" when /sys/kernel/kmsg/kmsgcat/1 existed when
 *       the init function ran
 * Description:
 * A kmsg selftest module was loaded.
 * User action:
 * None.
 */

static int __init test_kmsg_cat_a_init(void)
{
	struct path path;
	bool seen = !kern_path("/sys/kernel/kmsg/kmsgcat/1", 0, &path);

	if (seen)
		path_put(&path);
	kmsg_notice(1, "module %s loaded, catalog visible at init: %s\n",
		    THIS_MODULE->name, seen ? "yes" : "no");
	kmsg_info(3, "shared message\n");
	return fail_init ? -EINVAL : 0;
}

static void __exit test_kmsg_cat_a_exit(void)
{
}

module_init(test_kmsg_cat_a_init);
module_exit(test_kmsg_cat_a_exit);
MODULE_DESCRIPTION("kmsg selftest: a catalog with descriptions in source and Documentation");
MODULE_LICENSE("GPL");
