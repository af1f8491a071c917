/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>

struct strbuf;
struct kbug_attachment;

/*
 * Internet messages (RFC 5322) in plain text with MIME (RFC 2045-2047):
 * headers folded under 78 columns, UTF-8 headers as encoded words, bodies
 * 7bit/8bit while lines are short and quoted-printable otherwise,
 * attachments as text/plain parts of a multipart/mixed. Messages are
 * built with LF line ends (mbox, sendmail); kbug_mime_crlf() makes the
 * CRLF form SMTP wants.
 */

/*
 * Split "Name <user@host>" or "user@host" into name and address (both
 * reset first). Returns 0, or -EINVAL when there is no usable address
 * (one '@', no blanks, controls, quotes or angle brackets, at most 254
 * bytes).
 */
int kbug_mime_parse_address(const char *in, struct strbuf *name, struct strbuf *addr);
/* "Name <addr>" with the name quoted or encoded as needed (appended). */
void kbug_mime_format_address(struct strbuf *out, const char *name, const char *addr);

/* "Field: value\n", the value encoded (RFC 2047) if not ASCII, and folded. */
void kbug_mime_header(struct strbuf *out, const char *field, const char *value);

/*
 * Make text safe to send as UTF-8 text/plain: invalid UTF-8 becomes
 * U+FFFD, CRLF and lone CR become LF, NUL and other controls but tab and
 * newline are dropped. Appends to out.
 */
void kbug_mime_clean_text(struct strbuf *out, const char *s, size_t len);

/* Quoted-printable (RFC 2045 6.7) of s, LF line ends, appended to out. */
void kbug_mime_qp(struct strbuf *out, const char *s, size_t len);

struct kbug_mail {
	const char *from;		/* formatted: "Name <addr>" */
	const char *const *to;		/* formatted addresses, NULL-terminated */
	const char *const *cc;
	const char *subject;
	const char *message_id;		/* "<...>" */
	const char *date;		/* RFC 5322 date */
	const char *in_reply_to;	/* "<...>" of the parent (a reply), or NULL */
	const char *references;		/* "<a> <b> ...", or NULL */
	const char *body;		/* UTF-8 text */
	const struct kbug_attachment *const *att;	/* NULL-terminated, may be NULL */
};

/* The whole message, LF line ends, appended to out. */
void kbug_mime_build(const struct kbug_mail *m, struct strbuf *out);

/* "<20261203063512.1a2b3c4d5e6f.kbug@host>" with host from the address. */
void kbug_mime_message_id(struct strbuf *out, const char *addr);
/* "Thu, 03 Dec 2026 06:35:12 +0000" for now. */
void kbug_mime_date(struct strbuf *out);

/* The message with CRLF line ends (SMTP DATA), appended to out. */
void kbug_mime_crlf(struct strbuf *out, const char *msg, size_t len);

/*
 * Append the message as one mbox (mboxrd) entry: a "From " line, the
 * message with ">From " quoting, a blank line. git send-email and
 * mutt -H read it.
 */
void kbug_mbox_append(struct strbuf *out, const char *msg, size_t len, const char *addr);

/* A header's value from a built message (first match, unfolded); 0 or -ENOENT. */
int kbug_mime_get_header(const char *msg, const char *field, struct strbuf *out);
