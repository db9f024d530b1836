// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: the descriptions of an object's messages.  Each call-site
 * record's tag is looked up in the description files of its source
 * (the source file itself, Documentation/kmsg/<arch>/<component>,
 * Documentation/kmsg/<component> and Documentation/kmsg/generic/<component>),
 * each file parsed once; with
 * --check (make D=1) every message is checked against its description.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kmsg-gen.h"

/* A description file, parsed once, with a hash of its tags. */
struct desc_file {
	char *path;
	bool exists;
	struct desc_set set;
	int *slots;		/* index into set.descs, -1 when free */
	unsigned int nr_slots;
	int *dups;		/* pairs: a description, the first of its tag */
	int nr_dups;
};

static unsigned int hash_str(const char *s)
{
	return hash_mem(s, strlen(s));
}

static void desc_file_index(struct desc_file *df)
{
	unsigned int i, n = 16;

	while (n < (unsigned int)df->set.nr * 2)
		n *= 2;
	df->nr_slots = n;
	df->slots = xmalloc(n * sizeof(int));
	for (i = 0; i < n; i++)
		df->slots[i] = -1;
	for (i = 0; i < (unsigned int)df->set.nr; i++) {
		const char *tag = df->set.descs[i].tag;
		unsigned int h = hash_str(tag) & (n - 1);

		for (; df->slots[h] >= 0; h = (h + 1) & (n - 1))
			if (!strcmp(df->set.descs[df->slots[h]].tag, tag))
				break;
		if (df->slots[h] < 0) {
			df->slots[h] = i;
			continue;
		}
		/* described twice: lookups find the first */
		df->dups = xrealloc(df->dups, (df->nr_dups + 1) * 2 * sizeof(int));
		df->dups[2 * df->nr_dups] = i;
		df->dups[2 * df->nr_dups + 1] = df->slots[h];
		df->nr_dups++;
	}
}

static const struct desc *desc_file_find(const struct desc_file *df,
					 const char *tag)
{
	unsigned int h;

	if (!df->exists || !df->nr_slots)
		return NULL;
	h = hash_str(tag) & (df->nr_slots - 1);
	for (; df->slots[h] >= 0; h = (h + 1) & (df->nr_slots - 1))
		if (!strcmp(df->set.descs[df->slots[h]].tag, tag))
			return &df->set.descs[df->slots[h]];
	return NULL;
}

/* Description files that do not parse: counted as findings by --check. */
int parse_errors;
/* Calls whose tag breaks the component or id rules: the build fails. */
int bad_tags;

static struct desc_file *cache_get(struct file_cache *c, const char *path)
{
	struct desc_file *df;
	struct stat st;
	int i;

	for (i = 0; i < c->nr; i++)
		if (!strcmp(c->files[i].path, path))
			return &c->files[i];
	if (c->nr == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 8;
		c->files = xrealloc(c->files, c->cap * sizeof(*c->files));
	}
	df = &c->files[c->nr++];
	memset(df, 0, sizeof(*df));
	df->path = xstrndup(path, strlen(path));
	df->exists = !stat(path, &st) && S_ISREG(st.st_mode);
	if (df->exists) {
		int r = desc_parse_file(&df->set, path);

		if (r)
			parse_errors += r > 0 ? r : 1;
		desc_file_index(df);
	}
	return df;
}

void cache_free(struct file_cache *c)
{
	int i;

	for (i = 0; i < c->nr; i++) {
		free(c->files[i].path);
		free(c->files[i].slots);
		free(c->files[i].dups);
		desc_set_free(&c->files[i].set);
	}
	free(c->files);
	free(c->last_file);
	free(c->last_comp);
	arena_free(&c->strings);
}

static int cmp_record(const void *a, const void *b)
{
	const struct record *x = a, *y = b;
	int c;

	/* equal keys of components up to 8 bytes are equal components */
	if (x->comp_key != y->comp_key)
		return x->comp_key < y->comp_key ? -1 : 1;
	if (x->comp_len > 8 || y->comp_len > 8) {
		c = strncmp(x->tag, y->tag, x->comp_len < y->comp_len ?
			    x->comp_len : y->comp_len);
		if (c)
			return c;
		if (x->comp_len != y->comp_len)
			return x->comp_len < y->comp_len ? -1 : 1;
	}
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	c = strcmp(x->file, y->file);
	return c ? c : x->line - y->line;
}

static char *strip_newline(struct arena *a, const char *fmt)
{
	size_t n = strlen(fmt);

	if (n && fmt[n - 1] == '\n')
		n--;
	return arena_strndup(a, fmt, n);
}

static void print_template(const struct tag *t)
{
	struct strbuf sb = { 0 };
	int i, n = kmsg_count_conversions(t->text);

	c_escape(&sb, t->text);
	printf("/*?\n * Tag: %s\n * Text: \"%s\"\n * Severity: %s\n%s",
	       t->rec->tag, sb.buf ? sb.buf : "", severity_name(t->rec->level),
	       t->rec->no_id ? " * Printed: without id\n" : "");
	if (n) {
		printf(" * Parameter:\n");
		for (i = 1; i <= n; i++)
			printf(" *   @%d:%s\n", i, " ");	/* room for the text */
	}
	printf(" * Description:\n *\n * User action:\n *\n */\n\n");
	free(sb.buf);
}

/* Path of the source file named in a record. */
static char *source_path(const struct catalog_opts *o, const char *file)
{
	struct strbuf sb = { 0 };

	if (file[0] != '/')
		sb_printf(&sb, "%s/", o->srctree);
	sb_puts(&sb, file);
	return sb_take(&sb);
}

/* Find the description of @t; with --check report duplicates. */
static int lookup(const struct catalog_opts *o, struct file_cache *c,
		  struct tag *t)
{
	struct desc_file *where[4];
	int i, n, findings = 0;

	if (!c->last_file || strcmp(c->last_file, t->rec->file) ||
	    strcmp(c->last_comp, t->component)) {
		struct strbuf sb = { 0 };
		char *path = source_path(o, t->rec->file);

		/* cache_get() may move the cache: keep indexes */
		n = 0;
		c->where[n++] = cache_get(c, path) - c->files;
		free(path);
		if (o->srcarch) {
			sb_printf(&sb, "%s/Documentation/kmsg/%s/%s", o->srctree,
				  o->srcarch, t->component);
			c->where[n++] = cache_get(c, sb.buf) - c->files;
			sb.len = 0;
		}
		sb_printf(&sb, "%s/Documentation/kmsg/%s", o->srctree, t->component);
		c->where[n++] = cache_get(c, sb.buf) - c->files;
		sb.len = 0;
		sb_printf(&sb, "%s/Documentation/kmsg/generic/%s", o->srctree,
			  t->component);
		c->where[n++] = cache_get(c, sb.buf) - c->files;
		free(sb.buf);
		c->nr_where = n;
		free(c->last_file);
		free(c->last_comp);
		c->last_file = xstrndup(t->rec->file, strlen(t->rec->file));
		c->last_comp = xstrndup(t->component, strlen(t->component));
	}
	n = c->nr_where;
	for (i = 0; i < n; i++)
		where[i] = &c->files[c->where[i]];

	for (i = 0; i < n; i++) {
		const struct desc *d = desc_file_find(where[i], t->rec->tag);

		if (!d)
			continue;
		if (!t->desc) {
			t->desc = d;
		} else if (d != t->desc && o->check) {
			fprintf(stderr, "%s:%d: %s: described twice, also at %s:%d\n",
				d->file, d->line, t->rec->tag, t->desc->file,
				t->desc->line);
			findings++;
		}
	}
	return findings;
}

/* Problems within one file: the same tag described twice. */
int check_file_duplicates(const struct file_cache *c)
{
	int i, j, findings = 0;

	for (i = 0; i < c->nr; i++) {
		const struct desc_file *df = &c->files[i];

		for (j = 0; j < df->nr_dups; j++) {
			const struct desc *d = &df->set.descs[df->dups[2 * j]];
			const struct desc *first = &df->set.descs[df->dups[2 * j + 1]];

			fprintf(stderr, "%s:%d: %s: described twice, also at %s:%d\n",
				d->file, d->line, d->tag, first->file, first->line);
			findings++;
		}
	}
	return findings;
}

/* Whether @sources, "path\npath", names @file. */
static bool names_file(const char *sources, const char *file)
{
	size_t n = strlen(file);
	const char *s;

	for (s = sources; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
		if (!strncmp(s, file, n) && (s[n] == '\n' || !s[n]))
			return true;
	return false;
}

/*
 * A description with Source: lines tied to a record: it must say that its
 * call is a kmsg_*() call (Printed:) and name the record's file.
 */
static int check_sources(const struct tag *t)
{
	const struct record *r = t->rec;
	const struct desc *d = t->desc;

	if (!d->sources)
		return 0;
	if (!d->printed) {
		fprintf(stderr,
			"%s:%d: %s: printed by a kmsg_*() call but %s:%d describes it by its text (Source: without Printed:)\n",
			r->file, r->line, r->tag, d->file, d->line);
		return 1;
	}
	if (!names_file(d->sources, r->file)) {
		fprintf(stderr,
			"%s:%d: %s: printed here but %s:%d does not name %s in its Source: lines\n",
			r->file, r->line, r->tag, d->file, d->line, r->file);
		return 1;
	}
	return 0;
}

int check_tag(const struct tag *t)
{
	const struct record *r = t->rec;
	const struct desc *d = t->desc;
	int findings = 0, conv;

	if (!d) {
		fprintf(stderr, "%s:%d: %s: no description; template:\n",
			r->file, r->line, r->tag);
		fflush(stderr);
		print_template(t);
		fflush(stdout);
		return 1;
	}
	if (strcmp(d->text, t->text)) {
		struct strbuf a = { 0 }, b = { 0 };

		c_escape(&a, t->text);
		c_escape(&b, d->text);
		fprintf(stderr, "%s:%d: %s: format differs from Text: at %s:%d\n"
			"  format: \"%s\"\n  Text:   \"%s\"\n",
			r->file, r->line, r->tag, d->file, d->line,
			a.buf ? a.buf : "", b.buf ? b.buf : "");
		free(a.buf);
		free(b.buf);
		findings++;
	}
	if (d->level != r->level) {
		fprintf(stderr, "%s:%d: %s: printed at level %s but %s:%d says Severity: %s\n",
			r->file, r->line, r->tag, severity_name(r->level),
			d->file, d->line, severity_name(d->level));
		findings++;
	}
	if (r->no_id && !d->no_id) {
		fprintf(stderr,
			"%s:%d: %s: printed without an id (kmsg_noid_*()) but %s:%d does not say 'Printed: without id'\n",
			r->file, r->line, r->tag, d->file, d->line);
		findings++;
	} else if (!r->no_id && d->no_id) {
		fprintf(stderr,
			"%s:%d: %s: printed with an id but %s:%d says 'Printed: without id'\n",
			r->file, r->line, r->tag, d->file, d->line);
		findings++;
	}
	findings += check_sources(t);
	conv = kmsg_count_conversions(d->text);
	if (conv != d->nr_params) {
		fprintf(stderr,
			"%s:%d: %s: Text has %d conversion%s but %d parameter%s described\n",
			d->file, d->line, r->tag, conv, conv == 1 ? "" : "s",
			d->nr_params, d->nr_params == 1 ? " is" : "s are");
		findings++;
	}
	return findings;
}

int write_depfile(const struct catalog_opts *o, const struct file_cache *c)
{
	struct output out;
	int i;

	if (output_open(&out, o->depfile))
		return -1;
	fprintf(out.f, "%s: \\\n  %s", o->out, o->object);
	for (i = 0; i < c->nr; i++)
		if (c->files[i].exists)
			fprintf(out.f, " \\\n  %s", c->files[i].path);
	fputc('\n', out.f);
	return output_close(&out, true);
}

/*
 * A message of kmsg_noid_*() keeps its line, pr_fmt() prefix included,
 * and its record has that line.  A description with Source: lines leaves
 * out a "<component>: " that starts it (Documentation/kmsg/index.rst,
 * "Messages described by their source"): so does the entry.
 */
static void generic_text(struct tag *t)
{
	size_t n = strlen(t->component);

	if (t->rec->no_id && t->desc && t->desc->sources &&
	    !strncmp(t->text, t->component, n) && t->text[n] == ':' &&
	    t->text[n + 1] == ' ')
		t->text += n + 2;
}

/*
 * The tags of @rs (sorted here), each with its description looked up;
 * reports invalid tags and tags used two ways.  Returns the number of
 * findings; the tags go to *@out, their count to *@nr.
 */
int resolve_tags(const struct catalog_opts *o, struct file_cache *cache,
		 struct record_set *rs, struct tag **out, int *nr)
{
	struct tag *tags;
	int i, n = 0, findings = 0;

	/* records mostly come in the order of their source: often sorted */
	for (i = 1; i < rs->nr; i++)
		if (cmp_record(&rs->recs[i - 1], &rs->recs[i]) > 0)
			break;
	if (i < rs->nr)
		qsort(rs->recs, rs->nr, sizeof(*rs->recs), cmp_record);
	tags = xmalloc(rs->nr * sizeof(*tags));

	for (i = 0; i < rs->nr; i++) {
		const struct record *r = &rs->recs[i];
		const char *dot = strrchr(r->tag, '.');
		unsigned int id;
		char *text;

		if (dot && !strcmp(dot, ".0"))
			continue;
		if (!kmsg_tag_valid(r->tag, strlen(r->tag), &id)) {
			fprintf(stderr,
				"%s:%d: %s: not a valid tag (component of 1..31 of [A-Za-z0-9_-] starting with a letter, id 1..65535)\n",
				r->file, r->line, r->tag);
			bad_tags++;
			continue;
		}
		text = strip_newline(&cache->strings, r->format);
		if (n && !strcmp(tags[n - 1].rec->tag, r->tag)) {
			/* The same message again (an inline function, say). */
			const char *prev = strip_newline(&cache->strings,
							 tags[n - 1].rec->format);
			const char *two = strcmp(prev, text) ?
				"with two formats" :
				tags[n - 1].rec->level != r->level ? "at two levels" :
				tags[n - 1].rec->no_id != r->no_id ?
				"with an id and without" : NULL;

			if (two) {
				fprintf(stderr,
					"%s:%d: %s: used %s, the other at %s:%d\n",
					r->file, r->line, r->tag, two,
					tags[n - 1].rec->file,
					tags[n - 1].rec->line);
				findings++;
			}
			continue;
		}
		tags[n].rec = r;
		if (n && (int)strlen(tags[n - 1].component) == dot - r->tag &&
		    !memcmp(tags[n - 1].component, r->tag, dot - r->tag))
			tags[n].component = tags[n - 1].component;
		else
			tags[n].component = arena_strndup(&cache->strings, r->tag,
							  dot - r->tag);
		tags[n].id = id;
		tags[n].text = text;
		tags[n].desc = NULL;
		findings += lookup(o, cache, &tags[n]);
		generic_text(&tags[n]);
		n++;
	}
	*out = tags;
	*nr = n;
	return findings;
}
