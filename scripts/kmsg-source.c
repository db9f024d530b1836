// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: messages described by their source.
 *
 * Many messages an administrator meets are printed through a subsystem's
 * wrapper (ext4_msg(), xfs_warn(), sd_printk(), netdev_err(), ...) or are
 * parsed by tools as they are, so they keep their calls and get no
 * records.  Their descriptions name the files that print them
 * ("Source:"), and "source-check" proves that each Text is printed there:
 * the Text must be one of the forms a kernel line is made of, from the
 * string literals of exactly those files:
 *
 *	a literal, or up to MAX_PIECES literals one after the other (a line
 *	put together with pr_cont() or scnprintf() pieces);
 *	a wrapper's literal with its "%pV" replaced by one of the above, or
 *	by another wrapper's (up to MAX_WRAPS deep): "EXT4-fs (%s): %pV"
 *	around "mounted filesystem %pU %s with%s. Quota mode: %s.";
 *	a wrapper's literal as it is, "%pV" and all, for the entry that
 *	describes every message of the wrapper.
 *
 * Adjacent literals are joined, KERN_<LEVEL> and the files' own string
 * macros ("#define HW_ERR \"[Hardware Error]: \"") are read as the
 * preprocessor would, a trailing newline is dropped, and a literal may
 * also be taken without a leading "%s" (a level or a prefix that a
 * wrapper passes), "%s: " or "%s %s " (the driver and device that the
 * log line's prefix shows).  Text leaves out the "<component>: " that
 * starts the line when its files print it (pr_fmt(), DMERR()'s
 * "device-mapper: ").
 *
 * Where the literal that carries most of the Text is passed to a
 * function whose name gives a level (pr_err(), dev_warn(), ata_link_err(),
 * DMERR(), ...) or with a KERN_<LEVEL> in the same call, Severity must
 * name that level on one of the places; a wrapper that gets its level
 * elsewhere leaves it unchecked.
 */
#define _GNU_SOURCE	/* memmem() */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kmsg-gen.h"

#define MAX_PIECES	4
#define MAX_WRAPS	2
#define LEVEL_UNKNOWN	0x80u	/* in atom.levels: a place of no known level */
#define MAX_DEPTH	64

struct atom {
	const char *s;
	size_t len;
	unsigned int levels;	/* bit N: printed at level N somewhere */
	bool wrapper;		/* a literal that holds %pV: a Text alone */
	const char *file;
	int line;
};

/* A wrapper's literal: the text before and after its "%pV" */
struct wrap {
	const char *pre, *suf;
	size_t pre_len, suf_len;
};

struct atoms {
	struct atom *v;
	int nr, cap;
	int first[257];		/* v sorted by first byte: v[first[c]..first[c+1]) */
	struct wrap *wraps;
	int nr_wraps;
	struct arena strings;
};

struct string_macro {
	char *name;
	char *value;
};

struct scan {
	struct atoms *out;
	const char *file;
	const char *p, *end;
	int line;
	struct string_macro *macros;
	int nr_macros;
	struct strbuf lit;
	bool lit_bad;		/* an escape kmsg-gen does not read */
	/* the open calls: the name before each "(", a level given in it */
	const char *name[MAX_DEPTH];
	size_t name_len[MAX_DEPTH];
	int given[MAX_DEPTH];
	int depth;
};

static void atom_add(struct atoms *a, const char *s, size_t len, unsigned int levels,
		     bool wrapper, const char *file, int line)
{
	if (!len)
		return;
	if (a->nr == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 1024;
		a->v = xrealloc(a->v, a->cap * sizeof(*a->v));
	}
	a->v[a->nr++] = (struct atom){
		arena_strndup(&a->strings, s, len), len, levels, wrapper, file, line
	};
}

/*
 * The level a function's name says it prints at, or -1: the printk
 * families whose last word is the level (pr_err(), dev_warn_once(),
 * netdev_info(), ata_link_err(), xfs_alert(), DMERR_LIMIT(), ...).  Other
 * names say nothing: EXT4_ERROR_INODE_ERR() and ext4_error_err() print
 * at KERN_CRIT, their "_err" is an errno.
 */
static int name_level(const char *name, size_t len)
{
	static const char *const family[] = {
		"pr_", "dev_", "netdev_", "pci_", "ata_link_", "ata_port_",
		"ata_dev_", "xfs_", "btrfs_", "mlx5_core_", "e_", "DM",
	};
	static const char *const suffix[] = { "_ratelimited", "_once", "_rl", "_LIMIT" };
	static const struct { const char *word; int level; } words[] = {
		{ "emerg", 0 }, { "alert", 1 }, { "crit", 2 }, { "err", 3 },
		{ "warn", 4 }, { "warning", 4 }, { "notice", 5 }, { "info", 6 },
	};
	size_t i, j, n, f;

	for (i = 0; i < ARRAY_SIZE(family); i++) {
		f = strlen(family[i]);
		if (len > f && !memcmp(name, family[i], f))
			break;
	}
	if (i == ARRAY_SIZE(family))
		return -1;
	for (j = 0; j < ARRAY_SIZE(suffix); j++) {
		n = strlen(suffix[j]);
		if (len > f + n && !memcmp(name + len - n, suffix[j], n))
			len -= n;
	}
	for (j = 0; j < ARRAY_SIZE(words); j++) {
		n = strlen(words[j].word);
		if (len - f == n && !strncasecmp(name + f, words[j].word, n))
			return words[j].level;
	}
	return -1;
}

/* KERN_EMERG .. KERN_INFO: its level; KERN_CONT, KERN_DEFAULT: -2 */
static int kern_level(const char *s, size_t len)
{
	static const char *const names[] = {
		"KERN_EMERG", "KERN_ALERT", "KERN_CRIT", "KERN_ERR",
		"KERN_WARNING", "KERN_NOTICE", "KERN_INFO", "KERN_DEBUG",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == len && !memcmp(s, names[i], len))
			return i;
	if ((len == 9 && !memcmp(s, "KERN_CONT", 9)) ||
	    (len == 12 && !memcmp(s, "KERN_DEFAULT", 12)))
		return -2;
	return -1;
}

static const char *macro_value(const struct scan *sc, const char *s, size_t len)
{
	int i;

	for (i = 0; i < sc->nr_macros; i++)
		if (strlen(sc->macros[i].name) == len && !memcmp(sc->macros[i].name, s, len))
			return sc->macros[i].value;
	return NULL;
}

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Skip blanks, newlines and comments; count lines */
static void skip_space(struct scan *sc)
{
	while (sc->p < sc->end) {
		if (*sc->p == '\n') {
			sc->line++;
			sc->p++;
		} else if (isspace((unsigned char)*sc->p) ||
			   (*sc->p == '\\' && sc->p + 1 < sc->end && sc->p[1] == '\n')) {
			sc->p++;
		} else if (sc->end - sc->p >= 2 && !memcmp(sc->p, "/*", 2)) {
			const char *e = sc->p + 2;

			while (e + 1 < sc->end && memcmp(e, "*/", 2))
				sc->line += *e++ == '\n';
			sc->p = e + 1 < sc->end ? e + 2 : sc->end;
		} else if (sc->end - sc->p >= 2 && !memcmp(sc->p, "//", 2)) {
			while (sc->p < sc->end && *sc->p != '\n')
				sc->p++;
		} else {
			break;
		}
	}
}

/* The quoted literal at sc->p, unescaped onto sc->lit; false if malformed */
static bool read_literal(struct scan *sc)
{
	const char *q = sc->p + 1;

	while (q < sc->end && *q != '"' && *q != '\n')
		q += *q == '\\' ? 2 : 1;
	if (q >= sc->end || *q != '"') {
		sc->p = q < sc->end ? q : sc->end;
		return false;
	}
	if (!c_unescape(&sc->lit, sc->p + 1, q))
		sc->lit_bad = true;
	sc->p = q + 1;
	return true;
}

static void wrap_add(struct atoms *a, const char *pre, size_t pre_len,
		     const char *suf, size_t suf_len)
{
	a->wraps = xrealloc(a->wraps, (a->nr_wraps + 1) * sizeof(*a->wraps));
	a->wraps[a->nr_wraps++] = (struct wrap){
		arena_strndup(&a->strings, pre, pre_len),
		arena_strndup(&a->strings, suf, suf_len), pre_len, suf_len
	};
}

/* Add one line of a literal, printed at @levels, with its variants */
static void add_line_atoms(struct scan *sc, const char *s, size_t len,
			   unsigned int levels, int line)
{
	static const char *const drop[] = { "", "%s", "%s: ", "%s %s " };
	const char *pv = memmem(s, len, "%pV", 3);
	size_t i, d;

	for (i = 0; i < ARRAY_SIZE(drop); i++) {
		d = strlen(drop[i]);
		if (i && (len <= d || memcmp(s, drop[i], d)))
			continue;
		atom_add(sc->out, s + d, len - d, levels, pv, sc->file, line);
		/* "...%llu%s", msg: the value another literal gives */
		if (!pv && len - d > 2 && !memcmp(s + len - 2, "%s", 2))
			atom_add(sc->out, s + d, len - d - 2, levels, false, sc->file, line);
		if (pv && pv >= s + d && !memmem(pv + 3, s + len - pv - 3, "%pV", 3))
			wrap_add(sc->out, s + d, pv - s - d, pv + 3, s + len - pv - 3);
	}
}

/*
 * Add one joined literal printed at @level (-1: unknown): the whole, and
 * each of its lines when it has several ("...device.\nmd/raid1:...").
 */
static void add_literal(struct scan *sc, const char *s, size_t len, int level, int line)
{
	unsigned int levels = level >= 0 ? 1u << level : LEVEL_UNKNOWN;
	const char *nl;

	if (len && s[len - 1] == '\n')
		len--;
	if (len >= 2 && s[0] == '\001' && s[1] >= '0' && s[1] <= '7') {
		levels = 1u << (s[1] - '0');
		s += 2;
		len -= 2;
	}
	add_line_atoms(sc, s, len, levels, line);
	if (!memchr(s, '\n', len))
		return;
	while ((nl = memchr(s, '\n', len))) {
		add_line_atoms(sc, s, nl - s, levels, line);
		len -= nl + 1 - s;
		s = nl + 1;
	}
	add_line_atoms(sc, s, len, levels, line);
}

/* A run of literals, KERN_<LEVEL>s and string macros from sc->p */
static void read_string(struct scan *sc, int level)
{
	int line = sc->line;
	bool any = false;

	sc->lit.len = 0;
	sc->lit_bad = false;
	for (;;) {
		const char *id;
		int k;

		skip_space(sc);
		if (sc->p >= sc->end)
			break;
		if (*sc->p == '"') {
			if (!read_literal(sc))
				return;
			any = true;
			continue;
		}
		id = sc->p;
		while (sc->p < sc->end && is_ident(*sc->p))
			sc->p++;
		if (sc->p == id)
			break;
		k = kern_level(id, sc->p - id);
		if (k >= 0) {
			level = k;
		} else if (k == -1) {
			const char *m = macro_value(sc, id, sc->p - id);

			if (!m) {
				sc->p = id;
				break;
			}
			sb_puts(&sc->lit, m);
			any = true;
		}
	}
	if (!any) {		/* a level alone: the call's */
		if (level >= 0 && sc->depth > 0)
			sc->given[sc->depth - 1] = level;
		return;
	}
	if (sc->lit_bad)
		return;
	if (level < 0 && sc->depth > 0)
		level = sc->given[sc->depth - 1] >= 0 ? sc->given[sc->depth - 1] :
			name_level(sc->name[sc->depth - 1], sc->name_len[sc->depth - 1]);
	add_literal(sc, sc->lit.buf, sc->lit.len, level, line);
}

/* The string literals of one file, as atoms */
static void scan_file(struct scan *sc, const char *data, size_t len)
{
	const char *last = NULL;	/* the identifier just before */
	size_t last_len = 0;

	sc->p = data;
	sc->end = data + len;
	sc->line = 1;
	sc->depth = 0;
	while (skip_space(sc), sc->p < sc->end) {
		char c = *sc->p;

		if (c == '"') {
			read_string(sc, -1);
			last = NULL;
		} else if (c == '\'') {
			for (sc->p++; sc->p < sc->end && *sc->p != '\'' && *sc->p != '\n'; sc->p++)
				sc->p += *sc->p == '\\';
			sc->p++;
		} else if (is_ident(c)) {
			const char *id = sc->p;
			int k;

			while (sc->p < sc->end && is_ident(*sc->p))
				sc->p++;
			k = kern_level(id, sc->p - id);
			if (k != -1 || macro_value(sc, id, sc->p - id)) {
				sc->p = id;
				read_string(sc, -1);
				last = NULL;
			} else {
				last = id;
				last_len = sc->p - id;
			}
		} else {
			if (c == '(' && sc->depth < MAX_DEPTH) {
				sc->name[sc->depth] = last ? last : "";
				sc->name_len[sc->depth] = last ? last_len : 0;
				sc->given[sc->depth++] = -1;
			} else if (c == ')' && sc->depth > 0) {
				sc->depth--;
			} else if (c == ';' || c == '{' || c == '}') {
				sc->depth = 0;
			}
			last = NULL;
			sc->p++;
		}
	}
}

/* "#define NAME "text"": the string macros of a file */
static void scan_macros(struct scan *sc, const char *data, size_t len)
{
	const char *p = data, *end = data + len;

	while ((p = memmem(p, end - p, "#define", 7))) {
		const char *n, *e;

		p += 7;
		for (n = p; n < end && (*n == ' ' || *n == '\t'); n++)
			;
		for (e = n; e < end && is_ident(*e); e++)
			;
		if (e == n || e == p || e >= end || (*e != ' ' && *e != '\t'))
			continue;
		sc->p = e;
		sc->end = end;
		sc->lit.len = 0;
		sc->lit_bad = false;
		while (sc->p < end && (*sc->p == ' ' || *sc->p == '\t'))
			sc->p++;
		if (sc->p >= end || *sc->p != '"' || !read_literal(sc) || sc->lit_bad)
			continue;
		while (sc->p < end && (*sc->p == ' ' || *sc->p == '\t'))
			sc->p++;
		if (sc->p < end && *sc->p != '\n')
			continue;	/* not a string alone */
		sc->macros = xrealloc(sc->macros, (sc->nr_macros + 1) * sizeof(*sc->macros));
		sc->macros[sc->nr_macros].name = xstrndup(n, e - n);
		sc->macros[sc->nr_macros++].value = xstrndup(sc->lit.buf, sc->lit.len);
	}
}

static int cmp_atom(const void *a, const void *b)
{
	const struct atom *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Sort by text and merge the places of the same text */
static void atoms_index(struct atoms *a)
{
	int i, j = 0, c;

	qsort(a->v, a->nr, sizeof(*a->v), cmp_atom);
	for (i = 0; i < a->nr; i++) {
		if (j && !cmp_atom(&a->v[j - 1], &a->v[i])) {
			a->v[j - 1].levels |= a->v[i].levels;
			continue;
		}
		a->v[j++] = a->v[i];
	}
	a->nr = j;
	for (c = 0, i = 0; c < 256; c++) {
		a->first[c] = i;
		while (i < a->nr && (unsigned char)a->v[i].s[0] == c)
			i++;
	}
	a->first[256] = a->nr;
}

/* Load the files of "path\npath" under @srctree; -1 naming one that fails */
static int atoms_load(struct atoms *a, const char *srctree, const char *paths,
		      const char **bad)
{
	struct scan sc = { .out = a };
	struct file_data *fd;
	const char *p;
	char **names;
	int n = 1, i, ret = 0;

	for (p = paths; (p = strchr(p, '\n')); p++)
		n++;
	fd = xmalloc(n * sizeof(*fd));
	names = xmalloc(n * sizeof(*names));
	for (i = 0, p = paths; i < n; i++) {
		size_t len = strcspn(p, "\n");
		struct strbuf path = { 0 };

		sb_printf(&path, "%s/%.*s", srctree, (int)len, p);
		names[i] = arena_strndup(&a->strings, p, len);
		if (ret || file_load(&fd[i], path.buf)) {
			if (!ret)
				*bad = names[i];
			fd[i].data = NULL;
			ret = -1;
		}
		free(path.buf);
		p += len + 1;
	}
	for (i = 0; !ret && i < n; i++)
		scan_macros(&sc, fd[i].data ? fd[i].data : "", fd[i].len);
	for (i = 0; !ret && i < n; i++) {
		sc.file = names[i];
		scan_file(&sc, fd[i].data ? fd[i].data : "", fd[i].len);
	}
	for (i = 0; i < n; i++)
		if (fd[i].data || !ret)
			file_unload(&fd[i]);
	for (i = 0; i < sc.nr_macros; i++) {
		free(sc.macros[i].name);
		free(sc.macros[i].value);
	}
	free(sc.macros);
	free(sc.lit.buf);
	free(fd);
	free(names);
	if (!ret)
		atoms_index(a);
	return ret;
}

static void atoms_free(struct atoms *a)
{
	free(a->v);
	free(a->wraps);
	arena_free(&a->strings);
	memset(a, 0, sizeof(*a));
}

static int literal_chars(const char *s, size_t len)
{
	int n = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] != '%') {
			n++;
			continue;
		}
		if (i + 1 < len && s[i + 1] == '%') {
			n++;
			i++;
			continue;
		}
		while (i + 1 < len && !isalpha((unsigned char)s[i + 1]))
			i++;
		while (i + 1 < len && strchr("hlLqjzt", s[i + 1]))
			i++;
		i++;
		if (i < len && s[i] == 'p')
			while (i + 1 < len && isalnum((unsigned char)s[i + 1]))
				i++;
	}
	return n;
}

/*
 * @text (@n bytes) as up to MAX_PIECES literals without "%pV"; the one
 * with the most literal text in *@main.
 */
static bool pieces(const struct atoms *a, const char *text, size_t n,
		   const struct atom **main)
{
	int *dist = xmalloc((n + 1) * sizeof(*dist));
	int *from = xmalloc((n + 1) * sizeof(*from));
	int *via = xmalloc((n + 1) * sizeof(*via));
	size_t i;
	bool ok;

	for (i = 0; i <= n; i++)
		dist[i] = MAX_PIECES + 1;
	dist[0] = 0;
	for (i = 0; i < n; i++) {
		unsigned char c = text[i];
		int k;

		if (dist[i] >= MAX_PIECES)
			continue;
		for (k = a->first[c]; k < a->first[c + 1]; k++) {
			const struct atom *x = &a->v[k];

			if (x->wrapper || x->len > n - i || memcmp(text + i, x->s, x->len) ||
			    dist[i + x->len] <= dist[i] + 1)
				continue;
			dist[i + x->len] = dist[i] + 1;
			from[i + x->len] = i;
			via[i + x->len] = k;
		}
	}
	ok = n && dist[n] <= MAX_PIECES;
	*main = NULL;
	for (i = n; ok && i > 0; i = from[i]) {
		const struct atom *x = &a->v[via[i]];

		if (!*main || literal_chars((*main)->s, (*main)->len) <
			      literal_chars(x->s, x->len))
			*main = x;
	}
	free(dist);
	free(from);
	free(via);
	return ok;
}

/* @text (@n bytes) as literals, maybe inside up to @depth wrappers */
static bool compose(const struct atoms *a, const char *text, size_t n, int depth,
		    const struct atom **main)
{
	int i;

	if (pieces(a, text, n, main))
		return true;
	for (i = 0; depth > 0 && i < a->nr_wraps; i++) {
		const struct wrap *w = &a->wraps[i];

		if (w->pre_len + w->suf_len >= n || memcmp(text, w->pre, w->pre_len) ||
		    memcmp(text + n - w->suf_len, w->suf, w->suf_len))
			continue;
		if (compose(a, text + w->pre_len, n - w->pre_len - w->suf_len,
			    depth - 1, main))
			return true;
	}
	return false;
}

/*
 * The line with the prefix that names the component, which Text leaves
 * out: "device-mapper: " of DMERR(), say.
 */
static bool prefixed(const struct atoms *a, const char *tag, const char *text,
		     const struct atom **main)
{
	struct strbuf sb = { 0 };
	bool ok;

	sb_printf(&sb, "%.*s: %s", (int)strcspn(tag, "."), tag, text);
	ok = compose(a, sb.buf, sb.len, MAX_WRAPS, main);
	free(sb.buf);
	return ok;
}

/* A wrapper's literal as it is: the entry of all its messages */
static const struct atom *whole_wrapper(const struct atoms *a, const char *text)
{
	size_t n = strlen(text);
	int k;

	for (k = a->first[(unsigned char)text[0]]; k < a->first[(unsigned char)text[0] + 1]; k++)
		if (a->v[k].wrapper && a->v[k].len == n && !memcmp(a->v[k].s, text, n))
			return &a->v[k];
	return NULL;
}

/* Check one description; 0, or 1 after reporting its problem */
static int check_desc(const struct desc *d, const char *srctree, const char *release)
{
	const char *text = d->text, *paths = d->sources, *bad = NULL;
	const struct atom *main;
	struct atoms a = { 0 };
	int ret = 0;

	if (release && d->release && strcmp(d->release, release)) {
		fprintf(stderr, "%s:%d: %s: a Release %s: line, not %s\n",
			d->file, d->line, d->tag, d->release, release);
		return 1;
	}
	if (release && d->release) {
		if (d->rel_none)
			return 0;
		text = d->rel_text ? d->rel_text : d->text;
		paths = d->rel_sources ? d->rel_sources : d->sources;
	}
	if (atoms_load(&a, srctree, paths, &bad)) {
		fprintf(stderr, "%s:%d: %s: Source: %s/%s cannot be read\n",
			d->file, d->line, d->tag, srctree, bad);
		atoms_free(&a);
		return 1;
	}
	main = whole_wrapper(&a, text);
	if (!main && !compose(&a, text, strlen(text), MAX_WRAPS, &main) &&
	    !prefixed(&a, d->tag, text, &main)) {
		struct strbuf sb = { 0 };

		c_escape(&sb, text);
		fprintf(stderr, "%s:%d: %s: \"%s\" is not printed by its Source: files%s%s\n",
			d->file, d->line, d->tag, sb.buf ? sb.buf : "",
			release ? " in " : "", release ? release : "");
		free(sb.buf);
		ret = 1;
	} else if (!release && !(main->levels & LEVEL_UNKNOWN) &&
		   !(main->levels & 1u << d->level)) {
		int l;

		for (l = 0; !(main->levels & 1u << l); l++)
			;
		fprintf(stderr, "%s:%d: %s: Severity: %s, but %s:%d prints it at %s\n",
			d->file, d->line, d->tag, severity_name(d->level),
			main->file, main->line, severity_name(l));
		ret = 1;
	}
	atoms_free(&a);
	return ret;
}

/**
 * source_check_run() - the "source-check" command
 * @o: parsed command line; o->srctree is the kernel tree to read
 * @release: check "Release <release>:" texts instead (NULL: Text)
 * @files: description files
 * @nr: how many
 *
 * Checks every description with Source: lines (see the top of this
 * file); those without are described by records and checked by
 * "catalog --check".  With @release, a description without its own
 * "Release" line must print its Text in that release too, one that says
 * "none" is not checked.  Each problem is reported as "file:line: tag:
 * problem".
 *
 * Return: process exit status: 0, 1 when a description has a problem or
 * cannot be parsed.
 */
int source_check_run(const struct catalog_opts *o, const char *release,
		     char **files, int nr)
{
	struct desc_set set = { 0 };
	int i, status = 0;

	for (i = 0; i < nr; i++)
		if (desc_parse_file(&set, files[i]))
			status = 1;
	for (i = 0; i < set.nr; i++)
		if (set.descs[i].sources && check_desc(&set.descs[i], o->srctree, release))
			status = 1;
	desc_set_free(&set);
	return status;
}
