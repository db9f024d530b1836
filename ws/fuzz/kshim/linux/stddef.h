/* SPDX-License-Identifier: GPL-2.0 */
/* Stub: see ../kshim.h */
#include "../kshim.h"
