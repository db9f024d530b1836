// SPDX-License-Identifier: GPL-2.0
#include "zc_body.h"
MODULE_LICENSE("GPL");
