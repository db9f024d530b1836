/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's fixed-size types, for include/linux/kmsg_catalog.h in user space. */
#ifndef KSHIM_TYPES_H
#define KSHIM_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef unsigned short umode_t;

#endif
