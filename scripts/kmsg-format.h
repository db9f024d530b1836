/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text formats of the kernel message catalog, defined once for the
 * two programs that read or write them: scripts/kmsg-gen (the host tool
 * of the build) and tools/kmsg (the "kmsg" command):
 *
 *  - tags "<component>.<id>" and component names,
 *  - the "@N: text" lines of a message's parameters,
 *  - the printf conversions of a message's format,
 *  - JSON strings (kmsg-gen dump, kmsg --json),
 *  - the catalog file that "make kmsg_install" writes,
 *  - the hashed message ids of the 2008 design (kmsg_lookup2(),
 *    kmsg_hashed_id()).
 *
 * The functions are in scripts/kmsg-format.c, compiled into both
 * programs as bpftool compiles kernel/bpf/disasm.c: kbuild links a host
 * program only from objects of scripts/, and tools/kmsg's Makefile
 * builds the same file (and the JSON writer, scripts/kmsg-json.c) from
 * there.
 *
 * What the kernel shares with both (the tag rules and limits, severity
 * and field names, the section layout) is include/linux/kmsg_catalog.h,
 * included below; include/linux/kmsg.h checks KMSG_COMPONENT against the
 * same limits at compile time.
 */
#ifndef KMSG_FORMAT_H
#define KMSG_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The limits of a tag, the component rule, the severity and field names
 * and the catalog section: include/linux/kmsg_catalog.h, with the
 * kernel's fixed-size types it uses (as scripts/mod/file2alias.c does for
 * mod_devicetable.h).
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
#include "../include/linux/kmsg_catalog.h"

/* Tags and parameters (scripts/kmsg-format.c has each function's kernel-doc) */
bool kmsg_tag_valid(const char *s, size_t len, unsigned int *id);
int kmsg_tag_cmp(const char *a, const char *b);
const char *kmsg_param_next(const char *p, const char **line, size_t *len);
size_t kmsg_param_label(const char *line, size_t len);

/* One printf conversion of a message format, from kmsg_conversion(). */
struct kmsg_conv {
	const char *end;	/* the format after it */
	char conv;		/* its conversion character: d, s, p, ... */
	bool alt;		/* the '#' flag */
	int zero_width;		/* the width of a '0' flag: digits at least */
	bool value;		/* it prints a value: one parameter */
};

bool kmsg_conversion(const char *f, struct kmsg_conv *c);
int kmsg_count_conversions(const char *fmt);

/* UTF-8 and JSON strings */
size_t kmsg_utf8_seq(const unsigned char *s, size_t n, size_t *bad);
void kmsg_json_string(FILE *f, const char *s, size_t len);

/*
 * The catalog file "make kmsg_install" writes ("kmsg-gen index"), which
 * tools/kmsg reads for the messages of modules that are not loaded:
 *
 *	# comment
 *	tag TAB severity TAB owner TAB text TAB parameters TAB description
 *	    TAB user_action TAB printed NEWLINE
 *
 * with a backslash, tab and newline inside a field written as \\, \t and
 * \n; other characters are as they are.  printed is "with id", or
 * "without id" for a message of kmsg_noid_*() ("Printed: without id");
 * files of version 1 have no such field, and readers of version 1 take
 * the seven fields before it.  Lines that are not of this form are
 * skipped by readers.
 */
#define KMSG_INDEX_HEADER \
	"# kmsg catalog v3: tag severity owner text parameters description user_action printed" \
	" releases\n"
#define KMSG_INDEX_WITH_ID	"with id"
#define KMSG_INDEX_WITHOUT_ID	"without id"
/* a message described by its source: no kernel prints its tag */
#define KMSG_INDEX_BY_TEXT	"by its text"

enum kmsg_index_field {
	KMSG_INDEX_TAG,
	KMSG_INDEX_SEVERITY,
	KMSG_INDEX_OWNER,
	KMSG_INDEX_TEXT,
	KMSG_INDEX_PARAMETERS,
	KMSG_INDEX_DESCRIPTION,
	KMSG_INDEX_USER_ACTION,
	KMSG_INDEX_PRINTED,	/* since version 2 */
	/*
	 * Since version 3: what an earlier release prints instead, "6.1:
	 * <format>", or "6.1: none" when it does not print the message;
	 * empty when it prints the text as it is.
	 */
	KMSG_INDEX_RELEASES,
	KMSG_INDEX_NR_FIELDS
};

void kmsg_index_field(FILE *f, const char *s, bool first);
void kmsg_index_unescape(char *d, const char *s, size_t len);

/* The hashed message ids of the 2008 design */
unsigned int kmsg_lookup2(const void *key, size_t len, unsigned int initval);
unsigned int kmsg_hashed_id(const char *text, bool device);

#endif /* KMSG_FORMAT_H */
