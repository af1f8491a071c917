// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The reporting guidelines' checks, as the user hears them (front.h:
 * kbug_front_guidelines). deliver/draft.c runs the checks of
 * Documentation/admin-guide/reporting-issues.rst and keeps a note for
 * each, with the check's name in the draft's "checks"; in a terminal a
 * check that has a row in the table below becomes a question (why it
 * matters, what to do instead, go on or stop), the others stay notes.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/report.h"
#include "front.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/prompt.h"
#include "util/strbuf.h"
#include "util/term.h"

#define GUIDE "Documentation/admin-guide/reporting-issues.rst"
#define ASK_TRIES 10
#define WRAP 78

/* One question: the draft's check name, why it matters, the way forward. */
struct guide_question {
	const char *check;
	const char *why;
	const char *forward;
};

static const struct guide_question guide_questions[] = {
	{ "tainted",
	  "a module from outside the kernel tree (a proprietary driver such as nvidia, or "
	  "VirtualBox's) can break unrelated parts of the kernel, so developers often ignore "
	  "a report from a kernel it tainted (" GUIDE ", \"Check 'taint' flag\").",
	  "uninstall or blacklist that module (the kernel parameter MODULE.blacklist=1), "
	  "reboot, make the problem happen again without it, and report that." },
	{ "old",
	  "developers look at the current code: a problem in an old kernel may be fixed "
	  "already, and a report that does not show it in a current kernel is often left "
	  "unanswered (" GUIDE ", \"Install a fresh kernel for testing\").",
	  "install the latest mainline or stable kernel (https://kernel.org), make the "
	  "problem happen there, and report with that kernel's log." },
};

static const struct guide_question *guide_row(struct json_object *checks, size_t note)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(guide_questions); i++) {
		struct json_object *v = kj_get(checks, guide_questions[i].check);

		if (v && json_object_get_int64(v) == (int64_t)note)
			return &guide_questions[i];
	}
	return NULL;
}

/* label then text, words wrapped at WRAP columns, the next lines indented */
static void wrapped(const char *label, const char *text, int len)
{
	int col = fprintf(stderr, "%s", label), indent = col;
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *w = p;

		while (w < end && *w != ' ')
			w++;
		if (col > indent && col + 1 + (w - p) > WRAP)
			col = fprintf(stderr, "\n%*s", indent, "") - 1;
		else if (col > indent)
			col += fprintf(stderr, " ");
		col += kbug_tprintf(stderr, "%.*s", (int)(w - p), p);
		p = w < end ? w + 1 : w;
	}
	fputc('\n', stderr);
}

/* 0 go on, -ECANCELED stop (EOF included: no answer never goes on) */
static int ask_row(const struct guide_question *q, const char *note, size_t k, size_t n)
{
	struct strbuf ans = STRBUF_INIT, head = STRBUF_INIT;
	const char *colon = strstr(note, ": ");
	int ret = -ECANCELED, tries;

	/* the note's fact, before its advice: "the kernel is tainted (PO), by nvidia (PO)" */
	strbuf_addf(&head, "[%zu/%zu] ", k, n);
	fputc('\n', stderr);
	wrapped(head.buf, note, colon ? (int)(colon - note) : (int)strlen(note));
	wrapped("  Why it matters:  ", q->why, (int)strlen(q->why));
	wrapped("  The way forward: ", q->forward, (int)strlen(q->forward));
	strbuf_release(&head);
	fprintf(stderr, "  g) go on and report this kernel anyway   s) stop here, to try that first\n");
	for (tries = 0; tries < ASK_TRIES; tries++) {
		if (kbug_ask("Go on? [g]: ", &ans) < 0)
			break;
		if (!ans.len || ans.buf[0] == 'g' || ans.buf[0] == 'G') {
			ret = 0;
			break;
		}
		if (ans.buf[0] == 's' || ans.buf[0] == 'S')
			break;
		fprintf(stderr, "Type g or s.\n");
	}
	strbuf_release(&ans);
	return ret;
}

int kbug_front_guidelines(struct kbug_report *r, bool yes)
{
	struct json_object *d = kbug_report_get(r, "draft");
	struct json_object *notes = kj_get(d, "notes"), *checks = kj_get(d, "checks");
	size_t i, k = 0, asked = 0, n = notes ? json_object_array_length(notes) : 0;
	bool tty = kbug_interactive(yes);
	int ret = 0;

	for (i = 0; tty && i < n; i++)
		asked += !!guide_row(checks, i);
	if (asked)
		fprintf(stderr, "\n%s asks %s of a report first:\n", GUIDE,
			asked == 1 ? "one thing" : "a few things");
	for (i = 0; i < n && !ret; i++) {
		const char *note = json_object_get_string(json_object_array_get_idx(notes, i));
		const struct guide_question *q = tty ? guide_row(checks, i) : NULL;

		if (q)
			ret = ask_row(q, note, ++k, asked);
		else
			kbug_tprintf(stderr, "Note:     %s\n", note);
	}
	if (ret) {
		fprintf(stderr, "Stopped: nothing was saved or sent.\n");
		return ret;
	}
	/* a question answered is no note for the maintainers: the user heard it */
	for (i = n; asked && i-- > 0;)
		if (guide_row(checks, i))
			json_object_array_del_idx(notes, i, 1);
	if (asked)
		json_object_object_del(d, "checks");
	return 0;
}
