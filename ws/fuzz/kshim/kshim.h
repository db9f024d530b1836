/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's headers for kernel/kmsg_catalog.c to build
 * unmodified in user space, so that the fuzz target and the regression
 * suite call the real kmsg_catalog_validate().  Every <linux/...> header
 * that file includes is a stub in this folder that includes this one.
 *
 * Only kmsg_catalog_validate() is ever called: the sysfs, procfs and
 * module code around it compiles against stubs that do nothing.  The
 * ctype table is the kernel's (lib/ctype.c), since it decides which
 * component names are valid: unlike glibc's it has Latin-1 letters.
 */
#ifndef KSHIM_H
#define KSHIM_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/types.h>

#define __init
#define IS_ENABLED(option)	0
#define subsys_initcall(fn)						\
	static inline __attribute__((unused)) int __kshim_initcall_##fn(void) \
	{ return fn(); }
#define EXPORT_SYMBOL_IF_KUNIT(sym)

/* <linux/align.h>, <linux/kernel.h>, <linux/container_of.h> */
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define ALIGN(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define PAGE_SIZE		4096UL
#define GFP_KERNEL		0
#define WARN_ON_ONCE(cond)	(!!(cond))
#define pr_warn(fmt, ...)	kshim_printk(fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...)	kshim_printk(fmt, ##__VA_ARGS__)

static inline __attribute__((format(printf, 1, 2)))
void kshim_printk(const char *fmt, ...)
{
	(void)fmt;
}

/* <linux/ctype.h> with the table of lib/ctype.c */
#define _U	0x01	/* upper */
#define _L	0x02	/* lower */
#define _D	0x04	/* digit */
#define _C	0x08	/* cntrl */
#define _P	0x10	/* punct */
#define _S	0x20	/* white space (space/lf/tab) */
#define _X	0x40	/* hex digit */
#define _SP	0x80	/* hard space (0x20) */

static const unsigned char _ctype[] = {
_C,_C,_C,_C,_C,_C,_C,_C,				/* 0-7 */
_C,_C|_S,_C|_S,_C|_S,_C|_S,_C|_S,_C,_C,			/* 8-15 */
_C,_C,_C,_C,_C,_C,_C,_C,				/* 16-23 */
_C,_C,_C,_C,_C,_C,_C,_C,				/* 24-31 */
_S|_SP,_P,_P,_P,_P,_P,_P,_P,				/* 32-39 */
_P,_P,_P,_P,_P,_P,_P,_P,				/* 40-47 */
_D,_D,_D,_D,_D,_D,_D,_D,				/* 48-55 */
_D,_D,_P,_P,_P,_P,_P,_P,				/* 56-63 */
_P,_U|_X,_U|_X,_U|_X,_U|_X,_U|_X,_U|_X,_U,		/* 64-71 */
_U,_U,_U,_U,_U,_U,_U,_U,				/* 72-79 */
_U,_U,_U,_U,_U,_U,_U,_U,				/* 80-87 */
_U,_U,_U,_P,_P,_P,_P,_P,				/* 88-95 */
_P,_L|_X,_L|_X,_L|_X,_L|_X,_L|_X,_L|_X,_L,		/* 96-103 */
_L,_L,_L,_L,_L,_L,_L,_L,				/* 104-111 */
_L,_L,_L,_L,_L,_L,_L,_L,				/* 112-119 */
_L,_L,_L,_P,_P,_P,_P,_C,				/* 120-127 */
0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,			/* 128-143 */
0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,			/* 144-159 */
_S|_SP,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,	/* 160-175 */
_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,	/* 176-191 */
_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,	/* 192-207 */
_U,_U,_U,_U,_U,_U,_U,_P,_U,_U,_U,_U,_U,_U,_U,_L,	/* 208-223 */
_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,	/* 224-239 */
_L,_L,_L,_L,_L,_L,_L,_P,_L,_L,_L,_L,_L,_L,_L,_L};	/* 240-255 */

#define __ismask(x)	(_ctype[(int)(unsigned char)(x)])
#define isalnum(c)	((__ismask(c) & (_U | _L | _D)) != 0)
#define isalpha(c)	((__ismask(c) & (_U | _L)) != 0)

/* <linux/err.h> */
#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline bool IS_ERR(const void *ptr) { return IS_ERR_VALUE(ptr); }

/* <linux/list.h> */
struct list_head {
	struct list_head *next, *prev;
};
#define LIST_HEAD(name)	struct list_head name = { &(name), &(name) }
#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, member))
static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	n->prev = h->prev;
	n->next = h;
	h->prev->next = n;
	h->prev = n;
}
static inline void list_del(struct list_head *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
}
static inline int list_is_last(const struct list_head *l,
			       const struct list_head *h)
{
	return l->next == h;
}

/* <linux/lockdep.h>, <linux/sched.h> */
#define lockdep_assert_held(l)		((void)(l))
#define lockdep_assert_not_held(l)	((void)(l))
#define might_sleep()			((void)0)

/* <linux/mutex.h> */
struct mutex {
	int unused;
};
#define DEFINE_MUTEX(name)	struct mutex name = { 0 }
static inline void mutex_lock(struct mutex *m) { (void)m; }
static inline void mutex_unlock(struct mutex *m) { (void)m; }

/* <linux/slab.h>, <linux/vmalloc.h>, <linux/overflow.h> */
static inline void *kzalloc(size_t n, int gfp) { (void)gfp; return calloc(1, n); }
static inline void *kcalloc(size_t n, size_t s, int gfp) { (void)gfp; return calloc(n, s); }
static inline void *vcalloc(size_t n, size_t s) { return calloc(n, s); }
static inline void kfree(const void *p) { free((void *)p); }
static inline void kvfree(const void *p) { free((void *)p); }
static inline size_t array_size(size_t a, size_t b) { return a * b; }

/* <linux/kobject.h>, <linux/sysfs.h> */
struct kobject {
	const char *name;
};
struct attribute {
	const char *name;
	umode_t mode;
};
struct attribute_group {
	const char *name;
	struct attribute **attrs;
};
struct sysfs_ops {
	ssize_t (*show)(struct kobject *, struct attribute *, char *);
};
struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
};
#define kernel_kobj	((struct kobject *)NULL)
static inline const char *kobject_name(const struct kobject *k) { return k->name; }
static inline int kobject_init_and_add(struct kobject *k, const struct kobj_type *t,
				       struct kobject *parent, const char *fmt, ...)
{
	(void)k; (void)t; (void)parent; (void)fmt;
	return -ENOMEM;
}
static inline struct kobject *kobject_create_and_add(const char *name,
						     struct kobject *parent)
{
	(void)name; (void)parent;
	return NULL;
}
static inline void kobject_put(struct kobject *k) { (void)k; }
#define sysfs_attr_init(attr)	((void)(attr))
static inline void kobject_del(struct kobject *k) { (void)k; }
static inline int sysfs_emit(char *buf, const char *fmt, ...)
{
	(void)buf; (void)fmt;
	return 0;
}
static inline int sysfs_create_group(struct kobject *k,
				     const struct attribute_group *g)
{
	(void)k; (void)g;
	return -ENOMEM;
}
static inline void sysfs_remove_group(struct kobject *k,
				      const struct attribute_group *g)
{
	(void)k; (void)g;
}

/* <linux/xarray.h> */
struct xarray {
	int unused;
};
static inline void xa_init(struct xarray *xa) { (void)xa; }
static inline void xa_destroy(struct xarray *xa) { (void)xa; }
static inline void *xa_load(struct xarray *xa, unsigned long i) { (void)xa; (void)i; return NULL; }
static inline void *xa_erase(struct xarray *xa, unsigned long i) { (void)xa; (void)i; return NULL; }
static inline int xa_insert(struct xarray *xa, unsigned long i, void *e, int gfp)
{
	(void)xa; (void)i; (void)e; (void)gfp;
	return -ENOMEM;
}

/* <linux/module.h>, <linux/notifier.h> */
struct module {
	const char *name;
	const void *kmsg_catalog;
	unsigned int kmsg_catalog_size;
};
struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long op, void *data);
};
enum { MODULE_STATE_LIVE, MODULE_STATE_COMING, MODULE_STATE_GOING };
#define NOTIFY_OK	1
static inline int register_module_notifier(struct notifier_block *nb) { (void)nb; return 0; }

/* <linux/seq_file.h>, <linux/proc_fs.h> */
struct seq_file {
	void *private;
};
struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};
static inline __attribute__((format(printf, 2, 3)))
void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	(void)m; (void)fmt;
}
static inline void seq_putc(struct seq_file *m, char c) { (void)m; (void)c; }
static inline void seq_puts(struct seq_file *m, const char *s) { (void)m; (void)s; }

/* <linux/string_helpers.h> */
#define ESCAPE_SPACE		0x01
#define ESCAPE_SPECIAL		0x02
#define ESCAPE_NULL		0x04
#define ESCAPE_OCTAL		0x08
#define ESCAPE_ANY		(ESCAPE_SPACE | ESCAPE_OCTAL | ESCAPE_SPECIAL | ESCAPE_NULL)
#define ESCAPE_NP		0x10
#define ESCAPE_ANY_NP		(ESCAPE_ANY | ESCAPE_NP)
#define ESCAPE_HEX		0x20
#define ESCAPE_NA		0x40
#define ESCAPE_NAP		0x80
#define ESCAPE_APPEND		0x100
static inline void seq_escape_str(struct seq_file *m, const char *s,
				  unsigned int flags, const char *esc)
{
	(void)m; (void)s; (void)flags; (void)esc;
}
static inline void *proc_create_seq_private(const char *name, umode_t mode, void *parent,
					    const struct seq_operations *ops,
					    unsigned int state_size, void *data)
{
	(void)name; (void)mode; (void)parent; (void)ops; (void)state_size; (void)data;
	return NULL;
}

#endif /* KSHIM_H */
