// SPDX-License-Identifier: GPL-2.0
/*
 * The printf-format matcher: does a piece of log text read like a format
 * printed it, and with which values?  A backtracking match, bounded in
 * steps, of the format's literals and conversions against the text.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "match.h"

#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif

/*
 * The values of a match are set only when the whole format matched (a
 * true result always goes all the way up), and then v->nr says how many
 * there are: the first v->nr are all there is to free.  (Not all 32: this
 * runs for every format tried on a line.)
 */
void kmsg_values_free(struct kmsg_values *v)
{
	int i;

	for (i = 0; i < v->nr; i++) {
		free(v->val[i]);
		v->val[i] = NULL;
	}
	v->nr = 0;
}

struct matcher {
	struct kmsg_values *v;
	long steps;
	bool prefix;	/* the format may end before the text does */
};

static bool match_at(struct matcher *m, const char *f, const char *s, int idx);

/*
 * Does @f start with a %s that a literal follows, as in "%s: NIC Link is
 * Up"?  Then a %s just before it is a name and this one its suffix,
 * mostly empty ("%s%s: " of netdev_*(), btrfs's "(device %s%s)").
 */
static bool suffix_conv(const char *f)
{
	struct kmsg_conv c;

	return *f == '%' && f[1] != '%' && kmsg_conversion(f + 1, &c) &&
	       c.conv == 's' && *c.end && (*c.end != '%' || c.end[1] == '%');
}

/*
 * Try the lengths of a free-form value, shortest first: up to each place
 * where the literal that follows it in the format occurs; before a
 * suffix (suffix_conv()), longest first.
 */
static bool match_span(struct matcher *m, const char *f, const char *s, int idx,
		       size_t min)
{
	const char *end = s + strlen(s), *p;
	char next = *f == '%' && f[1] == '%' ? '%' : *f;

	if (suffix_conv(f)) {
		for (p = end; p >= s + (long)min; p--) {
			if (match_at(m, f, p, idx + 1)) {
				if (idx < KMSG_MAX_VALUES)
					m->v->val[idx] = xstrndup(s, p - s);
				return true;
			}
			if (m->steps < 0)
				return false;
		}
		return false;
	}
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

/*
 * The text a fixed-form conversion (not %s or %p) prints at @s: returns
 * the end of it, or NULL if @s does not begin with such a value
 */
static const char *scan_value(const struct kmsg_conv *c, const char *s)
{
	switch (c->conv) {
	case 'c':
		return *s ? s + 1 : NULL;
	case 'd': case 'i':
		if (*s == '-' || *s == '+')
			s++;
		fallthrough;
	case 'u':
		if (!isdigit((unsigned char)*s))
			return NULL;
		while (isdigit((unsigned char)*s))
			s++;
		return s;
	case 'x': case 'X':
		if (c->alt && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			s += 2;
		if (!isxdigit((unsigned char)*s))
			return NULL;
		while (isxdigit((unsigned char)*s))
			s++;
		return s;
	case 'o':
		if (*s < '0' || *s > '7')
			return NULL;
		while (*s >= '0' && *s <= '7')
			s++;
		return s;
	default:	/* floating point and the rest: a word */
		if (!*s || *s == ' ')
			return NULL;
		while (*s && *s != ' ')
			s++;
		return s;
	}
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
			/* a log keeps no blanks at the end of a line */
			if (m->prefix && !*s && !f[strspn(f, " ")])
				break;
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
		s = scan_value(&c, s);
		/* "%04lx" prints at least 4 digits: "7" is not its value */
		if (s && c.zero_width && s - start < c.zero_width)
			return false;
		if (!s || !match_at(m, f, s, idx + 1))
			return false;
		if (idx < KMSG_MAX_VALUES) {
			while (*start == ' ')
				start++;
			m->v->val[idx] = xstrndup(start, s - start);
		}
		return true;
	}
	if (*s && !m->prefix)
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

/**
 * kmsg_format_match_start() - does @s begin with what printf(@fmt, ...) prints?
 * @fmt: a format string as in a catalog's Text
 * @s: text from a log line
 * @v: filled with the values of the conversions on success
 *
 * As kmsg_format_match(), but the text may go on after the format's end,
 * as a line that pr_cont() continued does, and blanks that end the
 * format may be missing at the end of the text.  A %s or %p at the end of
 * the format takes the rest of the text.
 *
 * Return: true on a match.
 */
bool kmsg_format_match_start(const char *fmt, const char *s,
			     struct kmsg_values *v)
{
	struct matcher m = { .v = v, .steps = 1000000, .prefix = true };

	kmsg_values_free(v);
	if (match_at(&m, fmt, s, 0))
		return true;
	kmsg_values_free(v);
	return false;
}

