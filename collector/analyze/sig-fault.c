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
	strbuf_reset(&r->title);
	if (kb_starts(msg, "Couldn't open N_TTY ldisc")) {
		strbuf_addstr(&r->title, "kernel panic: Couldn't open N_TTY ldisc");
		return;
	}
	if (kb_starts(msg, "Fatal exception") || kb_starts(msg, "panic_on_warn set") ||
	    kb_starts(msg, "hung_task: blocked tasks") || kb_starts(msg, "panic_on_oops"))
		r->corrupted = true;
	n = strcspn(msg, "\n");
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

static void fault_oops(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr) + strlen("Oops: ");

	if (kb_starts(l, "general protection fault"))
		kb_title_in(r, "general protection fault", KB_PART_IP | KB_PART_TRACE, NULL);
	else if (kb_starts(l, "divide error"))
		kb_title_in(r, "divide error", KB_PART_IP, NULL);
	else if (kb_starts(l, "invalid opcode"))
		kb_title_in(r, "invalid opcode", KB_PART_IP, NULL);
	else if (kb_starts(l, "stack segment"))
		kb_title_in(r, "stack segment fault", KB_PART_IP | KB_PART_TRACE, NULL);
	else
		kb_title_in(r, "Oops", KB_PART_IP | KB_PART_TRACE, NULL);
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

const struct kb_sig kb_sigs_fault[] = {
	{ .prefix = "general protection fault", .kind = "general protection fault",
	  .title = "general protection fault", .parts = KB_PART_IP | KB_PART_TRACE },
	{ .prefix = "Oops: ", .kind = "Oops", .flags = KB_SIG_INNER, .custom = fault_oops },
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
	{ .prefix = "VFS: Busy inodes after unmount", .kind = "BUG",
	  .title = "VFS: Busy inodes after unmount (use-after-free)", .flags = KB_SIG_NOSTACK },
	{ .prefix = "unregister_netdevice: waiting for ", .contains = "to become free",
	  .kind = "hang", .title = "unregister_netdevice: waiting for DEV to become free",
	  .flags = KB_SIG_NOSTACK | KB_SIG_INNER },
	{ .prefix = "trusty: panic", .kind = "panic", .flags = KB_SIG_NOSTACK,
	  .custom = fault_trusty },
	{ .prefix = "SYZFAIL: ", .kind = "syzkaller", .flags = KB_SIG_NOSTACK,
	  .custom = fault_syz },
	{ .prefix = "SYZFATAL: ", .kind = "syzkaller", .flags = KB_SIG_NOSTACK,
	  .custom = fault_syz },
	{ .prefix = NULL },
};
