// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen's gettext side: the template (POT) of the catalog's
 * translatable fields, the PO files translated from it, and the check
 * that a translation keeps the English's literals.
 *
 * Every entry gives one message per field a reader reads: its
 * description, its user action and the description of each parameter,
 * with the tag as the message context (msgctxt) and the description's
 * file and line as the reference, so that msgmerge, msgfmt and any PO
 * editor handle the catalog as they handle a program's messages.  The
 * message is the field exactly as the catalog holds it, line breaks
 * included: the tool looks a translation up by the English it read.
 */
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"

/*
 * A PO string: "" first when it spans lines, then a quoted line each,
 * escaped as C escapes it (c_escape(), as PO files are)
 */
static void po_string(FILE *f, const char *key, const char *s)
{
	const char *nl = strchr(s, '\n');

	fprintf(f, "%s ", key);
	if (nl && nl[1])
		fputs("\"\"\n", f);
	do {
		struct strbuf sb = { 0 };
		char *line;
		size_t n;

		nl = strchr(s, '\n');
		n = nl ? (size_t)(nl - s + 1) : strlen(s);
		line = xstrndup(s, n);
		sb_add(&sb, "", 0);
		c_escape(&sb, line);
		fprintf(f, "\"%s\"\n", sb.buf);
		free(sb.buf);
		free(line);
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

/* The headings of the book's fields (Documentation/sphinx/kernel_messages.py) */
static const char *const book_headings[] = {
	"Severity", "Parameters", "Description", "User action",
};

/* A message of the tools' own text */
static void pot_own(FILE *f, const char *ref, const char *ctxt, const char *s)
{
	fprintf(f, "\n#: %s\n", ref);
	po_string(f, "msgctxt", ctxt);
	po_string(f, "msgid", s);
	fputs("msgstr \"\"\n", f);
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
	/* the man pages' own text, and the book's headings */
	for (i = 0; i < MAN_NR_STRINGS; i++)
		pot_own(out.f, "scripts/kmsg-man.c", "kmsg-man", man_strings[i]);
	for (i = 0; i < (int)ARRAY_SIZE(book_headings); i++)
		pot_own(out.f, "Documentation/sphinx/kernel_messages.py", "kmsg-book",
			book_headings[i]);
	if (output_close(&out, true))
		status = 2;
	desc_set_free(&set);
	return status;
}

/* Reading PO files */

/* A PO string's content, after its opening quote: unescaped into @sb */
static bool po_unquote(struct strbuf *sb, const char *p)
{
	const char *e = strrchr(p, '"');

	if (*p++ != '"' || !e || e == p - 1 || e[1])
		return false;
	return c_unescape(sb, p, e);
}

static int cmp_po_msg(const void *a, const void *b)
{
	const struct po_msg *x = a, *y = b;
	int c = strcmp(x->ctxt, y->ctxt);

	return c ? c : strcmp(x->id, y->id);
}

/* The message being read: complete it into @po, or drop it if obsolete */
static void po_end(struct po_file *po, struct po_msg *m, struct strbuf *f)
{
	if (m->line && f[2].buf) {
		if (po->nr == po->cap) {
			po->cap = po->cap ? po->cap * 2 : 256;
			po->msgs = xrealloc(po->msgs, po->cap * sizeof(*po->msgs));
		}
		m->ctxt = f[0].buf ? sb_take(&f[0]) : xstrndup("", 0);
		m->id = f[1].buf ? sb_take(&f[1]) : xstrndup("", 0);
		m->str = sb_take(&f[2]);
		po->msgs[po->nr++] = *m;
	}
	for (int i = 0; i < 3; i++) {
		free(f[i].buf);
		f[i] = (struct strbuf){ 0 };
	}
	*m = (struct po_msg){ 0 };
}

/**
 * po_read() - read a PO file
 * @po: filled in; po_free() it
 * @path: the file
 *
 * The messages with a msgctxt, msgid and msgstr (plural forms are not
 * used by the catalog and are an error), their fuzzy flag and line, sorted
 * by context and id for po_lookup(); obsolete ones (#~) are left out.
 *
 * Return: 0, or -1 after naming the file and line of the problem.
 */
int po_read(struct po_file *po, const char *path)
{
	struct strbuf f[3] = { 0 };	/* msgctxt, msgid, msgstr */
	struct po_msg m = { 0 };
	struct file_data fd;
	char *p, *line;
	int n = 0, cur = -1, ret = 0;
	bool fuzzy = false;

	memset(po, 0, sizeof(*po));
	po->path = path;
	if (file_load(&fd, path))
		return -1;
	p = xstrndup(fd.data, fd.len);
	file_unload(&fd);
	po->text = p;
	for (line = strsep(&p, "\n"); line && !ret; line = strsep(&p, "\n")) {
		static const char *const keys[3] = { "msgctxt ", "msgid ", "msgstr " };
		int k;

		n++;
		if (!*line || line[0] == '#') {
			/* a blank line or the comments of the next message */
			if (f[2].buf || !*line || line[1] == '~') {
				po_end(po, &m, f);
				fuzzy = false;
			}
			if (line[0] == '#' && line[1] == ',')
				fuzzy |= !!strstr(line, "fuzzy");
			continue;
		}
		for (k = 0; k < 3 && strncmp(line, keys[k], strlen(keys[k])); k++)
			;
		if (k < 3) {
			if (k < 2 && f[2].buf) {	/* the next message, at once */
				po_end(po, &m, f);
				fuzzy = false;
			}
			if (f[k].buf) {
				fprintf(stderr, "%s:%d: %s given twice\n", path, n, keys[k]);
				ret = -1;
				break;
			}
			if (!m.line)
				m.line = n;
			m.fuzzy = fuzzy;
			cur = k;
			sb_add(&f[k], "", 0);
			line += strlen(keys[k]);
		} else if (line[0] != '"' || cur < 0) {
			fprintf(stderr, "%s:%d: not a PO line (plural forms are not used)\n",
				path, n);
			ret = -1;
			break;
		}
		if (!po_unquote(&f[cur], line)) {
			fprintf(stderr, "%s:%d: a malformed string\n", path, n);
			ret = -1;
		}
	}
	po_end(po, &m, f);
	if (ret) {
		po_free(po);
		return -1;
	}
	qsort(po->msgs, po->nr, sizeof(*po->msgs), cmp_po_msg);
	return 0;
}

void po_free(struct po_file *po)
{
	for (int i = 0; i < po->nr; i++) {
		free(po->msgs[i].ctxt);
		free(po->msgs[i].id);
		free(po->msgs[i].str);
	}
	free(po->msgs);
	free(po->text);
	memset(po, 0, sizeof(*po));
}

/**
 * po_lookup() - the translation of a message
 * @po: the PO file, or NULL
 * @ctxt: its context: the tag, or "kmsg-man" for the man pages' own text
 * @id: the English
 *
 * Return: the translation, or @id when there is none or only a fuzzy one.
 */
const char *po_lookup(const struct po_file *po, const char *ctxt, const char *id)
{
	struct po_msg key = { .ctxt = (char *)ctxt, .id = (char *)id }, *m;

	if (!po || !id || !*id)
		return id;
	m = bsearch(&key, po->msgs, po->nr, sizeof(*po->msgs), cmp_po_msg);
	return m && !m->fuzzy && *m->str ? m->str : id;
}

/* Literals a translation keeps */

/*
 * The kinds of literal, as extended regular expressions, each with where
 * a match may start and end: after and before a character that is not a
 * letter, digit or '_' ("word"), or after white space or '(' ("blank").
 */
static const struct literal_kind {
	const char *re;
	bool word_before, word_after, blank_before, trim_dot;
	bool not_man;	/* not of the man pages' own text: its headings are words */
} literal_kinds[] = {
	{ .re = "'[^']+'", .word_before = true, .word_after = true },	/* 'quoted' */
	{ .re = "\"[^\"]+\"" },					/* "quoted" */
	{ .re = "/[^[:space:],;:)'\"]*", .blank_before = true, .trim_dot = true },	/* paths */
	{ .re = "@[0-9]+" },						/* parameters */
	{ .re = "--?[A-Za-z][A-Za-z0-9_-]*", .blank_before = true },	/* options */
	{ .re = "[a-z0-9_-]+\\.[0-9]+", .word_before = true, .word_after = true },	/* tags */
	{ .re = "[A-Za-z0-9_.]*[_=][A-Za-z0-9_.=-]*[A-Za-z0-9_]|[A-Za-z0-9_]+\\(\\)" },
	{ .re = "[0-9]+", .word_before = true, .word_after = true },	/* numbers */
	{ .re = "[A-Z][A-Z0-9]+", .word_before = true, .word_after = true, .not_man = true },
};

static bool is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* @s with its line breaks as blanks: a literal may span two lines */
static char *flat(const char *s)
{
	char *f = xstrndup(s, strlen(s));

	for (char *p = f; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return f;
}

/*
 * The first literal of @msg's English that its translation lacks, into
 * @missing (as many bytes as fit); false if it keeps them all.
 */
static bool literal_missing(regex_t *res, const struct po_msg *msg,
			    char *missing, size_t size)
{
	char *en = flat(msg->id), *tr = flat(msg->str);
	bool man = !strcmp(msg->ctxt, "kmsg-man"), lacks = false;

	for (size_t k = 0; k < ARRAY_SIZE(literal_kinds) && !lacks; k++) {
		const struct literal_kind *lk = &literal_kinds[k];
		const char *s = en;
		regmatch_t m;

		if (man && lk->not_man)
			continue;
		while (!lacks && *s && !regexec(&res[k], s, 1, &m, s == en ? 0 : REG_NOTBOL)) {
			const char *b = s + m.rm_so, *e = s + m.rm_eo;
			char prev = b > en ? b[-1] : ' ';
			char *lit;

			if ((lk->word_before && (is_word(prev) || prev == '\'')) ||
			    (lk->blank_before && !isspace((unsigned char)prev) && prev != '(') ||
			    (lk->word_after && is_word(*e))) {
				s = b + 1;
				continue;
			}
			if (lk->trim_dot)
				while (e > b + 1 && e[-1] == '.')
					e--;
			if (*b == '\'' || *b == '"')	/* the content; any quote marks */
				b++, e--;
			lit = xstrndup(b, e - b);
			if (!strstr(tr, lit)) {
				snprintf(missing, size, "%s", lit);
				lacks = true;
			}
			free(lit);
			s = s + m.rm_eo > s ? s + m.rm_eo : s + 1;
		}
	}
	free(en);
	free(tr);
	return lacks;
}

/**
 * po_check_run() - check the translations of PO files
 * @files: the PO files
 * @nr: their number
 *
 * Each translated message that is not fuzzy keeps every literal of its
 * English: tags, @N, the content of quotes, paths, options, identifiers
 * with '_', '=' or "()", numbers and acronyms (but in the man pages'
 * headings, which are words in capitals).  A message that lacks one
 * is reported as "file:line: context: lacks 'literal'".
 *
 * Return: process exit status: 0, 1 if a message lacks a literal, 2 if
 * a file cannot be read.
 */
int po_check_run(char **files, int nr)
{
	regex_t res[ARRAY_SIZE(literal_kinds)];
	int status = 0;

	for (size_t k = 0; k < ARRAY_SIZE(literal_kinds); k++)
		if (regcomp(&res[k], literal_kinds[k].re, REG_EXTENDED))
			return 2;
	for (int i = 0; i < nr; i++) {
		struct po_file po;
		char missing[256];
		int checked = 0;

		if (po_read(&po, files[i])) {
			status = 2;
			continue;
		}
		for (int j = 0; j < po.nr; j++) {
			const struct po_msg *m = &po.msgs[j];

			if (!*m->id || !*m->str || m->fuzzy)
				continue;
			checked++;
			if (literal_missing(res, m, missing, sizeof(missing))) {
				printf("%s:%d: %s: lacks '%s'\n", files[i], m->line,
				       m->ctxt, missing);
				status = status ? status : 1;
			}
		}
		fprintf(stderr, "%s: %d translated messages checked\n", files[i], checked);
		po_free(&po);
	}
	for (size_t k = 0; k < ARRAY_SIZE(literal_kinds); k++)
		regfree(&res[k]);
	return status;
}
