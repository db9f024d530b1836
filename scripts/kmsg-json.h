/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON writer, in the manner of tools/bpf/bpftool/json_writer.h,
 * and the one JSON shape of a message catalog entry, for the two programs
 * that write entries as JSON: scripts/kmsg-gen (dump) and tools/kmsg
 * (--json).  tools/kmsg compiles kmsg-json.c as one of its objects.
 *
 * Output is compact, one top-level value a line.  The schema of an entry
 * is documented in tools/kmsg/kmsg.8, JSON OUTPUT.
 */
#ifndef KMSG_JSON_H
#define KMSG_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct json_writer {
	FILE *out;
	unsigned int depth;	/* of the objects and arrays open */
	bool first;		/* nothing written yet in the innermost one */
};

void jsonw_init(struct json_writer *w, FILE *out);
void jsonw_start_object(struct json_writer *w);
void jsonw_end_object(struct json_writer *w);
void jsonw_start_array(struct json_writer *w);
void jsonw_end_array(struct json_writer *w);
void jsonw_name(struct json_writer *w, const char *name);
void jsonw_string(struct json_writer *w, const char *s, size_t len);
void jsonw_uint(struct json_writer *w, unsigned long v);
void jsonw_bool(struct json_writer *w, bool v);
void jsonw_null(struct json_writer *w);
void jsonw_string_field(struct json_writer *w, const char *name, const char *s);
void jsonw_uint_field(struct json_writer *w, const char *name, unsigned long v);

/*
 * What kmsg_json_entry() writes of an entry: its strings and, for a log
 * line that matched it, the values of its parameters.
 */
struct kmsg_json_entry {
	const char *tag;
	const char *text;	/* the format, without its trailing newline */
	const char *severity;
	const char *parameters;	/* "@1: text\n@2: text", or "" */
	const char *description;
	const char *user_action;
	char *const *values;	/* a log line's, in order; NULL: none */
	int nr_values;
	bool no_id;		/* "Printed: without id" */
};

void kmsg_json_entry(struct json_writer *w, const struct kmsg_json_entry *e);

#endif /* KMSG_JSON_H */
