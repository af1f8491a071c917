// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RFC 5322 messages with MIME: see mime.h. Kept small: kbug only ever
 * writes plain text, one body and text attachments.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "deliver/mime.h"
#include "core/report.h"
#include "util/strbuf.h"
#include "util/utf8.h"

#define LINE_MAX_SAFE 900	/* RFC 5322 allows 998; keep a margin */
#define FOLD_AT 76
#define ADDR_NAME_PLAIN 40	/* a longer display name is encoded, to fold */

static const char b64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void base64(struct strbuf *out, const unsigned char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 2 < len; i += 3) {
		uint32_t v = (uint32_t)s[i] << 16 | (uint32_t)s[i + 1] << 8 | s[i + 2];

		strbuf_addch(out, b64[v >> 18 & 63]);
		strbuf_addch(out, b64[v >> 12 & 63]);
		strbuf_addch(out, b64[v >> 6 & 63]);
		strbuf_addch(out, b64[v & 63]);
	}
	if (i < len) {
		uint32_t v = (uint32_t)s[i] << 16 | (i + 1 < len ? (uint32_t)s[i + 1] << 8 : 0);

		strbuf_addch(out, b64[v >> 18 & 63]);
		strbuf_addch(out, b64[v >> 12 & 63]);
		strbuf_addch(out, i + 1 < len ? b64[v >> 6 & 63] : '=');
		strbuf_addch(out, '=');
	}
}

static bool is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || ((unsigned char)*s < 0x20 && *s != '\t'))
			return false;
	return true;
}

void kbug_mime_clean_text(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	strbuf_grow(out, len);
	while (i < len) {
		size_t n;

		if (p[i] == '\r') {
			strbuf_addch(out, '\n');
			i += (i + 1 < len && p[i + 1] == '\n') ? 2 : 1;
			continue;
		}
		if (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n') {
			i++;
			continue;
		}
		if (p[i] == 0x7f) {
			i++;
			continue;
		}
		n = kbug_utf8_len(p + i, len - i);
		if (!n) {
			strbuf_addstr(out, "\xef\xbf\xbd");
			i++;
			continue;
		}
		strbuf_add(out, p + i, n);
		i += n;
	}
}

/*
 * An RFC 2047 "B" encoding of s in words of at most 75 bytes, one a line,
 * no split characters; col is where the first word starts, so that every
 * line stays within FOLD_AT + 2 (78) columns.
 */
static void encode_words(struct strbuf *out, const char *s, size_t col)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i = 0;

	while (i < len) {
		/* "=?UTF-8?B?" + base64 + "?=": 12 bytes around 4 for each 3 of text */
		size_t room = col + 12 + 4 < FOLD_AT ? (FOLD_AT - col - 12) / 4 * 3 : 0;
		size_t take = 0;

		if (room > 45)
			room = 45;
		if (room < 4 && col > 1) {
			strbuf_addstr(out, "\n ");
			col = 1;
			continue;
		}
		while (i + take < len) {
			size_t n = kbug_utf8_len(p + i + take, len - i - take);

			if (!n)
				n = 1;
			if (take + n > room && take)
				break;
			take += n;
		}
		if (i)
			strbuf_addstr(out, "\n ");
		strbuf_addstr(out, "=?UTF-8?B?");
		base64(out, p + i, take);
		strbuf_addstr(out, "?=");
		i += take;
		col = 1;
	}
}

/* Whether an ASCII value has a word too long for a folded line: then it is encoded. */
static bool has_long_word(const char *s, size_t max)
{
	size_t w = 0;

	for (; *s; s++) {
		w = *s == ' ' ? 0 : w + 1;
		if (w > max)
			return true;
	}
	return false;
}

void kbug_mime_header(struct strbuf *out, const char *field, const char *value)
{
	struct strbuf clean = STRBUF_INIT;
	size_t col, i;
	const char *v;

	/* no line breaks in a header value */
	kbug_mime_clean_text(&clean, value, strlen(value));
	for (i = 0; i < clean.len; i++)
		if (clean.buf[i] == '\n' || clean.buf[i] == '\t')
			clean.buf[i] = ' ';
	strbuf_trim(&clean);
	strbuf_addf(out, "%s: ", field);
	col = strlen(field) + 2;
	if (!is_ascii(clean.buf) || has_long_word(clean.buf, FOLD_AT - 1)) {
		encode_words(out, clean.buf, col);
		strbuf_addch(out, '\n');
		strbuf_release(&clean);
		return;
	}
	/* fold ASCII at blanks before FOLD_AT columns */
	v = clean.buf;
	while (*v) {
		const char *sp = strchr(v, ' ');
		size_t w = sp ? (size_t)(sp - v) : strlen(v);

		if (col + w > FOLD_AT && col > strlen(field) + 2) {
			strbuf_addstr(out, "\n");
			col = 0;
		}
		if (v != clean.buf) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, v, w);
		col += w;
		v += w;
		while (*v == ' ')
			v++;
	}
	strbuf_addch(out, '\n');
	strbuf_release(&clean);
}

int kbug_mime_parse_address(const char *in, struct strbuf *name, struct strbuf *addr)
{
	const char *lt = strrchr(in, '<'), *gt, *at, *p;

	strbuf_reset(name);
	strbuf_reset(addr);
	if (lt) {
		gt = strchr(lt, '>');
		if (!gt)
			return -EINVAL;
		for (p = gt + 1; *p; p++)
			if (!isspace((unsigned char)*p))
				return -EINVAL;
		strbuf_add(name, in, (size_t)(lt - in));
		strbuf_trim(name);
		if (name->len >= 2 && name->buf[0] == '"' && name->buf[name->len - 1] == '"') {
			memmove(name->buf, name->buf + 1, name->len - 2);
			strbuf_setlen(name, name->len - 2);
		}
		strbuf_add(addr, lt + 1, (size_t)(gt - lt - 1));
	} else {
		strbuf_addstr(addr, in);
	}
	strbuf_trim(addr);
	at = strchr(addr->buf, '@');
	if (!addr->len || addr->len > 254 || !at || at == addr->buf || !at[1] ||
	    strchr(at + 1, '@'))
		goto bad;
	for (p = addr->buf; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f ||
		    strchr("<>()[]\\,;:\"", *p))
			goto bad;
	for (p = name->buf; *p; p++)
		if ((unsigned char)*p < 0x20)
			goto bad;
	return 0;
bad:
	strbuf_reset(name);
	strbuf_reset(addr);
	return -EINVAL;
}

void kbug_mime_format_address(struct strbuf *out, const char *name, const char *addr)
{
	const char *p;
	bool special = false;

	if (!name || !*name) {
		strbuf_addstr(out, addr);
		return;
	}
	/* a long name is encoded too: encoded words fold (col: after "To: " or a fold) */
	if (!is_ascii(name) || strlen(name) > ADDR_NAME_PLAIN) {
		encode_words(out, name, 12);
		strbuf_addf(out, " <%s>", addr);
		return;
	}
	for (p = name; *p; p++)
		if (strchr("()<>[]:;@\\,.\"", *p))
			special = true;
	if (!special) {
		strbuf_addf(out, "%s <%s>", name, addr);
		return;
	}
	strbuf_addch(out, '"');
	for (p = name; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addch(out, '\\');
		strbuf_addch(out, *p);
	}
	strbuf_addf(out, "\" <%s>", addr);
}

static void address_header(struct strbuf *out, const char *field, const char *const *list)
{
	size_t col, i;

	if (!list || !list[0])
		return;
	strbuf_addf(out, "%s: ", field);
	col = strlen(field) + 2;
	for (i = 0; list[i]; i++) {
		size_t w = strcspn(list[i], "\n");

		if (i) {
			strbuf_addch(out, ',');
			col++;
			if (col + w + 1 > FOLD_AT) {
				strbuf_addstr(out, "\n\t");
				col = 8;
			} else {
				strbuf_addch(out, ' ');
				col++;
			}
		}
		strbuf_addstr(out, list[i]);
		/* an encoded name may hold its own folds; count from its last line */
		col = strrchr(list[i], '\n') ? strlen(strrchr(list[i], '\n')) : col + w;
	}
	strbuf_addch(out, '\n');
}

void kbug_mime_qp(struct strbuf *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, col = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		bool eol = i + 1 == len || s[i + 1] == '\n';
		size_t w;

		if (c == '\n') {
			strbuf_addch(out, '\n');
			col = 0;
			continue;
		}
		w = ((c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && !eol)) ?
		    1 : 3;
		/* a "From " or "." at the start of a line is encoded too (mbox, SMTP) */
		if (!col && (c == '.' || (c == 'F' && !strncmp(s + i, "From ", 5))))
			w = 3;
		if (col + w > 75) {
			strbuf_addstr(out, "=\n");
			col = 0;
		}
		if (w == 1) {
			strbuf_addch(out, (char)c);
		} else {
			strbuf_addch(out, '=');
			strbuf_addch(out, hex[c >> 4]);
			strbuf_addch(out, hex[c & 15]);
		}
		col += w;
	}
}

/* Encode a text part: clean it, pick the transfer encoding, add headers and body. */
static void text_part(struct strbuf *out, const char *data, size_t len, const char *name,
		      const char *desc)
{
	struct strbuf clean = STRBUF_INIT, fn = STRBUF_INIT;
	bool ascii = true, longline = false;
	size_t i, col = 0;

	kbug_mime_clean_text(&clean, data, len);
	if (clean.len && clean.buf[clean.len - 1] != '\n')
		strbuf_addch(&clean, '\n');
	for (i = 0; i < clean.len; i++) {
		if ((unsigned char)clean.buf[i] >= 0x80)
			ascii = false;
		if (clean.buf[i] == '\n')
			col = 0;
		else if (++col > LINE_MAX_SAFE)
			longline = true;
	}
	if (name) {
		for (i = 0; name[i] && fn.len < 100; i++)
			strbuf_addch(&fn, isalnum((unsigned char)name[i]) ||
				     strchr("._-", name[i]) ? name[i] : '_');
		strbuf_addf(out, "Content-Type: text/plain; charset=UTF-8; name=\"%s\"\n",
			    fn.buf);
		strbuf_addf(out, "Content-Disposition: attachment; filename=\"%s\"\n", fn.buf);
		if (desc && *desc)
			kbug_mime_header(out, "Content-Description", desc);
	} else {
		strbuf_addstr(out, "Content-Type: text/plain; charset=UTF-8\n");
	}
	strbuf_addf(out, "Content-Transfer-Encoding: %s\n\n",
		    longline ? "quoted-printable" : ascii ? "7bit" : "8bit");
	if (longline)
		kbug_mime_qp(out, clean.buf, clean.len);
	else
		strbuf_add(out, clean.buf, clean.len);
	strbuf_release(&clean);
	strbuf_release(&fn);
}

void kbug_mime_build(const struct kbug_mail *m, struct strbuf *out)
{
	unsigned char rnd[12] = { 0 };
	char boundary[64];
	size_t i;

	strbuf_addf(out, "From: %s\n", m->from);
	address_header(out, "To", m->to);
	address_header(out, "Cc", m->cc);
	kbug_mime_header(out, "Subject", m->subject);
	strbuf_addf(out, "Date: %s\n", m->date);
	strbuf_addf(out, "Message-ID: %s\n", m->message_id);
	if (m->in_reply_to)
		strbuf_addf(out, "In-Reply-To: %s\n", m->in_reply_to);
	if (m->references)
		kbug_mime_header(out, "References", m->references);
	strbuf_addstr(out, "User-Agent: kbug/" KBUG_VERSION "\n");
	strbuf_addstr(out, "MIME-Version: 1.0\n");
	if (!m->att || !m->att[0]) {
		text_part(out, m->body, strlen(m->body), NULL, NULL);
		return;
	}
	if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
		memset(rnd, (int)getpid(), sizeof(rnd));
	strcpy(boundary, "kbug-");
	for (i = 0; i < sizeof(rnd); i++)
		snprintf(boundary + 5 + 2 * i, 3, "%02x", rnd[i]);
	strbuf_addf(out, "Content-Type: multipart/mixed; boundary=\"%s\"\n\n", boundary);
	strbuf_addstr(out, "This is a multi-part message in MIME format.\n");
	strbuf_addf(out, "\n--%s\n", boundary);
	text_part(out, m->body, strlen(m->body), NULL, NULL);
	for (i = 0; m->att[i]; i++) {
		strbuf_addf(out, "\n--%s\n", boundary);
		text_part(out, m->att[i]->data, m->att[i]->len, m->att[i]->name,
			  m->att[i]->description);
	}
	strbuf_addf(out, "\n--%s--\n", boundary);
}

void kbug_mime_message_id(struct strbuf *out, const char *addr)
{
	unsigned char rnd[8] = { 0 };
	const char *at = addr ? strrchr(addr, '@') : NULL;
	char stamp[32];
	time_t t = time(NULL);
	struct tm tm;
	size_t i;

	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
	if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
		memset(rnd, (int)getpid(), sizeof(rnd));
	strbuf_addf(out, "<%s.", stamp);
	for (i = 0; i < sizeof(rnd); i++)
		strbuf_addf(out, "%02x", rnd[i]);
	strbuf_addf(out, ".kbug@%s>", at && at[1] ? at + 1 : "localhost");
}

void kbug_mime_date(struct strbuf *out)
{
	static const char *const day[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t t = time(NULL);
	struct tm tm;
	long off;

	localtime_r(&t, &tm);
	off = tm.tm_gmtoff / 60;
	strbuf_addf(out, "%s, %02d %s %04d %02d:%02d:%02d %c%02ld%02ld", day[tm.tm_wday],
		    tm.tm_mday, mon[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		    tm.tm_sec, off < 0 ? '-' : '+', labs(off) / 60, labs(off) % 60);
}

void kbug_mime_crlf(struct strbuf *out, const char *msg, size_t len)
{
	size_t i;

	strbuf_grow(out, len + len / 40);
	for (i = 0; i < len; i++) {
		if (msg[i] == '\n' && (!i || msg[i - 1] != '\r'))
			strbuf_addch(out, '\r');
		strbuf_addch(out, msg[i]);
	}
}

void kbug_mbox_append(struct strbuf *out, const char *msg, size_t len, const char *addr)
{
	static const char *const day[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t t = time(NULL);
	struct tm tm;
	size_t i = 0;

	gmtime_r(&t, &tm);
	strbuf_addf(out, "From %s %s %s %2d %02d:%02d:%02d %04d\n", addr && *addr ? addr :
		    "MAILER-DAEMON", day[tm.tm_wday], mon[tm.tm_mon], tm.tm_mday, tm.tm_hour,
		    tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
	while (i < len) {
		const char *nl = memchr(msg + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - msg - i) + 1 : len - i;
		size_t j = i;

		while (j < i + n && msg[j] == '>')
			j++;
		if (i + n - j >= 5 && !strncmp(msg + j, "From ", 5))
			strbuf_addch(out, '>');
		strbuf_add(out, msg + i, n);
		i += n;
	}
	if (len && msg[len - 1] != '\n')
		strbuf_addch(out, '\n');
	strbuf_addch(out, '\n');
}

int kbug_mime_get_header(const char *msg, const char *field, struct strbuf *out)
{
	size_t flen = strlen(field);
	const char *p = msg;

	strbuf_reset(out);
	while (*p && *p != '\n') {
		const char *nl = strchr(p, '\n');

		if (!strncasecmp(p, field, flen) && p[flen] == ':') {
			const char *v = p + flen + 1;

			for (;;) {
				const char *e = strchr(v, '\n');

				strbuf_add(out, v, e ? (size_t)(e - v) : strlen(v));
				if (!e || (e[1] != ' ' && e[1] != '\t'))
					break;
				/* unfold: the line break and its blanks become one space */
				strbuf_rtrim(out);
				strbuf_addch(out, ' ');
				v = e + 1;
				while (*v == ' ' || *v == '\t')
					v++;
			}
			strbuf_trim(out);
			return 0;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return -ENOENT;
}
