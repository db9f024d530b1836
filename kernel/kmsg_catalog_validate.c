// SPDX-License-Identifier: GPL-2.0
/*
 * The checks of a .kmsg_catalog section (include/linux/kmsg_catalog.h)
 * before the registry in kernel/kmsg_catalog.c uses it: a module's section
 * comes from a file, so nothing in it is trusted.  Apart from the
 * registry, so that the KUnit tests and the fuzzer (ws/fuzz) build it
 * on its own.
 */

#include <linux/align.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kmsg_catalog.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "kmsg_catalog_internal.h"

/*
 * Where each field's string is: the entry's offset into the string table
 * for all but the severity, which the entry's level gives.
 */
const size_t kmsg_field_offsets[KMSG_NR_FIELDS] = {
	[KMSG_FIELD_TEXT] = offsetof(struct kmsg_catalog_entry, text),
	[KMSG_FIELD_PARAMETERS] = offsetof(struct kmsg_catalog_entry, parameters),
	[KMSG_FIELD_DESCRIPTION] = offsetof(struct kmsg_catalog_entry, description),
	[KMSG_FIELD_USER_ACTION] = offsetof(struct kmsg_catalog_entry, user_action),
};

/* Do the component and the string fields of @e lie in the string table? */
static bool kmsg_strings_ok(const struct kmsg_catalog_entry *e,
			    u32 strings_size)
{
	enum kmsg_field f;

	if (e->component >= strings_size)
		return false;
	for (f = 0; f < KMSG_NR_FIELDS; f++)
		if (f != KMSG_FIELD_SEVERITY &&
		    kmsg_field_offset(e, f) >= strings_size)
			return false;
	return true;
}

/* Order of two entries of one catalog: by component, then by id. */
static int kmsg_entry_cmp(const char *strings,
			  const struct kmsg_catalog_entry *a,
			  const struct kmsg_catalog_entry *b)
{
	int c = strcmp(strings + a->component, strings + b->component);

	if (c)
		return c;
	return a->id < b->id ? -1 : a->id > b->id;
}

/**
 * kmsg_catalog_validate() - check a .kmsg_catalog section before use
 * @data: start of the section
 * @size: its size in bytes
 * @why: set to a short description of the first problem found
 *
 * Checks every bound, offset, NUL termination, component name, id and
 * level of every catalog in the section, and that the entries of each catalog are sorted by tag
 * (component, then id) with no tag twice, as scripts/kmsg-gen writes them.
 * The same tag in two catalogs of one section is allowed: it is served
 * like a tag of two owners.  A field may be of any length (its sysfs
 * file is a seq_file): the string table ending in a NUL is what makes every
 * string in it end, so no string is read here but the components.
 *
 * Return: the number of entries, or -EINVAL with @why set.
 */
int kmsg_catalog_validate(const void *data, size_t size, const char **why)
{
	const char *p = data, *end = p + size;
	int total = 0;

	if (!IS_ALIGNED((unsigned long)data, KMSG_CATALOG_ALIGN)) {
		*why = "section is not 4-byte aligned";
		return -EINVAL;
	}
	while (p < end) {
		const struct kmsg_catalog_header *hdr = (const void *)p;
		const struct kmsg_catalog_entry *ent;
		const char *strings;
		size_t room = end - p, need;
		int order;
		u32 i;

		if (room < sizeof(*hdr)) {
			*why = "truncated header";
			return -EINVAL;
		}
		if (hdr->magic != KMSG_CATALOG_MAGIC) {
			*why = "bad magic";
			return -EINVAL;
		}
		if (hdr->version != KMSG_CATALOG_VERSION) {
			*why = "unknown version";
			return -EINVAL;
		}
		if (hdr->entry_size != sizeof(*ent)) {
			*why = "bad entry size";
			return -EINVAL;
		}
		need = sizeof(*hdr) + (size_t)hdr->nr_entries * sizeof(*ent);
		if (hdr->nr_entries > room / sizeof(*ent) || need > room ||
		    hdr->strings_size > room - need) {
			*why = "entries or strings run past the section";
			return -EINVAL;
		}
		ent = (const void *)(hdr + 1);
		strings = (const char *)(ent + hdr->nr_entries);
		if (!hdr->strings_size || strings[hdr->strings_size - 1]) {
			*why = "string table is not NUL-terminated";
			return -EINVAL;
		}
		for (i = 0; i < hdr->nr_entries; i++, ent++) {
			if (!kmsg_strings_ok(ent, hdr->strings_size)) {
				*why = "string offset out of range";
				return -EINVAL;
			}
			if (!kmsg_component_valid(strings + ent->component,
						  strlen(strings + ent->component))) {
				*why = "invalid component name";
				return -EINVAL;
			}
			if (!ent->id) {
				*why = "entry with id 0";
				return -EINVAL;
			}
			if (ent->level >= KMSG_NR_LEVELS) {
				*why = "invalid level";
				return -EINVAL;
			}
			order = i ? kmsg_entry_cmp(strings, &ent[-1], ent) : -1;
			if (order >= 0) {
				*why = order ? "entries not sorted by tag" :
					       "tag listed twice";
				return -EINVAL;
			}
		}
		total += hdr->nr_entries;
		need += hdr->strings_size;
		p += ALIGN(need, KMSG_CATALOG_ALIGN);
	}
	return total;
}
EXPORT_SYMBOL_IF_KUNIT(kmsg_catalog_validate);
