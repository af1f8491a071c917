/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

/*
 * A triager's request for more facts (docs/request-format.md): a block a
 * person reads, ending in one line kbug parses,
 *
 *   kbug-request: v1 id=3f9a1c7e2b4d probes=pci,usb logs=this,previous config=yes
 *
 * A request can only name built-in probes (kbug_probes[]) and the log
 * choices below: nothing in it is a path, a command or a pattern, so
 * answering it never reads more than those probes read.
 */

#define KBUG_REQ_VERSION	1	/* the version this kbug writes and reads */
#define KBUG_REQ_MAX_LINE	512	/* bytes of the parseable line, prefix included */
#define KBUG_REQ_MAX_FIELDS	16	/* key=value pairs on the line */
#define KBUG_REQ_MAX_VALUE	128	/* bytes of one value */
#define KBUG_REQ_MAX_PROBES	16	/* names in probes= */
#define KBUG_REQ_ID_MIN		8
#define KBUG_REQ_ID_MAX		32
#define KBUG_REQ_MAX_NOTE	2000	/* bytes of the triager's note */
#define KBUG_REQ_MAX_NOTE_LINES	40

/* logs=: which kernel logs are asked for */
enum {
	KBUG_REQ_LOG_THIS = 1,		/* this boot's kernel log (the dmesg probe) */
	KBUG_REQ_LOG_PREVIOUS = 2,	/* the previous boot's, from the journal */
	KBUG_REQ_LOG_PSTORE = 4,	/* what pstore kept of a crashed boot */
};

struct kbug_request {
	unsigned int version;
	char id[KBUG_REQ_ID_MAX + 1];
	/* the probes asked, kbug_probes[] names (static strings), in the order given */
	const char *probes[KBUG_REQ_MAX_PROBES + 1];
	size_t nprobes;
	unsigned int logs;		/* KBUG_REQ_LOG_* */
	bool config;			/* config=yes */
	/* keys this version does not know, ignored (see the version rule) */
	char ignored[KBUG_REQ_MAX_LINE];
};

/*
 * Parse one line (without its newline), "kbug-request: v1 ...". Returns
 * 0, or -EINVAL (not a request line, or a malformed one), -EPROTO (a
 * newer version), -EPERM (a hostile or unanswerable request: an unknown
 * probe, a path, a command...) with one sentence in msg.
 */
int kbug_request_parse(const char *line, size_t len, struct kbug_request *r, char *msg,
		       size_t msgsz);

/*
 * The newest request in text (a bug's comment, a mail): the last line
 * that starts with "kbug-request:" at the start of a line (quoted lines,
 * "> kbug-request: ...", are not requests). Returns as
 * kbug_request_parse(), or -ENOENT when there is none.
 */
int kbug_request_find(const char *text, size_t len, struct kbug_request *r, char *msg,
		      size_t msgsz);

/*
 * Add one probe name (checked against kbug_probes[]; "dmesg" means
 * logs=this and "config" config=yes) or one log choice to r. -EPERM with
 * a message naming it when it is not one.
 */
int kbug_request_add_probe(struct kbug_request *r, const char *name, char *msg, size_t msgsz);
int kbug_request_add_log(struct kbug_request *r, const char *name, char *msg, size_t msgsz);

/*
 * What the command line asks (kbug request, kbug followup --probe...):
 * each value of probes and logs (NAME or NAME,NAME) through the calls
 * above, and config. 0, or an error with msg as they return; -EINVAL
 * when nothing is asked.
 */
int kbug_request_from_options(struct kbug_request *r, const char *const *probes, size_t np,
			      const char *const *logs, size_t nl, bool config, char *msg,
			      size_t msgsz);

/* A fresh id: 12 lowercase hex digits from getrandom(2). 0 or -errno. */
int kbug_request_new_id(struct kbug_request *r);

/* The parseable line for r (no newline) into out (appended). */
void kbug_request_line(const struct kbug_request *r, struct strbuf *out);

/*
 * Check a note: at most KBUG_REQ_MAX_NOTE bytes and KBUG_REQ_MAX_NOTE_LINES
 * lines, no control characters but tab and newline. 0 or -EPERM + msg.
 */
int kbug_request_check_note(const char *note, char *msg, size_t msgsz);

/*
 * The whole block (appended to out): what is asked, in words, the note
 * quoted ("> ", so that no line of it can pass for a request line), how
 * to answer, and the parseable line last. `answer` is what the reporter
 * runs ("kbug followup URL"), or NULL.
 */
void kbug_request_text(const struct kbug_request *r, const char *note, const char *answer,
		       struct strbuf *out);
