// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Perl string rules scripts/get_maintainer.pl leans on, in C:
 * parse_email/format_email/escape_name, Perl's Unicode \s, lc(), the
 * RFC 822 list check and the e-mail scan of *.yaml files. Where the
 * script uses a regular expression whose corner cases matter, PCRE2 runs
 * the very same expression; the common cases are coded by hand.
 */
#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "util/pcre2.h"

#include "route/internal.h"
#include "util/log.h"
#include "util/strbuf.h"

/* Length of the Perl \s character (Unicode rules) at s, or 0. */
size_t pl_space(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	switch (u[0]) {
	case ' ': case '\t': case '\n': case '\v': case '\f': case '\r':
		return 1;
	case 0xc2:
		return (u[1] == 0x85 || u[1] == 0xa0) ? 2 : 0;
	case 0xe1:
		return (u[1] == 0x9a && u[2] == 0x80) ? 3 : 0;
	case 0xe2:
		if (u[1] == 0x80 && ((u[2] >= 0x80 && u[2] <= 0x8a) || u[2] == 0xa8 ||
				     u[2] == 0xa9 || u[2] == 0xaf))
			return 3;
		return (u[1] == 0x81 && u[2] == 0x9f) ? 3 : 0;
	case 0xe3:
		return (u[1] == 0x80 && u[2] == 0x80) ? 3 : 0;
	default:
		return 0;
	}
}

static size_t utf8_len(const char *s)
{
	unsigned char c = (unsigned char)*s;
	size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
	size_t i;

	for (i = 1; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			return i;
	return n;
}

/* End of the last non-\s character of s[0..len). */
static size_t rtrim_len(const char *s, size_t len)
{
	size_t i = 0, end = 0;

	while (i < len) {
		size_t sp = pl_space(s + i);

		if (sp) {
			i += sp;
		} else {
			i += utf8_len(s + i);
			end = i;
		}
	}
	return end > len ? len : end;
}

/* s/^\s+|\s+$//g */
void pl_trim(struct strbuf *sb)
{
	size_t a = 0, sp, end;

	while (a < sb->len && (sp = pl_space(sb->buf + a)))
		a += sp;
	if (a)
		memmove(sb->buf, sb->buf + a, sb->len - a);
	end = rtrim_len(sb->buf, sb->len - a);
	strbuf_setlen(sb, end);
}

/* s/\s+$// */
void pl_rtrim(struct strbuf *sb)
{
	strbuf_setlen(sb, rtrim_len(sb->buf, sb->len));
}

size_t pl_strlen_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

const char *pl_utf8_advance(const char *s, size_t nchars)
{
	while (*s && nchars) {
		s += utf8_len(s);
		nchars--;
	}
	return s;
}

/* lc(): Unicode lower case (ASCII fast path). */
void pl_lc(const char *s, struct strbuf *out)
{
	static locale_t loc;
	mbstate_t st;

	strbuf_reset(out);
	for (; *s; s++) {
		if ((unsigned char)*s < 0x80) {
			strbuf_addch(out, (*s >= 'A' && *s <= 'Z') ? *s + 32 : *s);
			continue;
		}
		if (!loc)
			loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
		if (loc) {
			wchar_t wc;
			char buf[8];
			size_t n, k;
			locale_t old = uselocale(loc);

			memset(&st, 0, sizeof(st));
			n = mbrtowc(&wc, s, strlen(s), &st);
			if (n != (size_t)-1 && n != (size_t)-2 && n > 0) {
				memset(&st, 0, sizeof(st));
				k = wcrtomb(buf, towlower_l((wint_t)wc, loc), &st);
				uselocale(old);
				if (k != (size_t)-1) {
					strbuf_add(out, buf, k);
					s += n - 1;
					continue;
				}
			} else {
				uselocale(old);
			}
		}
		strbuf_addch(out, *s);
	}
}

/* escape_name: quote a name holding anything but [A-Za-z0-9_ -] */
void pl_escape_name(struct strbuf *name)
{
	struct strbuf o = STRBUF_INIT;
	size_t i;
	bool must = false;

	for (i = 0; i < name->len; i++) {
		char c = name->buf[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == ' ' || c == '-')) {
			must = true;
			break;
		}
	}
	if (!must)
		return;
	strbuf_addch(&o, '"');
	for (i = 0; i < name->len; i++) {
		if (name->buf[i] == '"' && (i == 0 || name->buf[i - 1] != '\\'))
			strbuf_addch(&o, '\\');
		strbuf_addch(&o, name->buf[i]);
	}
	strbuf_addch(&o, '"');
	strbuf_reset(name);
	strbuf_add(name, o.buf, o.len);
	strbuf_release(&o);
}

/* s/^\"|\"$//g */
static void strip_quotes(struct strbuf *sb)
{
	if (sb->len && sb->buf[0] == '"') {
		memmove(sb->buf, sb->buf + 1, sb->len);
		sb->len--;
		if (sb->len && sb->buf[sb->len - 1] == '"')
			strbuf_setlen(sb, sb->len - 1);
		return;
	}
	if (sb->len && sb->buf[sb->len - 1] == '"')
		strbuf_setlen(sb, sb->len - 1);
}

/* Perl's "$" after ".*": the rest up to nl is fine if nl ends the string, or is its last char. */
static bool dollar_ok(const char *s, size_t nl, size_t len)
{
	return nl >= len || nl + 1 == len;
}

static size_t first_nl(const char *s, size_t from, size_t len)
{
	const char *p = from < len ? memchr(s + from, '\n', len - from) : NULL;

	return p ? (size_t)(p - s) : len;
}

/* Run of non-\s characters starting at i (stopping at len). */
static size_t nonspace_end(const char *s, size_t i, size_t len)
{
	while (i < len && !pl_space(s + i))
		i += utf8_len(s + i);
	return i > len ? len : i;
}

/*
 * parse_email:
 *   /^([^<]+)<(.+\@.*)>.*$/  or  /^\s*<(.+\@\S*)>.*$/  or  /^(.+\@\S*).*$/
 */
void pl_parse_email(const char *in, struct strbuf *name, struct strbuf *addr)
{
	size_t len = strlen(in), lt, nl, i, a, k;
	const char *p = strchr(in, '<');

	strbuf_reset(name);
	strbuf_reset(addr);
	if (p && p > in) {
		lt = (size_t)(p - in);
		nl = first_nl(in, lt + 1, len);
		for (k = nl; k > lt + 1; k--)
			if (in[k - 1] == '>')
				break;
		if (k > lt + 1 && dollar_ok(in, nl, len)) {
			size_t gt = k - 1;
			const char *at = memchr(in + lt + 2, '@', gt > lt + 2 ? gt - lt - 2 : 0);

			if (at) {
				strbuf_add(name, in, lt);
				strbuf_add(addr, in + lt + 1, gt - lt - 1);
				goto done;
			}
		}
	}
	/* /^\s*<(.+\@\S*)>.*$/ */
	i = 0;
	while (i < len && pl_space(in + i))
		i += pl_space(in + i);
	if (i < len && in[i] == '<') {
		size_t start = i + 1;

		nl = first_nl(in, start, len);
		for (a = nl; a > start + 1; a--) {
			size_t at = a - 1, end, g;

			if (in[at] != '@')
				continue;
			end = nonspace_end(in, at + 1, nl);
			for (g = end; g > at + 1; g--)
				if (in[g - 1] == '>')
					break;
			if (g > at + 1) {
				if (!dollar_ok(in, nl, len))
					break;
				strbuf_add(addr, in + start, g - 1 - start);
				goto done;
			}
		}
	}
	/* /^(.+\@\S*).*$/ */
	nl = first_nl(in, 0, len);
	for (a = nl; a > 1; a--) {
		if (in[a - 1] == '@') {
			if (dollar_ok(in, nl, len))
				strbuf_add(addr, in, nonspace_end(in, a, nl));
			break;
		}
	}
done:
	pl_trim(name);
	strip_quotes(name);
	pl_escape_name(name);
	pl_trim(addr);
}

void pl_format_email(const char *name, const char *addr, bool usename, struct strbuf *out)
{
	struct strbuf n = STRBUF_INIT, a = STRBUF_INIT;

	strbuf_addstr(&n, name);
	pl_trim(&n);
	strip_quotes(&n);
	pl_escape_name(&n);
	strbuf_addstr(&a, addr);
	pl_trim(&a);
	strbuf_reset(out);
	if (usename && n.len)
		strbuf_addf(out, "%s <%s>", n.buf, a.buf);
	else
		strbuf_addstr(out, a.buf);
	strbuf_release(&n);
	strbuf_release(&a);
}

/* ---- PCRE2 for the few expressions worth running as Perl wrote them ---- */

static pcre2_code *re_get(pcre2_code **slot, const char *pat, uint32_t flags)
{
	int err;
	PCRE2_SIZE off;

	if (!*slot) {
		*slot = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED,
				      flags | PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF,
				      &err, &off, NULL);
		if (!*slot)
			ERR("internal regex failed to compile at offset %zu", (size_t)off);
	}
	return *slot;
}

static pcre2_match_context *match_ctx(void)
{
	static pcre2_match_context *ctx;

	/* the RFC 822 expressions on a long list need more than a path's limit */
	return kbug_pcre2_context(&ctx, 1000000, 10000);
}

static void make_rfc822re(struct strbuf *re)
{
	const char *lwsp = "(?:(?:\\r\\n)?[ \\t])";
	const char *specials = "()<>@,;:\\\\\".\\[\\]";
	const char *controls = "\\000-\\037\\177";
	struct strbuf dtext = STRBUF_INIT, dlit = STRBUF_INIT, qs = STRBUF_INIT,
		atom = STRBUF_INIT, word = STRBUF_INIT, local = STRBUF_INIT,
		subd = STRBUF_INIT, dom = STRBUF_INIT, spec = STRBUF_INIT,
		phrase = STRBUF_INIT, route = STRBUF_INIT, raddr = STRBUF_INIT,
		mbox = STRBUF_INIT, group = STRBUF_INIT;

	strbuf_addstr(&dtext, "[^\\[\\]\\r\\\\]");
	strbuf_addf(&dlit, "\\[(?:%s|\\\\.)*\\]%s*", dtext.buf, lwsp);
	strbuf_addf(&qs, "\"(?:[^\\\"\\r\\\\]|\\\\.|%s)*\"%s*", lwsp, lwsp);
	strbuf_addf(&atom, "[^%s %s]+(?:%s+|\\Z|(?=[\\[\"%s]))", specials, controls, lwsp,
		    specials);
	strbuf_addf(&word, "(?:%s|%s)", atom.buf, qs.buf);
	strbuf_addf(&local, "%s(?:\\.%s*%s)*", word.buf, lwsp, word.buf);
	strbuf_addf(&subd, "(?:%s|%s)", atom.buf, dlit.buf);
	strbuf_addf(&dom, "%s(?:\\.%s*%s)*", subd.buf, lwsp, subd.buf);
	strbuf_addf(&spec, "%s@%s*%s", local.buf, lwsp, dom.buf);
	strbuf_addf(&phrase, "%s*", word.buf);
	strbuf_addf(&route, "(?:@%s(?:,@%s*%s)*:%s*)", dom.buf, lwsp, dom.buf, lwsp);
	strbuf_addf(&raddr, "<%s*%s?%s>%s*", lwsp, route.buf, spec.buf, lwsp);
	strbuf_addf(&mbox, "(?:%s|%s%s)", spec.buf, phrase.buf, raddr.buf);
	strbuf_addf(&group, "%s:%s*(?:%s(?:,\\s*%s)*)?;\\s*", phrase.buf, lwsp, mbox.buf,
		    mbox.buf);
	strbuf_addf(re, "%s*(?:%s|%s)", lwsp, mbox.buf, group.buf);
	strbuf_release(&dtext);
	strbuf_release(&dlit);
	strbuf_release(&qs);
	strbuf_release(&atom);
	strbuf_release(&word);
	strbuf_release(&local);
	strbuf_release(&subd);
	strbuf_release(&dom);
	strbuf_release(&spec);
	strbuf_release(&phrase);
	strbuf_release(&route);
	strbuf_release(&raddr);
	strbuf_release(&mbox);
	strbuf_release(&group);
}

static int re_match(pcre2_code *re, const char *s, size_t len, size_t off,
		    pcre2_match_data *md)
{
	return pcre2_match(re, (PCRE2_SPTR)s, len, off, 0, md, match_ctx());
}

/* rfc822_strip_comments */
static void strip_comments(struct strbuf *s)
{
	static pcre2_code *re;
	pcre2_match_data *md;
	size_t guard = s->len + 1;

	if (!re_get(&re, "^((?:[^\"\\\\]|\\\\.)*(?:\"(?:[^\"\\\\]|\\\\.)*\"(?:[^\"\\\\]|\\\\.)*)*)"
		    "\\((?:[^()\\\\]|\\\\.)*\\)", PCRE2_DOTALL))
		return;
	md = pcre2_match_data_create_from_pattern(re, NULL);
	while (guard-- && re_match(re, s->buf, s->len, 0, md) > 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		struct strbuf n = STRBUF_INIT;

		strbuf_add(&n, s->buf + ov[2], ov[3] - ov[2]);
		strbuf_addch(&n, ' ');
		strbuf_add(&n, s->buf + ov[1], s->len - ov[1]);
		strbuf_reset(s);
		strbuf_add(s, n.buf, n.len);
		strbuf_release(&n);
	}
	pcre2_match_data_free(md);
}

/* m/^$rfc822_char*$/: no code point above U+00FF */
static bool latin1_only(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0xc4)
			return false;
	return true;
}

/*
 * push_email_addresses' choice: 0 = use the value as one address (valid,
 * or invalid and not a list); n > 0 = a valid list of n addresses in *out.
 */
int pl_rfc822_list(const char *value, char ***out)
{
	static pcre2_code *single, *list, *each;
	struct strbuf s = STRBUF_INIT, re = STRBUF_INIT, p = STRBUF_INIT;
	pcre2_match_data *md = NULL;
	char **v = NULL;
	int n = 0;

	*out = NULL;
	if (!strchr(value, ','))
		return 0;
	strbuf_addstr(&s, value);
	strip_comments(&s);
	if (!single) {
		make_rfc822re(&re);
		strbuf_addf(&p, "^%s$", re.buf);
		re_get(&single, p.buf, PCRE2_DOTALL);
		strbuf_reset(&p);
		strbuf_addf(&p, "^(?:%s)?(?:,(?:%s)?)*$", re.buf, re.buf);
		re_get(&list, p.buf, PCRE2_DOTALL);
		strbuf_reset(&p);
		strbuf_addf(&p, "(?:^|,(?:(?:\\r\\n)?[ \\t])*)(%s)", re.buf);
		re_get(&each, p.buf, PCRE2_DOTALL);
	}
	if (!single || !list || !each || !latin1_only(s.buf))
		goto out;
	md = pcre2_match_data_create(8, NULL);
	if (re_match(single, s.buf, s.len, 0, md) > 0)
		goto out;
	if (re_match(list, s.buf, s.len, 0, md) <= 0)
		goto out;
	{
		size_t off = 0;

		while (off <= s.len && re_match(each, s.buf, s.len, off, md) > 0) {
			PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
			char **nv;

			if (ov[3] == ov[2])
				break;	/* while (my $entry = shift) stops at "" */
			nv = realloc(v, sizeof(*v) * (size_t)(n + 1));
			if (!nv)
				break;
			v = nv;
			v[n++] = strndup(s.buf + ov[2], ov[3] - ov[2]);
			off = ov[1] > off ? ov[1] : off + 1;
		}
	}
	*out = v;
	if (!n) {
		free(v);
		*out = NULL;
		n = -1;		/* an empty list: nothing to push */
	}
out:
	pcre2_match_data_free(md);
	strbuf_release(&s);
	strbuf_release(&re);
	strbuf_release(&p);
	return n;
}

/* ---- maintainers_in_file: e-mail addresses in *.yaml files ---- */

static const char file_email_re[] =
	"[\\p{L}\\\"\\' \\,\\.\\+-]*\\s*[\\,]*\\s*[\\(\\<\\{]{0,1}[A-Za-z0-9_\\.\\+-]+\\@"
	"[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+[\\)\\>\\}]{0,1}";

static void push_str(char ***v, int *n, const char *s, size_t len)
{
	char **nv = realloc(*v, sizeof(**v) * (size_t)(*n + 1));

	if (!nv)
		return;
	*v = nv;
	nv[(*n)++] = strndup(s, len);
}

static bool is_letter(const char *s, size_t len)
{
	static pcre2_code *re;
	pcre2_match_data *md;
	int rc;

	if (!re_get(&re, "^\\p{L}$", 0))
		return false;
	md = pcre2_match_data_create(1, NULL);
	rc = re_match(re, s, len, 0, md);
	pcre2_match_data_free(md);
	return rc > 0;
}

/* s/$sub/<$1>/g over raw into e: the address bracketed */
static void bracket_address(pcre2_code *sub, const char *raw, struct strbuf *e)
{
	PCRE2_SIZE olen = strlen(raw) * 3 + 64;

	strbuf_grow(e, olen);
	if (pcre2_substitute(sub, (PCRE2_SPTR)raw, PCRE2_ZERO_TERMINATED, 0,
			     PCRE2_SUBSTITUTE_GLOBAL, NULL, match_ctx(), (PCRE2_SPTR)"<$1>",
			     PCRE2_ZERO_TERMINATED, (PCRE2_UCHAR *)e->buf, &olen) < 0)
		olen = 0;
	e->len = olen;		/* pcre2_substitute wrote olen units and a NUL */
	e->buf[olen] = '\0';
}

/*
 * grep(!/^[\'\,\.\+-]$/, split(/[^\p{L}\'\,\.\+-]/, $name)): the words of
 * name (trailing empty fields dropped) in *nw; returns how many.
 */
static int name_words(pcre2_code *sep, const struct strbuf *name, char ***nw)
{
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	size_t off = 0, start = 0;
	int nnw = 0, i, j;

	while (off <= name->len && re_match(sep, name->buf, name->len, off, md) > 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

		push_str(nw, &nnw, name->buf + start, ov[0] - start);
		start = ov[1];
		off = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
	}
	push_str(nw, &nnw, name->buf + start, name->len - start);
	while (nnw && !(*nw)[nnw - 1][0])
		free((*nw)[--nnw]);
	pcre2_match_data_free(md);
	for (i = 0, j = 0; i < nnw; i++) {
		if (strlen((*nw)[i]) == 1 && strchr("',.+-", (*nw)[i][0]))
			free((*nw)[i]);
		else
			(*nw)[j++] = (*nw)[i];
	}
	return j;
}

/* The name from its words: the last two, or three after an initial; frees nw. */
static void join_name(char **nw, int nnw, struct strbuf *name)
{
	int i;

	strbuf_reset(name);
	if (nnw > 2) {
		const char *first = nw[nnw - 3], *middle = nw[nnw - 2], *last = nw[nnw - 1];
		size_t lf = pl_strlen_chars(first), lm = pl_strlen_chars(middle);

		if ((lf == 1 && is_letter(first, strlen(first))) ||
		    (lf == 2 && first[strlen(first) - 1] == '.') ||
		    lm == 1 || (lm == 2 && middle[strlen(middle) - 1] == '.'))
			strbuf_addf(name, "%s %s %s", first, middle, last);
		else
			strbuf_addf(name, "%s %s", middle, last);
	} else {
		for (i = 0; i < nnw; i++)
			strbuf_addf(name, "%s%s", i ? " " : "", nw[i]);
	}
	for (i = 0; i < nnw; i++)
		free(nw[i]);
	free(nw);
}

/* clean_file_emails for one address found in a file */
static void clean_file_email(const char *raw, struct strbuf *out)
{
	static pcre2_code *sub, *sep;
	struct strbuf e = STRBUF_INIT, name = STRBUF_INIT, addr = STRBUF_INIT;
	char **nw = NULL;
	int nnw;

	strbuf_reset(out);
	if (!re_get(&sub, "[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
		    0) || !re_get(&sep, "[^\\p{L}\\'\\,\\.\\+-]", 0))
		return;
	bracket_address(sub, raw, &e);
	pl_parse_email(e.buf, &name, &addr);
	/* $name =~ s/^"(.*)"$/$1/ */
	if (name.len >= 2 && name.buf[0] == '"' && name.buf[name.len - 1] == '"' &&
	    !memchr(name.buf, '\n', name.len)) {
		memmove(name.buf, name.buf + 1, name.len - 2);
		strbuf_setlen(&name, name.len - 2);
	}
	nnw = name_words(sep, &name, &nw);
	join_name(nw, nnw, &name);
	if (name.len && (name.buf[name.len - 1] == ',' || name.buf[name.len - 1] == '.'))
		strbuf_setlen(&name, name.len - 1);
	if (name.len && (name.buf[0] == ',' || name.buf[0] == '.')) {
		memmove(name.buf, name.buf + 1, name.len);
		name.len--;
	}
	pl_format_email(name.buf, addr.buf, true, out);
	strbuf_release(&e);
	strbuf_release(&name);
	strbuf_release(&addr);
}

/* Characters the expression allows before the '@' (bytes >= 0x80: letters, blanks). */
static bool before_at(unsigned char c)
{
	return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("\"' ,.+-_(<{\t\n\v\f\r", c);
}

static bool after_at(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '-';
}

/*
 * The addresses maintainers_in_file() finds in a file's text, cleaned.
 * Perl's m//g scan, done '@' by '@': every match holds exactly one '@'
 * and lies within the run of characters the expression allows around
 * it, so each search is confined to that window (no quadratic rescans).
 */
int pl_file_emails(const char *text, size_t len, char ***out)
{
	static pcre2_code *re;
	pcre2_match_data *md;
	struct strbuf one = STRBUF_INIT;
	char **v = NULL;
	int n = 0;
	size_t pos = 0;

	*out = NULL;
	if (!re_get(&re, file_email_re, 0))
		return -EINVAL;
	md = pcre2_match_data_create(1, NULL);
	while (pos < len) {
		const char *at = memchr(text + pos, '@', len - pos);
		size_t a, w, e;

		if (!at)
			break;
		a = (size_t)(at - text);
		for (w = a; w > pos && before_at((unsigned char)text[w - 1]); w--)
			;
		for (e = a + 1; e < len && after_at((unsigned char)text[e]); e++)
			;
		if (e < len && strchr(")>}", text[e]))
			e++;
		if (re_match(re, text + w, e - w, 0, md) > 0) {
			PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
			char *raw = strndup(text + w + ov[0], ov[1] - ov[0]);

			if (raw) {
				clean_file_email(raw, &one);
				push_str(&v, &n, one.buf, one.len);
				free(raw);
			}
			pos = w + ov[1];
		} else {
			pos = a + 1;
		}
	}
	pcre2_match_data_free(md);
	strbuf_release(&one);
	*out = v;
	return n;
}
