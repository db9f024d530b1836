// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg - explain kernel messages from the kernel message catalog
 *
 *   kmsg [--json] explain TAG|LINE
 *   kmsg [--json] [--repeat] annotate [FILE|DIR...]
 *   kmsg [--json] report [FILE|DIR...]
 *   kmsg [--json] list [COMPONENT]
 *   kmsg mmexternal
 *   kmsg context-data
 *
 * Entries come from /sys/kernel/kmsg first, then from the catalog file
 * installed with the modules (/lib/modules/$(uname -r)/kmsg.catalog), so
 * messages of modules that are not loaded are explained too, then from the
 * system catalog of the kmsg package (/usr/share/kmsg/kmsg.catalog: every
 * described message, for a kernel without a catalog of its own).
 *
 * Exit status: 0 found, 1 not found, 2 usage or I/O error.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "kmsg.h"
#include "logline.h"
#include "logs.h"
#include "../../scripts/kmsg-json.h"

static const char *sysfs_dir = "/sys/kernel/kmsg";
static const char *catalog_path;
/* The system catalog: --system-catalog, $KMSG_SYSTEM_CATALOG, or this */
#ifndef KMSG_SYSTEM_CATALOG
#define KMSG_SYSTEM_CATALOG "/usr/share/kmsg/kmsg.catalog"
#endif
static const char *system_path;
static bool json, repeat;
static const char *lang;	/* --lang: the languages, "de:fr" */
static struct json_writer jw;	/* --json: on standard output */

static const char usage[] =
	"usage: kmsg [OPTIONS] explain TAG|LINE\n"
	"       kmsg [OPTIONS] annotate [FILE|DIR...]\n"
	"       kmsg [OPTIONS] report [FILE|DIR...]\n"
	"       kmsg [OPTIONS] list [COMPONENT]\n"
	"       kmsg [OPTIONS] mmexternal\n"
	"       kmsg [OPTIONS] context-data\n";

/* The usage message, then exit status 2 */
static void bad_usage(void)
{
	fputs(usage, stderr);
	exit(2);
}

static void print_help(void)
{
	fputs(usage, stdout);
	fputs("\nOptions:\n"
	      "  --json          one JSON object a line\n"
	      "  --lang LANGS    the languages of the descriptions, \"de\" or \"fr:de\"\n"
	      "                  (default: as gettext chooses, LANGUAGE, LC_ALL, ...)\n"
	      "  --repeat        annotate: explain every occurrence of a message in\n"
	      "                  full (default: the first; later ones in one line)\n"
	      "  --sysfs DIR     registered entries (default /sys/kernel/kmsg)\n"
	      "  --catalog FILE  installed catalog (default\n"
	      "                  /lib/modules/$(uname -r)/kmsg.catalog)\n"
	      "  --system-catalog FILE\n"
	      "                  the kmsg package's catalog, read last (default\n"
	      "                  $KMSG_SYSTEM_CATALOG, else " KMSG_SYSTEM_CATALOG ";\n"
	      "                  empty: none)\n"
	      "  --help          this text\n"
	      "\nLogs: dmesg (plain, -T, -x, -r, --time-format iso), /dev/kmsg,\n"
	      "journalctl -k (short, short-iso, short-precise, short-monotonic,\n"
	      "short-full, cat, json), syslog (RFC 3164, RFC 3339); gzip, xz or\n"
	      "zstd compressed; a directory: the kernel logs in it.  See kmsg(8).\n",
	      stdout);
	exit(0);
}

/* Text output */

static void print_indented(const char *s, const char *indent)
{
	const char *nl;

	if (!*s) {
		printf("%s-\n", indent);
		return;
	}
	for (; s; s = nl ? nl + 1 : NULL) {
		nl = strchr(s, '\n');
		printf("%s%.*s\n", indent, nl ? (int)(nl - s) : (int)strlen(s), s);
	}
}

/* A format on one line: an embedded line break as C writes it, "\n" */
static void print_text(const char *s)
{
	const char *nl;

	for (; (nl = strchr(s, '\n')); s = nl + 1)
		printf("%.*s\\n", (int)(nl - s), s);
	fputs(s, stdout);
}

/* The "@N: what" lines, with "= value" from a matched log line. */
static void print_params(const struct kmsg_fields *f, const struct kmsg_values *v,
			 const char *indent)
{
	const char *p = f->parameters, *s;
	size_t len;
	int i;

	for (i = 0; (p = kmsg_param_next(p, &s, &len)); i++) {
		printf("%s%.*s", indent, (int)len, s);
		if (v && i < v->nr)
			printf(" = %s", v->val[i]);
		putchar('\n');
	}
}

/*
 * A described message has a man page, section 9, named by its tag: make
 * D=2 writes it and make kmsg_install installs it.
 */
static bool has_man_page(const struct kmsg_entry *e)
{
	return *e->description;
}

/*
 * The hashed ids of an entry, as kernels that print them (SUSE's and
 * Ubuntu's for s390) would print its format: plain, and for a device
 * (kmsg_hashed_id()).  Which of the two a message is, the catalog does
 * not say.
 */
struct hashed_ids {
	unsigned int plain, device;
};

static struct hashed_ids hashed_ids(const struct kmsg_entry *e)
{
	return (struct hashed_ids){
		kmsg_hashed_id(e->text, false), kmsg_hashed_id(e->text, true)
	};
}

/* The length of the component of a tag */
static int component_len(const char *tag)
{
	const char *dot = strrchr(tag, '.');

	return dot ? dot - tag : (int)strlen(tag);
}

/*
 * Which releases print which text, after @pre: the copy of an entry made
 * for an earlier release's text says so and names the text of the
 * current one; an entry with another text in an earlier release names it.
 */
static void print_release(const struct kmsg_entry *e, const char *pre)
{
	const struct kmsg_entry *of = e->of ? e->of : e;

	if (!of->release)
		return;
	printf("%s", pre);
	if (e->of) {
		printf(_("Release: this is the text of Linux %s; later releases print "),
		       of->release);
		print_text(of->text);
	} else if (of->rel_text) {
		printf(_("Release: Linux %s prints "), of->release);
		print_text(of->rel_text);
	} else {
		printf(_("Release: not printed by Linux %s"), of->release);
	}
	putchar('\n');
}

static void explain_text(const struct kmsg_entry *e, const struct kmsg_values *v,
			 const char *device)
{
	struct hashed_ids h = hashed_ids(e);
	int n = component_len(e->tag);
	struct kmsg_fields f;

	kmsg_fields_tr(e, &f);
	printf("%s: ", e->tag);
	print_text(e->text);
	putchar('\n');
	if (e->no_id)	/* nor is it hashed: the text stays as it is */
		printf(_("Printed without its tag: the line starts with the text as it stands\n"));
	else
		printf(_("Hashed id: %.*s.%06x (printed for a device: %.*s.%06x)\n"),
		       n, e->tag, h.plain, n, e->tag, h.device);
	printf(_("Severity: %s\n"), e->severity);
	print_release(e, "");
	if (device)
		printf(_("Device: %s\n"), device);
	printf(_("Source: %s\n"), e->source);
	if (*e->parameters) {
		printf(_("Parameters:\n"));
		print_params(&f, v, "  ");
	}
	printf(_("Description:\n"));
	print_indented(f.description, "  ");
	printf(_("User action:\n"));
	print_indented(f.user_action, "  ");
	if (has_man_page(e))
		printf(_("See also: man 9 %s\n"), e->tag);
	free(f.parameters);
}

/*
 * "release": the earlier release and its text (null: it does not print
 * the message), and "release_text": true when the line read was of that
 * text.
 */
static void release_json(const struct kmsg_entry *e)
{
	const struct kmsg_entry *of = e->of ? e->of : e;

	if (!of->release)
		return;
	jsonw_name(&jw, "release");
	jsonw_start_object(&jw);
	jsonw_string_field(&jw, "version", of->release);
	jsonw_name(&jw, "text");
	if (of->rel_text)
		jsonw_string(&jw, of->rel_text, strlen(of->rel_text));
	else
		jsonw_null(&jw);
	jsonw_end_object(&jw);
	jsonw_name(&jw, "release_text");
	jsonw_bool(&jw, !!e->of);
}

/*
 * The keys of an entry inside a JSON object: those of kmsg_json_entry()
 * (kmsg-gen dump has them too, in the same order), the values of a line's
 * parameters with them; then "source", "man_page", "device" and
 * "release".
 */
static void entry_json(const struct kmsg_entry *e, const struct kmsg_values *v,
		       const char *device)
{
	struct kmsg_fields f;
	struct kmsg_json_entry je = {
		.tag = e->tag,
		.text = e->text,
		.severity = e->severity,
		.values = v ? v->val : NULL,
		.nr_values = v ? v->nr : 0,
		.no_id = e->no_id,
	};
	int i;

	kmsg_fields_tr(e, &f);
	je.parameters = f.parameters;
	je.description = f.description;
	je.user_action = f.user_action;
	kmsg_json_entry(&jw, &je);
	jsonw_string_field(&jw, "source", e->source);
	/* the language of each field: "en", or the translation's */
	jsonw_name(&jw, "languages");
	jsonw_start_object(&jw);
	jsonw_string_field(&jw, "description", f.lang_description);
	jsonw_string_field(&jw, "user_action", f.lang_user_action);
	jsonw_name(&jw, "parameters");
	jsonw_start_array(&jw);
	for (i = 0; i < f.nr_params && i < KMSG_MAX_VALUES; i++)
		jsonw_string(&jw, f.lang_params[i], strlen(f.lang_params[i]));
	jsonw_end_array(&jw);
	jsonw_end_object(&jw);
	free(f.parameters);
	if (has_man_page(e)) {
		/* tags are valid: a component of up to 31 characters, an id */
		char page[64];

		snprintf(page, sizeof(page), "%s(9)", e->tag);
		jsonw_string_field(&jw, "man_page", page);
	}
	if (device)
		jsonw_string_field(&jw, "device", device);
	release_json(e);
}

/* Where a log line is: its text, and its file and number in --json */
struct where {
	const char *line;
	size_t len;
	const char *file;	/* NULL: not shown */
	unsigned long lineno;
};

static void where_json(const struct where *w)
{
	jsonw_name(&jw, "line");
	jsonw_string(&jw, w->line, w->len);
	if (w->file) {
		jsonw_string_field(&jw, "file", w->file);
		jsonw_uint_field(&jw, "line_number", w->lineno);
	}
}

/*
 * A line's entries as one JSON object: the best one's keys, the others
 * (if any) in "alternatives".
 */
static void matches_json(const struct kmsg_matches *ms, const struct where *w)
{
	int i;

	jsonw_start_object(&jw);
	if (ms->nr)
		entry_json(ms->m[0].entry, &ms->m[0].v, ms->m[0].device);
	if (w)
		where_json(w);
	if (ms->nr > 1) {
		jsonw_name(&jw, "alternatives");
		jsonw_start_array(&jw);
		for (i = 1; i < ms->nr; i++) {
			jsonw_start_object(&jw);
			entry_json(ms->m[i].entry, &ms->m[i].v, ms->m[i].device);
			jsonw_end_object(&jw);
		}
		jsonw_end_array(&jw);
	}
	jsonw_end_object(&jw);
}

/* explain */

static int explain_tag(struct kmsg_db *db, const char *tag)
{
	const struct kmsg_entry *e = kmsg_db_lookup(db, tag);

	if (!e)
		return 1;
	if (json) {
		jsonw_start_object(&jw);
		entry_json(e, NULL, NULL);
		jsonw_end_object(&jw);
	} else {
		explain_text(e, NULL, NULL);
	}
	return 0;
}

/* Each entry found, for explain; with the line given, if any */
static int explain_matches(struct kmsg_matches *ms, const char *line)
{
	int i;

	for (i = 0; i < ms->nr; i++) {
		if (json) {
			struct kmsg_matches one = { .nr = 1, .m[0] = ms->m[i] };
			struct where w = { .line = line, .len = line ? strlen(line) : 0 };

			matches_json(&one, line ? &w : NULL);
		} else {
			if (i)
				putchar('\n');
			explain_text(ms->m[i].entry, &ms->m[i].v, ms->m[i].device);
		}
	}
	i = ms->nr;
	kmsg_matches_free(ms);
	return i ? 0 : 1;
}

static int explain_line(struct kmsg_db *db, const char *line)
{
	struct kmsg_matches ms = { 0 };
	struct kmsg_logline l;
	int ret;

	kmsg_logline_parse(&l, line);
	if (l.msg)
		kmsg_identify(db, l.msg, &ms);
	ret = explain_matches(&ms, line);
	kmsg_logline_free(&l);
	return ret;
}

static int cmd_explain(struct kmsg_db *db, const char *arg)
{
	struct kmsg_matches ms;
	unsigned int id;
	int ret;

	if (kmsg_tag_valid(arg, strlen(arg), &id))
		ret = explain_tag(db, arg);
	else if (!strpbrk(arg, " :") && kmsg_identify_id(db, arg, strlen(arg), NULL, &ms))
		ret = explain_matches(&ms, NULL);	/* "hypfs.7f5705" */
	else
		ret = explain_line(db, arg);
	if (ret)
		p_err(_("no catalog entry for '%s'"), arg);
	return ret;
}

/* annotate */

struct annotate {
	struct kmsg_log_visitor v;	/* first: the visitor is the state */
	struct kmsg_db *db;
	struct kmsg_map seen;		/* tag: where it was explained */
	int found;
};

/* "line 12", or "var/log/messages:12" when there are several files */
static char *location(const struct annotate *a, const char *name,
		      unsigned long lineno)
{
	char *s;

	if (a->v.many) {
		s = xcalloc(strlen(name) + 24, 1);
		sprintf(s, "%s:%lu", name, lineno);
	} else {
		s = xcalloc(32, 1);
		sprintf(s, "line %lu", lineno);
	}
	return s;
}

static void annotate_full(const struct kmsg_match *m, const char *loc)
{
	const struct kmsg_entry *e = m->entry;
	struct kmsg_fields f;

	kmsg_fields_tr(e, &f);
	printf("-- %s%s%s (%s): ", loc ? loc : "", loc ? ": " : "",
	       e->tag, e->severity);
	print_text(e->text);
	putchar('\n');
	print_release(e, "-- ");
	if (m->device)
		printf(_("-- Device: %s\n"), m->device);
	printf(_("-- Source: %s\n"), e->source);
	if (*e->parameters)
		print_params(&f, &m->v, "--   ");
	print_indented(f.description, "-- ");
	if (*e->user_action) {
		printf(_("-- User action:\n"));
		print_indented(f.user_action, "-- ");
	}
	free(f.parameters);
}

/* A message explained before: one line, with this line's values */
static void annotate_again(const struct kmsg_match *m, const char *loc,
			   const char *first)
{
	int i;

	/* fputs, not printf: most lines of a long log are such lines */
	fputs("-- ", stdout);
	if (loc) {
		fputs(loc, stdout);
		fputs(": ", stdout);
	}
	fputs(m->entry->tag, stdout);
	fputs(" (", stdout);
	fputs(m->entry->severity, stdout);
	fputs(_(") again, as at "), stdout);
	fputs(first, stdout);
	if (m->device) {
		fputs(_("; device "), stdout);
		fputs(m->device, stdout);
	}
	for (i = 0; i < m->v.nr; i++) {
		fputs(i ? ", @" : "; @", stdout);
		if (i >= 9)
			putchar('0' + (i + 1) / 10);
		putchar('0' + (i + 1) % 10);
		fputs(" = ", stdout);
		fputs(m->v.val[i], stdout);
	}
	putchar('\n');
}

static void annotate_text(struct annotate *a, const struct kmsg_matches *ms,
			  const char *name, unsigned long lineno)
{
	char *loc = a->v.many ? location(a, name, lineno) : NULL;
	int i;

	for (i = 0; i < ms->nr; i++) {
		const struct kmsg_match *m = &ms->m[i];
		void **first = repeat ? NULL : kmsg_map_slot(&a->seen, m->entry->tag);

		if (first && *first) {
			annotate_again(m, loc, *first);
			continue;
		}
		if (first)
			*first = location(a, name, lineno);
		annotate_full(m, loc);
	}
	free(loc);
}

static void annotate_line(struct kmsg_log_visitor *v, const char *name,
			  unsigned long lineno, const char *line, size_t len)
{
	struct annotate *a = (struct annotate *)v;
	struct kmsg_matches ms = { 0 };
	struct kmsg_logline l;

	kmsg_logline_parse(&l, line);
	if (l.msg)
		kmsg_identify(a->db, l.msg, &ms);
	if (json) {
		struct where w = { line, len, v->many ? name : NULL, lineno };

		matches_json(&ms, &w);
	} else {
		fwrite(line, 1, len, stdout);
		putchar('\n');
		annotate_text(a, &ms, name, lineno);
	}
	a->found += ms.nr > 0;
	kmsg_matches_free(&ms);
	kmsg_logline_free(&l);
}

/* In text, the lines of each file of several after "==> name <==" */
static void annotate_file(struct kmsg_log_visitor *v, const char *name)
{
	if (v->many && !json)
		printf("==> %s <==\n", name);
}

static int cmd_annotate(struct kmsg_db *db, char **paths, int n)
{
	struct annotate a = {
		.v = { .file = annotate_file, .line = annotate_line },
		.db = db,
	};
	bool ok = kmsg_logs_read(&a.v, paths, n);

	kmsg_map_free(&a.seen, free);
	return ok ? 0 : 2;
}

/* report */

struct seen {
	const struct kmsg_entry *e;
	unsigned long count;
	char *first, *last;	/* the time stamps as written, or NULL */
};

struct report {
	struct kmsg_log_visitor v;	/* first: the visitor is the state */
	struct kmsg_db *db;
	struct kmsg_map seen;		/* tag: struct seen */
	struct kmsg_map uncataloged;	/* component: count, as a pointer */
};

static void seen_free(void *p)
{
	struct seen *s = p;

	free(s->first);
	free(s->last);
	free(s);
}

static void report_line(struct kmsg_log_visitor *v, const char *name,
			unsigned long lineno, const char *line, size_t len)
{
	struct report *r = (struct report *)v;
	struct kmsg_matches ms = { 0 };
	struct kmsg_logline l;
	struct seen *s;

	(void)name, (void)lineno, (void)len;
	kmsg_logline_parse(&l, line);
	if (l.msg)
		kmsg_identify(r->db, l.msg, &ms);
	if (ms.nr) {
		void **slot = kmsg_map_slot(&r->seen, ms.m[0].entry->tag);

		s = *slot;
		if (!s) {
			s = *slot = xcalloc(1, sizeof(*s));
			s->e = ms.m[0].entry;
			s->first = l.time ? xstrndup(l.time, strlen(l.time)) : NULL;
		}
		s->count++;
		free(s->last);
		s->last = l.time ? xstrndup(l.time, strlen(l.time)) : NULL;
	} else if (ms.component[0] && kmsg_component_known(r->db, ms.component)) {
		void **slot = kmsg_map_slot(&r->uncataloged, ms.component);

		*slot = (void *)((uintptr_t)*slot + 1);
	}
	kmsg_matches_free(&ms);
	kmsg_logline_free(&l);
}

/* The level of a severity name: 0 (Emerg) to 6, or KMSG_NR_LEVELS if unknown */
static int severity_rank(const char *s)
{
	static const char *const order[KMSG_NR_LEVELS] = { KMSG_SEVERITY_NAMES };
	int i;

	for (i = 0; i < KMSG_NR_LEVELS && strcmp(s, order[i]); i++)
		;
	return i;
}

static int cmp_seen(const void *a, const void *b)
{
	const struct seen *x = *(const struct seen * const *)a;
	const struct seen *y = *(const struct seen * const *)b;
	int c = severity_rank(x->e->severity) - severity_rank(y->e->severity);

	if (c)
		return c;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->e->tag, y->e->tag);
}

static int cmp_count(const void *a, const void *b)
{
	const struct kmsg_map_slot *x = *(const struct kmsg_map_slot * const *)a;
	const struct kmsg_map_slot *y = *(const struct kmsg_map_slot * const *)b;

	if (x->val != y->val)
		return (uintptr_t)x->val > (uintptr_t)y->val ? -1 : 1;
	return strcmp(x->key, y->key);
}

/* The values of @m, sorted with @cmp (the keys' slots if @slots) */
static void **sorted(struct kmsg_map *m, bool slots,
		     int (*cmp)(const void *, const void *))
{
	void **v = xcalloc(m->used, sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < m->size; i++)
		if (m->slots[i].key)
			v[n++] = slots ? (void *)&m->slots[i] : m->slots[i].val;
	qsort(v, n, sizeof(*v), cmp);
	return v;
}

static void json_or_null(const char *name, const char *s)
{
	if (s) {
		jsonw_string_field(&jw, name, s);
	} else {
		jsonw_name(&jw, name);
		jsonw_null(&jw);
	}
}

static void report_entry(const struct seen *s)
{
	if (json) {
		jsonw_start_object(&jw);
		entry_json(s->e, NULL, NULL);
		jsonw_uint_field(&jw, "count", s->count);
		json_or_null("first", s->first);
		json_or_null("last", s->last);
		jsonw_end_object(&jw);
		return;
	}
	printf("%s %s, %lu time%s: ", s->e->tag, s->e->severity, s->count,
	       s->count == 1 ? "" : "s");
	print_text(s->e->text);
	printf(_("\n  first: %s\n  last:  %s\n  source: %s\n"), s->first ? s->first : "-",
	       s->last ? s->last : "-", s->e->source);
}

static void report_print(struct report *r)
{
	struct seen **seen = (struct seen **)sorted(&r->seen, false, cmp_seen);
	struct kmsg_map_slot **un;
	size_t i;

	for (i = 0; i < r->seen.used; i++)
		report_entry(seen[i]);
	free(seen);
	un = (struct kmsg_map_slot **)sorted(&r->uncataloged, true, cmp_count);
	if (r->uncataloged.used && !json)
		printf(_("%sLines of components without a catalog entry:\n"),
		       r->seen.used ? "\n" : "");
	for (i = 0; i < r->uncataloged.used; i++) {
		unsigned long n = (uintptr_t)un[i]->val;

		if (json) {
			jsonw_start_object(&jw);
			jsonw_string_field(&jw, "component", un[i]->key);
			jsonw_uint_field(&jw, "uncataloged", n);
			jsonw_end_object(&jw);
		} else {
			printf("  %s: %lu line%s\n", un[i]->key, n, n == 1 ? "" : "s");
		}
	}
	free(un);
}

static int cmd_report(struct kmsg_db *db, char **paths, int n)
{
	struct report r = { .v = { .line = report_line }, .db = db };
	bool ok = kmsg_logs_read(&r.v, paths, n);
	int ret = r.seen.used || r.uncataloged.used ? 0 : 1;

	report_print(&r);
	kmsg_map_free(&r.seen, seen_free);
	kmsg_map_free(&r.uncataloged, NULL);
	return ok ? ret : 2;
}

/* list */

static int cmd_list(struct kmsg_db *db, const char *component)
{
	const struct kmsg_entry **all;
	int i, n;

	n = kmsg_db_all(db, component, &all);
	for (i = 0; i < n; i++) {
		if (json) {
			/* an entry's keys, in its order, but the others */
			jsonw_start_object(&jw);
			jsonw_string_field(&jw, "tag", all[i]->tag);
			jsonw_string_field(&jw, "text", all[i]->text);
			jsonw_string_field(&jw, "severity", all[i]->severity);
			jsonw_string_field(&jw, "source", all[i]->source);
			jsonw_end_object(&jw);
		} else {
			printf("%s %s %s ", all[i]->tag, all[i]->severity,
			       all[i]->source);
			print_text(all[i]->text);
			putchar('\n');
		}
	}
	free(all);
	if (!n && component)
		p_err(_("no entries for component '%s'"), component);
	return n ? 0 : 1;
}

/* The command line's options; returns the index of the command */
static int parse_options(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "sysfs", required_argument, NULL, 's' },
		{ "catalog", required_argument, NULL, 'c' },
		{ "system-catalog", required_argument, NULL, 'S' },
		{ "repeat", no_argument, NULL, 'r' },
		{ "lang", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	/* options come before the command ("+"): a log line may start with '-' */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", options, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			kmsg_json_errors = true;
			jsonw_init(&jw, stdout);
			break;
		case 's':
			sysfs_dir = optarg;
			break;
		case 'c':
			catalog_path = optarg;
			break;
		case 'S':
			system_path = optarg;
			break;
		case 'r':
			repeat = true;
			break;
		case 'l':
			lang = optarg;
			break;
		case 'h':
			print_help();
			break;
		case ':':
			p_err(_("a value is missing after '%s'"), argv[optind - 1]);
			bad_usage();
			break;
		default:
			if (optopt && strncmp(argv[optind - 1], "--", 2))
				p_err(_("unknown option '-%c'"), optopt);
			else
				p_err(_("unknown option '%s'"), argv[optind - 1]);
			bad_usage();
		}
	}
	return optind;
}

/* The catalogs to read: the options', or the running kernel's and the system's */
static void open_catalogs(struct kmsg_db *db)
{
	static char default_catalog[512];
	struct utsname u;

	if (!catalog_path && !uname(&u)) {
		snprintf(default_catalog, sizeof(default_catalog),
			 "/lib/modules/%s/kmsg.catalog", u.release);
		catalog_path = default_catalog;
	}
	if (!system_path)
		system_path = getenv("KMSG_SYSTEM_CATALOG");
	if (!system_path)
		system_path = KMSG_SYSTEM_CATALOG;
	kmsg_db_init(db, sysfs_dir, catalog_path, *system_path ? system_path : NULL);
}

static int do_explain(struct kmsg_db *db, char **argv, int n)
{
	(void)n;
	return cmd_explain(db, argv[0]);
}

static int do_list(struct kmsg_db *db, char **argv, int n)
{
	return cmd_list(db, n ? argv[0] : NULL);
}

static int do_mmexternal(struct kmsg_db *db, char **argv, int n)
{
	(void)argv;
	(void)n;
	return kmsg_mmexternal(db);
}

static int do_context_data(struct kmsg_db *db, char **argv, int n)
{
	(void)argv;
	(void)n;
	return kmsg_context_data(db);
}

/* The commands, with the numbers of arguments each takes */
static const struct kmsg_cmd {
	const char *name;
	int min_args, max_args;
	int (*run)(struct kmsg_db *db, char **argv, int n);
} cmds[] = {
	{ "explain", 1, 1, do_explain },
	{ "annotate", 0, INT_MAX, cmd_annotate },
	{ "report", 0, INT_MAX, cmd_report },
	{ "list", 0, 1, do_list },
	{ "mmexternal", 0, 0, do_mmexternal },
	{ "context-data", 0, 0, do_context_data },
};

static const struct kmsg_cmd *cmd_select(const char *name, int n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		if (strcmp(name, cmds[i].name))
			continue;
		if (n < cmds[i].min_args || n > cmds[i].max_args) {
			p_err(_("wrong number of arguments for '%s'"), name);
			return NULL;
		}
		return &cmds[i];
	}
	p_err(_("unknown command '%s'"), name);
	return NULL;
}

int main(int argc, char **argv)
{
	const struct kmsg_cmd *cmd;
	struct kmsg_db db;
	int i, ret;

	i = parse_options(argc, argv);
	kmsg_lang_init(lang);
	if (i >= argc) {
		p_err(_("no command"));
		bad_usage();
	}
	cmd = cmd_select(argv[i], argc - i - 1);
	if (!cmd)
		bad_usage();
	open_catalogs(&db);
	ret = cmd->run(&db, argv + i + 1, argc - i - 1);
	if (db.io_error && ret == 1)
		ret = 2;
	kmsg_db_free(&db);
	kmsg_lang_free();
	return ret;
}
