// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: match the call-site records of an object with their
 * descriptions, check them (make D=1), write man pages (make D=2) and
 * emit the catalog section as assembler source.  The section layout is
 * the one of include/linux/kmsg_catalog.h.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "kmsg-gen.h"

#define CATALOG_MAGIC	0x6b6d7367
#define CATALOG_VERSION	1
#define ENTRY_SIZE	24

/* A description file, parsed once, with a hash of its tags. */
struct desc_file {
	char *path;
	bool exists;
	struct desc_set set;
	int *slots;		/* index into set.descs, -1 when free */
	unsigned int nr_slots;
};

struct file_cache {
	struct desc_file *files;
	int nr, cap;
	/* The lookup files of the last tag: the next one mostly shares them. */
	char *last_file, *last_comp;
	int where[3], nr_where;
};

/* One tag of the object, with the record that introduced it. */
struct tag {
	const struct record *rec;
	char *component;
	unsigned int id;
	const struct desc *desc;
	const char *text;	/* format without the trailing newline */
};

static unsigned int hash_str(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
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
		unsigned int h = hash_str(df->set.descs[i].tag) & (n - 1);

		while (df->slots[h] >= 0)
			h = (h + 1) & (n - 1);
		df->slots[h] = i;
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

static int parse_errors;

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

static void cache_free(struct file_cache *c)
{
	int i;

	for (i = 0; i < c->nr; i++) {
		free(c->files[i].path);
		free(c->files[i].slots);
		desc_set_free(&c->files[i].set);
	}
	free(c->files);
	free(c->last_file);
	free(c->last_comp);
}

static int cmp_record(const void *a, const void *b)
{
	const struct record *x = a, *y = b;
	int c = strncmp(x->tag, y->tag, x->comp_len < y->comp_len ?
			x->comp_len : y->comp_len);

	if (c)
		return c;
	if (x->comp_len != y->comp_len)
		return x->comp_len < y->comp_len ? -1 : 1;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	c = strcmp(x->file, y->file);
	return c ? c : x->line - y->line;
}

static char *strip_newline(const char *fmt)
{
	size_t n = strlen(fmt);

	if (n && fmt[n - 1] == '\n')
		n--;
	return xstrndup(fmt, n);
}

static void print_template(const struct tag *t)
{
	struct strbuf sb = { 0 };
	int i, n = count_conversions(t->text);

	c_escape(&sb, t->text);
	printf("/*?\n * Tag: %s\n * Text: \"%s\"\n * Severity: %s\n",
	       t->rec->tag, sb.buf ? sb.buf : "", severity_name(t->rec->level));
	if (n) {
		printf(" * Parameter:\n");
		for (i = 1; i <= n; i++)
			printf(" *   @%d: \n", i);
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
	struct desc_file *where[3];
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
static int check_file_duplicates(const struct file_cache *c)
{
	int i, j, k, findings = 0;

	for (i = 0; i < c->nr; i++) {
		const struct desc_set *s = &c->files[i].set;

		for (j = 0; j < s->nr; j++) {
			const struct desc *d = desc_file_find(&c->files[i],
							      s->descs[j].tag);

			if (d == &s->descs[j])
				continue;
			for (k = 0; k < j; k++)
				if (!strcmp(s->descs[k].tag, s->descs[j].tag))
					break;
			fprintf(stderr, "%s:%d: %s: described twice, also at %s:%d\n",
				s->descs[j].file, s->descs[j].line,
				s->descs[j].tag, s->descs[k].file,
				s->descs[k].line);
			findings++;
		}
	}
	return findings;
}

static int check_tag(const struct tag *t)
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
	if (severity_level(d->severity) != r->level) {
		fprintf(stderr, "%s:%d: %s: printed at level %s but %s:%d says Severity: %s\n",
			r->file, r->line, r->tag, severity_name(r->level),
			d->file, d->line, d->severity);
		findings++;
	}
	conv = count_conversions(d->text);
	if (conv != d->nr_params) {
		fprintf(stderr, "%s:%d: %s: Text has %d conversion%s but %d parameter%s described\n",
			d->file, d->line, r->tag, conv, conv == 1 ? "" : "s",
			d->nr_params, d->nr_params == 1 ? " is" : "s are");
		findings++;
	}
	return findings;
}

/* String table with each distinct string stored once. */
struct strtab {
	struct strbuf data;
	unsigned int *slots;	/* offset + 1, 0 when free */
	unsigned int nr_slots, used;
};

static unsigned int strtab_add(struct strtab *st, const char *s)
{
	unsigned int h, i, off;

	if (st->used * 2 >= st->nr_slots) {
		unsigned int n = st->nr_slots ? st->nr_slots * 2 : 256;
		unsigned int *slots = calloc(n, sizeof(*slots));

		if (!slots) {
			fprintf(stderr, "kmsg-gen: out of memory\n");
			exit(2);
		}
		for (i = 0; i < st->nr_slots; i++) {
			if (!st->slots[i])
				continue;
			h = hash_str(st->data.buf + st->slots[i] - 1) & (n - 1);
			while (slots[h])
				h = (h + 1) & (n - 1);
			slots[h] = st->slots[i];
		}
		free(st->slots);
		st->slots = slots;
		st->nr_slots = n;
	}
	h = hash_str(s) & (st->nr_slots - 1);
	for (; st->slots[h]; h = (h + 1) & (st->nr_slots - 1))
		if (!strcmp(st->data.buf + st->slots[h] - 1, s))
			return st->slots[h] - 1;
	off = st->data.len;
	sb_add(&st->data, s, strlen(s) + 1);
	st->slots[h] = off + 1;
	st->used++;
	return off;
}

static char *join_params(const struct desc *d)
{
	struct strbuf sb = { 0 };
	char num[16];
	int i;

	for (i = 0; i < d->nr_params; i++) {
		int len = snprintf(num, sizeof(num), "%s@%d: ", i ? "\n" : "", i + 1);

		sb_add(&sb, num, len);
		sb_puts(&sb, d->params[i]);
	}
	sb_add(&sb, "", 0);
	return sb_take(&sb);
}

static void emit_string(FILE *f, const char *s, size_t len)
{
	char buf[64 * 4 + 16];
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (i % 64 == 0) {	/* a new .ascii line every 64 bytes */
			if (n) {
				buf[n++] = '"';
				buf[n++] = '\n';
				fwrite(buf, 1, n, f);
			}
			memcpy(buf, "\t.ascii \"", 9);
			n = 9;
		}
		if (c == '"' || c == '\\') {
			buf[n++] = '\\';
			buf[n++] = c;
		} else if (c < 0x20 || c >= 0x7f) {
			buf[n++] = '\\';
			buf[n++] = '0' + (c >> 6);
			buf[n++] = '0' + ((c >> 3) & 7);
			buf[n++] = '0' + (c & 7);
		} else {
			buf[n++] = c;
		}
	}
	if (n) {
		buf[n++] = '"';
		buf[n++] = '\n';
		fwrite(buf, 1, n, f);
	}
}

static int emit_catalog(const struct catalog_opts *o, struct tag *tags, int n)
{
	struct strtab st = { 0 };
	FILE *f = stdout;
	int i;

	if (strcmp(o->out, "-")) {
		f = fopen(o->out, "w");
		if (!f) {
			fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
			return -1;
		}
	}
	strtab_add(&st, "");
	fprintf(f, "/* Generated by scripts/kmsg-gen from %s: %d entries */\n",
		o->object, n);
	if (n) {
		fputs("\t.section .kmsg_catalog,\"a\"\n\t.balign 4\n", f);
		fprintf(f, "\t.long 0x%x\n\t.short %d, %d\n\t.long %d\n",
			CATALOG_MAGIC, CATALOG_VERSION, ENTRY_SIZE, n);
		fputs("\t.long .Lkmsg_strings_end - .Lkmsg_strings\n", f);
	}
	for (i = 0; i < n; i++) {
		const struct tag *t = &tags[i];
		const struct desc *d = t->desc;
		unsigned int comp, text, par = 0, desc = 0, act = 0;

		comp = strtab_add(&st, t->component);
		text = strtab_add(&st, t->text);
		if (d) {
			char *p = join_params(d);

			par = strtab_add(&st, p);
			free(p);
			desc = strtab_add(&st, d->description);
			act = strtab_add(&st, d->user_action);
		}
		fprintf(f, "\t.long %u, %u, %u, %u, %u\n\t.short %u\n\t.byte %d, %d\n",
			comp, text, par, desc, act, t->id, t->rec->level,
			d ? 1 : 0);
	}
	if (n) {
		fputs(".Lkmsg_strings:\n", f);
		emit_string(f, st.data.buf, st.data.len);
		fputs(".Lkmsg_strings_end:\n\t.balign 4\n", f);
	}
	free(st.data.buf);
	free(st.slots);
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
		return -1;
	}
	if (n) {
		fprintf(stderr, "  KMSG    %s: %d entries, %zu bytes (%zu per entry)\n",
			o->object, n, 16 + n * ENTRY_SIZE + st.data.len,
			(16 + n * ENTRY_SIZE + st.data.len) / n);
	}
	return 0;
}

static void man_text(FILE *f, const char *s)
{
	bool bol = true;

	for (; *s; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", f);
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
		bol = *s == '\n';
	}
	fputc('\n', f);
}

/* Each paragraph of a description, blank lines separating them. */
static void man_paragraphs(FILE *f, const char *s)
{
	char *copy = xstrndup(s, strlen(s)), *p = copy, *line;
	bool first = true, blank = false;

	for (line = strsep(&p, "\n"); line; line = strsep(&p, "\n")) {
		if (!*line) {
			blank = true;
			continue;
		}
		if (blank && !first)
			fputs(".PP\n", f);
		man_text(f, line);
		first = false;
		blank = false;
	}
	free(copy);
}

static int write_man(const char *dir, const struct tag *t)
{
	const struct desc *d = t->desc;
	struct strbuf path = { 0 };
	char date[16];
	struct stat st;
	FILE *f;
	int i;

	sb_printf(&path, "%s/%s.9", dir, t->rec->tag);
	f = fopen(path.buf, "w");
	if (!f) {
		fprintf(stderr, "%s: %s\n", path.buf, strerror(errno));
		free(path.buf);
		return -1;
	}
	/* The page is as new as its description file. */
	date[0] = '\0';
	if (!stat(d->file, &st))
		strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&st.st_mtime));
	fprintf(f, ".TH \"%s\" 9 \"%s\" \"Linux\" \"Kernel Messages\"\n.SH NAME\n",
		t->rec->tag, date);
	fprintf(f, "%s \\- ", t->rec->tag);
	man_text(f, d->text);
	fputs(".SH MESSAGE\n.nf\n", f);
	fprintf(f, "%s: ", t->rec->tag);
	man_text(f, d->text);
	fputs(".fi\n.SH SEVERITY\n", f);
	man_text(f, d->severity);
	if (d->nr_params) {
		fputs(".SH PARAMETERS\n", f);
		for (i = 0; i < d->nr_params; i++) {
			fprintf(f, ".TP\n.B @%d\n", i + 1);
			man_text(f, d->params[i]);
		}
	}
	fputs(".SH DESCRIPTION\n", f);
	man_paragraphs(f, d->description);
	if (*d->user_action) {
		fputs(".SH USER ACTION\n", f);
		man_paragraphs(f, d->user_action);
	}
	free(path.buf);
	if (fclose(f))
		return -1;
	return 0;
}

static int write_depfile(const struct catalog_opts *o,
			 const struct file_cache *c)
{
	FILE *f = fopen(o->depfile, "w");
	int i;

	if (!f) {
		fprintf(stderr, "%s: %s\n", o->depfile, strerror(errno));
		return -1;
	}
	fprintf(f, "%s: \\\n  %s", o->out, o->object);
	for (i = 0; i < c->nr; i++)
		if (c->files[i].exists)
			fprintf(f, " \\\n  %s", c->files[i].path);
	fputc('\n', f);
	return fclose(f) ? -1 : 0;
}

/*
 * The tags of @rs (sorted here), each with its description looked up;
 * reports invalid tags and tags used two ways.  Returns the number of
 * findings; the tags go to *@out, their count to *@nr.
 */
static int resolve_tags(const struct catalog_opts *o, struct file_cache *cache,
			struct record_set *rs, struct tag **out, int *nr)
{
	struct tag *tags;
	int i, n = 0, findings = 0;

	qsort(rs->recs, rs->nr, sizeof(*rs->recs), cmp_record);
	tags = xmalloc(rs->nr * sizeof(*tags));

	for (i = 0; i < rs->nr; i++) {
		const struct record *r = &rs->recs[i];
		const char *dot = strrchr(r->tag, '.');
		unsigned int id;
		char *text;

		if (dot && !strcmp(dot, ".0"))
			continue;
		if (!tag_valid(r->tag, &id)) {
			fprintf(stderr, "%s:%d: %s: not a valid tag (component of 1..31 of [A-Za-z0-9_-] starting with a letter, id 1..65535)\n",
				r->file, r->line, r->tag);
			findings++;
			continue;
		}
		text = strip_newline(r->format);
		if (n && !strcmp(tags[n - 1].rec->tag, r->tag)) {
			/* The same message again (an inline function, say). */
			if (strcmp(tags[n - 1].text, text)) {
				fprintf(stderr, "%s:%d: %s: used with two formats, the other at %s:%d\n",
					r->file, r->line, r->tag,
					tags[n - 1].rec->file,
					tags[n - 1].rec->line);
				findings++;
			} else if (tags[n - 1].rec->level != r->level) {
				fprintf(stderr, "%s:%d: %s: used at two levels, the other at %s:%d\n",
					r->file, r->line, r->tag,
					tags[n - 1].rec->file,
					tags[n - 1].rec->line);
				findings++;
			}
			free(text);
			continue;
		}
		tags[n].rec = r;
		tags[n].component = xstrndup(r->tag, dot - r->tag);
		tags[n].id = id;
		tags[n].text = text;
		tags[n].desc = NULL;
		findings += lookup(o, cache, &tags[n]);
		n++;
	}
	*out = tags;
	*nr = n;
	return findings;
}

static void free_tags(struct tag *tags, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(tags[i].component);
		free((char *)tags[i].text);
	}
	free(tags);
}

/**
 * catalog_run() - the "catalog" command
 * @o: parsed command line
 *
 * Return: process exit status.
 */
int catalog_run(const struct catalog_opts *o)
{
	struct record_set rs = { 0 };
	struct file_cache cache = { 0 };
	struct tag *tags;
	int i, n, findings, status = 0;

	if (records_read(&rs, o->object))
		return 2;
	findings = resolve_tags(o, &cache, &rs, &tags, &n);

	if (o->check) {
		findings += check_file_duplicates(&cache);
		for (i = 0; i < n; i++)
			findings += check_tag(&tags[i]);
		findings += parse_errors;
	} else {
		for (i = 0; i < n; i++)
			if (!tags[i].desc)
				fprintf(stderr, "%s:%d: warning: %s: no description; the catalog has its text and severity only (make D=1 prints a template)\n",
					tags[i].rec->file, tags[i].rec->line,
					tags[i].rec->tag);
	}

	if (o->man_dir) {
		mkdir(o->man_dir, 0755);
		for (i = 0; i < n; i++)
			if (tags[i].desc && write_man(o->man_dir, &tags[i]))
				status = 2;
	}
	if (emit_catalog(o, tags, n))
		status = 2;
	if (o->depfile && write_depfile(o, &cache))
		status = 2;
	if (findings) {
		fprintf(stderr, "kmsg-gen: %s: %d problem%s with message descriptions\n",
			o->object, findings, findings == 1 ? "" : "s");
		if (o->check)
			status = 1;
	}

	free_tags(tags, n);
	cache_free(&cache);
	records_free(&rs);
	return status;
}

/* A field of the installed catalog: tabs, newlines and backslashes escaped. */
static void index_field(FILE *f, const char *s)
{
	fputc('\t', f);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", f);
		else if (*s == '\t')
			fputs("\\t", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

/* "drivers/s390/block/xpram.o" -> "xpram"; vmlinux.o -> "vmlinux" */
static char *owner_of(const char *object)
{
	const char *base = strrchr(object, '/');
	size_t len;

	base = base ? base + 1 : object;
	len = strlen(base);
	if (len > 2 && !strcmp(base + len - 2, ".o"))
		len -= 2;
	return xstrndup(base, len);
}

/**
 * index_run() - the "index" command: the catalog file installed with the
 * modules, for tools that explain messages of modules not loaded
 * @o: parsed command line; o->out is the file to write
 * @objects: vmlinux.o and the modules' objects
 * @nr: how many
 *
 * One line per tag: tag, severity, owner, text, parameters, description
 * and user action, separated by tabs (Documentation/kmsg/index.rst).
 *
 * Return: process exit status.
 */
int index_run(const struct catalog_opts *o, char **objects, int nr)
{
	struct file_cache cache = { 0 };
	FILE *f = stdout;
	int i, j, status = 0;

	if (strcmp(o->out, "-")) {
		f = fopen(o->out, "w");
		if (!f) {
			fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
			return 2;
		}
	}
	fputs("# kmsg catalog v1: tag severity owner text parameters description user_action\n", f);
	for (i = 0; i < nr; i++) {
		struct record_set rs = { 0 };
		struct tag *tags;
		char *owner;
		int n;

		if (records_read(&rs, objects[i])) {
			status = 2;
			continue;
		}
		resolve_tags(o, &cache, &rs, &tags, &n);
		owner = owner_of(objects[i]);
		for (j = 0; j < n; j++) {
			const struct desc *d = tags[j].desc;
			char *params = d ? join_params(d) : NULL;

			fputs(tags[j].rec->tag, f);
			index_field(f, severity_name(tags[j].rec->level));
			index_field(f, owner);
			index_field(f, tags[j].text);
			index_field(f, params ? params : "");
			index_field(f, d ? d->description : "");
			index_field(f, d ? d->user_action : "");
			fputc('\n', f);
			free(params);
		}
		free(owner);
		free_tags(tags, n);
		records_free(&rs);
	}
	cache_free(&cache);
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
		status = 2;
	}
	return status;
}
