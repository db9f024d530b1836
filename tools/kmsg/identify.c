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

/* Skip the prefixes dmesg, dmesg -r, /dev/kmsg and syslog put on a line. */
static const char *skip_log_prefix(const char *s)
{
	const char *p = s;

	/* /dev/kmsg: "level,seq,usec,flags;" */
	while (isdigit((unsigned char)*p) || *p == ',')
		p++;
	if (p > s && *p == '-' && p[1] == ';')
		return p + 2;
	if (p > s && *p == ';')
		return p + 1;
	p = s;
	if (*p == '<') {		/* dmesg -r: "<3>" */
		const char *q = p + 1;

		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '>' && q > p + 1)
			p = q + 1;
	}
	if (*p == '[') {		/* "[   12.345678] " */
		const char *q = strchr(p, ']');

		if (q) {
			p = q + 1;
			while (*p == ' ')
				p++;
		}
	}
	return p;
}

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

/**
 * kmsg_match_line() - the catalog entry a log line was printed from
 * @db: the database
 * @line: one line of dmesg, dmesg -r or /dev/kmsg output
 * @v: the values of the message's conversions, when its text matches
 *
 * A line "comp.id: text" names its entry; a line "comp: text" (a kernel
 * built with CONFIG_KMSG_IDS=n) is matched against the formats of the
 * component's entries.  For a device message, "comp.id: device: text",
 * the text after the device's name is matched.
 *
 * Return: the entry, or NULL.
 */
const struct kmsg_entry *kmsg_match_line(struct kmsg_db *db, const char *line,
					 struct kmsg_values *v)
{
	const struct kmsg_entry **all, *found = NULL;
	const char *p = skip_log_prefix(line), *colon, *text;
	char comp[KMSG_COMPONENT_MAX + 1];
	unsigned int id;
	size_t len;
	int i, n;

	colon = strstr(p, ": ");
	if (!colon || colon - p > 38)
		return NULL;
	len = colon - p;
	text = colon + 2;
	if (memchr(p, '.', len)) {
		char tag[40];

		if (!kmsg_tag_valid(p, len, &id))
			return NULL;
		memcpy(tag, p, len);
		tag[len] = '\0';
		found = kmsg_db_lookup(db, tag);
		if (found && !kmsg_format_match(found->text, text, v))
			match_device_text(found->text, text, v);
		return found;
	}
	if (!kmsg_component_valid(p, len))
		return NULL;
	memcpy(comp, p, len);
	comp[len] = '\0';
	/* The component's entries, listed once per run. */
	for (i = 0; i < db->nr_components; i++)
		if (!strcmp(db->components[i].name, comp))
			break;
	if (i == db->nr_components) {
		struct kmsg_component_list *c;

		c = xrealloc(db->components, (i + 1) * sizeof(*c));
		db->components = c;
		c[i].name = xstrndup(comp, len);
		c[i].nr = kmsg_db_all(db, comp, &c[i].entries);
		db->nr_components++;
	}
	all = db->components[i].entries;
	n = db->components[i].nr;
	for (i = 0; i < n && !found; i++)
		if (kmsg_format_match(all[i]->text, text, v) ||
		    match_device_text(all[i]->text, text, v))
			found = all[i];
	return found;
}
