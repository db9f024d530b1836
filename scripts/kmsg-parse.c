// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: the parser of message descriptions.
 *
 * A description is a comment block that opens with a line holding only
 * "/\*?" and closes with a line starting with "*\/".  Every line between
 * starts with "*".  The grammar, one keyword a line:
 *
 *	Tag: <component>.<id>
 *	Text: "<format>" ["<more>" ...]
 *	Severity: Emerg|Alert|Critical|Error|Warning|Notice|Informational
 *	[Printed: without id|with id]
 *	                        without id: a message of kmsg_noid_*(), whose
 *	                        line keeps its text without a tag; with a
 *	                        Source: line, either value says the call is a
 *	                        kmsg_*() call that leaves a record
 *	[Source: <path>         a message described by the files that print
 *	 ...]                   it, one a line (kmsg-source.c checks them)
 *	[Release <ver>: "<format>"|none
 *	                        what release <ver> prints instead, or that it
 *	                        does not print the message
 *	[Source <ver>: <path>   the files that print it in release <ver>
 *	 ...]]
 *	[Parameter:
 *	  @N: <text>            one per conversion, may run on over lines]
 *	Description:
 *	  <lines>
 *	[User action:
 *	  <lines>]
 *
 * Anything else before "Description:", or a NUL byte anywhere in the
 * block, makes it malformed; it is reported as "file:line: problem" and
 * skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"
#include "kmsg-json.h"

struct parser {
	struct desc_set *set;
	const char *file;
	const char *pos, *end;
	int lineno;
	int errors;
	bool has_nul;		/* the buffer has a NUL byte somewhere */
	struct desc prev;	/* the last description parsed, or zeros */
	/* scratch space of the block being parsed, reused for the next */
	struct strbuf text, param, desc, action;
	struct strbuf src, rel_src, rel_text;
};

static void perr(struct parser *p, int line, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s:%d: ", p->file, line);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	p->errors++;
}

/* Next line without its newline; false at the end of the buffer. */
static inline bool next_line(struct parser *p, const char **s, size_t *len)
{
	const char *nl;

	if (p->pos >= p->end)
		return false;
	nl = memchr(p->pos, '\n', p->end - p->pos);
	*s = p->pos;
	*len = (nl ? nl : p->end) - p->pos;
	p->pos = nl ? nl + 1 : p->end;
	p->lineno++;
	if (*len && (*s)[*len - 1] == '\r')
		(*len)--;
	return true;
}

static inline const char *skip_ws(const char *s, const char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	return s;
}

static bool is_open(const char *s, size_t len)
{
	const char *e = s + len;

	s = skip_ws(s, e);
	if (e - s < 3 || memcmp(s, "/*?", 3))
		return false;
	return skip_ws(s + 3, e) == e;
}

/* Does @key (a keyword such as "Tag:") start the body @s, which ends at @e? */
static inline bool key_is(const char *s, const char *e, const char *key)
{
	size_t n = strlen(key);

	return (size_t)(e - s) >= n && !memcmp(s, key, n);
}

/* C escapes and what they stand for */
static const char simple_escapes[] = "ntrabfv\\\"'?";
static const char simple_values[] = "\n\t\r\a\b\f\v\\\"'?";

/**
 * c_unescape() - append a C string's body with its escapes applied
 * @sb: where to
 * @s: the body, escapes as written
 * @e: its end
 *
 * Return: false for an escape it does not read (hexadecimal, \0).
 */
bool c_unescape(struct strbuf *sb, const char *s, const char *e)
{
	const char *p;

	while (s < e) {
		const char *bs = memchr(s, '\\', e - s);
		char c;

		if (!bs) {
			sb_add(sb, s, e - s);
			break;
		}
		sb_add(sb, s, bs - s);
		s = bs + 1;
		if (s >= e)
			return false;
		c = *s++;
		p = strchr(simple_escapes, c);
		if (c && p) {
			c = simple_values[p - simple_escapes];
		} else {
			if (c >= '0' && c <= '7') {
				int v = c - '0', k;

				for (k = 0; k < 2 && s < e && *s >= '0' && *s <= '7'; k++)
					v = v * 8 + (*s++ - '0');
				if (!v || v > 255)
					return false;
				c = (char)v;
			} else {
				return false;
			}
		}
		sb_add(sb, &c, 1);
	}
	return true;
}

/* Append Text: "a" "b" as ab to @sb; false when the quoting is malformed. */
static bool parse_text(struct strbuf *sb, const char *s, const char *e)
{
	bool any = false;

	for (;;) {
		const char *q;

		s = skip_ws(s, e);
		if (s == e)
			break;
		if (*s != '"')
			return false;
		/* the closing quote: one not escaped by a backslash */
		for (q = s + 1; (q = memchr(q, '"', e - q)); q++) {
			const char *b = q;

			while (b > s + 1 && b[-1] == '\\')
				b--;
			if (!((q - b) & 1))
				break;
		}
		if (!q)
			return false;
		if (!c_unescape(sb, s + 1, q))
			return false;
		any = true;
		s = q + 1;
	}
	return any;
}

static char *trim_dup(struct arena *a, const char *s, const char *e)
{
	s = skip_ws(s, e);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return arena_strndup(a, s, e - s);
}

static inline void add_line(struct strbuf *sb, const char *s, const char *e)
{
	size_t n = e - s;

	if (sb->len + n + 2 > sb->cap)
		sb_grow(sb, n + 1);
	if (sb->len)
		sb->buf[sb->len++] = '\n';
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

/*
 * A copy of @n bytes at @s in the arena; or @prev, the same field of the
 * description before, when it reads the same ("None.", say), so the
 * catalog finds it stored already.
 */
static char *field_dup(struct arena *a, const char *s, size_t n, char *prev)
{
	if (prev && !strncmp(prev, s, n) && !prev[n])
		return prev;
	return arena_strndup(a, s, n);
}

/* Drop trailing blank lines and spaces; the rest goes into the arena. */
static char *finish_block(struct arena *a, struct strbuf *sb, char *prev)
{
	while (sb->len && isspace((unsigned char)sb->buf[sb->len - 1]))
		sb->len--;
	return field_dup(a, sb->buf ? sb->buf : "", sb->len, prev);
}

enum section { S_HEAD, S_PARAM, S_DESC, S_ACTION };

static const char bad_severity[] =
	"Severity: '%s' is not Emerg, Alert, Critical, Error, Warning, Notice or Informational";

/*
 * Join the lines of a Parameter: section into "@1: text\n@2: text":
 * a line "@N: text" starts parameter N, other lines continue the last
 * one.  Returns NULL, or the problem (with the tag as its argument).
 */
static const char *split_params(struct parser *p, struct desc *d)
{
	struct strbuf *sb = &p->param, *out = &p->text;
	char *line, *next, *end;
	const char *e;
	int n = 0;

	/* the lines end in '\n' or in the NUL of the strbuf */
	while (sb->len && isspace((unsigned char)sb->buf[sb->len - 1]))
		sb->len--;
	out->len = 0;
	for (line = sb->len ? sb->buf : NULL; line; line = next) {
		sb->buf[sb->len] = '\0';
		next = memchr(line, '\n', sb->buf + sb->len - line);
		e = next ? next : sb->buf + sb->len;
		next = next ? next + 1 : NULL;
		line = (char *)skip_ws(line, e);
		if (line[0] == '@' && isdigit((unsigned char)line[1])) {
			long v = 0;

			for (end = line + 1; isdigit((unsigned char)*end) && v <= n; end++)
				v = v * 10 + (*end - '0');
			if (v != n + 1 || *end != ':')
				return "%s: parameters must be @1:, @2:, ... in order";
			if (n++)
				sb_add(out, "\n", 1);
			/* "@N:" as written but without leading zeros, then " " */
			while (line[1] == '0')
				line++;
			line[0] = '@';
			sb_add(out, line, end + 1 - line);
			sb_add(out, " ", 1);
			line = (char *)skip_ws(end + 1, e);
			while (e > line && (e[-1] == ' ' || e[-1] == '\t'))
				e--;
		} else if (line == e) {
			continue;
		} else if (n) {
			sb_add(out, " ", 1);
		} else {
			return "%s: parameter text before the first @1:";
		}
		sb_add(out, line, e - line);
	}
	d->nr_params = n;
	d->params = field_dup(&p->set->arena, out->buf ? out->buf : "",
			      out->len, p->prev.params);
	return NULL;
}

/* What parse_block() knows of the block being parsed */
struct block {
	struct desc *d;
	enum section sec;	/* the section the next plain line belongs to */
	int start;		/* line of the block's opening */
	int tag_line, sev_line, param_line;
	bool in_text;		/* the last line was a piece of Text: */
	bool in_rel;		/* ... of Release <ver>: */
	bool has_text;
	bool has_rel;		/* Release <ver>: */
	const char *sev;	/* Severity:'s value, sev_len bytes */
	size_t sev_len;
	const char *problem;	/* the first problem found, a format for arg */
	const char *arg;
	int bad_line;
	char what[64];
};

static void block_problem(struct parser *p, struct block *k, const char *problem)
{
	k->problem = problem;
	k->bad_line = p->lineno;
}

/* @b..@e: what follows a keyword, less its leading blanks */
static void kw_tag(struct parser *p, struct block *k, const char *b, const char *e)
{
	if (k->d->tag) {
		block_problem(p, k, "second Tag:");
		return;
	}
	k->d->tag = trim_dup(&p->set->arena, b, e);
	k->tag_line = p->lineno;
	k->sec = S_HEAD;
}

/* A piece of Text:, "quoted": on its line, or on lines right after it */
static void text_piece(struct parser *p, struct block *k, const char *b, const char *e)
{
	if (!parse_text(&p->text, b, e)) {
		block_problem(p, k, "Text: must be one or more \"quoted\" strings");
		return;
	}
	k->has_text = true;
	k->sec = S_HEAD;
	k->in_text = true;
}

static void kw_text(struct parser *p, struct block *k, const char *b, const char *e)
{
	if (k->has_text) {
		block_problem(p, k, "second Text:");
		return;
	}
	text_piece(p, k, b, e);
}

static void kw_severity(struct parser *p, struct block *k, const char *b, const char *e)
{
	while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	k->sev = b;
	k->sev_len = e - b;
	k->sev_line = p->lineno;
	k->sec = S_HEAD;
}

/*
 * "Printed: without id": the message keeps printing without its tag;
 * "Printed: with id" (the default) says so explicitly, which a message
 * with Source: lines needs to be tied to the record of its call.
 */
static void kw_printed(struct parser *p, struct block *k, const char *b, const char *e)
{
	static const char without[] = "without id", with[] = "with id";
	size_t n;

	while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	n = e - b;
	if (k->d->printed) {
		block_problem(p, k, "second Printed:");
		return;
	}
	if (n == sizeof(without) - 1 && !memcmp(b, without, n)) {
		k->d->no_id = true;
	} else if (n != sizeof(with) - 1 || memcmp(b, with, n)) {
		block_problem(p, k, "Printed: can only be 'without id' or 'with id'");
		return;
	}
	k->d->printed = true;
	k->sec = S_HEAD;
}

static char *trim_end(const char *b, const char *e)
{
	while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return (char *)e;
}

/* The one file a Source line names, @b..@e, onto @sb */
static void source_line(struct parser *p, struct block *k, struct strbuf *sb,
			const char *b, const char *e)
{
	b = skip_ws(b, e);
	e = trim_end(b, e);
	if (b == e || memchr(b, ' ', e - b)) {
		block_problem(p, k, "Source: must name one file");
		return;
	}
	add_line(sb, b, e);
	k->sec = S_HEAD;
}

/* "Source: path": a file whose code prints the message */
static void kw_source(struct parser *p, struct block *k, const char *b, const char *e)
{
	source_line(p, k, &p->src, b, e);
}

/* "<ver>:" at @b: the release, which a second Release line must repeat */
static const char *release_version(struct parser *p, struct block *k,
				   const char *b, const char *e)
{
	const char *colon = memchr(b, ':', e - b), *v;

	if (!colon || colon == b)
		return NULL;
	for (v = b; v < colon; v++)
		if (!isdigit((unsigned char)*v) && *v != '.')
			return NULL;
	if (k->d->release && (strlen(k->d->release) != (size_t)(colon - b) ||
			      memcmp(k->d->release, b, colon - b)))
		return NULL;
	if (!k->d->release)
		k->d->release = arena_strndup(&p->set->arena, b, colon - b);
	return colon + 1;
}

/* "Release 6.1: "text"" or "Release 6.1: none" */
static void kw_release(struct parser *p, struct block *k, const char *b, const char *e)
{
	const char *v = release_version(p, k, b, e);

	if (!v || k->has_rel) {
		block_problem(p, k, k->has_rel ? "second Release" :
			      "Release must be 'Release <version>: \"text\"' or '...: none'");
		return;
	}
	v = skip_ws(v, e);
	e = trim_end(v, e);
	k->has_rel = true;
	k->sec = S_HEAD;
	if ((size_t)(e - v) == 4 && !memcmp(v, "none", 4))
		k->d->rel_none = true;
	else if (!parse_text(&p->rel_text, v, e))
		block_problem(p, k, "Release <version>: must be \"quoted\" or none");
	else
		k->in_rel = true;
}

/* "Source 6.1: path": a file that prints it in that release */
static void kw_rel_source(struct parser *p, struct block *k, const char *b, const char *e)
{
	const char *v = release_version(p, k, b, e);

	if (!v || !k->has_rel || k->d->rel_none) {
		block_problem(p, k, "Source <version>: needs its Release <version>: text");
		return;
	}
	source_line(p, k, &p->rel_src, v, e);
}

/* Parameter:, Description: and User action: start a section of lines */
static void kw_section(struct parser *p, struct block *k, const char *b,
		       const char *e, enum section sec, struct strbuf *sb)
{
	k->sec = sec;
	if (sec == S_PARAM)
		k->param_line = p->lineno;
	if (b < e)
		add_line(sb, b, e);
}

static void kw_param(struct parser *p, struct block *k, const char *b, const char *e)
{
	kw_section(p, k, b, e, S_PARAM, &p->param);
}

static void kw_desc(struct parser *p, struct block *k, const char *b, const char *e)
{
	kw_section(p, k, b, e, S_DESC, &p->desc);
}

static void kw_action(struct parser *p, struct block *k, const char *b, const char *e)
{
	kw_section(p, k, b, e, S_ACTION, &p->action);
}

/*
 * The keywords of a block, and the sections each may follow: Parameter:
 * and Description: not after the description has begun, User action:
 * only right after it.
 */
static const struct keyword {
	const char *name;
	unsigned int after;	/* bit mask of enum section */
	void (*parse)(struct parser *p, struct block *k, const char *b, const char *e);
} keywords[] = {
	{ "Tag:", ~0u, kw_tag },
	{ "Text:", ~0u, kw_text },
	{ "Severity:", ~0u, kw_severity },
	{ "Printed:", 1u << S_HEAD, kw_printed },
	{ "Source:", 1u << S_HEAD, kw_source },
	{ "Release ", 1u << S_HEAD, kw_release },
	{ "Source ", 1u << S_HEAD, kw_rel_source },
	{ "Parameter:", 1u << S_HEAD | 1u << S_PARAM, kw_param },
	{ "Description:", 1u << S_HEAD | 1u << S_PARAM, kw_desc },
	{ "User action:", 1u << S_DESC, kw_action },
};

/* The text of a line of the block, " * " and the like taken off */
static const char *block_text(const char *s, const char *e)
{
	const char *b;

	/* mostly " * text" */
	b = e - s >= 2 && s[0] == ' ' && s[1] == '*' ? s + 1 : skip_ws(s, e);
	if (b == e || *b != '*')
		return NULL;
	return e - b > 2 && b[1] == ' ' && b[2] != ' ' && b[2] != '\t' ?
	       b + 2 : skip_ws(b + 1, e);
}

/* One line @b..@e of the block's text: a keyword, or a section's line */
static void block_line(struct parser *p, struct block *k, const char *b, const char *e)
{
	struct strbuf *const lines[] = { NULL, &p->param, &p->desc, &p->action };
	bool more_text = k->in_text && b < e && *b == '"';
	bool more_rel = k->in_rel && b < e && *b == '"';
	size_t i, n;

	k->in_text = false;
	k->in_rel = false;
	if (more_text) {
		text_piece(p, k, b, e);
		return;
	}
	if (more_rel) {
		if (!parse_text(&p->rel_text, b, e))
			block_problem(p, k, "Release <version>: must be \"quoted\" or none");
		k->in_rel = true;
		return;
	}
	for (i = 0; i < ARRAY_SIZE(keywords); i++) {
		const struct keyword *kw = &keywords[i];

		if (key_is(b, e, kw->name) && (kw->after & 1u << k->sec)) {
			kw->parse(p, k, skip_ws(b + strlen(kw->name), e), e);
			return;
		}
	}
	if (k->sec != S_HEAD) {
		add_line(lines[k->sec], b, e);
		return;
	}
	if (b == e)
		return;
	n = e - b > 60 ? 60 : e - b;
	memcpy(k->what, b, n);
	k->what[n] = '\0';
	block_problem(p, k, "cannot understand '%s'");
	k->arg = k->what;
}

/* After the closing line: what a complete description must have */
static void block_finish(struct parser *p, struct block *k)
{
	struct desc *d = k->d;
	unsigned int id;

	k->bad_line = k->start;
	d->level = k->sev ? severity_level_n(k->sev, k->sev_len) : -1;
	if (!d->tag)
		k->problem = "no Tag:";
	else if (!kmsg_tag_valid(d->tag, strlen(d->tag), &id))
		k->problem = "Tag: '%s' is not <component>.<id> with an id of 1..65535",
		k->arg = d->tag, k->bad_line = k->tag_line;
	else if (!k->has_text)
		k->problem = "%s: no Text:", k->arg = d->tag;
	else if (!k->sev)
		k->problem = "%s: no Severity:", k->arg = d->tag;
	else if (d->level < 0)
		k->problem = bad_severity, k->bad_line = k->sev_line,
		k->arg = arena_strndup(&p->set->arena, k->sev, k->sev_len);
	else if (k->sec < S_DESC)
		k->problem = "%s: no Description:", k->arg = d->tag;
	else if (k->has_rel && !p->src.len)
		k->problem = "%s: Release without Source:", k->arg = d->tag;
	if (k->problem)
		return;
	d->text = arena_strndup(&p->set->arena, p->text.buf ? p->text.buf : "",
				p->text.len);
	if (p->src.len)
		d->sources = arena_strndup(&p->set->arena, p->src.buf, p->src.len);
	if (p->rel_src.len)
		d->rel_sources = arena_strndup(&p->set->arena, p->rel_src.buf,
					       p->rel_src.len);
	if (k->has_rel && !d->rel_none && p->rel_text.len)
		d->rel_text = arena_strndup(&p->set->arena, p->rel_text.buf,
					    p->rel_text.len);
	k->problem = split_params(p, d);
	if (k->problem)
		k->arg = d->tag, k->bad_line = k->param_line;
}

/*
 * Parse the block whose opening line was just read.  Returns 0 and fills
 * @d, or -1 after reporting the first problem (the rest of the block is
 * consumed either way).
 */
static int parse_block(struct parser *p, struct desc *d)
{
	struct block k = { .d = d, .sec = S_HEAD, .start = p->lineno, .arg = "" };
	const char *s, *e, *b;
	size_t len;

	memset(d, 0, sizeof(*d));
	d->file = p->file;
	d->line = k.start;
	p->text.len = 0;
	p->param.len = 0;
	p->desc.len = 0;
	p->action.len = 0;
	p->src.len = 0;
	p->rel_src.len = 0;
	p->rel_text.len = 0;

	for (;;) {
		if (!next_line(p, &s, &len)) {
			if (!k.problem) {
				k.problem = "description block not closed";
				k.bad_line = k.start;
			}
			break;
		}
		e = s + len;
		b = len >= 2 && s[0] == ' ' && s[1] == '*' ? s + 1 : skip_ws(s, e);
		if (e - b >= 2 && b[0] == '*' && b[1] == '/')
			break;
		if (k.problem)
			continue;
		if (p->has_nul && memchr(s, '\0', len)) {
			block_problem(p, &k, "NUL byte in a description");
			continue;
		}
		b = block_text(s, e);
		if (!b) {
			block_problem(p, &k, "line does not start with '*'");
			continue;
		}
		block_line(p, &k, b, e);
	}
	if (!k.problem)
		block_finish(p, &k);
	if (k.problem) {
		perr(p, k.bad_line, k.problem, k.arg);
		return -1;
	}
	d->description = finish_block(&p->set->arena, &p->desc, p->prev.description);
	d->user_action = finish_block(&p->set->arena, &p->action, p->prev.user_action);
	return 0;
}

/**
 * desc_parse_buffer() - add the descriptions found in @buf to @set
 * @set: where parsed descriptions go
 * @file: name for messages; must outlive @set
 * @buf: file contents (need not be NUL-terminated)
 * @len: its length
 *
 * Return: number of malformed blocks (each reported on stderr).
 */
static int desc_parse_buffer(struct desc_set *set, const char *file,
			     const char *buf, size_t len)
{
	struct parser p = {
		.set = set, .file = file, .pos = buf, .end = buf + len,
		.has_nul = !!memchr(buf, '\0', len),
	};
	const char *s;
	size_t n;

	while (next_line(&p, &s, &n)) {
		struct desc d;

		if (!is_open(s, n))
			continue;
		if (parse_block(&p, &d))
			continue;
		if (set->nr == set->cap) {
			/*
			 * A block takes some 60 bytes at least: room for as many
			 * as the rest can hold, mostly; memory not used is never
			 * touched.
			 */
			set->cap = set->nr + (p.end - p.pos) / 64 + 16;
			set->descs = xrealloc(set->descs, set->cap * sizeof(*set->descs));
		}
		set->descs[set->nr++] = d;
		p.prev = d;
	}
	free(p.text.buf);
	free(p.param.buf);
	free(p.desc.buf);
	free(p.action.buf);
	free(p.src.buf);
	free(p.rel_src.buf);
	free(p.rel_text.buf);
	return p.errors;
}

/**
 * desc_parse_file() - parse the descriptions of one file into @set
 * @set: where parsed descriptions go
 * @path: the file
 *
 * Return: 0, the number of malformed blocks, or -1 if it cannot be read.
 */
int desc_parse_file(struct desc_set *set, const char *path)
{
	struct file_data fd;
	char *name;
	int ret;

	if (file_load(&fd, path))
		return -1;
	name = arena_strndup(&set->arena, path, strlen(path));
	ret = desc_parse_buffer(set, name, fd.data ? fd.data : "", fd.len);
	file_unload(&fd);
	return ret;
}

void desc_set_free(struct desc_set *set)
{
	free(set->descs);
	arena_free(&set->arena);
	memset(set, 0, sizeof(*set));
}

/**
 * desc_print_json() - a description as the JSON line of "kmsg-gen dump"
 * @f: where to
 * @d: the description
 *
 * The keys of every entry in JSON, as kmsg --json has them
 * (kmsg_json_entry(), kmsg-json.c), then "file" and "line": where the
 * description is.  Documented in tools/kmsg/kmsg.8, JSON OUTPUT.
 */
void desc_print_json(FILE *f, const struct desc *d)
{
	const struct kmsg_json_entry e = {
		.tag = d->tag,
		.text = d->text,
		.severity = severity_name(d->level),
		.parameters = d->params,
		.description = d->description,
		.user_action = d->user_action,
		.no_id = d->no_id,
	};
	struct json_writer w;

	jsonw_init(&w, f);
	jsonw_start_object(&w);
	kmsg_json_entry(&w, &e);
	jsonw_string_field(&w, "file", d->file);
	jsonw_uint_field(&w, "line", d->line);
	jsonw_end_object(&w);
}

/*
 * @s as the body of a C string literal, for the templates and reports of
 * --check: C's escapes, not JSON's (kmsg_json_string()); bytes above 0x7f
 * are copied, as a C compiler takes them.
 */
void c_escape(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\n')
			sb_puts(sb, "\\n");
		else if (c == '\t')
			sb_puts(sb, "\\t");
		else if (c == '"' || c == '\\')
			sb_printf(sb, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			sb_printf(sb, "\\%03o", c);
		else
			sb_add(sb, (const char *)&c, 1);
	}
}
