// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: the man page of a described message (make D=2, and the pages
 * installed with the catalog), in troff's man macros.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "kmsg-gen.h"

/*
 * The pages' own text, which kmsg-gen pot offers translators under the
 * context "kmsg-man"; man_write() uses man_po's translation.
 */
const char *const man_strings[MAN_NR_STRINGS] = {
	[MAN_NAME] = "NAME",
	[MAN_MESSAGE] = "MESSAGE",
	[MAN_HASHED_ID] = "HASHED ID",
	[MAN_SEVERITY] = "SEVERITY",
	[MAN_PARAMETERS] = "PARAMETERS",
	[MAN_DESCRIPTION] = "DESCRIPTION",
	[MAN_USER_ACTION] = "USER ACTION",
	[MAN_TITLE] = "Kernel Messages",
	[MAN_FOR_DEVICE] = "printed for a device:",
	[MAN_HASHED_TEXT] =
		"Kernels with hashed message ids (SUSE's and Ubuntu's for s390) print\n"
		"this id in place of the tag, the second one if the message is printed\n"
		"for a device; IBM's documentation lists the message under it.\n"
		"It is computed from the message's format as it is today: where the\n"
		"format has changed, an older kernel printed another id.",
	[MAN_NO_ID_TEXT] =
		"Printed without its tag: the line starts with the text as it\n"
		"stands, and the kernel may continue it with more text.",
};

const struct po_file *man_po;

static const char *tr(int i)
{
	return po_lookup(man_po, "kmsg-man", man_strings[i]);
}

/* A section heading, translated */
static void man_heading(FILE *f, int i)
{
	fprintf(f, ".SH %s\n", tr(i));
}

/* A word longer than this may break after a '/' in filled text. */
#define MAN_LONG_WORD 30
/* Input lines of a page stay shorter than 80 bytes (mandoc -T lint). */
#define MAN_WIDTH 79

/*
 * The troff input for the byte at @s, into @tok: a leading control
 * character (. or ') behind \&, a backslash as \e, '-' as \- (the minus
 * of options), and with @wrap a '/' followed by more of its word as "/\:",
 * where a line may break.  Return: its length.
 */
static size_t man_token(char *tok, const char *s, bool bol, bool wrap)
{
	size_t n = 0;

	if (bol && (*s == '.' || *s == '\''))
		n += sprintf(tok, "\\&");
	if (*s == '\\')
		n += sprintf(tok + n, "\\e");
	else if (*s == '-')
		n += sprintf(tok + n, "\\-");
	else if (*s == '/' && wrap && s[1] && !isspace((unsigned char)s[1]))
		n += sprintf(tok + n, "/\\:");
	else
		tok[n++] = *s;
	return n;
}

/* The troff input length of the word at @s */
static size_t man_word_len(const char *s, bool wrap)
{
	char tok[8];
	size_t n = 0;

	for (; *s && !isspace((unsigned char)*s); s++)
		n += man_token(tok, s, false, wrap);
	return n;
}

/*
 * man_run() - text as troff input, after @col bytes of its first line
 * @fill: filled text: wrapped at spaces so that input lines stay within
 *	MAN_WIDTH bytes, trailing white space dropped, and a word longer than
 *	MAN_LONG_WORD may break after a '/', so that a path does not stick
 *	out of a line (groff's "cannot adjust line").  Otherwise every space
 *	stays, and a space that ends a line is "\ ".  A line too long for an
 *	input line goes on after a backslash-newline, before a word that
 *	would not fit (within a word only if the word alone does not).
 */
static void man_run(FILE *f, const char *s, size_t col, bool fill)
{
	const char *start = s;
	bool wrap = false, more;
	char tok[8];
	size_t n;

	for (; *s; s++) {
		if (!fill && col && s > start && s[-1] == ' ' && *s != ' ' && *s != '\n') {
			size_t w = man_word_len(s, false);

			if (col + w + 1 > MAN_WIDTH && w + 1 <= MAN_WIDTH) {
				fputs("\\\n", f);
				col = 0;
			}
		}
		if (*s == '\n') {
			fputc('\n', f);
			col = 0;
			continue;
		}
		if (fill && isspace((unsigned char)*s)) {
			const char *w = s + strspn(s, " \t");

			if (!*w || *w == '\n') {	/* trailing */
				s = w - 1;
				continue;
			}
			wrap = strcspn(w, " \t\n") > MAN_LONG_WORD;
			if (col && col + 1 + man_word_len(w, wrap) > MAN_WIDTH) {
				fputc('\n', f);
				col = 0;
			} else if (col) {
				fputc(' ', f);
				col++;
			}
			s = w - 1;
			continue;
		}
		if (fill && !col)
			wrap = strcspn(s, " \t\n") > MAN_LONG_WORD;
		more = s[1] && s[1] != '\n' && !(fill && isspace((unsigned char)s[1]));
		n = man_token(tok, s, !col, fill && wrap);
		if (col + n + more > MAN_WIDTH && (*s & 0xc0) != 0x80) {
			/*
			 * too long a line, or in filled text a word (Chinese
			 * has no blanks), not inside a UTF-8 character
			 */
			fputs("\\\n", f);
			col = 0;
			n = man_token(tok, s, true, fill && wrap);
		}
		if (!fill && *s == ' ' && (!s[1] || s[1] == '\n'))
			n = sprintf(tok, "\\ ");
		fwrite(tok, 1, n, f);
		col += n;
	}
	fputc('\n', f);
}

static void man_text(FILE *f, const char *s)
{
	man_run(f, s, 0, true);
}

/* Each paragraph of a description, blank lines separating them. */
static void man_paragraphs(FILE *f, const char *s)
{
	char *copy = xstrndup(s, strlen(s)), *p = copy, *line;
	bool first = true, blank = false;

	for (line = strsep(&p, "\n"); line; line = strsep(&p, "\n")) {
		if (!*line) {
			blank = true;
			continue;
		}
		if (blank && !first)
			fputs(".PP\n", f);
		man_text(f, line);
		first = false;
		blank = false;
	}
	free(copy);
}

/*
 * The section of a message's hashed ids (kmsg_hashed_id()) of @text, its
 * format: plain and as printed for a device, as the catalog does not say
 * which of the two a message is.  The format is the call's where there is
 * one (catalog and index), else the description's Text (system).
 */
static void man_hashed_ids(FILE *f, const char *tag, const char *text)
{
	int n = strrchr(tag, '.') - tag;
	char line[256];

	snprintf(line, sizeof(line), "%.*s.%06x (%s %.*s.%06x)",
		 n, tag, kmsg_hashed_id(text, false), tr(MAN_FOR_DEVICE), n, tag,
		 kmsg_hashed_id(text, true));
	man_heading(f, MAN_HASHED_ID);
	man_text(f, line);
	fputs(".PP\n", f);
	man_text(f, tr(MAN_HASHED_TEXT));
}

/* A parameter's description alone, without its "@N: " */
static char *param_text(const char *text, size_t len)
{
	size_t label = kmsg_param_label(text, len);

	return xstrndup(text + label, len - label);
}

/* Whether man_po translates any field of @d */
static bool translated(const struct desc *d)
{
	const char *p = d->params, *text;
	bool any = po_lookup(man_po, d->tag, d->description) != d->description ||
		   po_lookup(man_po, d->tag, d->user_action) != d->user_action;
	size_t len;

	while (!any && (p = kmsg_param_next(p, &text, &len))) {
		char *one = param_text(text, len);

		any = po_lookup(man_po, d->tag, one) != one;
		free(one);
	}
	return any;
}

/**
 * man_write() - write the man page of a described message
 * @dir: the folder of the pages; the page is DIR/<tag>.9
 * @t: the tag, with its description (t->desc)
 *
 * The page has the sections NAME, MESSAGE, HASHED ID (not for a message
 * printed without an id), SEVERITY,
 * PARAMETERS (when the message has any), DESCRIPTION and USER ACTION
 * (when there is one), and the date of the description file.  With
 * man_po set, the page is in its language (the fields and the page's own
 * text, each in English where it has no translation), and only for a
 * message with a translated field.
 *
 * Return: 0, or -1 after saying why.
 */
int man_write(const char *dir, const struct tag *t)
{
	const struct desc *d = t->desc;
	struct strbuf path = { 0 };
	char date[16];
	struct output out;
	struct stat st;
	FILE *f;
	int i;

	if (man_po && !translated(d))
		return 0;
	sb_printf(&path, "%s/%s.9", dir, t->rec->tag);
	if (output_open(&out, path.buf)) {
		free(path.buf);
		return -1;
	}
	f = out.f;
	/* The page is as new as its description file. */
	date[0] = '\0';
	if (!stat(d->file, &st))
		strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&st.st_mtime));
	/* The title in capitals, as man pages have it; the name as it is. */
	fputs(".TH \"", f);
	for (i = 0; t->rec->tag[i]; i++)
		fputc(toupper((unsigned char)t->rec->tag[i]), f);
	fprintf(f, "\" 9 \"%s\" \"Linux\" \"%s\"\n", date, tr(MAN_TITLE));
	man_heading(f, MAN_NAME);
	man_run(f, d->text, fprintf(f, "%s \\- ", t->rec->tag), true);
	man_heading(f, MAN_MESSAGE);
	fputs(".nf\n", f);
	man_run(f, d->text, d->no_id ? 0 : fprintf(f, "%s: ", t->rec->tag), false);
	fputs(".fi\n", f);
	if (d->no_id) {	/* not hashed either: the text stays as it is */
		fputs(".PP\n", f);
		man_text(f, tr(MAN_NO_ID_TEXT));
	} else {
		man_hashed_ids(f, t->rec->tag, t->text ? t->text : d->text);
	}
	man_heading(f, MAN_SEVERITY);
	man_text(f, severity_name(d->level));
	if (d->nr_params) {
		const char *p = d->params, *text;
		size_t len;

		man_heading(f, MAN_PARAMETERS);
		for (i = 1; (p = kmsg_param_next(p, &text, &len)); i++) {
			char *one = param_text(text, len);

			fprintf(f, ".TP\n.B @%d\n", i);
			man_text(f, po_lookup(man_po, d->tag, one));
			free(one);
		}
	}
	man_heading(f, MAN_DESCRIPTION);
	man_paragraphs(f, po_lookup(man_po, d->tag, d->description));
	if (*d->user_action) {
		man_heading(f, MAN_USER_ACTION);
		man_paragraphs(f, po_lookup(man_po, d->tag, d->user_action));
	}
	i = output_close(&out, true);
	free(path.buf);
	return i;
}
