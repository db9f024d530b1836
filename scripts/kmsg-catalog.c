// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: the catalog section of an object (include/linux/kmsg_catalog.h),
 * its bytes for the assembler's .incbin: a string table with each string
 * once, the header and the entries in the object's byte order.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"
/*
 * The section layout, shared with the kernel as scripts/mod/file2alias.c
 * shares mod_devicetable.h; kmsg-gen.h defines the kernel's types.
 */
#include "../include/linux/kmsg_catalog.h"

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

/* Finish @file after @o is written to it; false (with a message) if anything failed */
static bool out_close(struct out *o, struct output *file)
{
	out_flush(o);
	return !output_close(file, true);
}

/**
 * catalog_write() - write the catalog section of an object
 * @o: the command line: o->data the file of the section's bytes, o->out
 *     the assembler source that includes them (o->object names the object)
 * @tags: the object's tags, with their descriptions where found
 * @n: how many
 * @big_endian: the byte order of the object
 *
 * Without o->data only the source's comment line is written.  On failure
 * neither file is left behind, so no half-written or stale catalog is
 * linked.
 *
 * Return: 0, or -1 after saying why.
 */
int catalog_write(const struct catalog_opts *o, struct tag *tags, int n,
		  bool big_endian)
{
	struct kmsg_catalog_entry *ents = xmalloc((n ? n : 1) * sizeof(*ents));
	struct out *out = xmalloc(sizeof(*out));
	struct strbuf sb = { 0 };
	struct output f = { 0 }, df = { 0 };
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
		e->flags = (d ? KMSG_ENTRY_DESCRIBED : 0) |
			   (t->rec->no_id ? KMSG_ENTRY_NO_ID : 0);
	}

	if (o->data && n) {
		if (output_open(&df, o->data))
			goto fail;
		out->f = df.f;
		out->n = 0;
		emit_data(out, &st, ents, n, big_endian);
		if (!out_close(out, &df))
			goto fail;
	}
	if (output_open(&f, o->out))
		goto fail;
	out->f = f.f;
	out->n = 0;
	sb_printf(&sb, "/* Generated by scripts/kmsg-gen from %s: %d entries */\n",
		  o->object, n);
	if (o->data && n) {
		sb_printf(&sb, "\t.section .kmsg_catalog,\"a\"\n\t.balign %d\n\t.incbin \"",
			  KMSG_CATALOG_ALIGN);
		c_escape(&sb, o->data);
		sb_printf(&sb, "\"\n\t.balign %d\n", KMSG_CATALOG_ALIGN);
	}
	out_sb(out, &sb);
	if (!out_close(out, &f))
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
	if (f.f)
		output_close(&f, false);
	else
		output_remove(o->out);
	if (df.f)
		output_close(&df, false);
	else if (o->data)
		output_remove(o->data);
out:
	free(sb.buf);
	strtab_free(&st);
	free(out);
	free(ents);
	return ret;
}
