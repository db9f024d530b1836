// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "badid"
#include <linux/kmsg.h>
#include <linux/module.h>

int bad_id_hex(void);
int bad_id_hex(void)
{
	return kmsg_err(0x10, "an id that would print as 0x10\n");
}
MODULE_LICENSE("GPL");
