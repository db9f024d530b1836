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
 *   kmsg-gen system [--man DIR [--po FILE.po]] [-o FILE] FILE...
 *	Write the same catalog file of every description in FILEs (owner
 *	"system", sorted by tag), whatever kernel printed the messages: the
 *	system catalog of the kmsg package; --man as for index, with --po
 *	the pages in the PO file's language, of the translated messages.
 *
 *   kmsg-gen pot [-o FILE] FILE...
 *	Write the gettext template of the descriptions in FILEs: a message
 *	for each description, user action and parameter description, the
 *	tag as its context (msgctxt), for translators' PO files.
 *
 *   kmsg-gen po-check FILE.po...
 *	Check that each translated message of the PO files keeps the
 *	literals of its English (tags, @N, quoted text, paths, options,
 *	identifiers, numbers, acronyms); "file:line: tag: lacks 'x'".
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
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"

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
		"       kmsg-gen system [--man DIR [--po FILE.po]] [-o FILE] FILE...\n"
		"       kmsg-gen pot [-o FILE] FILE...\n"
		"       kmsg-gen po-check FILE.po...\n"
		"       kmsg-gen source-check --srctree DIR [--release VERSION] FILE...\n"
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

/*
 * The next option of a command (getopt_long()), -1 after the last; an
 * unknown one or one without its value is a usage error, named.
 */
static int next_option(int argc, char **argv, const char *shortopts,
		       const struct option *longopts)
{
	int c;

	opterr = 0;
	c = getopt_long(argc, argv, shortopts, longopts, NULL);
	if (c == ':')
		bad_option("a value is missing after", argv);
	else if (c == '?')
		bad_option("unknown option", argv);
	return c;
}

/* argv[0] is the command; options and objects may come in any order */
static int cmd_catalog(int argc, char **argv, bool index)
{
	struct catalog_opts o = { .srctree = ".", .out = "-" };
	int c, nr;

	while ((c = next_option(argc, argv, ":o:", catalog_options)) != -1) {
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
		}
	}
	nr = argc - optind;
	if (!nr || (!index && nr > 1))
		bad_usage();
	o.object = argv[optind];
	return index ? index_run(&o, argv + optind, nr) : catalog_run(&o);
}

/* argv[0] is the command (system or pot); options and files in any order */
static int cmd_system(int argc, char **argv)
{
	static const struct option options[] = {
		{ "man", required_argument, NULL, 'm' },
		{ "po", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog_opts o = { .out = "-" };
	int c;

	while ((c = next_option(argc, argv, ":o:", options)) != -1) {
		switch (c) {
		case 'm':
			o.man_dir = optarg;
			break;
		case 'p':
			o.po = optarg;
			break;
		case 'o':
			o.out = optarg;
			break;
		}
	}
	if (optind == argc || (!strcmp(argv[0], "pot") && (o.man_dir || o.po)) ||
	    (o.po && !o.man_dir))
		bad_usage();
	if (!strcmp(argv[0], "pot"))
		return pot_run(&o, argv + optind, argc - optind);
	return system_run(&o, argv + optind, argc - optind);
}

/* argv[0] is the command; options and description files in any order */
static int cmd_source_check(int argc, char **argv)
{
	static const struct option options[] = {
		{ "srctree", required_argument, NULL, 's' },
		{ "release", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog_opts o = { 0 };
	const char *release = NULL;
	int c;

	while ((c = next_option(argc, argv, ":", options)) != -1) {
		switch (c) {
		case 's':
			o.srctree = optarg;
			break;
		case 'r':
			release = optarg;
			break;
		}
	}
	if (optind == argc || !o.srctree)
		bad_usage();
	return source_check_run(&o, release, argv + optind, argc - optind);
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
	if (!strcmp(argv[1], "system") || !strcmp(argv[1], "pot"))
		return cmd_system(argc - 1, argv + 1);
	if (!strcmp(argv[1], "po-check")) {
		if (argc < 3)
			bad_usage();
		return po_check_run(argv + 2, argc - 2);
	}
	if (!strcmp(argv[1], "source-check"))
		return cmd_source_check(argc - 1, argv + 1);
	fprintf(stderr, "kmsg-gen: unknown command '%s'\n", argv[1]);
	bad_usage();
	return 2;
}
