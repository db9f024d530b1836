/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What kernel/kmsg_catalog.c (the registry) and kmsg_catalog_validate.c
 * (the section's checks) share about an entry's fields.
 */
#ifndef _KERNEL_KMSG_CATALOG_INTERNAL_H
#define _KERNEL_KMSG_CATALOG_INTERNAL_H

#include <linux/kmsg_catalog.h>

/* Where each field's string offset is in an entry (not the severity's) */
extern const size_t kmsg_field_offsets[KMSG_NR_FIELDS];

/* The string offset of field @f (not the severity) of @e */
static inline u32 kmsg_field_offset(const struct kmsg_catalog_entry *e,
				    enum kmsg_field f)
{
	return *(const u32 *)((const char *)e + kmsg_field_offsets[f]);
}

#if IS_ENABLED(CONFIG_KUNIT)
struct module;

/* The registry, for its KUnit tests (kernel/kmsg_catalog_test.c) */
int kmsg_catalog_add(struct module *mod, const void *data, size_t size);
void kmsg_catalog_remove(struct module *mod);
const struct kmsg_catalog_entry *kmsg_catalog_served(const char *comp, u16 id,
						     bool *shown);
void kmsg_catalog_look_up(const char *comp, const char *name);
#endif

#endif /* _KERNEL_KMSG_CATALOG_INTERNAL_H */
