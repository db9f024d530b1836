// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: the outputs of an object's messages and descriptions (looked
 * up and checked by kmsg-check.c): the catalog section and its bytes for
 * the assembler's .incbin, man pages (make D=2) and the index installed
 * with the modules.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kmsg-gen.h"
/*
 * The section layout, shared with the kernel as scripts/mod/file2alias.c
 * shares mod_devicetable.h; kmsg-gen.h defines the kernel's types.
 */
#include "../include/linux/kmsg_catalog.h"

/*
 * Open @path for writing as a new file, as ld does: a regular file of
 * that name is removed first, so nobody who has the old one open sees it
 * change, and the file system need not flush a truncated file's blocks.
 * NULL after saying why it cannot be written.
 */
static FILE *create_output(const char *path)
{
	struct stat st;
	FILE *f;

	if (!lstat(path, &st) && S_ISREG(st.st_mode))
		unlink(path);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
	return f;
}

/* Remove what create_output() made of @path, if it is a regular file. */
static void remove_output(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") && !lstat(path, &st) && S_ISREG(st.st_mode))
		unlink(path);
}

/*
 * String table with each distinct string stored once.  It refers to the
 * strings where they are (the descriptions, the tags) and is written out
 * from there; sized for all of them at the start.
 */
struct strtab {
	struct strtab_str {
		const char *s;
		unsigned int off;	/* in the table */
		unsigned int hash;
	} *strs;
	unsigned int nr, max, size;	/* size: bytes so far */
	unsigned int *slots;		/* index + 1 into strs, 0 when free */
	unsigned int mask;
	/* the strings last added by address: shared ones are found at once */
	struct {
		const char *s;
		unsigned int off;
	} seen[64];
};

static void strtab_init(struct strtab *st, unsigned int max)
{
	unsigned int n = 16;

	/* at most 3/4 full */
	while (n < max + max / 3)
		n *= 2;
	st->strs = xmalloc(max * sizeof(*st->strs));
	/* not calloc(): a first read would map the zero page, then fault again */
	st->slots = xmalloc(n * sizeof(*st->slots));
	memset(st->slots, 0, n * sizeof(*st->slots));
	memset(st->seen, 0, sizeof(st->seen));
	st->mask = n - 1;
	st->max = max;
	st->nr = 0;
	st->size = 0;
}

static void strtab_free(struct strtab *st)
{
	free(st->strs);
	free(st->slots);
}

/*
 * A hash of a string of @len bytes: of its length, its first 64 and its
 * last 8 bytes.  Long strings that differ only in between collide, and
 * are told apart by comparing them.
 */
static unsigned int strtab_hash(const char *s, size_t len)
{
	unsigned int h = hash_mem(s, len < 64 ? len : 64);

	if (len > 64)
		h ^= hash_mem(s + len - 8, 8) * 31 + len;
	return h;
}

/* The offset of @s in the table, added if it is new. */
static unsigned int strtab_add(struct strtab *st, const char *s)
{
	unsigned int seen = ((uintptr_t)s >> 3) % ARRAY_SIZE(st->seen);
	size_t len;
	unsigned int hash, i, k;

	if (st->seen[seen].s == s)
		return st->seen[seen].off;
	len = strlen(s);
	hash = strtab_hash(s, len);
	for (i = hash & st->mask; st->slots[i]; i = (i + 1) & st->mask) {
		const struct strtab_str *x = &st->strs[st->slots[i] - 1];

		if (x->hash == hash && !strcmp(x->s, s))
			goto found;
	}
	if (st->nr == st->max) {
		fprintf(stderr, "kmsg-gen: string table overflow\n");
		exit(2);
	}
	k = st->nr++;
	st->strs[k].s = s;
	st->strs[k].off = st->size;
	st->strs[k].hash = hash;
	st->slots[i] = k + 1;
	st->size += len + 1;
found:
	st->seen[seen].s = s;
	st->seen[seen].off = st->strs[st->slots[i] - 1].off;
	return st->seen[seen].off;
}

/* Buffered output */
struct out {
	FILE *f;
	size_t n;
	char buf[1 << 16];
};

static void out_flush(struct out *o)
{
	fwrite(o->buf, 1, o->n, o->f);
	o->n = 0;
}

static inline void out_add(struct out *o, const char *s, size_t n)
{
	if (o->n + n > sizeof(o->buf))
		out_flush(o);
	if (n > sizeof(o->buf)) {
		fwrite(s, 1, n, o->f);
		return;
	}
	memcpy(o->buf + o->n, s, n);
	o->n += n;
}

/* What sb_printf() made of @sb, then @sb is empty again */
static void out_sb(struct out *o, struct strbuf *sb)
{
	out_add(o, sb->buf, sb->len);
	sb->len = 0;
}

/*
 * The section's bytes.  The layout is include/linux/kmsg_catalog.h's, the
 * kernel's own definition; the object's byte order need not be the host's.
 * @size bytes of @v at @p, in that order.
 */
static void put_uint(unsigned char *p, size_t size, u64 v, bool big_endian)
{
	size_t i;

	for (i = 0; i < size; i++)
		p[big_endian ? size - 1 - i : i] = v >> (8 * i);
}

/*
 * put_header() and put_entry() write every field, at its offset with its
 * size in the object's byte order; a field added to the structures (or
 * padding) stops the build at their static_assert()s until they write it.
 */
static void put_header(unsigned char *p, const struct kmsg_catalog_header *h, bool be)
{
	static_assert(sizeof(h->magic) + sizeof(h->version) + sizeof(h->entry_size) +
		      sizeof(h->nr_entries) + sizeof(h->strings_size) == sizeof(*h),
		      "kmsg-gen writes every field of struct kmsg_catalog_header");

	put_uint(p + offsetof(typeof(*h), magic), sizeof(h->magic), h->magic, be);
	put_uint(p + offsetof(typeof(*h), version), sizeof(h->version), h->version, be);
	put_uint(p + offsetof(typeof(*h), entry_size), sizeof(h->entry_size), h->entry_size, be);
	put_uint(p + offsetof(typeof(*h), nr_entries), sizeof(h->nr_entries), h->nr_entries, be);
	put_uint(p + offsetof(typeof(*h), strings_size), sizeof(h->strings_size),
		 h->strings_size, be);
}

static void put_entry(unsigned char *p, const struct kmsg_catalog_entry *e, bool be)
{
	static_assert(sizeof(e->component) + sizeof(e->text) + sizeof(e->parameters) +
		      sizeof(e->description) + sizeof(e->user_action) + sizeof(e->id) +
		      sizeof(e->level) + sizeof(e->flags) == sizeof(*e),
		      "kmsg-gen writes every field of struct kmsg_catalog_entry");

	put_uint(p + offsetof(typeof(*e), component), sizeof(e->component), e->component, be);
	put_uint(p + offsetof(typeof(*e), text), sizeof(e->text), e->text, be);
	put_uint(p + offsetof(typeof(*e), parameters), sizeof(e->parameters), e->parameters, be);
	put_uint(p + offsetof(typeof(*e), description), sizeof(e->description),
		 e->description, be);
	put_uint(p + offsetof(typeof(*e), user_action), sizeof(e->user_action),
		 e->user_action, be);
	put_uint(p + offsetof(typeof(*e), id), sizeof(e->id), e->id, be);
	put_uint(p + offsetof(typeof(*e), level), sizeof(e->level), e->level, be);
	put_uint(p + offsetof(typeof(*e), flags), sizeof(e->flags), e->flags, be);
}

/* The size of a catalog of @n entries and @strings_size bytes of strings */
static size_t catalog_size(int n, size_t strings_size)
{
	return sizeof(struct kmsg_catalog_header) +
	       n * sizeof(struct kmsg_catalog_entry) + strings_size;
}

/* The catalog: header, entries (host byte order in @ents), strings */
static void emit_data(struct out *o, const struct strtab *st,
		      const struct kmsg_catalog_entry *ents, int n, bool big_endian)
{
	const struct kmsg_catalog_header hdr = {
		.magic = KMSG_CATALOG_MAGIC,
		.version = KMSG_CATALOG_VERSION,
		.entry_size = sizeof(struct kmsg_catalog_entry),
		.nr_entries = n,
		.strings_size = st->size,
	};
	unsigned char buf[sizeof(hdr) > sizeof(*ents) ? sizeof(hdr) : sizeof(*ents)];
	unsigned int i;
	int j;

	put_header(buf, &hdr, big_endian);
	out_add(o, (const char *)buf, sizeof(hdr));
	for (j = 0; j < n; j++) {
		put_entry(buf, &ents[j], big_endian);
		out_add(o, (const char *)buf, sizeof(*ents));
	}
	for (i = 0; i < st->nr; i++)
		out_add(o, st->strs[i].s, strlen(st->strs[i].s) + 1);
}

/* Close @f after @o is written to it; false (with a message) if anything failed */
static bool out_close(struct out *o, FILE *f, const char *path)
{
	bool ok;

	out_flush(o);
	ok = !ferror(f);
	if (f != stdout)
		ok &= !fclose(f);
	else
		ok &= !fflush(f);
	if (!ok)
		fprintf(stderr, "%s: write error: %s\n", path, strerror(errno));
	return ok;
}

/*
 * The catalog section of @tags: its bytes into the file o->data, and into
 * o->out the assembler source that includes them.  Without o->data only
 * the source's comment line is written.
 */
static int emit_catalog(const struct catalog_opts *o, struct tag *tags, int n,
			bool big_endian)
{
	struct kmsg_catalog_entry *ents = xmalloc((n ? n : 1) * sizeof(*ents));
	struct out *out = xmalloc(sizeof(*out));
	struct strbuf sb = { 0 };
	FILE *f = stdout, *df = NULL;
	struct strtab st;
	int i, ret = -1;

	strtab_init(&st, 5 * n + 1);
	strtab_add(&st, "");
	for (i = 0; i < n; i++) {
		const struct tag *t = &tags[i];
		const struct desc *d = t->desc;
		struct kmsg_catalog_entry *e = &ents[i];

		e->component = strtab_add(&st, t->component);
		e->text = strtab_add(&st, t->text);
		e->parameters = d ? strtab_add(&st, d->params) : 0;
		e->description = d ? strtab_add(&st, d->description) : 0;
		e->user_action = d ? strtab_add(&st, d->user_action) : 0;
		e->id = t->id;
		e->level = t->rec->level;
		e->flags = d ? KMSG_ENTRY_DESCRIBED : 0;
	}

	if (o->data && n) {
		df = create_output(o->data);
		if (!df)
			goto fail;
		out->f = df;
		out->n = 0;
		emit_data(out, &st, ents, n, big_endian);
		if (!out_close(out, df, o->data))
			goto fail;
	}
	if (strcmp(o->out, "-")) {
		f = create_output(o->out);
		if (!f)
			goto fail;
	}
	out->f = f;
	out->n = 0;
	sb_printf(&sb, "/* Generated by scripts/kmsg-gen from %s: %d entries */\n",
		  o->object, n);
	if (df) {
		sb_printf(&sb, "\t.section .kmsg_catalog,\"a\"\n\t.balign %d\n\t.incbin \"",
			  KMSG_CATALOG_ALIGN);
		c_escape(&sb, o->data);
		sb_printf(&sb, "\"\n\t.balign %d\n", KMSG_CATALOG_ALIGN);
	}
	out_sb(out, &sb);
	if (!out_close(out, f, o->out))
		goto fail;
	if (n) {
		size_t size = catalog_size(n, st.size);

		fprintf(stderr, "  KMSG    %s: %d entries, %zu bytes (%zu per entry)\n",
			o->object, n, size, size / n);
	}
	ret = 0;
	goto out;
fail:
	/* no half-written or stale catalog is left to be linked */
	remove_output(o->out);
	if (o->data)
		remove_output(o->data);
out:
	free(sb.buf);
	strtab_free(&st);
	free(out);
	free(ents);
	return ret;
}

/* A word longer than this may break after a '/' in filled text. */
#define MAN_LONG_WORD 30
/* Input lines of a page stay shorter than 80 bytes (mandoc -T lint). */
#define MAN_WIDTH 79

/*
 * The troff input for the byte at @s, into @tok: a leading control
 * character (. or ') behind \&, a backslash as \e, '-' as \- (the minus
 * of options), and with @wrap a '/' followed by more of its word as "/\:",
 * where a line may break.  Return: its length.
 */
static size_t man_token(char *tok, const char *s, bool bol, bool wrap)
{
	size_t n = 0;

	if (bol && (*s == '.' || *s == '\''))
		n += sprintf(tok, "\\&");
	if (*s == '\\')
		n += sprintf(tok + n, "\\e");
	else if (*s == '-')
		n += sprintf(tok + n, "\\-");
	else if (*s == '/' && wrap && s[1] && !isspace((unsigned char)s[1]))
		n += sprintf(tok + n, "/\\:");
	else
		tok[n++] = *s;
	return n;
}

/* The troff input length of the word at @s */
static size_t man_word_len(const char *s, bool wrap)
{
	char tok[8];
	size_t n = 0;

	for (; *s && !isspace((unsigned char)*s); s++)
		n += man_token(tok, s, false, wrap);
	return n;
}

/*
 * man_run() - text as troff input, after @col bytes of its first line
 * @fill: filled text: wrapped at spaces so that input lines stay within
 *	MAN_WIDTH bytes, trailing white space dropped, and a word longer than
 *	MAN_LONG_WORD may break after a '/', so that a path does not stick
 *	out of a line (groff's "cannot adjust line").  Otherwise every space
 *	stays, and a space that ends a line is "\ ".  A line or word too
 *	long for an input line goes on after a backslash-newline.
 */
static void man_run(FILE *f, const char *s, size_t col, bool fill)
{
	bool wrap = false, more;
	char tok[8];
	size_t n;

	for (; *s; s++) {
		if (*s == '\n') {
			fputc('\n', f);
			col = 0;
			continue;
		}
		if (fill && isspace((unsigned char)*s)) {
			const char *w = s + strspn(s, " \t");

			if (!*w || *w == '\n') {	/* trailing */
				s = w - 1;
				continue;
			}
			wrap = strcspn(w, " \t\n") > MAN_LONG_WORD;
			if (col && col + 1 + man_word_len(w, wrap) > MAN_WIDTH) {
				fputc('\n', f);
				col = 0;
			} else if (col) {
				fputc(' ', f);
				col++;
			}
			s = w - 1;
			continue;
		}
		if (fill && !col)
			wrap = strcspn(s, " \t\n") > MAN_LONG_WORD;
		more = s[1] && s[1] != '\n' && !(fill && isspace((unsigned char)s[1]));
		n = man_token(tok, s, !col, fill && wrap);
		if (col + n + more > MAN_WIDTH) {
			/* too long a line, or in filled text a word */
			fputs("\\\n", f);
			col = 0;
			n = man_token(tok, s, true, fill && wrap);
		}
		if (!fill && *s == ' ' && (!s[1] || s[1] == '\n'))
			n = sprintf(tok, "\\ ");
		fwrite(tok, 1, n, f);
		col += n;
	}
	fputc('\n', f);
}

static void man_text(FILE *f, const char *s)
{
	man_run(f, s, 0, true);
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

/*
 * The section of a message's hashed ids (kmsg_hashed_id()) of @text, its
 * format: plain and as printed for a device, as the catalog does not say
 * which of the two a message is.  The format is the call's where there is
 * one (catalog and index), else the description's Text (system).
 */
static void man_hashed_ids(FILE *f, const char *tag, const char *text)
{
	int n = strrchr(tag, '.') - tag;
	char line[128];

	snprintf(line, sizeof(line), "%.*s.%06x (printed for a device: %.*s.%06x)",
		 n, tag, kmsg_hashed_id(text, false), n, tag,
		 kmsg_hashed_id(text, true));
	fputs(".SH HASHED ID\n", f);
	man_text(f, line);
	fputs(".PP\n"
	      "Kernels with hashed message ids (SUSE's and Ubuntu's for s390) print\n"
	      "this id in place of the tag, the second one if the message is printed\n"
	      "for a device; IBM's documentation lists the message under it.\n"
	      "It is computed from the message's format as it is today: where the\n"
	      "format has changed, an older kernel printed another id.\n", f);
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
	/* The title in capitals, as man pages have it; the name as it is. */
	fputs(".TH \"", f);
	for (i = 0; t->rec->tag[i]; i++)
		fputc(toupper((unsigned char)t->rec->tag[i]), f);
	fprintf(f, "\" 9 \"%s\" \"Linux\" \"Kernel Messages\"\n.SH NAME\n", date);
	man_run(f, d->text, fprintf(f, "%s \\- ", t->rec->tag), true);
	fputs(".SH MESSAGE\n.nf\n", f);
	man_run(f, d->text, fprintf(f, "%s: ", t->rec->tag), false);
	fputs(".fi\n", f);
	man_hashed_ids(f, t->rec->tag, t->text ? t->text : d->text);
	fputs(".SH SEVERITY\n", f);
	man_text(f, severity_name(d->level));
	if (d->nr_params) {
		const char *p = d->params, *text;
		size_t len, label;

		fputs(".SH PARAMETERS\n", f);
		for (i = 1; (p = kmsg_param_next(p, &text, &len)); i++) {
			char *one;

			label = kmsg_param_label(text, len);
			one = xstrndup(text + label, len - label);

			fprintf(f, ".TP\n.B @%d\n", i);
			man_text(f, one);
			free(one);
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

	if (records_read(&rs, o->object)) {
		records_free(&rs);
		return 2;
	}
	findings = resolve_tags(o, &cache, &rs, &tags, &n);

	if (o->check) {
		findings += check_file_duplicates(&cache);
		for (i = 0; i < n; i++)
			findings += check_tag(&tags[i]);
		findings += parse_errors;
	} else {
		for (i = 0; i < n; i++)
			if (!tags[i].desc)
				fprintf(stderr,
					"%s:%d: warning: %s: no description; the catalog has its text and severity only (make D=1 prints a template)\n",
					tags[i].rec->file, tags[i].rec->line,
					tags[i].rec->tag);
	}

	if (o->man_dir) {
		mkdir(o->man_dir, 0755);
		for (i = 0; i < n; i++)
			if (tags[i].desc && write_man(o->man_dir, &tags[i]))
				status = 2;
	}
	if (emit_catalog(o, tags, n, rs.big_endian))
		status = 2;
	if (o->depfile && write_depfile(o, &cache))
		status = 2;
	if (findings) {
		fprintf(stderr, "kmsg-gen: %s: %d problem%s with message descriptions\n",
			o->object, findings, findings == 1 ? "" : "s");
		if (o->check)
			status = 1;
	}
	if (bad_tags) {
		fprintf(stderr, "kmsg-gen: %s: %d message%s with an invalid tag\n",
			o->object, bad_tags, bad_tags == 1 ? "" : "s");
		status = status ? status : 1;
	}

	free(tags);
	cache_free(&cache);
	records_free(&rs);
	return status;
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
 * and user action, separated by tabs (scripts/kmsg-format.h, which
 * tools/kmsg reads it with).  With --man, also the man page of each
 * described tag, as make D=2 writes it: make kmsg_install installs the
 * pages of exactly the messages it installs the catalog of.
 *
 * It is text, not the binary section the kernel validates, on purpose: it
 * holds vmlinux and every module in one file, each entry with its owner,
 * which the section has no field for; it is read where the image's byte
 * order need not be the reader's (kmsg --catalog FILE on another
 * machine); awk and grep read it too (ws/catalog-table.sh, the tests);
 * and the kernel's validator is kernel code that tools/kmsg cannot link,
 * so a binary file would need a second validator after all.
 *
 * Return: process exit status.
 */
int index_run(const struct catalog_opts *o, char **objects, int nr)
{
	struct file_cache cache = { 0 };
	FILE *f = stdout;
	int i, j, status = 0;

	if (strcmp(o->out, "-")) {
		f = create_output(o->out);
		if (!f)
			return 2;
	}
	fputs(KMSG_INDEX_HEADER, f);
	if (o->man_dir)
		mkdir(o->man_dir, 0755);
	for (i = 0; i < nr; i++) {
		struct record_set rs = { 0 };
		struct tag *tags;
		char *owner;
		int n;

		if (records_read(&rs, objects[i])) {
			records_free(&rs);
			status = 2;
			continue;
		}
		resolve_tags(o, &cache, &rs, &tags, &n);
		owner = owner_of(objects[i]);
		for (j = 0; j < n; j++) {
			const struct desc *d = tags[j].desc;
			const char *field[KMSG_INDEX_NR_FIELDS];
			int k;

			if (o->man_dir && d && write_man(o->man_dir, &tags[j]))
				status = 2;

			field[KMSG_INDEX_TAG] = tags[j].rec->tag;
			field[KMSG_INDEX_SEVERITY] = severity_name(tags[j].rec->level);
			field[KMSG_INDEX_OWNER] = owner;
			field[KMSG_INDEX_TEXT] = tags[j].text;
			field[KMSG_INDEX_PARAMETERS] = d ? d->params : "";
			field[KMSG_INDEX_DESCRIPTION] = d ? d->description : "";
			field[KMSG_INDEX_USER_ACTION] = d ? d->user_action : "";
			for (k = 0; k < KMSG_INDEX_NR_FIELDS; k++)
				kmsg_index_field(f, field[k], !k);
			fputc('\n', f);
		}
		free(owner);
		free(tags);
		records_free(&rs);
	}
	cache_free(&cache);
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
		status = 2;
	}
	return status;
}

/* Tags in the order of kmsg list: by component, then by id */
static int cmp_desc_tag(const void *a, const void *b)
{
	const struct desc *x = *(const struct desc * const *)a;
	const struct desc *y = *(const struct desc * const *)b;
	int c = kmsg_tag_cmp(x->tag, y->tag);

	if (c)
		return c;
	return x < y ? -1 : x > y;
}

/**
 * system_run() - the "system" command: the catalog file of every
 * description, whatever kernel printed the message
 * @o: parsed command line; o->out is the file to write, o->man_dir the
 *     folder of the man pages (or NULL)
 * @files: description files (Documentation/kmsg/...)
 * @nr: how many
 *
 * The same file as "index" writes, from descriptions instead of objects:
 * one line per described tag, sorted by component and id, owner
 * "system".  The kmsg package installs it as /usr/share/kmsg/kmsg.catalog
 * for kernels without a catalog of their own.  A malformed block or a tag
 * described twice is reported as "file:line: problem" and makes the exit
 * status 1; the first description of a tag is kept.
 *
 * Return: process exit status.
 */
int system_run(const struct catalog_opts *o, char **files, int nr)
{
	struct desc_set set = { 0 };
	const struct desc **all;
	struct record rec = { 0 };
	struct tag t = { .rec = &rec };
	FILE *f = stdout;
	int i, k, status = 0;

	for (i = 0; i < nr; i++)
		if (desc_parse_file(&set, files[i]))
			status = 1;
	all = xmalloc((set.nr ? set.nr : 1) * sizeof(*all));
	for (i = 0; i < set.nr; i++)
		all[i] = &set.descs[i];
	qsort(all, set.nr, sizeof(*all), cmp_desc_tag);
	if (strcmp(o->out, "-")) {
		f = create_output(o->out);
		if (!f) {
			free(all);
			desc_set_free(&set);
			return 2;
		}
	}
	fputs(KMSG_INDEX_HEADER, f);
	if (o->man_dir)
		mkdir(o->man_dir, 0755);
	for (i = 0; i < set.nr; i++) {
		const struct desc *d = all[i];
		const char *field[KMSG_INDEX_NR_FIELDS];

		if (i && !strcmp(d->tag, all[i - 1]->tag)) {
			fprintf(stderr, "%s:%d: %s: described again (first at %s:%d)\n",
				d->file, d->line, d->tag, all[i - 1]->file,
				all[i - 1]->line);
			all[i] = all[i - 1];	/* the next duplicate names the first */
			status = 1;
			continue;
		}
		rec.tag = d->tag;
		t.desc = d;
		if (o->man_dir && write_man(o->man_dir, &t))
			status = 2;
		field[KMSG_INDEX_TAG] = d->tag;
		field[KMSG_INDEX_SEVERITY] = severity_name(d->level);
		field[KMSG_INDEX_OWNER] = "system";
		field[KMSG_INDEX_TEXT] = d->text;
		field[KMSG_INDEX_PARAMETERS] = d->params;
		field[KMSG_INDEX_DESCRIPTION] = d->description;
		field[KMSG_INDEX_USER_ACTION] = d->user_action;
		for (k = 0; k < KMSG_INDEX_NR_FIELDS; k++)
			kmsg_index_field(f, field[k], !k);
		fputc('\n', f);
	}
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
		status = 2;
	}
	if (status == 2 && f != stdout)
		remove_output(o->out);
	free(all);
	desc_set_free(&set);
	return status;
}
