/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

/* One SMTP transaction: a message (LF or CRLF ends) to a list of recipients. */
struct kbug_smtp {
	const char *url;		/* smtp://host[:port], smtps://host[:port] */
	const char *from;		/* envelope sender, a bare address */
	const char *const *rcpt;	/* bare addresses, NULL-terminated */
	const char *user;		/* AUTH user, NULL: no AUTH */
	const char *password;		/* borrowed; never logged */
	bool insecure;			/* allow smtp:// without STARTTLS to a remote host */
	const char *ca_file;		/* CA certificates for the server; NULL: the system's */
	unsigned int timeout_s;		/* whole transaction; 0: 60 */
};

/*
 * Is the URL's host loopback (127.0.0.0/8, ::1, localhost)? The host is
 * copied to host (may be NULL). -EINVAL when the URL is not smtp(s)://.
 */
int kbug_smtp_url_host(const char *url, struct strbuf *host, bool *loopback, bool *tls);

/* 0 when url is an smtp(s):// URL kbug accepts (no credentials in it), else -EINVAL. */
int kbug_smtp_url_check(const char *url);

/*
 * Send. Returns 0 when the server accepted the message; -EAGAIN after a
 * failure that is worth retrying, reason in `why`; KBUG_DELIVER_UNKNOWN
 * when the connection was lost after the message was handed over (the
 * server may have taken it); -EPERM for a refused policy (plain SMTP to
 * a remote host); -ENOSYS when libcurl is missing.
 */
int kbug_smtp_send(const struct kbug_smtp *s, const char *msg, size_t len,
		   struct strbuf *why);

/*
 * Hand the message to sendmail (`path -t -oi`, fork+exec, the message on
 * its standard input). 0, -EAGAIN (reason in why) or -errno.
 */
int kbug_sendmail_send(const char *path, const char *msg, size_t len, struct strbuf *why);
