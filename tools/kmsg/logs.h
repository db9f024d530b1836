/* SPDX-License-Identifier: GPL-2.0 */
/* The logs of the command line, line by line. */
#ifndef KMSG_LOGS_H
#define KMSG_LOGS_H

#include <stdbool.h>
#include <stddef.h>

/* What to do with the lines; embedded in the caller's own state. */
struct kmsg_log_visitor {
	/* at the start of each file (may be NULL) */
	void (*file)(struct kmsg_log_visitor *v, const char *name);
	/* each line, without its newline; a NUL follows it */
	void (*line)(struct kmsg_log_visitor *v, const char *name,
		     unsigned long lineno, const char *line, size_t len);
	bool many;	/* lines come from several files */
};

bool kmsg_logs_read(struct kmsg_log_visitor *v, char **paths, int n);

#endif
