// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen's commands, as kmsg-gen.c parses them: catalog (an object's
 * section, make D=1 and D=2), index (the catalog file installed with the
 * modules) and system (the same file of every description).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kmsg-gen.h"

/**
 * catalog_run() - the "catalog" command
 * @o: parsed command line
 *
 * Return: process exit status.
 */
int catalog_run(const struct catalog_opts *o)
{
	struct record_set rs = { 0 };
	struct file_cache cache = { 0 };
	struct tag *tags;
	int i, n, findings, status = 0;

	if (records_read(&rs, o->object)) {
		records_free(&rs);
		return 2;
	}
	findings = resolve_tags(o, &cache, &rs, &tags, &n);

	if (o->check) {
		findings += check_file_duplicates(&cache);
		for (i = 0; i < n; i++)
			findings += check_tag(&tags[i]);
		findings += parse_errors;
	} else {
		for (i = 0; i < n; i++)
			if (!tags[i].desc)
				fprintf(stderr,
					"%s:%d: warning: %s: no description; the catalog has its text and severity only (make D=1 prints a template)\n",
					tags[i].rec->file, tags[i].rec->line,
					tags[i].rec->tag);
	}

	if (o->man_dir) {
		mkdir(o->man_dir, 0755);
		for (i = 0; i < n; i++)
			if (tags[i].desc && man_write(o->man_dir, &tags[i]))
				status = 2;
	}
	if (catalog_write(o, tags, n, rs.big_endian))
		status = 2;
	if (o->depfile && write_depfile(o, &cache))
		status = 2;
	if (findings) {
		fprintf(stderr, "kmsg-gen: %s: %d problem%s with message descriptions\n",
			o->object, findings, findings == 1 ? "" : "s");
		if (o->check)
			status = 1;
	}
	if (bad_tags) {
		fprintf(stderr, "kmsg-gen: %s: %d message%s with an invalid tag\n",
			o->object, bad_tags, bad_tags == 1 ? "" : "s");
		status = status ? status : 1;
	}

	free(tags);
	cache_free(&cache);
	records_free(&rs);
	return status;
}

/* "drivers/s390/block/xpram.o" -> "xpram"; vmlinux.o -> "vmlinux" */
static char *owner_of(const char *object)
{
	const char *base = strrchr(object, '/');
	size_t len;

	base = base ? base + 1 : object;
	len = strlen(base);
	if (len > 2 && !strcmp(base + len - 2, ".o"))
		len -= 2;
	return xstrndup(base, len);
}

/* One line of the catalog file (KMSG_INDEX_*): a message and its description, if any */
static void index_row(FILE *f, const char *tag, int level, const char *owner,
		      const char *text, const struct desc *d, bool no_id)
{
	const char *field[KMSG_INDEX_NR_FIELDS];
	struct strbuf rel = { 0 };
	int k;

	field[KMSG_INDEX_TAG] = tag;
	field[KMSG_INDEX_SEVERITY] = severity_name(level);
	field[KMSG_INDEX_OWNER] = owner;
	field[KMSG_INDEX_TEXT] = text;
	field[KMSG_INDEX_PARAMETERS] = d ? d->params : "";
	field[KMSG_INDEX_DESCRIPTION] = d ? d->description : "";
	field[KMSG_INDEX_USER_ACTION] = d ? d->user_action : "";
	field[KMSG_INDEX_PRINTED] = no_id ? KMSG_INDEX_WITHOUT_ID :
				   d && d->sources && !d->printed ? KMSG_INDEX_BY_TEXT :
				   KMSG_INDEX_WITH_ID;
	if (d && d->release && (d->rel_none || (d->rel_text && strcmp(d->rel_text, text))))
		sb_printf(&rel, "%s: %s", d->release, d->rel_none ? "none" : d->rel_text);
	field[KMSG_INDEX_RELEASES] = rel.buf ? rel.buf : "";
	for (k = 0; k < KMSG_INDEX_NR_FIELDS; k++)
		kmsg_index_field(f, field[k], !k);
	fputc('\n', f);
	free(rel.buf);
}

/**
 * index_run() - the "index" command: the catalog file installed with the
 * modules, for tools that explain messages of modules not loaded
 * @o: parsed command line; o->out is the file to write
 * @objects: vmlinux.o and the modules' objects
 * @nr: how many
 *
 * One line per tag: tag, severity, owner, text, parameters, description
 * and user action, separated by tabs (scripts/kmsg-format.h, which
 * tools/kmsg reads it with).  With --man, also the man page of each
 * described tag, as make D=2 writes it: make kmsg_install installs the
 * pages of exactly the messages it installs the catalog of.
 *
 * It is text, not the binary section the kernel validates, on purpose: it
 * holds vmlinux and every module in one file, each entry with its owner,
 * which the section has no field for; it is read where the image's byte
 * order need not be the reader's (kmsg --catalog FILE on another
 * machine); awk and grep read it too (ws/catalog-table.sh, the tests);
 * and the kernel's validator is kernel code that tools/kmsg cannot link,
 * so a binary file would need a second validator after all.
 *
 * Return: process exit status.
 */
int index_run(const struct catalog_opts *o, char **objects, int nr)
{
	struct file_cache cache = { 0 };
	struct output out;
	int i, j, status = 0;

	if (output_open(&out, o->out))
		return 2;
	fputs(KMSG_INDEX_HEADER, out.f);
	if (o->man_dir)
		mkdir(o->man_dir, 0755);
	for (i = 0; i < nr; i++) {
		struct record_set rs = { 0 };
		struct tag *tags;
		char *owner;
		int n;

		if (records_read(&rs, objects[i])) {
			records_free(&rs);
			status = 2;
			continue;
		}
		resolve_tags(o, &cache, &rs, &tags, &n);
		owner = owner_of(objects[i]);
		for (j = 0; j < n; j++) {
			const struct desc *d = tags[j].desc;

			if (o->man_dir && d && man_write(o->man_dir, &tags[j]))
				status = 2;
			index_row(out.f, tags[j].rec->tag, tags[j].rec->level, owner,
				  tags[j].text, d, tags[j].rec->no_id);
		}
		free(owner);
		free(tags);
		records_free(&rs);
	}
	cache_free(&cache);
	if (output_close(&out, status != 2))
		status = 2;
	return status;
}

/* Tags in the order of kmsg list: by component, then by id */
static int cmp_desc_tag(const void *a, const void *b)
{
	const struct desc *x = *(const struct desc * const *)a;
	const struct desc *y = *(const struct desc * const *)b;
	int c = kmsg_tag_cmp(x->tag, y->tag);

	if (c)
		return c;
	return x < y ? -1 : x > y;
}

/**
 * system_run() - the "system" command: the catalog file of every
 * description, whatever kernel printed the message
 * @o: parsed command line; o->out is the file to write, o->man_dir the
 *     folder of the man pages (or NULL)
 * @files: description files (Documentation/kmsg/...)
 * @nr: how many
 *
 * The same file as "index" writes, from descriptions instead of objects:
 * one line per described tag, sorted by component and id, owner
 * "system".  The kmsg package installs it as /usr/share/kmsg/kmsg.catalog
 * for kernels without a catalog of their own.  A malformed block or a tag
 * described twice is reported as "file:line: problem" and makes the exit
 * status 1; the first description of a tag is kept.
 *
 * Return: process exit status.
 */
int system_run(const struct catalog_opts *o, char **files, int nr)
{
	struct desc_set set = { 0 };
	const struct desc **all;
	struct record rec = { 0 };
	struct tag t = { .rec = &rec };
	struct po_file po;
	struct output out;
	int i, status = 0;

	if (o->po) {
		if (po_read(&po, o->po))
			return 2;
		man_po = &po;
	}
	for (i = 0; i < nr; i++)
		if (desc_parse_file(&set, files[i]))
			status = 1;
	all = xmalloc((set.nr ? set.nr : 1) * sizeof(*all));
	for (i = 0; i < set.nr; i++)
		all[i] = &set.descs[i];
	qsort(all, set.nr, sizeof(*all), cmp_desc_tag);
	if (output_open(&out, o->out)) {
		free(all);
		desc_set_free(&set);
		return 2;
	}
	fputs(KMSG_INDEX_HEADER, out.f);
	if (o->man_dir)
		mkdir(o->man_dir, 0755);
	for (i = 0; i < set.nr; i++) {
		const struct desc *d = all[i];

		if (i && !strcmp(d->tag, all[i - 1]->tag)) {
			fprintf(stderr, "%s:%d: %s: described again (first at %s:%d)\n",
				d->file, d->line, d->tag, all[i - 1]->file,
				all[i - 1]->line);
			all[i] = all[i - 1];	/* the next duplicate names the first */
			status = 1;
			continue;
		}
		rec.tag = d->tag;
		t.desc = d;
		if (o->man_dir && man_write(o->man_dir, &t))
			status = 2;
		index_row(out.f, d->tag, d->level, "system", d->text, d, d->no_id);
	}
	if (output_close(&out, status != 2))
		status = 2;
	free(all);
	desc_set_free(&set);
	if (man_po) {
		man_po = NULL;
		po_free(&po);
	}
	return status;
}
