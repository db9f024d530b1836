/* SPDX-License-Identifier: GPL-2.0 */
/* Shared declarations of the kmsg-gen host tool. */
#ifndef KMSG_GEN_H
#define KMSG_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct strbuf {
	char *buf;
	size_t len, cap;
};

/* One message description: a parsed block. */
struct desc {
	char *tag;
	char *text;		/* Text: with quotes joined and escapes applied */
	char *severity;
	char **params;		/* "@1: ..." lines without the "@N: " */
	int nr_params;
	char *description;
	char *user_action;
	const char *file;
	int line;		/* of the opening line */
};

struct desc_set {
	struct desc *descs;
	int nr, cap;
	char **files;		/* names owned by the set */
	int nr_files;
};

/* One call-site record of <linux/kmsg.h>. */
struct record {
	char *tag;
	int comp_len;		/* of the component part of tag */
	long id;		/* the id part of tag, -1 if not a number */
	int level;
	char *file;
	int line;
	char *format;
};

struct record_set {
	struct record *recs;
	int nr, cap;
	bool big_endian;
};

struct catalog_opts {
	bool check;
	const char *man_dir;
	const char *srctree;
	const char *srcarch;
	const char *depfile;
	const char *out;
	const char *object;
};

void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
void sb_add(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
#define __printf(a, b) __attribute__((format(printf, a, b)))
__printf(2, 3) void sb_printf(struct strbuf *sb, const char *fmt, ...);
char *sb_take(struct strbuf *sb);

int severity_level(const char *name);
const char *severity_name(int level);
bool component_valid(const char *s, size_t len);
bool tag_valid(const char *tag, unsigned int *id);
int count_conversions(const char *fmt);

/* kmsg-parse.c */
int desc_parse_buffer(struct desc_set *set, const char *file,
		      const char *buf, size_t len);
int desc_parse_file(struct desc_set *set, const char *path);
void desc_set_free(struct desc_set *set);
void desc_print_json(FILE *f, const struct desc *d);
void c_escape(struct strbuf *sb, const char *s);

/* kmsg-records.c */
int records_read(struct record_set *set, const char *path);
void records_free(struct record_set *set);

/* kmsg-catalog.c */
int catalog_run(const struct catalog_opts *o);
int index_run(const struct catalog_opts *o, char **objects, int nr);

#endif /* KMSG_GEN_H */
