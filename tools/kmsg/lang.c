// SPDX-License-Identifier: GPL-2.0
/*
 * The reader's language: the catalog's translations and the tool's own
 * messages, from gettext's compiled message catalogs (.mo files that
 * msgfmt writes of the PO files):
 *
 *   LOCALEDIR/<lang>/LC_MESSAGES/kmsg-catalog.mo   the entries' fields, the
 *                                                  tag as each one's context
 *   LOCALEDIR/<lang>/LC_MESSAGES/kmsg.mo           the tool's messages
 *
 * The languages are chosen as gettext chooses them: --lang's list, else
 * the locale of messages (LC_ALL, LC_MESSAGES, LANG, the first one set)
 * and, unless that is "C" or "POSIX", LANGUAGE's list before it; each
 * name as it is without codeset and modifier ("de_DE"), then its language
 * alone ("de").  The files are read here rather than through libintl: the
 * tool says in which language each field is (--json), and a translation
 * is not lost because the locale itself is not installed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kmsg.h"

#ifndef KMSG_LOCALEDIR
#define KMSG_LOCALEDIR "/usr/share/locale"
#endif

#define MO_MAGIC 0x950412deU
#define MAX_LANGS 8

/* A compiled message catalog, mapped */
struct mo {
	const unsigned char *data;
	size_t size;
	uint32_t n, orig, trans;
	bool swap;
};

static struct lang {
	char *name;
	struct mo catalog, tool;
} langs[MAX_LANGS];
static int nr_langs;

static uint32_t mo_word(const struct mo *mo, size_t off)
{
	uint32_t v;

	memcpy(&v, mo->data + off, 4);
	return mo->swap ? __builtin_bswap32(v) : v;
}

/* Map @path; leave @mo empty if it is missing or not a valid .mo file */
static void mo_open(struct mo *mo, const char *path)
{
	struct stat st;
	void *p;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	memset(mo, 0, sizeof(*mo));
	if (fd < 0)
		return;
	if (fstat(fd, &st) || st.st_size < 28) {
		close(fd);
		return;
	}
	p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return;
	mo->data = p;
	mo->size = st.st_size;
	mo->swap = mo_word(mo, 0) != MO_MAGIC;
	if (mo_word(mo, 0) != MO_MAGIC)
		goto bad;
	mo->n = mo_word(mo, 8);
	mo->orig = mo_word(mo, 12);
	mo->trans = mo_word(mo, 16);
	if (mo->n > mo->size / 16 || mo->orig > mo->size - 8ULL * mo->n ||
	    mo->trans > mo->size - 8ULL * mo->n)
		goto bad;
	return;
bad:
	munmap(p, st.st_size);
	memset(mo, 0, sizeof(*mo));
}

/* String @i of the table at @table, or NULL if it lies outside the file */
static const char *mo_string(const struct mo *mo, uint32_t table, uint32_t i,
			     uint32_t *len)
{
	uint32_t l = mo_word(mo, table + 8 * i), off = mo_word(mo, table + 8 * i + 4);

	if (off >= mo->size || l >= mo->size - off || mo->data[off + l])
		return NULL;
	*len = l;
	return (const char *)mo->data + off;
}

/* The translation of @key (@klen bytes) in @mo, or NULL */
static const char *mo_find(const struct mo *mo, const char *key, size_t klen)
{
	uint32_t lo = 0, hi = mo->n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2, len;
		const char *s = mo_string(mo, mo->orig, mid, &len);
		int c;

		if (!s)
			return NULL;
		c = memcmp(key, s, klen < len ? klen : len);
		if (!c)
			c = klen < len ? -1 : klen > len;
		if (!c) {
			s = mo_string(mo, mo->trans, mid, &len);
			return s && len ? s : NULL;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

static void add_lang(const char *name, size_t len)
{
	const char *dir = getenv("KMSG_LOCALEDIR");
	char path[4096];
	int i;

	if (!len || nr_langs == MAX_LANGS)
		return;
	for (i = 0; i < nr_langs; i++)
		if (strlen(langs[i].name) == len && !strncmp(langs[i].name, name, len))
			return;
	langs[nr_langs].name = xstrndup(name, len);
	if (!dir || !*dir)
		dir = KMSG_LOCALEDIR;
	snprintf(path, sizeof(path), "%s/%s/LC_MESSAGES/kmsg-catalog.mo", dir,
		 langs[nr_langs].name);
	mo_open(&langs[nr_langs].catalog, path);
	snprintf(path, sizeof(path), "%s/%s/LC_MESSAGES/kmsg.mo", dir, langs[nr_langs].name);
	mo_open(&langs[nr_langs].tool, path);
	nr_langs++;
}

/* "de_DE.UTF-8@euro": de_DE, then de; false for C and POSIX (English) */
static bool add_locale(const char *name, size_t len)
{
	size_t n = strcspn(name, ".@:");

	if (n > len)
		n = len;
	if ((n == 1 && *name == 'C') || (n == 5 && !strncmp(name, "POSIX", 5)))
		return false;
	add_lang(name, n);
	add_lang(name, strcspn(name, "_.@:") < n ? strcspn(name, "_.@:") : n);
	return true;
}

/* A list "de:fr_FR:en" in order, up to C or POSIX */
static void add_list(const char *list)
{
	while (*list) {
		size_t n = strcspn(list, ":");

		if (n && !add_locale(list, n))
			break;
		list += n + (list[n] == ':');
	}
}

/**
 * kmsg_lang_init() - choose the reader's languages
 * @list: --lang's colon-separated list, or NULL for the environment's
 */
void kmsg_lang_init(const char *list)
{
	const char *v = NULL, *names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	size_t i;

	if (list) {
		add_list(list);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(names) && !v; i++) {
		v = getenv(names[i]);
		if (v && !*v)
			v = NULL;
	}
	if (!v || !strcmp(v, "C") || !strcmp(v, "POSIX"))
		return;	/* gettext ignores LANGUAGE in the C locale */
	v = getenv("LANGUAGE") && *getenv("LANGUAGE") ? getenv("LANGUAGE") : v;
	add_list(v);
}

void kmsg_lang_free(void)
{
	for (int i = 0; i < nr_langs; i++) {
		if (langs[i].catalog.data)
			munmap((void *)langs[i].catalog.data, langs[i].catalog.size);
		if (langs[i].tool.data)
			munmap((void *)langs[i].tool.data, langs[i].tool.size);
		free(langs[i].name);
	}
	nr_langs = 0;
}

/**
 * kmsg_tr() - a field of an entry in the reader's language
 * @tag: the entry's tag, the context of its messages
 * @english: the field as the catalog has it
 * @lang: if not NULL, set to the language of what is returned ("en" for
 *	English)
 *
 * Return: the first translation of the reader's languages, or @english:
 * where there is none, or only a fuzzy one (msgfmt leaves those out), or
 * the English has changed since it was translated.
 */
const char *kmsg_tr(const char *tag, const char *english, const char **lang)
{
	size_t tl = strlen(tag), el = strlen(english);
	char *key;
	int i;

	if (lang)
		*lang = "en";
	if (!nr_langs || !el)
		return english;
	key = xcalloc(tl + el + 2, 1);
	memcpy(key, tag, tl);
	key[tl] = '\004';
	memcpy(key + tl + 1, english, el);
	for (i = 0; i < nr_langs; i++) {
		const struct mo *mo = &langs[i].catalog;
		const char *s = mo->data ? mo_find(mo, key, tl + 1 + el) : NULL;

		if (s) {
			if (lang)
				*lang = langs[i].name;
			free(key);
			return s;
		}
	}
	free(key);
	return english;
}

/**
 * kmsg_gettext() - one of the tool's own messages in the reader's language
 * @msgid: the English, as xgettext finds it in _("...")
 *
 * Return: its translation, or @msgid.
 */
const char *kmsg_gettext(const char *msgid)
{
	for (int i = 0; i < nr_langs; i++) {
		const char *s = langs[i].tool.data ?
			mo_find(&langs[i].tool, msgid, strlen(msgid)) : NULL;

		if (s)
			return s;
	}
	return msgid;
}

/**
 * kmsg_fields_tr() - an entry's fields in the reader's language
 * @e: the entry
 * @f: filled in: each field (translated or English) and its language,
 *	the parameters as "@1: text\n@2: text" again; free f->parameters
 */
void kmsg_fields_tr(const struct kmsg_entry *e, struct kmsg_fields *f)
{
	const char *p = e->parameters, *s;
	size_t len, used = 0;

	f->description = kmsg_tr(e->tag, e->description, &f->lang_description);
	f->user_action = kmsg_tr(e->tag, e->user_action, &f->lang_user_action);
	f->parameters = xcalloc(1, 1);
	for (f->nr_params = 0; (p = kmsg_param_next(p, &s, &len)); f->nr_params++) {
		size_t label = kmsg_param_label(s, len);
		char *text = xstrndup(s + label, len - label);
		const char *t, **lang = f->nr_params < KMSG_MAX_VALUES ?
			&f->lang_params[f->nr_params] : NULL;

		t = kmsg_tr(e->tag, text, lang);
		f->parameters = xrealloc(f->parameters, used + label + strlen(t) + 2);
		used += sprintf(f->parameters + used, "%s%.*s%s", used ? "\n" : "",
				(int)label, s, t);
		free(text);
	}
}
