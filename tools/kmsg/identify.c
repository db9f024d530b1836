// SPDX-License-Identifier: GPL-2.0
/*
 * Which catalog entry a log line was printed from: by the tag it
 * carries, or by its text among the formats of its component.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "match.h"

/*
 * A kmsg_dev_*() line carries the device's name between the prefix and
 * the text: "dasd.16: 0.0.0120: The DASD cannot ...".  Match the text
 * after it.
 */
static bool match_device_text(const char *fmt, const char *text,
			      struct kmsg_values *v)
{
	const char *dev_end = strstr(text, ": ");

	return dev_end && dev_end > text && !memchr(text, ' ', dev_end - text) &&
	       kmsg_format_match(fmt, dev_end + 2, v);
}

static void add_match(struct kmsg_matches *out, const struct kmsg_entry *e,
		      struct kmsg_values *v)
{
	struct kmsg_match *m;

	if (out->nr == KMSG_MAX_MATCHES) {
		kmsg_values_free(v);
		return;
	}
	m = &out->m[out->nr++];
	m->entry = e;
	m->v = *v;
	memset(v, 0, sizeof(*v));
}

/* The entries of a component, listed once per run. */
static struct kmsg_component_list *component(struct kmsg_db *db,
					     const char *comp)
{
	struct kmsg_component_list *c;
	int i;

	for (i = 0; i < db->nr_components; i++)
		if (!strcmp(db->components[i].name, comp))
			return &db->components[i];
	c = xrealloc(db->components, (i + 1) * sizeof(*c));
	db->components = c;
	c[i].name = xstrndup(comp, strlen(comp));
	c[i].nr = kmsg_db_all(db, comp, &c[i].entries);
	db->nr_components++;
	return &c[i];
}

/**
 * kmsg_identify() - the catalog entries a kernel message was printed from
 * @db: the database
 * @msg: the message, without the prefixes of its log (see logline.c)
 * @out: filled in; kmsg_matches_free() frees it
 *
 * A message "comp.id: text" names its entry; a message "comp: text" (a
 * kernel built with CONFIG_KMSG_IDS=n) is matched against the formats of
 * the component's entries.  For a device message, "comp.id: device: text",
 * the text after the device's name is matched.
 *
 * Return: the number of entries found.
 */
int kmsg_identify(struct kmsg_db *db, const char *msg, struct kmsg_matches *out)
{
	const char *colon, *text;
	struct kmsg_component_list *c;
	struct kmsg_values v = { 0 };
	unsigned int id;
	size_t len;
	int i;

	memset(out, 0, sizeof(*out));
	colon = strstr(msg, ": ");
	if (!colon || colon - msg > 38)
		return 0;
	len = colon - msg;
	text = colon + 2;
	if (memchr(msg, '.', len)) {
		const struct kmsg_entry *e;
		char tag[40];

		if (!kmsg_tag_valid(msg, len, &id))
			return 0;
		memcpy(tag, msg, len);
		tag[len] = '\0';
		e = kmsg_db_lookup(db, tag);
		if (!e)
			return 0;
		if (!kmsg_format_match(e->text, text, &v))
			match_device_text(e->text, text, &v);
		add_match(out, e, &v);
		return out->nr;
	}
	if (!kmsg_component_valid(msg, len))
		return 0;
	memcpy(out->component, msg, len);
	c = component(db, out->component);
	out->known_component = c->nr > 0;
	for (i = 0; i < c->nr && !out->nr; i++)
		if (kmsg_format_match(c->entries[i]->text, text, &v) ||
		    match_device_text(c->entries[i]->text, text, &v))
			add_match(out, c->entries[i], &v);
	return out->nr;
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
