// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MAINTAINERS parser. One pass over the text, which it never writes to (a
 * read-only mapping of the file, or the copy in .rodata): no per-line
 * allocation or copy, entries keep pointers and lengths into it.
 * The rules are read_maintainer_file()'s: an entry is /^([A-Z]):\s*(.*)/,
 * blank and '#' lines vanish, any other line is a section title; a
 * section is a run of entries after its title. N: regexes are compiled
 * on first use, F:/X: globs are matched without compiling at all.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/pcre2.h"

#include "route/internal.h"
#include "util/log.h"

#define MAINT_LONG_LINE 4096

/* M R L S W Q B C P T F X N K */
static const bool known_type[256] = {
	['M'] = true, ['R'] = true, ['L'] = true, ['S'] = true, ['W'] = true, ['Q'] = true,
	['B'] = true, ['C'] = true, ['P'] = true, ['T'] = true, ['F'] = true, ['X'] = true,
	['N'] = true, ['K'] = true,
};

/* The first bytes of Perl's \s characters other than ' ' and '\t' (see pl_space). */
static const bool space_lead[256] = {
	['\n'] = true, ['\v'] = true, ['\f'] = true, ['\r'] = true, [0xc2] = true,
	[0xe1] = true, [0xe2] = true, [0xe3] = true,
};

/* Perl's \s* from s, not past eol (a space is never cut by a newline) */
static inline const char *skip_space(const char *s, const char *eol)
{
	size_t sp;

	for (;;) {
		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
		if (s >= eol || !space_lead[(unsigned char)*s])
			return s;
		sp = pl_space(s);
		if (!sp)
			return s;
		s += sp;
	}
}

static int grow(void **v, uint32_t *alloc, uint32_t need, size_t size)
{
	void *n;
	uint32_t a = *alloc ? *alloc : need;

	if (need <= *alloc)
		return 0;
	while (a < need)
		a *= 2;
	n = realloc(*v, (size_t)a * size);
	if (!n)
		return -ENOMEM;
	*v = n;
	*alloc = a;
	return 0;
}

static void warn_at(struct kbug_maint *m, const char *name, uint32_t line, const char *what,
		    const char *text, size_t tlen)
{
	int n = text ? (int)(tlen < 60 ? tlen : 60) : 0;

	m->warnings++;
	if (m->warnings <= 20)
		WARN("'%s' line %u: %s%s%.*s%s", name, line, what, text ? ": '" : "", n,
		     text ? text : "", text ? "'" : "");
	else if (m->warnings == 21)
		WARN("'%s': more warnings not shown", name);
}

const char *kbug_mentry_str(const struct kbug_maint *m, const struct mentry *e, struct strbuf *sb)
{
	strbuf_reset(sb);
	strbuf_add(sb, mval(m, e), e->vlen);
	return sb->buf;
}

const char *kbug_msection_title(const struct kbug_maint *m, const struct msection *s,
				struct strbuf *sb)
{
	strbuf_reset(sb);
	strbuf_add(sb, mtitle(m, s), s->tlen);
	return sb->buf;
}

struct maux *maint_aux(struct kbug_maint *m, struct mentry *e)
{
	if (!e->aux) {
		if (grow((void **)&m->aux, &m->aaux, m->naux + 1, sizeof(*m->aux)))
			return NULL;
		memset(&m->aux[m->naux], 0, sizeof(*m->aux));
		e->aux = ++m->naux;
	}
	return &m->aux[e->aux - 1];
}

/* maint_parse_buffer()'s state between lines */
struct parse_state {
	struct kbug_maint *m;
	const char *text, *name;
	uint32_t line, ealloc, salloc;
	const char *title;		/* the last title line, or NULL */
	uint32_t title_line, title_len;
	bool prev_entry, seen_entry, blank_since;
};

/* A new section for the entry at p: titled by the last title, else by the entry itself. */
static int open_section(struct parse_state *ps, const char *p, const char *cut)
{
	struct kbug_maint *m = ps->m;
	struct msection *s;

	if (m->ns == ps->salloc &&
	    grow((void **)&m->s, &ps->salloc, m->ns + 1, sizeof(*m->s)))
		return -ENOMEM;
	s = &m->s[m->ns++];
	s->first = m->ne;
	s->nr = 0;
	s->title_off = (uint32_t)((ps->title ? ps->title : p) - ps->text);
	s->tlen = ps->title ? ps->title_len : (uint32_t)(cut - p);
	s->line = ps->title ? ps->title_line : ps->line;
	s->title_is_entry = !ps->title;
	return 0;
}

/* An "X: value" line from p to cut; alt when it holds a '|'. */
static int parse_entry(struct parse_state *ps, const char *p, const char *cut, bool alt)
{
	struct kbug_maint *m = ps->m;
	const char *v = skip_space(p + 2, cut);
	struct mentry *e;

	if (m->ne == ps->ealloc &&
	    grow((void **)&m->e, &ps->ealloc, m->ne + 1, sizeof(*m->e)))
		return -ENOMEM;
	if (!ps->prev_entry && open_section(ps, p, cut))
		return -ENOMEM;
	e = &m->e[m->ne++];
	*e = (struct mentry){
		.type = p[0], .off = (uint32_t)(v - ps->text),
		.vlen = (uint32_t)(cut - v),
		.line = ps->line, .sec = m->ns - 1, .flags = alt ? MENT_ALT : 0,
	};
	if (p[0] == 'F' || p[0] == 'X')
		e->form = (uint8_t)kbug_glob_form(v);
	else if (p[0] == 'N')
		maint_n_literal(v, e);
	m->s[m->ns - 1].nr++;
	if (!known_type[(unsigned char)p[0]])
		warn_at(m, ps->name, ps->line, "unknown entry type", p, (size_t)(cut - p));
	if (p[0] == 'N' && !e->vlen)
		warn_at(m, ps->name, ps->line, "empty N: pattern (ignored)", NULL, 0);
	ps->prev_entry = true;
	ps->seen_entry = true;
	ps->blank_since = false;
	return 0;
}

/* An empty, blank or '#' line (Perl's /^\s*(#|$)/) */
static bool blank_line(const char *p, const char *cut)
{
	return p == cut || *p == '#' ||
	       ((*p == ' ' || space_lead[(unsigned char)*p] || *p == '\t') &&
		(skip_space(p, cut) == cut || *skip_space(p, cut) == '#'));
}

/* Any other line is a section title. */
static void parse_title(struct parse_state *ps, const char *p, const char *cut)
{
	if (ps->prev_entry && !ps->blank_since)
		warn_at(ps->m, ps->name, ps->line, "stray line in a section (a title now)", p,
			(size_t)(cut - p));
	else if (!ps->prev_entry && ps->seen_entry && ps->title && !ps->blank_since)
		warn_at(ps->m, ps->name, ps->title_line, "section without entries", ps->title,
			ps->title_len);
	ps->title = p;
	ps->title_len = (uint32_t)(cut - p);
	ps->title_line = ps->line;
	ps->prev_entry = false;
	ps->blank_since = false;
}

/* m->nidx: the indexes of the non-empty N: entries */
static int index_n_entries(struct kbug_maint *m)
{
	for (uint32_t i = 0, nalloc = 0; i < m->ne; i++) {
		if (m->e[i].type != 'N' || !m->e[i].vlen)
			continue;
		if (grow((void **)&m->nidx, &nalloc, m->nn + 1, sizeof(*m->nidx)))
			return -ENOMEM;
		m->nidx[m->nn++] = i;
	}
	return 0;
}

/*
 * text[0..len) is only read, and text[len] is a NUL: entries point into
 * it, each value ending at its line's '\n' (or at a NUL byte: NUL bytes
 * are reported and cut the line there). One pass; the only calls per
 * line are a memchr() for its end and, for a '|', one for the next.
 */
int maint_parse_buffer(struct kbug_maint *m, const char *text, size_t len, const char *name)
{
	const char *p = text, *end = text + len;
	struct parse_state ps = { .m = m, .text = text, .name = name };
	bool has_nul = !!memchr(text, '\0', len);
	const char *pipe = memchr(text, '|', len);

	if (len >= UINT32_MAX)
		return -EFBIG;
	m->text = text;
	m->len = len;
	/* sized from the text (entries average over 20 bytes): rarely regrown */
	if (grow((void **)&m->e, &ps.ealloc, (uint32_t)(len / 20 + 16), sizeof(*m->e)) ||
	    grow((void **)&m->s, &ps.salloc, (uint32_t)(len / 128 + 16), sizeof(*m->s)))
		return -ENOMEM;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end, *cut = eol;
		bool alt = false;

		ps.line++;
		if (pipe && pipe < eol) {
			alt = true;
			pipe = memchr(eol, '|', (size_t)(end - eol));
		}
		if (has_nul && memchr(p, '\0', (size_t)(eol - p))) {
			warn_at(m, name, ps.line, "NUL byte: the line is cut there", NULL, 0);
			cut = p + strlen(p);
		}
		if (eol - p > MAINT_LONG_LINE)
			warn_at(m, name, ps.line, "line longer than 4096 bytes", NULL, 0);
		if (p[0] >= 'A' && p[0] <= 'Z' && p[1] == ':' && p + 1 < cut) {
			if (parse_entry(&ps, p, cut, alt))
				return -ENOMEM;
		} else if (blank_line(p, cut)) {
			ps.blank_since = true;
		} else {
			parse_title(&ps, p, cut);
		}
		p = eol + 1;
	}
	if (index_n_entries(m))
		return -ENOMEM;
	if (!m->ns) {
		warn_at(m, name, ps.line, "no MAINTAINERS section found", NULL, 0);
		return -EINVAL;
	}
	return 0;
}

/* Compile one N: (Perl m/$value/x); a bad one warns and never matches. */
int maint_compile_one_n(struct kbug_maint *m, struct mentry *e)
{
	struct maux *a;
	int err;
	PCRE2_SIZE off;

	if (e->form == PAT_BAD)
		return -EINVAL;
	a = maint_aux(m, e);
	if (!a)
		return -ENOMEM;
	if (a->re)
		return 0;
	a->re = (struct pcre2_real_code_8 *)pcre2_compile((PCRE2_SPTR)mval(m, e), e->vlen,
							   PCRE2_EXTENDED, &err, &off, NULL);
	if (!a->re) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(err, msg, sizeof(msg));
		e->form = PAT_BAD;
		m->warnings++;
		WARN("'%s' line %u: invalid N: regex '%.*s': %s at offset %zu",
		     m->path ? m->path : "MAINTAINERS", e->line, (int)(e->vlen < 60 ? e->vlen : 60),
		     mval(m, e), (char *)msg, (size_t)off);
		return -EINVAL;
	}
	return 0;
}

/*
 * A literal every match of an N: regex contains, to skip compiling and
 * running it for paths without it: the longest run of plain characters,
 * for patterns without alternation, groups, escapes or /x comments.
 */
void maint_n_literal(const char *val, struct mentry *e)
{
	const char *p = val, *end = val + e->vlen, *run = NULL, *best = NULL;
	size_t rl = 0, bl = 0;

	e->lit_len = 0;
	for (; p < end; p++)
		if (strchr("|()\\#", *p))
			return;
	for (p = val;; p++) {
		unsigned char c = p < end ? (unsigned char)*p : 0;
		bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			     (c >= '0' && c <= '9') || (c && strchr("_-/,:;=@%&~'\"<>!", c));

		if (plain) {
			if (!run) {
				run = p;
				rl = 0;
			}
			rl++;
			continue;
		}
		/* a quantifier makes the character before it optional */
		if (run && (c == '*' || c == '?' || c == '{'))
			rl--;
		if (run && rl > bl) {
			best = run;
			bl = rl;
		}
		run = NULL;
		if (c == '[') {
			p++;
			if (p < end && *p == '^')
				p++;
			if (p < end && *p == ']')
				p++;
			while (p < end && *p != ']')
				p++;
		}
		if (p >= end)
			break;
	}
	if (best && bl < 65536 && best - val < 65536) {
		e->lit_off = (uint16_t)(best - val);
		e->lit_len = (uint16_t)bl;
	}
}

/* Compile every N: now (strict mode): report every bad one up front. */
int maint_compile_n(struct kbug_maint *m)
{
	uint32_t i;
	int bad = 0;

	for (i = 0; i < m->nn; i++)
		bad |= maint_compile_one_n(m, &m->e[m->nidx[i]]);
	return bad ? -EINVAL : 0;
}
