/* SPDX-License-Identifier: GPL-2.0 */
/* Matching the text of a log line against a printf format. */
#ifndef KMSG_MATCH_H
#define KMSG_MATCH_H

#include <stdbool.h>

#define KMSG_MAX_VALUES 32

/* Values of a log line's conversions, @1 first. */
struct kmsg_values {
	char *val[KMSG_MAX_VALUES];
	int nr;
};

bool kmsg_format_match(const char *fmt, const char *s, struct kmsg_values *v);
bool kmsg_format_match_start(const char *fmt, const char *s,
			     struct kmsg_values *v);
void kmsg_values_free(struct kmsg_values *v);

#endif
