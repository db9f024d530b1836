// SPDX-License-Identifier: GPL-2.0
/*
 * Call-site records as <linux/kmsg.h> leaves them, written out by hand
 * so the host tests can build objects of both byte orders without a
 * kernel tree.  FIXTURE selects a set.
 */
#define REC(tag, level, line, fmt) \
	"kmsg-v1\0" tag "\0" level "\0" "src/fix.c\0" #line "\0" fmt

#define R(name, s) \
	static const char name[] __attribute__((used, section(".kmsg.records"), aligned(1))) = s

#if FIXTURE == 1	/* everything described and right */
R(r1, REC("fix.1", "3", 10, "%d is not a valid number of %s\n"));
R(r2, REC("fix.2", "4", 11, "plain text\n"));
R(r3, REC("fix.0", "6", 12, "id 0 is not catalogued\n"));
R(r4, REC("fix.1", "3", 13, "%d is not a valid number of %s\n"));
#elif FIXTURE == 2	/* every kind of finding */
R(r1, REC("fix.1", "3", 20, "%d is not a valid number of %s\n"));	/* ok */
R(r2, REC("fix.3", "3", 21, "no description for %u%% of %*d items at %pI4 by %-10s\n"));
R(r3, REC("fix.4", "3", 22, "text that differs\n"));
R(r4, REC("fix.5", "6", 23, "wrong severity\n"));
R(r5, REC("fix.6", "3", 24, "two conversions %d %d\n"));
R(r6, REC("fix.2", "4", 25, "plain text\n"));
R(r7, REC("fix.2", "4", 26, "plain text, another format\n"));
#elif FIXTURE == 3	/* printed without an id (kmsg_noid_*()) */
R(r1, REC("nid.1", "3-", 30, "Oops: %04x ilc:%d "));	/* ok */
R(r2, REC("nid.2", "4-", 31, "AS:%016lx "));	/* not said so in its description */
R(r3, REC("nid.3", "6", 32, "with an id\n"));	/* said so, but printed with an id */
R(r4, REC("nid.1", "3", 33, "Oops: %04x ilc:%d "));	/* the tag with an id too */
#elif FIXTURE == 4	/* the one that is right */
R(r1, REC("nid.1", "3-", 30, "Oops: %04x ilc:%d "));
#elif FIXTURE == 5	/* a level with something else after it */
R(r1, REC("nid.1", "3+", 30, "Oops: %04x ilc:%d "));
#elif FIXTURE == 6	/* calls of a file whose messages have Source: lines */
R(r1, REC("gen.1", "0-", 40, "gen: BUG: stuck for %us!\n"));	/* pr_fmt() kept */
R(r2, REC("gen.2", "6", 41, "detector disabled\n"));
R(r3, REC("gen.3", "6", 42, "described by its text\n"));	/* no Printed: */
R(r4, REC("gen.4", "6", 43, "another file\n"));	/* Source: names another */
#elif FIXTURE == 7	/* the two that are right, the first called twice */
R(r1, REC("gen.1", "0-", 40, "gen: BUG: stuck for %us!\n"));
R(r2, REC("gen.2", "6", 41, "detector disabled\n"));
R(r3, REC("gen.1", "0-", 44, "gen: BUG: stuck for %us!\n"));
#endif
