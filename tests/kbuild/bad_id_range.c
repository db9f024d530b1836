// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "badid"
#include <linux/kmsg.h>
#include <linux/module.h>

int bad_id_range(void);
int bad_id_range(void)
{
	return kmsg_err(65536, "an id out of range\n");
}
MODULE_LICENSE("GPL");
