// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which sections cover a path, as get_maintainers() decides it:
 *
 *   F:/X: are globs turned into regexes (. -> \., * -> .*, ? -> .) and
 *   matched at the start of the path (m@^$pattern@, no end anchor); a
 *   pattern without a trailing '/' must also have as many '/' as the
 *   path; a pattern naming a directory (-d) gets its trailing '/'.
 *   Any matching X: drops the whole section. N: is m/$value/x.
 *   A section's rank is the depth of its LAST matching F:/N: in file
 *   order: '/' count, +1 without a trailing '/', -1 when it starts with
 *   '*', 0 for N:.
 *
 * Globs run on a small backtracking matcher (route/glob.c); patterns
 * using other regex syntax go to PCRE2 with the converted text. F:
 * entries are indexed by their literal leading directories, so a path
 * only looks at the patterns that can match it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/pcre2.h"

#include "route/internal.h"
#include "util/log.h"
#include "util/strbuf.h"

static unsigned int slashes(const char *s)
{
	unsigned int n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/* ---- -d / -f, answered by the tree or by the embedded directory list ---- */

/*
 * The embedded directory list: sorted lines (LC_ALL=C), searched in place
 * by bisecting the bytes and backing up to a line start.
 */
static bool dirs_has(const char *rel)
{
	const char *blob;
	size_t len, lo = 0, hi, rl = strlen(rel);
	int rounds = 64;

	if (kbug_embedded_get("dirs", &blob, &len, NULL) || !blob || !len)
		return false;
	hi = len;
	while (lo < hi && rounds--) {
		size_t mid = lo + (hi - lo) / 2, start = mid, n;
		const char *nl;
		int c;

		while (start > lo && blob[start - 1] != '\n')
			start--;
		nl = memchr(blob + start, '\n', len - start);
		n = nl ? (size_t)(nl - blob) - start : len - start;
		c = memcmp(rel, blob + start, rl < n ? rl : n);
		if (!c)
			c = rl < n ? -1 : rl > n;
		if (!c)
			return true;
		if (c < 0)
			hi = start;
		else
			lo = start + n + 1;
	}
	return false;
}

int maint_isdir(struct kbug_maint *m, const char *rel)
{
	if (!*rel)
		return 0;
	if (m->tree) {
		struct strbuf p = STRBUF_INIT;
		struct stat st;
		int r;

		strbuf_addf(&p, "%s/%s", m->tree, rel);
		r = !stat(p.buf, &st) && S_ISDIR(st.st_mode);
		strbuf_release(&p);
		return r;
	}
	if (m->kind == MAINT_MEMORY)
		return 0;	/* parsed from memory: no tree to ask */
	return dirs_has(rel);
}

int maint_isfile(struct kbug_maint *m, const char *rel)
{
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	int r;

	if (!m->tree)
		return -ENOENT;
	strbuf_addf(&p, "%s/%s", m->tree, rel);
	r = !stat(p.buf, &st) && S_ISREG(st.st_mode);
	strbuf_release(&p);
	return r;
}

/* ---- canonpath: File::Spec::Unix->canonpath, then strip the tree ---- */

void kbug_route_canon_path(const char *in, const char *tree, struct strbuf *out)
{
	struct strbuf s = STRBUF_INIT;
	const char *p;
	size_t tl;

	/* xx////xx -> xx/xx */
	for (p = in; *p; p++)
		if (!(*p == '/' && s.len && s.buf[s.len - 1] == '/'))
			strbuf_addch(&s, *p);
	/* xx/././xx -> xx/xx: s{(?:/\.)+(?:/|\z)}{/}g */
	{
		struct strbuf t = STRBUF_INIT;
		size_t i = 0;

		while (i < s.len) {
			if (s.buf[i] == '/' && s.buf[i + 1] == '.' &&
			    (s.buf[i + 2] == '/' || !s.buf[i + 2])) {
				size_t j = i;

				while (s.buf[j] == '/' && s.buf[j + 1] == '.' &&
				       (s.buf[j + 2] == '/' || !s.buf[j + 2]))
					j += 2;
				strbuf_addch(&t, '/');
				i = s.buf[j] == '/' ? j + 1 : j;
				continue;
			}
			strbuf_addch(&t, s.buf[i++]);
		}
		strbuf_reset(&s);
		strbuf_add(&s, t.buf, t.len);
		strbuf_release(&t);
	}
	/* ./xx -> xx */
	if (strcmp(s.buf, "./")) {
		size_t i = 0;

		while (s.buf[i] == '.' && s.buf[i + 1] == '/')
			i += 2;
		if (i)
			memmove(s.buf, s.buf + i, s.len - i + 1), s.len -= i;
	}
	/* /../../xx -> /xx, /.. -> / */
	if (s.buf[0] == '/') {
		size_t i = 1;

		while (!strncmp(s.buf + i, "../", 3))
			i += 3;
		if (i > 1)
			memmove(s.buf + 1, s.buf + i, s.len - i + 1), s.len -= i - 1;
		if (!strcmp(s.buf, "/.."))
			strbuf_setlen(&s, 1);
	}
	/* xx/ -> xx */
	if (s.len > 1 && s.buf[s.len - 1] == '/')
		strbuf_setlen(&s, s.len - 1);
	strbuf_reset(out);
	p = s.buf;
	tl = tree ? strlen(tree) : 0;
	if (tl && !strncmp(p, tree, tl) && p[tl] == '/')
		p += tl + 1;
	if (!strncmp(p, "./", 2))
		p += 2;
	strbuf_addstr(out, p);
	strbuf_release(&s);
}

/* ---- the index of F: entries by literal leading directories ---- */

static uint32_t hash_mem(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int push_u32(uint32_t **v, uint32_t *nr, uint32_t *alloc, uint32_t x)
{
	if (*nr == *alloc) {
		uint32_t a = *alloc ? *alloc * 2 : 8;
		uint32_t *n = realloc(*v, a * sizeof(**v));

		if (!n)
			return -ENOMEM;
		*v = n;
		*alloc = a;
	}
	(*v)[(*nr)++] = x;
	return 0;
}

/* The bucket of key[0..n), or the empty slot where it goes (add), or NULL. */
static struct fbucket *bucket_find(struct kbug_maint *m, const char *key, size_t n, bool add)
{
	uint32_t i = hash_mem(key, n) & (m->nfb - 1), probes;

	for (probes = 0; probes < m->nfb; probes++, i = (i + 1) & (m->nfb - 1)) {
		struct fbucket *b = &m->fb[i];
		const struct mentry *e;

		if (!b->key_len)
			return add ? b : NULL;
		if (b->key_len != n || b->ent >= m->ne)
			continue;
		e = &m->e[b->ent];
		if (e->vlen >= n && !memcmp(mval(m, e), key, n))
			return b;
	}
	return NULL;
}

/* Length of the literal "c1" or "c1/c2" key of an F: pattern (0: none). */
static size_t pattern_key(const struct kbug_maint *m, const struct mentry *e)
{
	const char *p, *raw = mval(m, e), *first = NULL;

	if (e->flags & MENT_ALT)
		return 0;
	for (p = raw; !maint_eos(*p); p++) {
		if (kbug_glob_special((unsigned char)*p) || *p == '*' || *p == '?' || *p == '[')
			break;
		if (*p == '/') {
			if (first)
				return (size_t)(p - raw);
			if (p == raw)
				return 0;
			first = p;
		}
	}
	return first ? (size_t)(first - raw) : 0;
}

/*
 * The bucket of F: entry i (its key's, made when add), or NULL with *k 0
 * for a pattern without a key (the generic ones).
 */
static struct fbucket *entry_bucket(struct kbug_maint *m, uint32_t i, bool add, size_t *k)
{
	const struct mentry *e = &m->e[i];

	*k = pattern_key(m, e);
	return *k ? bucket_find(m, mval(m, e), *k, add) : NULL;
}

/* First pass: each F: entry counted in its key's bucket; *nkeyed those with a key. */
static int index_count(struct kbug_maint *m, uint32_t *nkeyed)
{
	struct fbucket *b;
	uint32_t i;

	*nkeyed = 0;
	for (i = 0; i < m->ne; i++) {
		size_t k;

		if (m->e[i].type != 'F')
			continue;
		b = entry_bucket(m, i, true, &k);
		if (!k) {
			m->ngeneric++;
			continue;
		}
		if (!b)
			return -ENOMEM;	/* cannot happen: the table is never full */
		if (!b->key_len) {
			b->ent = i;
			b->key_len = (uint32_t)k;
		}
		b->nr++;
		(*nkeyed)++;
	}
	return 0;
}

/* as many buckets as twice the distinct keys: a smaller table to map */
static int index_shrink(struct kbug_maint *m)
{
	uint32_t i, nb = m->nfb, distinct = 0, small = 64;
	struct fbucket *old = m->fb, *nfb, *b;

	for (i = 0; i < nb; i++)
		distinct += !!old[i].key_len;
	while (small < 2 * distinct + 16)
		small *= 2;
	if (small >= nb)
		return 0;
	nfb = calloc(small, sizeof(*nfb));
	if (!nfb)
		return -ENOMEM;
	m->fb = nfb;
	m->nfb = small;
	for (i = 0; i < nb; i++) {
		size_t k;

		if (!old[i].key_len)
			continue;
		b = entry_bucket(m, old[i].ent, true, &k);
		*b = old[i];
	}
	free(old);
	return 0;
}

/* Second pass: one list, each bucket's entries in a run, the generic ones last. */
static int index_fill(struct kbug_maint *m, uint32_t nkeyed)
{
	uint32_t i, pos = 0, gpos;
	struct fbucket *b;

	m->nflist = nkeyed + m->ngeneric;
	m->flist = malloc(((size_t)m->nflist + 1) * sizeof(*m->flist));
	if (!m->flist)
		return -ENOMEM;
	for (i = 0; i < m->nfb; i++) {
		m->fb[i].list = pos;
		pos += m->fb[i].nr;
		m->fb[i].nr = 0;
	}
	m->generic = pos;
	gpos = pos;
	for (i = 0; i < m->ne; i++) {
		size_t k;

		if (m->e[i].type != 'F')
			continue;
		b = entry_bucket(m, i, false, &k);
		if (!k)
			m->flist[gpos++] = i;
		else
			m->flist[b->list + b->nr++] = i;
	}
	return 0;
}

/* Two passes over the F: entries: count per key, then fill one list. */
int maint_index_build(struct kbug_maint *m)
{
	uint32_t i, nf = 0, nb = 64, nkeyed;
	int ret;

	if (m->nfb)
		return 0;
	for (i = 0; i < m->ne; i++)
		nf += m->e[i].type == 'F';
	while (nb < 2 * nf + 16)
		nb *= 2;
	m->fb = calloc(nb, sizeof(*m->fb));
	if (!m->fb)
		return -ENOMEM;
	m->nfb = nb;
	ret = index_count(m, &nkeyed);
	if (!ret)
		ret = index_shrink(m);
	if (!ret)
		ret = index_fill(m, nkeyed);
	return ret;
}

void maint_index_free(struct kbug_maint *m)
{
	free(m->fb);
	free(m->flist);
	m->fb = NULL;
	m->flist = NULL;
	m->nfb = 0;
	m->nflist = 0;
	m->generic = 0;
	m->ngeneric = 0;
}

/* ---- one F:/X: test ---- */

/*
 * Characters that stand for themselves in a converted pattern ('.'
 * becomes "\\."), unless a '{' quantifier follows them.
 */
static const bool literal_char[256] = {
	['a' ... 'z'] = true, ['A' ... 'Z'] = true, ['0' ... '9'] = true, ['/'] = true,
	['_'] = true, ['-'] = true, [','] = true, ['.'] = true, [' '] = true, ['@'] = true,
	['='] = true, ['~'] = true, [':'] = true, ['%'] = true, ['&'] = true, ['#'] = true,
	['\''] = true, ['"'] = true, ['<'] = true, ['>'] = true, ['!'] = true, [';'] = true,
};

/*
 * Can the pattern not match file, judging by its literal start? Without
 * alternation, every match of ^LITERAL... begins with LITERAL: most
 * entries end here, after a character or two.
 */
static bool literal_mismatch(const struct kbug_maint *m, const struct mentry *e,
			     const char *file)
{
	const char *v = mval(m, e);
	uint32_t i;

	if (e->flags & MENT_ALT)
		return false;
	for (i = 0; i < e->vlen; i++) {
		unsigned char c = (unsigned char)v[i];

		if (!literal_char[c] || v[i + 1] == '{')
			return false;
		if (c != (unsigned char)file[i])
			return true;
	}
	return false;
}

/*
 * e's compiled regex (a) on file, within PCRE2's bounds (util/pcre2.h). A
 * pattern that hits them is reported, file and line, and is ignored from
 * then on: no silent "no match", and no path pays for it twice.
 */
static bool re_run(struct kbug_maint *m, struct mentry *e, const struct maux *a,
		   const char *file)
{
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	int rc = pcre2_match((const pcre2_code *)a->re, (PCRE2_SPTR)file, PCRE2_ZERO_TERMINATED,
			     0, 0, md, kbug_pcre2_bounded());

	pcre2_match_data_free(md);
	if (!kbug_pcre2_limit_hit(rc))
		return rc >= 0;	/* 0: more groups than md holds */
	e->form = PAT_BAD;
	m->warnings++;
	WARN("'%s' line %u: %c: regex '%.*s' is too costly (over %u steps on a path): ignored",
	     m->path ? m->path : "MAINTAINERS", e->line, e->type,
	     (int)(e->vlen < 60 ? e->vlen : 60), mval(m, e), KBUG_PCRE2_MATCH_LIMIT);
	return false;
}

static bool entry_matches(struct kbug_maint *m, struct mentry *e, const char *file,
			  unsigned int file_slashes, int *depth)
{
	struct strbuf eff = STRBUF_INIT, conv = STRBUF_INIT;
	const char *val = mval(m, e);
	bool slash, hit = false;
	unsigned int ps;
	struct maux *a;

	if (literal_mismatch(m, e, file))
		return false;
	if (!e->form)
		e->form = (uint8_t)kbug_glob_form(val);
	if (e->form == PAT_BAD)
		return false;
	slash = e->vlen && val[e->vlen - 1] == '/';
	/* a glob that is no prefix of the path matches in neither mode: skip -d */
	if (e->form == PAT_GLOB && !kbug_glob_prefix_match(val, file))
		return false;
	strbuf_add(&eff, val, e->vlen);
	if (!slash) {
		if (!e->isdir) {
			kbug_glob_convert(val, &conv);
			e->isdir = maint_isdir(m, conv.buf) ? DIR_YES : DIR_NO;
		}
		if (e->isdir == DIR_YES && e->vlen) {
			strbuf_addch(&eff, '/');
			slash = true;
		}
	}
	ps = slashes(eff.buf);
	if (!slash && ps != file_slashes)
		goto out;
	if (e->form == PAT_GLOB) {
		hit = kbug_glob_prefix_match(eff.buf, file);
	} else {
		a = maint_aux(m, e);
		if (!a)
			goto out;
		if (!a->re) {
			int err;
			PCRE2_SIZE off;

			strbuf_reset(&conv);
			{
				struct strbuf c = STRBUF_INIT;

				kbug_glob_convert(eff.buf, &c);
				strbuf_addf(&conv, "^%s", c.buf);
				strbuf_release(&c);
			}
			a->re = (struct pcre2_real_code_8 *)pcre2_compile((PCRE2_SPTR)conv.buf,
				conv.len, 0, &err, &off, NULL);
			if (!a->re) {
				e->form = PAT_BAD;
				m->warnings++;
				WARN("'%s' line %u: invalid %c: pattern '%.*s'",
				     m->path ? m->path : "MAINTAINERS", e->line, e->type,
				     (int)(e->vlen < 60 ? e->vlen : 60), val);
				goto out;
			}
		}
		hit = re_run(m, e, a, file);
	}
	if (hit)
		*depth = val[0] == '*' ? -1 : (int)ps + !slash;
out:
	strbuf_release(&eff);
	strbuf_release(&conv);
	return hit;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static bool section_excluded(struct kbug_maint *m, uint32_t sec, const char *file,
			     unsigned int fs)
{
	const struct msection *s = &m->s[sec];
	uint32_t i;
	int d;

	for (i = s->first; i < s->first + s->nr; i++)
		if (m->e[i].type == 'X' && entry_matches(m, &m->e[i], file, fs, &d))
			return true;
	return false;
}

static bool n_matches(struct kbug_maint *m, struct mentry *e, const char *file)
{
	if (e->lit_len && !memmem(file, strlen(file), mval(m, e) + e->lit_off, e->lit_len))
		return false;
	if (maint_compile_one_n(m, e))
		return false;
	return re_run(m, e, &m->aux[e->aux - 1], file);
}

/* Subjects that make a backtracking pattern over val's characters take its time. */
static void probe_subjects(const char *val, size_t vlen, struct strbuf *out)
{
	static const char generic[] = "a0/._-";
	bool seen[256] = { false };
	size_t i, k;

	strbuf_reset(out);
	for (i = 0; i < vlen + sizeof(generic) - 1; i++) {
		unsigned char c = (unsigned char)(i < vlen ? val[i] : generic[i - vlen]);

		if (c < 0x21 || c > 0x7e || seen[c])
			continue;
		seen[c] = true;
		for (k = 0; k < 48; k++)
			strbuf_addch(out, (char)c);
		strbuf_add(out, "\x01", 2);	/* "\x01" and its NUL: one subject */
	}
	for (k = 0; k < 48; k++)	/* all of them in turn */
		for (i = 0; i < 256; i++)
			if (seen[i])
				strbuf_addch(out, (char)i);
	strbuf_add(out, "\x01", 2);
}

unsigned int kbug_maint_costly_n(struct kbug_maint *m, unsigned int *first_line)
{
	struct strbuf subj = STRBUF_INIT;
	unsigned int bad = 0;
	uint32_t i;

	*first_line = 0;
	for (i = 0; i < m->nn; i++) {
		struct mentry *e = &m->e[m->nidx[i]];
		const char *p;

		if (maint_compile_one_n(m, e))
			continue;
		probe_subjects(mval(m, e), e->vlen, &subj);
		for (p = subj.buf; p < subj.buf + subj.len && e->form != PAT_BAD;
		     p += strlen(p) + 1)
			re_run(m, e, &m->aux[e->aux - 1], p);
		if (e->form == PAT_BAD && !bad++)
			*first_line = e->line;
	}
	strbuf_release(&subj);
	return bad;
}

/*
 * The sections covering `file` (canonical, relative, '/' appended for a
 * directory), in file order, each with its rank and deciding entry.
 */
static int consider(struct kbug_maint *m, uint32_t i, const char *file, unsigned int fs,
		    struct rmatches *out)
{
	struct mentry *e = &m->e[i];
	int depth = 0;
	bool hit;

	if (e->type == 'N')
		hit = n_matches(m, e, file);
	else
		hit = entry_matches(m, e, file, fs, &depth);
	if (!hit)
		return 0;
	if (out->nr && out->v[out->nr - 1].sec == e->sec) {
		out->v[out->nr - 1].rank = depth;	/* the last match wins */
		out->v[out->nr - 1].why = i;
		return 0;
	}
	if (out->nr == out->alloc) {
		size_t a = out->alloc ? out->alloc * 2 : 16;
		struct rmatch *n = realloc(out->v, a * sizeof(*n));

		if (!n)
			return -ENOMEM;
		out->v = n;
		out->alloc = a;
	}
	out->v[out->nr++] = (struct rmatch){ .sec = e->sec, .rank = depth, .why = i };
	return 0;
}

/* The candidates of a bucket of the index, in entry order. */
static int push_bucket(struct kbug_maint *m, const char *file, size_t n, uint32_t **cand,
		       uint32_t *nc, uint32_t *ca)
{
	const struct fbucket *b = bucket_find(m, file, n, false);
	uint32_t i;

	for (i = 0; b && i < b->nr; i++)
		if (push_u32(cand, nc, ca, m->flist[b->list + i]))
			return -ENOMEM;
	return 0;
}

/*
 * The sections covering `file` (canonical, relative, '/' appended for a
 * directory), in file order, each with its rank and deciding entry. The
 * first query of a freshly parsed file scans every entry (cheaper than
 * indexing for one path); later ones use the index.
 */
int kbug_route_match(struct kbug_maint *m, const char *file, struct rmatches *out)
{
	uint32_t *cand = NULL, nc = 0, ca = 0, i;
	const char *s1, *s2;
	unsigned int fs = slashes(file);
	int ret = 0;

	out->nr = 0;
	if (!m->nfb && !m->queries++) {
		for (i = 0; i < m->ne && !ret; i++)
			if (m->e[i].type == 'F' || m->e[i].type == 'N')
				ret = consider(m, i, file, fs, out);
		if (ret)
			return ret;
		goto exclude;
	}
	ret = maint_index_build(m);
	if (ret)
		return ret;
	s1 = strchr(file, '/');
	s2 = s1 ? strchr(s1 + 1, '/') : NULL;
	if (s1 && s1 > file) {
		ret = push_bucket(m, file, (size_t)(s1 - file), &cand, &nc, &ca);
		if (!ret && s2)
			ret = push_bucket(m, file, (size_t)(s2 - file), &cand, &nc, &ca);
	}
	for (i = 0; !ret && i < m->ngeneric; i++)
		ret = push_u32(&cand, &nc, &ca, m->flist[m->generic + i]);
	for (i = 0; !ret && i < m->nn; i++)
		ret = push_u32(&cand, &nc, &ca, m->nidx[i]);
	if (!ret)
		qsort(cand, nc, sizeof(*cand), cmp_u32);
	for (i = 0; !ret && i < nc; i++)
		ret = consider(m, cand[i], file, fs, out);
	free(cand);
	if (ret)
		return ret;
exclude:
	/* X: first: a section with a matching exclusion is not a match at all */
	{
		size_t j, k = 0;

		for (j = 0; j < out->nr; j++)
			if (!section_excluded(m, out->v[j].sec, file, fs))
				out->v[k++] = out->v[j];
		out->nr = k;
	}
	return 0;
}

/* Highest rank first; equal ranks keep MAINTAINERS order (a stable sort). */
void kbug_route_sort(struct rmatches *r)
{
	size_t i, j;

	for (i = 1; i < r->nr; i++) {
		struct rmatch x = r->v[i];

		for (j = i; j > 0 && r->v[j - 1].rank < x.rank; j--)
			r->v[j] = r->v[j - 1];
		r->v[j] = x;
	}
}
