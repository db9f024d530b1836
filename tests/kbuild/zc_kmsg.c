// SPDX-License-Identifier: GPL-2.0
#define ZC_KMSG
#include "zc_body.h"
MODULE_LICENSE("GPL");
