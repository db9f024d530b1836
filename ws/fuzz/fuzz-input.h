/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For the kmsg-gen fuzz targets, which build the real scripts/kmsg-*.c
 * into themselves with file_load() renamed to fuzz_file_load(): the
 * "file" FUZZ_PATH is the fuzzer's input, in a buffer of exactly its
 * size plus the NUL file_load() promises, so AddressSanitizer sees any
 * read past it (a mapped file would have the rest of its page there).
 */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#define FUZZ_PATH "fuzz-input"

static const uint8_t *fuzz_data;
static size_t fuzz_size;

int fuzz_file_load(struct file_data *fd, const char *path)
{
	memset(fd, 0, sizeof(*fd));
	if (strcmp(path, FUZZ_PATH)) {
		fprintf(stderr, "%s: %s\n", path, strerror(ENOENT));
		return -1;
	}
	fd->data = xmalloc(fuzz_size + 1);
	memcpy(fd->data, fuzz_data, fuzz_size);
	fd->data[fuzz_size] = '\0';
	fd->len = fuzz_size;
	return 0;
}

void fuzz_file_unload(struct file_data *fd)
{
	free(fd->data);
	memset(fd, 0, sizeof(*fd));
}

#endif
