// SPDX-License-Identifier: GPL-2.0
/*
 * The kmsg tool's view of the catalog: entries read from
 * /sys/kernel/kmsg/<component>/<id>/ on demand, and from the catalog file
 * installed with the modules (written by "make kmsg_install", one line a
 * tag; its format is in scripts/kmsg-format.h, with kmsg-gen's writer).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"

#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		fputs("kmsg: out of memory\n", stderr);
		exit(2);
	}
	return p;
}

static char *xstrndup(const char *s, size_t n)
{
	char *d = xcalloc(n + 1, 1);

	memcpy(d, s, n);
	return d;
}

/* Hash tables of entries by tag */

static unsigned int hash(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct kmsg_slot *table_find(struct kmsg_table *t, const char *tag)
{
	unsigned int h;

	if (!t->size)
		return NULL;
	for (h = hash(tag) & (t->size - 1); t->slots[h].tag;
	     h = (h + 1) & (t->size - 1))
		if (!strcmp(t->slots[h].tag, tag))
			return &t->slots[h];
	return NULL;
}

static void table_add(struct kmsg_table *t, char *tag, struct kmsg_entry *e)
{
	unsigned int h, i;

	if ((t->used + 1) * 2 > t->size) {
		struct kmsg_table n = { .size = t->size ? t->size * 2 : 64 };

		n.slots = xcalloc(n.size, sizeof(*n.slots));
		for (i = 0; i < t->size; i++)
			if (t->slots[i].tag)
				table_add(&n, t->slots[i].tag, t->slots[i].entry);
		free(t->slots);
		*t = n;
	}
	for (h = hash(tag) & (t->size - 1); t->slots[h].tag;
	     h = (h + 1) & (t->size - 1))
		;
	t->slots[h].tag = tag;
	t->slots[h].entry = e;
	t->used++;
}

static void entry_free(struct kmsg_entry *e)
{
	if (!e)
		return;
	free(e->tag);
	free(e->severity);
	free(e->text);
	free(e->parameters);
	free(e->description);
	free(e->user_action);
	free(e);
}

static void table_free(struct kmsg_table *t)
{
	unsigned int i;

	for (i = 0; i < t->size; i++) {
		if (!t->slots[i].tag)
			continue;
		if (t->slots[i].entry && t->slots[i].entry->tag != t->slots[i].tag)
			free(t->slots[i].tag);
		else if (!t->slots[i].entry)
			free(t->slots[i].tag);
		entry_free(t->slots[i].entry);
	}
	free(t->slots);
	memset(t, 0, sizeof(*t));
}

void kmsg_db_init(struct kmsg_db *db, const char *sysfs, const char *catalog)
{
	memset(db, 0, sizeof(*db));
	db->sysfs = sysfs;
	db->catalog = catalog;
}

void kmsg_db_free(struct kmsg_db *db)
{
	int i;

	for (i = 0; i < db->nr_components; i++) {
		free(db->components[i].name);
		free(db->components[i].entries);
	}
	free(db->components);
	table_free(&db->from_sysfs);
	table_free(&db->from_catalog);
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
	static const char *const fields[] = {
		"severity", "text", "parameters", "description", "user_action",
	};
	struct kmsg_entry *e;
	char dir[4096], *v[5];
	const char *dot = strrchr(tag, '.');
	int i;

	if (!dot || (size_t)snprintf(dir, sizeof(dir), "%s/%.*s/%s", sysfs,
				     (int)(dot - tag), tag, dot + 1) >= sizeof(dir))
		return NULL;
	for (i = 0; i < 5; i++) {
		v[i] = read_field(dir, fields[i]);
		if (!v[i]) {
			while (i--)
				free(v[i]);
			return NULL;
		}
	}
	e = xcalloc(1, sizeof(*e));
	e->tag = xstrndup(tag, strlen(tag));
	e->severity = v[0];
	e->text = v[1];
	e->parameters = v[2];
	e->description = v[3];
	e->user_action = v[4];
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

/**
 * kmsg_db_load_catalog() - read the installed catalog file once
 * @db: the database
 *
 * Return: number of entries, 0 when there is no file, -1 on a read error.
 */
int kmsg_db_load_catalog(struct kmsg_db *db)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;
	int n = 0;

	if (db->catalog_loaded)
		return db->from_catalog.used;
	db->catalog_loaded = true;
	if (!db->catalog)
		return 0;
	f = fopen(db->catalog, "r");
	if (!f) {
		if (errno != ENOENT) {
			fprintf(stderr, "kmsg: %s: %s\n", db->catalog, strerror(errno));
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
		if (i < KMSG_INDEX_NR_FIELDS ||
		    !kmsg_tag_valid(field[KMSG_INDEX_TAG], flen[KMSG_INDEX_TAG], &id))
			continue;	/* not a line of ours */
#define FIELD(name) unescape_field(field[KMSG_INDEX_##name], flen[KMSG_INDEX_##name])
		e = xcalloc(1, sizeof(*e));
		e->tag = xstrndup(field[KMSG_INDEX_TAG], flen[KMSG_INDEX_TAG]);
		e->severity = FIELD(SEVERITY);
		e->text = FIELD(TEXT);
		e->parameters = FIELD(PARAMETERS);
		e->description = FIELD(DESCRIPTION);
		e->user_action = FIELD(USER_ACTION);
#undef FIELD
		e->source = "catalog";
		if (table_find(&db->from_catalog, e->tag)) {
			entry_free(e);
			continue;
		}
		table_add(&db->from_catalog, e->tag, e);
		n++;
	}
	if (ferror(f)) {
		fprintf(stderr, "kmsg: %s: read error\n", db->catalog);
		db->io_error = true;
	}
	free(line);
	fclose(f);
	return n;
}

/**
 * kmsg_db_lookup() - the entry of a tag: sysfs first, then the catalog file
 * @db: the database
 * @tag: "<component>.<id>"
 *
 * Return: the entry, or NULL.
 */
const struct kmsg_entry *kmsg_db_lookup(struct kmsg_db *db, const char *tag)
{
	struct kmsg_slot *slot = table_find(&db->from_sysfs, tag);

	if (!slot) {
		struct kmsg_entry *e = db->sysfs ? read_sysfs_entry(db->sysfs, tag) : NULL;

		table_add(&db->from_sysfs, e ? e->tag : xstrndup(tag, strlen(tag)), e);
		slot = table_find(&db->from_sysfs, tag);
	}
	if (slot->entry)
		return slot->entry;
	kmsg_db_load_catalog(db);
	slot = table_find(&db->from_catalog, tag);
	return slot ? slot->entry : NULL;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct kmsg_entry *x = *(const struct kmsg_entry * const *)a;
	const struct kmsg_entry *y = *(const struct kmsg_entry * const *)b;
	size_t lx = strrchr(x->tag, '.') - x->tag, ly = strrchr(y->tag, '.') - y->tag;
	int c = strncmp(x->tag, y->tag, lx < ly ? lx : ly);

	if (c)
		return c;
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return atoi(x->tag + lx + 1) - atoi(y->tag + ly + 1);
}

static bool in_component(const char *tag, const char *component)
{
	size_t n = strlen(component);

	return !component[0] || (!strncmp(tag, component, n) && tag[n] == '.');
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
	const struct kmsg_entry **all;
	struct kmsg_table *t;
	unsigned int i;
	int n = 0, cap = 64;
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

	all = xcalloc(cap, sizeof(*all));
	for (t = &db->from_sysfs; t; t = t == &db->from_sysfs ? &db->from_catalog : NULL) {
		for (i = 0; i < t->size; i++) {
			const struct kmsg_entry *e = t->slots[i].entry;

			if (!e || !in_component(e->tag, component))
				continue;
			if (t == &db->from_catalog) {
				struct kmsg_slot *s = table_find(&db->from_sysfs, e->tag);

				if (s && s->entry)
					continue;
			}
			if (n == cap) {
				cap *= 2;
				all = realloc(all, cap * sizeof(*all));
				if (!all) {
					fputs("kmsg: out of memory\n", stderr);
					exit(2);
				}
			}
			all[n++] = e;
		}
	}
	qsort(all, n, sizeof(*all), cmp_entry);
	*out = all;
	return n;
}

/* Matching a log line against formats */

void kmsg_values_free(struct kmsg_values *v)
{
	int i;

	for (i = 0; i < KMSG_MAX_VALUES; i++) {
		free(v->val[i]);
		v->val[i] = NULL;
	}
	v->nr = 0;
}

struct matcher {
	struct kmsg_values *v;
	long steps;
};

static bool match_at(struct matcher *m, const char *f, const char *s, int idx);

/*
 * Try the lengths of a free-form value, shortest first: up to each place
 * where the literal that follows it in the format occurs.
 */
static bool match_span(struct matcher *m, const char *f, const char *s, int idx,
		       size_t min)
{
	const char *end = s + strlen(s), *p;
	char next = *f == '%' && f[1] == '%' ? '%' : *f;

	if (!*f)		/* the value runs to the end of the line */
		p = end - s >= (long)min ? end : NULL;
	else if (next == '%')	/* another conversion follows: any length */
		p = s + min <= end ? s + min : NULL;
	else
		p = s + min <= end ? strchr(s + min, next) : NULL;

	while (p) {
		if (match_at(m, f, p, idx + 1)) {
			if (idx < KMSG_MAX_VALUES)
				m->v->val[idx] = xstrndup(s, p - s);
			return true;
		}
		if (m->steps < 0 || p == end)
			return false;
		p = next == '%' ? p + 1 : strchr(p + 1, next);
	}
	return false;
}

static bool match_at(struct matcher *m, const char *f, const char *s, int idx)
{
	while (*f) {
		struct kmsg_conv c;
		const char *start;

		if (--m->steps < 0)
			return false;
		if (*f != '%' || f[1] == '%') {
			if (*f == '%')
				f++;
			if (*f != *s)
				return false;
			f++;
			s++;
			continue;
		}
		/* a conversion that prints no value matches no text */
		if (!kmsg_conversion(f + 1, &c) || !c.value)
			return false;
		f = c.end;
		if (c.conv == 'p')
			return match_span(m, f, s, idx, 1);
		if (c.conv == 's')
			return match_span(m, f, s, idx, 0);
		start = s;
		while (*s == ' ')	/* field width padding */
			s++;
		switch (c.conv) {
		case 'c':
			if (!*s)
				return false;
			s++;
			break;
		case 'd': case 'i':
			if (*s == '-' || *s == '+')
				s++;
			fallthrough;
		case 'u':
			if (!isdigit((unsigned char)*s))
				return false;
			while (isdigit((unsigned char)*s))
				s++;
			break;
		case 'x': case 'X':
			if (c.alt && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
				s += 2;
			if (!isxdigit((unsigned char)*s))
				return false;
			while (isxdigit((unsigned char)*s))
				s++;
			break;
		case 'o':
			if (*s < '0' || *s > '7')
				return false;
			while (*s >= '0' && *s <= '7')
				s++;
			break;
		default:	/* floating point and the rest: a word */
			if (!*s || *s == ' ')
				return false;
			while (*s && *s != ' ')
				s++;
			break;
		}
		if (!match_at(m, f, s, idx + 1))
			return false;
		if (idx < KMSG_MAX_VALUES) {
			while (*start == ' ')
				start++;
			m->v->val[idx] = xstrndup(start, s - start);
		}
		return true;
	}
	if (*s)
		return false;
	m->v->nr = idx < KMSG_MAX_VALUES ? idx : KMSG_MAX_VALUES;
	return true;
}

/**
 * kmsg_format_match() - does @s read like printf(@fmt, ...) would print it?
 * @fmt: a format string as in a catalog's Text
 * @s: text from a log line
 * @v: filled with the values of the conversions on success
 *
 * Free-form conversions (%s, %p) take the shortest text that lets the rest
 * match; the search gives up after a bounded number of steps.
 *
 * Return: true on a match.
 */
bool kmsg_format_match(const char *fmt, const char *s, struct kmsg_values *v)
{
	struct matcher m = { .v = v, .steps = 1000000 };

	kmsg_values_free(v);
	if (match_at(&m, fmt, s, 0))
		return true;
	kmsg_values_free(v);
	return false;
}

/* Skip the prefixes dmesg, dmesg -r, /dev/kmsg and syslog put on a line. */
static const char *skip_log_prefix(const char *s)
{
	const char *p = s;

	/* /dev/kmsg: "level,seq,usec,flags;" */
	while (isdigit((unsigned char)*p) || *p == ',')
		p++;
	if (p > s && *p == '-' && p[1] == ';')
		return p + 2;
	if (p > s && *p == ';')
		return p + 1;
	p = s;
	if (*p == '<') {		/* dmesg -r: "<3>" */
		const char *q = p + 1;

		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '>' && q > p + 1)
			p = q + 1;
	}
	if (*p == '[') {		/* "[   12.345678] " */
		const char *q = strchr(p, ']');

		if (q) {
			p = q + 1;
			while (*p == ' ')
				p++;
		}
	}
	return p;
}

/*
 * A kmsg_dev_*() line carries the device's name between the prefix and
 * the text: "dasd.16: 0.0.0120: The DASD cannot ...".  Match the text
 * after it.
 */
static bool match_device_text(const char *fmt, const char *text,
			      struct kmsg_values *v)
{
	const char *dev_end = strstr(text, ": ");

	return dev_end && dev_end > text && !memchr(text, ' ', dev_end - text) &&
	       kmsg_format_match(fmt, dev_end + 2, v);
}

/**
 * kmsg_match_line() - the catalog entry a log line was printed from
 * @db: the database
 * @line: one line of dmesg, dmesg -r or /dev/kmsg output
 * @v: the values of the message's conversions, when its text matches
 *
 * A line "comp.id: text" names its entry; a line "comp: text" (a kernel
 * built with CONFIG_KMSG_IDS=n) is matched against the formats of the
 * component's entries.  For a device message, "comp.id: device: text",
 * the text after the device's name is matched.
 *
 * Return: the entry, or NULL.
 */
const struct kmsg_entry *kmsg_match_line(struct kmsg_db *db, const char *line,
					 struct kmsg_values *v)
{
	const struct kmsg_entry **all, *found = NULL;
	const char *p = skip_log_prefix(line), *colon, *text;
	char comp[KMSG_COMPONENT_MAX + 1];
	unsigned int id;
	size_t len;
	int i, n;

	colon = strstr(p, ": ");
	if (!colon || colon - p > 38)
		return NULL;
	len = colon - p;
	text = colon + 2;
	if (memchr(p, '.', len)) {
		char tag[40];

		if (!kmsg_tag_valid(p, len, &id))
			return NULL;
		memcpy(tag, p, len);
		tag[len] = '\0';
		found = kmsg_db_lookup(db, tag);
		if (found && !kmsg_format_match(found->text, text, v))
			match_device_text(found->text, text, v);
		return found;
	}
	if (!kmsg_component_valid(p, len))
		return NULL;
	memcpy(comp, p, len);
	comp[len] = '\0';
	/* The component's entries, listed once per run. */
	for (i = 0; i < db->nr_components; i++)
		if (!strcmp(db->components[i].name, comp))
			break;
	if (i == db->nr_components) {
		struct kmsg_component_list *c;

		c = realloc(db->components, (i + 1) * sizeof(*c));
		if (!c) {
			fputs("kmsg: out of memory\n", stderr);
			exit(2);
		}
		db->components = c;
		c[i].name = xstrndup(comp, len);
		c[i].nr = kmsg_db_all(db, comp, &c[i].entries);
		db->nr_components++;
	}
	all = db->components[i].entries;
	n = db->components[i].nr;
	for (i = 0; i < n && !found; i++)
		if (kmsg_format_match(all[i]->text, text, v) ||
		    match_device_text(all[i]->text, text, v))
			found = all[i];
	return found;
}
