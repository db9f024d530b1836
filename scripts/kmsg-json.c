// SPDX-License-Identifier: GPL-2.0
/*
 * A small JSON writer, in the manner of tools/bpf/bpftool/json_writer.c,
 * and the keys of a message catalog entry that every JSON output of the
 * catalog has in common: "kmsg-gen dump" (scripts/kmsg-gen) and
 * "kmsg --json" (tools/kmsg, which compiles this file as one of its
 * objects).  The schema is documented in tools/kmsg/kmsg.8, JSON OUTPUT.
 *
 * The output is compact, without spaces, and each top-level value ends
 * its line: JSON Lines.  Strings are written by kmsg_json_string()
 * (kmsg-format.h): bytes that are not UTF-8 become U+FFFD.
 */
#include "kmsg-format.h"
#include "kmsg-json.h"

/* A comma before a value or name, unless it is the first of its container */
static void jsonw_sep(struct json_writer *w)
{
	if (!w->first)
		fputc(',', w->out);
	w->first = false;
}

/**
 * jsonw_init() - start writing JSON values
 * @w: the writer
 * @out: where to
 *
 * Nothing is allocated: a writer needs no freeing.
 */
void jsonw_init(struct json_writer *w, FILE *out)
{
	w->out = out;
	w->depth = 0;
	w->first = true;
}

static void jsonw_start(struct json_writer *w, char c)
{
	jsonw_sep(w);
	fputc(c, w->out);
	w->depth++;
	w->first = true;
}

static void jsonw_end(struct json_writer *w, char c)
{
	fputc(c, w->out);
	w->first = false;
	if (w->depth && !--w->depth) {
		/* a top-level value ends its line */
		fputc('\n', w->out);
		w->first = true;
	}
}

/**
 * jsonw_start_object() - open an object
 * @w: the writer
 *
 * At the top level, or as an element of an array, or after jsonw_name().
 */
void jsonw_start_object(struct json_writer *w)
{
	jsonw_start(w, '{');
}

/**
 * jsonw_end_object() - close the innermost object
 * @w: the writer
 *
 * When the object is a top-level value, its line ends.
 */
void jsonw_end_object(struct json_writer *w)
{
	jsonw_end(w, '}');
}

/**
 * jsonw_start_array() - open an array
 * @w: the writer
 */
void jsonw_start_array(struct json_writer *w)
{
	jsonw_start(w, '[');
}

/**
 * jsonw_end_array() - close the innermost array
 * @w: the writer
 */
void jsonw_end_array(struct json_writer *w)
{
	jsonw_end(w, ']');
}

/**
 * jsonw_name() - the name of the next member of an object
 * @w: the writer
 * @name: the name, NUL-terminated
 *
 * The member's value is what is written next.
 */
void jsonw_name(struct json_writer *w, const char *name)
{
	jsonw_sep(w);
	kmsg_json_string(w->out, name, strlen(name));
	fputc(':', w->out);
	w->first = true;	/* no comma between the name and its value */
}

/**
 * jsonw_string() - a string value
 * @w: the writer
 * @s: its bytes, need not be NUL-terminated
 * @len: how many
 *
 * Escaped by kmsg_json_string(): bytes that are not UTF-8 become U+FFFD.
 */
void jsonw_string(struct json_writer *w, const char *s, size_t len)
{
	jsonw_sep(w);
	kmsg_json_string(w->out, s, len);
}

/**
 * jsonw_uint() - an unsigned number
 * @w: the writer
 * @v: the value
 */
void jsonw_uint(struct json_writer *w, unsigned long v)
{
	jsonw_sep(w);
	fprintf(w->out, "%lu", v);
}

/**
 * jsonw_bool() - true or false
 * @w: the writer
 * @v: the value
 */
void jsonw_bool(struct json_writer *w, bool v)
{
	jsonw_sep(w);
	fputs(v ? "true" : "false", w->out);
}

/**
 * jsonw_null() - null
 * @w: the writer
 */
void jsonw_null(struct json_writer *w)
{
	jsonw_sep(w);
	fputs("null", w->out);
}

/**
 * jsonw_string_field() - a member whose value is a string
 * @w: the writer
 * @name: the member's name
 * @s: its value, NUL-terminated
 */
void jsonw_string_field(struct json_writer *w, const char *name, const char *s)
{
	jsonw_name(w, name);
	jsonw_string(w, s, strlen(s));
}

/**
 * jsonw_uint_field() - a member whose value is an unsigned number
 * @w: the writer
 * @name: the member's name
 * @v: its value
 */
void jsonw_uint_field(struct json_writer *w, const char *name, unsigned long v)
{
	jsonw_name(w, name);
	jsonw_uint(w, v);
}

/* "hashed_id" or "hashed_id_device": six hex digits, as a string */
static void hashed_id_field(struct json_writer *w, const char *name,
			    const char *text, bool device)
{
	char id[16];
	int n = snprintf(id, sizeof(id), "%06x", kmsg_hashed_id(text, device));

	jsonw_name(w, name);
	jsonw_string(w, id, n);
}

/*
 * One parameter: its name "@N" (from its label, or its position when the
 * line has none), its description without the label and, from a log
 * line, its value.
 */
static void parameter(struct json_writer *w, const char *line, size_t len,
		      int i, const struct kmsg_json_entry *e)
{
	size_t label = kmsg_param_label(line, len);
	char pos[16];

	jsonw_start_object(w);
	jsonw_name(w, "name");
	if (label) {
		jsonw_string(w, line, label - 2);	/* "@N" of "@N: " */
	} else {
		snprintf(pos, sizeof(pos), "@%d", i + 1);
		jsonw_string(w, pos, strlen(pos));
	}
	jsonw_name(w, "description");
	jsonw_string(w, line + label, len - label);
	if (e->values && i < e->nr_values)
		jsonw_string_field(w, "value", e->values[i]);
	jsonw_end_object(w);
}

/**
 * kmsg_json_entry() - the keys every JSON object of an entry starts with
 * @w: the writer, inside the entry's object
 * @e: the entry
 *
 * In this order: "tag", "hashed_id", "hashed_id_device" (the hashed ids of
 * the text, kmsg_hashed_id(): plain and as printed for a device), "text",
 * "severity", "parameters" (an array of objects: "name" "@N",
 * "description" and, when @e has values, "value"), "description",
 * "user_action", and "printed_without_id": true for a message that is
 * printed without its tag ("Printed: without id").  The caller opens and
 * closes the object and adds its own keys after these.
 */
void kmsg_json_entry(struct json_writer *w, const struct kmsg_json_entry *e)
{
	const char *p = e->parameters, *line;
	size_t len;
	int i;

	jsonw_string_field(w, "tag", e->tag);
	hashed_id_field(w, "hashed_id", e->text, false);
	hashed_id_field(w, "hashed_id_device", e->text, true);
	jsonw_string_field(w, "text", e->text);
	jsonw_string_field(w, "severity", e->severity);
	jsonw_name(w, "parameters");
	jsonw_start_array(w);
	for (i = 0; (p = kmsg_param_next(p, &line, &len)); i++)
		parameter(w, line, len, i, e);
	jsonw_end_array(w);
	jsonw_string_field(w, "description", e->description);
	jsonw_string_field(w, "user_action", e->user_action);
	if (e->no_id) {
		jsonw_name(w, "printed_without_id");
		jsonw_bool(w, true);
	}
}
