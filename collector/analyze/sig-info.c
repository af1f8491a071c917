// SPDX-License-Identifier: GPL-2.0-or-later
/* "INFO: ...": RCU stalls, hung tasks, and old-style lockdep reports. */
#include <string.h>

#include "analyze/internal.h"

static const char *const info_rcu[] = { "apic_timer_interrupt", "rcu", NULL };
static const char *const info_key[] = { "stack", "lock", "IRQ", NULL };

static void info_lockdep(struct kb_rep *r, const char *marker, const char *prefix)
{
	kb_title_lockdep(r, marker, prefix);
}

static void info_circular(struct kb_rep *r)
{
	info_lockdep(r, "is trying to acquire lock", "possible deadlock");
}

static void info_softirq(struct kb_rep *r)
{
	kb_title_lockdep(r, "is trying to acquire", "possible deadlock");
}

static void info_inversion(struct kb_rep *r)
{
	info_lockdep(r, "just changed the state of lock", "possible deadlock");
}

static void info_inconsistent(struct kb_rep *r)
{
	info_lockdep(r, "takes", "inconsistent lock state");
}

/*
 * kernel/rcu/tree_stall.h: the stalled code is what the scheduling-clock
 * interrupt caught ("apic_timer_interrupt", arm64 "el1h_64_irq"). Stacks
 * without one are the grace-period kthread's own or another CPU's NMI
 * backtrace: they do not show the stall, and the title says corrupted.
 */
static void info_stall(struct kb_rep *r)
{
	const struct kb_frame *f;

	f = kb_rep_pick(r, KB_PART_FROM_IRQ | KB_PART_IP | KB_PART_TRACE | KB_PART_STALL,
			info_rcu);
	if (!f)
		f = kb_rep_pick(r, KB_PART_FROM_IRQ | KB_PART_AFTER_HDR | KB_PART_STALL, info_rcu);
	kb_title_func(r, "INFO: rcu detected stall", f ? f->func : NULL);
}

static void info_freed(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);

	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, l);
	strbuf_rtrim(&r->title);
	r->corrupted = true;
}

static bool info_is_stall(const char *l)
{
	return strstr(l, "detected stall") || strstr(l, "detected expedited stall");
}

static void info_rcu_row(struct kb_rep *r)
{
	if (info_is_stall(kb_rep_line(r, r->hdr))) {
		info_stall(r);
		return;
	}
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, "INFO: rcu detected stall");
}

const struct kb_sig kb_sigs_info[] = {
	{ .prefix = "INFO: possible circular locking dependency detected", .kind = "lockdep",
	  .custom = info_circular },
	{ .prefix = "INFO: possible irq lock inversion dependency detected", .kind = "lockdep",
	  .custom = info_inversion },
	{ .prefix = "INFO: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected", .kind = "lockdep",
	  .custom = info_softirq },
	{ .prefix = "INFO: possible recursive locking detected", .kind = "lockdep",
	  .custom = info_circular },
	{ .prefix = "INFO: inconsistent lock state", .kind = "lockdep",
	  .custom = info_inconsistent },
	{ .prefix = "INFO: rcu_preempt ", .contains = "stall", .kind = "stall",
	  .custom = info_rcu_row },
	{ .prefix = "INFO: rcu_sched ", .contains = "stall", .kind = "stall",
	  .custom = info_rcu_row },
	{ .prefix = "INFO: rcu_bh ", .contains = "stall", .kind = "stall", .custom = info_rcu_row },
	{ .prefix = "INFO: rcu_tasks ", .contains = "stall", .kind = "stall",
	  .custom = info_rcu_row },
	{ .prefix = "rcu: INFO: rcu_preempt ", .contains = "stall", .kind = "stall",
	  .custom = info_rcu_row },
	{ .prefix = "rcu: INFO: rcu_sched ", .contains = "stall", .kind = "stall",
	  .custom = info_rcu_row },
	{ .prefix = "INFO: trying to register non-static key", .kind = "lockdep",
	  .title = "INFO: trying to register non-static key", .parts = KB_PART_TRACE,
	  .skip = info_key },
	{ .prefix = "INFO: suspicious RCU usage", .kind = "lockdep", .custom = kb_suspicious_rcu },
	{ .prefix = "INFO: task ", .contains = "can't die for more than", .kind = "hung task",
	  .title = "INFO: task can't die", .parts = KB_PART_TRACE | KB_PART_HUNG },
	{ .prefix = "INFO: task ", .contains = " for more than ", .kind = "hung task",
	  .title = "INFO: task hung", .parts = KB_PART_TRACE | KB_PART_HUNG },
	{ .prefix = "INFO: Freed in ", .kind = "KASAN", .custom = info_freed },
	{ .prefix = "INFO: Allocated in ", .kind = "KASAN", .custom = info_freed },
	{ .prefix = "INFO: lockdep is turned off", .flags = KB_SIG_IGNORE },
	{ .prefix = "INFO: Stall ended before state dump start", .flags = KB_SIG_IGNORE },
	{ .prefix = "INFO: NMI handler", .flags = KB_SIG_IGNORE },
	{ .prefix = "INFO: recovery required on readonly filesystem", .flags = KB_SIG_IGNORE },
	{ .prefix = "INFO: ", .flags = KB_SIG_IGNORE },
	{ .prefix = NULL },
};
