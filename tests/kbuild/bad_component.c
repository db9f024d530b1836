// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "a_component_name_that_is_too_long"
#include <linux/kmsg.h>
#include <linux/module.h>

int bad_component(void);
int bad_component(void)
{
	return kmsg_err(1, "component too long\n");
}
MODULE_LICENSE("GPL");
