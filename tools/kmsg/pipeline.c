// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg in the pipelines that carry logs as they arrive:
 *
 *   kmsg mmexternal
 *	rsyslog's external message modification interface (mmexternal):
 *	a message a line on standard input (its "msg" property, or the
 *	whole message object with interface.input="fulljson"), one JSON
 *	reply a line on standard output, in the same order: the fields of
 *	its catalog entry under "$!" "kmsg", or {} when the line is not a
 *	kernel message the catalog knows (rsyslog then leaves it as it is).
 *
 *   kmsg context-data
 *	The catalog as the CSV database of syslog-ng's
 *	add-contextual-data(): "selector,name,value" rows, the selector
 *	being a tag or a hashed id as the kernel prints it, the names
 *	those of the mmexternal reply under "kmsg.".
 *
 * Both give the same fields of an entry: tag, severity, text, summary
 * (the first sentence of the description), user_action, source; the
 * reply has the line's device too.  kmsg(8) documents them.
 */
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "logline.h"
#include "../../scripts/kmsg-json.h"

/* @s on one line: line breaks as blanks, a blank line too */
static char *one_line(const char *s, size_t n)
{
	char *o = xstrndup(s, n), *p;

	for (p = o; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return o;
}

/*
 * The description's first sentence: up to a '.' (or '!', '?') that ends
 * the text or comes before a blank, and that does not end "e.g." or
 * "i.e.".
 */
static char *summary(const char *s)
{
	size_t i;

	for (i = 0; s[i]; i++) {
		if (!strchr(".!?", s[i]) || (s[i + 1] && s[i + 1] != ' ' && s[i + 1] != '\n'))
			continue;
		if (i >= 3 && s[i - 2] == '.' && (s[i - 3] == 'e' || s[i - 3] == 'i'))
			continue;
		return one_line(s, i + 1);
	}
	return one_line(s, i);
}

/* The entry's fields, as (name, value) pairs; free the values */
enum { F_TAG, F_SEVERITY, F_TEXT, F_SUMMARY, F_ACTION, F_SOURCE, F_NR };

static const char *const field_names[F_NR] = {
	"tag", "severity", "text", "summary", "user_action", "source",
};

/* in the reader's language (--lang), English by default */
static void fields(const struct kmsg_entry *e, char **v)
{
	const struct kmsg_entry *of = e->of ? e->of : e;

	v[F_TAG] = xstrndup(of->tag, strlen(of->tag));
	v[F_SEVERITY] = xstrndup(of->severity, strlen(of->severity));
	v[F_TEXT] = one_line(e->text, strlen(e->text));
	const char *action = kmsg_tr(of->tag, of->user_action, NULL);

	v[F_SUMMARY] = summary(kmsg_tr(of->tag, of->description, NULL));
	v[F_ACTION] = one_line(action, strlen(action));
	v[F_SOURCE] = xstrndup(of->source, strlen(of->source));
}

static void fields_free(char **v)
{
	for (int i = 0; i < F_NR; i++)
		free(v[i]);
}

/* The reply to one message: its entry's fields, or {} */
static void mmexternal_reply(struct kmsg_db *db, struct json_writer *jw,
			     const char *line)
{
	struct kmsg_matches ms = { 0 };
	struct kmsg_logline l;
	char *v[F_NR];
	int i;

	/* the msg property: blank after "kernel:", then the message */
	if (*line != '{')
		line += strspn(line, " \t");
	kmsg_logline_parse(&l, line);
	if (l.msg && l.format != KMSG_LOG_OTHER)
		kmsg_identify(db, l.msg, &ms);
	kmsg_logline_free(&l);
	if (!ms.nr) {
		fputs("{}\n", stdout);
		return;
	}
	fields(ms.m[0].entry, v);
	jsonw_start_object(jw);
	jsonw_name(jw, "$!");
	jsonw_start_object(jw);
	jsonw_name(jw, "kmsg");
	jsonw_start_object(jw);
	for (i = 0; i < F_NR; i++)
		jsonw_string_field(jw, field_names[i], v[i]);
	if (ms.m[0].device)
		jsonw_string_field(jw, "device", ms.m[0].device);
	jsonw_end_object(jw);
	jsonw_end_object(jw);
	jsonw_end_object(jw);
	fields_free(v);
	kmsg_matches_free(&ms);
}

/**
 * kmsg_mmexternal() - serve rsyslog's mmexternal interface
 * @db: the catalogs
 *
 * Reads messages until end of file, answering each with one line, at
 * once: rsyslog waits for the reply before it sends the next message.
 * An empty or malformed line, or one that is not a kernel message, is
 * answered {}.
 *
 * Return: 0, or 2 if standard output failed.
 */
int kmsg_mmexternal(struct kmsg_db *db)
{
	struct json_writer jw;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	jsonw_init(&jw, stdout);
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		mmexternal_reply(db, &jw, line);
		if (fflush(stdout))
			break;
	}
	free(line);
	return ferror(stdout) ? 2 : 0;
}

/*
 * A value of the database: syslog-ng compiles it as a template, so it is
 * given its type (else "fsm(%s): ..." reads as a type "fsm") and a '$'
 * is doubled; in CSV quotes, with a quote doubled.
 */
static void csv_value(const char *s)
{
	fputs("\"string(", stdout);
	for (; *s; s++) {
		if (*s == '"' || *s == '$')
			putchar(*s);
		putchar(*s);
	}
	fputs(")\"", stdout);
}

static void csv_rows(const char *selector, char **v)
{
	for (int i = 0; i < F_NR; i++) {
		printf("%s,kmsg.%s,", selector, field_names[i]);
		csv_value(v[i]);
		putchar('\n');
	}
}

/**
 * kmsg_context_data() - the catalog as syslog-ng's contextual data
 * @db: the catalogs
 *
 * Every entry that the kernel prints with its tag gets rows for the tag
 * and for its two hashed ids (plain and for a device).  Entries without
 * an id in the line (printed without id, or described by their source)
 * have no selector: lines of theirs go the program path (kmsg(8)).
 *
 * Return: 0, 1 if there is no entry, 2 if standard output failed.
 */
int kmsg_context_data(struct kmsg_db *db)
{
	const struct kmsg_entry **all;
	int i, n = kmsg_db_all(db, NULL, &all);

	for (i = 0; i < n; i++) {
		const struct kmsg_entry *e = all[i];
		const char *dot = strrchr(e->tag, '.');
		char *v[F_NR], id[64];
		int c = dot ? dot - e->tag : 0;

		if (e->no_id || e->by_text || e->of || !c)
			continue;
		fields(e, v);
		csv_rows(e->tag, v);
		snprintf(id, sizeof(id), "%.*s.%06x", c, e->tag, kmsg_hashed_id(e->text, false));
		csv_rows(id, v);
		snprintf(id, sizeof(id), "%.*s.%06x", c, e->tag, kmsg_hashed_id(e->text, true));
		csv_rows(id, v);
		fields_free(v);
	}
	free(all);
	if (fflush(stdout) || ferror(stdout))
		return 2;
	return n ? 0 : 1;
}
