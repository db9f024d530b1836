/* SPDX-License-Identifier: GPL-2.0 */
/* The catalog as the kmsg tool sees it: lookup, listing, line matching. */
#ifndef KMSG_TOOL_H
#define KMSG_TOOL_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

/*
 * Tags, parameters, conversions, JSON strings and the installed catalog
 * file, as scripts/kmsg-gen writes them: one definition for both.
 */
#include "../../scripts/kmsg-format.h"

#include "match.h"

struct kmsg_entry {
	char *tag;
	char *severity;
	char *text;
	char *parameters;	/* "@1: ...\n@2: ..." or "" */
	char *description;
	char *user_action;
	const char *source;	/* "sysfs", "catalog" or "system" */
	bool no_id;		/* printed without an id: matched by its text */
	bool by_text;		/* no kernel prints its tag: by its text only */
	/*
	 * An earlier release that prints the message otherwise: its version
	 * ("6.1", or NULL), its text (NULL: it does not print it).  An entry
	 * made for that text alone, to match lines of that release, is a
	 * copy of the entry with text set to it and of set to the entry.
	 */
	char *release;
	char *rel_text;
	const struct kmsg_entry *of;
};

struct kmsg_slot {
	char *tag;
	struct kmsg_entry *entry;	/* NULL: known to be missing in sysfs */
};

struct kmsg_table {
	struct kmsg_slot *slots;
	unsigned int size, used;
};

/* The entries of one component, indexed for matching (identify.c) */
struct kmsg_component_list;

/* A catalog file (scripts/kmsg-format.h), read on first need */
struct kmsg_catalog_file {
	const char *path;	/* NULL: none */
	const char *source;	/* what its entries say they came from */
	struct kmsg_table entries;
	bool loaded;
};

/*
 * The sources of entries, in the order they are looked up: sysfs, the
 * catalog installed with the modules of the running kernel, the system
 * catalog of the kmsg package (every described message, any kernel).
 */
struct kmsg_db {
	const char *sysfs;
	struct kmsg_table from_sysfs;	/* filled lazily, tag by tag */
	struct kmsg_catalog_file catalog;	/* "catalog" */
	struct kmsg_catalog_file system;	/* "system" */
	bool io_error;
	struct kmsg_component_list **components;	/* see identify.c */
	int nr_components;
};

void kmsg_db_init(struct kmsg_db *db, const char *sysfs, const char *catalog,
		  const char *system);
void kmsg_db_free(struct kmsg_db *db);
const struct kmsg_entry *kmsg_db_lookup(struct kmsg_db *db, const char *tag);
int kmsg_db_all(struct kmsg_db *db, const char *component,
		const struct kmsg_entry ***out);
int kmsg_db_load_catalog(struct kmsg_db *db);

/* identify.c: the entries a kernel message was printed from, best first */
#define KMSG_MAX_MATCHES 8

struct kmsg_match {
	const struct kmsg_entry *entry;
	struct kmsg_values v;
	char *device;		/* the device the message names, or NULL */
	int score, order;	/* how good a match, and in which order */
};

struct kmsg_matches {
	struct kmsg_match m[KMSG_MAX_MATCHES];
	int nr;
	char component[KMSG_COMPONENT_MAX + 1];	/* the message's, or "" */
};

int kmsg_identify(struct kmsg_db *db, const char *msg, struct kmsg_matches *out);
int kmsg_identify_id(struct kmsg_db *db, const char *id, size_t len,
		     const char *text, struct kmsg_matches *out);
void kmsg_matches_free(struct kmsg_matches *out);
bool kmsg_component_known(struct kmsg_db *db, const char *comp);
void kmsg_components_free(struct kmsg_db *db);

/* pipeline.c: rsyslog's mmexternal interface, syslog-ng's contextual data */
int kmsg_mmexternal(struct kmsg_db *db);
int kmsg_context_data(struct kmsg_db *db);

/* lang.c: the reader's language */
void kmsg_lang_init(const char *list);
void kmsg_lang_free(void);
const char *kmsg_tr(const char *tag, const char *english, const char **lang);
const char *kmsg_gettext(const char *msgid) __attribute__((format_arg(1)));

/* An entry's fields in the reader's language, each with its language */
struct kmsg_fields {
	const char *description, *user_action;
	char *parameters;	/* "@1: text\n@2: text", translated */
	const char *lang_description, *lang_user_action;
	const char *lang_params[KMSG_MAX_VALUES];
	int nr_params;
};

void kmsg_fields_tr(const struct kmsg_entry *e, struct kmsg_fields *f);
#define _(s) kmsg_gettext(s)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* util.c: errors (as JSON objects on standard output under --json) */
extern bool kmsg_json_errors;
void p_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* util.c: allocation that exits on failure, the table of entries by tag */
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrndup(const char *s, size_t n);
struct kmsg_slot *table_find(struct kmsg_table *t, const char *tag);
void table_add(struct kmsg_table *t, char *tag, struct kmsg_entry *e);
void table_free(struct kmsg_table *t);
void entry_free(struct kmsg_entry *e);

struct kmsg_map_slot {
	char *key;
	void *val;
};

struct kmsg_map {
	struct kmsg_map_slot *slots;
	size_t size, used;
};

void **kmsg_map_slot(struct kmsg_map *m, const char *key);
void kmsg_map_free(struct kmsg_map *m, void (*free_val)(void *));

/* @s as a JSON string: @len bytes, or all of it if @len is negative */
static inline void json_string(FILE *f, const char *s, ssize_t len)
{
	kmsg_json_string(f, s, len < 0 ? strlen(s) : (size_t)len);
}

#endif
