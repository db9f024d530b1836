// SPDX-License-Identifier: GPL-2.0
/*
 * The logs named on the command line, line by line: standard input,
 * files, and directories (an unpacked sosreport or supportconfig), in
 * which every regular file whose content looks like a kernel log is read,
 * in the order of their names; symbolic links are not followed, so a
 * sosreport's links to its own files do not count twice.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kmsg.h"
#include "input.h"
#include "logline.h"
#include "logs.h"

/* How far into a file to look for a line of a kernel log */
#define SNIFF_LINES 20000

struct names {
	char **v;
	size_t nr, cap;
};

static void names_add(struct names *n, char *s)
{
	if (n->nr == n->cap) {
		n->cap = n->cap ? n->cap * 2 : 16;
		n->v = xrealloc(n->v, n->cap * sizeof(*n->v));
	}
	n->v[n->nr++] = s;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* The regular files under @dir, recursively, into @files. */
static void walk(const char *dir, struct names *files, bool *error)
{
	struct names here = { 0 };
	struct dirent *d;
	struct stat st;
	size_t i;
	DIR *dh;

	dh = opendir(dir);
	if (!dh) {
		p_err("%s: %s", dir, strerror(errno));
		*error = true;
		return;
	}
	while ((d = readdir(dh))) {
		char *path;

		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		path = xcalloc(strlen(dir) + strlen(d->d_name) + 2, 1);
		sprintf(path, "%s/%s", dir, d->d_name);
		names_add(&here, path);
	}
	closedir(dh);
	qsort(here.v, here.nr, sizeof(*here.v), cmp_name);
	for (i = 0; i < here.nr; i++) {
		if (lstat(here.v[i], &st)) {
			free(here.v[i]);
		} else if (S_ISDIR(st.st_mode)) {
			walk(here.v[i], files, error);
			free(here.v[i]);
		} else if (S_ISREG(st.st_mode)) {
			names_add(files, here.v[i]);
		} else {
			free(here.v[i]);
		}
	}
	free(here.v);
}

/* Does the file hold a line of a kernel log near its start? */
static bool looks_like_kernel_log(const char *path, bool *error)
{
	struct kmsg_logline l;
	struct kmsg_input in;
	bool found = false;
	const char *line;
	size_t len;

	if (!kmsg_input_open(&in, path, NULL)) {
		*error = true;
		return false;
	}
	while (!found && in.lineno < SNIFF_LINES &&
	       (line = kmsg_input_line(&in, &len))) {
		kmsg_logline_parse(&l, line);
		found = kmsg_logline_is_kernel(&l);
		kmsg_logline_free(&l);
	}
	kmsg_input_close(&in);
	return found;
}

/* Every line of one log to @v; false on an error. */
static bool read_log(struct kmsg_log_visitor *v, const char *path)
{
	struct kmsg_input in;
	const char *line;
	bool ok;
	size_t len;

	if (!kmsg_input_open(&in, path, NULL))
		return false;
	if (v->file)
		v->file(v, in.name);
	while ((line = kmsg_input_line(&in, &len)))
		v->line(v, in.name, in.lineno, line, len);
	ok = !in.error;
	kmsg_input_close(&in);
	return ok;
}

/**
 * kmsg_logs_read() - every line of the logs named by @paths to @v
 * @v: what to do with each line (and at the start of each file)
 * @paths: files and directories; none, or "-": standard input
 * @n: how many
 *
 * Sets v->many when lines come from more than one file or from a
 * directory, before the first line.
 *
 * Return: false if a log could not be read (all are tried).
 */
bool kmsg_logs_read(struct kmsg_log_visitor *v, char **paths, int n)
{
	struct names files = { 0 };
	bool error = false;
	struct stat st;
	size_t i;
	int k;

	if (!n)
		return read_log(v, NULL);
	for (k = 0; k < n; k++) {
		if (strcmp(paths[k], "-") && !stat(paths[k], &st) &&
		    S_ISDIR(st.st_mode)) {
			struct names found = { 0 };

			walk(paths[k], &found, &error);
			for (i = 0; i < found.nr; i++) {
				if (looks_like_kernel_log(found.v[i], &error))
					names_add(&files, found.v[i]);
				else
					free(found.v[i]);
			}
			free(found.v);
			v->many = true;
		} else {
			names_add(&files, xstrndup(paths[k], strlen(paths[k])));
		}
	}
	v->many |= files.nr > 1;
	for (i = 0; i < files.nr; i++) {
		error |= !read_log(v, files.v[i]);
		free(files.v[i]);
	}
	free(files.v);
	return !error;
}
