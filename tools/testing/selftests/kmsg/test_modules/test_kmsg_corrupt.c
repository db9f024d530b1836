// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose .kmsg_catalog section is corrupt: its string table
 * claims more bytes than the section has.  It must load all the same,
 * without a catalog, and the kernel must say why in one line.
 */
#include <linux/kmsg_catalog.h>
#include <linux/module.h>

static const struct {
	struct kmsg_catalog_header hdr;
	struct kmsg_catalog_entry ent;
	char strings[8];
} corrupt __used __section(".kmsg_catalog") __aligned(4) = {
	.hdr = {
		.magic = KMSG_CATALOG_MAGIC,
		.version = KMSG_CATALOG_VERSION,
		.entry_size = sizeof(struct kmsg_catalog_entry),
		.nr_entries = 1,
		.strings_size = 4096,
	},
	.ent = { .component = 1, .id = 1, .level = 3 },
	.strings = "\0broken",
};

static int __init test_kmsg_corrupt_init(void)
{
	pr_info("test_kmsg_corrupt: init ran\n");
	return 0;
}

static void __exit test_kmsg_corrupt_exit(void)
{
}

module_init(test_kmsg_corrupt_init);
module_exit(test_kmsg_corrupt_exit);
MODULE_DESCRIPTION("kmsg selftest: a module with a corrupt catalog section");
MODULE_LICENSE("GPL");
