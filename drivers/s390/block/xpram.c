// SPDX-License-Identifier: GPL-2.0
/*
 * Expanded storage (XPRAM) as block devices.
 *
 * Expanded storage is page-addressable memory of older System z machines
 * and of z/VM guests, reached only through the PGIN and PGOUT
 * instructions.  This driver splits it into up to 32 partitions,
 * /dev/xpram0 to /dev/xpram31, each a block device of 4 KiB blocks.
 *
 * Partitions are set with the module parameters "devs" (how many) and
 * "sizes" (each in KiB, with an optional k, M or G suffix; 0 or missing
 * means an equal share of what is left), or, for the built-in driver,
 * with "xpram.parts=<devs>[,<size>...]".
 *
 * Its error messages are in the kernel message catalog:
 * Documentation/kmsg/s390/xpram.
 */

#define KMSG_COMPONENT "xpram"
#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt

#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kmsg.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/asm-extable.h>

#define XPRAM_NAME	"xpram"
#define XPRAM_MAX_DEVS	32
#define XPRAM_PAGE_KB	(PAGE_SIZE / 1024)

struct xpram_part {
	struct gendisk *disk;
	unsigned int offset;	/* first page in expanded storage */
	unsigned int pages;
};

static int devs = 1;
static char *sizes[XPRAM_MAX_DEVS];
static unsigned int nr_sizes;
static char *parts;
static char *parts_buf;	/* the copy of parts that sizes[] point into */

module_param(devs, int, 0444);
MODULE_PARM_DESC(devs, "number of partitions, 1 to 32 (default 1)");
module_param_array(sizes, charp, &nr_sizes, 0444);
MODULE_PARM_DESC(sizes,
		 "partition sizes in KiB, k/M/G suffixes allowed; 0 or none: share what is left");
module_param(parts, charp, 0444);
MODULE_PARM_DESC(parts, "<devs>[,<size>...]: devs and sizes in one parameter");

static struct xpram_part *xpram_parts;
static unsigned int xpram_nr_parts;
static int xpram_major;

#define XPRAM_PGIN	0xb22e0000
#define XPRAM_PGOUT	0xb22f0000

/*
 * Move one page between main storage and expanded storage with PGIN or
 * PGOUT.  The condition code: 0 done, 1 the expanded page is unusable,
 * 3 no such expanded page.  A machine without expanded storage raises an
 * operation exception instead; the exception table then resumes at the
 * end with the preset code 2.
 */
static __always_inline int xpram_insn(const unsigned int opcode,
				      unsigned long page, unsigned int xpage)
{
	int cc = 2;

	asm volatile("	.insn	rre,%[op],%[page],%[xpage]\n"
		     "0:	ipm	%[cc]\n"
		     "	srl	%[cc],28\n"
		     "1:\n"
		     EX_TABLE(0b, 1b)
		     : [cc] "+d" (cc)
		     : [op] "i" ((unsigned long)opcode), [page] "a" (__pa(page)),
		       [xpage] "d" (xpage)
		     : "cc", "memory");
	switch (cc) {
	case 0:
		return 0;
	case 1:
		return -EIO;
	default:
		return -ENXIO;
	}
}

static int xpram_move(unsigned long page, unsigned int xpage, bool out)
{
	return out ? xpram_insn(XPRAM_PGOUT, page, xpage) :
		     xpram_insn(XPRAM_PGIN, page, xpage);
}

/* Number of expanded storage pages, 0 if there is none. */
static unsigned int __init xpram_count_pages(void)
{
	unsigned long page = __get_free_page(GFP_KERNEL);
	unsigned int lo = 0, hi = UINT_MAX;

	if (!page)
		return 0;
	if (xpram_move(page, 0, false)) {
		free_page(page);
		return 0;
	}
	/* Page lo exists; find the first page above it that does not. */
	while (hi - lo > 1) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (xpram_move(page, mid, false))
			hi = mid;
		else
			lo = mid;
	}
	free_page(page);
	return hi;
}

static void xpram_submit_bio(struct bio *bio)
{
	struct xpram_part *part = bio->bi_bdev->bd_disk->private_data;
	bool out = op_is_write(bio_op(bio));
	struct bvec_iter iter;
	struct bio_vec bvec;
	unsigned int xpage;

	if (!IS_ALIGNED(bio->bi_iter.bi_sector, PAGE_SIZE >> SECTOR_SHIFT) ||
	    !IS_ALIGNED(bio->bi_iter.bi_size, PAGE_SIZE) ||
	    (bio->bi_iter.bi_sector >> (PAGE_SHIFT - SECTOR_SHIFT)) +
	    (bio->bi_iter.bi_size >> PAGE_SHIFT) > part->pages)
		goto fail;

	xpage = part->offset + (bio->bi_iter.bi_sector >> (PAGE_SHIFT - SECTOR_SHIFT));
	bio_for_each_segment(bvec, bio, iter) {
		unsigned long addr = (unsigned long)bvec_virt(&bvec);
		unsigned int done;

		if (!IS_ALIGNED(addr, PAGE_SIZE) || !IS_ALIGNED(bvec.bv_len, PAGE_SIZE))
			goto fail;
		for (done = 0; done < bvec.bv_len; done += PAGE_SIZE)
			if (xpram_move(addr + done, xpage++, out))
				goto fail;
	}
	bio_endio(bio);
	return;
fail:
	bio_io_error(bio);
}

static const struct block_device_operations xpram_fops = {
	.owner = THIS_MODULE,
	.submit_bio = xpram_submit_bio,
};

/*
 * Parse "xpram.parts=<devs>[,<size>...]" into devs and sizes.  strsep()
 * cuts up a copy: the parameter itself reads back as it was given, and
 * sizes[] point into the copy for the module's lifetime.
 */
static int __init xpram_parse_parts(void)
{
	char *p, *tok;
	int n;

	if (!parts)
		return 0;
	parts_buf = kstrdup(parts, GFP_KERNEL);
	if (!parts_buf)
		return -ENOMEM;
	p = parts_buf;
	tok = strsep(&p, ",");
	if (kstrtoint(tok, 0, &devs)) {
		kmsg_err(5, "%s is not a valid xpram.parts value\n", tok);
		return -EINVAL;
	}
	for (n = 0; p && n < XPRAM_MAX_DEVS; n++)
		sizes[n] = strsep(&p, ",");
	nr_sizes = n;
	return 0;
}

/* Work out the partitions' sizes in pages from devs and sizes. */
static int __init xpram_plan(unsigned int total, unsigned int *pages)
{
	unsigned int i, nr_auto = 0;
	unsigned long used = 0;

	if (devs <= 0 || devs > XPRAM_MAX_DEVS) {
		kmsg_err(1, "%d is not a valid number of XPRAM devices\n", devs);
		return -EINVAL;
	}
	for (i = 0; i < devs; i++) {
		unsigned long long kb = 0;
		char *end = NULL;

		if (i < nr_sizes && sizes[i] && *sizes[i]) {
			/* a bare number is KiB; memparse() reads it as bytes */
			kb = memparse(sizes[i], &end);
			if (end > sizes[i] && !isdigit(end[-1]))
				kb /= 1024;
			if (*end || (!kb && *sizes[i] != '0')) {
				kmsg_err(4, "%s is not a valid XPRAM device size\n",
					 sizes[i]);
				return -EINVAL;
			}
		}
		pages[i] = min_t(unsigned long long, kb / XPRAM_PAGE_KB, UINT_MAX);
		if (!pages[i])
			nr_auto++;
		used += pages[i];
	}
	kmsg_info(0, "%d devices (partitions), %lu KiB of fixed size, %u sized automatically\n",
		  devs, used * XPRAM_PAGE_KB, nr_auto);
	if (used > total || (nr_auto && used == total)) {
		kmsg_err(2, "Not enough expanded memory available\n");
		return -ENOSPC;
	}
	for (i = 0; i < devs && nr_auto; i++)
		if (!pages[i])
			pages[i] = (total - used) / nr_auto;
	return 0;
}

static int __init xpram_add_part(unsigned int i, unsigned int offset,
				 unsigned int pages)
{
	struct queue_limits lim = {
		.logical_block_size = PAGE_SIZE,
		.physical_block_size = PAGE_SIZE,
	};
	struct xpram_part *part = &xpram_parts[i];
	struct gendisk *disk;
	int rc;

	disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	part->offset = offset;
	part->pages = pages;
	disk->major = xpram_major;
	disk->first_minor = i;
	disk->minors = 1;
	disk->fops = &xpram_fops;
	disk->private_data = part;
	snprintf(disk->disk_name, sizeof(disk->disk_name), XPRAM_NAME "%u", i);
	set_capacity(disk, (sector_t)pages << (PAGE_SHIFT - SECTOR_SHIFT));
	rc = add_disk(disk);
	if (rc) {
		put_disk(disk);
		return rc;
	}
	part->disk = disk;
	return 0;
}

static void xpram_remove_parts(void)
{
	unsigned int i;

	for (i = 0; i < xpram_nr_parts; i++) {
		del_gendisk(xpram_parts[i].disk);
		put_disk(xpram_parts[i].disk);
	}
	kfree(xpram_parts);
	xpram_parts = NULL;
	xpram_nr_parts = 0;
}

static int __init xpram_setup(void)
{
	unsigned int total, offset = 0, i;
	unsigned int pages[XPRAM_MAX_DEVS];
	int rc;

	rc = xpram_parse_parts();
	if (rc)
		return rc;
	total = xpram_count_pages();
	if (!total) {
		kmsg_err(3, "No expanded memory available\n");
		return -ENODEV;
	}
	kmsg_info(0, "%u pages expanded memory found (%lu KiB)\n", total,
		  (unsigned long)total * XPRAM_PAGE_KB);
	rc = xpram_plan(total, pages);
	if (rc)
		return rc;

	xpram_parts = kcalloc(devs, sizeof(*xpram_parts), GFP_KERNEL);
	if (!xpram_parts)
		return -ENOMEM;
	rc = register_blkdev(0, XPRAM_NAME);
	if (rc < 0)
		goto out_free;
	xpram_major = rc;
	for (i = 0; i < devs; i++) {
		rc = xpram_add_part(i, offset, pages[i]);
		if (rc)
			goto out_remove;
		xpram_nr_parts++;
		kmsg_info(0, "xpram%u: %lu KiB at page %u\n", i,
			  (unsigned long)pages[i] * XPRAM_PAGE_KB, offset);
		offset += pages[i];
	}
	return 0;

out_remove:
	xpram_remove_parts();
	unregister_blkdev(xpram_major, XPRAM_NAME);
	return rc;
out_free:
	kfree(xpram_parts);
	xpram_parts = NULL;
	return rc;
}

/* Free the copy of parts, and the sizes[] that point into it. */
static void xpram_free_parts_buf(void)
{
	if (!parts_buf)
		return;
	memset(sizes, 0, sizeof(sizes));
	nr_sizes = 0;
	kfree(parts_buf);
	parts_buf = NULL;
}

static int __init xpram_init(void)
{
	int rc = xpram_setup();

	if (rc)
		xpram_free_parts_buf();
	return rc;
}

static void __exit xpram_exit(void)
{
	xpram_remove_parts();
	unregister_blkdev(xpram_major, XPRAM_NAME);
	xpram_free_parts_buf();
}

module_init(xpram_init);
module_exit(xpram_exit);

MODULE_DESCRIPTION("Expanded storage (XPRAM) block devices");
MODULE_LICENSE("GPL");
