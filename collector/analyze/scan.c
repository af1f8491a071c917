// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The streaming scanner. Lines come from big read buffers split with
 * memchr; each is cleaned of its prefixes and offered to the header
 * table. Outside a report nothing else happens and nothing is kept but
 * the last separator line, so memory does not grow with the log. Inside
 * one, lines of the report's own context (caller id) are kept up to a
 * bound, until a terminator ("---[ end trace", the sanitizers' "===="
 * rule), the next report, a long run of lines that look like no part of
 * a report, or the end of the log.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/index.h"
#include "analyze/internal.h"
#include "analyze/sig-driver.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"
#include "util/term.h"

#define SCAN_BUF (1 << 20)
#define SCAN_QUIET 100		/* non-report lines that end a report with no terminator */
#define SCAN_PREV 256
#define SCAN_PRE 6		/* a separator and the WARN message lines after it */
#define SCAN_HEADLESS 40	/* how near the top a report may start without its header */
#define SCAN_WRAP_LENS 256	/* line lengths counted, for a terminal's hard wrap */
#define SCAN_BORROW 20		/* how close the next report must start to lend its file */
#define SCAN_FALLBACK 512	/* the kept driver error line */
#define SCAN_UNPLACED 8		/* the unplaced failures kept, the latest */
#define SCAN_ERRTEXT 32		/* the other lines kept, the latest (kb_drv_error_text_place) */
#define SCAN_INCIDENT 3		/* lines between a driver's message and the report it starts */
#define SCAN_CTX 4		/* lines before a report that may name its driver */
#define SCAN_CTX_LEN 96		/* of each, the part that holds a prefix */

struct scan {
	const struct kbug_analyze_opts *o;
	struct json_object *modules;
	const char *tree;
	struct kb_input in;
	struct json_object *reports;
	unsigned int count, max;
	unsigned int placed;	/* reports that named a culprit (a file, a module) */
	bool fb_lends;		/* the report closing is the kept driver error, after those */
	struct kb_rep rep;
	bool open;
	/* the last separator line and the lines since, while they may open a report */
	char pre[SCAN_PRE][SCAN_PREV];
	unsigned int pre_n;
	unsigned long pre_no, lineno;
	/* the numbers of the line before this one and of the last kept in pre[] */
	unsigned long prev_no, this_no, pre_last;
	struct kb_dwarf *dw;
	bool dw_tried;
	struct json_object *pending;	/* the last report, when it named no culprit of its own */
	unsigned long pending_last;	/* and its last line */
	unsigned long driver_last;	/* the last report's last line, if a driver's message */
	bool incident;			/* the open report began right after that message */
	char release[64];		/* from "Linux version X" */
	char oot_module[64];		/* the last module whose load tainted the kernel */
	/* the latest driver error no signature lists (kb_drv_generic_rank), reported alone */
	int fb_rank;
	char fb_text[SCAN_FALLBACK];
	char fb_wrap[SCAN_FALLBACK];	/* the last line, when it ended in ": " (wrapped) */
	size_t fb_wrap_len;
	unsigned long fb_wrap_no;
	unsigned long fb_no;
	char fb_ctx[KB_CTX_MAX];
	/* failures under a prefix no table places (KB_DRV_UNPLACED): the latest, a ring */
	char un_text[SCAN_UNPLACED][SCAN_FALLBACK];
	unsigned long un_no[SCAN_UNPLACED];
	char un_ctx[SCAN_UNPLACED][KB_CTX_MAX];
	unsigned int un_nr;		/* kept in all; un_nr % SCAN_UNPLACED is the next */
	/* lines that say nothing failed, which the tree may log as an error: a ring */
	char qu_text[SCAN_ERRTEXT][SCAN_FALLBACK];
	unsigned long qu_no[SCAN_ERRTEXT];
	int qu_level[SCAN_ERRTEXT];	/* printk's level, -1 when the log lost it */
	char qu_ctx[SCAN_ERRTEXT][KB_CTX_MAX];
	unsigned int qu_nr;
	/* the latest ACPI resource conflict, and the driver whose line came before it */
	char rc_text[SCAN_FALLBACK];
	unsigned long rc_no;
	char rc_drv[64];
	/* a stamped line that the next lines may continue (scan_raw: a paste wrapped) */
	char wrap[KB_LINE_MAX];
	size_t wrap_len, wrap_last;	/* its length, and its last piece's */
	unsigned int wrap_extra;	/* lines joined to it */
	bool wrap_on;
	size_t width;			/* the longest line so far: a wrapped paste's width */
	unsigned int lens[SCAN_WRAP_LENS];	/* lines of each length, up to it */
	/* the last lines outside reports, a ring: what a report that names no code followed */
	char ctx[SCAN_CTX][SCAN_CTX_LEN];
	unsigned long ctx_no[SCAN_CTX];
	unsigned int ctx_next;
};

void kbug_analyze_opts_init(struct kbug_analyze_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->with_text = true;
	o->debuginfo = true;
}

static bool scan_separator(const char *s, size_t len)
{
	if (len >= 20 && s[0] == '=' && s[10] == '=' && s[19] == '=')
		return true;
	return len >= 30 && s[0] == '-' && memmem(s, len, "[ cut here ]", 12);
}

static void scan_keep(struct kb_rep *r, const char *s, size_t len, unsigned long no)
{
	r->last_line = no;
	r->seen++;
	if (r->nr >= KB_REP_LINES) {
		r->truncated = true;
		return;
	}
	if (r->nr == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		r->off = realloc(r->off, r->alloc * sizeof(*r->off));
		r->no = realloc(r->no, r->alloc * sizeof(*r->no));
		if (!r->off || !r->no)
			abort();
	}
	r->off[r->nr] = r->arena.len;
	r->no[r->nr] = no;
	strbuf_add(&r->arena, s, len);
	kbug_term_sanitize(r->arena.buf + r->off[r->nr], len, false);
	strbuf_addch(&r->arena, '\0');
	r->nr++;
	r->cut = r->nr;
}

static void scan_rep_reset(struct kb_rep *r)
{
	r->sig = NULL;
	r->hdr = 0;
	strbuf_reset(&r->arena);
	r->nr = 0;
	r->cut = 0;
	r->first_line = 0;
	r->last_line = 0;
	r->seen = 0;
	r->ctx[0] = '\0';
	r->cpu_traceback = false;
	r->truncated = false;
	r->quiet = 0;
	r->skip_rest = false;
	strbuf_reset(&r->title);
	r->kind = NULL;
	r->corrupted = false;
	r->frames_nr = 0;
	r->guilty = -1;
	r->by_extractor = false;
	r->guessed = false;
	r->text_frame = false;
	r->refine = NULL;
	r->resolved = false;
	r->own_file = false;
	r->saw_trace = false;
	r->ended = 0;
	r->guilty_func[0] = '\0';
	r->guilty_file[0] = '\0';
	r->guilty_module[0] = '\0';
	r->blame_reason = NULL;
	r->blame_source = NULL;
	r->confidence = NULL;
	r->out_of_tree = false;
}

static void scan_rep_release(struct kb_rep *r)
{
	strbuf_release(&r->arena);
	strbuf_release(&r->title);
	free(r->off);
	free(r->no);
	free(r->frames);
}

/* "Modules linked in: a b(O) c [last unloaded: d]" */
static struct json_object *scan_modules(const struct kb_rep *r)
{
	struct json_object *a = json_object_new_array();
	struct kb_modlist it;
	const char *fl;
	char name[64];
	size_t f;

	if (kb_modlist_start(r, &it))
		while (kb_modlist_next(&it, name, sizeof(name), &fl, &f))
			kj_append_str(a, name);
	return a;
}

/* "... Not tainted 6.12.118 #2" / "Tainted: G        W  O      6.12.0 #1" */
static void scan_taint(const struct kb_rep *r, struct json_object *o)
{
	size_t i;

	for (i = 0; i < r->cut; i++) {
		const char *l = kb_rep_line(r, i);
		const char *p = strstr(l, "Not tainted ");
		char taint[32] = "", rel[64];
		size_t n = 0;

		if (p) {
			p += strlen("Not tainted ");
		} else if (strstr(l, " Tainted: ") && strstr(l, "PID: ")) {
			p = strstr(l, " Tainted: ") + strlen(" Tainted: ");
			/*
			 * print_tainted(): one column per flag, a blank (or G for
			 * P's) where unset, so set flags may stand together ("OE")
			 */
			for (; *p == ' ' || (*p >= 'A' && *p <= 'Z'); p++)
				if (*p != ' ' && n + 1 < sizeof(taint) && !(n == 0 && *p == 'G'))
					taint[n++] = *p;
			/* the release began with a capital: give its letters back */
			while (*p && *p != ' ' && n && p[-1] != ' ') {
				p--;
				n--;
			}
			taint[n] = '\0';
		} else {
			continue;
		}
		kj_set_str(o, "taint", taint);
		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (n && n < sizeof(rel)) {
			memcpy(rel, p, n);
			rel[n] = '\0';
			kj_set_str(o, "release", rel);
		}
		return;
	}
}

static void scan_hardware(const struct kb_rep *r, struct json_object *o)
{
	int i = kb_rep_find(r, 0, "Hardware name: ");

	if (i >= 0)
		kj_set_str(o, "hardware", strstr(kb_rep_line(r, i), "Hardware name: ") + 15);
}

static void scan_nullable(struct json_object *o, const char *key, const char *val)
{
	if (json_object_object_add(o, key, val && *val ? json_object_new_string(val) : NULL))
		WARN("cannot add '%s' to a report", key);
}

static struct json_object *scan_frames(const struct kb_rep *r)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];
		struct json_object *o = json_object_new_object();

		kj_set_str(o, "function", f->func);
		if (f->has_off && !f->pc_only) {
			kj_set_int(o, "offset", (int64_t)f->off);
			kj_set_int(o, "size", (int64_t)f->size);
		}
		scan_nullable(o, "module", f->module);
		scan_nullable(o, "file", f->file);
		if (f->line)
			kj_set_int(o, "line", f->line);
		else
			scan_nullable(o, "line", NULL);
		kj_set_bool(o, "inline", f->inl);
		kj_set_bool(o, "reliable", f->reliable);
		if (f->resolved)
			kj_set_bool(o, "from_debuginfo", true);
		if (f->ip)
			kj_set_bool(o, "ip", true);
		kj_append(a, o);
	}
	return a;
}

static struct json_object *scan_json(struct scan *sc)
{
	struct kb_rep *r = &sc->rep;
	struct json_object *o = json_object_new_object();
	struct strbuf text = STRBUF_INIT;
	size_t i;

	kj_set_str(o, "title", r->title.buf);
	kj_set_str(o, "kind", r->sig->kind);
	scan_nullable(o, "guilty_file", r->guilty_file);
	scan_nullable(o, "guilty_function", r->guilty_func);
	scan_nullable(o, "guilty_module", r->guilty_module);
	scan_nullable(o, "blame_reason", r->blame_reason);
	scan_nullable(o, "blame_source", r->blame_source);
	scan_nullable(o, "confidence", r->confidence);
	kj_set_bool(o, "out_of_tree", r->out_of_tree);
	kj_set_bool(o, "corrupted", r->corrupted);
	kj_set_int(o, "first_line", (int64_t)r->first_line);
	kj_set_int(o, "last_line", (int64_t)r->last_line);
	kj_set(o, "frames", scan_frames(r));
	if (sc->o->explain)
		kj_set(o, "explain", kb_explain(r));
	kj_set(o, "modules", scan_modules(r));
	scan_taint(r, o);
	if (!kj_get(o, "release") && sc->release[0])
		kj_set_str(o, "release", sc->release);
	scan_hardware(r, o);
	if (sc->o->with_text) {
		for (i = 0; i < r->nr; i++) {
			strbuf_addstr(&text, kb_rep_line(r, i));
			strbuf_addch(&text, '\n');
		}
		if (r->truncated)
			strbuf_addf(&text, "[... %lu more lines]\n", r->seen - r->nr);
		kj_set_str(o, "text", text.buf);
	}
	strbuf_release(&text);
	return o;
}

/*
 * An error message right before a report with a trace, in the same
 * sources, is one incident (btrfs's "BTRFS error ..." then the WARNING
 * in __btrfs_free_extent): the trace names the code more closely, the
 * message was its first line. A trace in other code (the transmit
 * watchdog's WARNING after the driver's message) leaves both.
 */
static void scan_incident(struct scan *sc)
{
	size_t n = json_object_array_length(sc->reports);
	struct json_object *prev = n ? json_object_array_get_idx(sc->reports, n - 1) : NULL;
	const char *pf = prev ? kj_get_str(prev, "guilty_file") : NULL;
	const char *slash = pf ? strrchr(pf, '/') : NULL;

	sc->incident = false;
	if (!slash || sc->count > sc->max ||
	    strncmp(sc->rep.guilty_file, pf, (size_t)(slash - pf + 1)))
		return;
	json_object_array_del_idx(sc->reports, n - 1, 1);
	sc->count--;
	sc->pending = NULL;
}

/*
 * A report whose lines place nothing (an excerpt cut before its trace):
 * the nearest line before it whose prefix names a driver or filesystem
 * (btrfs's "start tree-log replay" right before the mount's oops).
 */
static void scan_context(struct scan *sc, struct kb_rep *r)
{
	unsigned int k;

	for (k = 1; k <= SCAN_CTX; k++) {
		unsigned int i = (sc->ctx_next + SCAN_CTX - k) % SCAN_CTX;

		if (!sc->ctx_no[i] || sc->ctx_no[i] >= r->first_line ||
		    sc->ctx_no[i] + SCAN_CTX < r->first_line)
			continue;
		if (kb_drv_context(r, sc->ctx[i]))
			return;
	}
}

/*
 * A driver's failure placed only at its directory (the core's "probe of
 * DEV failed", a timeout the row does not place): the driver's own error
 * right before it, about the same device, says where it failed; the file
 * of that directory whose format logs it (kb_drv_failed_file).
 */
static void scan_device_file(struct scan *sc, struct kb_rep *r)
{
	size_t n = strlen(r->guilty_file);
	unsigned int k;

	if (!n || r->guilty_file[n - 1] != '/' || r->out_of_tree)
		return;
	for (k = 1; k <= SCAN_CTX; k++) {
		unsigned int i = (sc->ctx_next + SCAN_CTX - k) % SCAN_CTX;

		if (!sc->ctx_no[i] || sc->ctx_no[i] >= r->first_line ||
		    sc->ctx_no[i] + SCAN_CTX < r->first_line)
			continue;
		if (kb_drv_failed_file(sc->ctx[i], r->guilty_file, r->guilty_file,
				       sizeof(r->guilty_file))) {
			r->blame_reason = "the file that logs the driver's error before it";
			r->blame_source = KB_SRC_MESSAGE_INDEX;
			return;
		}
	}
}

static void scan_ctx_keep(struct scan *sc, const struct kb_line *l)
{
	size_t n = l->len < SCAN_CTX_LEN - 1 ? l->len : SCAN_CTX_LEN - 1;
	unsigned int i = sc->ctx_next;

	memcpy(sc->ctx[i], l->text, n);
	sc->ctx[i][n] = '\0';
	sc->ctx_no[i] = l->no;
	sc->ctx_next = (i + 1) % SCAN_CTX;
}

static void scan_close(struct scan *sc)
{
	struct kb_rep *r = &sc->rep;

	if (!sc->open)
		return;
	sc->open = false;
	if (r->skip_rest && r->cut_at)
		r->cut = r->cut_at;
	kb_sig_title(r);
	if (sc->o->debuginfo && !(r->sig->flags & KB_SIG_DRIVER)) {
		if (!sc->dw_tried) {
			struct json_object *t = json_object_new_object();
			const char *rel;

			scan_taint(r, t);
			rel = kj_get_str(t, "release");
			if (!rel && sc->release[0])
				rel = sc->release;
			sc->dw_tried = true;
			sc->dw = kb_dwarf_open(sc->o, rel);
			json_object_put(t);
		}
		if (sc->dw)
			kb_dwarf_resolve(sc->dw, r);
	}
	r->oot_hint = sc->oot_module;
	r->release = sc->release;
	r->follows = sc->count > 0;
	kb_blame(r, sc->modules, sc->tree);
	if (r->sig->flags & KB_SIG_DRIVER)
		scan_device_file(sc, r);
	if (!r->guilty_file[0] && !r->out_of_tree && !(r->sig->flags & KB_SIG_DRIVER) &&
	    !r->no_culprit)
		scan_context(sc, r);
	if (!r->guilty_file[0] && !r->out_of_tree && !r->guilty_module[0] &&
	    r->sig->home) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", r->sig->home);
		r->blame_reason = r->no_culprit ?
			"no frame of the report did it (the damage predates this stack): "
			"the check that detected it" :
			"nothing in the report places it: the check that detected it";
		r->blame_source = KB_SRC_GUESS;
		r->confidence = KB_CONF_LOW;
	}
	kb_check_corrupted(r);
	/*
	 * A report that names no culprit of its own (a firmware panic, a
	 * bare panic line) is often the first sign of the one printed right
	 * after it: it borrows that report's file, as syzkaller's reading of
	 * the whole rest of the log does.
	 */
	if (sc->pending && (r->own_file || (sc->fb_lends && r->guilty_file[0])) &&
	    r->first_line <= sc->pending_last + SCAN_BORROW) {
		scan_nullable(sc->pending, "guilty_file", r->guilty_file);
		scan_nullable(sc->pending, "blame_reason", "the source file of the report right after it");
		scan_nullable(sc->pending, "blame_source", KB_SRC_LOG);
		scan_nullable(sc->pending, "confidence", KB_CONF_MEDIUM);
	}
	sc->pending = NULL;
	sc->driver_last = r->sig->flags & KB_SIG_DRIVER ? r->last_line : 0;
	if (sc->incident)
		scan_incident(sc);
	if (sc->count < sc->max) {
		struct json_object *o = scan_json(sc);

		kj_append(sc->reports, o);
		if (!r->own_file && !(r->sig->flags & KB_SIG_DRIVER) && !r->resolved) {
			sc->pending = o;
			sc->pending_last = r->last_line;
		}
	}
	sc->count++;
	if (r->guilty_file[0] || r->guilty_module[0] || r->out_of_tree)
		sc->placed++;
	scan_rep_reset(r);
}

static void scan_open(struct scan *sc, const struct kb_sig *sig, const struct kb_line *l)
{
	struct kb_rep *r = &sc->rep;

	sc->incident = !(sig->flags & KB_SIG_DRIVER) && sc->driver_last &&
		l->no <= sc->driver_last + SCAN_INCIDENT;
	sc->driver_last = 0;

	scan_rep_reset(r);
	sc->open = true;
	r->sig = sig;
	r->kind = sig->kind;
	snprintf(r->ctx, sizeof(r->ctx), "%s", l->ctx);
	r->first_line = l->no;
	if (sc->pre_n && sc->pre_last == sc->prev_no && !(sig->flags & KB_SIG_DRIVER)) {
		unsigned int i;

		for (i = 0; i < sc->pre_n; i++)
			scan_keep(r, sc->pre[i], strlen(sc->pre[i]), sc->pre_no + i);
		r->first_line = sc->pre_no;
	}
	sc->pre_n = 0;
	r->hdr = r->nr;
	scan_keep(r, l->text, l->len, l->no);
}

static void scan_pre(struct scan *sc, const struct kb_line *l)
{
	size_t n = l->len < SCAN_PREV - 1 ? l->len : SCAN_PREV - 1;

	memcpy(sc->pre[sc->pre_n], l->text, n);
	sc->pre[sc->pre_n++][n] = '\0';
	sc->pre_last = l->no;
}

/* Does a line look like part of a report (frames, registers, lock lists, dumps)? */
static bool scan_reportish(const char *s, size_t len)
{
	if (!len)
		return false;
	if (s[0] == ' ' || s[0] == '\t' || s[0] == '<' || s[0] == '[' || s[0] == '#')
		return true;
	if (len > 4 && ((s[0] == 'R' || s[0] == 'E') && s[3] == ':'))
		return true;
	return len > 5 && (memmem(s, len < 24 ? len : 24, ": ", 2) ||
			   memmem(s, len, "+0x", 3));
}

static bool scan_same_driver(const struct kb_rep *r, const struct kb_line *l)
{
	const char *h = kb_rep_line(r, r->hdr);
	size_t n = strcspn(h, " :");

	return l->len > n && !memcmp(l->text, h, n) && (l->text[n] == ' ' || l->text[n] == ':');
}

/*
 * A report stamped up to its header whose lines go on without stamps
 * (kdb taking over the console, a serial capture pasted after dmesg's
 * head): its unstamped lines that look like a report's (registers,
 * frames, "PC is at") are its own.
 */
static bool scan_console_goes_on(const struct kb_rep *r, const struct kb_line *l)
{
	return !l->ctx[0] && !strcmp(r->ctx, "console") &&
		scan_reportish(l->text, l->len);
}

/*
 * x86's oops_end() prints an "executive summary in case the oops
 * scrolled away" after "---[ end trace": __show_regs() again, the
 * faulting RIP first. A paste that begins inside the trace has its IP
 * only there.
 */
static bool scan_exec_summary(const char *s, size_t len)
{
	static const char *const regs[] = {
		"RIP: ", "EIP: ", "Code: ", "RSP: ", "ESP: ", "RAX: ", "EAX: ", "RDX: ", "RBP: ",
		"ESI: ", "R10: ", "R13: ", "FS:  ", "DS: ", "CS:  ", "CR0: ", "CR2: ", "DR0: ",
		"DR3: ", "DR6: ", "PKRU: ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(regs); i++)
		if (len > strlen(regs[i]) && !memcmp(s, regs[i], strlen(regs[i])))
			return true;
	return false;
}

static void scan_in_report(struct scan *sc, const struct kb_line *l)
{
	struct kb_rep *r = &sc->rep;
	const char *s = l->text;
	size_t len = l->len;

	if (r->ended) {
		if (r->ended++ < 24 && scan_exec_summary(s, len) &&
		    !(r->ctx[0] && strcmp(l->ctx, r->ctx)))
			scan_keep(r, s, len, l->no);
		else
			scan_close(sc);
		return;
	}

	if (r->sig->flags & KB_SIG_DRIVER) {
		if (!scan_same_driver(r, l) || r->seen > 200) {
			scan_close(sc);
			return;
		}
		scan_keep(r, s, len, l->no);
		return;
	}
	/*
	 * Lines of other tasks or CPUs, or without the report's time stamps;
	 * but a stamp-less line right after the report's last one, when the
	 * header was that line, is the header wrapped by a terminal or forum.
	 */
	if (r->ctx[0] && strcmp(l->ctx, r->ctx) && !(r->cpu_traceback && l->ctx[0] == 'C') &&
	    !(!strcmp(r->ctx, "console") && l->ctx[0]) &&
	    !(!l->ctx[0] && r->nr == r->hdr + 1 && l->no == r->last_line + 1) &&
	    !scan_console_goes_on(r, l))
		return;
	scan_keep(r, s, len, l->no);
	if (memmem(s, len, "Sending NMI from CPU", 20))
		r->cpu_traceback = true;
	if (!r->saw_trace && (memmem(s, len, "Call Trace", 10) || memmem(s, len, "Call trace", 10)))
		r->saw_trace = true;
	if (!r->skip_rest && (memmem(s, len, "vmalloc: allocation failure:", 28) ||
			      memmem(s, len, "FAULT_INJECTION: forcing a failure", 34) ||
			      memmem(s, len, "FAULT_FLAG_ALLOW_RETRY missing", 30))) {
		r->skip_rest = true;	/* another message with a stack of its own */
		r->cut_at = r->nr - 1;
	}
	if (!r->skip_rest && r->nr > 22 &&
	    (memmem(s, len, "Kernel panic - not syncing", 26) ||
	     memmem(s, len, "WARNING: possible circular locking dependency detected", 54))) {
		r->skip_rest = true;
		r->cut_at = r->nr - 1;
	}
	if (memmem(s, len, "---[ end ", 9)) {
		r->ended = 1;
		return;
	}
	if (len >= 20 && s[0] == '=' && s[19] == '=' && r->nr > r->hdr + 3) {
		scan_close(sc);
		return;
	}
	if (scan_reportish(s, len))
		r->quiet = 0;
	else if (++r->quiet > SCAN_QUIET)
		scan_close(sc);
}

/*
 * A line without a failure word, of a level that may be an error (printk's
 * KERN_ERR or worse, or not known) and long enough to hold an error text
 * of the tree: the latest SCAN_ERRTEXT of them.
 */
static void scan_errtext_keep(struct scan *sc, const struct kb_line *l)
{
	unsigned int k;
	size_t n;

	if (l->len < IX_ERR_MIN || l->level > 4)
		return;
	k = sc->qu_nr++ % SCAN_ERRTEXT;
	sc->qu_level[k] = l->level;
	n = l->len < SCAN_FALLBACK - 1 ? l->len : SCAN_FALLBACK - 1;
	memcpy(sc->qu_text[k], l->text, n);
	sc->qu_text[k][n] = '\0';
	sc->qu_no[k] = l->no;
	memcpy(sc->qu_ctx[k], l->ctx, sizeof(sc->qu_ctx[k]));
}

/*
 * A driver's error no signature lists, kept while the log shows no
 * report: the latest of the strongest, since boot-time noise comes first
 * and the failure the user reports is usually the last thing the log says.
 */
#define SCAN_CONFLICT_DRV 3	/* lines before a resource conflict where its driver's is */

/*
 * acpi_check_resource_conflict() runs in the driver that asks for the
 * range, so the driver's own line ("nct6775: Found NCT6798D or compatible
 * chip at 0x2e:0x290") comes right before ACPICA's warning.
 */
static void scan_conflict_keep(struct scan *sc, const struct kb_line *l)
{
	size_t n = l->len < SCAN_FALLBACK - 1 ? l->len : SCAN_FALLBACK - 1;
	unsigned int k;

	memcpy(sc->rc_text, l->text, n);
	sc->rc_text[n] = '\0';
	sc->rc_no = l->no;
	sc->rc_drv[0] = '\0';
	for (k = 1; k <= SCAN_CTX; k++) {
		unsigned int i = (sc->ctx_next + SCAN_CTX - k) % SCAN_CTX;

		if (!sc->ctx_no[i] || sc->ctx_no[i] + SCAN_CONFLICT_DRV < l->no)
			break;
		if (kb_drv_prefix_name(sc->ctx[i], sc->rc_drv, sizeof(sc->rc_drv)))
			return;
	}
	sc->rc_drv[0] = '\0';
}

static void scan_fallback_keep(struct scan *sc, const struct kb_line *l)
{
	struct kb_line joined = *l;
	int rank;
	size_t n;

	if (kb_drv_acpi_conflict_line(l->text, l->len)) {
		scan_conflict_keep(sc, l);
		return;
	}
	rank = kb_drv_generic_rank(l->text, l->len, l->level);

	/*
	 * A line that ends in ": " was wrapped by a terminal or a forum
	 * ("brcmfmac: brcmf_sdio_bus_rxctl: " / "resumed on timeout"): the
	 * message is both lines.
	 */
	if (!rank && sc->fb_wrap_len && l->no == sc->fb_wrap_no + 1 &&
	    sc->fb_wrap_len + l->len < SCAN_FALLBACK) {
		memcpy(sc->fb_wrap + sc->fb_wrap_len, l->text, l->len);
		joined.text = sc->fb_wrap;
		joined.len = sc->fb_wrap_len + l->len;
		rank = kb_drv_generic_rank(joined.text, joined.len, l->level);
	}
	sc->fb_wrap_len = 0;
	if (rank == KB_DRV_UNPLACED) {
		unsigned int k = sc->un_nr++ % SCAN_UNPLACED;

		n = joined.len < SCAN_FALLBACK - 1 ? joined.len : SCAN_FALLBACK - 1;
		memmove(sc->un_text[k], joined.text, n);
		sc->un_text[k][n] = '\0';
		sc->un_no[k] = l->no;
		snprintf(sc->un_ctx[k], sizeof(sc->un_ctx[k]), "%s", l->ctx);
		return;
	}
	/* a weaker word (a reset, a loss) after a failure is its sequel */
	if (rank && rank < sc->fb_rank)
		return;
	if (!rank) {
		if (l->len > 2 && l->len < SCAN_FALLBACK / 2 && l->text[l->len - 1] == ' ' &&
		    l->text[l->len - 2] == ':') {
			memcpy(sc->fb_wrap, l->text, l->len);
			sc->fb_wrap_len = l->len;
			sc->fb_wrap_no = l->no;
		}
		scan_errtext_keep(sc, l);
		return;
	}
	n = joined.len < SCAN_FALLBACK - 1 ? joined.len : SCAN_FALLBACK - 1;
	sc->fb_rank = rank;
	memmove(sc->fb_text, joined.text, n);
	sc->fb_text[n] = '\0';
	sc->fb_no = l->no;
	snprintf(sc->fb_ctx, sizeof(sc->fb_ctx), "%s", l->ctx);
}

/*
 * The latest kept line whose text the tree logs at row's level
 * (kb_drv_error_text: KERN_ERR, kb_drv_warning_text: KERN_WARNING too):
 * into *sig and *l when there is one. False when the lines since the
 * last report are all looked at and the older ones are that report's.
 */
static bool scan_errtext_pick(struct scan *sc, const struct kb_drv_row *row,
			      const struct kb_sig **sig, struct kb_line *l)
{
	char place[sizeof(((struct kb_rep *)0)->guilty_file)];
	bool warn = row == &kb_drv_warning_text;
	unsigned int i, k;

	for (i = 0; i < sc->qu_nr && i < SCAN_ERRTEXT; i++) {
		k = (sc->qu_nr - 1 - i) % SCAN_ERRTEXT;
		if (sc->count && (!sc->pending || sc->qu_no[k] <= sc->pending_last))
			return false;
		/*
		 * "[ cut here ]" is a report's, whose header the log lost or a
		 * prefix hid ("[0]": a CPU's); test code prints it as an error
		 */
		if (strstr(sc->qu_text[k], "[ cut here ]") || (!warn && sc->qu_level[k] > 3))
			continue;
		if (!(warn ? kb_drv_warning_text_place : kb_drv_error_text_place)
		    (sc->qu_text[k], strlen(sc->qu_text[k]), place, sizeof(place)))
			continue;
		*sig = &row->sig;
		l->text = sc->qu_text[k];
		l->no = sc->qu_no[k];
		snprintf(l->ctx, sizeof(l->ctx), "%s", sc->qu_ctx[k]);
		return true;
	}
	return true;
}

/*
 * No report in the whole log: the kept driver error is the one. After
 * reports that placed nothing (a paste's tail of a trace in the idle
 * loop), one that comes after the last of them is theirs to borrow.
 */
static void scan_fallback_report(struct scan *sc)
{
	struct kb_line l = { .text = sc->fb_text, .no = sc->fb_no, .level = -1 };
	const struct kb_sig *sig = &kb_drv_generic.sig;
	char place[sizeof(((struct kb_rep *)0)->guilty_file)];
	unsigned int i, k;

	if (sc->placed || sc->open)
		return;
	/*
	 * None a table places: the latest of the others that the tree's
	 * format strings do (kb_drv_index_place), loading the index only now
	 */
	for (i = 0; !sc->fb_rank && i < sc->un_nr && i < SCAN_UNPLACED; i++) {
		k = (sc->un_nr - 1 - i) % SCAN_UNPLACED;
		if (sc->count && (!sc->pending || sc->un_no[k] <= sc->pending_last))
			return;
		/*
		 * a bus device's driver the tree has nothing of logged it: a
		 * text of the tree's that it matches is another driver's
		 */
		if ((sc->oot_module[0] || !kb_release_newer(sc->release)) &&
		    kb_drv_vendor_module(sc->un_text[k], strlen(sc->un_text[k]), place,
					 sizeof(place)))
			sig = &kb_drv_vendor.sig;
		else if (kb_drv_index_place(sc->un_text[k], strlen(sc->un_text[k]), place,
					    sizeof(place)))
			sig = &kb_drv_indexed.sig;
		else
			continue;
		l.text = sc->un_text[k];
		l.no = sc->un_no[k];
		snprintf(l.ctx, sizeof(l.ctx), "%s", sc->un_ctx[k]);
		break;
	}
	/* nor those: the latest line that the tree logs as an error, by its text */
	if (sig == &kb_drv_generic.sig && !sc->fb_rank &&
	    !scan_errtext_pick(sc, &kb_drv_error_text, &sig, &l))
		return;
	/* nor those: a driver refused its I/O range */
	if (sig == &kb_drv_generic.sig && !sc->fb_rank && sc->rc_no) {
		sig = &kb_drv_acpi_conflict.sig;
		l.text = sc->rc_text;
		l.no = sc->rc_no;
	}
	/* nor that: the latest line a driver's own code logs as a warning */
	if (sig == &kb_drv_generic.sig && !sc->fb_rank &&
	    !scan_errtext_pick(sc, &kb_drv_warning_text, &sig, &l))
		return;
	if (sig == &kb_drv_generic.sig) {
		if (!sc->fb_rank)
			return;
		snprintf(l.ctx, sizeof(l.ctx), "%s", sc->fb_ctx);
	}
	if (sc->count && (!sc->pending || l.no <= sc->pending_last))
		return;
	l.len = strlen(l.text);
	sc->fb_lends = true;
	scan_open(sc, sig, &l);
	if (sig == &kb_drv_acpi_conflict.sig)
		snprintf(sc->rep.guilty_module, sizeof(sc->rep.guilty_module), "%s", sc->rc_drv);
	scan_close(sc);
}

static bool scan_ends(const struct kb_line *l, const char *s, size_t n)
{
	return l->len > n && !memcmp(l->text + l->len - n, s, n);
}

/*
 * kernel/module/main.c and signing.c: "MOD: loading out-of-tree module
 * taints kernel.", "MOD: module verification failed: ... - tainting
 * kernel", "MOD: module license 'X' taints kernel." name the module a
 * report built outside the tree belongs to (one with bare file names).
 */
static void scan_taint_line(struct scan *sc, const struct kb_line *l)
{
	size_t n;

	if (!scan_ends(l, "taints kernel.", 14) && !scan_ends(l, "tainting kernel", 15))
		return;
	for (n = 0; n < l->len && n < sizeof(sc->oot_module) && l->text[n] != ':' &&
	     l->text[n] != ' '; n++)
		;
	if (n && n < sizeof(sc->oot_module) && n < l->len && l->text[n] == ':') {
		memcpy(sc->oot_module, l->text, n);
		sc->oot_module[n] = '\0';
	}
}

/* The same driver's next complaint joins its report; its row may say more (blame.c). */
static const struct kb_sig *scan_next_complaint(struct scan *sc, const struct kb_sig *sig)
{
	if (!sc->rep.refine)
		sc->rep.refine = sig;
	return NULL;
}

/*
 * Did the report's lines reach the bottom of a stack: the kernel thread or
 * syscall entry every task's stack starts from, or x86's "</TASK>"?
 */
static bool scan_trace_ended(const struct kb_rep *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i);

		if (strstr(l, "ret_from_fork") || strstr(l, "</TASK>") ||
		    strstr(l, "entry_SYSCALL") || strstr(l, "system_call_fast"))
			return true;
	}
	return false;
}

static void scan_line(struct scan *sc, const char *raw, size_t len)
{
	struct kb_line l;
	const struct kb_sig *sig;

	l.no = ++sc->lineno;
	/* a wrapped line's pieces are one line: the next one follows it */
	sc->prev_no = sc->this_no;
	sc->this_no = l.no;
	kb_input_clean(&sc->in, raw, len, &l);
	if (l.skip)
		return;
	sig = kb_sig_match(l.text, l.len);
	/*
	 * A register dump or call trace near the top of a log that has shown
	 * no report yet: the paste began inside one, after its header.
	 */
	if (!sig && !sc->open && !sc->count && l.no <= SCAN_HEADLESS &&
	    kb_sig_headless_line(l.text, l.len))
		sig = &kb_sig_headless;
	if (sc->open && sig && sc->rep.sig == &kb_sig_headless) {
		/*
		 * the header came after all: what preceded it was its preamble
		 * (syzkaller reads it so), unless hung-task reports come in a
		 * series (check_hung_uninterruptible_tasks() prints one per
		 * task) and a whole trace ended before: the tail of the first;
		 * or "---[ end trace" closed it already
		 */
		if (sc->rep.ended ||
		    (sig->kind && !strcmp(sig->kind, "hung task") && scan_trace_ended(&sc->rep))) {
			scan_close(sc);
		} else {
			sc->open = false;
			scan_rep_reset(&sc->rep);
		}
	}
	/* after "---[ end trace", a header starts a report of its own */
	if (sc->open && sig && sc->rep.ended)
		scan_close(sc);
	if (sc->open && sig) {
		const struct kb_rep *r = &sc->rep;

		if ((sig->flags & KB_SIG_INNER) && !(r->sig->flags & KB_SIG_DRIVER))
			sig = NULL;
		else if (sig == r->sig && r->nr - r->hdr < 5 && !(sig->flags & KB_SIG_DRIVER))
			sig = NULL;	/* the header repeated for inlined frames */
		else if ((sig->flags & r->sig->flags & KB_SIG_DRIVER) && scan_same_driver(r, &l))
			sig = scan_next_complaint(sc, sig);
		else if (r->ctx[0] && strcmp(r->ctx, "console") && l.ctx[0] &&
			 strcmp(l.ctx, r->ctx) && !(r->sig->flags & KB_SIG_DRIVER))
			sig = NULL;	/* another task's report interleaved: keep this one */
		else if (r->ctx[0] && strcmp(r->ctx, "console") && !r->saw_trace &&
			 !(r->sig->flags & KB_SIG_DRIVER) && !(sig->flags & KB_SIG_DRIVER))
			sig = NULL;	/* the same task, before its trace: one incident */
		else if ((sig->flags & KB_SIG_DRIVER) && !(r->sig->flags & KB_SIG_DRIVER))
			sig = NULL;
		else
			scan_close(sc);
	}
	if (!sig && !sc->open && !sc->placed)
		scan_fallback_keep(sc, &l);
	if (sig) {
		scan_open(sc, sig, &l);
	} else if (sc->open) {
		scan_in_report(sc, &l);
		if (sc->open)
			return;
		/* the line that ended the report is none of its own */
		if (!sc->placed)
			scan_fallback_keep(sc, &l);
	}
	if (!sc->open && scan_separator(l.text, l.len)) {
		sc->pre_n = 0;
		sc->pre_no = l.no;
		scan_pre(sc, &l);
	} else if (!sc->open && l.len > 11 && l.text[0] == 'W' &&
		   !memcmp(l.text, "Workqueue: ", 11)) {
		/*
		 * sched_show_task() and dump_stack() print the worker's work
		 * (print_worker_info()) before its stack: a paste that begins
		 * at the stack keeps it
		 */
		sc->pre_n = 0;
		sc->pre_no = l.no;
		scan_pre(sc, &l);
	} else if (!sc->open && sc->pre_n && sc->pre_n < SCAN_PRE &&
		   (sc->pre[0][0] == '-' || sc->pre[0][0] == 'W') && sc->pre_last == sc->prev_no) {
		/* __warn(): "[ cut here ]", the WARN()'s own message, then "WARNING:" */
		scan_pre(sc, &l);
	} else if (!sc->open && l.len > 14 && l.text[0] == 'L' &&
		   !memcmp(l.text, "Linux version ", 14)) {
		size_t n = strcspn(l.text + 14, " ");

		if (n < sizeof(sc->release) && n < l.len - 14) {
			memcpy(sc->release, l.text + 14, n);
			sc->release[n] = '\0';
		}
	} else if (!sc->open) {
		scan_taint_line(sc, &l);
	}
	if (!sc->open)
		scan_ctx_keep(sc, &l);
}

/* printk's time stamp (PRINTK_TIME) at s: "[%5lu.%06lu]", its length or 0 */
/* "[ SECONDS.DECIMALS]" at s: its length, 0 if none; the decimals' count */
static size_t scan_stamp_at(const char *s, const char *end, size_t *decimals)
{
	const char *p = s + 1, *d;

	*decimals = 0;
	while (p < end && *p == ' ')
		p++;
	for (d = p; p < end && *p >= '0' && *p <= '9'; p++)
		;
	if (p == d || p >= end || *p != '.')
		return 0;
	for (d = ++p; p < end && *p >= '0' && *p <= '9'; p++)
		;
	*decimals = (size_t)(p - d);
	return p > d && p < end && *p == ']' ? (size_t)(p + 1 - s) : 0;
}

/* printk's stamp, microseconds: its length, 0 if none */
static size_t scan_stamp(const char *s, const char *end)
{
	size_t decimals, n = scan_stamp_at(s, end, &decimals);

	return decimals == 6 ? n : 0;
}

#define SCAN_JOINED 48	/* shorter lines cannot hold two stamped messages */

/* How many time stamps the line holds, up to max */
static unsigned int scan_stamps(const char *p, const char *end, unsigned int max)
{
	unsigned int n = 0;
	const char *b;

	while (n < max && (b = memchr(p, '[', end - p))) {
		size_t k = scan_stamp(b, end);

		n += !!k;
		p = b + (k ? k : 1);
	}
	return n;
}

/*
 * A paste that lost its line breaks (a forum, a reflowed comment) runs
 * the kernel's records together: "[ 0.26] r600_cp: ... [ 0.27] [drm]
 * ... [ 0.28] radeon 0000:01:00.0: Fatal error". With three stamps or
 * more, each stamp after the first that follows a blank starts a record
 * of its own, scanned as a line. Two are a KERN_CONT line another CPU's
 * record cut into ("trusty: panic (caller [ 331.0] trusty: 0xff...):
 * ASSERT FAILED"): one record, as syzkaller reads it.
 */
static void scan_raw_line(struct scan *sc, const char *raw, size_t len)
{
	const char *end = raw + len, *p = raw, *from = raw, *b;
	bool stamped = false;
	size_t k;

	/*
	 * A report's banner ("=====...", "-----...") reflowed into the line
	 * after it: two lines
	 */
	if (len > 12 && (raw[0] == '=' || raw[0] == '-')) {
		for (k = 1; k < len && raw[k] == raw[0]; k++)
			;
		/* __warn()'s "------------[ cut here ]------------" */
		if (k + 12 < len && !memcmp(raw + k, "[ cut here ]", 12))
			for (k += 12; k < len && raw[k] == raw[0]; k++)
				;
		if (k >= 10 && k + 1 < len && raw[k] == ' ' && raw[k + 1] != ' ' &&
		    raw[k + 1] != raw[0]) {
			scan_line(sc, raw, k);
			sc->lineno--;
			scan_raw_line(sc, raw + k + 1, len - k - 1);
			return;
		}
	}
	if (len < SCAN_JOINED || scan_stamps(raw, end, 3) < 3) {
		scan_line(sc, raw, len);
		return;
	}
	while ((b = memchr(p, '[', end - p))) {
		size_t n = scan_stamp(b, end);

		p = b + 1;
		if (!n)
			continue;
		if (stamped && b > from && b[-1] == ' ') {
			scan_line(sc, from, b - 1 - from);
			sc->lineno--;	/* the pieces keep their line's number */
			from = b;
		}
		stamped = true;
		p = b + n;
	}
	scan_line(sc, from, end - from);
}

#define SCAN_WRAP_WIDTH 60	/* the narrowest width a paste is wrapped at */
#define SCAN_WRAP_HOLD 24	/* a stamped line shorter than that is taken as it is */
#define SCAN_WRAP_STAMP 64	/* how far into a line its stamp may be (after a syslog prefix) */

/* "[ 9.0]", "[12.34]": a stamp of any precision at s (a paste's, a test's) */
static bool scan_stamp_any(const char *s, const char *end)
{
	size_t decimals;

	return scan_stamp_at(s, end, &decimals) > 0;
}

/* "HH:MM:SS" at s */
static bool scan_clock(const char *s, const char *end)
{
	static const char form[] = "99:99:99";
	size_t i;

	for (i = 0; i < sizeof(form) - 1; i++)
		if (s + i >= end || (form[i] == '9' ? s[i] < '0' || s[i] > '9' : s[i] != ':'))
			return false;
	return true;
}

/*
 * syslog's and the journal's "Mon DD HH:MM:SS ", the month in the
 * locale's words: "Dec", "dez", "déc.", "Dez."
 */
static bool scan_month_char(char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '.' || (unsigned char)c >= 0x80;
}

static bool scan_syslog_clock(const char *s, const char *end)
{
	const char *p = s;

	while (p < end && p - s < 8 && scan_month_char(*p))
		p++;
	if (p - s < 3 || p + 2 >= end || *p != ' ')
		return false;
	p += p[1] == ' ' ? 2 : 1;	/* "Dec  6" */
	if (p < end && *p >= '0' && *p <= '9')
		p++;
	if (p < end && *p >= '0' && *p <= '9')
		p++;
	return p < end && *p == ' ' && scan_clock(p + 1, end);
}

/*
 * Does a time stamp open the line: printk's (after a syslog or journal
 * prefix), syslog's and the journal's "Mon DD HH:MM:SS ", dmesg -T's
 * "[Day Mon DD HH:MM:SS YYYY]"?
 */
static bool scan_stamped(const char *raw, size_t len)
{
	const char *end = raw + (len < SCAN_WRAP_STAMP ? len : SCAN_WRAP_STAMP), *p = raw, *b;

	/* dmesg -x's "%-6s:%-6s: ", facility and level: "kern  :warn  : " */
	if (len > 15 && raw[0] >= 'a' && raw[0] <= 'z' && raw[6] == ':' && raw[13] == ':' &&
	    raw[14] == ' ')
		return true;

	if (len > 16 && scan_syslog_clock(raw, end))
		return true;
	if (len > 25 && raw[0] == '[' && raw[4] == ' ' && raw[8] == ' ' &&
	    (scan_clock(raw + 12, end) || scan_clock(raw + 11, end)))
		return true;
	if (raw[0] == '[')
		return scan_stamp(raw, raw + len);
	while ((b = memchr(p, '[', end - p))) {
		if (scan_stamp(b, raw + len))
			return true;
		p = b + 1;
	}
	return false;
}

static void scan_wrap_flush(struct scan *sc)
{
	if (!sc->wrap_on)
		return;
	sc->wrap_on = false;
	scan_raw_line(sc, sc->wrap, sc->wrap_len);
	sc->lineno += sc->wrap_extra;
}

#define SCAN_WRAP_TERM 80	/* the width a terminal opens at (the VT100's) */

/*
 * Was the paste broken by a terminal at a fixed width, mid-word, rather
 * than by a mail client at the last blank? Then most of its long lines
 * are exactly as long as the width, few a little shorter. With one such
 * line seen so far, a width of 80 is a terminal's (mail clients wrap at
 * 72 to 78).
 */
static bool scan_hard_wrap(const struct scan *sc, size_t w)
{
	unsigned int near = 0;
	size_t k;

	if (w >= SCAN_WRAP_LENS || !sc->lens[w])
		return false;
	if (sc->lens[w] == 1)
		return w == SCAN_WRAP_TERM;
	for (k = w - 8; k < w; k++)
		near += sc->lens[k];
	return sc->lens[w] > 2 * near;
}

/* The length of the first word of s. */
static size_t scan_word(const char *s, size_t len)
{
	size_t n = 0;

	while (n < len && s[n] != ' ')
		n++;
	return n;
}

/*
 * A paste's indent or a mail's quote, "> >> ", before every piece: the
 * rest follows the same as the piece it ends. A blank the piece lacks
 * is the rest's own, the cut fell before it.
 */
static size_t scan_wrap_prefix(const struct scan *sc, const char *raw, size_t len)
{
	size_t q = 0;

	/* raw is no string: the last line of a log may end at its buffer's end */
	while (q < len && (raw[q] == ' ' || raw[q] == '\t' || raw[q] == '>'))
		q++;
	if (q && (q > sc->wrap_len || memcmp(sc->wrap, raw, q)) && !memchr(raw, '>', q))
		return 0;
	return q;
}

/*
 * A paste wrapped at a width (a mail, a forum, a bug tracker's comment, a
 * terminal): in a log whose lines carry printk's stamp, a line without
 * one right after a stamped line is its rest when the rest's first word
 * would not have fit on the piece before it ("[ 1.2] BUG: unable to
 * handle kernel NULL pointer" / "dereference at 0000000000000008"). The
 * width is the longest line so far (at least SCAN_WRAP_WIDTH); no piece
 * is longer. The kernel stamps every line it prints, so only the paste
 * could have broken it. The pieces are joined with a blank, without one
 * when the log was cut at a fixed width, mid-word.
 */
static void scan_raw(struct scan *sc, const char *raw, size_t len)
{
	size_t w = sc->width > SCAN_WRAP_WIDTH ? sc->width : SCAN_WRAP_WIDTH;
	int stamped = -1;	/* not looked at yet */

	/* a CRLF log's pieces: their lengths without the CR, which no join keeps */
	if (len && raw[len - 1] == '\r')
		len--;
	if (len > sc->width)
		sc->width = len;
	if (len < SCAN_WRAP_LENS)
		sc->lens[len]++;
	if (sc->wrap_on) {
		size_t q = scan_wrap_prefix(sc, raw, len);
		const char *b = raw + q;
		size_t n = len - q;
		/* cut mid-line at the width: the rest may start at a blank, its own */
		bool hard = sc->wrap_last == w && scan_hard_wrap(sc, w);
		/* a line that opens with a stamp of any precision ("[ 9.0] ") or a level ("<4>") */
		bool cont = n && (!q || !memcmp(sc->wrap, raw, q)) &&
			    ((b[0] != ' ' && b[0] != '\t') || (hard && n > 1 && b[1] != ' ')) &&
			    b[0] != '\r' && b[0] != '<' && len <= w &&
			    sc->wrap_last + 1 + scan_word(b, n) > w &&
			    !(b[0] == '[' && scan_stamp_any(b, b + n)) &&
			    sc->wrap_len + 1 + n <= sizeof(sc->wrap);

		if (cont)
			stamped = scan_stamped(raw, len);
		if (cont && !stamped) {
			if (!hard)
				sc->wrap[sc->wrap_len++] = ' ';
			memcpy(sc->wrap + sc->wrap_len, b, n);
			sc->wrap_len += n;
			sc->wrap_last = len;
			sc->wrap_extra++;
			return;
		}
		scan_wrap_flush(sc);
	}
	if (len >= SCAN_WRAP_HOLD && len < sizeof(sc->wrap) &&
	    (stamped < 0 ? scan_stamped(raw, len) : stamped)) {
		memcpy(sc->wrap, raw, len);
		sc->wrap_len = len;
		sc->wrap_last = len;
		sc->wrap_extra = 0;
		sc->wrap_on = true;
		return;
	}
	scan_raw_line(sc, raw, len);
}

static void scan_init(struct scan *sc, const struct kbug_analyze_opts *o,
		      struct kbug_analyze_opts *defaults)
{
	memset(sc, 0, sizeof(*sc));
	if (!o) {
		kbug_analyze_opts_init(defaults);
		o = defaults;
	}
	sc->o = o;
	sc->modules = o->modules;
	sc->tree = o->kernel_src ? o->kernel_src : getenv("KBUG_KERNEL_SRC");
	if (sc->tree && !*sc->tree)
		sc->tree = NULL;
	sc->max = o->max_reports ? o->max_reports : 1000;
	sc->reports = json_object_new_array();
	strbuf_init(&sc->rep.arena, 0);
	strbuf_init(&sc->rep.title, 0);
	scan_rep_reset(&sc->rep);
}

static int scan_finish(struct scan *sc, struct json_object **out)
{
	struct json_object *o = json_object_new_object();
	int n;

	scan_wrap_flush(sc);
	scan_close(sc);
	scan_fallback_report(sc);
	scan_rep_release(&sc->rep);
	if (sc->dw)
		kb_dwarf_close(sc->dw);
	kj_set(o, "reports", sc->reports);
	if (sc->count > sc->max)
		kj_set_int(o, "reports_dropped", sc->count - sc->max);
	n = (int)(sc->count < sc->max ? sc->count : sc->max);
	*out = o;
	return n;
}

int kbug_analyze_buffer(const char *buf, size_t len, const char *name,
			const struct kbug_analyze_opts *o, struct json_object **out)
{
	struct kbug_analyze_opts defaults;
	struct scan sc;
	const char *p = buf, *end = buf + len, *nl;

	scan_init(&sc, o, &defaults);
	while (p < end) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		scan_raw(&sc, p, nl - p);
		p = nl + 1;
	}
	DBG("analyzed %zu bytes of '%s'", len, name ? name : "log");
	return scan_finish(&sc, out);
}

int kbug_analyze_stream(FILE *in, const char *name, const struct kbug_analyze_opts *o,
			struct json_object **out)
{
	struct kbug_analyze_opts defaults;
	struct scan sc;
	char *buf = malloc(SCAN_BUF);
	size_t have = 0;
	bool skipping = false;
	int err = 0;

	if (!buf)
		return -ENOMEM;
	scan_init(&sc, o, &defaults);
	for (;;) {
		size_t n = fread(buf + have, 1, SCAN_BUF - have, in);
		char *p = buf, *end, *nl;

		if (!n) {
			if (ferror(in))
				err = errno ? -errno : -EIO;
			else if (have && !skipping)
				scan_raw(&sc, buf, have);
			break;
		}
		end = buf + have + n;
		while ((nl = memchr(p, '\n', end - p))) {
			if (!skipping)
				scan_raw(&sc, p, nl - p);
			skipping = false;
			p = nl + 1;
		}
		have = end - p;
		if (have == SCAN_BUF) {
			if (!skipping)
				scan_raw(&sc, buf, KB_LINE_MAX);
			skipping = true;
			have = 0;
			continue;
		}
		memmove(buf, p, have);
	}
	free(buf);
	if (err) {
		struct json_object *tmp;

		scan_finish(&sc, &tmp);
		json_object_put(tmp);
		ERR("cannot read '%s': %s", name ? name : "log", strerror(-err));
		return err;
	}
	return scan_finish(&sc, out);
}

/* The report's kernel log from its dmesg section: its text, or its records. */
static int scan_report_log(struct kbug_report *r, struct strbuf *sb)
{
	struct json_object *d = kbug_report_get(r, "dmesg"), *recs;
	size_t i, n;

	if (!d)
		return -ENOENT;
	if (kj_get_str(d, "text")) {
		strbuf_addstr(sb, kj_get_str(d, "text"));
		return 0;
	}
	recs = kj_get(d, "records");
	if (!recs || !json_object_is_type(recs, json_type_array))
		return -ENOENT;
	n = json_object_array_length(recs);
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(recs, i);
		const char *m;

		if (json_object_is_type(e, json_type_string))
			m = json_object_get_string(e);
		else if (kj_get_str(e, "message"))
			m = kj_get_str(e, "message");
		else if (kj_get_str(e, "text"))
			m = kj_get_str(e, "text");
		else
			m = kj_get_str(e, "msg");

		if (!m)
			continue;
		strbuf_addstr(sb, m);
		strbuf_addch(sb, '\n');
	}
	return 0;
}

int kbug_analyze_report(struct kbug_report *r, const struct kbug_analyze_opts *o)
{
	struct kbug_analyze_opts opts;
	struct strbuf log = STRBUF_INIT;
	const struct kbug_attachment *a;
	struct json_object *res = NULL;
	int n;

	if (o)
		opts = *o;
	else
		kbug_analyze_opts_init(&opts);
	if (!opts.modules)
		opts.modules = kbug_report_get(r, "modules");
	a = kbug_report_attachment(r, "dmesg.txt");
	if (a && a->data) {
		n = kbug_analyze_buffer(a->data, a->len, "dmesg.txt", &opts, &res);
		goto done;
	}
	n = scan_report_log(r, &log);
	if (n < 0) {
		strbuf_release(&log);
		return n;
	}
	n = kbug_analyze_buffer(log.buf, log.len, "dmesg", &opts, &res);
	strbuf_release(&log);
done:
	if (n < 0)
		return n;
	kj_set_str(res, "source", "dmesg");
	kbug_report_set(r, "analysis", res);
	return n;
}
