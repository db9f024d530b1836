// SPDX-License-Identifier: GPL-2.0
/*
 * A main() for the fuzz targets when libFuzzer is not there (gcc, or
 * clang without its fuzzer runtime): runs LLVMFuzzerTestOneInput() once
 * on each FILE, as libFuzzer does when given files, so the regression
 * inputs run through a plain -fsanitize=address,undefined build.
 *
 *   TARGET FILE...
 *
 * Exit status: 0, or 2 if a FILE cannot be read; a sanitizer report
 * ends the process with its own status.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int run_file(const char *path)
{
	size_t len = 0, cap = 4096, n;
	uint8_t *buf = malloc(cap), *exact;
	FILE *f = fopen(path, "rb");

	if (!f || !buf) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		free(buf);
		if (f)
			fclose(f);
		return 2;
	}
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: read error\n", path);
		fclose(f);
		free(buf);
		return 2;
	}
	fclose(f);
	/* exactly the input's size, so any overread is caught */
	exact = malloc(len ? len : 1);
	if (!exact)
		abort();
	memcpy(exact, buf, len);
	free(buf);
	fprintf(stderr, "running %s (%zu bytes)\n", path, len);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

int main(int argc, char **argv)
{
	int i, ret = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++)
		if (run_file(argv[i]))
			ret = 2;
	return ret;
}
