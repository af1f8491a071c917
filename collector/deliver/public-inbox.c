// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mail threads on a public-inbox (lore.kernel.org and every
 * public-inbox-httpd): the URL forms INBOX/MSGID/raw and
 * INBOX/MSGID/t.mbox.gz, and the mboxrd they serve (a "From " line
 * before each message, ">From " in a body unquoted by one '>').
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "deliver/mime.h"
#include "deliver/public-inbox.h"
#include "deliver/request.h"
#include "util/gz.h"
#include "util/http.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define PI_DEFAULT_INBOX "https://lore.kernel.org/all"
#define PI_REPLY_MAX (16u << 20)	/* bytes of a response, compressed */
#define PI_MAX_REFS 20

static int pi_fail(char *msg, size_t msgsz, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int pi_fail(char *msg, size_t msgsz, const char *fmt, ...)
{
	va_list ap;

	if (msg && msgsz) {
		va_start(ap, fmt);
		vsnprintf(msg, msgsz, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

bool kbug_pi_msgid_ok(const char *mid)
{
	const char *at = strchr(mid, '@');
	size_t n = strlen(mid);

	if (!n || n > KBUG_PI_MAX_MSGID || !at || at == mid || !at[1] || strchr(at + 1, '@'))
		return false;
	for (; *mid; mid++)
		if (*mid <= ' ' || *mid >= 0x7f || strchr("<>\"\\", *mid))
			return false;
	return true;
}

static void msg_free(struct kbug_pi_msg *m)
{
	free(m->from);
	free(m->to);
	free(m->cc);
	free(m->subject);
	free(m->message_id);
	free(m->in_reply_to);
	free(m->references);
	free(m->date);
	free(m->body);
}

void kbug_pi_thread_free(struct kbug_pi_thread *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		msg_free(&t->m[i]);
	free(t->m);
	t->m = NULL;
	t->n = 0;
}

/* RFC 5322 3.3 date-time, with or without the day name; 0 when it does not parse. */
static time_t parse_date(const char *s)
{
	struct tm tm;
	const char *end;
	time_t t;

	while (*s == ' ' || *s == '\t')
		s++;
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%a, %d %b %Y %H:%M:%S %z", &tm);
	if (!end) {
		memset(&tm, 0, sizeof(tm));
		end = strptime(s, "%d %b %Y %H:%M:%S %z", &tm);
	}
	if (!end)
		return 0;
	t = timegm(&tm);
	return t == (time_t)-1 ? 0 : t - tm.tm_gmtoff;
}

/* The Message-ID inside <> of a header value (the first one), or NULL. */
static char *angle_id(const char *v)
{
	const char *a = v ? strchr(v, '<') : NULL, *b = a ? strchr(a, '>') : NULL;
	char *id;

	if (!a || !b)
		return NULL;
	id = strndup(a + 1, (size_t)(b - a - 1));
	if (id && !kbug_pi_msgid_ok(id)) {
		free(id);
		return NULL;
	}
	return id;
}

/* Quoted-printable (RFC 2045 6.7) decoded, soft breaks joined; appended. */
static void qp_decode(struct strbuf *out, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] != '=') {
			strbuf_addch(out, s[i]);
		} else if (i + 1 < n && s[i + 1] == '\n') {
			i++;
		} else if (i + 2 < n && strchr("0123456789ABCDEFabcdef", s[i + 1]) &&
			   strchr("0123456789ABCDEFabcdef", s[i + 2]) && s[i + 1] && s[i + 2]) {
			char hex[3] = { s[i + 1], s[i + 2], 0 };

			strbuf_addch(out, (int)strtol(hex, NULL, 16));
			i += 2;
		} else {
			strbuf_addch(out, '=');
		}
	}
}

/* Keep one header's unfolded value when it is one the reply needs. */
static int take_header(struct kbug_pi_msg *m, const char *h, size_t n, bool *qp)
{
	static const struct { const char *name; size_t off; } keep[] = {
		{ "from", offsetof(struct kbug_pi_msg, from) },
		{ "to", offsetof(struct kbug_pi_msg, to) },
		{ "cc", offsetof(struct kbug_pi_msg, cc) },
		{ "subject", offsetof(struct kbug_pi_msg, subject) },
		{ "message-id", offsetof(struct kbug_pi_msg, message_id) },
		{ "in-reply-to", offsetof(struct kbug_pi_msg, in_reply_to) },
		{ "references", offsetof(struct kbug_pi_msg, references) },
		{ "date", offsetof(struct kbug_pi_msg, date) },
	};
	const char *colon = memchr(h, ':', n), *v;
	size_t i, klen;

	if (!colon)
		return 0;	/* not a header: ignored, as mail readers do */
	klen = (size_t)(colon - h);
	v = colon + 1;
	while (v < h + n && (*v == ' ' || *v == '\t'))
		v++;
	if (klen == strlen("content-transfer-encoding") &&
	    !strncasecmp(h, "content-transfer-encoding", klen)) {
		*qp = (size_t)(h + n - v) >= 16 && !strncasecmp(v, "quoted-printable", 16);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(keep); i++) {
		char **slot = (char **)((char *)m + keep[i].off);

		if (klen != strlen(keep[i].name) || strncasecmp(h, keep[i].name, klen) || *slot)
			continue;
		*slot = strndup(v, (size_t)(h + n - v));
		if (!*slot)
			return -ENOMEM;
	}
	return 0;
}

/* One message (LF line ends, ">From " unquoted already) into m. */
static int parse_message(const char *s, size_t n, struct kbug_pi_msg *m, char *msg, size_t msgsz)
{
	struct strbuf h = STRBUF_INIT, body = STRBUF_INIT;
	const char *p = s, *end = s + n, *nl;
	bool qp = false;
	char *id;
	int ret = 0;

	while (p < end && *p != '\n') {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if ((*p == ' ' || *p == '\t') && h.len) {
			strbuf_addch(&h, ' ');
			while (p < nl && (*p == ' ' || *p == '\t'))
				p++;
		} else if (h.len) {
			ret = take_header(m, h.buf, h.len, &qp);
			strbuf_reset(&h);
		}
		if (ret)
			break;
		strbuf_add(&h, p, (size_t)(nl - p));
		if (h.len > KBUG_PI_MAX_HEADER) {
			ret = pi_fail(msg, msgsz, "a header is longer than %d bytes",
				      KBUG_PI_MAX_HEADER);
			break;
		}
		p = nl + (nl < end);
	}
	if (!ret && h.len)
		ret = take_header(m, h.buf, h.len, &qp);
	strbuf_release(&h);
	if (ret)
		return ret;
	if (p < end)
		p++;		/* the blank line */
	if (qp)
		qp_decode(&body, p, (size_t)(end - p));
	else
		strbuf_add(&body, p, (size_t)(end - p));
	m->body = strbuf_detach(&body, &m->body_len);
	/* a Message-ID kbug would refuse to reply to is as good as none */
	id = angle_id(m->message_id);
	free(m->message_id);
	m->message_id = id;
	id = angle_id(m->in_reply_to);
	free(m->in_reply_to);
	m->in_reply_to = id;
	m->when = m->date ? parse_date(m->date) : 0;
	return 0;
}

static bool from_line(const char *p, const char *end)
{
	return end - p >= 5 && !memcmp(p, "From ", 5);
}

int kbug_pi_parse_mbox(const char *buf, size_t len, struct kbug_pi_thread *t, char *msg,
		       size_t msgsz)
{
	struct strbuf one = STRBUF_INIT;
	const char *p = buf, *end = buf + len, *nl;
	size_t alloc = 0;
	int ret = 0;

	memset(t, 0, sizeof(*t));
	if (len > KBUG_PI_MAX_MBOX)
		return pi_fail(msg, msgsz, "the thread is larger than %u bytes", KBUG_PI_MAX_MBOX);
	if (!from_line(p, end))
		return pi_fail(msg, msgsz, "not an mbox: it does not start with a 'From ' line");
	while (p < end && !ret) {
		struct kbug_pi_msg *m;

		/* past the From line, then lines up to the next one */
		nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
		strbuf_reset(&one);
		while (p < end && !from_line(p, end)) {
			const char *q = p;

			nl = memchr(p, '\n', (size_t)(end - p));
			if (!nl)
				nl = end;
			while (q < nl && *q == '>')
				q++;
			if (q > p && from_line(q, nl))
				p++;	/* mboxrd: one '>' less */
			strbuf_add(&one, p, (size_t)(nl - p));
			if (nl > p && nl[-1] == '\r')
				strbuf_setlen(&one, one.len - 1);
			strbuf_addch(&one, '\n');
			p = nl + (nl < end);
		}
		/* the blank line mboxrd puts between messages is not the body's */
		if (one.len >= 2 && one.buf[one.len - 1] == '\n' && one.buf[one.len - 2] == '\n')
			strbuf_setlen(&one, one.len - 1);
		if (t->n == KBUG_PI_MAX_MSGS) {
			ret = pi_fail(msg, msgsz, "the thread has more than %d messages",
				      KBUG_PI_MAX_MSGS);
			break;
		}
		if (t->n == alloc) {
			struct kbug_pi_msg *nm;

			alloc = alloc ? alloc * 2 : 16;
			nm = realloc(t->m, alloc * sizeof(*nm));
			if (!nm) {
				ret = -ENOMEM;
				break;
			}
			t->m = nm;
		}
		m = &t->m[t->n++];
		memset(m, 0, sizeof(*m));
		ret = parse_message(one.buf ?: "", one.len, m, msg, msgsz);
	}
	strbuf_release(&one);
	if (ret)
		kbug_pi_thread_free(t);
	return ret;
}

const struct kbug_pi_msg *kbug_pi_find_msg(const struct kbug_pi_thread *t, const char *mid)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->m[i].message_id && !strcmp(t->m[i].message_id, mid))
			return &t->m[i];
	return NULL;
}

int kbug_pi_find_request(const struct kbug_pi_thread *t, struct kbug_request *r, size_t *which,
			 char *msg, size_t msgsz)
{
	struct kbug_request cand;
	char cmsg[320];
	size_t i, best = 0;
	int ret = -ENOENT, c;

	memset(r, 0, sizeof(*r));
	snprintf(msg, msgsz, "no message in the thread holds a kbug-request: line");
	for (i = 0; i < t->n; i++) {
		c = kbug_request_find(t->m[i].body ?: "", t->m[i].body_len, &cand, cmsg,
				      sizeof(cmsg));
		if (c == -ENOENT)
			continue;
		/* the newest by Date:; of equal dates, the later in the thread */
		if (ret != -ENOENT && t->m[i].when < t->m[best].when)
			continue;
		best = i;
		ret = c;
		*r = cand;
		snprintf(msg, msgsz, "%s", c ? cmsg : "");
	}
	*which = best;
	return ret;
}

void kbug_pi_addresses(const char *list, size_t max,
		       void (*fn)(const char *name, const char *addr, void *data), void *data)
{
	struct strbuf one = STRBUF_INIT, name = STRBUF_INIT, addr = STRBUF_INIT;
	bool quoted = false, angle = false;
	const char *p;
	size_t calls = 0;

	for (p = list ?: ""; calls < max; p++) {
		if (*p && (quoted || angle || *p != ',')) {
			if (*p == '"' && !angle)
				quoted = !quoted;
			else if (*p == '<' && !quoted)
				angle = true;
			else if (*p == '>' && !quoted)
				angle = false;
			strbuf_addch(&one, *p);
			continue;
		}
		strbuf_trim(&one);
		if (one.len && !kbug_mime_parse_address(one.buf, &name, &addr)) {
			fn(name.buf ?: "", addr.buf, data);
			calls++;
		}
		strbuf_reset(&one);
		quoted = false;
		angle = false;
		if (!*p)
			break;
	}
	strbuf_release(&one);
	strbuf_release(&name);
	strbuf_release(&addr);
}

void kbug_pi_reply_subject(const char *subject, struct strbuf *out)
{
	const char *s = subject ?: "";

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!strncasecmp(s, "re:", 3))
			s += 3;
		else if (!strncasecmp(s, "aw:", 3))	/* German mailers' Re: */
			s += 3;
		else
			break;
	}
	strbuf_addf(out, "Re: %s", s);
}

void kbug_pi_reply_references(const struct kbug_pi_msg *parent, struct strbuf *out)
{
	char *copy = strdup(parent->references ?: ""), *p, *save = NULL, *id;
	const char *ids[PI_MAX_REFS];
	size_t n = 0, seen = 0, i;

	/* the thread's root, then the newest PI_MAX_REFS - 2 (RFC 5322 3.6.4 allows trimming) */
	for (p = copy ? strtok_r(copy, " \t", &save) : NULL; p; p = strtok_r(NULL, " \t", &save)) {
		id = angle_id(p);
		if (!id)
			continue;
		free(id);
		if (seen++ == 0 || n < PI_MAX_REFS - 1) {
			ids[n++] = p;
			continue;
		}
		memmove(&ids[1], &ids[2], (n - 2) * sizeof(ids[0]));
		ids[n - 1] = p;
	}
	for (i = 0; i < n; i++)
		strbuf_addf(out, "%s%s", i ? " " : "", ids[i]);
	if (!n && parent->in_reply_to)
		strbuf_addf(out, "<%s>", parent->in_reply_to);
	if (parent->message_id)
		strbuf_addf(out, "%s<%s>", out->len ? " " : "", parent->message_id);
	free(copy);
}

/* %XX in a URL path segment, decoded; -EINVAL on a bad escape or a NUL. */
static int pct_decode(const char *s, size_t n, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] != '%') {
			strbuf_addch(out, s[i]);
			continue;
		}
		if (i + 2 >= n)
			return -EINVAL;
		{
			char hex[3] = { s[i + 1], s[i + 2], 0 };
			char *e;
			long v = strtol(hex, &e, 16);

			if (*e || !v || !hex[0] || !hex[1])
				return -EINVAL;
			strbuf_addch(out, (int)v);
			i += 2;
		}
	}
	return 0;
}

/* Does a URL path segment hold an '@', plain or as %40? */
static bool seg_has_at(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '@' || (s[i] == '%' && i + 2 < n && s[i + 1] == '4' && s[i + 2] == '0'))
			return true;
	return false;
}

int kbug_pi_parse_target(const char *arg, const char *inbox, struct strbuf *inbox_out,
			 struct strbuf *mid, char *msg, size_t msgsz)
{
	const char *p, *seg, *rest;

	strbuf_reset(inbox_out);
	strbuf_reset(mid);
	if (!strncmp(arg, "https://", 8) || !strncmp(arg, "http://", 7)) {
		/* SCHEME://HOST[/PATH...]/INBOX/MSGID[/...]: MSGID is the segment with '@' */
		p = strstr(arg, "://") + 3;
		p = strchr(p, '/');
		for (seg = NULL; p && *p; p = rest) {
			const char *s = p + 1, *e = strchr(s, '/');

			rest = e ?: s + strlen(s);
			if (seg_has_at(s, (size_t)(rest - s))) {
				seg = s;
				break;
			}
		}
		if (!seg || seg - 1 <= strstr(arg, "://") + 3)
			return pi_fail(msg, msgsz,
				       "'%s' is not a message's URL on a public-inbox (INBOX-URL/MESSAGE-ID/)",
				       arg);
		if (pct_decode(seg, (size_t)(rest - seg), mid))
			return pi_fail(msg, msgsz, "'%s': a bad %%-escape in the Message-ID", arg);
		strbuf_add(inbox_out, arg, (size_t)(seg - 1 - arg));
	} else {
		p = arg;
		if (*p == '<')
			p++;
		strbuf_addstr(mid, p);
		if (*arg == '<' && mid->len && mid->buf[mid->len - 1] == '>')
			strbuf_setlen(mid, mid->len - 1);
		inbox = inbox ?: PI_DEFAULT_INBOX;
		if (strncmp(inbox, "https://", 8) && strncmp(inbox, "http://", 7))
			return pi_fail(msg, msgsz, "the inbox '%s' is not an http(s):// URL",
				       inbox);
		strbuf_addstr(inbox_out, inbox);
		while (inbox_out->len && inbox_out->buf[inbox_out->len - 1] == '/')
			strbuf_setlen(inbox_out, inbox_out->len - 1);
	}
	if (!kbug_pi_msgid_ok(mid->buf ?: ""))
		return pi_fail(msg, msgsz, "'%s' is not a Message-ID (id@host, printable, no blanks)",
			       mid->buf ?: arg);
	if (strchr(inbox_out->buf, '?') || strchr(inbox_out->buf, '#'))
		return pi_fail(msg, msgsz, "the inbox URL '%s' has a query or fragment",
			       inbox_out->buf);
	return 0;
}

int kbug_pi_get(const char *inbox, const char *mid, const char *what, unsigned int timeout_s,
		struct strbuf *out, struct strbuf *why)
{
	struct kbug_curl_body rb = { .sb = STRBUF_INIT, .max = PI_REPLY_MAX };
	struct strbuf url = STRBUF_INIT;
	char errbuf[CURL_ERROR_SIZE] = "";
	size_t wlen = strlen(what);
	long status = 0;
	CURLcode cc;
	CURL *h;
	char *e;
	int ret = 0;

	if (kbug_curl_load())
		return -ENOSYS;
	h = kbug_curl.easy_init();
	if (!h)
		return -ENOMEM;
	e = kbug_curl.easy_escape(h, mid, (int)strlen(mid));
	strbuf_addf(&url, "%s/%s/%s", inbox, e ?: "", what);
	kbug_curl.free(e);
	kbug_curl.easy_setopt(h, CURLOPT_URL, url.buf);
	kbug_curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "https,http");
	kbug_curl.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_MAXREDIRS, 3L);
	kbug_curl.easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "https,http");
	kbug_curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_TIMEOUT, (long)(timeout_s ? timeout_s : 60));
	kbug_curl.easy_setopt(h, CURLOPT_USERAGENT, "kbug/" KBUG_VERSION);
	kbug_curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, kbug_curl_body_write);
	kbug_curl.easy_setopt(h, CURLOPT_WRITEDATA, &rb);
	kbug_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	kbug_curl_proxy(h, false);
	DBG("public-inbox: GET %s", url.buf);
	cc = kbug_curl.easy_perform(h);
	kbug_curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	if (cc != CURLE_OK) {
		strbuf_addf(why, "%s: %s", url.buf, rb.too_big ? "the answer is too large" :
			    errbuf[0] ? errbuf : kbug_curl.easy_strerror(cc));
		ret = -EIO;
	} else if (status == 404 || status == 410) {
		strbuf_addf(why, "%s: no such message on the inbox (HTTP %ld)", url.buf, status);
		ret = -ENOENT;
	} else if (status != 200) {
		strbuf_addf(why, "%s: HTTP %ld", url.buf, status);
		ret = -EIO;
	} else if (wlen > 3 && !strcmp(what + wlen - 3, ".gz")) {
		ret = kbug_gunzip(rb.sb.buf, rb.sb.len, out, KBUG_PI_MAX_MBOX + 1);
		if (ret) {
			strbuf_addf(why, "%s: %s", url.buf, ret == -EFBIG ?
				    "the thread is too large" : "not a gzip file");
			ret = -EIO;
		}
	} else {
		strbuf_add(out, rb.sb.buf ?: "", rb.sb.len);
	}
	kbug_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, NULL);
	kbug_curl.easy_cleanup(h);
	strbuf_release(&rb.sb);
	strbuf_release(&url);
	return ret;
}

int kbug_pi_thread_get(const char *inbox, const char *mid, unsigned int timeout_s,
		       struct kbug_pi_thread *t, struct strbuf *why)
{
	struct kbug_pi_thread one = { 0 };
	struct strbuf sb = STRBUF_INIT;
	char msg[256];
	int ret;

	memset(t, 0, sizeof(*t));
	ret = kbug_pi_get(inbox, mid, "raw", timeout_s, &sb, why);
	if (!ret && kbug_pi_parse_mbox(sb.buf, sb.len, &one, msg, sizeof(msg))) {
		strbuf_addf(why, "%s/%s/raw: %s", inbox, mid, msg);
		ret = -EINVAL;
	}
	kbug_pi_thread_free(&one);
	strbuf_reset(&sb);
	if (!ret)
		ret = kbug_pi_get(inbox, mid, "t.mbox.gz", timeout_s, &sb, why);
	if (!ret && kbug_pi_parse_mbox(sb.buf, sb.len, t, msg, sizeof(msg))) {
		strbuf_addf(why, "%s/%s/t.mbox.gz: %s", inbox, mid, msg);
		ret = -EINVAL;
	}
	strbuf_release(&sb);
	return ret;
}

static void add_person(const char *name, const char *addr, void *data)
{
	struct json_object *p = json_object_new_object();

	kj_set_str(p, "name", name);
	kj_set_str(p, "addr", addr);
	kj_append(data, p);
}

int kbug_pi_reply_section(struct json_object *fu, const char *inbox,
			  const struct kbug_pi_thread *t, size_t which)
{
	const struct kbug_pi_msg *p = &t->m[which];
	struct json_object *to, *cc;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!p->message_id) {
		ERR("the mail has no usable Message-ID: no reply can thread under it");
		return -EINVAL;
	}
	to = json_object_new_array();
	cc = json_object_new_array();
	kbug_pi_addresses(p->from, 1, add_person, to);
	kbug_pi_addresses(p->to, 64, add_person, cc);
	kbug_pi_addresses(p->cc, 64, add_person, cc);
	/* the channel drops ourselves and duplicates, and caps the count */
	for (i = 0; i < t->n && json_object_array_length(cc) < 256; i++)
		kbug_pi_addresses(t->m[i].from, 1, add_person, cc);
	kj_set(fu, "to", to);
	kj_set(fu, "cc", cc);
	kj_set_str(fu, "inbox", inbox);
	kj_set_str(fu, "parent", p->message_id);
	kbug_pi_reply_subject(p->subject, &sb);
	kj_set_str(fu, "subject", sb.buf);
	strbuf_reset(&sb);
	kbug_pi_reply_references(p, &sb);
	kj_set_str(fu, "references", sb.buf);
	strbuf_release(&sb);
	return 0;
}

/* Is addr among the addresses of the header value list? */
struct pi_match {
	const char *addr;
	bool found;
};

static void match_person(const char *name, const char *addr, void *data)
{
	struct pi_match *m = data;

	m->found |= !strcasecmp(addr, m->addr);
}

const struct kbug_pi_msg *kbug_pi_find_answer(const struct kbug_pi_thread *t, const char *rid,
					      const char *self)
{
	struct strbuf line = STRBUF_INIT;
	const struct kbug_pi_msg *found = NULL;
	size_t i;

	strbuf_addf(&line, "kbug-answer: v1 id=%s", rid);
	for (i = 0; i < t->n && !found; i++) {
		const struct kbug_pi_msg *m = &t->m[i];
		struct pi_match who = { .addr = self };
		const char *p, *b = m->body ?: "";

		kbug_pi_addresses(m->from, 1, match_person, &who);
		if (!who.found)
			continue;
		for (p = b; (p = strstr(p, line.buf)); p += line.len)
			if ((p == b || p[-1] == '\n') && (p[line.len] == '\n' || !p[line.len])) {
				found = m;
				break;
			}
	}
	strbuf_release(&line);
	return found;
}
