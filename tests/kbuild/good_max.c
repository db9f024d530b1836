// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "goodid"
#include <linux/kmsg.h>
#include <linux/module.h>

#define GOOD_ID 65535

int good_max(void);
int good_max(void)
{
	return kmsg_err(GOOD_ID, "the largest id, through a macro\n");
}
MODULE_LICENSE("GPL");
