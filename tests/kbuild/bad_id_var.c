// SPDX-License-Identifier: GPL-2.0
#define KMSG_COMPONENT "badid"
#include <linux/kmsg.h>
#include <linux/module.h>

int bad_id_var(int id);
int bad_id_var(int id)
{
	return kmsg_err(id, "a non-constant id\n");
}
MODULE_LICENSE("GPL");
