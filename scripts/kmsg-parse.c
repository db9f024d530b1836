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
 *	[Parameter:
 *	  @N: <text>            one per conversion, may run on over lines]
 *	Description:
 *	  <lines>
 *	[User action:
 *	  <lines>]
 *
 * Anything else before "Description:" makes the block malformed; it is
 * reported as "file:line: problem" and skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"

struct parser {
	struct desc_set *set;
	const char *file;
	const char *pos, *end;
	int lineno;
	int errors;
};

static void perr(struct parser *p, int line, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s:%d: ", p->file, line);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	p->errors++;
}

/* Next line without its newline; false at the end of the buffer. */
static bool next_line(struct parser *p, const char **s, size_t *len)
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

static const char *skip_ws(const char *s, const char *e)
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

/* Does @key (e.g. "Tag:") start the body @s? */
static bool key_is(const char *s, const char *e, const char *key)
{
	size_t n = strlen(key);

	return (size_t)(e - s) >= n && !memcmp(s, key, n);
}

/* C escapes and what they stand for */
static const char simple_escapes[] = "ntrabfv\\\"'?";
static const char simple_values[] = "\n\t\r\a\b\f\v\\\"'?";

/* Append the C string between @s and @e (escapes as written) unescaped. */
static bool unescape_into(struct strbuf *sb, const char *s, const char *e)
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

/* Text: "a" "b" -> ab; NULL when the quoting is malformed. */
static char *parse_text(const char *s, const char *e)
{
	struct strbuf sb = { 0 };
	bool any = false;

	for (;;) {
		const char *q;

		s = skip_ws(s, e);
		if (s == e)
			break;
		if (*s != '"')
			goto bad;
		for (q = s + 1; q < e && *q != '"'; q++)
			if (*q == '\\')
				q++;
		if (q >= e)
			goto bad;
		if (!unescape_into(&sb, s + 1, q))
			goto bad;
		any = true;
		s = q + 1;
	}
	if (!any)
		goto bad;
	sb_add(&sb, "", 0);
	return sb_take(&sb);
bad:
	free(sb.buf);
	return NULL;
}

static char *trim_dup(const char *s, const char *e)
{
	s = skip_ws(s, e);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return xstrndup(s, e - s);
}

static void add_line(struct strbuf *sb, const char *s, const char *e)
{
	if (sb->len)
		sb_add(sb, "\n", 1);
	sb_add(sb, s, e - s);
}

/* Drop trailing blank lines and spaces. */
static char *finish_block(struct strbuf *sb)
{
	while (sb->len && isspace((unsigned char)sb->buf[sb->len - 1]))
		sb->buf[--sb->len] = '\0';
	sb_add(sb, "", 0);
	return sb_take(sb);
}

static void desc_free(struct desc *d)
{
	int i;

	free(d->tag);
	free(d->text);
	free(d->severity);
	for (i = 0; i < d->nr_params; i++)
		free(d->params[i]);
	free(d->params);
	free(d->description);
	free(d->user_action);
	memset(d, 0, sizeof(*d));
}

enum section { S_HEAD, S_PARAM, S_DESC, S_ACTION };

/*
 * Parse the block whose opening line was just read.  Returns 0 and fills
 * @d, or -1 after reporting the problem (the rest of the block is
 * consumed either way).
 */
static int parse_block(struct parser *p, struct desc *d)
{
	struct strbuf desc = { 0 }, action = { 0 }, param = { 0 };
	enum section sec = S_HEAD;
	int start = p->lineno, bad_line = 0;
	int tag_line = 0, sev_line = 0, param_line = 0;
	bool in_text = false;
	const char *problem = NULL, *arg = "";
	const char *s;
	size_t len;
	unsigned int id;

	memset(d, 0, sizeof(*d));
	d->file = p->file;
	d->line = start;

	for (;;) {
		const char *e, *b;

		if (!next_line(p, &s, &len)) {
			if (!problem) {
				problem = "description block not closed";
				bad_line = start;
			}
			break;
		}
		e = s + len;
		b = skip_ws(s, e);
		if (e - b >= 2 && b[0] == '*' && b[1] == '/')
			break;
		if (problem)
			continue;
		if (b == e || *b != '*') {
			problem = "line does not start with '*'";
			bad_line = p->lineno;
			continue;
		}
		b = skip_ws(b + 1, e);
		if (!(in_text && *b == '"'))
			in_text = false;

		if (key_is(b, e, "Tag:")) {
			if (d->tag) {
				problem = "second Tag:";
				bad_line = p->lineno;
				continue;
			}
			d->tag = trim_dup(b + 4, e);
			tag_line = p->lineno;
			sec = S_HEAD;
		} else if (key_is(b, e, "Text:")) {
			if (d->text) {
				problem = "second Text:";
				bad_line = p->lineno;
				continue;
			}
			d->text = parse_text(b + 5, e);
			if (!d->text) {
				problem = "Text: must be one or more \"quoted\" strings";
				bad_line = p->lineno;
			}
			sec = S_HEAD;
			in_text = true;
			continue;
		} else if (in_text && *b == '"') {
			/* "more" pieces of Text: on a line of their own */
			char *more = parse_text(b, e);
			struct strbuf sb = { 0 };

			if (!more) {
				problem = "Text: must be one or more \"quoted\" strings";
				bad_line = p->lineno;
				continue;
			}
			sb_puts(&sb, d->text);
			sb_puts(&sb, more);
			free(d->text);
			free(more);
			d->text = sb_take(&sb);
			continue;
		} else if (key_is(b, e, "Severity:")) {
			free(d->severity);
			d->severity = trim_dup(b + 9, e);
			sev_line = p->lineno;
			sec = S_HEAD;
		} else if (key_is(b, e, "Parameter:") && sec < S_DESC) {
			const char *rest = skip_ws(b + 10, e);

			sec = S_PARAM;
			param_line = p->lineno;
			if (rest < e)
				add_line(&param, rest, e);
		} else if (key_is(b, e, "Description:") && sec < S_DESC) {
			const char *rest = skip_ws(b + 12, e);

			sec = S_DESC;
			if (rest < e)
				add_line(&desc, rest, e);
		} else if (key_is(b, e, "User action:") && sec == S_DESC) {
			const char *rest = skip_ws(b + 12, e);

			sec = S_ACTION;
			if (rest < e)
				add_line(&action, rest, e);
		} else if (sec == S_PARAM) {
			add_line(&param, b, e);
		} else if (sec == S_DESC) {
			add_line(&desc, b, e);
		} else if (sec == S_ACTION) {
			add_line(&action, b, e);
		} else if (b == e) {
			continue;
		} else {
			problem = "cannot understand '%s'";
			arg = xstrndup(b, e - b > 60 ? 60 : e - b);
			bad_line = p->lineno;
		}
	}

	if (!problem) {
		bad_line = start;
		if (!d->tag)
			problem = "no Tag:";
		else if (!tag_valid(d->tag, &id))
			problem = "Tag: '%s' is not <component>.<id> with an id of 1..65535",
			arg = d->tag, bad_line = tag_line;
		else if (!d->text)
			problem = "%s: no Text:", arg = d->tag;
		else if (!d->severity)
			problem = "%s: no Severity:", arg = d->tag;
		else if (severity_level(d->severity) < 0)
			problem = "Severity: '%s' is not Emerg, Alert, Critical, Error, Warning, Notice or Informational",
			arg = d->severity, bad_line = sev_line;
		else if (sec < S_DESC)
			problem = "%s: no Description:", arg = d->tag;
	}
	if (!problem && param.len) {
		/* Split "@N: text" items; other lines continue the last one. */
		char *all = finish_block(&param), *line = all, *next;
		int want = 1;

		for (; line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			while (*line == ' ' || *line == '\t')
				line++;
			if (line[0] == '@' && isdigit((unsigned char)line[1])) {
				char *end;
				long n = strtol(line + 1, &end, 10);

				if (*end != ':' || n != want) {
					bad_line = param_line;
					problem = "%s: parameters must be @1:, @2:, ... in order";
					arg = d->tag;
					break;
				}
				want++;
				d->params = xrealloc(d->params, (d->nr_params + 1) * sizeof(char *));
				d->params[d->nr_params++] = trim_dup(end + 1, end + 1 + strlen(end + 1));
			} else if (d->nr_params && *line) {
				struct strbuf sb = { 0 };
				char *last = d->params[d->nr_params - 1];

				sb_puts(&sb, last);
				sb_puts(&sb, " ");
				sb_puts(&sb, line);
				free(last);
				d->params[d->nr_params - 1] = sb_take(&sb);
			} else if (*line) {
				bad_line = param_line;
				problem = "%s: parameter text before the first @1:";
				arg = d->tag;
				break;
			}
		}
		free(all);
	}
	free(param.buf);
	if (problem) {
		perr(p, bad_line, problem, arg);
		if (strstr(problem, "cannot understand"))
			free((char *)arg);
		free(desc.buf);
		free(action.buf);
		desc_free(d);
		return -1;
	}
	d->description = finish_block(&desc);
	d->user_action = finish_block(&action);
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
int desc_parse_buffer(struct desc_set *set, const char *file,
		      const char *buf, size_t len)
{
	struct parser p = {
		.set = set, .file = file, .pos = buf, .end = buf + len,
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
			set->cap = set->cap ? set->cap * 2 : 16;
			set->descs = xrealloc(set->descs, set->cap * sizeof(*set->descs));
		}
		set->descs[set->nr++] = d;
	}
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
	FILE *f = fopen(path, "rb");
	struct strbuf sb = { 0 };
	char chunk[65536];
	size_t n;
	char *name;
	int ret;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sb_add(&sb, chunk, n);
	if (ferror(f)) {
		fprintf(stderr, "%s: read error\n", path);
		fclose(f);
		free(sb.buf);
		return -1;
	}
	fclose(f);
	name = xstrndup(path, strlen(path));
	set->files = xrealloc(set->files, (set->nr_files + 1) * sizeof(char *));
	set->files[set->nr_files++] = name;
	ret = desc_parse_buffer(set, name, sb.buf ? sb.buf : "", sb.len);
	free(sb.buf);
	return ret;
}

void desc_set_free(struct desc_set *set)
{
	int i;

	for (i = 0; i < set->nr; i++)
		desc_free(&set->descs[i]);
	free(set->descs);
	for (i = 0; i < set->nr_files; i++)
		free(set->files[i]);
	free(set->files);
	memset(set, 0, sizeof(*set));
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void desc_print_json(FILE *f, const struct desc *d)
{
	int i;

	fputs("{\"tag\":", f);
	json_str(f, d->tag);
	fputs(",\"text\":", f);
	json_str(f, d->text);
	fputs(",\"severity\":", f);
	json_str(f, d->severity);
	fputs(",\"parameters\":[", f);
	for (i = 0; i < d->nr_params; i++) {
		if (i)
			fputc(',', f);
		json_str(f, d->params[i]);
	}
	fputs("],\"description\":", f);
	json_str(f, d->description);
	fputs(",\"user_action\":", f);
	json_str(f, d->user_action);
	fputs(",\"file\":", f);
	json_str(f, d->file);
	fprintf(f, ",\"line\":%d}\n", d->line);
}

/* @s as the body of a C string literal. */
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
