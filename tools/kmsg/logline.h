/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's message inside a line of dmesg, journalctl, syslog, ... */
#ifndef KMSG_LOGLINE_H
#define KMSG_LOGLINE_H

#include <stdbool.h>

enum kmsg_log_format {
	KMSG_LOG_BARE,		/* no known prefix: the line is the message */
	KMSG_LOG_DMESG,
	KMSG_LOG_DMESG_T,
	KMSG_LOG_DMESG_X,
	KMSG_LOG_DMESG_ISO,
	KMSG_LOG_DMESG_RAW,
	KMSG_LOG_DEVKMSG,
	KMSG_LOG_DEVKMSG_CONT,	/* " KEY=value": no message */
	KMSG_LOG_SYSLOG,	/* RFC 3164/3339, journalctl short, -iso, -precise */
	KMSG_LOG_JOURNAL_MONO,
	KMSG_LOG_JOURNAL_FULL,
	KMSG_LOG_JSON,
	KMSG_LOG_RSYSLOG_JSON,	/* rsyslog's message object, "jsonmesg" */
	KMSG_LOG_OTHER,		/* a line of another program: no message */
};

struct kmsg_logline {
	enum kmsg_log_format format;
	char *msg;		/* the kernel's message, or NULL */
	char *time;		/* the line's time stamp as written, or NULL */
};

void kmsg_logline_parse(struct kmsg_logline *l, const char *line);
bool kmsg_logline_json(struct kmsg_logline *l, const char *line);
const char *kmsg_logline_skip_stamp(const char *p);
void kmsg_logline_free(struct kmsg_logline *l);
const char *kmsg_log_format_name(enum kmsg_log_format f);

/* A line of a known log format that holds a kernel message. */
static inline bool kmsg_logline_is_kernel(const struct kmsg_logline *l)
{
	return l->msg && l->format != KMSG_LOG_BARE;
}

#endif
