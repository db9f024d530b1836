// SPDX-License-Identifier: GPL-2.0
/*
 * Second owner of the "kmsgcat" component: its own tag kmsgcat.10, and
 * kmsgcat.3, which test_kmsg_cat_a carries too.  kmsgcat.11 has a tab, a
 * backslash and a newline in its text, which the procfs listing escapes.
 */
#define KMSG_COMPONENT "kmsgcat"
#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt
#include <linux/kmsg.h>
#include <linux/module.h>

/*?
 * Tag: kmsgcat.10
 * Text: "second owner loaded"
 * Severity: Informational
 * Description:
 * The second kmsg selftest module of the kmsgcat component was loaded.
 * User action:
 * None.
 */

static int __init test_kmsg_cat_b_init(void)
{
	kmsg_info(10, "second owner loaded\n");
	kmsg_info(3, "shared message\n");
	kmsg_info(11, "tab\there, backslash \\ and\nsecond line\n");
	return 0;
}

static void __exit test_kmsg_cat_b_exit(void)
{
}

module_init(test_kmsg_cat_b_init);
module_exit(test_kmsg_cat_b_exit);
MODULE_DESCRIPTION("kmsg selftest: a second owner of one component");
MODULE_LICENSE("GPL");
