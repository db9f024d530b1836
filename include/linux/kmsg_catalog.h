/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiled kernel message catalog, as scripts/kmsg-gen emits it into
 * the .kmsg_catalog section of vmlinux and of each module, and the hooks
 * through which kernel/kmsg_catalog.c publishes it.
 *
 * A section holds one or more catalogs, each 4-byte aligned:
 *
 *	struct kmsg_catalog_header
 *	struct kmsg_catalog_entry	[nr_entries]
 *	char				strings[strings_size]
 *
 * All numbers are in the byte order of the image; string fields are byte
 * offsets into strings[], each naming a NUL-terminated string.  Equal
 * strings are stored once.
 */
#ifndef _LINUX_KMSG_CATALOG_H
#define _LINUX_KMSG_CATALOG_H

#include <linux/types.h>

#define KMSG_CATALOG_MAGIC	0x6b6d7367	/* "kmsg" */
#define KMSG_CATALOG_VERSION	1

/* Set in kmsg_catalog_entry.flags when a description was found. */
#define KMSG_ENTRY_DESCRIBED	0x01

struct kmsg_catalog_header {
	u32 magic;
	u16 version;
	u16 entry_size;
	u32 nr_entries;
	u32 strings_size;
};

struct kmsg_catalog_entry {
	u32 component;
	u32 text;
	u32 parameters;		/* "@1: ...\n@2: ..." or "" */
	u32 description;
	u32 user_action;
	u16 id;			/* 1..65535 */
	u8 level;		/* printk level 0..6 */
	u8 flags;
};

#ifdef CONFIG_KMSG_CATALOG
/* vmlinux's catalog, from the linker script */
extern const char __start_kmsg_catalog[], __stop_kmsg_catalog[];

int kmsg_catalog_validate(const void *data, size_t size, const char **why);
#endif

#endif /* _LINUX_KMSG_CATALOG_H */
