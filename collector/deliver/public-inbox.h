/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

struct strbuf;
struct kbug_request;

/*
 * A mail thread on a public-inbox (lore.kernel.org, or any
 * public-inbox-httpd): INBOX-URL/MSGID/raw is one message, and
 * INBOX-URL/MSGID/t.mbox.gz its whole thread, both as mboxrd. Both are
 * outside input: the parser bounds every count and size and never
 * trusts a header.
 */

#define KBUG_PI_MAX_MSGS	2000		/* messages in one thread */
#define KBUG_PI_MAX_MBOX	(64u << 20)	/* bytes of a thread, inflated */
#define KBUG_PI_MAX_HEADER	16384		/* bytes of one unfolded header */
#define KBUG_PI_MAX_MSGID	250		/* bytes of a Message-ID, no <> */

/* One message: the headers a reply needs, unfolded, and the body. */
struct kbug_pi_msg {
	char *from, *to, *cc, *subject, *message_id, *in_reply_to, *references, *date;
	time_t when;			/* Date:, 0 when it does not parse */
	char *body;			/* quoted-printable decoded when it says so */
	size_t body_len;
};

struct kbug_pi_thread {
	struct kbug_pi_msg *m;
	size_t n;
};

/*
 * Parse an mboxrd (one or more "From " lines, each followed by a
 * message; ">From " unquoted) into t, in order. 0, or -EINVAL (not an
 * mbox, or over a limit) with a sentence in msg. A message without a
 * Message-ID is kept with message_id NULL.
 */
int kbug_pi_parse_mbox(const char *buf, size_t len, struct kbug_pi_thread *t, char *msg,
		       size_t msgsz);
void kbug_pi_thread_free(struct kbug_pi_thread *t);

/*
 * Where a thread is: a lore-style URL (https://lore.kernel.org/INBOX/MSGID/
 * with anything after MSGID/), or a bare Message-ID ("<id@host>" or
 * "id@host") on the inbox URL `inbox` (NULL: https://lore.kernel.org/all).
 * inbox_out gets the inbox URL without the trailing slash, mid the
 * Message-ID without <> (percent-decoded). 0, or -EINVAL with msg.
 */
int kbug_pi_parse_target(const char *arg, const char *inbox, struct strbuf *inbox_out,
			 struct strbuf *mid, char *msg, size_t msgsz);

/*
 * GET INBOX/MID/WHAT ("raw", "t.mbox.gz"; the Message-ID escaped) into
 * out, inflated when WHAT ends in .gz. 0; -ENOENT when the inbox has no
 * such message (404); else -EIO with a sentence in why.
 */
int kbug_pi_get(const char *inbox, const char *mid, const char *what, unsigned int timeout_s,
		struct strbuf *out, struct strbuf *why);

/*
 * The thread of mid: its raw (the message must exist) and its
 * t.mbox.gz. 0, -ENOENT (no such message) or -EIO/-EINVAL with why.
 */
int kbug_pi_thread_get(const char *inbox, const char *mid, unsigned int timeout_s,
		       struct kbug_pi_thread *t, struct strbuf *why);

/*
 * The newest request in the thread (by Date:, then order): each message
 * in turn through kbug_request_find(). *which gets its index. As
 * kbug_request_find() returns: 0, -ENOENT (none), or the refusal of the
 * newest message that holds a request line, with msg.
 */
int kbug_pi_find_request(const struct kbug_pi_thread *t, struct kbug_request *r, size_t *which,
			 char *msg, size_t msgsz);

/*
 * Our answer to request rid in the thread already: a message from the
 * address self whose body holds the line "kbug-answer: v1 id=RID" (a
 * line someone else wrote does not stand for ours). NULL when none.
 */
const struct kbug_pi_msg *kbug_pi_find_answer(const struct kbug_pi_thread *t, const char *rid,
					      const char *self);

/* The message with this Message-ID (no <>), or NULL. */
const struct kbug_pi_msg *kbug_pi_find_msg(const struct kbug_pi_thread *t, const char *mid);

/*
 * Split an address-list header (To:, Cc:) at commas outside quotes and
 * angle brackets; each usable address (kbug_mime_parse_address) goes
 * to fn with its display name. At most `max` calls.
 */
void kbug_pi_addresses(const char *list, size_t max,
		       void (*fn)(const char *name, const char *addr, void *data), void *data);

/*
 * The reply's threading: "Re: SUBJECT" (one "Re: ", the others dropped)
 * and References (the parent's References and its Message-ID, at most
 * 20 ids, the first kept). Appended to subject and refs.
 */
void kbug_pi_reply_subject(const char *subject, struct strbuf *out);
void kbug_pi_reply_references(const struct kbug_pi_msg *parent, struct strbuf *out);

/* Is mid (no <>) a Message-ID kbug accepts: printable ASCII, one '@', no blanks or <>/"? */
bool kbug_pi_msgid_ok(const char *mid);

/*
 * The channel that answers a request made in a mail thread
 * (deliver/followup-mail.c): a reply in the thread, retry-safe.
 */
struct kbug_channel;
extern const struct kbug_channel kbug_channel_mail_followup;

/*
 * The report's "followup" section for a reply to message `which` of the
 * thread (deliver/followup-mail.c reads it): "to" its author, "cc" its
 * To and Cc and the thread's other authors ({"name", "addr"} each),
 * "inbox", "parent", "subject" (Re:), "references". -EINVAL (said) when
 * the message has no usable Message-ID.
 */
struct json_object;
int kbug_pi_reply_section(struct json_object *fu, const char *inbox,
			  const struct kbug_pi_thread *t, size_t which);

/*
 * A reply draft (no parts) for the section fu with "body" set, as one
 * mbox entry appended to mbox (mutt -H, git send-email read it). The
 * sender is o->from, else [identity]. 0 or -errno (said).
 */
struct kbug_deliver_opts;
int kbug_pi_reply_draft(struct json_object *fu, const struct kbug_deliver_opts *o,
			struct strbuf *mbox);
