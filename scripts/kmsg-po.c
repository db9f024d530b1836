// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen's gettext side: the template (POT) of the catalog's
 * translatable fields.
 *
 * Every entry gives one message per field a reader reads: its
 * description, its user action and the description of each parameter,
 * with the tag as the message context (msgctxt) and the description's
 * file and line as the reference, so that msgmerge, msgfmt and any PO
 * editor handle the catalog as they handle a program's messages.  The
 * message is the field exactly as the catalog holds it, line breaks
 * included: the tool looks a translation up by the English it read.
 */
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"

/* A PO string: "" first when it spans lines, then a quoted line each */
static void po_string(FILE *f, const char *key, const char *s)
{
	const char *nl = strchr(s, '\n');

	fprintf(f, "%s ", key);
	if (nl && nl[1])
		fputs("\"\"\n", f);
	do {
		struct strbuf sb = { 0 };
		size_t n;

		nl = strchr(s, '\n');
		n = nl ? (size_t)(nl - s + 1) : strlen(s);
		sb_add(&sb, "", 0);
		for (size_t i = 0; i < n; i++) {
			if (s[i] == '\n')
				sb_puts(&sb, "\\n");
			else if (s[i] == '\t')
				sb_puts(&sb, "\\t");
			else if (s[i] == '"' || s[i] == '\\')
				sb_printf(&sb, "\\%c", s[i]);
			else
				sb_add(&sb, s + i, 1);
		}
		fprintf(f, "\"%s\"\n", sb.buf);
		free(sb.buf);
		s += n;
	} while (*s);
}

/* One translatable field of an entry: its name and its English */
struct pot_field {
	const char *name, *text;
	char *own_name, *own;	/* a parameter's, cut out of ->params */
};

/*
 * The entry's messages; a text that two fields share (two parameters
 * with the same description) is one message, its comment naming both.
 */
static void pot_entry(FILE *f, const struct desc *d, struct pot_field *fl, int n)
{
	for (int i = 0; i < n; i++) {
		int j;

		if (!fl[i].text || !*fl[i].text)
			continue;
		for (j = 0; j < i && strcmp(fl[j].text, fl[i].text); j++)
			;
		if (j < i)
			continue;
		fprintf(f, "\n#. %s", fl[i].name);
		for (j = i + 1; j < n; j++)
			if (fl[j].text && !strcmp(fl[j].text, fl[i].text))
				fprintf(f, ", %s", fl[j].name);
		fprintf(f, "\n#: %s:%d\n", d->file, d->line);
		po_string(f, "msgctxt", d->tag);
		po_string(f, "msgid", fl[i].text);
		fputs("msgstr \"\"\n", f);
	}
}

/* The fields of an entry: each parameter ("@1: text\n@2: text"), then
 * the description and the user action
 */
static void pot_desc(FILE *f, const struct desc *d)
{
	struct pot_field *fl = xmalloc((d->nr_params + 2) * sizeof(*fl));
	const char *p = d->params;
	int n = 0;

	while (p && *p && n < d->nr_params) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		const char *colon = memchr(p, ':', len);

		if (colon) {
			const char *t = colon + 1 + (colon[1] == ' ');

			fl[n].own_name = xstrndup(p, colon - p);
			fl[n].own = xstrndup(t, p + len - t);
			fl[n].name = fl[n].own_name;
			fl[n].text = fl[n].own;
			n++;
		}
		p += len + !!e;
	}
	fl[n++] = (struct pot_field){ .name = "description", .text = d->description };
	fl[n++] = (struct pot_field){ .name = "user action", .text = d->user_action };
	pot_entry(f, d, fl, n);
	for (int i = 0; i < n - 2; i++) {
		free(fl[i].own_name);
		free(fl[i].own);
	}
	free(fl);
}

/**
 * pot_run() - write the translation template of description files
 * @o: the options; only ->out is read
 * @files: the description files
 * @nr: their number
 *
 * The template starts with the header gettext wants (UTF-8); then each
 * entry's fields in the order of the files.  A malformed block is
 * reported by the parser and makes the status 1; the template is still
 * written, without it.
 *
 * Return: process exit status.
 */
int pot_run(const struct catalog_opts *o, char **files, int nr)
{
	struct desc_set set = { 0 };
	struct output out;
	int i, status = 0;

	for (i = 0; i < nr; i++)
		if (desc_parse_file(&set, files[i]))
			status = 1;
	if (output_open(&out, o->out)) {
		desc_set_free(&set);
		return 2;
	}
	fputs("# The kernel message catalog's descriptions, to translate.\n"
	      "# Made by scripts/kmsg-gen pot from Documentation/kmsg.\n"
	      "#\n#, fuzzy\nmsgid \"\"\nmsgstr \"\"\n"
	      "\"Project-Id-Version: kmsg catalog\\n\"\n"
	      "\"Language: \\n\"\n"
	      "\"MIME-Version: 1.0\\n\"\n"
	      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
	      "\"Content-Transfer-Encoding: 8bit\\n\"\n", out.f);
	for (i = 0; i < set.nr; i++)
		pot_desc(out.f, &set.descs[i]);
	if (output_close(&out, true))
		status = 2;
	desc_set_free(&set);
	return status;
}
