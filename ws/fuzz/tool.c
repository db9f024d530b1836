// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target "tool": the readers of tools/kmsg (db.c, linked as it is),
 * all on the same input each run:
 *
 *  - as the value of each of the five sysfs files of the entry
 *    sysfs.7 (<dir>/sysfs/sysfs/7/text and so on are symlinks to the
 *    input file), read by kmsg_db_lookup();
 *  - as the installed catalog file (kmsg_db_load_catalog());
 *  - line by line as the log "kmsg annotate" reads: each line through
 *    kmsg_logline_parse() (the log formats) and kmsg_identify() (tags,
 *    the format matcher against the entries of the catalog and sysfs
 *    above), the line and the values
 *    matched through json_string() (to /dev/null), and a line that is a
 *    tag looked up as "kmsg explain TAG" does; then "kmsg list" (for an
 *    input whose size is a multiple of 4).
 *
 * So one input can hold catalog lines and log lines that match them.
 * The input file lives in a fresh folder in /dev/shm (or $TMPDIR),
 * removed at exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kmsg.h"
#include "logline.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fields[] = {
	"severity", "text", "parameters", "description", "user_action",
};

static char dir[256], input[300], sysfs[300];
static FILE *null;

static void path(char *buf, size_t size, const char *fmt, const char *arg)
{
	if ((size_t)snprintf(buf, size, fmt, dir, arg) >= size)
		abort();
}

static void cleanup(void)
{
	char p[512];
	unsigned int i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		path(p, sizeof(p), "%s/sysfs/sysfs/7/%s", fields[i]);
		unlink(p);
	}
	path(p, sizeof(p), "%s/sysfs/sysfs/7%s", "");
	rmdir(p);
	path(p, sizeof(p), "%s/sysfs/sysfs%s", "");
	rmdir(p);
	rmdir(sysfs);
	unlink(input);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	struct stat st;
	char p[512];
	unsigned int i;

	(void)argc;
	(void)argv;
	if (!stat("/dev/shm", &st) && S_ISDIR(st.st_mode) && !access("/dev/shm", W_OK))
		tmp = "/dev/shm";
	snprintf(dir, sizeof(dir), "%s/kmsg-fuzz-tool.XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		exit(2);
	}
	atexit(cleanup);
	path(input, sizeof(input), "%s/input%s", "");
	path(sysfs, sizeof(sysfs), "%s/sysfs%s", "");
	if (mkdir(sysfs, 0755))
		goto fail;
	path(p, sizeof(p), "%s/sysfs/sysfs%s", "");
	if (mkdir(p, 0755))
		goto fail;
	path(p, sizeof(p), "%s/sysfs/sysfs/7%s", "");
	if (mkdir(p, 0755))
		goto fail;
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		path(p, sizeof(p), "%s/sysfs/sysfs/7/%s", fields[i]);
		if (symlink("../../../input", p))
			goto fail;
	}
	null = fopen("/dev/null", "w");
	if (!null)
		goto fail;
	return 0;
fail:
	perror(p);
	exit(2);
}

static void write_input(const uint8_t *data, size_t size)
{
	int fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0) {
		perror(input);
		abort();
	}
	while (size) {
		n = write(fd, data, size);
		if (n <= 0) {
			perror(input);
			abort();
		}
		data += n;
		size -= n;
	}
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct kmsg_entry **all, *e;
	const uint8_t *p = data, *end = data + size;
	struct kmsg_db db;
	int i, n;

	write_input(data, size);
	kmsg_db_init(&db, sysfs, input, NULL);
	e = kmsg_db_lookup(&db, "sysfs.7");
	if (e)
		json_string(null, e->text, -1);
	kmsg_db_load_catalog(&db);

	while (p < end) {
		const uint8_t *nl = memchr(p, '\n', end - p);
		size_t len = (nl ? nl : end) - p;
		struct kmsg_matches ms = { 0 };
		struct kmsg_logline l;
		char *line = malloc(len + 1);	/* as kmsg_input_line() leaves it */
		unsigned int id;
		int j;

		if (!line)
			abort();
		memcpy(line, p, len);
		line[len] = '\0';
		p = nl ? nl + 1 : end;

		kmsg_logline_parse(&l, line);
		if (l.msg)
			kmsg_identify(&db, l.msg, &ms);
		json_string(null, line, len);
		for (j = 0; j < ms.nr; j++) {
			json_string(null, ms.m[j].entry->parameters, -1);
			for (i = 0; i < ms.m[j].v.nr; i++)
				json_string(null, ms.m[j].v.val[i], -1);
		}
		kmsg_matches_free(&ms);
		kmsg_logline_free(&l);
		if (kmsg_tag_valid(line, strlen(line), &id)) {
			e = kmsg_db_lookup(&db, line);
			if (e)
				json_string(null, e->description, -1);
		}
		free(line);
	}

	/*
	 * "kmsg list": the lines of a component ran most of it already, and
	 * it reads the sysfs folders again; one input in four is enough.
	 */
	if (!(size % 4)) {
		n = kmsg_db_all(&db, NULL, &all);
		for (i = 0; i < n; i++)
			if (!all[i]->tag[0])
				abort();
		free(all);
	}
	kmsg_db_free(&db);
	return 0;
}
