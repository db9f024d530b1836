// SPDX-License-Identifier: GPL-2.0
/*
 * An oops on purpose, for kmsg_oops.sh: a kernel thread reads an address
 * that nothing maps, and the kernel reports the fault and the oops whose
 * lines the catalog explains without their text changed (the oops.* and
 * fault.* entries, printed without an id).  The thread ends with the
 * oops; the module stays loaded (it has no exit) and the kernel is
 * tainted, so this is for a test guest only, and last in its run.
 */
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/module.h>

static unsigned long address = -4096UL;
module_param(address, ulong, 0444);
MODULE_PARM_DESC(address, "the address to read (default: the last page, which nothing maps)");

static int oops_thread(void *unused)
{
	return READ_ONCE(*(int *)address);
}

static int __init test_kmsg_oops_init(void)
{
	return PTR_ERR_OR_ZERO(kthread_run(oops_thread, NULL, "kmsg_oops"));
}
module_init(test_kmsg_oops_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kmsg selftest: a kernel thread that oopses");
