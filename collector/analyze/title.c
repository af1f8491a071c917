// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The title builder: "<what> in <function>", the function being the
 * first frame of the right part of the report that is not reporting
 * machinery, with syzkaller's special rules for stalls (the frame above
 * a dispatch anchor) and hung tasks (the lock or wait they hang in).
 * Numbers and addresses in titles become NUM and ADDR so that the same
 * bug gets the same title twice.
 */
#include <ctype.h>
#include <string.h>

#include "analyze/internal.h"
#include "util/macro.h"

/* Generic dispatchers: the frame above one of them names a stall. */
static const char *const title_stall_anchors[] = {
	"process_one_work", "do_syscall_", "do_fast_syscall_", "sysenter_dispatch",
	/* arm64 4.x and arm syscall entry: the frame above is the syscall */
	"el0_svc_handler", "ret_fast_syscall",
	"tracesys_phase2", "netif_receive_skb", "do_softirq", "call_timer_fn", "_run_timers",
	"run_timer_softirq", "run_ksoftirqd", "smpboot_thread_fn", "^kthread$", "start_secondary",
	"cpu_startup_entry", "ret_from_fork", "vfs_write", "vfs_read", "vfs_iter_read",
	"vfs_iter_write", "do_iter_read", "do_iter_write", "vfs_ioctl", "blkdev_driver_ioctl",
	"blkdev_ioctl", "^call_read_iter", "^call_write_iter", "do_iter_readv_writev",
	"^call_mmap", "mmap_region", "do_mmap", "do_dentry_open", "vfs_open", "^sock_sendmsg",
	"^sock_recvmsg", "^sock_release", "^__sock_release", "__sys_setsockopt",
	"kernel_setsockopt", "sock_common_setsockopt", "__sys_listen", "kernel_listen",
	"sk_common_release", "^sock_mmap", "__sys_accept", "kernel_accept", "^sock_do_ioctl",
	"^sock_ioctl", "^compat_sock_ioctl", "^nfnetlink_rcv_msg",
	"__fput", "task_work_run",
	"exit_to_usermode", "exit_to_user_mode", "^__x64_sys_socketpair", "^__x64_sys_connect",
	"^__x64_sys_ioctl", "^__se_sys_ioctl", "^__do_sys_ioctl", "^__sys_connect",
	"^__sys_socketpair", "^SyS_ioctl", "^SyS_connect", "^SYSC_ioctl", "^SYSC_connect",
	"^sys_ioctl", "^compat_SyS_ioctl", "^__ia32_sys_ioctl", "^__ia32_compat_sys_ioctl",
	"compat_ioctl", "^ksys_ioctl", "smp_call_function", "tasklet_action",
	"^invoke_syscall", "^el0_svc_common", "^__invoke_syscall", "^netlink_dump",
	"^rtnetlink_rcv_msg", "^new_sync_read", "^new_sync_write", "^__se_sys_connect", "^__do_sys_connect",
	"^__se_sys_socketpair", NULL,
};

static bool title_pat(const char *func, const char *pat)
{
	size_t n;

	if (pat[0] != '^')
		return strstr(func, pat);
	n = strlen(pat + 1);
	if (n && pat[n] == '$')
		return strlen(func) == n - 1 && !strncmp(func, pat + 1, n - 1);
	return !strncmp(func, pat + 1, n);
}

static bool title_anchor(const char *func)
{
	size_t i;

	for (i = 0; title_stall_anchors[i]; i++)
		if (title_pat(func, title_stall_anchors[i]))
			return true;
	return false;
}

static int title_stall(struct kb_rep *r, const int *cand, size_t n)
{
	static const char *const sys[] = {
		"__x64_", "__arm64_", "SYSC_", "SyS_", "compat_SYSC_", "compat_SyS_", "__ia32_",
		NULL,
	};
	size_t i, j;
	int prev;

	if (!n)
		return -1;
	prev = cand[0];
	for (i = 0; i < n; i++) {
		if (title_anchor(r->frames[cand[i]].func)) {
			char *f = r->frames[prev].func;

			if (strstr(r->frames[cand[i]].func, "smp_call_function")) {
				strcpy(r->frames[cand[i]].func, "smp_call_function");
				return cand[i];
			}

			for (j = 0; sys[j]; j++)
				if (kb_starts(f, sys[j]))
					memmove(f, f + strlen(sys[j]),
						strlen(f + strlen(sys[j])) + 1);
			return prev;
		}
		prev = cand[i];
	}
	return -1;
}

static int title_hung(struct kb_rep *r, const int *cand, size_t n)
{
	static const char *const skip[] = {
		"sched", "_lock", "_slowlock", "down", "completion", "kthread", "wait",
		"synchronize", "context_switch", "__switch_to", "cancel_delayed_work", "rcu_barrier",
		NULL,
	};
	size_t i, j;

	for (i = 0; i < n; i++) {
		char *f = r->frames[cand[i]].func;

		if (kb_starts(f, "rtnl_lock"))
			return cand[i];
		if (kb_starts(f, "synchronize_rcu") || kb_starts(f, "synchronize_srcu") ||
		    kb_starts(f, "synchronize_net") || kb_starts(f, "synchronize_sched")) {
			strcpy(f, "synchronize_rcu");
			return cand[i];
		}
	}
	for (i = 0; i < n; i++) {
		for (j = 0; skip[j]; j++)
			if (strstr(r->frames[cand[i]].func, skip[j]))
				break;
		if (!skip[j])
			return cand[i];
	}
	return -1;
}

static bool title_ip_line(const char *l)
{
	/* the forms kb_frame_parse_ip() reads */
	static const char *const ips[] = { "RIP: ", "IP: ", "EIP: ", "NIP: ", "NIP [", "pc : ",
		"PC is at ", "EIP is at ", "epc : ", "epc   : ", "ERA: ", "--- interrupt: ",
		"[exception RIP: ", "[exception EIP: ", "unchecked MSR access error: ", NULL };
	size_t i;

	while (*l == ' ')
		l++;
	for (i = 0; ips[i]; i++)
		if (kb_starts(l, ips[i]))
			return true;
	return false;
}

static bool title_trace_start(const char *l)
{
	return strstr(l, "Call Trace") || strstr(l, "Call trace:") || strstr(l, "Backtrace:") ||
		((strstr(l, " backtrace:") || strstr(l, " backtrace (")) &&
		 !strstr(l, "stack backtrace:")) ||
		strstr(l, "Allocated by task") || strstr(l, "Freed by task");
}

const struct kb_frame *kb_rep_pick(struct kb_rep *r, unsigned int parts,
				   const char *const *skip)
{
	int cand[256];
	size_t n = 0, i, from = r->hdr;
	int start = -1, got = -1;

	if (parts & KB_PART_FROM_IRQ) {
		/* where the timer interrupted the stalled code: x86, then arm64 */
		start = kb_rep_find(r, r->hdr, "apic_timer_interrupt");
		if (start < 0)
			start = kb_rep_find(r, r->hdr, " el1h_64_irq+");
		if (start < 0)
			start = kb_rep_find(r, r->hdr, " el1_irq+");
		if (start < 0)
			return NULL;
		from = start;
	}
	if (parts & KB_PART_IP) {
		/* the first instruction-pointer line, even one naming no function */
		for (i = from; i < r->cut; i++)
			if (title_ip_line(kb_rep_line(r, i)))
				break;
		if (i < r->cut)
			start = i;
		else if (!(parts & (KB_PART_TRACE | KB_PART_AFTER_HDR | KB_PART_BACKTRACE)))
			return NULL;
	}
	if (start < 0 && (parts & (KB_PART_TRACE | KB_PART_BACKTRACE))) {
		for (i = from; i < r->cut; i++)
			if (title_trace_start(kb_rep_line(r, i)))
				break;
		if (i >= r->cut && !(parts & KB_PART_AFTER_HDR))
			return NULL;
		if (i < r->cut)
			start = i;
	}
	if (start < 0)
		start = from;
	for (i = 0; i < r->frames_nr && n < ARRAY_SIZE(cand); i++) {
		const struct kb_frame *f = &r->frames[i];

		if (f->idx < (size_t)start || f->idx >= r->cut || !f->reliable || !f->has_off)
			continue;
		/* a fault-injection stack mixed into this one: which frame is ours? */
		if (!n && kb_starts(f->func, "should_fail"))
			return NULL;
		if (f->ip && !(parts & KB_PART_IP))
			continue;
		if (kb_frame_skipped(f->func, skip) &&
		    !((parts & KB_PART_STALL) && title_anchor(f->func)))
			continue;
		cand[n++] = (int)i;
	}
	if (parts & KB_PART_STALL) {
		got = title_stall(r, cand, n);
		/*
		 * no anchor: a lockup's trace cut above the interrupt; the IP
		 * is where the CPU spun (not so in a recursion's overflow)
		 */
		if (got < 0 && (parts & KB_PART_IP_SPUN) && n && r->frames[cand[0]].ip) {
			got = cand[0];
			r->corrupted = true;
		}
	} else if (parts & KB_PART_HUNG) {
		got = title_hung(r, cand, n);
	} else if (n) {
		got = cand[0];
	}
	if (got < 0)
		return NULL;
	r->guilty = got;
	r->by_extractor = parts & KB_PART_HUNG;
	return &r->frames[got];
}

static void title_func(struct strbuf *sb, const char *f)
{
	size_t n = strcspn(f, ".");

	strbuf_add(sb, f, n ? n : strlen(f));
}

void kb_title_in(struct kb_rep *r, const char *prefix, unsigned int parts,
		 const char *const *skip)
{
	const struct kb_frame *f = kb_rep_pick(r, parts, skip);

	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, prefix);
	strbuf_addstr(&r->title, " in ");
	if (f) {
		title_func(&r->title, f->func);
	} else {
		strbuf_addstr(&r->title, "corrupted");
		r->corrupted = true;
	}
}

/* Set the title to prefix + " in " + func (a function named in the text). */
void kb_title_func(struct kb_rep *r, const char *prefix, const char *func)
{
	size_t i, n = func ? strcspn(func, ".") : 0;

	for (i = 0; n && r->guilty < 0 && i < r->frames_nr; i++)
		if (r->frames[i].reliable && !strncmp(r->frames[i].func, func, n) &&
		    strchr(".", r->frames[i].func[n]))
			r->guilty = (int)i;
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, prefix);
	strbuf_addstr(&r->title, " in ");
	if (func && *func) {
		title_func(&r->title, func);
	} else {
		strbuf_addstr(&r->title, "corrupted");
		r->corrupted = true;
	}
}

/* Decimal numbers and hex addresses as NUM and ADDR. */
static void title_sanitize(struct strbuf *t)
{
	struct strbuf o = STRBUF_INIT;
	const char *s = t->buf;
	size_t i = 0;

	while (s[i]) {
		bool start;
		size_t j;

		if (s[i] == '+' && s[i + 1] == '0' && s[i + 2] == 'x') {
			j = i + 3;
			while (isxdigit((unsigned char)s[j]))
				j++;
			if (s[j] == '/' && s[j + 1] == '0' && s[j + 2] == 'x') {
				j += 3;
				while (isxdigit((unsigned char)s[j]))
					j++;
				i = j;
				continue;
			}
		}
		start = !i || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_');
		j = i;

		if (start && s[i] == '0' && s[i + 1] == 'x' && isxdigit((unsigned char)s[i + 2])) {
			j = i + 2;
			while (isxdigit((unsigned char)s[j]))
				j++;
			if (!isalnum((unsigned char)s[j]) && s[j] != '_') {
				strbuf_addstr(&o, "ADDR");
				i = j;
				continue;
			}
		}
		if (start && isxdigit((unsigned char)s[i])) {
			j = i;
			while (isxdigit((unsigned char)s[j]))
				j++;
			if (j - i >= 8 && !isalnum((unsigned char)s[j]) && s[j] != '_') {
				strbuf_addstr(&o, "ADDR");
				i = j;
				continue;
			}
		}
		if (start && isdigit((unsigned char)s[i])) {
			j = i;
			while (isdigit((unsigned char)s[j]))
				j++;
			if (!isalpha((unsigned char)s[j]) && s[j] != '_') {
				strbuf_addstr(&o, "NUM");
				i = j;
				continue;
			}
		}
		strbuf_addch(&o, s[i++]);
	}
	strbuf_reset(t);
	strbuf_addstr(t, o.buf);
	strbuf_release(&o);
}

void kb_sig_title(struct kb_rep *r)
{
	const struct kb_sig *s = r->sig;

	r->guilty = -1;
	kb_rep_parse_frames(r);
	if (s->custom) {
		s->custom(r);
	} else if (s->parts) {
		kb_title_in(r, s->title, s->parts, s->skip);
	} else {
		strbuf_reset(&r->title);
		strbuf_addstr(&r->title, s->title);
	}
	if (s->flags & KB_SIG_CORRUPT)
		r->corrupted = true;
	title_sanitize(&r->title);
}

/*
 * The function named after `marker` ("at: ", "] ") on the first line at
 * or after `from` that has it, skipping "[<pc>]" and "0xpc" forms.
 */
bool kb_func_after(const struct kb_rep *r, size_t from, size_t within, const char *marker,
		   char *buf, size_t size)
{
	size_t i;

	for (i = from; i < r->cut && i < from + within; i++) {
		const char *p = strstr(kb_rep_line(r, i), marker);
		size_t n = 0;

		if (!p)
			continue;
		p += strlen(marker);
		for (;;) {
			while (*p == ' ')
				p++;
			if (p[0] == '[' && p[1] == '<') {
				p = strchr(p, ']');
				if (!p)
					break;
				p++;
				continue;
			}
			if (p[0] == '0' && p[1] == 'x' && strchr(p, ' ')) {
				p = strchr(p, ' ');
				continue;
			}
			break;
		}
		if (!p)
			continue;
		while (isalnum((unsigned char)p[n]) || p[n] == '_')
			n++;
		if (!n || n >= size || isdigit((unsigned char)p[0]))
			continue;
		memcpy(buf, p, n);
		buf[n] = '\0';
		return true;
	}
	return false;
}

/*
 * lockdep: the lock being taken is named on the "at: FUNC" lines after
 * `marker`; the first that is not a locking or reporting helper names
 * the report, else the first good frame of the stacks that follow.
 */
/*
 * lockdep's print_lock() (kernel/locking/lockdep.c) ends the line of a
 * lock with "at: %pS", the place that takes it: the function the title
 * names. The chains below are other tasks' stacks; blame that place, as
 * a frame of its own when no frame of the trace is it.
 */
static void lockdep_guilty(struct kb_rep *r, size_t line)
{
	const char *at = strstr(kb_rep_line(r, line), "at: ");
	struct kb_frame f;

	if (r->guilty >= 0 || !at || !kb_frame_parse(at + 4, &f) || !f.has_off)
		return;
	f.idx = line;
	r->guilty = kb_rep_add_frame(r, &f);
}

void kb_title_lockdep(struct kb_rep *r, const char *marker, const char *prefix)
{
	static const char *const skip[] = { "lock_sock", "release_sock", "lock_page",
		"^down_trylock", NULL };
	int i = kb_rep_find(r, r->hdr, marker);
	const struct kb_frame *f;
	char fn[128];
	size_t j;

	if (i < 0) {
		/* the lock lines are lost: the banner is all there is */
		const char *h = kb_rep_line(r, r->hdr);

		strbuf_reset(&r->title);
		strbuf_addstr(&r->title, h + strspn(h, "[ "));
		strbuf_rtrim(&r->title);
		if (r->title.len && r->title.buf[r->title.len - 1] == ']')
			strbuf_setlen(&r->title, r->title.len - 1);
		strbuf_rtrim(&r->title);
		r->corrupted = true;
		return;
	}
	for (j = i; j < r->cut && j < (size_t)i + 12; j++) {
		if (!kb_func_after(r, j, 1, "at: ", fn, sizeof(fn)))
			continue;
		if (!kb_frame_skipped(fn, skip)) {
			kb_title_func(r, prefix, fn);
			lockdep_guilty(r, j);
			return;
		}
	}
	f = kb_rep_pick(r, KB_PART_AFTER_HDR, skip);
	kb_title_func(r, prefix, f ? f->func : NULL);
}
