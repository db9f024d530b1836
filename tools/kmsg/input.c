// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a log line by line, whatever it holds: plain text or a gzip, xz
 * or zstd stream (told by its magic bytes, decompressed with zlib,
 * liblzma or libzstd, each optional at build time), lines of any length,
 * NUL bytes, no newline at the end.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef HAVE_LZMA
#include <lzma.h>
#endif
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "kmsg.h"
#include "input.h"

static const struct {
	const char *name, *library;
	const unsigned char magic[6];
	size_t len;
	bool built_in;
} kinds[] = {
	[KMSG_IN_PLAIN] = { "plain", NULL, { 0 }, 0, true },
	[KMSG_IN_GZIP] = { "gzip", "zlib", { 0x1f, 0x8b }, 2,
#ifdef HAVE_ZLIB
			   true
#endif
	},
	[KMSG_IN_XZ] = { "xz", "liblzma", { 0xfd, '7', 'z', 'X', 'Z', 0 }, 6,
#ifdef HAVE_LZMA
			 true
#endif
	},
	[KMSG_IN_ZSTD] = { "zstd", "libzstd", { 0x28, 0xb5, 0x2f, 0xfd }, 4,
#ifdef HAVE_ZSTD
			   true
#endif
	},
};

/* Complain about the input, at the line reached, and stop reading it. */
static void input_error(struct kmsg_input *in, const char *what)
{
	p_err("%s:%lu: %s", in->name, in->lineno + 1, what);
	in->error = true;
	in->eof = true;
}

/*
 * What the file has now, up to @n bytes: a pipe's reader gets each line
 * as it arrives (journalctl -f, a syslog daemon's program destination),
 * so what was written about the lines before is flushed first.  0 at
 * the end of the file, -1 on an error.
 */
static ssize_t read_some(struct kmsg_input *in, void *buf, size_t n)
{
	ssize_t r;

	fflush(stdout);
	do
		r = read(fileno(in->f), buf, n);
	while (r < 0 && errno == EINTR);
	return r;
}

/* More compressed (or plain) bytes into in->raw; false at the end. */
static bool fill_raw(struct kmsg_input *in)
{
	ssize_t r;

	if (in->raw_pos < in->raw_len)
		return true;
	in->raw_pos = 0;
	in->raw_len = 0;
	if (in->raw_eof)
		return false;
	r = read_some(in, in->raw, sizeof(in->raw));
	if (r < 0)
		input_error(in, strerror(errno));
	if (r <= 0)
		in->raw_eof = true;
	else
		in->raw_len = r;
	return in->raw_len > 0;
}

#ifdef HAVE_ZLIB
static void gzip_free(struct kmsg_input *in)
{
	inflateEnd(in->dec);
	free(in->dec);
}

static size_t gzip_read(struct kmsg_input *in)
{
	z_stream *zs = in->dec;
	bool pending = in->pending;
	int ret;

	zs->next_out = in->out;
	zs->avail_out = sizeof(in->out);
	while (zs->avail_out == sizeof(in->out) && !in->eof) {
		if (!zs->avail_in && !pending) {
			if (!fill_raw(in)) {
				if (!in->error && !in->stream_end)
					input_error(in, "the gzip data ends early");
				in->eof = true;
				break;
			}
			zs->next_in = in->raw + in->raw_pos;
			zs->avail_in = in->raw_len - in->raw_pos;
			in->raw_pos = in->raw_len;
		}
		in->stream_end = false;
		pending = false;
		ret = inflate(zs, Z_NO_FLUSH);
		if (ret == Z_STREAM_END) {
			in->stream_end = true;
			if (!zs->avail_in && fill_raw(in)) {
				zs->next_in = in->raw + in->raw_pos;
				zs->avail_in = in->raw_len - in->raw_pos;
				in->raw_pos = in->raw_len;
			}
			/* another member follows, or the end (or junk: ignored) */
			if (zs->avail_in >= 2 && zs->next_in[0] == 0x1f &&
			    zs->next_in[1] == 0x8b)
				inflateReset(zs);
			else
				in->eof = true;
		} else if (ret != Z_OK && ret != Z_BUF_ERROR) {
			input_error(in, "the gzip data is corrupt");
		}
	}
	in->pending = !zs->avail_out;
	return sizeof(in->out) - zs->avail_out;
}

static bool gzip_init(struct kmsg_input *in)
{
	z_stream *zs = xcalloc(1, sizeof(*zs));

	in->dec = zs;
	return inflateInit2(zs, 15 + 16) == Z_OK;
}
#endif

#ifdef HAVE_LZMA
static void xz_free(struct kmsg_input *in)
{
	lzma_end(in->dec);
	free(in->dec);
}

static size_t xz_read(struct kmsg_input *in)
{
	lzma_stream *xs = in->dec;
	lzma_action action = LZMA_RUN;
	lzma_ret ret;

	xs->next_out = in->out;
	xs->avail_out = sizeof(in->out);
	while (xs->avail_out == sizeof(in->out) && !in->eof) {
		if (!xs->avail_in && fill_raw(in)) {
			xs->next_in = in->raw + in->raw_pos;
			xs->avail_in = in->raw_len - in->raw_pos;
			in->raw_pos = in->raw_len;
		}
		if (!xs->avail_in && in->raw_eof)
			action = LZMA_FINISH;
		ret = lzma_code(xs, action);
		if (ret == LZMA_STREAM_END)
			in->eof = true;
		else if (ret == LZMA_BUF_ERROR && action == LZMA_FINISH)
			input_error(in, "the xz data ends early");
		else if (ret != LZMA_OK)
			input_error(in, "the xz data is corrupt");
	}
	return sizeof(in->out) - xs->avail_out;
}

static bool xz_init(struct kmsg_input *in)
{
	lzma_stream init = LZMA_STREAM_INIT, *xs = xcalloc(1, sizeof(*xs));

	*xs = init;
	in->dec = xs;
	return lzma_stream_decoder(xs, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
}
#endif

#ifdef HAVE_ZSTD
static void zstd_free(struct kmsg_input *in)
{
	ZSTD_freeDStream(in->dec);
}

static size_t zstd_read(struct kmsg_input *in)
{
	ZSTD_outBuffer ob = { in->out, sizeof(in->out), 0 };
	bool pending = in->pending;
	ZSTD_inBuffer ib;
	size_t ret;

	while (!ob.pos && !in->eof) {
		if (!fill_raw(in) && !pending) {
			if (!in->error && !in->stream_end)
				input_error(in, "the zstd data ends early");
			in->eof = true;
			break;
		}
		ib.src = in->raw;
		ib.size = in->raw_len;
		ib.pos = in->raw_pos;
		ret = ZSTD_decompressStream(in->dec, &ob, &ib);
		in->raw_pos = ib.pos;
		pending = false;
		if (ZSTD_isError(ret))
			input_error(in, "the zstd data is corrupt");
		else
			in->stream_end = !ret;
	}
	in->pending = ob.pos == ob.size;
	return ob.pos;
}

static bool zstd_init(struct kmsg_input *in)
{
	in->dec = ZSTD_createDStream();
	return in->dec && !ZSTD_isError(ZSTD_initDStream(in->dec));
}
#endif

/* The next decompressed bytes into in->chunk; false at the end. */
static bool next_chunk(struct kmsg_input *in)
{
	size_t n = 0;

	if (in->kind == KMSG_IN_PLAIN) {
		if (!fill_raw(in))
			return false;
		in->chunk = in->raw + in->raw_pos;
		in->chunk_len = in->raw_len - in->raw_pos;
		in->raw_pos = in->raw_len;
		return true;
	}
	while (!n && !in->eof) {
#ifdef HAVE_ZLIB
		if (in->kind == KMSG_IN_GZIP)
			n = gzip_read(in);
#endif
#ifdef HAVE_LZMA
		if (in->kind == KMSG_IN_XZ)
			n = xz_read(in);
#endif
#ifdef HAVE_ZSTD
		if (in->kind == KMSG_IN_ZSTD)
			n = zstd_read(in);
#endif
	}
	in->chunk = in->out;
	in->chunk_len = n;
	return n > 0;
}

/* Which kind of stream starts with the bytes read so far; set it up. */
static bool start_decoder(struct kmsg_input *in)
{
	bool ok = true;
	int k;

	for (k = KMSG_IN_GZIP; k <= KMSG_IN_ZSTD; k++)
		if (in->raw_len >= kinds[k].len &&
		    !memcmp(in->raw, kinds[k].magic, kinds[k].len))
			break;
	if (k > KMSG_IN_ZSTD)
		return true;	/* plain */
	if (!kinds[k].built_in) {
		p_err("%s: cannot read %s-compressed data: %s%s",
		      in->name, kinds[k].name, "this kmsg was built without ",
		      kinds[k].library);
		in->error = true;
		in->eof = true;
		return false;
	}
	in->kind = k;
#ifdef HAVE_ZLIB
	if (k == KMSG_IN_GZIP)
		ok = gzip_init(in);
#endif
#ifdef HAVE_LZMA
	if (k == KMSG_IN_XZ)
		ok = xz_init(in);
#endif
#ifdef HAVE_ZSTD
	if (k == KMSG_IN_ZSTD)
		ok = zstd_init(in);
#endif
	if (!ok)
		input_error(in, "cannot set up the decompressor");
	return ok;
}

/**
 * kmsg_input_open() - open a log for kmsg_input_line()
 * @in: the reader
 * @path: a file, or NULL or "-" for standard input
 * @name: how messages name it (the path when NULL)
 *
 * Return: false, with a message, if it cannot be read.
 */
bool kmsg_input_open(struct kmsg_input *in, const char *path, const char *name)
{
	ssize_t n;

	memset(in, 0, sizeof(*in));
	in->f = stdin;
	in->name = name ? name : path && strcmp(path, "-") ? path : "stdin";
	if (path && strcmp(path, "-")) {
		in->f = fopen(path, "rb");
		if (!in->f) {
			p_err("%s: %s", in->name, strerror(errno));
			return false;
		}
	}
	/* enough bytes to tell the kind: a pipe may give them piecemeal */
	while (in->raw_len < 6) {
		n = read_some(in, in->raw + in->raw_len, 6 - in->raw_len);
		if (n < 0) {
			p_err("%s: %s", in->name, strerror(errno));
			kmsg_input_close(in);
			return false;
		}
		if (!n)
			break;
		in->raw_len += n;
	}
	return start_decoder(in);
}

void kmsg_input_close(struct kmsg_input *in)
{
#ifdef HAVE_ZLIB
	if (in->kind == KMSG_IN_GZIP && in->dec)
		gzip_free(in);
#endif
#ifdef HAVE_LZMA
	if (in->kind == KMSG_IN_XZ && in->dec)
		xz_free(in);
#endif
#ifdef HAVE_ZSTD
	if (in->kind == KMSG_IN_ZSTD && in->dec)
		zstd_free(in);
#endif
	in->dec = NULL;
	if (in->f && in->f != stdin)
		fclose(in->f);
	in->f = NULL;
	free(in->line);
	in->line = NULL;
}

/**
 * kmsg_input_line() - the next line of a log
 * @in: the reader
 * @len: set to the line's length, without its newline
 *
 * The line may hold any bytes, NUL included; a NUL follows it.
 *
 * Return: the line, valid until the next call, or NULL at the end.
 */
char *kmsg_input_line(struct kmsg_input *in, size_t *len)
{
	size_t n = 0;

	for (;;) {
		const unsigned char *nl;
		size_t take;

		if (in->pos == in->chunk_len) {
			in->pos = 0;
			if (!next_chunk(in)) {
				in->chunk_len = 0;
				break;
			}
		}
		nl = memchr(in->chunk + in->pos, '\n', in->chunk_len - in->pos);
		take = (nl ? (size_t)(nl - in->chunk) : in->chunk_len) - in->pos;
		if (n + take + 1 > in->cap) {
			in->cap = (n + take + 1) * 2;
			in->line = xrealloc(in->line, in->cap);
		}
		memcpy(in->line + n, in->chunk + in->pos, take);
		n += take;
		in->pos += take + !!nl;
		if (nl)
			goto line;
	}
	if (!n)
		return NULL;
line:
	in->line[n] = '\0';
	in->lineno++;
	*len = n;
	return in->line;
}
