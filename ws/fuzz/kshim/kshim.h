/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's headers for kernel/kmsg_catalog_validate.c
 * to build unmodified in user space, so that the fuzz target and the
 * regression suite call the real kmsg_catalog_validate().  Every
 * <linux/...> header that file includes is a stub in this folder that
 * includes this one (but <linux/errno.h>: the C library includes that
 * one for its errno values); <linux/types.h> gives the fixed-size types that
 * include/linux/kmsg_catalog.h uses outside the kernel.
 */
#ifndef KSHIM_H
#define KSHIM_H

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <linux/types.h>

/* <kunit/visibility.h>, <linux/export.h>; <linux/kconfig.h>: nothing is configured */
#define EXPORT_SYMBOL_IF_KUNIT(sym)
#define IS_ENABLED(option)	0

/* <linux/align.h> */
#define ALIGN(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)

#endif
