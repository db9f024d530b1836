// SPDX-License-Identifier: GPL-2.0
/*
 * For tests/10-kmsg-gen.sh: read a catalog section (in the host's byte
 * order) as the kernel does, with kmsg_catalog_validate() of
 * kernel/kmsg_catalog_validate.c and the structures of
 * include/linux/kmsg_catalog.h,
 * built for user space against ws/fuzz/kshim.  Prints one line per entry,
 * or why the section was rejected (exit 1).
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/kmsg_catalog.h>

int main(int argc, char **argv)
{
	static u64 words[(1 << 20) / sizeof(u64)];	/* aligned as a section */
	char *buf = (char *)words;
	const char *p = buf, *why;
	size_t size;
	FILE *f;
	int n;

	f = argc == 2 ? fopen(argv[1], "rb") : NULL;
	if (!f)
		return 2;
	size = fread(buf, 1, sizeof(words), f);
	fclose(f);
	n = kmsg_catalog_validate(buf, size, &why);
	if (n < 0) {
		printf("rejected: %s\n", why);
		return 1;
	}
	while (p < buf + size) {
		const struct kmsg_catalog_header *hdr = (const void *)p;
		const struct kmsg_catalog_entry *e = (const void *)(hdr + 1);
		const char *strings = (const char *)(e + hdr->nr_entries);
		u32 i;

		for (i = 0; i < hdr->nr_entries; i++, e++)
			printf("%s.%u level %u flags %u text \"%s\"\n",
			       strings + e->component, e->id, e->level, e->flags,
			       strings + e->text);
		p = strings + hdr->strings_size;
		p += -(size_t)(p - buf) % KMSG_CATALOG_ALIGN;
	}
	printf("%d entries\n", n);
	return 0;
}
