// SPDX-License-Identifier: GPL-2.0
/* The same driver in an earlier release (tests/10-kmsg-gen.sh) */
#define pr_fmt(fmt) "demo: " fmt

static void demo_probe(struct demo *d)
{
	pr_err("link %d down, resetting the adapter\n", d->link);
	dev_warn(d->dev, "queue %u stalled for %u ms\n", d->q, d->ms);
}
