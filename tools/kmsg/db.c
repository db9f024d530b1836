// SPDX-License-Identifier: GPL-2.0
/*
 * The kmsg tool's view of the catalog: entries read from
 * /sys/kernel/kmsg/<component>/<id>/ on demand, then from the catalog file
 * installed with the modules (written by "make kmsg_install"), then from
 * the system catalog of the kmsg package (written by "kmsg-gen system"
 * from every description, for any kernel).  Both files are one line a
 * tag; their format is in scripts/kmsg-format.h, with kmsg-gen's writer.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"

void kmsg_db_init(struct kmsg_db *db, const char *sysfs, const char *catalog,
		  const char *system)
{
	memset(db, 0, sizeof(*db));
	db->sysfs = sysfs;
	db->catalog.path = catalog;
	db->catalog.source = "catalog";
	db->system.path = system;
	db->system.source = "system";
}

void kmsg_db_free(struct kmsg_db *db)
{
	kmsg_components_free(db);
	table_free(&db->from_sysfs);
	table_free(&db->catalog.entries);
	table_free(&db->system.entries);
}

/* sysfs */

/* A whole small file, without its one trailing newline; NULL if absent. */
static char *read_field(const char *dir, const char *name)
{
	char path[4096], buf[8192];
	size_t n;
	FILE *f;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return NULL;
	f = fopen(path, "r");
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	if (n && buf[n - 1] == '\n')
		n--;
	return xstrndup(buf, n);
}

static struct kmsg_entry *read_sysfs_entry(const char *sysfs, const char *tag)
{
	static const char *const fields[KMSG_NR_FIELDS] = { KMSG_FIELD_NAMES };
	struct kmsg_entry *e;
	char dir[4096], *v[KMSG_NR_FIELDS];
	const char *dot = strrchr(tag, '.');
	int i;

	if (!dot || (size_t)snprintf(dir, sizeof(dir), "%s/%.*s/%s", sysfs,
				     (int)(dot - tag), tag, dot + 1) >= sizeof(dir))
		return NULL;
	for (i = 0; i < KMSG_NR_FIELDS; i++) {
		v[i] = read_field(dir, fields[i]);
		if (!v[i]) {
			while (i--)
				free(v[i]);
			return NULL;
		}
	}
	e = xcalloc(1, sizeof(*e));
	e->tag = xstrndup(tag, strlen(tag));
	e->text = v[KMSG_FIELD_TEXT];
	e->severity = v[KMSG_FIELD_SEVERITY];
	e->parameters = v[KMSG_FIELD_PARAMETERS];
	e->description = v[KMSG_FIELD_DESCRIPTION];
	e->user_action = v[KMSG_FIELD_USER_ACTION];
	e->source = "sysfs";
	return e;
}

/* The installed catalog file */

static char *unescape_field(const char *s, size_t len)
{
	char *d = xcalloc(len + 1, 1);

	kmsg_index_unescape(d, s, len);
	return d;
}

/* "6.1: <format>" or "6.1: none" of a catalog line, into @e */
static void release_field(struct kmsg_entry *e, const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len);
	char *text;

	if (!colon || colon == s || colon + 2 > s + len || colon[1] != ' ')
		return;
	text = unescape_field(colon + 2, s + len - colon - 2);
	if (!*text) {
		free(text);
		return;
	}
	e->release = xstrndup(s, colon - s);
	if (strcmp(text, "none"))
		e->rel_text = text;
	else
		free(text);
}

/* Read a catalog file once: its number of entries, -1 on a read error */
static int load_file(struct kmsg_db *db, struct kmsg_catalog_file *cf)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;
	int n = 0;

	if (cf->loaded)
		return cf->entries.used;
	cf->loaded = true;
	if (!cf->path)
		return 0;
	f = fopen(cf->path, "r");
	if (!f) {
		if (errno != ENOENT) {
			p_err("%s: %s", cf->path, strerror(errno));
			db->io_error = true;
			return -1;
		}
		return 0;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		const char *field[KMSG_INDEX_NR_FIELDS], *p = line, *end = line + len;
		size_t flen[KMSG_INDEX_NR_FIELDS];
		struct kmsg_entry *e;
		unsigned int id;
		int i;

		if (line[len - 1] == '\n')
			end--;
		if (line[0] == '#')
			continue;
		for (i = 0; i < KMSG_INDEX_NR_FIELDS && p <= end; i++) {
			const char *tab = memchr(p, '\t', end - p);

			field[i] = p;
			flen[i] = (tab ? tab : end) - p;
			p = tab ? tab + 1 : end + 1;
		}
		if (i < KMSG_INDEX_PRINTED ||	/* version 1 ends before it */
		    !kmsg_tag_valid(field[KMSG_INDEX_TAG], flen[KMSG_INDEX_TAG], &id))
			continue;	/* not a line of ours */
#define FIELD(name) unescape_field(field[KMSG_INDEX_##name], flen[KMSG_INDEX_##name])
		e = xcalloc(1, sizeof(*e));
		e->tag = xstrndup(field[KMSG_INDEX_TAG], flen[KMSG_INDEX_TAG]);
		e->text = FIELD(TEXT);
		e->severity = FIELD(SEVERITY);
		e->parameters = FIELD(PARAMETERS);
		e->description = FIELD(DESCRIPTION);
		e->user_action = FIELD(USER_ACTION);
#undef FIELD
		e->no_id = i > KMSG_INDEX_PRINTED &&
			flen[KMSG_INDEX_PRINTED] == strlen(KMSG_INDEX_WITHOUT_ID) &&
			!memcmp(field[KMSG_INDEX_PRINTED], KMSG_INDEX_WITHOUT_ID,
				flen[KMSG_INDEX_PRINTED]);
		e->by_text = i > KMSG_INDEX_PRINTED &&
			flen[KMSG_INDEX_PRINTED] == strlen(KMSG_INDEX_BY_TEXT) &&
			!memcmp(field[KMSG_INDEX_PRINTED], KMSG_INDEX_BY_TEXT,
				flen[KMSG_INDEX_PRINTED]);
		e->source = cf->source;
		if (i > KMSG_INDEX_RELEASES)
			release_field(e, field[KMSG_INDEX_RELEASES], flen[KMSG_INDEX_RELEASES]);
		if (table_find(&cf->entries, e->tag)) {
			entry_free(e);
			continue;
		}
		table_add(&cf->entries, e->tag, e);
		n++;
	}
	if (ferror(f)) {
		p_err("%s: read error", cf->path);
		db->io_error = true;
	}
	free(line);
	fclose(f);
	return n;
}

/**
 * kmsg_db_load_catalog() - read the installed and the system catalog once
 * @db: the database
 *
 * Return: number of entries of both, 0 when there is no file, -1 on a
 * read error.
 */
int kmsg_db_load_catalog(struct kmsg_db *db)
{
	int a = load_file(db, &db->catalog), b = load_file(db, &db->system);

	return a < 0 || b < 0 ? -1 : a + b;
}

/* The entry of a tag in a catalog file, or NULL */
static struct kmsg_entry *file_lookup(struct kmsg_db *db,
				      struct kmsg_catalog_file *cf, const char *tag)
{
	struct kmsg_slot *slot;

	load_file(db, cf);
	slot = table_find(&cf->entries, tag);
	return slot ? slot->entry : NULL;
}

/**
 * kmsg_db_lookup() - the entry of a tag: sysfs first, then the catalog
 * installed with the modules, then the system catalog
 * @db: the database
 * @tag: "<component>.<id>"
 *
 * Return: the entry, or NULL.
 */
const struct kmsg_entry *kmsg_db_lookup(struct kmsg_db *db, const char *tag)
{
	struct kmsg_slot *slot = table_find(&db->from_sysfs, tag);
	struct kmsg_entry *e;

	if (!slot) {
		e = db->sysfs ? read_sysfs_entry(db->sysfs, tag) : NULL;
		table_add(&db->from_sysfs, e ? e->tag : xstrndup(tag, strlen(tag)), e);
		slot = table_find(&db->from_sysfs, tag);
	}
	if (slot->entry)
		return slot->entry;
	e = file_lookup(db, &db->catalog, tag);
	return e ? e : file_lookup(db, &db->system, tag);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct kmsg_entry *x = *(const struct kmsg_entry * const *)a;
	const struct kmsg_entry *y = *(const struct kmsg_entry * const *)b;

	return kmsg_tag_cmp(x->tag, y->tag);
}

static bool in_component(const char *tag, const char *component)
{
	size_t n = strlen(component);

	return !component[0] || (!strncmp(tag, component, n) && tag[n] == '.');
}

/* Has one of the first @k tables an entry of @tag? */
static bool earlier(struct kmsg_table **tables, int k, const char *tag)
{
	while (k--) {
		struct kmsg_slot *s = table_find(tables[k], tag);

		if (s && s->entry)
			return true;
	}
	return false;
}

/**
 * kmsg_db_all() - every known entry, of one component or of all
 * @db: the database
 * @component: a component name, or NULL for all
 * @out: set to a sorted array the caller frees (not the entries)
 *
 * Return: number of entries.
 */
int kmsg_db_all(struct kmsg_db *db, const char *component,
		const struct kmsg_entry ***out)
{
	struct kmsg_table *tables[] = {
		&db->from_sysfs, &db->catalog.entries, &db->system.entries,
	};
	const struct kmsg_entry **all;
	unsigned int i;
	int k, n = 0, cap = 64;
	DIR *top;

	if (!component)
		component = "";
	/* Pull every sysfs entry of interest into the cache. */
	top = db->sysfs ? opendir(db->sysfs) : NULL;
	if (top) {
		struct dirent *c;

		while ((c = readdir(top))) {
			char path[4096], tag[64];
			struct dirent *d;
			DIR *dir;

			if (c->d_name[0] == '.' ||
			    (component[0] && strcmp(c->d_name, component)))
				continue;
			snprintf(path, sizeof(path), "%s/%s", db->sysfs, c->d_name);
			dir = opendir(path);
			if (!dir)
				continue;
			while ((d = readdir(dir))) {
				if (d->d_name[0] == '.')
					continue;
				if ((size_t)snprintf(tag, sizeof(tag), "%s.%s", c->d_name,
						     d->d_name) < sizeof(tag))
					kmsg_db_lookup(db, tag);
			}
			closedir(dir);
		}
		closedir(top);
	}
	kmsg_db_load_catalog(db);

	/*
	 * sysfs has no field for a message printed without an id: the
	 * catalog files say so for it
	 */
	for (i = 0; i < db->from_sysfs.size; i++) {
		struct kmsg_entry *e = db->from_sysfs.slots[i].entry;

		for (k = 1; e && !e->no_id && k < 3; k++) {
			struct kmsg_slot *s = table_find(tables[k], e->tag);

			e->no_id = s && s->entry && s->entry->no_id;
		}
	}
	/* each tag once, from the first source that has it */
	all = xcalloc(cap, sizeof(*all));
	for (k = 0; k < 3; k++) {
		struct kmsg_table *t = tables[k];

		for (i = 0; i < t->size; i++) {
			const struct kmsg_entry *e = t->slots[i].entry;

			if (!e || !in_component(e->tag, component) ||
			    earlier(tables, k, e->tag))
				continue;
			if (n == cap) {
				cap *= 2;
				all = xrealloc(all, cap * sizeof(*all));
			}
			all[n++] = e;
		}
	}
	qsort(all, n, sizeof(*all), cmp_entry);
	*out = all;
	return n;
}

