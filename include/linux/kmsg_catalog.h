/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiled kernel message catalog, as scripts/kmsg-gen emits it into
 * the .kmsg_catalog section of vmlinux and of each module, and the hooks
 * through which kernel/kmsg_catalog.c publishes it.
 *
 * A section holds one or more catalogs, each KMSG_CATALOG_ALIGN-aligned:
 *
 *	struct kmsg_catalog_header
 *	struct kmsg_catalog_entry	[nr_entries]
 *	char				strings[strings_size]
 *
 * All numbers are in the byte order of the image; string fields are byte
 * offsets into strings[], each naming a NUL-terminated string.  Equal
 * strings are stored once.
 *
 * The host tool scripts/kmsg-gen writes catalogs with these definitions
 * (defining u8, u16 and u32 before it includes this file), so a change
 * here is seen by the producer and the kernel at once.  The rules of a
 * tag, the severity names, the names and order of an entry's fields and
 * the magic of the call-site records are defined here once as well, for
 * include/linux/kmsg.h, kernel/kmsg_catalog.c, scripts/kmsg-gen and
 * tools/kmsg (as mod_devicetable.h serves scripts/mod/file2alias.c).
 */
#ifndef _LINUX_KMSG_CATALOG_H
#define _LINUX_KMSG_CATALOG_H

#include <linux/types.h>
#ifdef __KERNEL__
#include <linux/build_bug.h>
#include <linux/stddef.h>
#else
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#endif

/* A tag is "<component>.<id>": the limits of both parts. */
#define KMSG_COMPONENT_MAX	31	/* characters of a component name */
#define KMSG_ID_MAX		65535

/* What starts each call-site record of .kmsg.records (include/linux/kmsg.h). */
#define KMSG_RECORD_MAGIC	"kmsg-v1"
/*
 * What follows the level digit in the record of a message that keeps
 * printing without an id (kmsg_noid_*() of include/linux/kmsg.h).
 */
#define KMSG_RECORD_NO_ID	"-"

/*
 * The severity of each level, KERN_EMERG (0) to KERN_INFO (6), as the
 * descriptions and the "severity" field name it.
 */
#define KMSG_SEVERITY_NAMES \
	"Emerg", "Alert", "Critical", "Error", "Warning", "Notice", "Informational"
#define KMSG_NR_LEVELS		7

/*
 * The fields of an entry, in the order every listing of them follows,
 * and their names (the files of /sys/kernel/kmsg/<component>/<id>/).
 */
enum kmsg_field {
	KMSG_FIELD_TEXT,
	KMSG_FIELD_SEVERITY,
	KMSG_FIELD_PARAMETERS,
	KMSG_FIELD_DESCRIPTION,
	KMSG_FIELD_USER_ACTION,
	KMSG_NR_FIELDS
};

#define KMSG_FIELD_NAMES \
	"text", "severity", "parameters", "description", "user_action"

static inline bool kmsg_is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline bool kmsg_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/**
 * kmsg_component_valid() - is this a component name?
 * @s: the name, need not be NUL-terminated
 * @len: its length
 *
 * A component is 1 to KMSG_COMPONENT_MAX characters, each an ASCII
 * letter, digit, underscore or hyphen, the first a letter: ASCII only,
 * whatever the locale (the kernel's isalpha() would accept Latin-1
 * letters).
 *
 * Return: true if it is.
 */
static inline bool kmsg_component_valid(const char *s, size_t len)
{
	size_t i;

	if (len < 1 || len > KMSG_COMPONENT_MAX || !kmsg_is_letter(s[0]))
		return false;
	for (i = 1; i < len; i++)
		if (!kmsg_is_letter(s[i]) && !kmsg_is_digit(s[i]) &&
		    s[i] != '_' && s[i] != '-')
			return false;
	return true;
}

#define KMSG_CATALOG_MAGIC	0x6b6d7367	/* "kmsg" */
#define KMSG_CATALOG_VERSION	1
#define KMSG_CATALOG_ALIGN	4	/* of each catalog in a section */

/* Set in kmsg_catalog_entry.flags when a description was found. */
#define KMSG_ENTRY_DESCRIBED	0x01
/*
 * Set for a message printed without an id (kmsg_noid_*()): its line
 * starts with its text as it stands, and a continuation (pr_cont()) may
 * add to the line.
 */
#define KMSG_ENTRY_NO_ID	0x02

/**
 * struct kmsg_catalog_header - start of one catalog in a .kmsg_catalog section
 * @magic: %KMSG_CATALOG_MAGIC
 * @version: %KMSG_CATALOG_VERSION
 * @entry_size: sizeof(struct kmsg_catalog_entry) of the writer
 * @nr_entries: number of entries following the header, sorted by
 *	component and id, no tag twice
 * @strings_size: bytes of strings after the entries, the last one a NUL
 */
struct kmsg_catalog_header {
	u32 magic;
	u16 version;
	u16 entry_size;
	u32 nr_entries;
	u32 strings_size;
};

/**
 * struct kmsg_catalog_entry - one message of a catalog
 * @component: string offset of the component name
 * @text: string offset of the format string, without the prefix
 * @parameters: string offset of "@1: ...\n@2: ...", or of "" if none
 * @description: string offset of the description, "" if none
 * @user_action: string offset of the user action, "" if none
 * @id: the message's id, 1..65535
 * @level: its printk level, 0 (KERN_EMERG) to 6 (KERN_INFO)
 * @flags: %KMSG_ENTRY_DESCRIBED, %KMSG_ENTRY_NO_ID, both or 0
 */
struct kmsg_catalog_entry {
	u32 component;
	u32 text;
	u32 parameters;
	u32 description;
	u32 user_action;
	u16 id;
	u8 level;
	u8 flags;
};

/*
 * The layout of version 1 (Documentation/kmsg/index.rst): another one
 * needs another KMSG_CATALOG_VERSION.  Catalogs follow each other
 * aligned, so the entries and the next header are aligned too.
 */
static_assert(sizeof(struct kmsg_catalog_header) == 16, "kmsg catalog header");
static_assert(offsetof(struct kmsg_catalog_header, nr_entries) == 8, "kmsg catalog header");
static_assert(sizeof(struct kmsg_catalog_entry) == 24, "kmsg catalog entry");
static_assert(offsetof(struct kmsg_catalog_entry, user_action) == 16, "kmsg catalog entry");
static_assert(offsetof(struct kmsg_catalog_entry, id) == 20, "kmsg catalog entry");
static_assert(offsetof(struct kmsg_catalog_entry, level) == 22, "kmsg catalog entry");
static_assert(offsetof(struct kmsg_catalog_entry, flags) == 23, "kmsg catalog entry");
static_assert(sizeof(struct kmsg_catalog_header) % KMSG_CATALOG_ALIGN == 0 &&
	      sizeof(struct kmsg_catalog_entry) % KMSG_CATALOG_ALIGN == 0,
	      "kmsg catalog alignment");

#ifdef CONFIG_KMSG_CATALOG
/* vmlinux's catalog, from the linker script */
extern const char __start_kmsg_catalog[], __stop_kmsg_catalog[];

int kmsg_catalog_validate(const void *data, size_t size, const char **why);
#endif

#endif /* _LINUX_KMSG_CATALOG_H */
