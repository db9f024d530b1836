// SPDX-License-Identifier: GPL-2.0
/*
 * journalctl -o json: one JSON object a line.  The kernel's message is
 * its "MESSAGE" (a string, or an array of byte values when it is not
 * UTF-8) on a line whose "_TRANSPORT" is "kernel" or whose
 * "SYSLOG_IDENTIFIER" is "kernel"; its time is "__REALTIME_TIMESTAMP".
 *
 * rsyslog's message object (its "jsonmesg" property, what mmexternal's
 * interface.input="fulljson" sends): the message is "msg" when
 * "programname" is "kernel", its time "timereported".
 */
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "logline.h"

struct buf {
	char *s;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return p;
}

static int hex4(const char *p)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			v |= (c | 0x20) - 'a' + 10;
		else
			return -1;
	}
	return v;
}

static void add_utf8(struct buf *b, unsigned long c)
{
	char u[4];
	size_t n;

	if (c < 0x80) {
		u[0] = c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = 0xc0 | c >> 6;
		u[1] = 0x80 | (c & 0x3f);
		n = 2;
	} else if (c < 0x10000) {
		u[0] = 0xe0 | c >> 12;
		u[1] = 0x80 | ((c >> 6) & 0x3f);
		u[2] = 0x80 | (c & 0x3f);
		n = 3;
	} else {
		u[0] = 0xf0 | c >> 18;
		u[1] = 0x80 | ((c >> 12) & 0x3f);
		u[2] = 0x80 | ((c >> 6) & 0x3f);
		u[3] = 0x80 | (c & 0x3f);
		n = 4;
	}
	buf_add(b, u, n);
}

/* A "\uXXXX" escape at @p (after the backslash and 'u'); NULL if bad. */
static const char *unicode_escape(const char *p, struct buf *b)
{
	int c = hex4(p), lo = -1;

	if (c < 0)
		return NULL;
	p += 4;
	if (p[0] == '\\' && p[1] == 'u')
		lo = hex4(p + 2);
	if (c >= 0xd800 && c < 0xdc00 && lo >= 0xdc00 && lo < 0xe000) {
		add_utf8(b, 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00));
		return p + 6;
	}
	add_utf8(b, c >= 0xd800 && c < 0xe000 ? 0xfffd : c);
	return p;
}

/* A JSON string at @p, its value appended to @b: after it, or NULL. */
static const char *string(const char *p, struct buf *b)
{
	static const char esc[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	const char *run, *e;

	if (*p++ != '"')
		return NULL;
	for (run = p; *p != '"'; ) {
		if (!*p)
			return NULL;
		if (*p++ != '\\')
			continue;
		buf_add(b, run, p - 1 - run);
		if (*p == 'u') {
			p = unicode_escape(p + 1, b);
			if (!p)
				return NULL;
		} else {
			for (e = esc; *e && *e != *p; e += 2)
				;
			if (!*e || !*p)
				return NULL;
			buf_add(b, e + 1, 1);
			p++;
		}
		run = p;
	}
	buf_add(b, run, p - run);
	return p + 1;
}

/* An array of byte values: journald's form of a message not UTF-8 */
static const char *bytes(const char *p, struct buf *b)
{
	char c;

	p = ws(p + 1);
	while (*p != ']') {
		unsigned long v = strtoul(p, (char **)&p, 10);

		if (v > 255)
			return NULL;
		c = v;
		buf_add(b, &c, 1);
		p = ws(p);
		if (*p == ',')
			p = ws(p + 1);
		else if (*p != ']')
			return NULL;
	}
	return p + 1;
}

/* Any JSON value: after it, or NULL. */
static const char *skip_value(const char *p, int depth)
{
	struct buf ignore = { 0 };
	char close;

	p = ws(p);
	if (*p == '"') {
		p = string(p, &ignore);
		free(ignore.s);
		return p;
	}
	if (*p != '[' && *p != '{') {
		while (*p && !strchr(",]} \t\r\n", *p))
			p++;
		return p;
	}
	if (depth > 32)
		return NULL;
	close = *p == '[' ? ']' : '}';
	for (p = ws(p + 1); p && *p != close; ) {
		if (close == '}') {
			p = skip_value(p, depth + 1);
			if (p)
				p = ws(p);
			if (!p || *p != ':')
				return NULL;
			p++;
		}
		p = skip_value(p, depth + 1);
		if (p)
			p = ws(p);
		if (p && *p == ',')
			p = ws(p + 1);
		else if (p && *p != close)
			return NULL;
	}
	return p ? p + 1 : NULL;
}

enum { F_MESSAGE, F_TRANSPORT, F_IDENTIFIER, F_TIME, F_MSG, F_PROGRAM,
	F_REPORTED, F_NR };

/* The fields of interest of the object on @line into @f. */
static bool read_object(const char *p, struct buf *f)
{
	static const char *const names[F_NR] = {
		"MESSAGE", "_TRANSPORT", "SYSLOG_IDENTIFIER", "__REALTIME_TIMESTAMP",
		"msg", "programname", "timereported",
	};
	struct buf key = { 0 };
	int i;

	for (p = ws(p + 1); p && *p != '}'; ) {
		key.len = 0;
		p = string(p, &key);
		if (p)
			p = ws(p);
		if (!p || *p != ':')
			break;
		p = ws(p + 1);
		for (i = 0; i < F_NR; i++)
			if (key.s && !strcmp(key.s, names[i]))
				break;
		if (i < F_NR && !f[i].s && *p == '"')
			p = string(p, &f[i]);
		else if (i == F_MESSAGE && !f[i].s && *p == '[')
			p = bytes(p, &f[i]);
		else
			p = skip_value(p, 0);
		if (p)
			p = ws(p);
		if (p && *p == ',')
			p = ws(p + 1);
		else if (p && *p != '}')
			p = NULL;
	}
	free(key.s);
	return p && *p == '}' && !*ws(p + 1);
}

static bool is(const struct buf *b, const char *s)
{
	return b->s && !strcmp(b->s, s);
}

/*
 * The first line of a message; syslog's leading blank and the kernel's
 * own time stamp in a syslog message are not the kernel's message.
 */
static char *first_line(const struct buf *b, bool syslog)
{
	const char *s = b->s;

	if (syslog)
		s = kmsg_logline_skip_stamp(s + strspn(s, " "));
	return xstrndup(s, strcspn(s, "\n"));
}

/**
 * kmsg_logline_json() - the kernel's message on a line of journalctl -o json
 * or an rsyslog message object
 * @l: filled in as by kmsg_logline_parse()
 * @line: the line
 *
 * Return: false if the line is not a JSON object.
 */
bool kmsg_logline_json(struct kmsg_logline *l, const char *line)
{
	struct buf f[F_NR] = { 0 };
	bool ok = read_object(line, f);
	int i;

	if (ok && (is(&f[F_TRANSPORT], "kernel") ||
		   is(&f[F_IDENTIFIER], "kernel")) && f[F_MESSAGE].s) {
		l->format = KMSG_LOG_JSON;
		/* a message of several lines is known by its first */
		l->msg = first_line(&f[F_MESSAGE], false);
		if (f[F_TIME].s)
			l->time = xstrndup(f[F_TIME].s, f[F_TIME].len);
	} else if (ok && is(&f[F_PROGRAM], "kernel") && f[F_MSG].s) {
		l->format = KMSG_LOG_RSYSLOG_JSON;
		l->msg = first_line(&f[F_MSG], true);
		if (f[F_REPORTED].s)
			l->time = xstrndup(f[F_REPORTED].s, f[F_REPORTED].len);
	} else if (ok) {
		l->format = KMSG_LOG_OTHER;
	}
	for (i = 0; i < F_NR; i++)
		free(f[i].s);
	return ok;
}
