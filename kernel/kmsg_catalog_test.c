// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of kmsg_catalog_validate(): a well-formed catalog section
 * passes, and each way of breaking one is caught with its reason; and of
 * the registry (kernel/kmsg_catalog.c) as logic, with made-up owners:
 * waiting copies and their promotion, components shared by owners,
 * entries made on lookup, an owner's catalogs searched as ranges, lookups
 * while an owner comes and goes.
 */
#include <kunit/test.h>
#include <linux/align.h>
#include <linux/completion.h>
#include <linux/err.h>
#include <linux/kmsg_catalog.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/string.h>

#include "kmsg_catalog_internal.h"

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

/* A field longer than a page is a field: its sysfs file serves it whole. */
static void kmsg_validate_field_length(struct kunit *test)
{
	void *buf = kunit_kzalloc(test, 4 * PAGE_SIZE, GFP_KERNEL);
	const char *why = NULL;
	size_t size;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	size = long_field(buf, 3 * PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, kmsg_catalog_validate(buf, size, &why), 1);
	KUNIT_EXPECT_NULL(test, why);
}

/* The registry */

/*
 * One catalog of component @comp with the entries @ids (ascending), each
 * text "kt", the other fields empty, written to @buf: its size.
 */
static size_t kt_catalog(void *buf, const char *comp, const u16 *ids,
			 unsigned int n)
{
	struct kmsg_catalog_header *hdr = buf;
	struct kmsg_catalog_entry *e = (void *)(hdr + 1);
	char *strings = (char *)(e + n);
	size_t len = strlen(comp);
	unsigned int i;

	*hdr = (struct kmsg_catalog_header) {
		.magic = KMSG_CATALOG_MAGIC, .version = KMSG_CATALOG_VERSION,
		.entry_size = sizeof(*e), .nr_entries = n,
		.strings_size = len + 5,
	};
	strings[0] = '\0';
	memcpy(strings + 1, comp, len + 1);
	memcpy(strings + len + 2, "kt", 3);
	for (i = 0; i < n; i++)
		e[i] = (struct kmsg_catalog_entry) {
			.component = 1, .text = len + 2, .id = ids[i], .level = 3,
		};
	return ALIGN(sizeof(*hdr) + n * sizeof(*e) + hdr->strings_size,
		     KMSG_CATALOG_ALIGN);
}

/* Entry @i of the catalog kt_catalog() wrote to @buf */
static const struct kmsg_catalog_entry *kt_entry(void *buf, unsigned int i)
{
	return (const struct kmsg_catalog_entry *)((struct kmsg_catalog_header *)buf + 1) + i;
}

static struct module kt_mod_a = { .name = "kmsg_kt_a" };
static struct module kt_mod_b = { .name = "kmsg_kt_b" };

static const struct kmsg_catalog_entry *served(const char *comp, u16 id, bool *shown)
{
	bool dummy;

	return kmsg_catalog_served(comp, id, shown ?: &dummy);
}

/* The first owner of a tag serves it; the second's copy takes over after. */
static void kmsg_registry_waiting(struct kunit *test)
{
	static const u16 ids_a[] = { 1, 2 }, ids_b[] = { 2, 3 };
	void *a = kunit_kzalloc(test, 256, GFP_KERNEL);
	void *b = kunit_kzalloc(test, 256, GFP_KERNEL);
	size_t sa, sb;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	sa = kt_catalog(a, "kmsgkt-w", ids_a, 2);
	sb = kt_catalog(b, "kmsgkt-w", ids_b, 2);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_a, a, sa), 0);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_b, b, sb), 0);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-w", 1, NULL), kt_entry(a, 0));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-w", 2, NULL), kt_entry(a, 1));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-w", 3, NULL), kt_entry(b, 1));

	kmsg_catalog_remove(&kt_mod_a);
	KUNIT_EXPECT_NULL(test, served("kmsgkt-w", 1, NULL));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-w", 2, NULL), kt_entry(b, 0));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-w", 3, NULL), kt_entry(b, 1));

	kmsg_catalog_remove(&kt_mod_b);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-w", 2, NULL), ERR_PTR(-ENOENT));
}

/* The waiting copy whose owner goes first leaves the served one alone. */
static void kmsg_registry_waiting_goes(struct kunit *test)
{
	static const u16 ids[] = { 7 };
	void *a = kunit_kzalloc(test, 256, GFP_KERNEL);
	void *b = kunit_kzalloc(test, 256, GFP_KERNEL);
	size_t sa, sb;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	sa = kt_catalog(a, "kmsgkt-g", ids, 1);
	sb = kt_catalog(b, "kmsgkt-g", ids, 1);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_a, a, sa), 0);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_b, b, sb), 0);
	kmsg_catalog_remove(&kt_mod_b);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-g", 7, NULL), kt_entry(a, 0));
	kmsg_catalog_remove(&kt_mod_a);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-g", 7, NULL), ERR_PTR(-ENOENT));
}

/* A component two owners share stays while either has an entry in it. */
static void kmsg_registry_shared_component(struct kunit *test)
{
	static const u16 ids_a[] = { 1 }, ids_b[] = { 5 };
	void *a = kunit_kzalloc(test, 256, GFP_KERNEL);
	void *b = kunit_kzalloc(test, 256, GFP_KERNEL);
	size_t sa, sb;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	sa = kt_catalog(a, "kmsgkt-s", ids_a, 1);
	sb = kt_catalog(b, "kmsgkt-s", ids_b, 1);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_a, a, sa), 0);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_b, b, sb), 0);
	kmsg_catalog_remove(&kt_mod_a);
	KUNIT_EXPECT_NULL(test, served("kmsgkt-s", 1, NULL));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-s", 5, NULL), kt_entry(b, 0));
	kmsg_catalog_remove(&kt_mod_b);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-s", 5, NULL), ERR_PTR(-ENOENT));
}

/* An entry gets its directory when looked up, not before; a readdir all. */
static void kmsg_registry_lookup(struct kunit *test)
{
	static const u16 ids[] = { 1, 2, 3 };
	void *a = kunit_kzalloc(test, 256, GFP_KERNEL);
	bool shown;
	size_t sa;

	KUNIT_ASSERT_NOT_NULL(test, a);
	sa = kt_catalog(a, "kmsgkt-l", ids, 3);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_a, a, sa), 0);
	served("kmsgkt-l", 2, &shown);
	KUNIT_EXPECT_FALSE(test, shown);
	kmsg_catalog_look_up("kmsgkt-l", "2");
	kmsg_catalog_look_up("kmsgkt-l", "9");
	kmsg_catalog_look_up("kmsgkt-l", "text");
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-l", 2, &shown), kt_entry(a, 1));
	KUNIT_EXPECT_TRUE(test, shown);
	served("kmsgkt-l", 1, &shown);
	KUNIT_EXPECT_FALSE(test, shown);
	KUNIT_EXPECT_NULL(test, served("kmsgkt-l", 9, &shown));
	KUNIT_EXPECT_FALSE(test, shown);
	kmsg_catalog_look_up("kmsgkt-l", NULL);
	served("kmsgkt-l", 1, &shown);
	KUNIT_EXPECT_TRUE(test, shown);
	served("kmsgkt-l", 3, &shown);
	KUNIT_EXPECT_TRUE(test, shown);
	kmsg_catalog_remove(&kt_mod_a);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-l", 2, &shown), ERR_PTR(-ENOENT));
	KUNIT_EXPECT_FALSE(test, shown);
}

/*
 * One section of three catalogs: the runs of one component in each are
 * searched as ranges, oldest first, also within one owner.
 */
static void kmsg_registry_ranges(struct kunit *test)
{
	static const u16 ids_q[] = { 1 }, ids_r2[] = { 3, 4 };
	void *a = kunit_kzalloc(test, 4096, GFP_KERNEL);
	size_t s1, s2, s3;
	u16 ids_r1[100];
	bool shown;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, a);
	for (i = 0; i < ARRAY_SIZE(ids_r1); i++)
		ids_r1[i] = 2 * (i + 1);
	s1 = kt_catalog(a, "kmsgkt-r", ids_r1, ARRAY_SIZE(ids_r1));
	s2 = kt_catalog(a + s1, "kmsgkt-q", ids_q, 1);
	s3 = kt_catalog(a + s1 + s2, "kmsgkt-r", ids_r2, 2);
	KUNIT_ASSERT_LE(test, s1 + s2 + s3, 4096);
	KUNIT_ASSERT_EQ(test, kmsg_catalog_add(&kt_mod_a, a, s1 + s2 + s3), 0);
	for (i = 0; i < ARRAY_SIZE(ids_r1); i++) {
		KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-r", 2 * (i + 1), NULL),
				    kt_entry(a, i));
		if (i != 1)
			KUNIT_EXPECT_NULL(test, served("kmsgkt-r", 2 * i + 1, NULL));
	}
	/* 3 only the third catalog has; its 4 waits behind the first's */
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-r", 3, NULL),
			    kt_entry(a + s1 + s2, 0));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-q", 1, NULL), kt_entry(a + s1, 0));
	kmsg_catalog_look_up("kmsgkt-r", NULL);
	served("kmsgkt-r", 200, &shown);
	KUNIT_EXPECT_TRUE(test, shown);
	served("kmsgkt-r", 3, &shown);
	KUNIT_EXPECT_TRUE(test, shown);
	served("kmsgkt-q", 1, &shown);
	KUNIT_EXPECT_FALSE(test, shown);
	kmsg_catalog_remove(&kt_mod_a);
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-r", 4, NULL), ERR_PTR(-ENOENT));
	KUNIT_EXPECT_PTR_EQ(test, served("kmsgkt-q", 1, NULL), ERR_PTR(-ENOENT));
}

struct kt_looker {
	struct completion started, done;
	bool stop;
	unsigned long lookups;
};

static int kt_look(void *data)
{
	struct kt_looker *l = data;

	while (!READ_ONCE(l->stop)) {
		kmsg_catalog_look_up("kmsgkt-u", "4");
		kmsg_catalog_look_up("kmsgkt-u", NULL);
		if (!l->lookups++)
			complete(&l->started);
		cond_resched();
	}
	complete(&l->done);
	return 0;
}

/* Lookups while the owner comes and goes see it whole or not at all. */
static void kmsg_registry_lookup_during_unload(struct kunit *test)
{
	static const u16 ids[] = { 4, 5 };
	void *a = kunit_kzalloc(test, 256, GFP_KERNEL);
	struct kt_looker l = { .stop = false };
	struct task_struct *t;
	int i, bad = 0;
	size_t sa;

	KUNIT_ASSERT_NOT_NULL(test, a);
	sa = kt_catalog(a, "kmsgkt-u", ids, 2);
	init_completion(&l.started);
	init_completion(&l.done);
	t = kthread_run(kt_look, &l, "kmsg_kt_look");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	/* on one CPU without preemption it runs only when this one waits */
	wait_for_completion(&l.started);
	for (i = 0; i < 200; i++) {
		const struct kmsg_catalog_entry *e;

		if (kmsg_catalog_add(&kt_mod_a, a, sa)) {
			bad++;
			continue;
		}
		e = served("kmsgkt-u", 5, NULL);
		bad += e != kt_entry(a, 1);
		kmsg_catalog_remove(&kt_mod_a);
		bad += served("kmsgkt-u", 5, NULL) != ERR_PTR(-ENOENT);
		cond_resched();
	}
	WRITE_ONCE(l.stop, true);
	wait_for_completion(&l.done);
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static struct kunit_case kmsg_registry_cases[] = {
	KUNIT_CASE(kmsg_registry_waiting),
	KUNIT_CASE(kmsg_registry_waiting_goes),
	KUNIT_CASE(kmsg_registry_shared_component),
	KUNIT_CASE(kmsg_registry_lookup),
	KUNIT_CASE(kmsg_registry_ranges),
	KUNIT_CASE(kmsg_registry_lookup_during_unload),
	{}
};

static struct kunit_suite kmsg_registry_suite = {
	.name = "kmsg_registry",
	.test_cases = kmsg_registry_cases,
};

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

kunit_test_suites(&kmsg_catalog_suite, &kmsg_registry_suite);

MODULE_DESCRIPTION("KUnit tests of the kernel message catalog");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
