// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg - explain kernel messages from the kernel message catalog
 *
 *   kmsg [--json] explain TAG|LINE
 *   kmsg [--json] annotate [FILE]
 *   kmsg [--json] list [COMPONENT]
 *
 * Entries come from /sys/kernel/kmsg first, then from the catalog file
 * installed with the modules (/lib/modules/$(uname -r)/kmsg.catalog), so
 * messages of modules that are not loaded are explained too.
 *
 * Exit status: 0 found, 1 not found, 2 usage or I/O error.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "kmsg.h"

static const char *sysfs_dir = "/sys/kernel/kmsg";
static const char *catalog_path;
static bool json;

/* The usage message, then exit status 2 */
static void bad_usage(void)
{
	fputs("usage: kmsg [--json] [--sysfs DIR] [--catalog FILE] explain TAG|LINE\n"
	      "       kmsg [--json] [--sysfs DIR] [--catalog FILE] annotate [FILE]\n"
	      "       kmsg [--json] [--sysfs DIR] [--catalog FILE] list [COMPONENT]\n",
	      stderr);
	exit(2);
}

/* Text output */

static void print_indented(const char *s, const char *indent)
{
	const char *nl;

	if (!*s) {
		printf("%s-\n", indent);
		return;
	}
	for (; s; s = nl ? nl + 1 : NULL) {
		nl = strchr(s, '\n');
		printf("%s%.*s\n", indent, nl ? (int)(nl - s) : (int)strlen(s), s);
	}
}

/* The "@N: what" lines, with "= value" from a matched log line. */
static void print_params(const struct kmsg_entry *e, const struct kmsg_values *v,
			 const char *indent)
{
	const char *p = e->parameters, *s;
	size_t len;
	int i;

	for (i = 0; (p = kmsg_param_next(p, &s, &len)); i++) {
		printf("%s%.*s", indent, (int)len, s);
		if (v && i < v->nr)
			printf(" = %s", v->val[i]);
		putchar('\n');
	}
}

/*
 * A described message has a man page, section 9, named by its tag: make
 * D=2 writes it and make kmsg_install installs it.
 */
static bool has_man_page(const struct kmsg_entry *e)
{
	return *e->description;
}

static void explain_text(const struct kmsg_entry *e, const struct kmsg_values *v)
{
	printf("%s: %s\n", e->tag, e->text);
	printf("Severity: %s\n", e->severity);
	if (*e->parameters) {
		printf("Parameters:\n");
		print_params(e, v, "  ");
	}
	printf("Description:\n");
	print_indented(e->description, "  ");
	printf("User action:\n");
	print_indented(e->user_action, "  ");
	if (has_man_page(e))
		printf("See also: man 9 %s\n", e->tag);
}

static void explain_json(const struct kmsg_entry *e, const struct kmsg_values *v,
			 const char *line)
{
	const char *p = e->parameters, *s;
	size_t len;
	int i;

	fputs("{\"tag\":", stdout);
	json_string(stdout, e->tag, -1);
	fputs(",\"text\":", stdout);
	json_string(stdout, e->text, -1);
	fputs(",\"severity\":", stdout);
	json_string(stdout, e->severity, -1);
	fputs(",\"parameters\":[", stdout);
	for (i = 0; (p = kmsg_param_next(p, &s, &len)); i++) {
		fputs(i ? ",{\"description\":" : "{\"description\":", stdout);
		json_string(stdout, s, len);
		if (v && i < v->nr) {
			fputs(",\"value\":", stdout);
			json_string(stdout, v->val[i], -1);
		}
		putchar('}');
	}
	fputs("],\"description\":", stdout);
	json_string(stdout, e->description, -1);
	fputs(",\"user_action\":", stdout);
	json_string(stdout, e->user_action, -1);
	fputs(",\"source\":", stdout);
	json_string(stdout, e->source, -1);
	if (has_man_page(e)) {
		/* tags are valid: a component of up to 31 characters, an id */
		char page[64];

		snprintf(page, sizeof(page), "%s(9)", e->tag);
		fputs(",\"man_page\":", stdout);
		json_string(stdout, page, -1);
	}
	if (line) {
		fputs(",\"line\":", stdout);
		json_string(stdout, line, -1);
	}
	fputs("}\n", stdout);
}

/* explain */

static int cmd_explain(struct kmsg_db *db, const char *arg)
{
	struct kmsg_values v = { 0 };
	const struct kmsg_entry *e;
	unsigned int id;
	int ret = 1;

	if (kmsg_tag_valid(arg, strlen(arg), &id)) {
		e = kmsg_db_lookup(db, arg);
		if (e) {
			if (json)
				explain_json(e, NULL, NULL);
			else
				explain_text(e, NULL);
			ret = 0;
		}
	} else {
		e = kmsg_match_line(db, arg, &v);
		if (e) {
			if (json)
				explain_json(e, &v, arg);
			else
				explain_text(e, &v);
			ret = 0;
		}
	}
	if (ret)
		fprintf(stderr, "kmsg: no catalog entry for '%s'\n", arg);
	kmsg_values_free(&v);
	return ret;
}

/* annotate */

static int cmd_annotate(struct kmsg_db *db, const char *path)
{
	FILE *f = stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int found = 0;

	if (path && strcmp(path, "-")) {
		f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "kmsg: %s: %s\n", path, strerror(errno));
			return 2;
		}
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct kmsg_values v = { 0 };
		const struct kmsg_entry *e;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		e = kmsg_match_line(db, line, &v);
		if (json) {
			if (e) {
				explain_json(e, &v, line);
			} else {
				fputs("{\"line\":", stdout);
				json_string(stdout, line, len);
				fputs("}\n", stdout);
			}
		} else {
			fwrite(line, 1, len, stdout);
			putchar('\n');
			if (e) {
				printf("-- %s (%s): %s\n", e->tag, e->severity, e->text);
				if (*e->parameters)
					print_params(e, &v, "--   ");
				print_indented(e->description, "-- ");
				if (*e->user_action) {
					printf("-- User action:\n");
					print_indented(e->user_action, "-- ");
				}
			}
		}
		found += !!e;
		kmsg_values_free(&v);
	}
	if (ferror(f)) {
		fprintf(stderr, "kmsg: %s: read error\n", path ? path : "stdin");
		found = -1;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return found < 0 ? 2 : 0;
}

/* list */

static int cmd_list(struct kmsg_db *db, const char *component)
{
	const struct kmsg_entry **all;
	int i, n;

	n = kmsg_db_all(db, component, &all);
	for (i = 0; i < n; i++) {
		if (json) {
			fputs("{\"tag\":", stdout);
			json_string(stdout, all[i]->tag, -1);
			fputs(",\"severity\":", stdout);
			json_string(stdout, all[i]->severity, -1);
			fputs(",\"text\":", stdout);
			json_string(stdout, all[i]->text, -1);
			fputs(",\"source\":", stdout);
			json_string(stdout, all[i]->source, -1);
			fputs("}\n", stdout);
		} else {
			printf("%s %s %s\n", all[i]->tag, all[i]->severity,
			       all[i]->text);
		}
	}
	free(all);
	if (!n && component)
		fprintf(stderr, "kmsg: no entries for component '%s'\n", component);
	return n ? 0 : 1;
}

int main(int argc, char **argv)
{
	char default_catalog[512];
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "sysfs", required_argument, NULL, 's' },
		{ "catalog", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct kmsg_db db;
	const char *cmd;
	int c, i, ret;

	/* options come before the command ("+"): a log line may start with '-' */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", options, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 's':
			sysfs_dir = optarg;
			break;
		case 'c':
			catalog_path = optarg;
			break;
		case 'h':
			bad_usage();
			break;
		case ':':
			fprintf(stderr, "kmsg: a value is missing after '%s'\n", argv[optind - 1]);
			bad_usage();
			break;
		default:
			if (optopt && strncmp(argv[optind - 1], "--", 2))
				fprintf(stderr, "kmsg: unknown option '-%c'\n", optopt);
			else
				fprintf(stderr, "kmsg: unknown option '%s'\n", argv[optind - 1]);
			bad_usage();
		}
	}
	i = optind;
	if (i >= argc)
		bad_usage();
	cmd = argv[i++];

	if (!catalog_path) {
		struct utsname u;

		if (!uname(&u)) {
			snprintf(default_catalog, sizeof(default_catalog),
				 "/lib/modules/%s/kmsg.catalog", u.release);
			catalog_path = default_catalog;
		}
	}
	kmsg_db_init(&db, sysfs_dir, catalog_path);

	if (!strcmp(cmd, "explain") && argc - i == 1)
		ret = cmd_explain(&db, argv[i]);
	else if (!strcmp(cmd, "annotate") && argc - i <= 1)
		ret = cmd_annotate(&db, argc - i ? argv[i] : NULL);
	else if (!strcmp(cmd, "list") && argc - i <= 1)
		ret = cmd_list(&db, argc - i ? argv[i] : NULL);
	else
		bad_usage();
	if (db.io_error && ret == 1)
		ret = 2;
	kmsg_db_free(&db);
	return ret;
}
