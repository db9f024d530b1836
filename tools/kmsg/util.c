// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the kmsg tool: allocation that exits on failure, and the
 * hash table of catalog entries by tag.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"

bool kmsg_json_errors;

/**
 * p_err() - report an error: "kmsg: <message>" on standard error, or
 *	under --json the object {"error": "<message>"} on standard output,
 *	a line of its own among the records
 * @fmt: printf format of the message, without a newline
 */
void p_err(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (kmsg_json_errors) {
		fputs("{\"error\":", stdout);
		json_string(stdout, msg, -1);
		fputs("}\n", stdout);
		fflush(stdout);
	} else {
		fprintf(stderr, "kmsg: %s\n", msg);
	}
}

static void out_of_memory(void)
{
	fputs("kmsg: out of memory\n", stderr);
	exit(2);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xcalloc(n + 1, 1);

	memcpy(d, s, n);
	return d;
}

/* Hash tables of entries by tag */

static unsigned int hash(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

struct kmsg_slot *table_find(struct kmsg_table *t, const char *tag)
{
	unsigned int h;

	if (!t->size)
		return NULL;
	for (h = hash(tag) & (t->size - 1); t->slots[h].tag;
	     h = (h + 1) & (t->size - 1))
		if (!strcmp(t->slots[h].tag, tag))
			return &t->slots[h];
	return NULL;
}

void table_add(struct kmsg_table *t, char *tag, struct kmsg_entry *e)
{
	unsigned int h, i;

	if ((t->used + 1) * 2 > t->size) {
		struct kmsg_table n = { .size = t->size ? t->size * 2 : 64 };

		n.slots = xcalloc(n.size, sizeof(*n.slots));
		for (i = 0; i < t->size; i++)
			if (t->slots[i].tag)
				table_add(&n, t->slots[i].tag, t->slots[i].entry);
		free(t->slots);
		*t = n;
	}
	for (h = hash(tag) & (t->size - 1); t->slots[h].tag;
	     h = (h + 1) & (t->size - 1))
		;
	t->slots[h].tag = tag;
	t->slots[h].entry = e;
	t->used++;
}

void entry_free(struct kmsg_entry *e)
{
	if (!e)
		return;
	free(e->tag);
	free(e->severity);
	free(e->text);
	free(e->parameters);
	free(e->description);
	free(e->user_action);
	free(e->release);
	free(e->rel_text);
	free(e);
}

void table_free(struct kmsg_table *t)
{
	unsigned int i;

	for (i = 0; i < t->size; i++) {
		if (!t->slots[i].tag)
			continue;
		if (t->slots[i].entry && t->slots[i].entry->tag != t->slots[i].tag)
			free(t->slots[i].tag);
		else if (!t->slots[i].entry)
			free(t->slots[i].tag);
		entry_free(t->slots[i].entry);
	}
	free(t->slots);
	memset(t, 0, sizeof(*t));
}

/* Maps of strings to anything */

/**
 * kmsg_map_slot() - the value slot of a key, made if it is new
 * @m: the map
 * @key: the key, copied when it is new
 *
 * Return: the place of the key's value (NULL in a new slot).
 */
void **kmsg_map_slot(struct kmsg_map *m, const char *key)
{
	struct kmsg_map_slot *s;
	size_t h, i;

	if ((m->used + 1) * 2 > m->size) {
		struct kmsg_map n = { .size = m->size ? m->size * 2 : 64 };

		n.slots = xcalloc(n.size, sizeof(*n.slots));
		for (i = 0; i < m->size; i++) {
			if (!m->slots[i].key)
				continue;
			for (h = hash(m->slots[i].key) & (n.size - 1); n.slots[h].key;
			     h = (h + 1) & (n.size - 1))
				;
			n.slots[h] = m->slots[i];
		}
		n.used = m->used;
		free(m->slots);
		*m = n;
	}
	for (h = hash(key) & (m->size - 1); (s = &m->slots[h])->key;
	     h = (h + 1) & (m->size - 1))
		if (!strcmp(s->key, key))
			return &s->val;
	s->key = xstrndup(key, strlen(key));
	m->used++;
	return &s->val;
}

/**
 * kmsg_map_free() - free a map's keys, and its values with @free_val
 * @m: the map
 * @free_val: frees a value; NULL if there is nothing to free
 */
void kmsg_map_free(struct kmsg_map *m, void (*free_val)(void *))
{
	size_t i;

	for (i = 0; i < m->size; i++) {
		if (!m->slots[i].key)
			continue;
		free(m->slots[i].key);
		if (free_val)
			free_val(m->slots[i].val);
	}
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
