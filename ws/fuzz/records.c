// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target "records": the object reader of scripts/kmsg-gen, as
 * "kmsg-gen catalog --check --data /dev/null -o /dev/null OBJECT" runs
 * it: records_read() on the input as an ELF object of either class and
 * byte order, then what catalog_run() does with the records it found
 * (sorting, tag checks, the --check report, the catalog in the object's
 * byte order, written to /dev/null).
 *
 * scripts/kmsg-records.c, kmsg-check.c and kmsg-catalog.c are built into this
 * file unmodified, with file_load() renamed so that the input is the
 * object (fuzz-input.h), and stat() renamed so that no description file
 * is ever found: the source file names in the records come from the
 * input, and the fuzzer is not to read the machine's files.
 * scripts/kmsg-parse.c and scripts/kmsg-util.c are linked as they are.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

static int fuzz_stat(const char *path, struct stat *st)
{
	(void)path;
	(void)st;
	errno = ENOENT;
	return -1;
}

#define stat(path, st) fuzz_stat(path, st)
#define file_load fuzz_file_load
#define file_unload fuzz_file_unload
#include "kmsg-records.c"
#include "kmsg-check.c"
#include "kmsg-catalog.c"
#include "kmsg-man.c"
#include "kmsg-commands.c"
#include "fuzz-input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct catalog_opts o = {
		.check = true, .srctree = "/nonexistent", .srcarch = "s390",
		.out = "/dev/null", .data = "/dev/null", .object = FUZZ_PATH,
	};

	/* per-process counters of kmsg-check.c: one object per run here */
	parse_errors = 0;
	bad_tags = 0;
	fuzz_data = data;
	fuzz_size = size;
	catalog_run(&o);
	return 0;
}
