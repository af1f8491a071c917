// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sending a message: SMTP through libcurl (loaded on demand) or the
 * local sendmail. Both tell apart "not sent" (worth retrying) from "sent,
 * but we do not know whether it arrived" (the connection went after the
 * message was handed over), so that the outbox never sends twice.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/http.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/smtp.h"
#include "util/log.h"
#include "util/strbuf.h"

int kbug_smtp_url_host(const char *url, struct strbuf *host, bool *loopback, bool *tls)
{
	struct strbuf h = STRBUF_INIT;
	const char *p, *e;
	struct in_addr a4;

	if (!strncasecmp(url, "smtp://", 7)) {
		*tls = false;
		p = url + 7;
	} else if (!strncasecmp(url, "smtps://", 8)) {
		*tls = true;
		p = url + 8;
	} else {
		return -EINVAL;
	}
	if (strchr(p, '@') && strchr(p, '@') < (strchr(p, '/') ?: p + strlen(p)))
		return -EINVAL;	/* no credentials in URLs: they would show in ps and logs */
	if (*p == '[') {
		e = strchr(p, ']');
		if (!e)
			return -EINVAL;
		strbuf_add(&h, p + 1, (size_t)(e - p - 1));
	} else {
		e = p + strcspn(p, ":/?#");
		strbuf_add(&h, p, (size_t)(e - p));
	}
	if (!h.len) {
		strbuf_release(&h);
		return -EINVAL;
	}
	*loopback = !strcasecmp(h.buf, "localhost") || !strcmp(h.buf, "::1") ||
		    (inet_pton(AF_INET, h.buf, &a4) == 1 &&
		     (ntohl(a4.s_addr) >> 24) == 127);
	if (host) {
		strbuf_reset(host);
		strbuf_add(host, h.buf, h.len);
	}
	strbuf_release(&h);
	return 0;
}

int kbug_smtp_url_check(const char *url)
{
	bool lo, tls;

	return kbug_smtp_url_host(url, NULL, &lo, &tls);
}

struct smtp_upload {
	const char *data;
	size_t len, pos;
	bool done;
};

static size_t smtp_read(char *buf, size_t size, size_t nmemb, void *arg)
{
	struct smtp_upload *u = arg;
	size_t n = size * nmemb;

	if (u->pos >= u->len) {
		u->done = true;
		return 0;
	}
	if (n > u->len - u->pos)
		n = u->len - u->pos;
	memcpy(buf, u->data + u->pos, n);
	u->pos += n;
	return n;
}

/* Where and how: the URL, timeouts, TLS (use_ssl -1: smtps://), the login. */
static void smtp_setopts(CURL *h, const struct kbug_smtp *s, char *errbuf, long use_ssl)
{
	unsigned int timeout = s->timeout_s ? s->timeout_s : 60;

	kbug_curl.easy_setopt(h, CURLOPT_URL, s->url);
	kbug_curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	kbug_curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	kbug_curl.easy_setopt(h, CURLOPT_UPLOAD, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_READFUNCTION, smtp_read);
	kbug_curl.easy_setopt(h, CURLOPT_CONNECTTIMEOUT, (long)(timeout < 30 ? timeout : 30));
	kbug_curl.easy_setopt(h, CURLOPT_TIMEOUT, (long)timeout);
	if (use_ssl >= 0)
		kbug_curl.easy_setopt(h, CURLOPT_USE_SSL, use_ssl);
	/* TLS is always verified; a private CA may be named */
	kbug_curl.easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
	if (s->ca_file && *s->ca_file)
		kbug_curl.easy_setopt(h, CURLOPT_CAINFO, s->ca_file);
	/* a password over a link that may stay clear text never meets a proxy */
	kbug_curl_proxy(h, s->user && *s->user && use_ssl == CURLUSESSL_TRY);
	if (s->user && *s->user) {
		kbug_curl.easy_setopt(h, CURLOPT_USERNAME, s->user);
		kbug_curl.easy_setopt(h, CURLOPT_PASSWORD, s->password ? s->password : "");
	}
}

int kbug_smtp_send(const struct kbug_smtp *s, const char *msg, size_t len,
		   struct strbuf *why)
{
	struct strbuf wire = STRBUF_INIT, addr = STRBUF_INIT;
	struct curl_slist *rcpt = NULL;
	struct smtp_upload up = { 0 };
	char errbuf[CURL_ERROR_SIZE] = "";
	bool loopback = false, tls = false;
	long code = 0;
	CURLcode rc;
	CURL *h;
	size_t i;
	int ret;

	strbuf_reset(why);
	if (kbug_smtp_url_host(s->url, NULL, &loopback, &tls)) {
		strbuf_addf(why, "'%s' is not an smtp:// or smtps:// URL (without credentials)",
			    s->url);
		return -EINVAL;
	}
	ret = kbug_curl_load();
	if (ret) {
		strbuf_addstr(why, "libcurl (libcurl.so.4) cannot be loaded");
		return ret;
	}
	h = kbug_curl.easy_init();
	if (!h) {
		strbuf_addstr(why, "cannot initialise libcurl");
		return -ENOMEM;
	}
	kbug_mime_crlf(&wire, msg, len);
	up.data = wire.buf;
	up.len = wire.len;
	strbuf_addf(&addr, "<%s>", s->from);
	for (i = 0; s->rcpt[i]; i++) {
		struct strbuf r = STRBUF_INIT;

		strbuf_addf(&r, "<%s>", s->rcpt[i]);
		rcpt = kbug_curl.slist_append(rcpt, r.buf);
		strbuf_release(&r);
	}
	kbug_curl.easy_setopt(h, CURLOPT_MAIL_FROM, addr.buf);
	kbug_curl.easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt);
	kbug_curl.easy_setopt(h, CURLOPT_READDATA, &up);
	smtp_setopts(h, s, errbuf, !tls ? (long)(loopback || s->insecure ? CURLUSESSL_TRY :
						  CURLUSESSL_ALL) : -1L);
	rc = kbug_curl.easy_perform(h);
	kbug_curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	if (rc == CURLE_OK) {
		ret = 0;
	} else if (up.done && code < 400) {
		strbuf_addf(why, "%s: the connection was lost after the message was handed over (%s); the server may have accepted it",
			    s->url, errbuf[0] ? errbuf : kbug_curl.easy_strerror(rc));
		ret = KBUG_DELIVER_UNKNOWN;
	} else {
		strbuf_addf(why, "%s: %s", s->url,
			    errbuf[0] ? errbuf : kbug_curl.easy_strerror(rc));
		if (code >= 400)
			strbuf_addf(why, " (server replied %ld)", code);
		if (rc == CURLE_USE_SSL_FAILED)
			strbuf_addstr(why, "; the server offers no STARTTLS: use smtps://, or --smtp-insecure (or [smtp] insecure = true) to send in the clear");
		ret = -EAGAIN;
	}
	kbug_curl.easy_cleanup(h);
	kbug_curl.slist_free_all(rcpt);
	if (wire.alloc)
		explicit_bzero(wire.buf, wire.len);
	strbuf_release(&wire);
	strbuf_release(&addr);
	return ret;
}

static long sm_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

int kbug_sendmail_send(const char *path, const char *msg, size_t len, struct strbuf *why)
{
	char *const argv[] = { (char *)path, "-t", "-oi", NULL };
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	long deadline = sm_now_ms() + 120000;
	int pfd[2], status = 0, ret = 0;
	size_t off = 0;
	pid_t pid;

	strbuf_reset(why);
	if (pipe2(pfd, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		close(pfd[0]);
		close(pfd[1]);
		return ret;
	}
	if (!pid) {
		dup2(pfd[0], 0);
		execv(path, argv);
		_exit(127);
	}
	close(pfd[0]);
	sigaction(SIGPIPE, &ign, &old);
	while (off < len) {
		ssize_t n = write(pfd[1], msg + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = -EPIPE;
			break;
		}
		off += (size_t)n;
	}
	close(pfd[1]);
	sigaction(SIGPIPE, &old, NULL);
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			ret = -errno;
			break;
		}
		if (sm_now_ms() > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			strbuf_addf(why, "'%s' did not finish within 120 s", path);
			return -EAGAIN;
		}
		poll(NULL, 0, 20);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !ret)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		strbuf_addf(why, "cannot run '%s'", path);
	else if (WIFEXITED(status))
		strbuf_addf(why, "'%s -t -oi' failed with status %d", path, WEXITSTATUS(status));
	else
		strbuf_addf(why, "'%s' was killed by signal %d", path, WTERMSIG(status));
	return -EAGAIN;
}
