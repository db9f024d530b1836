// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target "validate": kmsg_catalog_validate() of
 * kernel/kmsg_catalog_validate.c,
 * built unmodified for user space against the stub headers in kshim/,
 * on the input as a .kmsg_catalog section in the host's byte order.
 *
 * When it accepts the section, everything the kernel then reads of it
 * (kmsg_owner_publish(), the sysfs and procfs show functions) is read
 * here too: each catalog's entries and every string they name, the
 * severity name of each level.  A check missing from the validator
 * becomes a read out of bounds that AddressSanitizer reports; a count
 * that differs, or a rejection without a reason, aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kmsg_catalog.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const severities[KMSG_NR_LEVELS] = { KMSG_SEVERITY_NAMES };

static size_t walk(const char *p, size_t size)
{
	const char *end = p + size;
	volatile size_t sum __attribute__((unused)) = 0;
	size_t total = 0;

	while (p < end) {
		const struct kmsg_catalog_header *hdr = (const void *)p;
		const struct kmsg_catalog_entry *e = (const void *)(hdr + 1);
		const char *strings = (const char *)(e + hdr->nr_entries);
		u32 i;

		for (i = 0; i < hdr->nr_entries; i++, e++) {
			sum += strlen(strings + e->component);
			sum += strlen(strings + e->text);
			sum += strlen(strings + e->parameters);
			sum += strlen(strings + e->description);
			sum += strlen(strings + e->user_action);
			sum += strlen(severities[e->level]);
			sum += e->id + e->flags;
		}
		total += hdr->nr_entries;
		p += (sizeof(*hdr) + hdr->nr_entries * sizeof(*e) +
		      hdr->strings_size + 3) & ~(size_t)3;
	}
	return total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a copy of exactly the input's size, 4-byte aligned as sections are */
	char *buf = malloc(size ? size : 1);
	const char *why = NULL;
	int n;

	if (!buf)
		abort();
	memcpy(buf, data, size);
	n = kmsg_catalog_validate(buf, size, &why);
	if (n < 0 && !why) {
		fprintf(stderr, "rejected (%d) without a reason\n", n);
		abort();
	}
	if (n >= 0 && walk(buf, size) != (size_t)n) {
		fprintf(stderr, "accepted with %d entries, but the section has others\n", n);
		abort();
	}
	free(buf);
	return 0;
}
