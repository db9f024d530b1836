/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Declarations of the kmsg-gen host tool, shared by its files:
 * kmsg-gen.c (main), kmsg-util.c (helpers), kmsg-parse.c (descriptions),
 * kmsg-records.c (objects), kmsg-check.c (descriptions looked up and
 * checked), kmsg-catalog.c (the catalog section), kmsg-man.c (man pages),
 * kmsg-json.c (JSON) and kmsg-commands.c (what each command does).
 */
#ifndef KMSG_GEN_H
#define KMSG_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The kernel's fixed-size types come with include/linux/kmsg_catalog.h. */
#include "kmsg-format.h"

struct strbuf {
	char *buf;
	size_t len, cap;
};

/* Memory for many small strings, freed all at once. */
struct arena {
	struct arena_chunk *chunks;
	char *pos, *end;
};

/* The contents of a file, mapped or read. */
struct file_data {
	char *data;
	size_t len;
	bool mapped;
};

/* One message description: a parsed block. */
struct desc {
	char *tag;
	char *text;		/* Text: with quotes joined and escapes applied */
	char *params;		/* "@1: text\n@2: text": a line per parameter */
	char *description;
	char *user_action;
	const char *file;
	int nr_params;
	int level;		/* of Severity: 0 (Emerg) .. 6 (Informational) */
	int line;		/* of the opening line */
	bool no_id;		/* "Printed: without id" */
	bool printed;		/* a Printed: line: with Source:, a kmsg_*() call */
	/*
	 * A message described by its source rather than by the records of
	 * kmsg_*() calls: "Source:" files ("path\npath", or NULL), and what
	 * an earlier release prints ("Release 6.1:"): its text (NULL when it
	 * is Text), whether it prints the message at all, its own files.
	 */
	char *sources;
	char *release;		/* "6.1", or NULL */
	char *rel_text;
	char *rel_sources;
	bool rel_none;
};

struct desc_set {
	struct desc *descs;
	int nr, cap;
	struct arena arena;	/* the strings of descs and the file names */
};

/* One call-site record of <linux/kmsg.h>; the strings are the object's. */
struct record {
	const char *tag;
	const char *file;
	const char *format;
	u64 comp_key;		/* its first 8 bytes, big-endian, to sort by */
	int comp_len;		/* of the component part of tag */
	int id;			/* the id part of tag, -1 if not a number */
	int line;
	int level;
	bool no_id;		/* kmsg_noid_*(): printed without an id */
};

struct record_set {
	struct record *recs;
	int nr, cap;
	bool big_endian;
	struct file_data *objects;	/* what the records point into */
	int nr_objects;
};

struct catalog_opts {
	bool check;
	const char *man_dir;
	const char *srctree;
	const char *srcarch;
	const char *depfile;
	const char *out;
	const char *data;	/* the catalog's bytes, for .incbin */
	const char *object;
	const char *po;		/* system: the man pages' translations */
};

struct desc_file;

/* The description files looked up so far, for an object's tags. */
struct file_cache {
	struct desc_file *files;
	int nr, cap;
	/* The lookup files of the last tag: the next one mostly shares them. */
	char *last_file, *last_comp;
	int where[4], nr_where;
	struct arena strings;	/* of the tags */
};

/* One tag of the object, with the record that introduced it. */
struct tag {
	const struct record *rec;
	char *component;
	unsigned int id;
	const struct desc *desc;
	const char *text;	/* format without the trailing newline */
};

/* kmsg-util.c */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
void sb_grow(struct strbuf *sb, size_t n);

/* Append @n bytes at @s; the buffer stays NUL-terminated. */
static inline void sb_add(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n + 1 > sb->cap)
		sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s);

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
__printf(2, 3) void sb_printf(struct strbuf *sb, const char *fmt, ...);
char *sb_take(struct strbuf *sb);
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_free(struct arena *a);
int file_load(struct file_data *fd, const char *path);
/* a file written under a temporary name and renamed when complete */
struct output {
	FILE *f;
	const char *path;
	char *tmp;
};

int output_open(struct output *out, const char *path);
int output_close(struct output *out, bool keep);
void output_remove(const char *path);
void file_unload(struct file_data *fd);
unsigned int hash_mem(const char *s, size_t n);

int severity_level_n(const char *name, size_t len);
const char *severity_name(int level);

/* kmsg-parse.c */
int desc_parse_file(struct desc_set *set, const char *path);
void desc_set_free(struct desc_set *set);
void desc_print_json(FILE *f, const struct desc *d);
void c_escape(struct strbuf *sb, const char *s);
bool c_unescape(struct strbuf *sb, const char *s, const char *e);

/* kmsg-source.c */
int source_check_run(const struct catalog_opts *o, const char *release,
		     char **files, int nr);

/* kmsg-records.c */
int records_read(struct record_set *set, const char *path);
void records_free(struct record_set *set);

/* kmsg-check.c */
extern int parse_errors, bad_tags;
int resolve_tags(const struct catalog_opts *o, struct file_cache *cache,
		 struct record_set *rs, struct tag **out, int *nr);
int check_file_duplicates(const struct file_cache *c);
int check_tag(const struct tag *t);
int write_depfile(const struct catalog_opts *o, const struct file_cache *c);
void cache_free(struct file_cache *c);

/* kmsg-catalog.c */
int catalog_write(const struct catalog_opts *o, struct tag *tags, int n,
		  bool big_endian);

/* kmsg-man.c */
enum {
	MAN_NAME, MAN_MESSAGE, MAN_HASHED_ID, MAN_SEVERITY, MAN_PARAMETERS,
	MAN_DESCRIPTION, MAN_USER_ACTION, MAN_TITLE, MAN_FOR_DEVICE,
	MAN_HASHED_TEXT, MAN_NO_ID_TEXT, MAN_NR_STRINGS
};

struct po_file;

extern const char *const man_strings[MAN_NR_STRINGS];
extern const struct po_file *man_po;	/* the pages' language, or NULL */
int man_write(const char *dir, const struct tag *t);

/* kmsg-commands.c */
int catalog_run(const struct catalog_opts *o);
int index_run(const struct catalog_opts *o, char **objects, int nr);
int system_run(const struct catalog_opts *o, char **files, int nr);

/* kmsg-po.c */
struct po_msg {
	char *ctxt, *id, *str;	/* "" where the file has none */
	int line;
	bool fuzzy;
};

struct po_file {
	const char *path;
	struct po_msg *msgs;	/* sorted by ctxt, then id */
	int nr, cap;
	char *text;
};

int pot_run(const struct catalog_opts *o, char **files, int nr);
int po_read(struct po_file *po, const char *path);
void po_free(struct po_file *po);
const char *po_lookup(const struct po_file *po, const char *ctxt, const char *id);
int po_check_run(char **files, int nr);

#endif /* KMSG_GEN_H */
