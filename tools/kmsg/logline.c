// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's message inside a log line, as dmesg, /dev/kmsg, journalctl
 * and syslog daemons write it.  Each line is recognised by its content,
 * so a file that mixes them (or concatenates logs) works line by line:
 *
 *   [    1.234567] msg                        dmesg
 *   [Sat Dec  5 00:07:49 2026] msg            dmesg -T
 *   kern  :err   : [    1.234567] msg         dmesg -x
 *   2026-12-05T00:07:49,123456+00:00 msg      dmesg --time-format iso
 *   <3>[    1.234567] msg                     dmesg -r
 *   3,123,456789,-;msg                        /dev/kmsg (" KEY=value" after)
 *   Dec 04 12:00:00[.123456] host kernel: msg journalctl short(-precise),
 *                                             RFC 3164 syslog
 *   2026-12-04T12:00:00+0000 host kernel: msg journalctl short-iso,
 *                                             RFC 3339 syslog
 *   [    1.234567] host kernel: msg           journalctl short-monotonic
 *   Fri 2026-12-04 12:00:00 UTC host kernel: msg  journalctl short-full
 *   {"MESSAGE": "msg", ...}                   journalctl json
 *   {"msg": "msg", "programname": "kernel", ...}  rsyslog's jsonmesg
 *   msg                                       journalctl cat, bare dmesg
 *
 * A syslog or journal line of another program than the kernel has no
 * kernel message; the kernel's own "[    1.234]" stamp inside a syslog
 * line's message is dropped.
 */
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "logline.h"

static const char *const format_names[] = {
	[KMSG_LOG_BARE] = "bare",
	[KMSG_LOG_DMESG] = "dmesg",
	[KMSG_LOG_DMESG_T] = "dmesg -T",
	[KMSG_LOG_DMESG_X] = "dmesg -x",
	[KMSG_LOG_DMESG_ISO] = "dmesg --time-format iso",
	[KMSG_LOG_DMESG_RAW] = "dmesg -r",
	[KMSG_LOG_DEVKMSG] = "/dev/kmsg",
	[KMSG_LOG_DEVKMSG_CONT] = "/dev/kmsg continuation",
	[KMSG_LOG_SYSLOG] = "syslog",
	[KMSG_LOG_JOURNAL_MONO] = "journalctl short-monotonic",
	[KMSG_LOG_JOURNAL_FULL] = "journalctl short-full",
	[KMSG_LOG_JSON] = "journalctl json",
	[KMSG_LOG_RSYSLOG_JSON] = "rsyslog json",
	[KMSG_LOG_OTHER] = "another program",
};

const char *kmsg_log_format_name(enum kmsg_log_format f)
{
	return format_names[f];
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * The parsers of the pieces of a time stamp take the place to parse at
 * and move it past the piece when it is there (and return true); when it
 * is not, they leave it where it was.
 */

/* @n digits */
static bool digits(const char **pp, int n)
{
	const char *p = *pp;

	while (n--)
		if (!is_digit(*p++))
			return false;
	*pp = p;
	return true;
}

/* one digit or more */
static bool some_digits(const char **pp)
{
	const char *p = *pp;

	if (!is_digit(*p))
		return false;
	while (is_digit(*p))
		p++;
	*pp = p;
	return true;
}

/* the character @c */
static bool chr(const char **pp, char c)
{
	if (**pp != c)
		return false;
	(*pp)++;
	return true;
}

/* one of the 3-letter words of @list */
static bool word_in(const char **pp, const char *list)
{
	const char *w;

	/* byte by byte: this runs on every line, strncmp() calls cost */
	for (w = list; *w; w += 4) {
		if ((*pp)[0] == w[0] && (*pp)[1] == w[1] && (*pp)[2] == w[2]) {
			*pp += 3;
			return true;
		}
	}
	return false;
}

static bool month(const char **pp)
{
	return word_in(pp, "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec ");
}

static bool weekday(const char **pp)
{
	return word_in(pp, "Mon Tue Wed Thu Fri Sat Sun ");
}

/* "hh:mm:ss" */
static bool clock_time(const char **pp)
{
	const char *p = *pp;

	if (!digits(&p, 2) || !chr(&p, ':') || !digits(&p, 2) ||
	    !chr(&p, ':') || !digits(&p, 2))
		return false;
	*pp = p;
	return true;
}

/* "YYYY-MM-DD" */
static bool date(const char **pp)
{
	const char *p = *pp;

	if (!digits(&p, 4) || !chr(&p, '-') || !digits(&p, 2) ||
	    !chr(&p, '-') || !digits(&p, 2))
		return false;
	*pp = p;
	return true;
}

/* ".123456" (or with @sep) */
static bool fraction(const char **pp, char sep)
{
	const char *p = *pp;

	if (!chr(&p, sep) || !some_digits(&p))
		return false;
	*pp = p;
	return true;
}

/* a time zone: "Z", "+0000", "+00:00" */
static bool zone(const char **pp)
{
	const char *p = *pp;

	if (chr(pp, 'Z'))
		return true;
	if ((!chr(&p, '+') && !chr(&p, '-')) || !digits(&p, 2))
		return false;
	chr(&p, ':');
	if (!digits(&p, 2))
		return false;
	*pp = p;
	return true;
}

/*
 * "2026-12-04T12:00:00[.,]frac zone": the place after it, or NULL;
 * @comma: the fraction had a comma
 */
static const char *iso_time(const char *p, bool *comma)
{
	if (!date(&p) || !chr(&p, 'T') || !clock_time(&p))
		return NULL;
	*comma = fraction(&p, ',');
	if (!*comma)
		fraction(&p, '.');
	zone(&p);
	return p;
}

/* "Dec  4 12:00:00[.123456]", "Dec 04 ...": after it, or NULL */
static const char *rfc3164_time(const char *p)
{
	if (!month(&p) || !chr(&p, ' '))
		return NULL;
	chr(&p, ' ');
	if (!some_digits(&p) || !chr(&p, ' ') || !clock_time(&p))
		return NULL;
	fraction(&p, '.');
	return p;
}

/* "Fri 2026-12-04 12:00:00 UTC": after it, or NULL */
static const char *full_time(const char *p)
{
	if (!weekday(&p) || !chr(&p, ' ') || !date(&p) || !chr(&p, ' ') ||
	    !clock_time(&p))
		return NULL;
	fraction(&p, '.');
	if (!chr(&p, ' '))
		return NULL;
	while (*p && *p != ' ')
		p++;
	return p;
}

/* "[    1.234567]": after it, or NULL */
static const char *mono_stamp(const char *p)
{
	if (!chr(&p, '['))
		return NULL;
	while (*p == ' ')
		p++;
	if (!some_digits(&p) || !chr(&p, '.') || !some_digits(&p) ||
	    !chr(&p, ']'))
		return NULL;
	return p;
}

/* "[Sat Dec  5 00:07:49 2026]": after it, or NULL */
static const char *ctime_stamp(const char *p)
{
	if (!chr(&p, '[') || !weekday(&p) || !chr(&p, ' '))
		return NULL;
	p = rfc3164_time(p);
	if (!p || !chr(&p, ' ') || !digits(&p, 4) || !chr(&p, ']'))
		return NULL;
	return p;
}

static const char *skip_blank(const char *p)
{
	while (*p == ' ')
		p++;
	return p;
}

/*
 * The blank after a time stamp: one, since a message may begin with
 * blanks of its own (the register lines of an oops do)
 */
static const char *after_stamp(const char *p)
{
	return *p == ' ' ? p + 1 : p;
}

/* The time stamp: @start to @end without brackets and blanks. */
static void set_time(struct kmsg_logline *l, const char *start, const char *end)
{
	if (*start == '[') {
		start = skip_blank(start + 1);
		end--;
	}
	l->time = xstrndup(start, end - start);
}

/* The message: @p up to a CR at the end of the line or its first NUL. */
static void set_msg(struct kmsg_logline *l, enum kmsg_log_format format,
		    const char *p)
{
	size_t n = strlen(p);

	if (n && p[n - 1] == '\r')
		n--;
	l->format = format;
	l->msg = xstrndup(p, n);
}

/**
 * kmsg_logline_skip_stamp() - a message without the kernel's own time stamp
 * @p: a syslog message: "[    1.234567] msg" or "msg"
 *
 * Return: the message after the stamp, or @p if it has none.
 */
const char *kmsg_logline_skip_stamp(const char *p)
{
	const char *q = mono_stamp(p);

	return q ? after_stamp(q) : p;
}

/*
 * After a syslog or journal time stamp: "host ident[pid]: msg".  The
 * kernel's message when ident is "kernel" (its own stamp dropped).
 */
static void syslog_rest(struct kmsg_logline *l, enum kmsg_log_format format,
			const char *p)
{
	const char *host = p, *ident, *q;

	while (*p && *p != ' ')
		p++;
	if (p == host || *p++ != ' ')
		goto other;
	ident = p;
	while (*p && *p != ' ' && *p != ':' && *p != '[')
		p++;
	q = p;
	if (*p == '[')
		while (*p && *p != ']' && *p != ' ')
			p++, q = p + 1;
	if (*q != ':' || q[1] != ' ' || p - ident != 6 ||
	    strncmp(ident, "kernel", 6))
		goto other;
	set_msg(l, format, kmsg_logline_skip_stamp(q + 2));
	return;
other:
	l->format = KMSG_LOG_OTHER;
}

/*
 * After "<3>" or "kern  :err   : ": "[ts] msg" or "msg"; at the start of
 * a line (@format KMSG_LOG_DMESG): "[ts] msg".  False if none of these.
 */
static bool dmesg_rest(struct kmsg_logline *l, enum kmsg_log_format format,
		       const char *p)
{
	const char *q;

	q = ctime_stamp(p);
	if (q && format == KMSG_LOG_DMESG)
		format = KMSG_LOG_DMESG_T;
	if (!q)
		q = mono_stamp(p);
	if (!q && format == KMSG_LOG_DMESG)
		return false;
	if (q) {
		set_time(l, p, q);
		p = after_stamp(q);
	}
	set_msg(l, format, p);
	return true;
}

/* "kern  :err   : " of dmesg -x */
static const char *decoded_prefix(const char *p)
{
	static const char *const facilities[] = {
		"kern", "user", "mail", "daemon", "auth", "syslog", "lpr",
		"news", "uucp", "cron", "authpriv", "ftp", "local0", "local1",
		"local2", "local3", "local4", "local5", "local6", "local7",
	};
	static const char *const levels[] = {
		"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
	};
	unsigned int i;
	size_t n = 0;

	/* a lower-case word first (most lines fail here, at once) */
	while ((p[n] >= 'a' && p[n] <= 'z') || is_digit(p[n]))
		n++;
	if (!n || (p[n] != ' ' && p[n] != ':'))
		return NULL;
	for (i = 0; i < sizeof(facilities) / sizeof(*facilities); i++) {
		if (strlen(facilities[i]) == n && !memcmp(p, facilities[i], n))
			break;
	}
	if (i == sizeof(facilities) / sizeof(*facilities))
		return NULL;
	p = skip_blank(p + n);
	if (*p++ != ':')
		return NULL;
	for (i = 0; i < sizeof(levels) / sizeof(*levels); i++) {
		n = strlen(levels[i]);
		if (!strncmp(p, levels[i], n) && (p[n] == ' ' || p[n] == ':'))
			break;
	}
	if (i == sizeof(levels) / sizeof(*levels))
		return NULL;
	p = skip_blank(p + n);
	return *p == ':' && p[1] == ' ' ? p + 2 : NULL;
}

/* "3,123,456789,-;msg" of /dev/kmsg: the message, or NULL */
static const char *devkmsg_prefix(const char *p, const char **usec,
				  const char **usec_end)
{
	if (!some_digits(&p) || !chr(&p, ',') || !some_digits(&p) ||
	    !chr(&p, ','))
		return NULL;
	*usec = p;
	if (!some_digits(&p) || *p != ',')
		return NULL;
	*usec_end = p;
	p = strchr(p, ';');
	return p && !memchr(*usec_end, ' ', p - *usec_end) ? p + 1 : NULL;
}

/* " SUBSYSTEM=ccw": a /dev/kmsg record's dictionary line */
static bool devkmsg_continuation(const char *p)
{
	const char *q = p + 1;

	if (*p != ' ')
		return false;
	while ((*q >= 'A' && *q <= 'Z') || is_digit(*q) || *q == '_')
		q++;
	return q > p + 1 && *q == '=';
}

/* The timestamped forms of syslog and journalctl, and dmesg iso. */
static bool parse_stamped(struct kmsg_logline *l, const char *p)
{
	const char *q;
	bool comma;

	q = iso_time(p, &comma);
	if (q && *q == ' ') {
		set_time(l, p, q);
		if (comma)	/* dmesg writes "2026-12-05T00:07:49,123456+00:00" */
			set_msg(l, KMSG_LOG_DMESG_ISO, q + 1);
		else
			syslog_rest(l, KMSG_LOG_SYSLOG, q + 1);
		return true;
	}
	q = rfc3164_time(p);
	if (q && *q == ' ') {
		set_time(l, p, q);
		syslog_rest(l, KMSG_LOG_SYSLOG, q + 1);
		return true;
	}
	q = full_time(p);
	if (q && *q == ' ') {
		set_time(l, p, q);
		syslog_rest(l, KMSG_LOG_JOURNAL_FULL, q + 1);
		return true;
	}
	return false;
}

/**
 * kmsg_logline_parse() - find the kernel's message in a log line
 * @l: filled in: the format, the message (NULL if the line has none) and
 *     the line's time stamp as written (NULL if it has none)
 * @line: the line, without its newline, NUL-terminated
 */
void kmsg_logline_parse(struct kmsg_logline *l, const char *line)
{
	const char *p = line, *q, *usec, *usec_end;

	memset(l, 0, sizeof(*l));
	if (*p == '{' && kmsg_logline_json(l, line))
		return;
	if (devkmsg_continuation(p)) {
		l->format = KMSG_LOG_DEVKMSG_CONT;
		return;
	}
	q = devkmsg_prefix(p, &usec, &usec_end);
	if (q) {
		l->time = xstrndup(usec, usec_end - usec);
		set_msg(l, KMSG_LOG_DEVKMSG, q);
		return;
	}
	q = p + 1;
	if (*p == '<' && some_digits(&q) && chr(&q, '>') &&
	    dmesg_rest(l, KMSG_LOG_DMESG_RAW, q))
		return;
	q = decoded_prefix(p);
	if (q && dmesg_rest(l, KMSG_LOG_DMESG_X, q))
		return;
	q = mono_stamp(p);
	if (q && *q == ' ') {
		/* journalctl -o short-monotonic: "[    1.234567] host kernel: " */
		syslog_rest(l, KMSG_LOG_JOURNAL_MONO, q + 1);
		if (l->format == KMSG_LOG_JOURNAL_MONO) {
			set_time(l, p, q);
			return;
		}
	}
	if (dmesg_rest(l, KMSG_LOG_DMESG, p) || parse_stamped(l, p))
		return;
	set_msg(l, KMSG_LOG_BARE, p);
}

void kmsg_logline_free(struct kmsg_logline *l)
{
	free(l->msg);
	free(l->time);
	memset(l, 0, sizeof(*l));
}
