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
 * The strings stay where they are, in the image's read-only data.  Each
 * entry costs one attribute group (a directory and five files).
 *
 * When two owners carry the same tag, the one registered first serves
 * it; the other's copy waits, with one warning, and takes over when the
 * first owner goes away.
 *
 * Its own messages are the catalog's too, component "kmsg", described in
 * Documentation/kmsg/kmsg.
 */

#define KMSG_COMPONENT "kmsg"
#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt

#include <linux/kmsg.h>
#include <linux/kmsg_catalog.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>
#include <linux/xarray.h>

#include "kmsg_catalog_internal.h"

/* The fields' names and the severities, from include/linux/kmsg_catalog.h */
static const char *const kmsg_field_names[KMSG_NR_FIELDS] = {
	KMSG_FIELD_NAMES
};

static const char *const kmsg_severities[KMSG_NR_LEVELS] = {
	KMSG_SEVERITY_NAMES
};

struct kmsg_component;
struct kmsg_owner;

/*
 * One catalog entry of one owner, and its sysfs directory.  Its files'
 * attributes live here (show() finds the node from them); the attribute
 * group is only built on the stack to add or remove them, which keeps
 * this at 128 bytes on 64-bit.
 */
struct kmsg_node {
	const struct kmsg_catalog_entry *entry;
	const char *strings;
	struct kmsg_component *comp;
	struct kmsg_owner *owner;
	struct attribute attrs[KMSG_NR_FIELDS];
	char name[7];
	bool published;
};

/* Everything one image (vmlinux or a module) registered. */
struct kmsg_owner {
	struct list_head list;
	struct module *mod;
	unsigned int nr_nodes;
	struct kmsg_node *nodes;
};

/* /sys/kernel/kmsg/<component>, alive while any entry of it is. */
struct kmsg_component {
	struct kobject kobj;
	struct list_head list;
	struct xarray ids;		/* id -> published struct kmsg_node */
	unsigned int nr_published;
	unsigned int nr_waiting;	/* copies shadowed by a published one */
};

/*
 * kmsg_lock serializes registration, removal and the procfs listing.  It
 * protects the lists kmsg_owners and kmsg_components, kmsg_nr_waiting,
 * kmsg_generation,
 * each component's ids, nr_published and nr_waiting, and each node's comp
 * and published.  The sysfs show() callback does not take it: a node's
 * files are removed, which waits for their readers, before it is freed.
 */
static DEFINE_MUTEX(kmsg_lock);
static LIST_HEAD(kmsg_owners);
static LIST_HEAD(kmsg_components);
static unsigned int kmsg_nr_waiting;	/* copies shadowed by another owner */
static unsigned long kmsg_generation;	/* changes with what is published */
static struct kobject *kmsg_kobj;

static const char *kmsg_str(const struct kmsg_node *node, u32 off)
{
	return node->strings + off;
}

static const char *kmsg_owner_name(const struct kmsg_owner *owner)
{
	return owner->mod ? owner->mod->name : "vmlinux";
}

/* sysfs */

static ssize_t kmsg_attr_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	const struct kmsg_node *node;
	enum kmsg_field f;

	/* the attribute's name is its field's, kmsg_field_names[f] itself */
	for (f = 0; f < KMSG_NR_FIELDS; f++)
		if (attr->name == kmsg_field_names[f])
			break;
	if (WARN_ON_ONCE(f == KMSG_NR_FIELDS))
		return -EIO;
	node = container_of(attr - f, struct kmsg_node, attrs[0]);
	if (f == KMSG_FIELD_SEVERITY)
		return sysfs_emit(buf, "%s\n", kmsg_severities[node->entry->level]);
	return sysfs_emit(buf, "%s\n",
			  kmsg_str(node, kmsg_field_offset(node->entry, f)));
}

static const struct sysfs_ops kmsg_sysfs_ops = {
	.show = kmsg_attr_show,
};

static void kmsg_component_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct kmsg_component, kobj));
}

static const struct kobj_type kmsg_component_ktype = {
	.release = kmsg_component_release,
	.sysfs_ops = &kmsg_sysfs_ops,
};

/* The component @name, added to sysfs if it is not there yet */
static struct kmsg_component *kmsg_component_find_or_add(const char *name)
{
	struct kmsg_component *comp;
	int err;

	lockdep_assert_held(&kmsg_lock);

	list_for_each_entry(comp, &kmsg_components, list)
		if (!strcmp(kobject_name(&comp->kobj), name))
			return comp;

	comp = kzalloc(sizeof(*comp), GFP_KERNEL);
	if (!comp)
		return ERR_PTR(-ENOMEM);
	xa_init(&comp->ids);
	err = kobject_init_and_add(&comp->kobj, &kmsg_component_ktype,
				   kmsg_kobj, "%s", name);
	if (err) {
		kobject_put(&comp->kobj);
		return ERR_PTR(err);
	}
	list_add_tail(&comp->list, &kmsg_components);
	return comp;
}

/* Removes @comp from sysfs and frees it once no entry uses it. */
static void kmsg_component_del_if_empty(struct kmsg_component *comp)
{
	lockdep_assert_held(&kmsg_lock);

	if (comp->nr_published || comp->nr_waiting)
		return;
	list_del(&comp->list);
	xa_destroy(&comp->ids);
	kobject_del(&comp->kobj);
	kobject_put(&comp->kobj);
}

/* The group of @node's directory, in @grp with the help of @list. */
static const struct attribute_group *
kmsg_node_group(struct kmsg_node *node, struct attribute_group *grp,
		struct attribute **list)
{
	unsigned int i;

	for (i = 0; i < KMSG_NR_FIELDS; i++)
		list[i] = &node->attrs[i];
	list[i] = NULL;
	memset(grp, 0, sizeof(*grp));
	grp->name = node->name;
	grp->attrs = list;
	return grp;
}

static int kmsg_node_publish(struct kmsg_node *node)
{
	struct attribute *list[KMSG_NR_FIELDS + 1];
	struct kmsg_component *comp = node->comp;
	struct attribute_group grp;
	int err;

	lockdep_assert_held(&kmsg_lock);

	err = xa_insert(&comp->ids, node->entry->id, node, GFP_KERNEL);
	if (err)
		return err;
	err = sysfs_create_group(&comp->kobj, kmsg_node_group(node, &grp, list));
	if (err) {
		xa_erase(&comp->ids, node->entry->id);
		return err;
	}
	node->published = true;
	comp->nr_published++;
	kmsg_generation++;
	return 0;
}

static void kmsg_node_unpublish(struct kmsg_node *node)
{
	struct attribute *list[KMSG_NR_FIELDS + 1];
	struct kmsg_component *comp = node->comp;
	struct attribute_group grp;

	lockdep_assert_held(&kmsg_lock);

	/* Waits for readers of the files to finish. */
	sysfs_remove_group(&comp->kobj, kmsg_node_group(node, &grp, list));
	xa_erase(&comp->ids, node->entry->id);
	node->published = false;
	comp->nr_published--;
	kmsg_generation++;
}

/* The oldest other owner's waiting copy of @gone's tag takes over. */
static void kmsg_promote_waiting(const struct kmsg_node *gone)
{
	struct kmsg_owner *owner;
	unsigned int i;

	lockdep_assert_held(&kmsg_lock);

	list_for_each_entry(owner, &kmsg_owners, list) {
		if (owner == gone->owner)
			continue;
		for (i = 0; i < owner->nr_nodes; i++) {
			struct kmsg_node *node = &owner->nodes[i];

			if (node->published || node->comp != gone->comp ||
			    node->entry->id != gone->entry->id)
				continue;
			if (!kmsg_node_publish(node)) {
				kmsg_nr_waiting--;
				node->comp->nr_waiting--;
			}
			return;
		}
	}
}

static void kmsg_node_init(struct kmsg_node *node, struct kmsg_owner *owner,
			   const struct kmsg_catalog_entry *e,
			   const char *strings)
{
	enum kmsg_field f;

	node->entry = e;
	node->strings = strings;
	node->owner = owner;
	snprintf(node->name, sizeof(node->name), "%u", e->id);
	for (f = 0; f < KMSG_NR_FIELDS; f++) {
		/* a lockdep class for attributes built at run time */
		sysfs_attr_init(&node->attrs[f]);
		node->attrs[f].name = kmsg_field_names[f];
		node->attrs[f].mode = 0444;
	}
}

static void kmsg_owner_unpublish(struct kmsg_owner *owner)
{
	unsigned int i;

	lockdep_assert_held(&kmsg_lock);

	for (i = 0; i < owner->nr_nodes; i++) {
		struct kmsg_node *node = &owner->nodes[i];

		if (!node->comp)
			continue;
		if (node->published) {
			kmsg_node_unpublish(node);
			if (kmsg_nr_waiting)
				kmsg_promote_waiting(node);
		} else {
			kmsg_nr_waiting--;
			node->comp->nr_waiting--;
		}
		kmsg_component_del_if_empty(node->comp);
	}
}

/*
 * Publish every entry of @owner.  On failure nothing of it stays
 * published and the error is returned.
 */
static int kmsg_owner_publish(struct kmsg_owner *owner, const void *data,
			      size_t size)
{
	const char *p = data, *end = p + size;
	unsigned int n = 0;
	int err;

	lockdep_assert_held(&kmsg_lock);

	while (p < end) {
		const struct kmsg_catalog_header *hdr = (const void *)p;
		const struct kmsg_catalog_entry *e = (const void *)(hdr + 1);
		const char *strings = (const char *)(e + hdr->nr_entries);
		u32 i;

		for (i = 0; i < hdr->nr_entries; i++, e++, n++) {
			struct kmsg_node *node = &owner->nodes[n];
			struct kmsg_component *comp;
			struct kmsg_node *other;

			kmsg_node_init(node, owner, e, strings);
			comp = kmsg_component_find_or_add(strings + e->component);
			if (IS_ERR(comp)) {
				err = PTR_ERR(comp);
				goto fail;
			}
			node->comp = comp;
			other = xa_load(&comp->ids, e->id);
			if (other) {
				kmsg_warn(1, "%s.%u of %s is already served by %s; %s's copy waits\n",
					  strings + e->component, e->id,
					  kmsg_owner_name(owner),
					  kmsg_owner_name(other->owner),
					  kmsg_owner_name(owner));
				kmsg_nr_waiting++;
				comp->nr_waiting++;
				continue;
			}
			err = kmsg_node_publish(node);
			if (err) {
				kmsg_component_del_if_empty(comp);
				node->comp = NULL;
				goto fail;
			}
		}
		p += ALIGN(sizeof(*hdr) + hdr->nr_entries * sizeof(*e) +
			   hdr->strings_size, KMSG_CATALOG_ALIGN);
	}
	return 0;
fail:
	owner->nr_nodes = n;
	kmsg_owner_unpublish(owner);
	return err;
}

static int kmsg_catalog_add(struct module *mod, const void *data, size_t size)
{
	const char *name = mod ? mod->name : "vmlinux";
	struct kmsg_owner *owner;
	const char *why;
	int nr, err;

	if (!size)
		return 0;
	nr = kmsg_catalog_validate(data, size, &why);
	if (nr < 0) {
		kmsg_err(2, "%s: catalog section rejected: %s\n", name, why);
		return nr;
	}
	err = -ENOMEM;
	owner = kzalloc(sizeof(*owner), GFP_KERNEL);
	if (!owner)
		goto err_report;
	owner->mod = mod;
	owner->nr_nodes = nr;
	/*
	 * A large array from kmalloc would be rounded up to a power of two
	 * pages; vmalloc rounds to one page.
	 */
	if (array_size(nr, sizeof(*owner->nodes)) <= PAGE_SIZE)
		owner->nodes = kcalloc(nr, sizeof(*owner->nodes), GFP_KERNEL);
	else
		owner->nodes = vcalloc(nr, sizeof(*owner->nodes));
	if (!owner->nodes)
		goto err_free_owner;

	mutex_lock(&kmsg_lock);
	err = kmsg_owner_publish(owner, data, size);
	if (!err) {
		list_add_tail(&owner->list, &kmsg_owners);
		kmsg_generation++;
	}
	mutex_unlock(&kmsg_lock);
	if (err)
		goto err_free_nodes;
	return 0;

err_free_nodes:
	kvfree(owner->nodes);
err_free_owner:
	kfree(owner);
err_report:
	kmsg_err(3, "%s: catalog not registered: %d\n", name, err);
	return err;
}

static void kmsg_catalog_remove(struct module *mod)
{
	struct kmsg_owner *owner, *found = NULL;

	mutex_lock(&kmsg_lock);
	list_for_each_entry(owner, &kmsg_owners, list) {
		if (owner->mod == mod) {
			found = owner;
			list_del(&owner->list);
			kmsg_generation++;
			kmsg_owner_unpublish(owner);
			break;
		}
	}
	mutex_unlock(&kmsg_lock);

	if (found) {
		kvfree(found->nodes);
		kfree(found);
	}
}

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
 * /proc/kmsg_catalog: "tag severity owner text", one published entry a
 * line; the text escaped as in the printk index (a newline reads "\n", a
 * backslash "\\"), so that each entry stays on its line.
 */

/*
 * Where the last read of a reader stopped: the node at position pos, valid
 * while kmsg_generation is gen.  A reader that goes on where it stopped
 * starts there at once; any other position is found by walking the list.
 */
struct kmsg_seq_state {
	unsigned long gen;
	loff_t pos;
	struct kmsg_node *node;
};

/* The published node after @node, in list order, or NULL */
static struct kmsg_node *kmsg_seq_after(struct kmsg_node *node)
{
	struct kmsg_owner *owner = node->owner;
	unsigned int i = node - owner->nodes;

	lockdep_assert_held(&kmsg_lock);

	for (;;) {
		for (i++; i < owner->nr_nodes; i++)
			if (owner->nodes[i].published)
				return &owner->nodes[i];
		if (list_is_last(&owner->list, &kmsg_owners))
			return NULL;
		owner = list_next_entry(owner, list);
		i = -1;
	}
}

/* The published node at position @pos, walking from the start */
static struct kmsg_node *kmsg_seq_walk(loff_t pos)
{
	struct kmsg_owner *owner;
	unsigned int i;

	lockdep_assert_held(&kmsg_lock);

	list_for_each_entry(owner, &kmsg_owners, list) {
		for (i = 0; i < owner->nr_nodes; i++) {
			if (!owner->nodes[i].published)
				continue;
			if (!pos--)
				return &owner->nodes[i];
		}
	}
	return NULL;
}

static struct kmsg_node *kmsg_seq_remember(struct kmsg_seq_state *st,
					   loff_t pos, struct kmsg_node *node)
{
	st->gen = kmsg_generation;
	st->pos = pos;
	st->node = node;
	return node;
}

static void *kmsg_seq_start(struct seq_file *m, loff_t *pos)
{
	struct kmsg_seq_state *st = m->private;

	mutex_lock(&kmsg_lock);
	if (st->node && st->gen == kmsg_generation && st->pos == *pos)
		return st->node;
	return kmsg_seq_remember(st, *pos, kmsg_seq_walk(*pos));
}

static void *kmsg_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return kmsg_seq_remember(m->private, *pos, kmsg_seq_after(v));
}

static void kmsg_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kmsg_lock);
}

static int kmsg_seq_show(struct seq_file *m, void *v)
{
	const struct kmsg_node *node = v;
	const struct kmsg_catalog_entry *e = node->entry;

	seq_printf(m, "%s.%u %s %s ", kmsg_str(node, e->component), e->id,
		   kmsg_severities[e->level], kmsg_owner_name(node->owner));
	seq_escape_str(m, kmsg_str(node, e->text),
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
