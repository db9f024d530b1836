// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: helpers of every part of the tool - memory, growable strings,
 * string arenas, files and severity names.
 *
 * Why not scripts/include/ (which kbuild puts on the include path):
 *  - xalloc.h's helpers exit with status 1 and no message, and 1 is
 *    kmsg-gen's status for findings of --check; running out of memory
 *    is status 2 here, with a message;
 *  - hash.h and hashtable.h hash a byte at a time into chained lists, a
 *    node per entry; the tag and string tables of kmsg-gen are open
 *    addressing over arrays sized once, with hash_mem() taking 8 bytes
 *    at a time (make bench times 10,000 descriptions against the 2008
 *    script); list.h has no list here to serve;
 *  - the host tests and fuzz targets (tests/10, tests/12, ws/fuzz) build
 *    kmsg-gen from this project's files alone, without a kernel tree.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kmsg-gen.h"

/* include/linux/kmsg_catalog.h's names, level 0 (KERN_EMERG) first */
static const char *const severities[] = { KMSG_SEVERITY_NAMES };

#define NR_LEVELS ((int)ARRAY_SIZE(severities))
static_assert(ARRAY_SIZE(severities) == KMSG_NR_LEVELS, "severity names");

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "kmsg-gen: out of memory\n");
		exit(2);
	}
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "kmsg-gen: out of memory\n");
		exit(2);
	}
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* Growable string */

/* Make room for @n more bytes and the NUL (sb_add() does the rest). */
void sb_grow(struct strbuf *sb, size_t n)
{
	sb->cap = (sb->len + n + 1) * 2;
	sb->buf = xrealloc(sb->buf, sb->cap);
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < (int)sizeof(tmp)) {
		sb_add(sb, tmp, n);
		return;
	}
	sb_add(sb, "", 0);
	if (sb->len + n + 1 > sb->cap) {
		sb->cap = sb->len + n + 1;
		sb->buf = xrealloc(sb->buf, sb->cap);
	}
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, n + 1, fmt, ap);
	va_end(ap);
	sb->len += n;
}

char *sb_take(struct strbuf *sb)
{
	char *s = sb->buf ? sb->buf : xstrndup("", 0);

	sb->buf = NULL;
	sb->len = 0;
	sb->cap = 0;
	return s;
}

/* Arena: strings that live as long as what holds the arena */

struct arena_chunk {
	struct arena_chunk *next;
	char data[];
};

#define ARENA_CHUNK	(256 * 1024)

static void *arena_alloc(struct arena *a, size_t n)
{
	char *p;

	/* align what follows unaligned strings */
	a->pos = (char *)(((uintptr_t)a->pos + 7) & ~(uintptr_t)7);
	if (a->pos > a->end)
		a->pos = a->end;
	n = (n + 7) & ~(size_t)7;
	if ((size_t)(a->end - a->pos) < n) {
		size_t size = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;
		struct arena_chunk *c = xmalloc(sizeof(*c) + size);

		c->next = a->chunks;
		a->chunks = c;
		/* a big one-off gets a chunk of its own; keep filling the old */
		if (size != ARENA_CHUNK)
			return c->data;
		a->pos = c->data;
		a->end = c->data + size;
	}
	p = a->pos;
	a->pos += n;
	return p;
}

/* A copy of @n bytes at @s with a NUL added; strings are not aligned. */
char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *d;

	if ((size_t)(a->end - a->pos) > n) {
		d = a->pos;
		a->pos += n + 1;
	} else {
		d = arena_alloc(a, n + 1);
	}
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

void arena_free(struct arena *a)
{
	while (a->chunks) {
		struct arena_chunk *c = a->chunks;

		a->chunks = c->next;
		free(c);
	}
	a->pos = NULL;
	a->end = NULL;
}

/* Files */

/**
 * file_load() - the contents of a file, mapped when it is a regular file
 * @fd: filled in; file_unload() releases it
 * @path: the file
 *
 * The data is followed by a NUL byte, as a C string would be: a mapping
 * of a file that does not end on a page boundary has zeros after it,
 * other files are read into memory.
 *
 * Return: 0, or -1 after printing why @path cannot be read.
 */
int file_load(struct file_data *fd, const char *path)
{
	struct strbuf sb = { 0 };
	struct stat st;
	char chunk[65536];
	ssize_t n;
	int f;

	memset(fd, 0, sizeof(*fd));
	f = open(path, O_RDONLY);
	if (f < 0)
		goto fail;
	if (!fstat(f, &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    st.st_size % sysconf(_SC_PAGESIZE)) {
		void *p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, f, 0);

		if (p != MAP_FAILED) {
			close(f);
			fd->data = p;
			fd->len = st.st_size;
			fd->mapped = true;
			return 0;
		}
	}
	while ((n = read(f, chunk, sizeof(chunk))) > 0)
		sb_add(&sb, chunk, n);
	if (n < 0) {
		int err = errno;

		free(sb.buf);
		close(f);
		errno = err;
		goto fail;
	}
	close(f);
	fd->len = sb.len;
	fd->data = sb_take(&sb);	/* NUL-terminated, even if empty */
	return 0;
fail:
	fprintf(stderr, "%s: %s\n", path, strerror(errno));
	return -1;
}

void file_unload(struct file_data *fd)
{
	if (fd->mapped)
		munmap(fd->data, fd->len);
	else
		free(fd->data);
	memset(fd, 0, sizeof(*fd));
}

/* A hash of @n bytes at @s, a word at a time. */
unsigned int hash_mem(const char *s, size_t n)
{
	u64 h = 0x9e3779b97f4a7c15ull ^ n, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (((h << 5) | (h >> 59)) ^ w) * 0x9e3779b97f4a7c15ull;
	}
	w = 0;
	memcpy(&w, s, n);
	h = (((h << 5) | (h >> 59)) ^ w) * 0x9e3779b97f4a7c15ull;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return (unsigned int)h;
}

/* Names and values */

/* The level of the @len bytes at @name, or -1 */
int severity_level_n(const char *name, size_t len)
{
	int i;

	for (i = 0; i < NR_LEVELS; i++)
		if (len == strlen(severities[i]) &&
		    !memcmp(name, severities[i], len))
			return i;
	return -1;
}

const char *severity_name(int level)
{
	return level >= 0 && level < NR_LEVELS ? severities[level] : "?";
}

/**
 * output_open() - start writing a file under a temporary name
 * @out: filled in
 * @path: the file, or "-" for standard output
 *
 * The data goes to "<path>.tmp<pid>" in the same folder, which
 * output_close() renames to @path once all of it is written: nobody
 * sees a half-written file at @path.  A @path that exists and is not a
 * regular file (/dev/null, a pipe) is written as it is.
 *
 * Return: 0, or -1 after saying why the file cannot be written.
 */
int output_open(struct output *out, const char *path)
{
	struct strbuf sb = { 0 };
	struct stat st;

	out->path = path;
	out->tmp = NULL;
	if (!strcmp(path, "-")) {
		out->f = stdout;
		return 0;
	}
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		out->f = fopen(path, "w");
		if (!out->f)
			fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return out->f ? 0 : -1;
	}
	sb_printf(&sb, "%s.tmp%ld", path, (long)getpid());
	out->tmp = sb_take(&sb);
	out->f = fopen(out->tmp, "w");
	if (!out->f) {
		fprintf(stderr, "%s: %s\n", out->tmp, strerror(errno));
		free(out->tmp);
		out->tmp = NULL;
		return -1;
	}
	return 0;
}

/**
 * output_remove() - remove what a failed run leaves at @path
 * @path: the file; "-" (standard output) and anything but a regular file
 *	  (/dev/null) are left alone
 */
void output_remove(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") && !lstat(path, &st) && S_ISREG(st.st_mode))
		unlink(path);
}

/**
 * output_close() - finish a file output_open() began
 * @out: the file
 * @keep: false to throw away what was written (the run failed)
 *
 * Return: 0 when @keep and everything was written and the file renamed
 * to its name; -1 otherwise (a write error is reported), with the
 * temporary file removed and no file left at the name either, so that
 * an old one is not taken for this run's (make would link a stale
 * catalog).
 */
int output_close(struct output *out, bool keep)
{
	bool ok = !ferror(out->f);

	if (out->f == stdout) {
		ok &= !fflush(stdout);
	} else if (!out->tmp) {
		ok &= !fclose(out->f);
	} else {
		ok &= !fclose(out->f);
		if (ok && keep && rename(out->tmp, out->path))
			ok = false;
		if (!ok || !keep) {
			unlink(out->tmp);
			output_remove(out->path);
		}
		free(out->tmp);
	}
	if (!ok)
		fprintf(stderr, "%s: write error: %s\n", out->path, strerror(errno));
	out->f = NULL;
	out->tmp = NULL;
	return ok && keep ? 0 : -1;
}
