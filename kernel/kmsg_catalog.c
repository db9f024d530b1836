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
 */

#include <linux/ctype.h>
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
#include <kunit/visibility.h>

#define KMSG_NR_FIELDS 5

static const char *const kmsg_field_names[KMSG_NR_FIELDS] = {
	"text", "severity", "parameters", "description", "user_action",
};

static const char *const kmsg_severities[] = {
	"Emerg", "Alert", "Critical", "Error", "Warning", "Notice",
	"Informational",
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
 * each component's ids, nr_published and nr_waiting, and each node's comp
 * and published.  The sysfs show() callback does not take it: a node's
 * files are removed, which waits for their readers, before it is freed.
 */
static DEFINE_MUTEX(kmsg_lock);
static LIST_HEAD(kmsg_owners);
static LIST_HEAD(kmsg_components);
static unsigned int kmsg_nr_waiting;	/* copies shadowed by another owner */
static struct kobject *kmsg_kobj;

static const char *kmsg_str(const struct kmsg_node *node, u32 off)
{
	return node->strings + off;
}

static const char *kmsg_owner_name(const struct kmsg_owner *owner)
{
	return owner->mod ? owner->mod->name : "vmlinux";
}

static bool kmsg_component_name_valid(const char *s)
{
	size_t i, len = strlen(s);

	if (len < 1 || len > 31 || !isalpha(s[0]))
		return false;
	for (i = 1; i < len; i++)
		if (!isalnum(s[i]) && s[i] != '_' && s[i] != '-')
			return false;
	return true;
}

static bool kmsg_string_ok(u32 off, u32 strings_size)
{
	return off < strings_size;
}

/* Order of two entries of one catalog: by component, then by id. */
static int kmsg_entry_cmp(const char *strings,
			  const struct kmsg_catalog_entry *a,
			  const struct kmsg_catalog_entry *b)
{
	int c = strcmp(strings + a->component, strings + b->component);

	if (c)
		return c;
	return a->id < b->id ? -1 : a->id > b->id;
}

/**
 * kmsg_catalog_validate() - check a .kmsg_catalog section before use
 * @data: start of the section
 * @size: its size in bytes
 * @why: set to a short description of the first problem found
 *
 * Checks every bound, offset, NUL termination, component name, id and
 * level of every catalog in the section, and that the entries of each
 * catalog are sorted by tag (component, then id) with no tag twice, as
 * scripts/kmsg-gen writes them.  The same tag in two catalogs of one
 * section is allowed: it is served like a tag of two owners.
 *
 * Return: the number of entries, or -EINVAL with @why set.
 */
int kmsg_catalog_validate(const void *data, size_t size, const char **why)
{
	const char *p = data, *end = p + size;
	int total = 0;

	if (!IS_ALIGNED((unsigned long)data, KMSG_CATALOG_ALIGN)) {
		*why = "section is not 4-byte aligned";
		return -EINVAL;
	}
	while (p < end) {
		const struct kmsg_catalog_header *hdr = (const void *)p;
		const struct kmsg_catalog_entry *ent;
		const char *strings;
		size_t room = end - p, need;
		int order;
		u32 i;

		if (room < sizeof(*hdr)) {
			*why = "truncated header";
			return -EINVAL;
		}
		if (hdr->magic != KMSG_CATALOG_MAGIC) {
			*why = "bad magic";
			return -EINVAL;
		}
		if (hdr->version != KMSG_CATALOG_VERSION) {
			*why = "unknown version";
			return -EINVAL;
		}
		if (hdr->entry_size != sizeof(*ent)) {
			*why = "bad entry size";
			return -EINVAL;
		}
		need = sizeof(*hdr) + (size_t)hdr->nr_entries * sizeof(*ent);
		if (hdr->nr_entries > room / sizeof(*ent) || need > room ||
		    hdr->strings_size > room - need) {
			*why = "entries or strings run past the section";
			return -EINVAL;
		}
		ent = (const void *)(hdr + 1);
		strings = (const char *)(ent + hdr->nr_entries);
		if (!hdr->strings_size || strings[hdr->strings_size - 1]) {
			*why = "string table is not NUL-terminated";
			return -EINVAL;
		}
		for (i = 0; i < hdr->nr_entries; i++, ent++) {
			if (!kmsg_string_ok(ent->component, hdr->strings_size) ||
			    !kmsg_string_ok(ent->text, hdr->strings_size) ||
			    !kmsg_string_ok(ent->parameters, hdr->strings_size) ||
			    !kmsg_string_ok(ent->description, hdr->strings_size) ||
			    !kmsg_string_ok(ent->user_action, hdr->strings_size)) {
				*why = "string offset out of range";
				return -EINVAL;
			}
			if (!kmsg_component_name_valid(strings + ent->component)) {
				*why = "invalid component name";
				return -EINVAL;
			}
			if (!ent->id) {
				*why = "entry with id 0";
				return -EINVAL;
			}
			if (ent->level >= ARRAY_SIZE(kmsg_severities)) {
				*why = "invalid level";
				return -EINVAL;
			}
			order = i ? kmsg_entry_cmp(strings, &ent[-1], ent) : -1;
			if (order >= 0) {
				*why = order ? "entries not sorted by tag" :
					       "tag listed twice";
				return -EINVAL;
			}
		}
		total += hdr->nr_entries;
		need += hdr->strings_size;
		p += ALIGN(need, KMSG_CATALOG_ALIGN);
	}
	return total;
}
EXPORT_SYMBOL_IF_KUNIT(kmsg_catalog_validate);

/* sysfs */

static ssize_t kmsg_attr_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	const struct kmsg_catalog_entry *e;
	const struct kmsg_node *node;
	const char *s;
	unsigned int i;

	for (i = 0; i < KMSG_NR_FIELDS; i++)
		if (attr->name == kmsg_field_names[i])
			break;
	if (WARN_ON_ONCE(i == KMSG_NR_FIELDS))
		return -EIO;
	node = container_of(attr - i, struct kmsg_node, attrs[0]);
	e = node->entry;

	switch (i) {
	case 0:
		s = kmsg_str(node, e->text);
		break;
	case 1:
		s = kmsg_severities[e->level];
		break;
	case 2:
		s = kmsg_str(node, e->parameters);
		break;
	case 3:
		s = kmsg_str(node, e->description);
		break;
	default:
		s = kmsg_str(node, e->user_action);
		break;
	}
	return sysfs_emit(buf, "%s\n", s);
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

static struct kmsg_component *kmsg_component_get(const char *name)
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

static void kmsg_component_put_if_unused(struct kmsg_component *comp)
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
	unsigned int i;

	node->entry = e;
	node->strings = strings;
	node->owner = owner;
	snprintf(node->name, sizeof(node->name), "%u", e->id);
	for (i = 0; i < KMSG_NR_FIELDS; i++) {
		/* a lockdep class for attributes built at run time */
		sysfs_attr_init(&node->attrs[i]);
		node->attrs[i].name = kmsg_field_names[i];
		node->attrs[i].mode = 0444;
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
		kmsg_component_put_if_unused(node->comp);
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
			comp = kmsg_component_get(strings + e->component);
			if (IS_ERR(comp)) {
				err = PTR_ERR(comp);
				goto fail;
			}
			node->comp = comp;
			other = xa_load(&comp->ids, e->id);
			if (other) {
				pr_warn("kmsg: %s.%u of %s is already served by %s; %s's copy waits\n",
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
				kmsg_component_put_if_unused(comp);
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
	struct kmsg_owner *owner = NULL;
	const char *why;
	int nr, err;

	if (!size)
		return 0;
	nr = kmsg_catalog_validate(data, size, &why);
	if (nr < 0) {
		pr_err("kmsg: %s: catalog section rejected: %s\n", name, why);
		return nr;
	}
	err = -ENOMEM;
	owner = kzalloc(sizeof(*owner), GFP_KERNEL);
	if (!owner)
		goto out;
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
		goto out;

	mutex_lock(&kmsg_lock);
	err = kmsg_owner_publish(owner, data, size);
	if (!err)
		list_add_tail(&owner->list, &kmsg_owners);
	mutex_unlock(&kmsg_lock);
out:
	if (err) {
		pr_err("kmsg: %s: catalog not registered: %d\n", name, err);
		if (owner)
			kvfree(owner->nodes);
		kfree(owner);
	}
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

static struct kmsg_node *kmsg_seq_find(loff_t pos)
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

static void *kmsg_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&kmsg_lock);
	return kmsg_seq_find(*pos);
}

static void *kmsg_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct kmsg_node *node = v;
	struct kmsg_owner *owner = node->owner;
	unsigned int i = node - owner->nodes;

	++*pos;
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

static int __init kmsg_catalog_init(void)
{
	int err;

	kmsg_kobj = kobject_create_and_add("kmsg", kernel_kobj);
	if (!kmsg_kobj)
		return -ENOMEM;
	proc_create_seq("kmsg_catalog", 0444, NULL, &kmsg_seq_ops);
	err = kmsg_catalog_add(NULL, __start_kmsg_catalog,
			       __stop_kmsg_catalog - __start_kmsg_catalog);
	if (IS_ENABLED(CONFIG_MODULES))
		register_module_notifier(&kmsg_module_nb);
	return err;
}
subsys_initcall(kmsg_catalog_init);
