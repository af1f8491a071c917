// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "WARNING: CPU: N PID: N at FILE:LINE FUNC" (WARN_ON and friends, named
 * after the subsystem whose check fired) and lockdep's reports, which
 * print "WARNING: possible circular locking dependency detected" and
 * the like and are titled after the lock being taken.
 */
#include <ctype.h>
#include <string.h>

#include "analyze/internal.h"
#include "util/macro.h"

static const char *const warn_odebug[] = { "debug_", "rcu", "hrtimer_", "timer_", "work_",
	"percpu_", "kmem_", "slab_", "kfree", "vunmap", "vfree", "__free_", "debug_check",
	"kobject_", NULL };
static const char *const warn_usercopy[] = { "usercopy", "__check", NULL };
static const char *const warn_kobject[] = { "kobject_", NULL };
static const char *const warn_proc[] = { "proc_", NULL };
static const char *const warn_refcount[] = { "refcount", "kobject_", NULL };
static const char *const warn_locking[] = { "lock_sock", "release_sock", NULL };
static const char *const warn_kmalloc[] = { "kmalloc", "kcalloc", "kzalloc", "krealloc",
	"vmalloc", "slab", "kmem", "__kvmalloc", "kvmalloc", "vzalloc", NULL };
static const char *const warn_urb[] = { "usb_submit_urb", "usb_start_wait_urb", "usb_bulk_msg",
	"usb_interrupt_msg", "usb_control_msg", NULL };
static const char *const warn_rcu[] = { "rcu", "kmem", "slab", "kmalloc", "vmalloc",
	"kcalloc", "kzalloc", NULL };

#define WARN_STACK (KB_PART_IP | KB_PART_TRACE)

/* The WARN site is an allocator entry: " kmalloc", " kvmalloc", " vmalloc"... */
static bool warn_malloc_func(const char *l)
{
	const char *p = l;

	while ((p = strstr(p, "malloc"))) {
		const char *b = p;
		int back = 0;

		while (b > l && b[-1] != ' ' && back < 3)
			b--, back++;
		if (b > l && b[-1] == ' ' && (back < 2 || (back == 2 && b[0] == 'k')))
			return true;
		p++;
	}
	return false;
}

/*
 * The WARN site names its function: __warn() prints "WARNING: CPU: 0 PID:
 * 1 at FILE:LINE FUNC+0x1/0x2 [MODULE]" (the caller's address by %pS;
 * older kernels "WARNING: at FILE:LINE FUNC+0x1/0x2()"). An excerpt that
 * stops before the call trace still has it; a terminal or forum may have
 * wrapped it onto the next line, after the FILE:LINE.
 */
static bool warn_site(const struct kb_rep *r, struct kb_frame *f, size_t *line_used)
{
	const char *l = kb_rep_line(r, r->hdr), *p = strchr(l, ':'), *end;
	char file[192] = "";
	int line = 0;

	for (; p && *p; p += strcspn(p, " ")) {
		p += strspn(p, " ");
		if (kb_frame_parse(p, f) && f->has_off)
			break;
	}
	if (!p || !*p) {
		p = strstr(l, " at ");
		end = p ? kb_find_file(p, file, sizeof(file), &line) : NULL;
		if (!end || end[strspn(end, " ")] || r->hdr + 1 >= r->cut ||
		    !kb_frame_parse(kb_rep_line(r, r->hdr + 1), f) || !f->has_off)
			return false;
		*line_used = r->hdr + 1;
	}
	p = strstr(l, " at ");
	if (!f->file[0] && p && kb_find_file(p, file, sizeof(file), &line)) {
		snprintf(f->file, sizeof(f->file), "%s", file);
		f->line = line;
	}
	f->idx = r->hdr;
	return true;
}

/*
 * Did the report's trace begin (and then give no frame to name it)? A
 * trace cut inside or overwritten by the panic that followed is damage;
 * a report whose lines simply stop before one is an excerpt.
 */
static bool warn_trace_begun(const struct kb_rep *r, size_t site_line)
{
	size_t i;

	if (r->saw_trace || kb_rep_find(r, r->hdr, "Kernel panic") >= 0)
		return true;
	for (i = 0; i < r->frames_nr; i++)
		if (!r->frames[i].ip && r->frames[i].idx > r->hdr && r->frames[i].idx != site_line)
			return true;
	return false;
}

/* Did a panic follow the WARN in the report's lines (panic_on_warn)? */
static bool warn_panicked(const struct kb_rep *r)
{
	size_t i;

	for (i = r->hdr; i < r->nr; i++)
		if (strstr(kb_rep_line(r, i), "Kernel panic"))
			return true;
	return false;
}

/*
 * The title from the trace; else from the WARN site (syzkaller's
 * "in corrupted" only when the WARN line names no function either).
 */
static void warn_title_in(struct kb_rep *r, const char *prefix, const char *const *skip)
{
	struct kb_frame f;
	size_t site_line = r->hdr;

	if (!kb_rep_pick(r, WARN_STACK, skip) && warn_site(r, &f, &site_line)) {
		bool cut = warn_trace_begun(r, site_line), skipped = kb_frame_skipped(f.func, skip);

		if (!cut && !skipped) {
			r->guilty = kb_rep_add_frame(r, &f);
			kb_title_func(r, prefix, f.func);
			return;
		}
		/*
		 * A trace cut before a frame of its own (a paste that stops)
		 * is damage, but the WARN line still names where it fired; so
		 * it does in machinery (a skipped function) when no trace
		 * says whose misuse it was. The blame looks further
		 * (kb_blame). A panic right after the WARN (panic_on_warn)
		 * prints its own trace over the WARN's: that damage stays
		 * "in corrupted", as syzkaller titles it.
		 */
		if (!warn_panicked(r)) {
			kb_title_func(r, prefix, f.func);
			r->guilty = -1;
			if (cut)
				r->corrupted = true;
			return;
		}
	}
	kb_title_in(r, prefix, WARN_STACK, skip);
}

/*
 * A WARN_ON in generic code (allocator, lib/, locking, softirq) fires on
 * the caller's misuse: the warning function is then machinery too.
 */
static void warn_title(struct kb_rep *r, const char *prefix, const char *const *skip)
{
	const char *l = kb_rep_line(r, r->hdr);
	const char *at = strstr(l, " at ");
	const char *list[32];
	char file[192], pat[130];
	const char *p = at ? kb_find_file(at, file, sizeof(file), NULL) : NULL;
	size_t n = 0, i;

	/* a check in a header is inlined into the function named: that one is to blame */
	if (!p || *p != ' ' || !kb_file_warns_for_caller(file) ||
	    file[strlen(file) - 1] == 'h') {
		warn_title_in(r, prefix, skip);
		return;
	}
	i = strcspn(p + 1, "+.,( ");
	snprintf(pat, sizeof(pat), "^%.*s", (int)(i < 120 ? i : 120), p + 1);
	list[n++] = pat;
	for (i = 0; skip && skip[i] && n + 1 < ARRAY_SIZE(list); i++)
		list[n++] = skip[i];
	list[n] = NULL;
	warn_title_in(r, prefix, list);
}

static void warn_plain(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	const char *const *skip = NULL;
	const char *prefix = "WARNING";

	if (strstr(l, "lib/debugobjects.c") &&
	    (strstr(l, "debug_print") || strstr(l, "debug_check"))) {
		prefix = "WARNING: ODEBUG bug";
		skip = warn_odebug;
	} else if (strstr(l, "mm/usercopy.c") && strstr(l, "usercopy_warn")) {
		prefix = "WARNING: bad usercopy";
		skip = warn_usercopy;
	} else if (strstr(l, "lib/kobject.c") && strstr(l, "kobject_")) {
		prefix = "WARNING: kobject bug";
		skip = warn_kobject;
	} else if (strstr(l, "fs/proc/generic.c") && strstr(l, "proc_register")) {
		prefix = "WARNING: proc registration bug";
		skip = warn_proc;
	} else if (strstr(l, "lib/list_debug.c")) {
		prefix = "BUG: corrupted list";
	} else if (strstr(l, "lib/refcount.c")) {
		prefix = "WARNING: refcount bug";
		skip = warn_refcount;
	} else if (strstr(l, "kernel/locking/lockdep.c") && strstr(l, "lock_")) {
		prefix = "WARNING: locking bug";
		skip = warn_locking;
	} else if (strstr(l, "mm/vmalloc.c") && strstr(l, "__vmalloc_node")) {
		prefix = "WARNING: zero-size vmalloc";
		skip = warn_kmalloc;
	} else if (strstr(l, "mm/") && warn_malloc_func(l)) {
		prefix = "WARNING: kmalloc bug";
		skip = warn_kmalloc;
	} else if (strstr(l, " usb_submit_urb")) {
		kb_title_in(r, "WARNING", WARN_STACK, warn_urb);
		strbuf_addstr(&r->title, "/usb_submit_urb");
		return;
	}
	warn_title(r, prefix, skip);
}

/* lockdep: the function after "at:" on the line after `marker`. */
static void warn_lockdep(struct kb_rep *r, const char *marker, const char *prefix)
{
	kb_title_lockdep(r, marker, prefix);
}

static void warn_circular(struct kb_rep *r)
{
	warn_lockdep(r, "is trying to acquire lock", "possible deadlock");
}

static void warn_inversion(struct kb_rep *r)
{
	warn_lockdep(r, "just changed the state of lock", "possible deadlock");
}

static void warn_softirq(struct kb_rep *r)
{
	warn_lockdep(r, "is trying to acquire", "possible deadlock");
}

static void warn_inconsistent(struct kb_rep *r)
{
	warn_lockdep(r, "takes", "inconsistent lock state");
}

void kb_suspicious_rcu(struct kb_rep *r)
{
	const char *p = strstr(kb_rep_line(r, r->hdr), "INFO: suspicious") ?
		"INFO: suspicious RCU usage" : "WARNING: suspicious RCU usage";

	size_t i;
	char path[192];

	for (i = r->hdr; i < r->cut; i++)
		if (kb_find_file(kb_rep_line(r, i), path, sizeof(path), NULL))
			break;
	if (i >= r->cut) {
		strbuf_reset(&r->title);
		strbuf_addstr(&r->title, p);
		return;
	}
	kb_title_in(r, p, KB_PART_TRACE, warn_rcu);
}

static void warn_stack_regs(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	char what[32];

	const char *at = strstr(l, " at ");
	bool addr = at && isxdigit((unsigned char)at[4]);

	strbuf_reset(&r->title);
	if (!addr)
		strbuf_addstr(&r->title, "WARNING: kernel stack regs has bad value");
	else if (strstr(l, "frame pointer"))
		strbuf_addstr(&r->title, "WARNING: kernel stack frame pointer has bad value");
	else if (kb_word_after(l, "has bad '", "'", what, sizeof(what)))
		strbuf_addf(&r->title, "WARNING: kernel stack regs has bad '%s' value", what);
	else
		strbuf_addstr(&r->title, "WARNING: kernel stack regs has bad value");
}

static void warn_other(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	size_t n = strcspn(l, "!\n");

	if (n > 100)
		n = 100;
	strbuf_reset(&r->title);
	strbuf_add(&r->title, l, n);
	strbuf_rtrim(&r->title);
	if (r->title.len <= 8) {
		strbuf_addstr(&r->title, " corrupted");
		r->corrupted = true;
	}
}

/* 6.16's "WARNING: fs/dcache.c:829 at fast_dput+0x334/0x430, CPU#1: comm/pid" */
static bool warn_match_file(const char *msg, size_t len)
{
	size_t i = strlen("WARNING: ");

	while (i < len && (isalnum((unsigned char)msg[i]) || strchr("_-/.+", msg[i])))
		i++;
	if (i < 12 || i + 5 >= len || msg[i] != ':' || msg[i - 2] != '.')
		return false;
	i++;
	while (i < len && isdigit((unsigned char)msg[i]))
		i++;
	return i + 4 < len && !memcmp(msg + i, " at ", 4);
}

/*
 * "WARNING: ... FUNC+0x1/0x2 [MODULE]": a WARN header whose middle was
 * shortened in a paste still names its site by a frame.
 */
static bool warn_match_frame(const char *msg, size_t len)
{
	const char *p = memmem(msg, len, "+0x", 3);

	return p && memmem(p, len - (p - msg), "/0x", 3) && p > msg + 10 &&
		(isalnum((unsigned char)p[-1]) || p[-1] == '_');
}

const struct kb_sig kb_sigs_warning[] = {
	{ .prefix = "WARNING: CPU: ", .kind = "WARNING", .custom = warn_plain },
	{ .prefix = "WARNING: at ", .kind = "WARNING", .custom = warn_plain },
	{ .prefix = "WARNING: possible circular locking dependency detected", .kind = "lockdep",
	  .custom = warn_circular },
	{ .prefix = "WARNING: possible irq lock inversion dependency detected", .kind = "lockdep",
	  .custom = warn_inversion },
	{ .prefix = "WARNING: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected",
	  .kind = "lockdep", .custom = warn_softirq },
	{ .prefix = "WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected",
	  .kind = "lockdep", .custom = warn_softirq },
	{ .prefix = "WARNING: possible recursive locking detected", .kind = "lockdep",
	  .custom = warn_circular },
	{ .prefix = "WARNING: inconsistent lock state", .kind = "lockdep",
	  .custom = warn_inconsistent },
	{ .prefix = "WARNING: suspicious RCU usage", .kind = "lockdep",
	  .custom = kb_suspicious_rcu },
	{ .prefix = "WARNING: kernel stack ", .kind = "WARNING", .flags = KB_SIG_NOSTACK,
	  .custom = warn_stack_regs },
	{ .prefix = "WARNING: bad unlock balance detected!", .kind = "lockdep",
	  .custom = kb_unlock_balance },
	{ .prefix = "WARNING: held lock freed!", .kind = "lockdep", .custom = kb_held_freed },
	{ .prefix = "WARNING: lock held when returning to user space", .kind = "lockdep",
	  .flags = KB_SIG_NOSTACK, .custom = kb_lock_user },
	{ .prefix = "WARNING: ", .contains = "still has locks held!", .kind = "lockdep",
	  .custom = kb_locks_held },
	{ .prefix = "WARNING: ", .kind = "WARNING", .custom = warn_plain,
	  .match = warn_match_file },
	{ .prefix = "WARNING: ", .kind = "WARNING", .custom = warn_plain,
	  .match = warn_match_frame },
	{ .prefix = "WARNING: /etc/ssh/moduli", .flags = KB_SIG_IGNORE },
	{ .prefix = "WARNING: workqueue cpumask", .flags = KB_SIG_IGNORE },
	{ .prefix = "WARNING:", .kind = "WARNING", .flags = KB_SIG_CORRUPT | KB_SIG_EXACT,
	  .custom = warn_other },
	{ .prefix = NULL },
};
