// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel message catalog at run time.
 *
 * vmlinux and every module carry the descriptions of their kmsg_*()
 * messages in a .kmsg_catalog section (include/linux/kmsg_catalog.h).
 * This file checks such a section, then publishes each entry as
 *
 *	/sys/kernel/kmsg/<component>/<id>/{text,severity,parameters,
 *					    description,user_action}
 *
 * and lists all of them in /proc/kmsg_catalog.  vmlinux registers at
 * boot, a module when it is coming (before its init function runs); a
 * module's entries go when it does, including when its init fails.
 *
 * The entries and their strings stay where they are, in the image's
 * read-only data, sorted by tag: registering an image costs one struct
 * kmsg_range for each run of one component's entries in it, on that
 * component's list, and nothing for each entry; an id is found by binary
 * search.  A component is a kernfs directory that makes an entry's
 * directory and its five files only when someone looks the entry up
 * (kernfs_create_lazy_dir()); they stay until the entry goes.
 *
 * When two owners carry the same tag, the one registered first serves
 * it; the other's copy waits, with one warning, and takes over when the
 * first owner goes away (the oldest range that has an id serves it).
 *
 * Its own messages are the catalog's too, component "kmsg", described in
 * Documentation/kmsg/kmsg.
 */

#define KMSG_COMPONENT "kmsg"
#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt

#include <linux/bsearch.h>
#include <linux/kernfs.h>
#include <linux/kmsg.h>
#include <linux/kmsg_catalog.h>
#include <linux/kobject.h>
#include <linux/kstrtox.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/xarray.h>
#include <kunit/visibility.h>

#include "kmsg_catalog_internal.h"

/* The fields' names and the severities, from include/linux/kmsg_catalog.h */
static const char *const kmsg_field_names[KMSG_NR_FIELDS] = {
	KMSG_FIELD_NAMES
};

static const char *const kmsg_severities[KMSG_NR_LEVELS] = {
	KMSG_SEVERITY_NAMES
};

/*
 * The entries of one component in one catalog of a section: a run of the
 * catalog's entries, which are sorted by component and then by id.
 */
struct kmsg_range {
	struct list_head list;		/* in its component's, oldest first */
	const struct kmsg_owner *owner;
	struct kmsg_component *comp;
	const struct kmsg_catalog_entry *entries;
	const char *strings;
	u32 nr;
};

/* Everything one image (vmlinux or a module) registered, in section order */
struct kmsg_owner {
	struct list_head list;
	struct module *mod;
	unsigned int nr_ranges;
	struct kmsg_range ranges[] __counted_by(nr_ranges);
};

/*
 * /sys/kernel/kmsg/<component>, alive while any owner has entries in it:
 * a lazy kernfs directory (lazy is its priv).  The entry that serves an
 * id is that of the oldest range that has the id; the others wait.
 */
struct kmsg_component {
	struct kernfs_lazy_dir lazy;
	struct list_head list;
	struct kernfs_node *kn;
	struct list_head ranges;	/* struct kmsg_range, oldest first */
	struct xarray shown;		/* id -> struct kmsg_shown */
	bool dead;			/* on kmsg_dead, its directory going */
	char name[KMSG_COMPONENT_MAX + 1];
};

/* A served entry someone looked up: its directory, whose files' priv it is */
struct kmsg_shown {
	const struct kmsg_catalog_entry *entry;
	const struct kmsg_range *range;
	struct kernfs_node *kn;
};

/*
 * kmsg_reg_lock serializes registration and removal, including the
 * removal of empty components' directories (kmsg_dead), which waits for
 * their populate callbacks and so is done without kmsg_lock.
 *
 * kmsg_lock protects the lists kmsg_owners and kmsg_components,
 * kmsg_generation and every component's fields; the populate callback
 * and the procfs listing take it.  A field's seq_show() takes no lock: an
 * entry's directory is removed, which waits for its readers, before its
 * struct kmsg_shown is freed.
 */
static DEFINE_MUTEX(kmsg_reg_lock);
static DEFINE_MUTEX(kmsg_lock);
static LIST_HEAD(kmsg_owners);
static LIST_HEAD(kmsg_components);
static LIST_HEAD(kmsg_dead);
static unsigned long kmsg_generation;	/* changes with what is served */
static struct kobject *kmsg_kobj;

static const char *kmsg_owner_name(const struct kmsg_owner *owner)
{
	return owner->mod ? owner->mod->name : "vmlinux";
}

static int kmsg_id_cmp(const void *key, const void *elt)
{
	u16 id = *(const u16 *)key;
	u16 other = ((const struct kmsg_catalog_entry *)elt)->id;

	return id < other ? -1 : id > other;
}

/* The entry @id of the range @r, or NULL */
static const struct kmsg_catalog_entry *kmsg_range_find(const struct kmsg_range *r,
							u16 id)
{
	return bsearch(&id, r->entries, r->nr, sizeof(*r->entries), kmsg_id_cmp);
}

/* The entry that serves @id of @comp and its range, or NULL */
static const struct kmsg_catalog_entry *kmsg_served(const struct kmsg_component *comp,
						    u16 id,
						    const struct kmsg_range **rp)
{
	const struct kmsg_catalog_entry *e;
	const struct kmsg_range *r;

	lockdep_assert_held(&kmsg_lock);

	list_for_each_entry(r, &comp->ranges, list) {
		e = kmsg_range_find(r, id);
		if (e) {
			if (rp)
				*rp = r;
			return e;
		}
	}
	return NULL;
}

/* sysfs: an entry's files */

static int kmsg_field_show(struct seq_file *m, void *v)
{
	struct kernfs_open_file *of = m->private;
	const struct kmsg_shown *shown = of->kn->priv;
	const struct kmsg_catalog_entry *e = shown->entry;
	enum kmsg_field f;

	for (f = 0; f < KMSG_NR_FIELDS; f++)
		if (!strcmp(of->kn->name, kmsg_field_names[f]))
			break;
	if (WARN_ON_ONCE(f == KMSG_NR_FIELDS))
		return -EIO;
	if (f == KMSG_FIELD_SEVERITY)
		seq_printf(m, "%s\n", kmsg_severities[e->level]);
	else
		seq_printf(m, "%s\n",
			   shown->range->strings + kmsg_field_offset(e, f));
	return 0;
}

static const struct kernfs_ops kmsg_field_ops = {
	.seq_show = kmsg_field_show,
};

/* Makes the directory of the served entry @id of @comp, if it has none. */
static void kmsg_show(struct kmsg_component *comp, u16 id)
{
	const struct kmsg_range *r;
	const struct kmsg_catalog_entry *e = kmsg_served(comp, id, &r);
	struct kmsg_shown *shown;
	struct kernfs_node *kn;
	enum kmsg_field f;
	char name[8];

	lockdep_assert_held(&kmsg_lock);

	if (!e || xa_load(&comp->shown, id))
		return;
	shown = kzalloc(sizeof(*shown), GFP_KERNEL);
	if (!shown)
		return;
	shown->entry = e;
	shown->range = r;
	snprintf(name, sizeof(name), "%u", id);
	kn = kernfs_create_dir_ns(comp->kn, name, 0555, GLOBAL_ROOT_UID,
				  GLOBAL_ROOT_GID, shown, NULL);
	if (IS_ERR(kn))
		goto err_free;
	shown->kn = kn;
	for (f = 0; f < KMSG_NR_FIELDS; f++) {
		struct kernfs_node *file;

		/* the size a sysfs attribute reports */
		file = __kernfs_create_file(kn, kmsg_field_names[f], 0444,
					    GLOBAL_ROOT_UID, GLOBAL_ROOT_GID,
					    PAGE_SIZE, &kmsg_field_ops, shown,
					    NULL, NULL);
		if (IS_ERR(file))
			goto err_remove;
	}
	if (xa_insert(&comp->shown, id, shown, GFP_KERNEL))
		goto err_remove;
	return;

err_remove:
	kernfs_remove(kn);
err_free:
	kfree(shown);
}

/* Makes the directory of entry @name of @comp, or of all for NULL */
static void kmsg_populate_locked(struct kmsg_component *comp, const char *name)
{
	const struct kmsg_range *r;
	u32 i;
	u16 n;

	lockdep_assert_held(&kmsg_lock);

	if (comp->dead)
		return;
	if (name) {
		if (!kstrtou16(name, 10, &n))
			kmsg_show(comp, n);
		return;
	}
	/* a waiting copy's id is shown by the range that serves it */
	list_for_each_entry(r, &comp->ranges, list) {
		for (i = 0; i < r->nr; i++) {
			kmsg_show(comp, r->entries[i].id);
			cond_resched();
		}
	}
}

/* kernfs_lazy_dir's callback: a lookup of @name in, or a readdir of, @dir */
static void kmsg_populate(struct kernfs_node *dir, const char *name)
{
	mutex_lock(&kmsg_lock);
	kmsg_populate_locked(container_of(dir->priv, struct kmsg_component, lazy),
			     name);
	mutex_unlock(&kmsg_lock);
}

/* Removes the directory of the entry @id of @comp, if it has one. */
static void kmsg_hide(struct kmsg_component *comp, unsigned long id)
{
	struct kmsg_shown *shown = xa_erase(&comp->shown, id);

	lockdep_assert_held(&kmsg_lock);

	if (!shown)
		return;
	/* waits for the readers of its files */
	kernfs_remove(shown->kn);
	kfree(shown);
}

/* components */

static struct kmsg_component *kmsg_component_find(const char *name)
{
	struct kmsg_component *comp;

	lockdep_assert_held(&kmsg_lock);

	list_for_each_entry(comp, &kmsg_components, list)
		if (!strcmp(comp->name, name))
			return comp;
	return NULL;
}

/* The component @name, its directory made if it is not there yet */
static struct kmsg_component *kmsg_component_get(const char *name)
{
	struct kmsg_component *comp = kmsg_component_find(name);
	struct kernfs_node *kn;

	if (comp)
		return comp;
	comp = kzalloc(sizeof(*comp), GFP_KERNEL);
	if (!comp)
		return ERR_PTR(-ENOMEM);
	strscpy(comp->name, name);
	comp->lazy.populate = kmsg_populate;
	INIT_LIST_HEAD(&comp->ranges);
	xa_init(&comp->shown);
	kn = kernfs_create_lazy_dir(kmsg_kobj->sd, name, 0755, &comp->lazy);
	if (IS_ERR(kn)) {
		kfree(comp);
		return ERR_CAST(kn);
	}
	comp->kn = kn;
	list_add_tail(&comp->list, &kmsg_components);
	return comp;
}

/* Retires @comp once no owner has entries in it; kmsg_reap() removes it. */
static void kmsg_component_put(struct kmsg_component *comp)
{
	lockdep_assert_held(&kmsg_lock);

	if (!list_empty(&comp->ranges))
		return;
	comp->dead = true;
	list_move_tail(&comp->list, &kmsg_dead);
}

/* Removes and frees the retired components, without kmsg_lock. */
static void kmsg_reap(void)
{
	struct kmsg_component *comp, *tmp;

	lockdep_assert_held(&kmsg_reg_lock);

	list_for_each_entry_safe(comp, tmp, &kmsg_dead, list) {
		list_del(&comp->list);
		/* waits for running populate callbacks, which see dead */
		kernfs_remove(comp->kn);
		xa_destroy(&comp->shown);
		kfree(comp);
	}
}

/* owners */

/* Withdraws the first @n ranges of @owner, which is off kmsg_owners. */
static void kmsg_owner_unpublish(struct kmsg_owner *owner, unsigned int n)
{
	struct kmsg_shown *shown;
	unsigned long id;
	unsigned int r;

	lockdep_assert_held(&kmsg_lock);

	for (r = 0; r < n && r < owner->nr_ranges; r++) {
		struct kmsg_range *range = &owner->ranges[r];
		struct kmsg_component *comp = range->comp;

		/* a waiting copy takes over: its directory is made on lookup */
		xa_for_each(&comp->shown, id, shown) {
			if (shown->range == range)
				kmsg_hide(comp, id);
			cond_resched();
		}
		list_del(&range->list);
		kmsg_component_put(comp);
		kmsg_generation++;
	}
}

/* Warns of each entry of @r whose id an older range of its component has */
static void kmsg_range_check_waiting(const struct kmsg_range *r)
{
	const struct kmsg_catalog_entry *e;
	const struct kmsg_range *by;
	u32 i;

	lockdep_assert_held(&kmsg_lock);

	/* none if the component is new: a cost only for shared components */
	if (list_is_first(&r->list, &r->comp->ranges))
		return;
	for (i = 0; i < r->nr; i++) {
		e = kmsg_served(r->comp, r->entries[i].id, &by);
		if (e != &r->entries[i])
			kmsg_warn(1, "%s.%u of %s is already served by %s; %s's copy waits\n",
				  r->comp->name, e->id, kmsg_owner_name(r->owner),
				  kmsg_owner_name(by->owner),
				  kmsg_owner_name(r->owner));
		cond_resched();
	}
}

/*
 * Adds every range of @owner to its component.  On failure none of them
 * stays and the error is returned.
 */
static int kmsg_owner_publish(struct kmsg_owner *owner)
{
	struct kmsg_component *comp;
	unsigned int r;

	lockdep_assert_held(&kmsg_lock);

	for (r = 0; r < owner->nr_ranges; r++) {
		struct kmsg_range *range = &owner->ranges[r];

		comp = kmsg_component_get(range->strings +
					  range->entries[0].component);
		if (IS_ERR(comp)) {
			kmsg_owner_unpublish(owner, r);
			return PTR_ERR(comp);
		}
		range->comp = comp;
		list_add_tail(&range->list, &comp->ranges);
		kmsg_range_check_waiting(range);
		kmsg_generation++;
	}
	return 0;
}

/*
 * The ranges of a validated section, in @owner's if not NULL: a run of
 * entries of one component in one catalog.
 */
static unsigned int kmsg_ranges(const void *data, size_t size,
				struct kmsg_owner *owner)
{
	const char *p = data, *end = p + size;
	struct kmsg_range *range = NULL;
	unsigned int n = 0;
	u32 i;

	while (p < end) {
		const struct kmsg_catalog_header *hdr = (const void *)p;
		const struct kmsg_catalog_entry *e = (const void *)(hdr + 1);
		const char *strings = (const char *)(e + hdr->nr_entries);

		for (i = 0; i < hdr->nr_entries; i++) {
			/* one component is one string, mostly at one offset */
			if (i && (e[i].component == e[i - 1].component ||
				  !strcmp(strings + e[i].component,
					  strings + e[i - 1].component))) {
				if (range)
					range->nr++;
				continue;
			}
			if (owner) {
				range = &owner->ranges[n];
				range->owner = owner;
				range->entries = &e[i];
				range->strings = strings;
				range->nr = 1;
			}
			n++;
		}
		p += ALIGN(sizeof(*hdr) + hdr->nr_entries * sizeof(*e) +
			   hdr->strings_size, KMSG_CATALOG_ALIGN);
	}
	return n;
}

VISIBLE_IF_KUNIT int kmsg_catalog_add(struct module *mod, const void *data,
				      size_t size)
{
	const char *name = mod ? mod->name : "vmlinux";
	struct kmsg_owner *owner;
	unsigned int nr_ranges;
	const char *why;
	int nr, err;

	if (!size)
		return 0;
	nr = kmsg_catalog_validate(data, size, &why);
	if (nr < 0) {
		kmsg_err(2, "%s: catalog section rejected: %s\n", name, why);
		return nr;
	}
	nr_ranges = kmsg_ranges(data, size, NULL);
	owner = kzalloc(struct_size(owner, ranges, nr_ranges), GFP_KERNEL);
	if (!owner) {
		err = -ENOMEM;
		goto err_report;
	}
	owner->mod = mod;
	owner->nr_ranges = nr_ranges;
	kmsg_ranges(data, size, owner);

	mutex_lock(&kmsg_reg_lock);
	mutex_lock(&kmsg_lock);
	err = kmsg_owner_publish(owner);
	if (!err) {
		list_add_tail(&owner->list, &kmsg_owners);
		kmsg_generation++;
	}
	mutex_unlock(&kmsg_lock);
	kmsg_reap();
	mutex_unlock(&kmsg_reg_lock);
	if (err)
		goto err_free;
	return 0;

err_free:
	kfree(owner);
err_report:
	kmsg_err(3, "%s: catalog not registered: %d\n", name, err);
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(kmsg_catalog_add);

VISIBLE_IF_KUNIT void kmsg_catalog_remove(struct module *mod)
{
	struct kmsg_owner *owner, *found = NULL;

	mutex_lock(&kmsg_reg_lock);
	mutex_lock(&kmsg_lock);
	list_for_each_entry(owner, &kmsg_owners, list) {
		if (owner->mod == mod) {
			found = owner;
			list_del(&owner->list);
			kmsg_generation++;
			kmsg_owner_unpublish(owner, UINT_MAX);
			break;
		}
	}
	mutex_unlock(&kmsg_lock);
	kmsg_reap();
	mutex_unlock(&kmsg_reg_lock);
	kfree(found);
}
EXPORT_SYMBOL_IF_KUNIT(kmsg_catalog_remove);

#if IS_ENABLED(CONFIG_KUNIT)
/*
 * The entry serving @comp.@id (NULL if none, ERR_PTR(-ENOENT) if there is
 * no such component) and in @shown whether it has its directory.
 */
const struct kmsg_catalog_entry *kmsg_catalog_served(const char *comp, u16 id,
						     bool *shown)
{
	const struct kmsg_catalog_entry *e = ERR_PTR(-ENOENT);
	struct kmsg_component *c;

	mutex_lock(&kmsg_lock);
	c = kmsg_component_find(comp);
	*shown = false;
	if (c) {
		e = kmsg_served(c, id, NULL);
		*shown = xa_load(&c->shown, id);
	}
	mutex_unlock(&kmsg_lock);
	return e;
}
EXPORT_SYMBOL_IF_KUNIT(kmsg_catalog_served);

/* What a lookup of @name (NULL: a readdir) in /sys/kernel/kmsg/@comp does */
void kmsg_catalog_look_up(const char *comp, const char *name)
{
	struct kmsg_component *c;

	mutex_lock(&kmsg_lock);
	c = kmsg_component_find(comp);
	if (c)
		kmsg_populate_locked(c, name);
	mutex_unlock(&kmsg_lock);
}
EXPORT_SYMBOL_IF_KUNIT(kmsg_catalog_look_up);
#endif

static int kmsg_module_notify(struct notifier_block *nb, unsigned long op,
			      void *data)
{
	struct module *mod = data;

	switch (op) {
	case MODULE_STATE_COMING:
		/* A catalog problem never keeps the module from loading. */
		kmsg_catalog_add(mod, mod->kmsg_catalog, mod->kmsg_catalog_size);
		break;
	case MODULE_STATE_GOING:
		kmsg_catalog_remove(mod);
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block kmsg_module_nb = {
	.notifier_call = kmsg_module_notify,
};

/*
 * /proc/kmsg_catalog: "tag severity owner text", one served entry a
 * line; the text escaped as in the printk index (a newline reads "\n", a
 * backslash "\\"), so that each entry stays on its line.
 */

/* A place in the owners' entries: entry i of range r of owner */
struct kmsg_cursor {
	struct kmsg_owner *owner;
	unsigned int r, i;
};

/*
 * Where the last read of a reader stopped: the entry at position pos,
 * valid while kmsg_generation is gen.  A reader that goes on where it
 * stopped starts there at once; any other position is found by walking.
 */
struct kmsg_seq_state {
	unsigned long gen;
	loff_t pos;
	bool valid;
	struct kmsg_cursor cur;
};

static const struct kmsg_range *kmsg_cursor_range(const struct kmsg_cursor *c)
{
	return &c->owner->ranges[c->r];
}

static const struct kmsg_catalog_entry *kmsg_cursor_entry(const struct kmsg_cursor *c)
{
	return &kmsg_cursor_range(c)->entries[c->i];
}

/* Is the entry at @c the one that serves its tag? */
static bool kmsg_cursor_served(const struct kmsg_cursor *c)
{
	const struct kmsg_catalog_entry *e = kmsg_cursor_entry(c);

	return kmsg_served(kmsg_cursor_range(c)->comp, e->id, NULL) == e;
}

/* Moves @c to the first entry of the next owner that has one */
static bool kmsg_cursor_next_owner(struct kmsg_cursor *c)
{
	c->r = 0;
	c->i = 0;
	do {
		if (list_is_last(&c->owner->list, &kmsg_owners))
			return false;
		c->owner = list_next_entry(c->owner, list);
	} while (!c->owner->nr_ranges);
	return true;
}

/* Moves @c to the next entry; false at the end (a range is never empty) */
static bool kmsg_cursor_step(struct kmsg_cursor *c)
{
	if (++c->i < kmsg_cursor_range(c)->nr)
		return true;
	c->i = 0;
	if (++c->r < c->owner->nr_ranges)
		return true;
	return kmsg_cursor_next_owner(c);
}

/* Moves @c to the next served entry, from where it is if @here */
static bool kmsg_cursor_next_served(struct kmsg_cursor *c, bool here)
{
	lockdep_assert_held(&kmsg_lock);

	if (here && kmsg_cursor_served(c))
		return true;
	while (kmsg_cursor_step(c))
		if (kmsg_cursor_served(c))
			return true;
	return false;
}

/* @c at the first entry of all, false if there is none */
static bool kmsg_cursor_first(struct kmsg_cursor *c)
{
	memset(c, 0, sizeof(*c));
	if (list_empty(&kmsg_owners))
		return false;
	c->owner = list_first_entry(&kmsg_owners, struct kmsg_owner, list);
	return c->owner->nr_ranges || kmsg_cursor_next_owner(c);
}

static void *kmsg_seq_start(struct seq_file *m, loff_t *pos)
{
	struct kmsg_seq_state *st = m->private;
	loff_t n;

	mutex_lock(&kmsg_lock);
	if (st->valid && st->gen == kmsg_generation && st->pos == *pos)
		return &st->cur;
	st->valid = false;
	if (!kmsg_cursor_first(&st->cur) ||
	    !kmsg_cursor_next_served(&st->cur, true))
		return NULL;
	for (n = 0; n < *pos; n++)
		if (!kmsg_cursor_next_served(&st->cur, false))
			return NULL;
	st->valid = true;
	st->gen = kmsg_generation;
	st->pos = *pos;
	return &st->cur;
}

static void *kmsg_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct kmsg_seq_state *st = m->private;

	++*pos;
	st->pos = *pos;
	if (kmsg_cursor_next_served(&st->cur, false))
		return &st->cur;
	st->valid = false;
	return NULL;
}

static void kmsg_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kmsg_lock);
}

static int kmsg_seq_show(struct seq_file *m, void *v)
{
	const struct kmsg_cursor *c = v;
	const struct kmsg_catalog_entry *e = kmsg_cursor_entry(c);
	const char *strings = kmsg_cursor_range(c)->strings;

	seq_printf(m, "%s.%u %s %s ", strings + e->component, e->id,
		   kmsg_severities[e->level], kmsg_owner_name(c->owner));
	seq_escape_str(m, strings + e->text,
		       ESCAPE_ANY | ESCAPE_NAP | ESCAPE_APPEND, "\\");
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations kmsg_seq_ops = {
	.start = kmsg_seq_start,
	.next = kmsg_seq_next,
	.stop = kmsg_seq_stop,
	.show = kmsg_seq_show,
};

/*
 * /sys/kernel/kmsg and /proc/kmsg_catalog, vmlinux's catalog, and the
 * module hook.  Without the directory nothing is published; a failure of
 * the others is logged, and what did work stays.
 */
static int __init kmsg_catalog_init(void)
{
	int err;

	kmsg_kobj = kobject_create_and_add("kmsg", kernel_kobj);
	if (!kmsg_kobj) {
		kmsg_err(4, "cannot create /sys/kernel/kmsg\n");
		return -ENOMEM;
	}
	if (!proc_create_seq_private("kmsg_catalog", 0444, NULL, &kmsg_seq_ops,
				     sizeof(struct kmsg_seq_state), NULL))
		kmsg_err(5, "cannot create /proc/kmsg_catalog\n");
	/* logs its own failure */
	err = kmsg_catalog_add(NULL, __start_kmsg_catalog,
			       __stop_kmsg_catalog - __start_kmsg_catalog);
	if (IS_ENABLED(CONFIG_MODULES)) {
		int nerr = register_module_notifier(&kmsg_module_nb);

		if (nerr) {
			kmsg_err(6, "module catalogs will not be registered: %d\n",
				 nerr);
			err = err ?: nerr;
		}
	}
	return err;
}
subsys_initcall(kmsg_catalog_init);
