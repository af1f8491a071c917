// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Call-trace frames, the frames never to blame, and picking the frame
 * that names a report. The skip table follows the reasoning of
 * syzkaller's pkg/report/linux.go: the reporting machinery (printk,
 * dump_stack, warn and panic paths), the sanitizer runtimes, lockdep and
 * the locking primitives, generic lib/ string and copy helpers, the
 * allocator and list-debug checks, and the entry code say where a bug
 * was noticed, not where it is.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/internal.h"
#include "util/macro.h"

/*
 * "x": the function name contains x; "^x": starts with x; "^x$": is x.
 * Grouped by why the frames are innocent.
 */
static const char *const frames_skip[] = {
	/* reporting machinery */
	"dump_stack", "show_stack", "show_regs", "show_trace", "printk", "^vprintk", "^_printk",
	"panic", "^__warn", "warn_slowpath", "^warn_alloc", "report_bug", "fixup_bug",
	"^handle_bug", "^do_error", "invalid_op", "_trap", "^do_trap", "^exc_", "^asm_exc_",
	"^die", "^oops_", "^__die", "^nmi_", "^do_int3", "^bad_page", "^print_",
	"^kmsg_dump", "^dev_printk", "^_dev_", "^dev_info", "^dev_notice",
	"^dev_warn", "^dev_err", "^dev_alert", "^dev_crit", "^dev_emerg",
	"program_check_exception", "program_check_common",
	/* sanitizer runtimes */
	"__sanitizer", "__asan", "kasan", "__msan", "kmsan", "__tsan", "kcsan", "ubsan",
	"__ubsan", "kfence", "check_memory_region", "read_word_at_a_time", "^check_stack_object",
	"print_address_description", "^__check_heap_object", "^__check_object_size",
	"^check_object_size", "^usercopy_", "^__kcov", "^write_comp_data",
	/* lockdep and the locking primitives */
	"lockdep", "^lock_acquire", "^lock_release", "lock_class", "^reacquire_held_locks",
	"^__lock_acquire", "^lock_is_held", "spin_lock", "spin_trylock", "spin_unlock",
	"^_raw_", "^raw_read_lock", "^raw_write_lock", "^queued_", "^native_queued_",
	"^do_raw_", "^__raw_", "^down$", "^down_read", "^down_write", "^__down", "^up_read",
	"^up_write", "^up$", "^mutex_lock", "^mutex_trylock", "^mutex_unlock", "^__mutex_",
	"^mutex_remove_waiter", "^osq_lock", "^osq_unlock", "^rwsem_", "^__rwsem",
	"^rt_mutex", "^__rt_mutex", "^percpu_down", "^percpu_up", "^ww_mutex",
	"^__ww_mutex", "^debug_lockdep", "^lock_sock_nested", "^_local_bh_enable",
	"^__local_bh_enable", "^local_bh_enable", "^preempt_count", "^preempt_schedule",
	/* debug objects */
	"debug_object", "timer_is_static_object", "work_is_static_object",
	/* generic helpers of lib/ and the string and copy routines */
	"^memcpy", "^__memcpy", "^memcmp", "^memset", "^__memset", "^memchr", "^memmove",
	"^__memmove", "^strcmp", "^strncmp", "^strcpy", "^strlcpy", "^strncpy", "^strscpy",
	"^strlen", "^strnstr", "^strnlen", "^strchr", "^strrchr", "^strstr", "^sized_strscpy",
	"copy_to_user", "copy_from_user", "^_copy_", "^__copy_", "^copyin", "^copyout",
	"^raw_copy_", "^copy_user_", "^rep_movs", "^put_user", "^__put_user", "^get_user",
	"^__get_user", "^might_fault", "^__might_fault", "^might_sleep", "^__might_sleep",
	"^___might_sleep", "^__might_resched", "^__cant_sleep",
	"^refcount_", "^__refcount_", "^list_add", "^list_del", "^__list_add", "^__list_del",
	"^list_replace", "^list_move", "^list_splice", "^__list_", "^hlist_", "^__hlist_",
	"_indirect_thunk_", "^__x86_return_thunk", "^string$", "^pointer$", "^vsnprintf",
	"^snprintf", "^scnprintf", "^vscnprintf", "^kasprintf", "^kvasprintf", "^sprintf",
	"^bitmap_", "^__bitmap_", "^find_next_bit", "^_find_",
	/* allocator checks */
	"^should_fail", "^__should_fail", "^fail_dump", "^should_failslab", "^slab_pre_alloc_hook",
	"^check_slab", "^__slab_free", "^free_debug_processing", "^alloc_debug_processing",
	"^check_bytes_and_report", "^object_err", "^slab_err", "^check_object",
	"^on_freelist", "^__free_pages_ok", "^free_pages_prepare", "^free_page_is_bad",
	/* entry code and the scheduler's own frames */
	"^entry_SYSCALL", "^entry_SYSENTER", "^entry_INT80", "^do_syscall_", "^do_fast_syscall",
	"^x64_sys_call", "^ret_from_fork", "^ret_from_fork_asm", "^kthread$", "^irq_exit",
	"^__irq_exit_rcu", "^irqentry_", "^sysvec_", "^asm_sysvec_", "^asm_common_interrupt",
	"^common_interrupt", "^apic_timer_interrupt", "^smp_apic_timer_interrupt",
	"^__sysvec_", "^el0_", "^el1_", "^el0t_", "^el1h_", "^__do_softirq", "^handle_softirqs",
	"^do_softirq", "^__softirqentry_text_start", "^invoke_softirq",
	"^syscall_exit_to_user_mode", "^__schedule", "^schedule$", "^schedule_timeout",
	"^perf_trace", "^trace_", "^__traceiter", "^__bpf_trace", "^__flush_work",
	"dump_backtrace", "walk_stackframe", "^unwind_", "^arch_stack_walk", "^stack_trace_",
	/* generic infrastructure every driver's teardown passes through */
	"^del_timer", "^timer_delete", "flush_work", "__cancel_work_timer", "^__cancel_work",
	"cancel_work_sync", "cancel_delayed_work_sync", "try_to_grab_pending", "flush_workqueue",
	"drain_workqueue", "destroy_workqueue", "finish_wait", "kthread_stop", "^kobject_del",
	"^kobject_put", "^kobject_release", "^kobject_uevent", "add_uevent_var",
	"get_device_parent", "^device_add", "^device_del", "^device_unregister",
	"^device_destroy", "^device_release", "^devres_release", "hwrng_unregister",
	"i2c_del_adapter", "__unregister_client", "device_for_each_child",
	"rollback_registered", "unregister_netdev", "sysfs_remove", "device_remove_file",
	"tty_unregister_device", "dummy_urb_enqueue", "usb_kill_urb", "usb_kill_anchored_urbs",
	"usb_control_msg", "usb_hcd_submit_urb", "usb_submit_urb", "^wait_for_completion",
	"^kfree$", "^kvfree", "^kfree_skb", "^__kfree_skb", "^kfree_sensitive", "^rb_",
	"^__rb_", "^skb_put", "^__alloc_pages", "^alloc_pages", "^__get_free_pages",
	"^kmalloc_order", "^kmalloc_large",
	"__fortify", "fortify_panic", "^__kmalloc", "^kmalloc", "kmem_cache_alloc",
	"^kmem_cache_free", "_noprof", "^__alloc_frozen_pages", "^inc_nlink", "^drop_nlink",
	"^clear_nlink", "^set_nlink", "^ref_tracker", "^warn_", "atomic_dec_and_lock",
	"^atomic_", "^arch_atomic", "^raw_atomic", "^__wake_up", "^test_and_", "^test_bit",
	"^set_bit", "^clear_bit", "^__set_bit", "^__clear_bit", "^constant_test_bit",
	"^arch_test_", "^arch_set_bit", "^arch_clear_bit", "assertfail", "^klist_",
	"mutex_optimistic", "^crc_", "^crc32", "^__crc32", "^xas_", "^xa_", "^insert_work",
	"^__queue_work", "^queue_work", "^skb_push", "^folio_unlock", "^unlock_page",
	"__hwasan", "^lock_timer_base", "^iput", "^memdup", "^kmemdup", "^kstrdup", "^vmemdup",
	"kmalloc_large", "kvmalloc", "^vzalloc", "^vmalloc", "^__vmalloc", "^copy_page_to_iter",
	"^copy_page_from_iter", "^_copy_to_iter", "^_copy_from_iter", "^copy_to_iter",
	"^copy_from_iter", "queue_delayed_work", "^__mod_timer", "^mod_timer", "^add_timer",
	"^mark_buffer_dirty", "^fast_dput", "^dput$", "task_rq_lock",
	/* arm64 fault entry */
	"^__do_kernel_fault", "^do_tag_check_fault", "^do_mem_abort", "^do_bad_area",
	"^do_translation_fault", "^die_kernel_fault", "^__do_page_fault", "^do_sea",
	NULL,
};

bool kb_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool frames_match(const char *func, const char *pat)
{
	size_t n, fl;

	if (pat[0] != '^')
		return strstr(func, pat);
	pat++;
	n = strlen(pat);
	if (n && pat[n - 1] == '$') {
		fl = strlen(func);
		return fl == n - 1 && !strncmp(func, pat, n - 1);
	}
	return !strncmp(func, pat, n);
}

bool kb_frame_skipped(const char *func, const char *const *extra)
{
	size_t i;

	for (i = 0; frames_skip[i]; i++)
		if (frames_match(func, frames_skip[i]))
			return true;
	for (i = 0; extra && extra[i]; i++)
		if (frames_match(func, extra[i]))
			return true;
	return false;
}

static bool frames_idch(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

static bool frames_pathch(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' || c == '/' ||
		c == '+';
}

const char *kb_find_file(const char *s, char *path, size_t size, int *line)
{
	const char *p = s;

	while ((p = strchr(p, ':'))) {
		const char *b, *d = p + 1;
		size_t n;

		if (p - s < 3 || (p[-1] != 'c' && p[-1] != 'h' && p[-1] != 'S' && p[-1] != 's') ||
		    p[-2] != '.' || !isdigit((unsigned char)*d)) {
			p++;
			continue;
		}
		b = p - 2;
		while (b > s && frames_pathch(b[-1]))
			b--;
		/* "./x", and "../x" of a build with O= (the tree one level up) */
		while (b[0] == '.' && (b[1] == '/' || (b[1] == '.' && b[2] == '/')))
			b += b[1] == '/' ? 2 : 3;
		n = p - b;
		if (n < 3 || b[0] == '.' || (b > s && (isalnum((unsigned char)b[-1])))) {
			p++;
			continue;
		}
		if (n >= size)
			n = size - 1;
		memcpy(path, b, n);
		path[n] = '\0';
		kb_path_norm(path, size);
		if (line)
			*line = atoi(d);
		while (isdigit((unsigned char)*d))
			d++;
		return d;
	}
	return NULL;
}

static const char *frames_hex(const char *s, unsigned long *v)
{
	char *end;

	if (s[0] != '0' || s[1] != 'x')
		return NULL;
	*v = strtoul(s + 2, &end, 16);
	return end == s + 2 ? NULL : end;
}

/* The part after "func": "+0x1/0x2 [mod] file.c:12 [inline]". */
static bool frames_tail(const char *p, struct kb_frame *f)
{
	const char *q;

	if (*p == '+') {
		p = frames_hex(p + 1, &f->off);
		if (!p || *p != '/')
			return false;
		p = frames_hex(p + 1, &f->size);
		if (!p)
			return false;
		f->has_off = true;
	} else if (*p != ' ') {
		return false;
	}
	if (*p == ')')
		p++;
	while (*p == ' ')
		p++;
	if (*p == '[' && p[1] != '<' && strncmp(p, "[inline]", 8)) {
		q = strchr(p, ']');
		if (q && q - p - 1 < (long)sizeof(f->module) && q > p + 1) {
			memcpy(f->module, p + 1, q - p - 1);
			f->module[q - p - 1] = '\0';
			p = q + 1;
		}
	}
	q = kb_find_file(p, f->file, sizeof(f->file), &f->line);
	if (q && q - p > 200)
		q = NULL, f->file[0] = '\0';
	if (!q)
		f->file[0] = '\0';
	if (strstr(p, "[inline]"))
		f->inl = true;
	/* powerpc's show_stack(): a frame whose link register was not saved yet */
	if (strstr(p, "(unreliable)"))
		f->reliable = false;
	if (!f->has_off && (!f->file[0] || !f->inl))
		return false;
	return true;
}

static bool frames_ident(const char **pp, struct kb_frame *f)
{
	const char *p = *pp;
	size_t n = 0;

	while (frames_idch(p[n]))
		n++;
	if (!n || n >= sizeof(f->func) || isdigit((unsigned char)p[0]))
		return false;
	memcpy(f->func, p, n);
	f->func[n] = '\0';
	*pp = p + n;
	return true;
}

bool kb_frame_parse(const char *s, struct kb_frame *f)
{
	const char *p = s;
	int i;

	memset(f, 0, sizeof(*f));
	f->reliable = true;
	while (*p == ' ' || *p == '\t')
		p++;
	for (i = 0; i < 2 && *p == '['; i++) {
		const char *q = strchr(p, ']');

		if (!q || q - p > 24 || p[1] == 'i')
			return false;
		p = q + 1;
		while (*p == ' ')
			p++;
	}
	if (*p == '?' && p[1] == ' ') {
		f->reliable = false;
		p += 2;
		while (*p == ' ')
			p++;
	}
	if (*p == '(') {
		p++;
		if (!frames_ident(&p, f))
			return false;
		/*
		 * arm: "[<pc>] (func) from [<pc>] (caller+0x18/0x1c)": the line
		 * is the caller's frame, as its offset shows
		 */
		if (p[0] == ')' && !strncmp(p, ") from ", 7)) {
			const char *c = strstr(p, "] (");

			if (!c)
				return false;
			c += 3;
			return frames_ident(&c, f) && frames_tail(c, f);
		}
		return frames_tail(p, f);
	}
	if (!frames_ident(&p, f))
		return false;
	if (!frames_tail(p, f))
		return false;
	/* "func.cold" and "func.isra.0" are the function "func" */
	return true;
}

bool kb_frame_parse_ip(const char *s, struct kb_frame *f)
{
	const char *p = s;

	while (*p == ' ')
		p++;
	if (kb_starts(p, "RIP: ") || kb_starts(p, "EIP: ") || kb_starts(p, "NIP: "))
		p += 5;
	else if (kb_starts(p, "IP: "))
		p += 4;
	else if (kb_starts(p, "pc : ") || kb_starts(p, "PC is at "))
		p += p[1] == 'c' ? 5 : 9;
	else if (kb_starts(p, "epc : "))
		p += 6;
	else if (kb_starts(p, "--- interrupt: ") && strstr(p, " at "))
		p = strstr(p, " at ") + 4;	/* powerpc show_stack(): the interrupted nip */
	else
		return false;
	if (isdigit((unsigned char)p[0]) && p[1] && p[2] && p[3] && p[4] == ':')
		p += 5;
	if (kb_starts(p, "0x"))
		return false;
	while (*p == ' ')
		p++;
	return kb_frame_parse(p, f);
}

int kb_rep_add_frame(struct kb_rep *r, const struct kb_frame *f)
{
	if (r->frames_nr == r->frames_alloc) {
		r->frames_alloc = r->frames_alloc ? 2 * r->frames_alloc : 32;
		r->frames = realloc(r->frames, r->frames_alloc * sizeof(*r->frames));
		if (!r->frames)
			abort();
	}
	r->frames[r->frames_nr] = *f;
	return (int)r->frames_nr++;
}

void kb_rep_parse_frames(struct kb_rep *r)
{
	size_t i;
	struct kb_frame f;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i);

		if (kb_frame_parse_ip(l, &f))
			f.ip = true;
		else if (!kb_frame_parse(l, &f))
			continue;
		f.idx = i;
		kb_rep_add_frame(r, &f);
	}
}

int kb_rep_find(const struct kb_rep *r, size_t from, const char *s)
{
	size_t i;

	for (i = from; i < r->cut; i++)
		if (strstr(kb_rep_line(r, i), s))
			return (int)i;
	return -1;
}

bool kb_word_after(const char *line, const char *after, const char *stop, char *buf,
		   size_t size)
{
	const char *p = strstr(line, after);
	size_t n = 0;

	if (!p)
		return false;
	p += strlen(after);
	while (p[n] && !strchr(stop, p[n]) && n + 1 < size)
		n++;
	if (!n)
		return false;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return true;
}
