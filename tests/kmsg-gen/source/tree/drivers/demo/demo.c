// SPDX-License-Identifier: GPL-2.0
/* A made-up driver: the forms source-check reads (tests/10-kmsg-gen.sh) */
#define pr_fmt(fmt) "demo: " fmt
#define DEMO_ERR "[Demo Error]: "

static void demo_printk(const char *level, struct demo *d, const char *fmt, ...)
{
	printk("%sDEMO (%s): %pV\n", level, d->name, &vaf);
}

#define demo_err(d, fmt, ...) demo_printk(KERN_ERR, d, fmt, ##__VA_ARGS__)

static void demo_probe(struct demo *d)
{
	pr_err("link %d is down, resetting "
	       "the adapter\n", d->link);
	dev_warn(d->dev, "queue %u stalled for %u ms\n", d->q, d->ms);
	printk(KERN_CRIT DEMO_ERR "bank %d: status %08x\n", d->bank, d->status);
	demo_err(d, "mount failed, error %d", d->err);
	pr_info("temperature %d C", d->t);
	pr_cont(" (limit %d C)\n", d->limit);
	pr_notice("first line of %s\nsecond line of %s\n", d->name, d->name);
	pr_warn("request %u failed%s\n", d->id, d->retry ? ", retrying" : "");
	/* "not a message: a comment" */
	d->c = '"';
}
