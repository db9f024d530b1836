/* SPDX-License-Identifier: GPL-2.0 */
/* Reading logs line by line: plain, gzip, xz or zstd. */
#ifndef KMSG_INPUT_H
#define KMSG_INPUT_H

#include <stdbool.h>
#include <stdio.h>

enum kmsg_input_kind { KMSG_IN_PLAIN, KMSG_IN_GZIP, KMSG_IN_XZ, KMSG_IN_ZSTD };

struct kmsg_input {
	const char *name;		/* for messages */
	FILE *f;
	enum kmsg_input_kind kind;
	void *dec;			/* the decompressor's state */
	unsigned char raw[65536];	/* bytes as read */
	size_t raw_pos, raw_len;
	bool raw_eof;
	unsigned char out[65536];	/* decompressed bytes */
	const unsigned char *chunk;	/* the bytes being cut into lines */
	size_t chunk_len, pos;
	bool eof;			/* no more data from the decompressor */
	bool pending;			/* it has output it could not give yet */
	bool stream_end;		/* it is at the end of a stream */
	bool error;			/* a read or decompression error */
	char *line;
	size_t cap;
	unsigned long lineno;		/* lines returned */
};

bool kmsg_input_open(struct kmsg_input *in, const char *path, const char *name);
char *kmsg_input_line(struct kmsg_input *in, size_t *len);
void kmsg_input_close(struct kmsg_input *in);

#endif
