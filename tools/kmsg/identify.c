// SPDX-License-Identifier: GPL-2.0
/*
 * Which catalog entries a kernel message was printed from:
 *
 *   comp.id: text             by its tag (CONFIG_KMSG_IDS=y)
 *   comp.id: driver device: text  the same, of kmsg_dev_*()
 *   comp.id: device: text     the same, as earlier kmsg kernels print it
 *   comp.7f5705: text         by the hashed id SUSE's and Ubuntu's kernels
 *                             print (kmsg_lookup2() of the format; the
 *                             catalog does not say which messages are a
 *                             device's, so each format is known by both
 *                             hashes, of "fmt\n" and of "%s: fmt\n")
 *   comp: text                by its text among the formats of comp
 *   driver device: text       dev_err() and friends: comp is the driver
 *   comp: device: text        the same without ids, in earlier kmsg kernels
 *   comp: device text         the older form of s390 drivers
 *   text                      a message of a file that had no prefix
 *                             before it got ids (nospec, s390mm, ...), or
 *                             whose prefix is not its component's name
 *                             ("qeth 0.0.f500: qdio: ...", "fsm(ch-...): ",
 *                             "crw_collect_info: "): when no form above
 *                             finds an entry, among the formats of every
 *                             component, those with a literal word that
 *                             are specific enough (global_ok()), the
 *                             whole message matched
 *   text ...                  a message printed without an id
 *                             (kmsg_noid_*(): the lines of an oops, for
 *                             one): among the formats of every component,
 *                             whatever their length, the message's start
 *                             matched, since pr_cont() may have added to it
 *
 * The catalog stores a device message's format without the "%s: " of
 * its device, so the text after the device is matched.  The formats of a
 * component are indexed by their longest literal word: a message is
 * matched against the formats whose word it holds (and those without
 * one), not against every format of its component.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "match.h"

/*
 * A message with no component of its own is matched against every
 * format; so that a line of another subsystem is not taken for one of
 * ours, only against formats specific enough: with this much literal
 * text, of it this many letters and digits (not a format of punctuation
 * around values, "%s%s: %s == %d (loop: %d, delay: %lu)."), or that
 * start with a literal this long and have the smaller amounts in all
 * ("Oops: %s: %04lx [#%d]%s%s%s%s%s", "kernel BUG at %s:%u!").
 */
#define GLOBAL_MIN_LITERAL 16
#define GLOBAL_MIN_ALNUM 10
#define GLOBAL_MIN_LEAD 5
#define GLOBAL_MIN_ANCHORED 10
#define GLOBAL_MIN_ANCHORED_ALNUM 4

/* One format of a component, as matched */
struct indexed {
	const struct kmsg_entry *entry;
	char *fmt;		/* its first line: a message of several */
				/* lines is known by its first */
	int literal;		/* characters of it that are not conversions */
	int lead;		/* of them before its first conversion */
	int alnum;		/* of them letters and digits */
	unsigned long tried;	/* the message it was last tried on */
};

/* A format's longest literal word, where it is */
struct key {
	const char *word;
	size_t len;
	int idx;
};

/* A hashed id of a format */
struct hashed {
	unsigned int id;		/* low 24 bits of kmsg_lookup2() */
	bool device;		/* of "%s: " and the format */
	int idx;
};

struct kmsg_component_list {
	char *name;
	const struct kmsg_entry **entries;	/* from kmsg_db_all() */
	int nr;
	struct indexed *ix;
	struct key *keys;	/* sorted by word */
	int nr_keys;
	int *rest;		/* formats without a literal word */
	int nr_rest;
	struct hashed *hashes;	/* sorted by id */
	unsigned long stamp;	/* messages matched against it */
	struct kmsg_entry *rel;	/* the copies for earlier releases' texts */
};

static bool is_word(char c)
{
	return kmsg_is_letter(c) || kmsg_is_digit(c) || c == '_';
}

/*
 * The longest word of @fmt's literal text that the text it prints has as
 * a word of its own: not next to a conversion, whose value could extend it.
 */
static bool key_word(const char *fmt, struct key *k)
{
	const char *p = fmt, *lit = fmt, *w;
	struct kmsg_conv c;
	bool after_conv = false;

	k->len = 0;
	for (;;) {
		bool conv = *p == '%' && p[1] != '%';

		if (!*p || conv) {
			/* the literal [lit, p): its words bounded on both sides */
			for (w = lit; w < p; ) {
				const char *e = w;

				while (e < p && is_word(*e))
					e++;
				if (e > w && (w > lit || !after_conv) &&
				    (e < p || !conv) && (size_t)(e - w) > k->len) {
					k->word = w;
					k->len = e - w;
				}
				w = e == w ? w + 1 : e;
			}
			if (!*p || !kmsg_conversion(p + 1, &c))
				break;
			p = c.end;
			lit = p;
			after_conv = true;
			continue;
		}
		p += *p == '%' ? 2 : 1;
	}
	return k->len > 0;
}

/* Characters of @fmt before its first conversion */
static int lead_length(const char *fmt)
{
	int n = 0;

	for (; *fmt && !(*fmt == '%' && fmt[1] != '%'); n++)
		fmt += *fmt == '%' ? 2 : 1;
	return n;
}

/* Is a format specific enough to be tried on a message of any component? */
static bool global_ok(const struct indexed *x)
{
	return x->entry->no_id ||
	       (x->literal >= GLOBAL_MIN_LITERAL && x->alnum >= GLOBAL_MIN_ALNUM) ||
	       (x->lead >= GLOBAL_MIN_LEAD && x->literal >= GLOBAL_MIN_ANCHORED &&
		x->alnum >= GLOBAL_MIN_ANCHORED_ALNUM);
}

/* Characters of @fmt that are not conversions; *@alnum: letters, digits */
static int literal_length(const char *fmt, int *alnum)
{
	struct kmsg_conv c;
	int n = 0;

	*alnum = 0;
	while (*fmt) {
		if (*fmt == '%' && fmt[1] != '%') {
			if (!kmsg_conversion(fmt + 1, &c))
				break;
			fmt = c.end;
			continue;
		}
		*alnum += !!isalnum((unsigned char)*fmt);
		fmt += *fmt == '%' ? 2 : 1;
		n++;
	}
	return n;
}

static int cmp_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->word, y->word, n);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->idx - y->idx;
}

static int cmp_hashed(const void *a, const void *b)
{
	const struct hashed *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->idx != y->idx ? x->idx - y->idx : x->device - y->device;
}

/* The two hashed ids a format may have been printed with */
static void hash_format(struct hashed *h, const char *text, int idx)
{
	h[0] = (struct hashed){ kmsg_hashed_id(text, false), false, idx };
	h[1] = (struct hashed){ kmsg_hashed_id(text, true), true, idx };
}

static void index_component(struct kmsg_component_list *c)
{
	int i;

	c->ix = xcalloc(c->nr, sizeof(*c->ix));
	c->keys = xcalloc(c->nr, sizeof(*c->keys));
	c->rest = xcalloc(c->nr, sizeof(*c->rest));
	c->hashes = xcalloc(2 * c->nr, sizeof(*c->hashes));
	for (i = 0; i < c->nr; i++) {
		const char *text = c->entries[i]->text;
		struct indexed *x = &c->ix[i];
		struct key k;

		x->entry = c->entries[i];
		x->fmt = xstrndup(text, strcspn(text, "\n"));
		x->literal = literal_length(x->fmt, &x->alnum);
		x->lead = lead_length(x->fmt);
		hash_format(&c->hashes[2 * i], text, i);
		if (key_word(x->fmt, &k)) {
			k.idx = i;
			c->keys[c->nr_keys++] = k;
		} else {
			c->rest[c->nr_rest++] = i;
		}
	}
	qsort(c->keys, c->nr_keys, sizeof(*c->keys), cmp_key);
	qsort(c->hashes, 2 * c->nr, sizeof(*c->hashes), cmp_hashed);
}

/*
 * An entry whose message an earlier release prints with another text is
 * matched by that text too: a copy of it with that text, and ->of set.
 */
static void add_releases(struct kmsg_component_list *c)
{
	int i, n = 0, k = c->nr;

	for (i = 0; i < c->nr; i++)
		n += !!c->entries[i]->rel_text;
	if (!n)
		return;
	c->rel = xcalloc(n, sizeof(*c->rel));
	c->entries = xrealloc(c->entries, (c->nr + n) * sizeof(*c->entries));
	for (i = 0, n = 0; i < k; i++) {
		const struct kmsg_entry *e = c->entries[i];
		struct kmsg_entry *r = &c->rel[n++];

		if (!e->rel_text) {
			n--;
			continue;
		}
		*r = *e;
		r->text = e->rel_text;
		r->of = e;
		c->entries[c->nr++] = r;
	}
}

/* The entries of a component, listed and indexed once per run. */
static struct kmsg_component_list *component(struct kmsg_db *db,
					     const char *comp)
{
	struct kmsg_component_list *c;
	int i;

	for (i = 0; i < db->nr_components; i++)
		if (!strcmp(db->components[i]->name, comp))
			return db->components[i];
	db->components = xrealloc(db->components, (i + 1) * sizeof(c));
	c = xcalloc(1, sizeof(*c));
	db->components[i] = c;
	db->nr_components++;
	c->name = xstrndup(comp, strlen(comp));
	c->nr = kmsg_db_all(db, comp, &c->entries);
	add_releases(c);
	index_component(c);
	return c;
}

void kmsg_components_free(struct kmsg_db *db)
{
	int i, j;

	for (i = 0; i < db->nr_components; i++) {
		struct kmsg_component_list *c = db->components[i];

		for (j = 0; j < c->nr; j++)
			free(c->ix[j].fmt);
		free(c->ix);
		free(c->keys);
		free(c->rest);
		free(c->hashes);
		free(c->name);
		free(c->entries);
		free(c->rel);
		free(c);
	}
	free(db->components);
	db->components = NULL;
	db->nr_components = 0;
}

/* Keep @v's values as a match of @e (with the device's name, if any). */
static void add_match(struct kmsg_matches *out, const struct kmsg_entry *e,
		      struct kmsg_values *v, const char *dev, size_t dev_len,
		      int score, int order)
{
	struct kmsg_match *m;

	if (out->nr == KMSG_MAX_MATCHES) {
		kmsg_values_free(v);
		return;
	}
	m = &out->m[out->nr++];
	m->entry = e;
	m->v = *v;
	m->device = dev ? xstrndup(dev, dev_len) : NULL;
	m->score = score;
	m->order = order;
	memset(v, 0, sizeof(*v));
}

/* A device's name at @s: up to a space or ": ", without blanks */
static size_t device_name(const char *s, char end)
{
	size_t n = 0;

	while (s[n] && s[n] != ' ' && !(s[n] == ':' && s[n + 1] == ' '))
		n++;
	if (!n || (end == ':' && (s[n] != ':' || s[n + 1] != ' ')) ||
	    (end == ' ' && s[n] != ' '))
		return 0;
	return n;
}

/* The text after a device's name and @end: its name's length if it matches */
static size_t match_after_device(const char *fmt, const char *text, char end,
				 struct kmsg_values *v)
{
	size_t n = device_name(text, end);

	if (!n || !kmsg_format_match(fmt, text + n + (end == ':' ? 2 : 1), v))
		return 0;
	return n;
}

/*
 * Match @x against @text, the message after its component's "comp: ", or
 * after "driver device: " when @dev is given; device forms when it is not.
 */
static void try_format(const struct kmsg_component_list *c, int idx,
		       const char *text, const char *dev, size_t dev_len,
		       struct kmsg_matches *out)
{
	const struct indexed *x = &c->ix[idx];
	struct kmsg_values v = { 0 };
	size_t n;
	int form = 0;

	/* printed without an id: the line begins with the format's text */
	if (x->entry->no_id) {
		if (!dev && kmsg_format_match_start(x->fmt, text, &v))
			add_match(out, x->entry, &v, NULL, 0, x->literal * 4 + 3, idx);
		return;
	}
	if (!kmsg_format_match(x->fmt, text, &v)) {
		if (dev)
			return;
		n = match_after_device(x->fmt, text, ':', &v);
		form = 1;
		if (!n) {
			n = match_after_device(x->fmt, text, ' ', &v);
			form = 2;
		}
		if (!n)
			return;
		dev = text;
		dev_len = n;
	}
	/* best: the most literal text, then the plain form */
	add_match(out, x->entry, &v, dev, dev_len, x->literal * 4 + 3 - form, idx);
}

/* The first key of @word in @c's sorted keys */
static int first_key(const struct kmsg_component_list *c, const char *word,
		     size_t len)
{
	struct key k = { word, len, -1 };
	int lo = 0, hi = c->nr_keys;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (cmp_key(&c->keys[mid], &k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int cmp_match(const void *a, const void *b)
{
	const struct kmsg_match *x = a, *y = b;

	if (x->score != y->score)
		return y->score - x->score;
	return x->order - y->order;	/* then in the order of the tags */
}

/* The formats of @c that @text (see try_format()) reads like */
static void match_component(struct kmsg_component_list *c, const char *text,
			    const char *dev, size_t dev_len,
			    struct kmsg_matches *out)
{
	const char *w = text, *e;
	bool global = !c->name[0];	/* every component's formats */
	int i;

	c->stamp++;
	for (; *w; w = e) {
		for (e = w; is_word(*e); e++)
			;
		if (e == w) {
			e++;
			continue;
		}
		for (i = first_key(c, w, e - w); i < c->nr_keys &&
		     c->keys[i].len == (size_t)(e - w) &&
		     !memcmp(c->keys[i].word, w, e - w); i++) {
			struct indexed *x = &c->ix[c->keys[i].idx];

			if (x->tried != c->stamp) {
				x->tried = c->stamp;
				if (!global || global_ok(x))
					try_format(c, c->keys[i].idx, text, dev,
						   dev_len, out);
			}
		}
	}
	/*
	 * formats without a literal word: without a component, only those
	 * printed without an id
	 */
	for (i = 0; i < c->nr_rest; i++)
		if (!global || c->ix[c->rest[i]].entry->no_id)
			try_format(c, c->rest[i], text, dev, dev_len, out);
	qsort(out->m, out->nr, sizeof(*out->m), cmp_match);
}

/* "driver device: text": the length of "driver ", if @text has the form */
static size_t driver_name(const char *text)
{
	size_t n = strcspn(text, " :");

	return n && text[n] == ' ' && device_name(text + n + 1, ':') ? n + 1 : 0;
}

/*
 * "comp.id: text": the entry of the tag, with the values if they match.
 * The text of a device message follows "driver device: " (kmsg_dev_*()
 * with ids) or "device: " (our older form, and the hashed ids' kernels).
 */
static void match_tag(struct kmsg_db *db, const char *tag,
		      const char *text, struct kmsg_matches *out)
{
	const struct kmsg_entry *e = kmsg_db_lookup(db, tag);
	struct kmsg_values v = { 0 };
	const char *dev = NULL;
	bool matched = false;
	char *fmt;
	size_t n = 0, drv;

	if (!e)
		return;
	fmt = xstrndup(e->text, strcspn(e->text, "\n"));
	if (text)
		matched = kmsg_format_match(fmt, text, &v);
	if (text && !matched) {
		drv = driver_name(text);
		n = drv ? match_after_device(fmt, text + drv, ':', &v) : 0;
		if (n) {
			dev = text + drv;
		} else {
			n = match_after_device(fmt, text, ':', &v);
			if (n)
				dev = text;
		}
		matched = n;
	}
	free(fmt);
	/* no kernel prints the tag of a message described by its source */
	if (e->by_text && !matched) {
		kmsg_values_free(&v);
		return;
	}
	add_match(out, e, &v, dev, n, 0, 0);
}

/* Six hex digits: a hashed id */
static bool hashed_id(const char *s, size_t len, unsigned int *id)
{
	size_t i;

	*id = 0;
	if (len != 6)
		return false;
	for (i = 0; i < 6; i++) {
		char c = s[i] | 0x20;

		if (!kmsg_is_digit(s[i]) && (c < 'a' || c > 'f'))
			return false;
		*id = *id << 4 | (kmsg_is_digit(s[i]) ? s[i] - '0' : c - 'a' + 10);
	}
	return true;
}

/*
 * "comp.7f5705: text": the entries of @comp whose format hashes to @id,
 * with the values of @text (NULL: none) when it matches.
 */
static void match_hashed(struct kmsg_db *db, const char *comp, unsigned int id,
			 const char *text, struct kmsg_matches *out)
{
	struct kmsg_component_list *c = component(db, comp);
	int lo = 0, hi = 2 * c->nr;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (c->hashes[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < 2 * c->nr && c->hashes[lo].id == id; lo++) {
		const struct hashed *h = &c->hashes[lo];
		struct kmsg_values v = { 0 };
		const char *t = text;
		size_t n = 0;

		if (c->ix[h->idx].entry->by_text)	/* never hashed either */
			continue;

		if (t && h->device) {
			n = device_name(t, ':');
			if (n)
				t += n + 2;
		}
		if (t)
			kmsg_format_match(c->ix[h->idx].fmt, t, &v);
		add_match(out, c->ix[h->idx].entry, &v, n ? text : NULL, n,
			  !h->device, h->idx);
	}
	qsort(out->m, out->nr, sizeof(*out->m), cmp_match);
}

/**
 * kmsg_identify_id() - the entries of "comp.id" or "comp.7f5705"
 * @db: the database
 * @id: the tag or hashed id
 * @len: its length
 * @text: the message's text after it and ": ", or NULL
 * @out: filled in, best first; kmsg_matches_free() frees it
 *
 * Return: the number of entries found.
 */
int kmsg_identify_id(struct kmsg_db *db, const char *id, size_t len,
		     const char *text, struct kmsg_matches *out)
{
	const char *dot = memchr(id, '.', len);
	char tag[KMSG_COMPONENT_MAX + 16];
	unsigned int n;
	unsigned int h;

	memset(out, 0, sizeof(*out));
	if (!dot || !kmsg_component_valid(id, dot - id))
		return 0;
	memcpy(out->component, id, dot - id);
	if (len < sizeof(tag) && kmsg_tag_valid(id, len, &n)) {
		memcpy(tag, id, len);
		tag[len] = '\0';
		match_tag(db, tag, text, out);
	} else if (hashed_id(dot + 1, len - (dot + 1 - id), &h)) {
		match_hashed(db, out->component, h, text, out);
	}
	return out->nr;
}

/**
 * kmsg_component_known() - does the catalog have entries of a component?
 * @db: the database
 * @comp: the component's name
 *
 * Return: true if it has.
 */
bool kmsg_component_known(struct kmsg_db *db, const char *comp)
{
	return component(db, comp)->nr > 0;
}

/*
 * "driver device: text": the formats of the component named like the
 * driver and of its family, best first: a driver "dasd-eckd" or
 * "tape_34xx" also prints the messages of "dasd" or "tape" for its
 * devices.  The message's component is then the best match's.
 */
static int match_driver(struct kmsg_db *db, const char *drv, size_t len,
			const char *text, const char *dev, size_t dev_len,
			struct kmsg_matches *out)
{
	char name[KMSG_COMPONENT_MAX + 1];

	memcpy(out->component, drv, len);
	out->component[len] = '\0';
	memcpy(name, drv, len);
	name[len] = '\0';
	while (len) {
		match_component(component(db, name), text, dev, dev_len, out);
		while (len && name[len] != '-' && name[len] != '_')
			len--;
		name[len] = '\0';
	}
	if (out->nr) {
		const char *tag = out->m[0].entry->tag;

		len = strcspn(tag, ".");
		memcpy(out->component, tag, len);
		out->component[len] = '\0';
	}
	return out->nr;
}

/*
 * The last resort for a message without a component of its own (see the
 * top of this file): the formats of every component.  @text after a
 * "driver device: " prefix (@dev) is tried first, as a device message of
 * another component (a virtio driver's line of virtio_ccw), then the
 * whole message @msg.  The message's component is the best match's.
 */
static int match_anywhere(struct kmsg_db *db, const char *msg,
			  const char *text, const char *dev, size_t dev_len,
			  struct kmsg_matches *out)
{
	struct kmsg_component_list *all = component(db, "");
	char comp[sizeof(out->component)];
	size_t len;

	/* a message that is not found keeps the component it names */
	memcpy(comp, out->component, sizeof(comp));
	kmsg_matches_free(out);
	memset(out, 0, sizeof(*out));
	memcpy(out->component, comp, sizeof(comp));
	if (text)
		match_component(all, text, dev, dev_len, out);
	if (!out->nr)
		match_component(all, msg, NULL, 0, out);
	if (out->nr) {
		len = strcspn(out->m[0].entry->tag, ".");
		memcpy(out->component, out->m[0].entry->tag, len);
		out->component[len] = '\0';
	}
	return out->nr;
}

/**
 * kmsg_identify() - the catalog entries a kernel message was printed from
 * @db: the database
 * @msg: the message, without the prefixes of its log (see logline.c)
 * @out: filled in, best first; kmsg_matches_free() frees it
 *
 * See the forms at the top of this file.  A tagged message is explained
 * by its tag whether or not its text matches the entry's format (the
 * values are then missing).  out->component is the message's component
 * (or driver) when it has one.
 *
 * Return: the number of entries found.
 */
int kmsg_identify(struct kmsg_db *db, const char *msg, struct kmsg_matches *out)
{
	const char *colon = strstr(msg, ": "), *sp, *dot;
	struct kmsg_component_list *c;
	size_t len;

	memset(out, 0, sizeof(*out));
	if (!colon || colon - msg > KMSG_COMPONENT_MAX + 1 + 64)
		return match_anywhere(db, msg, NULL, NULL, 0, out);
	len = colon - msg;
	sp = memchr(msg, ' ', len);
	dot = memchr(msg, '.', len);
	if (sp) {	/* "driver device: text" */
		const char *sp2 = memchr(sp + 1, ' ', colon - sp - 1);

		/*
		 * "driver device eth0: text" of netdev_*(): the driver's
		 * formats start with the interface ("%s%s: NIC Link is Up")
		 */
		if (sp2 && sp2 > sp + 1 && kmsg_component_valid(msg, sp - msg) &&
		    !memchr(sp2 + 1, ' ', colon - sp2 - 1) &&
		    match_driver(db, msg, sp - msg, sp2 + 1, sp + 1, sp2 - sp - 1, out))
			return out->nr;
		if (!kmsg_component_valid(msg, sp - msg) || sp + 1 == colon || sp2)
			return match_anywhere(db, msg, NULL, NULL, 0, out);
		if (match_driver(db, msg, sp - msg, colon + 2, sp + 1,
				 colon - sp - 1, out))
			return out->nr;
		return match_anywhere(db, msg, colon + 2, sp + 1,
				      colon - sp - 1, out);
	}
	if (!kmsg_component_valid(msg, dot ? (size_t)(dot - msg) : len))
		return match_anywhere(db, msg, NULL, NULL, 0, out);
	/*
	 * "comp.id: text", or a line that only looks so ("ata1.00: failed
	 * command: ...", "md/raid1:md0: ..."): by its text when the catalog
	 * has no such component
	 */
	if (dot) {
		char comp[KMSG_COMPONENT_MAX + 1];

		if (kmsg_identify_id(db, msg, len, colon + 2, out))
			return out->nr;
		memcpy(comp, msg, dot - msg);
		comp[dot - msg] = '\0';
		if (kmsg_component_known(db, comp))
			return 0;
		kmsg_matches_free(out);
		out->component[0] = '\0';
		return match_anywhere(db, msg, NULL, NULL, 0, out);
	}
	memcpy(out->component, msg, len);
	c = component(db, out->component);
	match_component(c, colon + 2, NULL, 0, out);
	if (out->nr)
		return out->nr;
	return match_anywhere(db, msg, NULL, NULL, 0, out);
}

void kmsg_matches_free(struct kmsg_matches *out)
{
	int i;

	for (i = 0; i < out->nr; i++) {
		kmsg_values_free(&out->m[i].v);
		free(out->m[i].device);
	}
	out->nr = 0;
}
