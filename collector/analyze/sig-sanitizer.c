// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The sanitizers' reports: KASAN, KMSAN, KCSAN, KFENCE, UBSAN. They
 * name the bad access and the function in their first line; when that
 * function is a copy or string helper, the caller is named instead.
 */
#include <string.h>

#include "analyze/internal.h"

static const char *const san_free[] = { "kmem_", "slab_", "kfree", "vunmap", "vfree", NULL };
static const char *const san_kmsan_skip[] = { "instrument_", "copy_to_user", "copy_from_user",
	"_copy_", "copyout", "copyin", "usb_submit_urb", "__msan", "kmsan", NULL };
/*
 * kmsan_handle_urb() (drivers/usb/core/urb.c) checks an outgoing URB's
 * buffer inside usb_submit_urb(); the synchronous wrappers of
 * drivers/usb/core/message.c sit between it and the driver that filled the
 * buffer, so syzkaller's kernel-usb-infoleak format skips them too.
 */
static const char *const san_kmsan_usb_skip[] = { "instrument_", "usb_submit_urb",
	"usb_start_wait_urb", "usb_bulk_msg", "usb_interrupt_msg", "usb_control_msg", "__msan",
	"kmsan", NULL };
static const char *const san_ubsan_skip[] = { "ubsan", "overflow", NULL };

/* "BUG: KASAN: use-after-free in f+0x1/0x2": what ("use-after-free") and f. */
static void san_header(const char *l, const char *tag, char *what, size_t wsize, char *func,
		       size_t fsize)
{
	const char *p = strstr(l, tag);
	const char *in;
	size_t n;

	what[0] = '\0';
	func[0] = '\0';
	if (!p)
		return;
	p += strlen(tag);
	while (*p == ' ')
		p++;
	in = strstr(p, " in ");
	n = in ? (size_t)(in - p) : strcspn(p, " ");
	if (n >= wsize)
		n = wsize - 1;
	memcpy(what, p, n);
	what[n] = '\0';
	if (in) {
		in += 4;
		n = strcspn(in, "+ .");
		if (n >= fsize)
			n = fsize - 1;
		memcpy(func, in, n);
		func[n] = '\0';
	}
}

/*
 * The header's function unless it is machinery, else the stack's; with
 * no stack (cut), the next header line's, when a symbolizer expanded the
 * site's inlined helpers ("... in skb_put_data include/linux/skbuff.h:2293
 * [inline]", then "... in h4_recv_buf+0x3d5/0xd00 ..."); else the header's
 * own, which still beats no name.
 */
#define SAN_FUNC_MAX 128	/* the func buffers san_func() may rewrite */

static const char *san_func(struct kb_rep *r, char *func, const char *const *skip)
{
	const struct kb_frame *f;
	const char *l = kb_rep_line(r, r->hdr), *b = strstr(l, "BUG: "), *c;
	char what[64], next[SAN_FUNC_MAX], tag[32];
	size_t i;

	if (func[0] && !kb_frame_skipped(func, skip))
		return func;
	f = kb_rep_pick(r, KB_PART_TRACE | KB_PART_AFTER_HDR, skip);
	if (f || !func[0])
		return f ? f->func : NULL;
	/* the tool's tag, "BUG: KASAN:" */
	c = b ? strchr(b + 5, ':') : NULL;
	if (!c || (size_t)(c + 1 - b) >= sizeof(tag) || !strstr(l, " [inline]"))
		return func;
	snprintf(tag, sizeof(tag), "%.*s", (int)(c + 1 - b), b);
	for (i = r->hdr + 1; i < r->cut && i <= r->hdr + 4; i++) {
		l = kb_rep_line(r, i);
		if (!strstr(l, tag))
			break;
		san_header(l, tag, what, sizeof(what), next, sizeof(next));
		if (next[0] && !kb_frame_skipped(next, skip)) {
			snprintf(func, SAN_FUNC_MAX, "%s", next);
			break;
		}
	}
	return func;
}

static void san_kasan(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	char what[64], func[SAN_FUNC_MAX], prefix[128];
	const char *rw = NULL;
	size_t i;

	san_header(l, "KASAN:", what, sizeof(what), func, sizeof(func));
	if (!strcmp(what, "double-free") || kb_starts(what, "double-free or invalid-free") ||
	    !strcmp(what, "invalid-free")) {
		snprintf(prefix, sizeof(prefix), "KASAN: invalid-free");
		kb_title_func(r, prefix, san_func(r, func, san_free));
		return;
	}
	for (i = r->hdr; i < r->cut && i < r->hdr + 40; i++) {
		const char *x = kb_rep_line(r, i);

		if (strstr(x, "Read of size") || strstr(x, "Read at addr")) {
			rw = "Read";
			break;
		}
		if (strstr(x, "Write of size") || strstr(x, "Write at addr")) {
			rw = "Write";
			break;
		}
	}
	if (strstr(l, " at addr ") && !rw) {
		const char *in = strstr(l, "KASAN: ");

		strbuf_reset(&r->title);
		strbuf_addstr(&r->title, in);
		strbuf_rtrim(&r->title);
		return;
	}
	if (!func[0] && strstr(l, " on address")) {
		strbuf_reset(&r->title);
		strbuf_addf(&r->title, "KASAN: %s%s%s", what, rw ? " " : "", rw ? rw : "");
		return;
	}
	snprintf(prefix, sizeof(prefix), "KASAN: %s%s%s", what, rw ? " " : "", rw ? rw : "");
	if (!rw)
		r->corrupted = true;
	kb_title_func(r, prefix, san_func(r, func, NULL));
}

static void san_kmsan(struct kb_rep *r)
{
	char what[64], func[SAN_FUNC_MAX], prefix[128];

	san_header(kb_rep_line(r, r->hdr), "KMSAN:", what, sizeof(what), func, sizeof(func));
	snprintf(prefix, sizeof(prefix), "KMSAN: %s", what);
	kb_title_func(r, prefix, san_func(r, func, strcmp(what, "kernel-usb-infoleak") ?
					  san_kmsan_skip : san_kmsan_usb_skip));
}

static void san_kfence(struct kb_rep *r)
{
	const char *l = strstr(kb_rep_line(r, r->hdr), "KFENCE: ") + strlen("KFENCE: ");
	const char *in = strstr(l, " in ");
	char what[64], func[SAN_FUNC_MAX] = "", prefix[96];
	size_t n = in ? (size_t)(in - l) : strlen(l);

	if (n >= sizeof(what))
		n = sizeof(what) - 1;
	memcpy(what, l, n);
	what[n] = '\0';
	if (in) {
		n = strcspn(in + 4, "+ .");
		if (n < sizeof(func)) {
			memcpy(func, in + 4, n);
			func[n] = '\0';
		}
	}
	snprintf(prefix, sizeof(prefix), "KFENCE: %s", what);
	/*
	 * mm/kfence/report.c prints the faulting access's stack right after
	 * the header ("Use-after-free read at 0x... (in kfence-#N):"); a
	 * "Call Trace:" further down is show_regs()' own, one frame shorter.
	 */
	if (func[0] && !kb_frame_skipped(func, NULL)) {
		kb_title_func(r, prefix, func);
	} else {
		const struct kb_frame *f = kb_rep_pick(r, KB_PART_AFTER_HDR, NULL);

		kb_title_func(r, prefix, f ? f->func : NULL);
	}
}

static void san_kcsan(struct kb_rep *r)
{
	const char *l = strstr(kb_rep_line(r, r->hdr), "KCSAN: ") + strlen("KCSAN: ");
	const char *in = strstr(l, " in ");
	struct strbuf t = STRBUF_INIT;
	size_t n;

	if (!in) {
		strbuf_reset(&r->title);
		strbuf_addstr(&r->title, l - strlen("KCSAN: "));
		r->corrupted = true;
		return;
	}
	strbuf_addstr(&t, "KCSAN: ");
	strbuf_add(&t, l, in - l);
	strbuf_addstr(&t, " in ");
	in += 4;
	while (*in) {
		n = strcspn(in, "+ ");
		strbuf_add(&t, in, n);
		in += n;
		in += strcspn(in, " ");
		if (strncmp(in, " / ", 3))
			break;
		strbuf_addstr(&t, " / ");
		in += 3;
	}
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, t.buf);
	strbuf_release(&t);
}

static void san_ubsan(struct kb_rep *r)
{
	const char *h = kb_rep_line(r, r->hdr), *l = strstr(h, "UBSAN: ");
	char what[64], prefix[96];
	size_t n;

	l = l ? l + strlen("UBSAN: ") : h + strspn(h, " \t");

	if (kb_starts(l, "Undefined behaviour")) {
		strcpy(what, "undefined-behaviour");
	} else {
		n = strcspn(l, " ");
		if (n >= sizeof(what))
			n = sizeof(what) - 1;
		memcpy(what, l, n);
		what[n] = '\0';
	}
	snprintf(prefix, sizeof(prefix), "UBSAN: %s", what);
	kb_title_in(r, prefix, KB_PART_TRACE, san_ubsan_skip);
}

const struct kb_sig kb_sigs_sanitizer[] = {
	{ .prefix = "BUG: KASAN: ", .kind = "KASAN", .custom = san_kasan },
	{ .prefix = "BUG: KMSAN: ", .kind = "KMSAN", .custom = san_kmsan },
	{ .prefix = "BUG: KCSAN: ", .kind = "KCSAN", .flags = KB_SIG_NOSTACK, .custom = san_kcsan },
	{ .prefix = "BUG: KFENCE: ", .kind = "KFENCE", .custom = san_kfence },
	/*
	 * lib/ubsan.c before 5.x: "UBSAN: Undefined behaviour in FILE:LINE:COL",
	 * the header's second half when a paste starts inside the ==== box
	 */
	{ .prefix = "Undefined behaviour in ", .kind = "UBSAN", .custom = san_ubsan },
	{ .prefix = "UBSAN: ", .kind = "UBSAN", .custom = san_ubsan },
	{ .prefix = NULL },
};
