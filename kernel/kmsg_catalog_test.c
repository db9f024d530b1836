// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of kmsg_catalog_validate(): a well-formed catalog section
 * passes, and each way of breaking one is caught with its reason.
 */
#include <kunit/test.h>
#include <linux/align.h>
#include <linux/kmsg_catalog.h>
#include <linux/string.h>

#define STRINGS "\0xpram\0%d is bad\0@1: count\0desc\0act"

struct test_catalog {
	struct kmsg_catalog_header hdr;
	struct kmsg_catalog_entry ent[2];
	char strings[sizeof(STRINGS)];
} __aligned(4);

static void build(struct test_catalog *c)
{
	memset(c, 0, sizeof(*c));
	c->hdr.magic = KMSG_CATALOG_MAGIC;
	c->hdr.version = KMSG_CATALOG_VERSION;
	c->hdr.entry_size = sizeof(struct kmsg_catalog_entry);
	c->hdr.nr_entries = 2;
	c->hdr.strings_size = sizeof(STRINGS);
	memcpy(c->strings, STRINGS, sizeof(STRINGS));
	c->ent[0] = (struct kmsg_catalog_entry) {
		.component = 1, .text = 7, .parameters = 17,
		.description = 27, .user_action = 32, .id = 1, .level = 3,
		.flags = KMSG_ENTRY_DESCRIBED,
	};
	c->ent[1] = c->ent[0];
	c->ent[1].id = 2;
}

static int validate(struct test_catalog *c, size_t size, const char **why)
{
	*why = NULL;
	return kmsg_catalog_validate(c, size, why);
}

static void kmsg_validate_good(struct kunit *test)
{
	struct test_catalog *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	const char *why;

	KUNIT_ASSERT_NOT_NULL(test, c);
	build(c);
	KUNIT_EXPECT_EQ(test, validate(c, sizeof(*c), &why), 2);
	KUNIT_EXPECT_NULL(test, why);
	/* An empty section is valid and holds nothing. */
	KUNIT_EXPECT_EQ(test, validate(c, 0, &why), 0);
}

struct bad_case {
	const char *name;
	void (*breakit)(struct test_catalog *c, size_t *size);
	const char *why;
};

static void bad_magic(struct test_catalog *c, size_t *size)
{
	c->hdr.magic ^= 1;
}

static void bad_version(struct test_catalog *c, size_t *size)
{
	c->hdr.version = 99;
}

static void bad_entry_size(struct test_catalog *c, size_t *size)
{
	c->hdr.entry_size = 20;
}

static void truncated(struct test_catalog *c, size_t *size)
{
	*size = 10;
}

static void too_many_entries(struct test_catalog *c, size_t *size)
{
	c->hdr.nr_entries = 0x10000000;
}

static void strings_past_end(struct test_catalog *c, size_t *size)
{
	c->hdr.strings_size = 4096;
}

static void no_nul(struct test_catalog *c, size_t *size)
{
	c->strings[sizeof(STRINGS) - 1] = 'x';
}

static void offset_out_of_range(struct test_catalog *c, size_t *size)
{
	c->ent[1].description = sizeof(STRINGS);
}

static void bad_component(struct test_catalog *c, size_t *size)
{
	c->ent[0].component = 7;	/* "%d is bad" */
}

/* "xpra\xe9": a letter of Latin-1, which the kernel's isalpha() accepts */
static void latin1_component(struct test_catalog *c, size_t *size)
{
	c->strings[5] = (char)0xe9;
}

static void user_action_out_of_range(struct test_catalog *c, size_t *size)
{
	c->ent[0].user_action = sizeof(STRINGS) + 3;
}

static void id_zero(struct test_catalog *c, size_t *size)
{
	c->ent[0].id = 0;
}

static void bad_level(struct test_catalog *c, size_t *size)
{
	c->ent[1].level = 7;
}

static void duplicate(struct test_catalog *c, size_t *size)
{
	c->ent[1].id = 1;
}

static void unsorted(struct test_catalog *c, size_t *size)
{
	c->ent[0].id = 3;
}

static const struct bad_case bad_cases[] = {
	{ "bad magic", bad_magic, "bad magic" },
	{ "bad version", bad_version, "unknown version" },
	{ "bad entry size", bad_entry_size, "bad entry size" },
	{ "truncated header", truncated, "truncated header" },
	{ "too many entries", too_many_entries, "entries or strings run past the section" },
	{ "strings past end", strings_past_end, "entries or strings run past the section" },
	{ "no NUL", no_nul, "string table is not NUL-terminated" },
	{ "offset out of range", offset_out_of_range, "string offset out of range" },
	{ "bad component", bad_component, "invalid component name" },
	{ "Latin-1 component", latin1_component, "invalid component name" },
	{ "user_action out of range", user_action_out_of_range, "string offset out of range" },
	{ "id 0", id_zero, "entry with id 0" },
	{ "bad level", bad_level, "invalid level" },
	{ "duplicate", duplicate, "tag listed twice" },
	{ "unsorted", unsorted, "entries not sorted by tag" },
};

static void kmsg_validate_bad(struct kunit *test)
{
	struct test_catalog *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < ARRAY_SIZE(bad_cases); i++) {
		size_t size = sizeof(*c);
		const char *why;

		build(c);
		bad_cases[i].breakit(c, &size);
		KUNIT_EXPECT_EQ_MSG(test, validate(c, size, &why), -EINVAL,
				    "%s", bad_cases[i].name);
		KUNIT_EXPECT_STREQ_MSG(test, why ? why : "(none)",
				       bad_cases[i].why, "%s", bad_cases[i].name);
	}
}

static void kmsg_validate_two_catalogs(struct kunit *test)
{
	struct test_catalog *c = kunit_kzalloc(test, 2 * sizeof(*c), GFP_KERNEL);
	const char *why;

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_EQ(test, sizeof(*c) % 4, 0);
	build(&c[0]);
	build(&c[1]);
	c[1].ent[0].id = 3;
	c[1].ent[1].id = 4;
	KUNIT_EXPECT_EQ(test, validate(c, 2 * sizeof(*c), &why), 4);
}

/*
 * A description of @len bytes: "\0xpram\0t\0\0" and the description, in
 * one catalog of one entry.  Returns the section's size.
 */
static size_t long_field(void *buf, size_t len)
{
	static const char head[] = "\0xpram\0t\0";	/* and a NUL: "" */
	struct kmsg_catalog_header *hdr = buf;
	struct kmsg_catalog_entry *e = (void *)(hdr + 1);
	char *strings = (char *)(e + 1);

	hdr->magic = KMSG_CATALOG_MAGIC;
	hdr->version = KMSG_CATALOG_VERSION;
	hdr->entry_size = sizeof(*e);
	hdr->nr_entries = 1;
	hdr->strings_size = sizeof(head) + len + 1;
	memcpy(strings, head, sizeof(head));
	memset(strings + sizeof(head), 'x', len);
	strings[sizeof(head) + len] = '\0';
	*e = (struct kmsg_catalog_entry) {
		.component = 1, .text = 7, .parameters = sizeof(head) - 1,
		.description = sizeof(head), .user_action = sizeof(head) - 1,
		.id = 1, .level = 3, .flags = KMSG_ENTRY_DESCRIBED,
	};
	return ALIGN(sizeof(*hdr) + sizeof(*e) + hdr->strings_size,
		     KMSG_CATALOG_ALIGN);
}

/* A field of KMSG_FIELD_MAX bytes is served whole; a longer one is refused. */
static void kmsg_validate_field_length(struct kunit *test)
{
	void *buf = kunit_kzalloc(test, 2 * KMSG_FIELD_MAX, GFP_KERNEL);
	const char *why = NULL;
	size_t size;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	size = long_field(buf, KMSG_FIELD_MAX);
	KUNIT_EXPECT_EQ(test, kmsg_catalog_validate(buf, size, &why), 1);
	KUNIT_EXPECT_NULL(test, why);
	memset(buf, 0, 2 * KMSG_FIELD_MAX);
	size = long_field(buf, KMSG_FIELD_MAX + 1);
	KUNIT_EXPECT_EQ(test, kmsg_catalog_validate(buf, size, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why ? why : "(none)", "field longer than KMSG_FIELD_MAX");
}

static struct kunit_case kmsg_catalog_cases[] = {
	KUNIT_CASE(kmsg_validate_good),
	KUNIT_CASE(kmsg_validate_bad),
	KUNIT_CASE(kmsg_validate_two_catalogs),
	KUNIT_CASE(kmsg_validate_field_length),
	{}
};

static struct kunit_suite kmsg_catalog_suite = {
	.name = "kmsg_catalog",
	.test_cases = kmsg_catalog_cases,
};

kunit_test_suite(kmsg_catalog_suite);

MODULE_DESCRIPTION("KUnit tests of the kernel message catalog");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
