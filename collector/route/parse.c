// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MAINTAINERS parser. One pass over a private copy of the text: lines are
 * cut in place (no per-line allocation), entries keep pointers into it.
 * The rules are read_maintainer_file()'s: an entry is /^([A-Z]):\s*(.*)/,
 * blank and '#' lines vanish, any other line is a section title; a
 * section is a run of entries after its title. N: regexes are compiled
 * on first use, F:/X: globs are matched without compiling at all.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "route/internal.h"
#include "util/log.h"

#define MAINT_LONG_LINE 4096

/* M R L S W Q B C P T F X N K */
static bool known_type(char c)
{
	return c == 'F' || c == 'M' || c == 'L' || c == 'S' || c == 'R' || c == 'T' ||
	       c == 'W' || c == 'Q' || c == 'B' || c == 'C' || c == 'P' || c == 'X' ||
	       c == 'N' || c == 'K';
}

static bool blank_or_comment(const char *s)
{
	size_t sp;

	while ((sp = pl_space(s)))
		s += sp;
	return !*s || *s == '#';
}

static int grow(void **v, uint32_t *alloc, uint32_t need, size_t size)
{
	void *n;
	uint32_t a = *alloc ? *alloc : 64;

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
		    const char *text)
{
	m->warnings++;
	if (m->warnings <= 20)
		WARN("'%s' line %u: %s%s%.60s%s", name, line, what, text ? ": '" : "",
		     text ? text : "", text ? "'" : "");
	else if (m->warnings == 21)
		WARN("'%s': more warnings not shown", name);
}

/* text: malloc'd, len bytes plus a NUL; taken over by m */
int maint_parse_buffer(struct kbug_maint *m, char *text, size_t len, const char *name)
{
	char *p = text, *end = text + len;
	uint32_t line = 0, ealloc = 0, salloc = 0;
	const char *title = NULL;
	uint32_t title_line = 0;
	bool prev_entry = false, seen_entry = false, blank_since = false;
	bool has_nul = !!memchr(text, '\0', len);

	m->text = text;
	m->len = len;
	/* sized from the text (entries average over 20 bytes): rarely regrown */
	if (grow((void **)&m->e, &ealloc, (uint32_t)(len / 20 + 16), sizeof(*m->e)) ||
	    grow((void **)&m->s, &salloc, (uint32_t)(len / 128 + 16), sizeof(*m->s)))
		return -ENOMEM;
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *eol = nl ? nl : end;
		size_t n = (size_t)(eol - p);

		line++;
		*eol = '\0';
		if (has_nul && memchr(p, '\0', n))
			warn_at(m, name, line, "NUL byte: the line is cut there", NULL);
		if (n > MAINT_LONG_LINE)
			warn_at(m, name, line, "line longer than 4096 bytes", NULL);
		if (p[0] >= 'A' && p[0] <= 'Z' && p[1] == ':') {
			struct mentry *e;
			char *v = p + 2;
			size_t sp;

			while ((sp = pl_space(v)))
				v += sp;
			if (grow((void **)&m->e, &ealloc, m->ne + 1, sizeof(*m->e)))
				return -ENOMEM;
			if (!prev_entry) {
				struct msection *s;

				if (grow((void **)&m->s, &salloc, m->ns + 1, sizeof(*m->s)))
					return -ENOMEM;
				s = &m->s[m->ns++];
				s->first = m->ne;
				s->nr = 0;
				s->title = title ? title : p;
				s->line = title ? title_line : line;
				s->title_is_entry = !title;
			}
			e = &m->e[m->ne++];
			memset(e, 0, sizeof(*e));
			e->type = p[0];
			e->val = v;
			e->vlen = (uint32_t)(has_nul ? strlen(v) : (size_t)(eol - v));
			e->line = line;
			e->sec = m->ns - 1;
			m->s[m->ns - 1].nr++;
			if (!known_type(p[0]))
				warn_at(m, name, line, "unknown entry type", p);
			if (p[0] == 'N' && !e->vlen)
				warn_at(m, name, line, "empty N: pattern (ignored)", NULL);
			prev_entry = true;
			seen_entry = true;
			blank_since = false;
		} else if (blank_or_comment(p)) {
			blank_since = true;
		} else {
			if (prev_entry && !blank_since)
				warn_at(m, name, line, "stray line in a section (a title now)", p);
			else if (!prev_entry && seen_entry && title && !blank_since)
				warn_at(m, name, title_line, "section without entries", title);
			title = p;
			title_line = line;
			prev_entry = false;
			blank_since = false;
		}
		p = eol + 1;
	}
	for (uint32_t i = 0, nalloc = 0; i < m->ne; i++) {
		if (m->e[i].type != 'N' || !m->e[i].vlen)
			continue;
		if (grow((void **)&m->nidx, &nalloc, m->nn + 1, sizeof(*m->nidx)))
			return -ENOMEM;
		m->nidx[m->nn++] = i;
	}
	if (!m->ns) {
		warn_at(m, name, line, "no MAINTAINERS section found", NULL);
		return -EINVAL;
	}
	return 0;
}

/* Compile one N: (Perl m/$value/x); a bad one warns and never matches. */
int maint_compile_one_n(struct kbug_maint *m, struct mentry *e)
{
	int err;
	PCRE2_SIZE off;

	if (e->re || e->form == PAT_BAD)
		return e->re ? 0 : -EINVAL;
	{
		e->re = (struct pcre2_real_code_8 *)pcre2_compile((PCRE2_SPTR)e->val, e->vlen,
								   PCRE2_EXTENDED, &err, &off,
								   NULL);
		if (!e->re) {
			PCRE2_UCHAR msg[160];

			pcre2_get_error_message(err, msg, sizeof(msg));
			e->form = PAT_BAD;
			m->warnings++;
			WARN("'%s' line %u: invalid N: regex '%.60s': %s at offset %zu",
			     m->path ? m->path : "MAINTAINERS", e->line, e->val, (char *)msg,
			     (size_t)off);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * A literal every match of an N: regex contains, to skip compiling and
 * running it for paths without it: the longest run of plain characters,
 * for patterns without alternation, groups, escapes or /x comments.
 */
void maint_n_literal(struct mentry *e)
{
	const char *p = e->val, *run = NULL, *best = NULL;
	size_t rl = 0, bl = 0;

	e->lit_done = 1;
	if (strpbrk(p, "|()\\#"))
		return;
	for (;; p++) {
		unsigned char c = (unsigned char)*p;
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
			if (*p == '^')
				p++;
			if (*p == ']')
				p++;
			while (*p && *p != ']')
				p++;
		}
		if (!*p)
			break;
	}
	if (best && bl < 65536) {
		e->lit_off = (uint16_t)(best - e->val);
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
