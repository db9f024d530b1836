// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target "desc": the description parser of scripts/kmsg-gen, as
 * "kmsg-gen dump FILE" runs it: desc_parse_file() on the input, every
 * description found printed as JSON (to /dev/null), the set freed.
 *
 * scripts/kmsg-parse.c is built into this file unmodified, with
 * file_load() renamed so that the input is the file (fuzz-input.h);
 * scripts/kmsg-util.c (the helpers) is linked as it is.
 *
 * The set's string arena starts with a chunk of 256 KiB, which the
 * allocator of AddressSanitizer maps and unmaps on every run; on a
 * virtual machine that costs three times the parsing.  So the arena of
 * most runs starts in one chunk of that size kept from run to run (with
 * ASan's red zones around it like any block); an input whose size is a
 * multiple of 8 gets a fresh arena, as "kmsg-gen dump" does, so the
 * arena's own allocation is fuzzed too.
 */
#include <stdint.h>
#include <stdio.h>

#define file_load fuzz_file_load
#define file_unload fuzz_file_unload
#include "kmsg-parse.c"
#include "fuzz-input.h"

#define ARENA_CHUNK	(256 * 1024)	/* as in scripts/kmsg-util.c */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	static char *chunk;
	struct desc_set set = { 0 };
	int i;

	if (!null) {
		null = fopen("/dev/null", "w");
		chunk = xmalloc(ARENA_CHUNK);
	}
	if (size % 8) {
		set.arena.pos = chunk;
		set.arena.end = chunk + ARENA_CHUNK;
	}
	fuzz_data = data;
	fuzz_size = size;
	desc_parse_file(&set, FUZZ_PATH);
	for (i = 0; i < set.nr; i++)
		desc_print_json(null, &set.descs[i]);
	desc_set_free(&set);
	return 0;
}
