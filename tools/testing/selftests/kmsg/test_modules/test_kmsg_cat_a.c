// SPDX-License-Identifier: GPL-2.0
/*
 * First owner of the "kmsgcat" component.  On load it reports whether
 * its own catalog entry is already in sysfs, prints its messages, and
 * fails its init when fail_init=1.  Writing to the "trigger" parameter
 * prints kmsgcat.2 again.  kmsgcat.4's description is longer than a page.
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

/*?
 * Tag: kmsgcat.4
 * Text: "a long description"
 * Severity: Informational
 * Description:
 * The kmsg selftest module test_kmsg_cat_a printed this when it was
 * loaded.  The entry exists for kmsg_sysfs.sh, which checks that a
 * description longer than a page is served whole by its sysfs file; the
 * numbered lines below only make it that long.
 * Line 1 of a description longer than a page, which its file serves whole.
 * Line 2 of a description longer than a page, which its file serves whole.
 * Line 3 of a description longer than a page, which its file serves whole.
 * Line 4 of a description longer than a page, which its file serves whole.
 * Line 5 of a description longer than a page, which its file serves whole.
 * Line 6 of a description longer than a page, which its file serves whole.
 * Line 7 of a description longer than a page, which its file serves whole.
 * Line 8 of a description longer than a page, which its file serves whole.
 * Line 9 of a description longer than a page, which its file serves whole.
 * Line 10 of a description longer than a page, which its file serves whole.
 * Line 11 of a description longer than a page, which its file serves whole.
 * Line 12 of a description longer than a page, which its file serves whole.
 * Line 13 of a description longer than a page, which its file serves whole.
 * Line 14 of a description longer than a page, which its file serves whole.
 * Line 15 of a description longer than a page, which its file serves whole.
 * Line 16 of a description longer than a page, which its file serves whole.
 * Line 17 of a description longer than a page, which its file serves whole.
 * Line 18 of a description longer than a page, which its file serves whole.
 * Line 19 of a description longer than a page, which its file serves whole.
 * Line 20 of a description longer than a page, which its file serves whole.
 * Line 21 of a description longer than a page, which its file serves whole.
 * Line 22 of a description longer than a page, which its file serves whole.
 * Line 23 of a description longer than a page, which its file serves whole.
 * Line 24 of a description longer than a page, which its file serves whole.
 * Line 25 of a description longer than a page, which its file serves whole.
 * Line 26 of a description longer than a page, which its file serves whole.
 * Line 27 of a description longer than a page, which its file serves whole.
 * Line 28 of a description longer than a page, which its file serves whole.
 * Line 29 of a description longer than a page, which its file serves whole.
 * Line 30 of a description longer than a page, which its file serves whole.
 * Line 31 of a description longer than a page, which its file serves whole.
 * Line 32 of a description longer than a page, which its file serves whole.
 * Line 33 of a description longer than a page, which its file serves whole.
 * Line 34 of a description longer than a page, which its file serves whole.
 * Line 35 of a description longer than a page, which its file serves whole.
 * Line 36 of a description longer than a page, which its file serves whole.
 * Line 37 of a description longer than a page, which its file serves whole.
 * Line 38 of a description longer than a page, which its file serves whole.
 * Line 39 of a description longer than a page, which its file serves whole.
 * Line 40 of a description longer than a page, which its file serves whole.
 * Line 41 of a description longer than a page, which its file serves whole.
 * Line 42 of a description longer than a page, which its file serves whole.
 * Line 43 of a description longer than a page, which its file serves whole.
 * Line 44 of a description longer than a page, which its file serves whole.
 * Line 45 of a description longer than a page, which its file serves whole.
 * Line 46 of a description longer than a page, which its file serves whole.
 * Line 47 of a description longer than a page, which its file serves whole.
 * Line 48 of a description longer than a page, which its file serves whole.
 * Line 49 of a description longer than a page, which its file serves whole.
 * Line 50 of a description longer than a page, which its file serves whole.
 * Line 51 of a description longer than a page, which its file serves whole.
 * Line 52 of a description longer than a page, which its file serves whole.
 * Line 53 of a description longer than a page, which its file serves whole.
 * Line 54 of a description longer than a page, which its file serves whole.
 * Line 55 of a description longer than a page, which its file serves whole.
 * Line 56 of a description longer than a page, which its file serves whole.
 * Line 57 of a description longer than a page, which its file serves whole.
 * Line 58 of a description longer than a page, which its file serves whole.
 * Line 59 of a description longer than a page, which its file serves whole.
 * Line 60 of a description longer than a page, which its file serves whole.
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
	kmsg_info(4, "a long description\n");
	return fail_init ? -EINVAL : 0;
}

static void __exit test_kmsg_cat_a_exit(void)
{
}

module_init(test_kmsg_cat_a_init);
module_exit(test_kmsg_cat_a_exit);
MODULE_DESCRIPTION("kmsg selftest: a catalog with descriptions in source and Documentation");
MODULE_LICENSE("GPL");
