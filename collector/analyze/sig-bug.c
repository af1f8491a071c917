// SPDX-License-Identifier: GPL-2.0-or-later
/* "BUG: ..." and "kernel BUG at ...": the kernel's own assertions and faults. */
#include <string.h>

#include "analyze/internal.h"

static const char *const bug_spin[] = { "spin_", NULL };
static const char *const bug_preempt[] = { "dump_stack", "preempt", "check_preemption_disabled",
	"debug_smp_processor_id", "__this_cpu_preempt_check", NULL };
static const char *const bug_leak[] = { "kmemleak", "kmalloc", "kcalloc", "kzalloc", "vmalloc",
	"mmap", "kmem", "slab", "alloc", "create_object", "idr_get", "list_lru_init",
	"kasprintf", "kvasprintf", "pcpu_create", "strdup", "strndup", "memdup", NULL };
static const char *const bug_usercopy[] = { "usercopy", "__check", NULL };
static const char *const bug_page[] = { "page_pool", "^free_", "^__free_", "put_page", "folio_put",
	"release_pages", "bad_page", "__page_", NULL };
static const char *const bug_sched[] = { "schedule", "preempt", NULL };

/*
 * A stack overflow (arch/x86/kernel/traps.c handle_stack_overflow()) is
 * a recursion: the frame that overflowed is any of the repeated ones.
 * What names it is the entry point the recursion started from, the
 * frame above a dispatcher, as for a stall.
 */
#define GUARD_PARTS (KB_PART_IP | KB_PART_TRACE | KB_PART_STALL)

static void bug_spinlock(struct kb_rep *r)
{
	static const char *const what[] = { "lockup suspected", "already unlocked", "recursion",
		"bad magic", "wrong owner", "wrong CPU", NULL };
	const char *l = kb_rep_line(r, r->hdr);
	char prefix[64];
	size_t i;

	for (i = 0; what[i]; i++)
		if (strstr(l, what[i]))
			break;
	snprintf(prefix, sizeof(prefix), "BUG: spinlock %s", what[i] ? what[i] : "bug");
	kb_title_in(r, prefix, KB_PART_TRACE, bug_spin);
}

static void bug_this_cpu(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	char op[48], prefix[96];

	if (!kb_word_after(l, "__this_cpu_", "(", op, sizeof(op)))
		strcpy(op, "op");
	snprintf(prefix, sizeof(prefix), "BUG: using __this_cpu_%s() in preemptible code", op);
	kb_title_in(r, prefix, KB_PART_TRACE, bug_preempt);
}

void kb_locks_held(struct kb_rep *r)
{
	char f[128] = "";
	const char *p = strstr(kb_rep_line(r, r->hdr), "BUG:") ? "BUG" : "WARNING";
	char prefix[48];

	if (!kb_func_after(r, r->hdr + 1, 40, "] ", f, sizeof(f)))
		kb_func_after(r, r->hdr + 1, 40, "at: ", f, sizeof(f));
	snprintf(prefix, sizeof(prefix), "%s: still has locks held", p);
	kb_title_func(r, prefix, f);
}

void kb_lock_user(struct kb_rep *r)
{
	char f[128] = "";
	int i = kb_rep_find(r, r->hdr, "leaving the kernel with locks still held");

	if (i >= 0)
		kb_func_after(r, i, 20, "at: ", f, sizeof(f));
	kb_title_func(r, strstr(kb_rep_line(r, r->hdr), "WARNING") ?
		      "WARNING: lock held when returning to user space" :
		      "BUG: lock held when returning to user space", f);
}

void kb_unlock_balance(struct kb_rep *r)
{
	char f[128] = "";
	int i = kb_rep_find(r, r->hdr, "is trying to release lock");

	if (i >= 0) {
		size_t j;

		for (j = i + 1; j < r->cut && j < (size_t)i + 16; j++)
			if ((kb_func_after(r, j, 1, "] ", f, sizeof(f)) ||
			     kb_func_after(r, j, 1, "at: ", f, sizeof(f))) &&
			    !kb_frame_skipped(f, NULL))
				break;
		if (j >= r->cut || j >= (size_t)i + 16)
			f[0] = '\0';
		if (!f[0]) {
			const struct kb_frame *fr = kb_rep_pick(r, KB_PART_TRACE, NULL);

			if (fr)
				snprintf(f, sizeof(f), "%s", fr->func);
		}
	}
	kb_title_func(r, kb_starts(kb_rep_line(r, r->hdr), "WARNING") ?
		      "WARNING: bad unlock balance" : "BUG: bad unlock balance", f);
}

void kb_held_freed(struct kb_rep *r)
{
	char f[128] = "";

	if (!kb_func_after(r, r->hdr + 1, 30, "at: ", f, sizeof(f)))
		kb_func_after(r, r->hdr + 1, 30, "] ", f, sizeof(f));
	kb_title_func(r, kb_starts(kb_rep_line(r, r->hdr), "WARNING") ?
		      "WARNING: held lock freed" : "BUG: held lock freed", f);
}

static void bug_wq_leak(struct kb_rep *r)
{
	char f[128] = "";
	int i = kb_rep_find(r, r->hdr, "last function: ");

	if (i >= 0)
		kb_word_after(kb_rep_line(r, i), "last function: ", " \t(", f, sizeof(f));
	kb_title_func(r, "BUG: workqueue leaked lock or atomic", f);
}

static void bug_dentry(struct kb_rep *r)
{
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, "BUG: Dentry still in use in unmount");
}

/*
 * mm/page_alloc.c bad_page() finds the damage when the page is freed or
 * allocated again; with page_owner (mm/page_owner.c) it also prints who
 * allocated the page ("page last allocated via order N, ...": that
 * owner's stack, allocator frames first). The owner is who leaked or
 * corrupted it; without page_owner, the trace of bad_page()'s caller.
 * Found on allocation (check_new_pages() from rmqueue(), prep_new_page()),
 * the page went bad while it was free: the stack that allocates it now
 * holds no culprit, the report goes to the check's home.
 */
static bool bug_bad_page_allocated(const struct kb_rep *r)
{
	static const char *const check[] = { "check_new_page", "prep_new_page",
		"get_page_from_freelist", "rmqueue", NULL };
	size_t i, k;

	for (i = 0; i < r->frames_nr && strcmp(r->frames[i].func, "bad_page"); i++)
		;
	for (i++; i < r->frames_nr && !r->frames[i].reliable; i++)
		;
	if (i >= r->frames_nr)
		return false;
	for (k = 0; check[k]; k++)
		if (kb_starts(r->frames[i].func, check[k]))
			return true;
	return false;
}

static void bug_bad_page(struct kb_rep *r)
{
	static const char *const alloc[] = { "post_alloc_hook", "prep_new_page",
		"get_page_from_freelist", "alloc_pages", "alloc_page", "folio_alloc", "page_pool",
		"kmalloc", "kmem_cache_alloc", "vmalloc", "^__alloc_", NULL };
	int i = kb_rep_find(r, r->hdr, "page last allocated via");
	const struct kb_frame *f = NULL;
	size_t hdr = r->hdr;

	if (i >= 0) {
		r->hdr = i;	/* the owner's stack follows that line */
		f = kb_rep_pick(r, KB_PART_AFTER_HDR, alloc);
		r->hdr = hdr;
	}
	if (f) {
		kb_title_func(r, "BUG: Bad page state", f->func);
		return;
	}
	kb_title_in(r, "BUG: Bad page state", KB_PART_TRACE, bug_page);
	r->no_culprit = bug_bad_page_allocated(r);
}

static void bug_kernel_bug(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);

	if (strstr(l, "mm/usercopy.c"))
		kb_title_in(r, "BUG: bad usercopy", KB_PART_TRACE, bug_usercopy);
	else if (strstr(l, "lib/list_debug.c"))
		kb_title_in(r, "BUG: corrupted list", KB_PART_IP | KB_PART_TRACE, NULL);
	else
		kb_title_in(r, "kernel BUG", KB_PART_IP | KB_PART_TRACE, NULL);
}

static void bug_generic(struct kb_rep *r)
{
	const char *l = strstr(kb_rep_line(r, r->hdr), "BUG:");
	size_t n = strcspn(l, "\n");

	strbuf_reset(&r->title);
	if (n > 100)
		n = 100;
	strbuf_add(&r->title, l, n);
	strbuf_rtrim(&r->title);
	if (r->title.len <= 4) {
		strbuf_addstr(&r->title, " corrupted");
		r->corrupted = true;
	}
}

const struct kb_sig kb_sigs_bug[] = {
	{ .prefix = "BUG: unable to handle kernel paging request", .kind = "BUG",
	  .title = "BUG: unable to handle kernel paging request",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: unable to handle page fault for address", .kind = "BUG",
	  .title = "BUG: unable to handle kernel paging request",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: Unable to handle kernel data access", .kind = "BUG",
	  .title = "BUG: unable to handle kernel paging request",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: unable to handle kernel NULL pointer dereference", .kind = "BUG",
	  .title = "BUG: unable to handle kernel NULL pointer dereference",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: kernel NULL pointer dereference", .kind = "BUG",
	  .title = "BUG: unable to handle kernel NULL pointer dereference",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: Kernel NULL pointer dereference", .kind = "BUG",
	  .title = "BUG: unable to handle kernel NULL pointer dereference",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: unable to handle kernel", .kind = "BUG",
	  .title = "BUG: unable to handle kernel", .flags = KB_SIG_CORRUPT },
	{ .prefix = "BUG: Unable to handle kernel", .kind = "BUG",
	  .title = "BUG: unable to handle kernel", .flags = KB_SIG_CORRUPT },
	{ .prefix = "BUG: spinlock ", .kind = "BUG", .custom = bug_spinlock },
	{ .prefix = "BUG: soft lockup", .kind = "soft lockup", .title = "BUG: soft lockup",
	  .parts = KB_PART_IP | KB_PART_TRACE | KB_PART_STALL | KB_PART_IP_SPUN },
	{ .prefix = "BUG: ", .contains = "still has locks held!", .kind = "lockdep",
	  .custom = kb_locks_held },
	{ .prefix = "BUG: lock held when returning to user space", .kind = "lockdep",
	  .flags = KB_SIG_NOSTACK, .custom = kb_lock_user },
	{ .prefix = "BUG: bad unlock balance detected!", .kind = "lockdep",
	  .custom = kb_unlock_balance },
	{ .prefix = "BUG: held lock freed!", .kind = "lockdep", .custom = kb_held_freed },
	{ .prefix = "BUG: Bad rss-counter state", .kind = "BUG",
	  .title = "BUG: Bad rss-counter state", .flags = KB_SIG_NOSTACK, .home = "kernel/fork.c" },
	{ .prefix = "BUG: non-zero nr_ptes on freeing mm", .kind = "BUG",
	  .title = "BUG: non-zero nr_ptes on freeing mm", .flags = KB_SIG_NOSTACK },
	{ .prefix = "BUG: non-zero nr_pmds on freeing mm", .kind = "BUG",
	  .title = "BUG: non-zero nr_pmds on freeing mm", .flags = KB_SIG_NOSTACK },
	{ .prefix = "BUG: Dentry ", .contains = "still in use", .kind = "BUG",
	  .custom = bug_dentry },
	/* mm's checks of a page it frees or unmaps: the culprit corrupted it earlier */
	{ .prefix = "BUG: Bad page state", .kind = "BUG", .custom = bug_bad_page,
	  .home = "mm/page_alloc.c" },
	{ .prefix = "BUG: Bad page map", .kind = "BUG", .title = "BUG: Bad page map",
	  .home = "mm/memory.c" },
	{ .prefix = "BUG: Bad page cache", .kind = "BUG", .title = "BUG: Bad page cache",
	  .home = "mm/filemap.c" },
	/*
	 * mm/oom_kill.c, oom_kill_process(): the victim's line, the
	 * excerpt's first when the paste began after dump_header()
	 */
	{ .prefix = "Out of memory: Kill", .kind = "OOM", .title = KB_OOM_TITLE,
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER, .home = "mm/oom_kill.c" },
	{ .prefix = "Memory cgroup out of memory: Kill", .kind = "OOM", .title = KB_OOM_TITLE,
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER, .home = "mm/oom_kill.c" },
	/* dump_tasks()'s table of the candidates, its header (before 4.19 without the title) */
	{ .prefix = "Tasks state (memory values in pages):", .kind = "OOM", .title = KB_OOM_TITLE,
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER, .home = "mm/oom_kill.c" },
	{ .prefix = "[  pid  ]   uid  tgid total_vm", .kind = "OOM", .title = KB_OOM_TITLE,
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER, .home = "mm/oom_kill.c" },
	{ .prefix = "[ pid ]   uid  tgid total_vm", .kind = "OOM", .title = KB_OOM_TITLE,
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER, .home = "mm/oom_kill.c" },
	{ .prefix = "BUG: workqueue lockup", .kind = "stall", .title = "BUG: workqueue lockup",
	  .flags = KB_SIG_NOSTACK },
	{ .prefix = "BUG: workqueue leaked lock or atomic", .kind = "BUG", .flags = KB_SIG_NOSTACK,
	  .custom = bug_wq_leak },
	{ .prefix = "BUG: sleeping function called from invalid context", .kind = "BUG",
	  .title = "BUG: sleeping function called from invalid context", .parts = KB_PART_TRACE },
	{ .prefix = "BUG: using __this_cpu_", .kind = "BUG", .custom = bug_this_cpu },
	{ .prefix = "BUG: using smp_processor_id() in preemptible", .kind = "BUG",
	  .title = "BUG: using smp_processor_id() in preemptible code", .parts = KB_PART_TRACE,
	  .skip = bug_preempt },
	{ .prefix = "BUG: memory leak", .kind = "memory leak", .title = "memory leak",
	  .parts = KB_PART_BACKTRACE, .skip = bug_leak },
	{ .prefix = "BUG: stack guard page was hit at", .kind = "BUG",
	  .title = "BUG: stack guard page was hit", .parts = GUARD_PARTS },
	{ .prefix = "BUG: scheduling while atomic", .kind = "BUG",
	  .title = "BUG: scheduling while atomic", .parts = KB_PART_TRACE, .skip = bug_sched },
	{ .prefix = "BUG: MAX_STACK_TRACE_ENTRIES too low", .kind = "lockdep",
	  .title = "BUG: MAX_STACK_TRACE_ENTRIES too low!", .flags = KB_SIG_NOSTACK },
	{ .prefix = "BUG: MAX_LOCKDEP", .kind = "lockdep", .flags = KB_SIG_NOSTACK,
	  .custom = bug_generic },
	{ .prefix = "Watchdog detected hard LOCKUP", .kind = "hard lockup",
	  .title = "BUG: hard lockup", .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "BUG: TASK stack guard page was hit at", .kind = "BUG",
	  .title = "BUG: stack guard page was hit", .parts = GUARD_PARTS },
	{ .prefix = "BUG: IRQ stack guard page was hit at", .kind = "BUG",
	  .title = "BUG: stack guard page was hit", .parts = GUARD_PARTS },
	{ .prefix = "BUG: Invalid wait context", .kind = "lockdep", .title = "WARNING: locking bug",
	  .parts = KB_PART_TRACE },
	{ .prefix = "BUG: no syscalls can create resource", .flags = KB_SIG_IGNORE },
	{ .prefix = "BUG: looking up invalid subclass", .kind = "lockdep",
	  .title = "BUG: looking up invalid subclass", .parts = KB_PART_TRACE },
	{ .prefix = "BUG: key ", .contains = "has not been registered", .kind = "lockdep",
	  .title = "BUG: key has not been registered", .parts = KB_PART_TRACE },
	{ .prefix = "BUG: ", .kind = "BUG", .custom = bug_generic },
	{ .prefix = "BUG:", .kind = "BUG", .flags = KB_SIG_CORRUPT | KB_SIG_EXACT,
	  .custom = bug_generic },
	{ .prefix = "kernel BUG at ", .kind = "kernel BUG", .custom = bug_kernel_bug },
	{ .prefix = "Kernel BUG at ", .kind = "kernel BUG", .custom = bug_kernel_bug },
	{ .prefix = "BUG kmalloc-", .contains = "Object already free", .kind = "BUG",
	  .title = "BUG: Object already free" },
	{ .prefix = "BUG ", .contains = "Object already free", .kind = "BUG",
	  .title = "BUG: Object already free" },
	{ .prefix = "BUG ", .contains = ": Poison overwritten", .kind = "BUG",
	  .title = "BUG: Poison overwritten" },
	{ .prefix = "BUG ", .contains = ": Redzone overwritten", .kind = "BUG",
	  .title = "BUG: Redzone overwritten" },
	{ .prefix = NULL },
};

/*
 * mm/oom_kill.c, dump_header(): "COMM invoked oom-killer: gfp_mask=...",
 * the allocating task's name first. Its stack is the allocation that found
 * no memory, no culprit: the OOM killer's file is the low guess. Another
 * task's report goes on around it (another CPU printed it meanwhile).
 */
const struct kb_sig kb_sig_oom = {
	.prefix = "", .kind = "OOM", .title = KB_OOM_TITLE, .flags = KB_SIG_NOSTACK | KB_SIG_INNER,
	.home = "mm/oom_kill.c",
};
