// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CPU exceptions and panics: general protection fault, divide error,
 * invalid opcode, double fault, arm's "Unable to handle kernel paging
 * request" and "Internal error", and "Kernel panic - not syncing".
 */
#include <ctype.h>
#include <string.h>

#include "analyze/internal.h"

static const char *const fault_stack_chk[] = { "stack_chk", NULL };
static const char *const fault_stack_end[] = { "schedule", "retint_kernel", NULL };

static void fault_panic(struct kb_rep *r)
{
	const char *l = strstr(kb_rep_line(r, r->hdr), "not syncing");
	const char *msg = l ? l + strlen("not syncing") : "";
	size_t n;

	while (*msg == ':' || *msg == ' ')
		msg++;
	if (kb_starts(msg, "stack-protector:")) {
		char f[128] = "";

		kb_word_after(msg, "corrupted in: ", " +\t", f, sizeof(f));
		if (f[0] && !(strspn(f, "0123456789abcdef") == strlen(f) && strlen(f) >= 8))
			kb_title_func(r, "kernel panic: stack is corrupted", f);
		else
			kb_title_in(r, "kernel panic: stack is corrupted", KB_PART_TRACE,
				    fault_stack_chk);
		return;
	}
	if (kb_starts(msg, "corrupted stack end")) {
		kb_title_in(r, "kernel panic: corrupted stack end", KB_PART_TRACE | KB_PART_STALL,
			    fault_stack_end);
		return;
	}
	if (kb_starts(msg, "kernel stack overflow")) {
		/* arm64 panic_bad_stack(): a recursion, named as a stall is */
		static const char *const bad_stack[] = { "bad_stack", NULL };

		kb_title_in(r, "kernel stack overflow", KB_PART_TRACE | KB_PART_STALL, bad_stack);
		return;
	}
	strbuf_reset(&r->title);
	if (kb_starts(msg, "Couldn't open N_TTY ldisc")) {
		strbuf_addstr(&r->title, "kernel panic: Couldn't open N_TTY ldisc");
		return;
	}
	if (kb_starts(msg, "Fatal exception") || kb_starts(msg, "panic_on_warn set") ||
	    kb_starts(msg, "hung_task: blocked tasks") || kb_starts(msg, "panic_on_oops"))
		r->corrupted = true;
	n = strcspn(msg, "\n");
	/* kernel/exit.c: "Attempted to kill init! exitcode=0x..": the code varies */
	if (kb_starts(msg, "Attempted to kill init!"))
		n = strlen("Attempted to kill init!");
	if (kb_starts(msg, "Fatal exception"))
		n = strlen("Fatal exception");
	if (n > 100)
		n = 100;
	strbuf_addstr(&r->title, "kernel panic: ");
	strbuf_add(&r->title, msg, n);
	strbuf_rtrim(&r->title);
}

static void fault_arm_paging(struct kb_rep *r)
{
	char f[128] = "";
	int i = kb_rep_find(r, r->hdr, "PC is at ");

	if (i >= 0)
		kb_func_after(r, i, 1, "PC is at ", f, sizeof(f));
	if (f[0]) {
		kb_title_func(r, "BUG: unable to handle kernel paging request", f);
		return;
	}
	kb_title_in(r, "BUG: unable to handle kernel paging request", KB_PART_IP | KB_PART_TRACE,
		    NULL);
}

/*
 * mips: do_page_fault() prints "CPU %d Unable to handle kernel paging
 * request at virtual address %0*lx, epc == %0*lx, ra == %0*lx", and a
 * BUG() is die_if_kernel("Kernel bug detected", regs) (arch/mips/mm/fault.c,
 * kernel/traps.c); the function is on __show_regs()'s "epc   : " line.
 */
static void fault_mips_paging(struct kb_rep *r)
{
	kb_title_in(r, "BUG: unable to handle kernel paging request", KB_PART_IP | KB_PART_TRACE,
		    NULL);
}

static void fault_mips_bug(struct kb_rep *r)
{
	kb_title_in(r, "kernel BUG", KB_PART_IP | KB_PART_TRACE, NULL);
}

static void fault_mips_oops(struct kb_rep *r)
{
	kb_title_in(r, "Oops", KB_PART_IP | KB_PART_TRACE, NULL);
}

static void fault_oops(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr) + strlen("Oops: ");

	if (kb_starts(l, "general protection fault"))
		kb_title_in(r, "general protection fault", KB_PART_IP | KB_PART_TRACE, NULL);
	else if (kb_starts(l, "divide error"))
		kb_title_in(r, "divide error", KB_PART_IP, NULL);
	else if (kb_starts(l, "invalid opcode"))
		kb_title_in(r, "invalid opcode", KB_PART_IP, NULL);
	else if (kb_starts(l, "int3"))
		kb_title_in(r, "int3", KB_PART_IP | KB_PART_TRACE, NULL);
	else if (kb_starts(l, "stack segment"))
		kb_title_in(r, "stack segment fault", KB_PART_IP | KB_PART_TRACE, NULL);
	else
		kb_title_in(r, "Oops", KB_PART_IP | KB_PART_TRACE, NULL);
}

/*
 * Rust's v0 symbol mangling (RFC 2603), the paths only: "_R" then
 * C (crate root), N (nested: namespace, path, identifier), M/X/Y (impls,
 * shown "<Type>" and "<Type as Trait>"), B (a back-reference into the
 * symbol). Enough to read "_RNvMs0_NtCs1_4core3fooNtB2_3Bar3baz" as
 * "<core::foo::Bar>::baz"; anything else (generics, types) fails.
 */
struct rust_dm {
	const char *sym;	/* after "_R" */
	size_t pos, len;
	struct strbuf *out;
	int depth;
};

static bool rust_b62(struct rust_dm *d, size_t *v)
{
	size_t x = 0;

	if (d->pos < d->len && d->sym[d->pos] == '_') {
		d->pos++;
		*v = 0;
		return true;
	}
	while (d->pos < d->len && d->sym[d->pos] != '_') {
		char c = d->sym[d->pos++];

		if (c >= '0' && c <= '9')
			x = x * 62 + (c - '0');
		else if (c >= 'a' && c <= 'z')
			x = x * 62 + 10 + (c - 'a');
		else if (c >= 'A' && c <= 'Z')
			x = x * 62 + 36 + (c - 'A');
		else
			return false;
		if (x > (size_t)1 << 40)
			x = (size_t)1 << 40;	/* a crate's hash: only compared, never used */
	}
	if (d->pos >= d->len)
		return false;
	d->pos++;
	*v = x + 1;
	return true;
}

static bool rust_skip_dis(struct rust_dm *d)
{
	size_t v;

	if (d->pos < d->len && d->sym[d->pos] == 's') {
		d->pos++;
		return rust_b62(d, &v);
	}
	return true;
}

static bool rust_ident(struct rust_dm *d, bool print)
{
	size_t n = 0;

	if (!rust_skip_dis(d))
		return false;
	if (d->pos < d->len && d->sym[d->pos] == 'u')
		return false;	/* punycode */
	if (d->pos >= d->len || !isdigit((unsigned char)d->sym[d->pos]))
		return false;
	while (d->pos < d->len && isdigit((unsigned char)d->sym[d->pos]) && n < 4096)
		n = n * 10 + (d->sym[d->pos++] - '0');
	if (d->pos < d->len && d->sym[d->pos] == '_')
		d->pos++;
	if (n > d->len - d->pos)
		return false;
	if (print)
		strbuf_add(d->out, d->sym + d->pos, n);
	d->pos += n;
	return true;
}

static bool rust_path(struct rust_dm *d)
{
	char c;
	size_t v, save;
	bool ok;

	if (d->pos >= d->len || ++d->depth > 16)
		return false;
	c = d->sym[d->pos++];
	switch (c) {
	case 'C':
		return rust_ident(d, true);
	case 'N':
		if (d->pos >= d->len)
			return false;
		d->pos++;	/* namespace */
		if (!rust_path(d))
			return false;
		strbuf_addstr(d->out, "::");
		return rust_ident(d, true);
	case 'M':
	case 'X':
		if (!rust_skip_dis(d))
			return false;
		save = d->out->len;
		ok = rust_path(d);	/* the impl's own path: not shown */
		strbuf_setlen(d->out, save);
		if (!ok)
			return false;
		/* fallthrough */
	case 'Y':
		strbuf_addch(d->out, '<');
		if (!rust_path(d))
			return false;
		if (c != 'M') {
			strbuf_addstr(d->out, " as ");
			if (!rust_path(d))
				return false;
		}
		strbuf_addch(d->out, '>');
		return true;
	case 'B': {
		struct rust_dm b = *d;
		size_t at = d->pos - 1;	/* the 'B': a reference points before it */

		if (!rust_b62(d, &v) || v >= at)
			return false;
		b.pos = v;
		b.depth = d->depth;
		return rust_path(&b);
	}
	}
	return false;
}

/* "_RNv...": the demangled path into out; false (out untouched) if not v0. */
static bool rust_demangle(const char *sym, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	struct rust_dm d = { .sym = sym + 2, .len = strlen(sym) - 2, .out = &t };
	bool ok;

	if (!kb_starts(sym, "_R") || strlen(sym) < 4)
		return false;
	ok = rust_path(&d);
	if (ok)
		strbuf_addstr(out, t.buf);
	strbuf_release(&t);
	return ok;
}

/*
 * rust/kernel's panic handler: "rust_kernel: panicked at FILE:LINE:COL:"
 * and the panic's message on the next line, then BUG(). The title is
 * the message in the first frame that is not the unwinding machinery.
 */
static void fault_rust(struct kb_rep *r)
{
	static const char *const unwind[] = { "rust_begin_unwind", "rust_helper_BUG",
		"panic_fmt", "panicking", NULL };
	const struct kb_frame *f = kb_rep_pick(r, KB_PART_TRACE, unwind);
	const char *msg = r->hdr + 1 < r->cut ? kb_rep_line(r, r->hdr + 1) : "";
	size_t n;

	msg += strspn(msg, " \t");
	n = strcspn(msg, "\n");
	if (n > 100)
		n = 100;
	strbuf_reset(&r->title);
	if (!n) {
		strbuf_addstr(&r->title, "rust panic");
	} else {
		strbuf_add(&r->title, msg, n);
		strbuf_rtrim(&r->title);
	}
	strbuf_addstr(&r->title, " in ");
	if (f) {
		if (!rust_demangle(f->func, &r->title))
			strbuf_addstr(&r->title, f->func);
	} else {
		strbuf_addstr(&r->title, "corrupted");
		r->corrupted = true;
	}
}

static void fault_trusty(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	const char *a = strstr(l, "ASSERT FAILED");

	strbuf_reset(&r->title);
	if (a) {
		const char *m = strstr(a, "): ");

		strbuf_addstr(&r->title, "trusty: ASSERT FAILED: ");
		if (m)
			strbuf_addstr(&r->title, m + 3);
		else
			r->corrupted = true;
	} else {
		strbuf_addstr(&r->title, "trusty: panic");
	}
	strbuf_rtrim(&r->title);
}

/* syzkaller's executor dying: "SYZFAIL: SIGSEGV", every number made NUM */
static void fault_syz(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	size_t i;

	strbuf_reset(&r->title);
	for (i = 0; l[i] && i < 160; i++) {
		if (isdigit((unsigned char)l[i])) {
			while (isdigit((unsigned char)l[i + 1]))
				i++;
			strbuf_addstr(&r->title, "NUM");
		} else {
			strbuf_addch(&r->title, l[i]);
		}
	}
	strbuf_rtrim(&r->title);
}

/*
 * A paste that starts inside a report: its header is lost, its register
 * dump or call trace is there. WARN()'s trap leaves its own frames
 * (__warn, report_bug) in the trace; anything else is an oops.
 */
static void fault_headless(struct kb_rep *r)
{
	size_t i;
	bool warn = false;

	for (i = 0; i < r->frames_nr && !warn; i++)
		warn = kb_starts(r->frames[i].func, "__warn") ||
			kb_starts(r->frames[i].func, "report_bug") ||
			kb_starts(r->frames[i].func, "warn_slowpath");
	kb_title_in(r, warn ? "WARNING" : "Oops", KB_PART_IP | KB_PART_TRACE, NULL);
}

const struct kb_sig kb_sig_headless = {
	.prefix = "", .kind = "partial", .custom = fault_headless,
};

bool kb_sig_headless_line(const char *s, size_t len)
{
	/*
	 * a call trace's frame, reached by the unwinder ("? " ones are only
	 * stack words): " func+0x3f/0x120 [mod]" (show_trace_log_lvl()),
	 * before 4.x and on arm64 before 4.10 with its address first:
	 * "[<ffffff99b8c7e98c>] func+0x15c/0x1b0"
	 */
	if (len > 12 && (s[0] == ' ' || s[0] == '\t' || (s[0] == '[' && s[1] == '<')) &&
	    s[1] != '?' && len < 256 && memmem(s, len, "+0x", 3)) {
		char line[256];
		struct kb_frame f;

		memcpy(line, s, len);
		line[len] = '\0';
		if (kb_frame_parse(line, &f) && f.reliable && f.has_off && f.size)
			return true;
	}
	/*
	 * the same frame with its indent lost to the paste (a caller-id stamp
	 * "[T8669]" and a forum's trim): the whole line is "func+0x28/0x73",
	 * a module "[mod]" at most after it
	 */
	if (len > 12 && len < 256 && (isalpha((unsigned char)s[0]) || s[0] == '_')) {
		const char *p = memmem(s, len, "/0x", 3);
		const char *e = s + len;

		if (p && memmem(s, p - s, "+0x", 3) && !memchr(s, ' ', p - s)) {
			for (p += 3; p < e && isxdigit((unsigned char)*p); p++)
				;
			if (p == e || (e - p > 2 && p[0] == ' ' && p[1] == '[' && e[-1] == ']'))
				return true;
		}
	}
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	if (len < 5)
		return false;
	/*
	 * the other architectures' line of the faulting instruction, naming
	 * its function: powerpc's "NIP [c0..] func+0x18/0xf0", arm's "PC is
	 * at func+0x48/0x50", i386's "EIP is at ", mips's "epc   : "
	 * (frames.c reads them all)
	 */
	if (len < 256 && strchr("NPEe", s[0]) && memmem(s, len, "+0x", 3)) {
		char line[256];
		struct kb_frame f;

		memcpy(line, s, len);
		line[len] = '\0';
		if (kb_frame_parse_ip(line, &f) && f.func[0] && f.has_off)
			return true;
	}
	/* "RIP: SEG:func+off/size" (frames.c): a kernel RIP, its segment any (Xen's e030) */
	if (s[0] == 'R')
		return len > 12 && !memcmp(s, "RIP: ", 5) && isxdigit((unsigned char)s[5]) &&
		       isxdigit((unsigned char)s[6]) && isxdigit((unsigned char)s[7]) &&
		       isxdigit((unsigned char)s[8]) && s[9] == ':' &&
		       (!memcmp(s, "RIP: 00", 7) || isalpha((unsigned char)s[10]) || s[10] == '_');
	if (s[0] == 'C')
		return len >= 11 &&
			(!memcmp(s, "Call Trace:", 11) || !memcmp(s, "Call trace:", 11));
	/*
	 * the crash utility's "bt" of a kdump vmcore (frames.c):
	 * " #3 [ffffb1ba6707fb70] oops_end at ffffffff85623c0d", and the
	 * frame that took the exception, "[exception RIP: tcp_sk_exit+36]"
	 */
	if (s[0] == '#' && len < 256 && isdigit((unsigned char)s[1]) &&
	    memmem(s, len, " at ", 4)) {
		char line[256];
		struct kb_frame f;

		memcpy(line, s, len);
		line[len] = '\0';
		return kb_frame_parse(line, &f) && f.has_off;
	}
	if (s[0] == '[')
		return (len > 20 && memmem(s, len, ") from [<", 9) && memmem(s, len, "+0x", 3)) ||
		       (len > 17 && !memcmp(s, "[exception RIP: ", 16));
	/* print_modules(): only an oops, a WARN() or a BUG() prints the list */
	if (s[0] == 'M')
		return len > 18 && !memcmp(s, "Modules linked in:", 18);
	/* arm's dump_backtrace_entry(): "[<pc>] (func) from [<lr>] (caller+0x18/0x1c)" (above) */
	return s[0] == 'p' && !memcmp(s, "pc : ", 5);
}

const struct kb_sig kb_sigs_fault[] = {
	{ .prefix = "general protection fault", .kind = "general protection fault",
	  .title = "general protection fault", .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "Oops: ", .kind = "Oops", .flags = KB_SIG_INNER, .custom = fault_oops },
	/* x86 do_int3() on a breakpoint nobody handles: die("int3") */
	{ .prefix = "int3: ", .kind = "int3", .title = "int3",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	/*
	 * x86's ex_handler_msr() (arch/x86/mm/extable.c): an RDMSR or WRMSR
	 * that faulted, with the function that ran it and a dump_stack()
	 */
	{ .prefix = "unchecked MSR access error: ", .kind = "unchecked MSR access",
	  .title = "unchecked MSR access error", .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "rust_kernel: panicked at", .kind = "rust panic", .custom = fault_rust },
	{ .prefix = "stack segment: ", .kind = "stack segment", .title = "stack segment fault",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "Kernel panic - not syncing", .kind = "panic", .flags = KB_SIG_INNER,
	  .custom = fault_panic },
	{ .prefix = "PANIC: double fault", .kind = "double fault", .title = "PANIC: double fault",
	  .parts = KB_PART_IP, .flags = KB_SIG_INNER },
	{ .prefix = "segment-related general protection fault", .kind = "general protection fault",
	  .title = "general protection fault", .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "divide_error: ", .kind = "divide error", .title = "divide error",
	  .parts = KB_PART_IP },
	{ .prefix = "divide error: ", .kind = "divide error", .title = "divide error",
	  .parts = KB_PART_IP },
	{ .prefix = "invalid opcode: ", .kind = "invalid opcode", .title = "invalid opcode",
	  .parts = KB_PART_IP, .flags = KB_SIG_INNER },
	{ .prefix = "Unable to handle kernel paging request", .kind = "page fault",
	  .custom = fault_arm_paging },
	{ .prefix = "CPU ", .contains = " Unable to handle kernel paging request at virtual address ",
	  .kind = "page fault", .custom = fault_mips_paging },
	{ .prefix = "Kernel bug detected[#", .kind = "kernel BUG", .custom = fault_mips_bug },
	/*
	 * mips's die("Oops", regs) prints "Oops[#1]:" after a fault's own line
	 * (do_page_fault()'s above, do_be()'s "Data bus error, epc == ...")
	 */
	{ .prefix = "Data bus error, epc == ", .kind = "Oops", .custom = fault_mips_oops },
	{ .prefix = "Instruction bus error, epc == ", .kind = "Oops", .custom = fault_mips_oops },
	{ .prefix = "Oops[#", .kind = "Oops", .flags = KB_SIG_INNER, .custom = fault_mips_oops },
	/*
	 * die("%s[#%d]:") with the other reasons of mips's and loongarch's
	 * die_if_kernel() (arch/{mips,loongarch}/kernel/traps.c, unaligned.c):
	 * an address error (ade) or unaligned access (ale) in kernel code, a
	 * trap instruction; loongarch's BUG() is "Oops - BUG"
	 */
	{ .prefix = "Oops - BUG[#", .kind = "kernel BUG", .flags = KB_SIG_INNER,
	  .custom = fault_mips_bug },
	{ .prefix = "Kernel ade access[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Kernel ale access[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Kernel unaligned instruction access[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Unhandled kernel unaligned access[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Reserved instruction in kernel code[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Break instruction in kernel code[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Unrecoverable bus error[#", .kind = "Oops", .flags = KB_SIG_INNER,
	  .custom = fault_mips_oops },
	{ .prefix = "Unable to handle kernel NULL pointer dereference", .kind = "page fault",
	  .title = "BUG: unable to handle kernel NULL pointer dereference",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "Internal error: ", .kind = "Oops", .title = "Internal error",
	  .flags = KB_SIG_INNER,
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "Unhandled fault: ", .kind = "Oops", .title = "Unhandled fault",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "Alignment trap: ", .kind = "Oops", .title = "Alignment trap",
	  .parts = KB_PART_IP | KB_PART_TRACE },
	/*
	 * the checks that found a leaked reference, with no stack of who
	 * leaked it: fs/super.c, generic_shutdown_super(); net/core/dev.c,
	 * netdev_wait_allrefs_any()
	 */
	{ .prefix = "VFS: Busy inodes after unmount", .kind = "BUG",
	  .title = "VFS: Busy inodes after unmount (use-after-free)", .flags = KB_SIG_NOSTACK,
	  .home = "fs/super.c" },
	{ .prefix = "unregister_netdevice: waiting for ", .contains = "to become free",
	  .kind = "hang", .title = "unregister_netdevice: waiting for DEV to become free",
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER, .home = "net/core/dev.c" },
	{ .prefix = "trusty: panic", .kind = "panic", .flags = KB_SIG_NOSTACK,
	  .custom = fault_trusty },
	{ .prefix = "SYZFAIL: ", .kind = "syzkaller", .flags = KB_SIG_NOSTACK,
	  .custom = fault_syz },
	{ .prefix = "SYZFATAL: ", .kind = "syzkaller", .flags = KB_SIG_NOSTACK,
	  .custom = fault_syz },
	{ .prefix = NULL },
};
