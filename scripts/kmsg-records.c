// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg-gen: read the call-site records of <linux/kmsg.h> from an ELF
 * object of either class and byte order.  A record is a run of
 * NUL-terminated strings in the .kmsg.records section:
 *
 *	"kmsg-v1" tag level file line format
 *
 * where level is the printk level digit, followed by KMSG_RECORD_NO_ID
 * for a message printed without an id (kmsg_noid_*()); so only the
 * section headers need byte swapping and no relocation is ever applied.
 */
#include <elf.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-gen.h"

#define RECORD_MAGIC KMSG_RECORD_MAGIC	/* include/linux/kmsg_catalog.h */
#define RECORD_SECTION ".kmsg.records"

struct elf {
	const unsigned char *data;
	size_t size;
	bool is64, swap;
};

static u16 get16(const struct elf *e, const void *p)
{
	u16 v;

	memcpy(&v, p, 2);
	return e->swap ? __builtin_bswap16(v) : v;
}

static u32 get32(const struct elf *e, const void *p)
{
	u32 v;

	memcpy(&v, p, 4);
	return e->swap ? __builtin_bswap32(v) : v;
}

static u64 get64(const struct elf *e, const void *p)
{
	u64 v;

	memcpy(&v, p, 8);
	return e->swap ? __builtin_bswap64(v) : v;
}

/* An offset or size of @size bytes (8, 4 or 2) at @p */
static u64 get(const struct elf *e, const unsigned char *p, size_t size)
{
	return size == 8 ? get64(e, p) : size == 4 ? get32(e, p) : get16(e, p);
}

/*
 * Where read_elf() finds what it reads in the headers of an ELF class:
 * e_shoff, sh_offset and sh_size are addr bytes, e_shentsize, e_shnum
 * and e_shstrndx 2, sh_name and sh_type 4.
 */
struct elf_layout {
	unsigned char ehdr_size, shdr_size, addr;
	unsigned char e_shoff, e_shentsize, e_shnum, e_shstrndx;
	unsigned char sh_name, sh_type, sh_offset, sh_size;
};

/* The offsets of struct elf_layout in the ELF headers of class @bits */
#define ELF_LAYOUT(bits) {						\
	.ehdr_size = sizeof(Elf##bits##_Ehdr),				\
	.shdr_size = sizeof(Elf##bits##_Shdr),				\
	.addr = (bits) / 8,						\
	.e_shoff = offsetof(Elf##bits##_Ehdr, e_shoff),			\
	.e_shentsize = offsetof(Elf##bits##_Ehdr, e_shentsize),		\
	.e_shnum = offsetof(Elf##bits##_Ehdr, e_shnum),			\
	.e_shstrndx = offsetof(Elf##bits##_Ehdr, e_shstrndx),		\
	.sh_name = offsetof(Elf##bits##_Shdr, sh_name),			\
	.sh_type = offsetof(Elf##bits##_Shdr, sh_type),			\
	.sh_offset = offsetof(Elf##bits##_Shdr, sh_offset),		\
	.sh_size = offsetof(Elf##bits##_Shdr, sh_size),			\
}

static const struct elf_layout elf32_layout = ELF_LAYOUT(32);
static const struct elf_layout elf64_layout = ELF_LAYOUT(64);

static bool host_big_endian(void)
{
	const u16 one = 1;

	return *(const unsigned char *)&one == 0;
}

static const char *next_str(const char **p, const char *end)
{
	const char *s = *p, *nul = memchr(s, '\0', end - s);

	if (!nul)
		return NULL;
	*p = nul + 1;
	return s;
}

/* @s as a decimal number of at most 9 digits; -1 if it is not one */
static long decimal(const char *s)
{
	long v = 0;
	int n;

	for (n = 0; s[n] >= '0' && s[n] <= '9'; n++)
		v = v * 10 + (s[n] - '0');
	return n && n < 10 && !s[n] ? v : -1;
}

static int parse_records(struct record_set *set, const char *path,
			 const char *p, const char *end)
{
	static const char magic[] = RECORD_MAGIC;

	while (p < end) {
		const char *tag, *level, *file, *line, *fmt, *dot;
		struct record *r;
		long lv, ln;
		bool no_id;
		int i;

		if (!*p) {		/* padding between records */
			p++;
			continue;
		}
		if ((size_t)(end - p) < sizeof(magic) ||
		    memcmp(p, magic, sizeof(magic))) {
			fprintf(stderr, "%s: %s: unknown record format\n", path,
				RECORD_SECTION);
			return -1;
		}
		p += sizeof(magic);
		tag = next_str(&p, end);
		level = tag ? next_str(&p, end) : NULL;
		file = level ? next_str(&p, end) : NULL;
		line = file ? next_str(&p, end) : NULL;
		fmt = line ? next_str(&p, end) : NULL;
		if (!fmt) {
			fprintf(stderr, "%s: %s: truncated record\n", path,
				RECORD_SECTION);
			return -1;
		}
		/* "3", or "3-" for a message printed without an id */
		no_id = level[0] && !strcmp(level + 1, KMSG_RECORD_NO_ID);
		lv = level[0] >= '0' && level[0] <= '9' && (!level[1] || no_id) ?
			level[0] - '0' : -1;
		if (lv < 0 || lv > 6) {
			fprintf(stderr, "%s: %s: record %s has level '%s'\n",
				path, RECORD_SECTION, tag, level);
			return -1;
		}
		if (no_id && fmt[0] == '\001') {	/* KERN_SOH */
			fprintf(stderr,
				"%s:%s: %s: kmsg_noid_printk() with a KERN_<LEVEL> in its format; use kmsg_noid_<level>()\n",
				file, line, tag);
			return -1;
		}
		ln = decimal(line);
		if (ln < 0) {
			fprintf(stderr, "%s: %s: record %s has line '%s'\n",
				path, RECORD_SECTION, tag, line);
			return -1;
		}
		if (set->nr == set->cap) {
			/*
			 * Room for as many records as the section can hold (17
			 * bytes at least): memory not used is never touched.
			 */
			set->cap = set->nr + (end - p) / 17 + 1;
			set->recs = xrealloc(set->recs, set->cap * sizeof(*set->recs));
		}
		r = &set->recs[set->nr++];
		r->tag = tag;
		dot = strrchr(tag, '.');
		r->comp_len = dot ? dot - tag : (int)strlen(tag);
		r->id = dot ? decimal(dot + 1) : -1;
		r->comp_key = 0;
		for (i = 0; i < 8; i++)
			r->comp_key = r->comp_key << 8 |
				(i < r->comp_len ? (unsigned char)tag[i] : 0);
		r->level = lv;
		r->no_id = no_id;
		r->file = file;
		r->line = ln;
		r->format = fmt;
	}
	return 0;
}

static int read_elf(struct record_set *set, const char *path,
		    const struct elf *e)
{
	const struct elf_layout *l = e->is64 ? &elf64_layout : &elf32_layout;
	const unsigned char *d = e->data;
	u64 shoff, shstr_off, shstr_size;
	unsigned int shnum, shstrndx, i;
	const unsigned char *sh;

	if (e->size < l->ehdr_size)
		goto bad;
	shoff = get(e, d + l->e_shoff, l->addr);
	shnum = get16(e, d + l->e_shnum);
	shstrndx = get16(e, d + l->e_shstrndx);
	if (get16(e, d + l->e_shentsize) != l->shdr_size ||
	    shoff > e->size || shnum > (e->size - shoff) / l->shdr_size ||
	    shstrndx >= shnum)
		goto bad;

	sh = d + shoff + shstrndx * l->shdr_size;
	shstr_off = get(e, sh + l->sh_offset, l->addr);
	shstr_size = get(e, sh + l->sh_size, l->addr);
	if (shstr_off > e->size || shstr_size > e->size - shstr_off)
		goto bad;

	for (i = 0; i < shnum; i++) {
		u64 name, off, size;
		const char *sname;

		sh = d + shoff + i * l->shdr_size;
		name = get32(e, sh + l->sh_name);
		if (name >= shstr_size)
			goto bad;
		sname = (const char *)d + shstr_off + name;
		if (!memchr(sname, '\0', shstr_size - name))
			goto bad;
		if (strcmp(sname, RECORD_SECTION))
			continue;
		if (get32(e, sh + l->sh_type) == SHT_NOBITS)
			continue;
		off = get(e, sh + l->sh_offset, l->addr);
		size = get(e, sh + l->sh_size, l->addr);
		if (off > e->size || size > e->size - off)
			goto bad;
		if (parse_records(set, path, (const char *)d + off,
				  (const char *)d + off + size))
			return -1;
	}
	return 0;
bad:
	fprintf(stderr, "%s: malformed ELF section headers\n", path);
	return -1;
}

/**
 * records_read() - append the kmsg call-site records of an ELF object
 * @set: where the records go; its byte order is set from the object
 * @path: the object file (vmlinux.o, a module's .o, ...)
 *
 * Return: 0, or -1 after printing why the file could not be read.
 */
int records_read(struct record_set *set, const char *path)
{
	struct file_data fd;
	struct elf e = { 0 };

	if (file_load(&fd, path))
		return -1;
	set->objects = xrealloc(set->objects,
				(set->nr_objects + 1) * sizeof(*set->objects));
	set->objects[set->nr_objects++] = fd;

	e.data = (const unsigned char *)fd.data;
	e.size = fd.len;
	if (e.size < EI_NIDENT || memcmp(e.data, ELFMAG, SELFMAG) ||
	    (e.data[EI_CLASS] != ELFCLASS32 && e.data[EI_CLASS] != ELFCLASS64) ||
	    (e.data[EI_DATA] != ELFDATA2LSB && e.data[EI_DATA] != ELFDATA2MSB)) {
		fprintf(stderr, "%s: not an ELF object\n", path);
		return -1;
	}
	e.is64 = e.data[EI_CLASS] == ELFCLASS64;
	set->big_endian = e.data[EI_DATA] == ELFDATA2MSB;
	e.swap = set->big_endian != host_big_endian();
	return read_elf(set, path, &e);
}

void records_free(struct record_set *set)
{
	int i;

	for (i = 0; i < set->nr_objects; i++)
		file_unload(&set->objects[i]);
	free(set->objects);
	free(set->recs);
	memset(set, 0, sizeof(*set));
}
