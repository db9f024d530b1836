// SPDX-License-Identifier: GPL-2.0
#ifdef CONFIG_KMSG_IDS
#define ZC_IDS
#endif
#include "zc_body.h"
MODULE_LICENSE("GPL");
