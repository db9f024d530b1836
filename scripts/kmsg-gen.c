// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen - the kernel message catalog at build time
 *
 *   kmsg-gen dump FILE...
 *	Print every message description in FILEs as one JSON object a line:
 *	the keys of an entry that kmsg --json writes too, in the same order
 *	and shape (kmsg_json_entry(), kmsg-json.c; the schema is in
 *	tools/kmsg/kmsg.8, JSON OUTPUT), then "file" and "line".
 *
 *   kmsg-gen index [--man DIR] [--srctree DIR] [--srcarch ARCH] [-o FILE] OBJECT...
 *	Write the catalog of all OBJECTs as the text file installed with the
 *	modules (one tab-separated line per tag), for tools/kmsg; --man
 *	writes the man page of each described tag into DIR as well.
 *
 *   kmsg-gen system [--man DIR] [-o FILE] FILE...
 *	Write the same catalog file of every description in FILEs (owner
 *	"system", sorted by tag), whatever kernel printed the messages: the
 *	system catalog of the kmsg package; --man as for index.
 *
 *   kmsg-gen catalog [--check] [--man DIR] [--srctree DIR] [--srcarch ARCH]
 *		      [--depfile FILE] [--data FILE] [-o OUT.S] OBJECT
 *	Read the call-site records of <linux/kmsg.h> from OBJECT, find the
 *	description of each tag and write the catalog section
 *	(include/linux/kmsg_catalog.h): its bytes go to the --data FILE and
 *	OUT.S is the assembler source that includes them with .incbin.
 *	Without --data nothing is written but OUT.S's first line, a comment.
 *	--check reports every problem as "file:line: tag: problem" (with a
 *	template for a missing description) and fails if there is any;
 *	--man writes one man page per described tag into DIR.
 *
 * The description format and the record layout are documented in
 * Documentation/kmsg/index.rst.
 */
#include <errno.h>
#include <getopt.h>
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
	FILE *f = stdout;
	int i, j, status = 0;

	if (strcmp(o->out, "-")) {
		f = create_output(o->out);
		if (!f)
			return 2;
	}
	fputs(KMSG_INDEX_HEADER, f);
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
			const char *field[KMSG_INDEX_NR_FIELDS];
			int k;

			if (o->man_dir && d && man_write(o->man_dir, &tags[j]))
				status = 2;

			field[KMSG_INDEX_TAG] = tags[j].rec->tag;
			field[KMSG_INDEX_SEVERITY] = severity_name(tags[j].rec->level);
			field[KMSG_INDEX_OWNER] = owner;
			field[KMSG_INDEX_TEXT] = tags[j].text;
			field[KMSG_INDEX_PARAMETERS] = d ? d->params : "";
			field[KMSG_INDEX_DESCRIPTION] = d ? d->description : "";
			field[KMSG_INDEX_USER_ACTION] = d ? d->user_action : "";
			for (k = 0; k < KMSG_INDEX_NR_FIELDS; k++)
				kmsg_index_field(f, field[k], !k);
			fputc('\n', f);
		}
		free(owner);
		free(tags);
		records_free(&rs);
	}
	cache_free(&cache);
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
		status = 2;
	}
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
	FILE *f = stdout;
	int i, k, status = 0;

	for (i = 0; i < nr; i++)
		if (desc_parse_file(&set, files[i]))
			status = 1;
	all = xmalloc((set.nr ? set.nr : 1) * sizeof(*all));
	for (i = 0; i < set.nr; i++)
		all[i] = &set.descs[i];
	qsort(all, set.nr, sizeof(*all), cmp_desc_tag);
	if (strcmp(o->out, "-")) {
		f = create_output(o->out);
		if (!f) {
			free(all);
			desc_set_free(&set);
			return 2;
		}
	}
	fputs(KMSG_INDEX_HEADER, f);
	if (o->man_dir)
		mkdir(o->man_dir, 0755);
	for (i = 0; i < set.nr; i++) {
		const struct desc *d = all[i];
		const char *field[KMSG_INDEX_NR_FIELDS];

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
		field[KMSG_INDEX_TAG] = d->tag;
		field[KMSG_INDEX_SEVERITY] = severity_name(d->level);
		field[KMSG_INDEX_OWNER] = "system";
		field[KMSG_INDEX_TEXT] = d->text;
		field[KMSG_INDEX_PARAMETERS] = d->params;
		field[KMSG_INDEX_DESCRIPTION] = d->description;
		field[KMSG_INDEX_USER_ACTION] = d->user_action;
		for (k = 0; k < KMSG_INDEX_NR_FIELDS; k++)
			kmsg_index_field(f, field[k], !k);
		fputc('\n', f);
	}
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "%s: %s\n", o->out, strerror(errno));
		status = 2;
	}
	if (status == 2 && f != stdout)
		remove_output(o->out);
	free(all);
	desc_set_free(&set);
	return status;
}

/* Command line */

/* The usage message, then exit status 2 */
static void bad_usage(void)
{
	fprintf(stderr,
		"usage: kmsg-gen dump FILE...\n"
		"       kmsg-gen catalog [--check] [--man DIR] [--srctree DIR] [--srcarch ARCH]\n"
		"                        [--depfile FILE] [--data FILE] [-o OUT.S] OBJECT\n"
		"       kmsg-gen index [--man DIR] [--srctree DIR] [--srcarch ARCH] [-o FILE]\n"
		"                      OBJECT...\n"
		"       kmsg-gen system [--man DIR] [-o FILE] FILE...\n"
		"dump writes an entry a line in the JSON of kmsg --json (kmsg(8), JSON OUTPUT).\n");
	exit(2);
}

/* Each description as one JSON object a line: desc_print_json() */
static int cmd_dump(int argc, char **argv)
{
	struct desc_set set = { 0 };
	int i, bad = 0;

	if (!argc)
		bad_usage();
	for (i = 0; i < argc; i++)
		bad |= desc_parse_file(&set, argv[i]) != 0;
	for (i = 0; i < set.nr; i++)
		desc_print_json(stdout, &set.descs[i]);
	desc_set_free(&set);
	return bad ? 1 : 0;
}

/* Options of catalog and index; index takes all but --data. */
static const struct option catalog_options[] = {
	{ "check", no_argument, NULL, 'c' },
	{ "man", required_argument, NULL, 'm' },
	{ "srctree", required_argument, NULL, 's' },
	{ "srcarch", required_argument, NULL, 'a' },
	{ "depfile", required_argument, NULL, 'd' },
	{ "data", required_argument, NULL, 'D' },
	{ NULL, 0, NULL, 0 }
};

/* The option getopt_long() just refused; a short one is in optopt. */
static void bad_option(const char *problem, char **argv)
{
	const char *arg = argv[optind - 1];

	if (optopt && strncmp(arg, "--", 2))
		fprintf(stderr, "kmsg-gen: %s '-%c'\n", problem, optopt);
	else
		fprintf(stderr, "kmsg-gen: %s '%s'\n", problem, arg);
	bad_usage();
}

/* argv[0] is the command; options and objects may come in any order */
static int cmd_catalog(int argc, char **argv, bool index)
{
	struct catalog_opts o = { .srctree = ".", .out = "-" };
	int c, nr;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:", catalog_options, NULL)) != -1) {
		switch (c) {
		case 'c':
			o.check = true;
			break;
		case 'm':
			o.man_dir = optarg;
			break;
		case 's':
			o.srctree = optarg;
			break;
		case 'a':
			o.srcarch = optarg;
			break;
		case 'd':
			o.depfile = optarg;
			break;
		case 'D':
			if (index) {
				fprintf(stderr, "kmsg-gen: unknown option '--data'\n");
				bad_usage();
			}
			o.data = optarg;
			break;
		case 'o':
			o.out = optarg;
			break;
		case ':':
			bad_option("a value is missing after", argv);
			break;
		default:
			bad_option("unknown option", argv);
		}
	}
	nr = argc - optind;
	if (!nr || (!index && nr > 1))
		bad_usage();
	o.object = argv[optind];
	return index ? index_run(&o, argv + optind, nr) : catalog_run(&o);
}

/* argv[0] is the command; options and description files in any order */
static int cmd_system(int argc, char **argv)
{
	static const struct option options[] = {
		{ "man", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog_opts o = { .out = "-" };
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:", options, NULL)) != -1) {
		switch (c) {
		case 'm':
			o.man_dir = optarg;
			break;
		case 'o':
			o.out = optarg;
			break;
		case ':':
			bad_option("a value is missing after", argv);
			break;
		default:
			bad_option("unknown option", argv);
		}
	}
	if (optind == argc)
		bad_usage();
	return system_run(&o, argv + optind, argc - optind);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		bad_usage();
	if (!strcmp(argv[1], "dump"))
		return cmd_dump(argc - 2, argv + 2);
	if (!strcmp(argv[1], "catalog"))
		return cmd_catalog(argc - 1, argv + 1, false);
	if (!strcmp(argv[1], "index"))
		return cmd_catalog(argc - 1, argv + 1, true);
	if (!strcmp(argv[1], "system"))
		return cmd_system(argc - 1, argv + 1);
	fprintf(stderr, "kmsg-gen: unknown command '%s'\n", argv[1]);
	bad_usage();
	return 2;
}
