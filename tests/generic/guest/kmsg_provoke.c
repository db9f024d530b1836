// SPDX-License-Identifier: GPL-2.0
/*
 * Provoke a hung task and a soft lockup for real, so that the x86_64
 * guest of tests/33-guest-generic.sh prints the kernel's own reports:
 * hung_secs=N leaves a kernel thread in uninterruptible sleep for N
 * seconds, lockup_secs=N keeps a CPU busy with preemption disabled for
 * N seconds.  Both threads end by themselves; unloading waits for them.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>

static unsigned int hung_secs;
module_param(hung_secs, uint, 0444);
MODULE_PARM_DESC(hung_secs, "seconds a thread sleeps uninterruptibly (0: none)");

static unsigned int lockup_secs;
module_param(lockup_secs, uint, 0444);
MODULE_PARM_DESC(lockup_secs, "seconds a CPU spins with preemption off (0: none)");

static DECLARE_COMPLETION(hung_done);
static DECLARE_COMPLETION(lockup_done);

static int hung_fn(void *unused)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(hung_secs * HZ);
	complete(&hung_done);
	return 0;
}

static int lockup_fn(void *unused)
{
	unsigned int i;

	preempt_disable();
	for (i = 0; i < lockup_secs * 1000; i++)
		mdelay(1);
	preempt_enable();
	complete(&lockup_done);
	return 0;
}

static int start(int (*fn)(void *), const char *name, struct completion *done)
{
	struct task_struct *t = kthread_run(fn, NULL, name);

	if (IS_ERR(t)) {
		complete(done);
		return PTR_ERR(t);
	}
	return 0;
}

static int __init provoke_init(void)
{
	int ret = 0;

	if (hung_secs)
		ret = start(hung_fn, "kmsg_hung", &hung_done);
	else
		complete(&hung_done);
	if (lockup_secs && !ret)
		ret = start(lockup_fn, "kmsg_lockup", &lockup_done);
	else
		complete(&lockup_done);
	if (ret)
		wait_for_completion(&hung_done);
	return ret;
}

static void __exit provoke_exit(void)
{
	wait_for_completion(&hung_done);
	wait_for_completion(&lockup_done);
}

module_init(provoke_init);
module_exit(provoke_exit);
MODULE_DESCRIPTION("Provoke a hung task and a soft lockup (kmsg tests)");
MODULE_LICENSE("GPL");
