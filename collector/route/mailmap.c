// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tree's .mailmap as get_maintainer.pl reads it (read_mailmap) and
 * applies it (mailmap_email): two maps, names and addresses, keyed by an
 * address or by a formatted "Name <address>".
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "route/internal.h"
#include "util/log.h"
#include "util/strbuf.h"

struct mm_ent {
	char *key, *val;
	struct mm_ent *next;
};

struct mm_map {
	struct mm_ent **b;
	size_t nb;
};

struct mailmap {
	struct mm_map names, addresses;
};

static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void map_put(struct mm_map *m, const char *key, const char *val)
{
	struct mm_ent *e;
	uint32_t h;

	if (!m->nb) {
		m->nb = 1024;
		m->b = calloc(m->nb, sizeof(*m->b));
		if (!m->b) {
			m->nb = 0;
			return;
		}
	}
	h = hash_str(key) % m->nb;
	for (e = m->b[h]; e; e = e->next) {
		if (!strcmp(e->key, key)) {
			free(e->val);
			e->val = strdup(val);
			return;
		}
	}
	e = calloc(1, sizeof(*e));
	if (!e)
		return;
	e->key = strdup(key);
	e->val = strdup(val);
	e->next = m->b[h];
	m->b[h] = e;
}

static const char *map_get(const struct mm_map *m, const char *key)
{
	struct mm_ent *e;

	if (!m->nb)
		return NULL;
	for (e = m->b[hash_str(key) % m->nb]; e; e = e->next)
		if (!strcmp(e->key, key))
			return e->val;
	return NULL;
}

static void map_free(struct mm_map *m)
{
	size_t i;

	for (i = 0; i < m->nb; i++) {
		struct mm_ent *e = m->b[i], *n;

		for (; e; e = n) {
			n = e->next;
			free(e->key);
			free(e->val);
			free(e);
		}
	}
	free(m->b);
}

static pcre2_code *compile(const char *pat)
{
	int err;
	PCRE2_SIZE off;

	return pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED,
			     PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF, &err, &off, NULL);
}

static void group(pcre2_match_data *md, const char *s, int i, struct strbuf *out)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

	strbuf_reset(out);
	strbuf_add(out, s + ov[2 * i], ov[2 * i + 1] - ov[2 * i]);
}

static void parse_pair(struct strbuf *name, struct strbuf *addr)
{
	struct strbuf in = STRBUF_INIT;

	pl_rtrim(name);
	strbuf_addf(&in, "%s <%s>", name->buf, addr->buf);
	pl_parse_email(in.buf, name, addr);
	strbuf_release(&in);
}

struct mailmap *mailmap_parse(const char *text, size_t len)
{
	struct mailmap *mm = calloc(1, sizeof(*mm));
	pcre2_code *re[4];
	pcre2_match_data *md;
	struct strbuf line = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT,
		c = STRBUF_INIT, d = STRBUF_INIT, key = STRBUF_INIT;
	const char *p = text, *end = text + len;
	int i;

	if (!mm)
		return NULL;
	re[0] = compile("^([^<]+)<([^>]+)>$");
	re[1] = compile("^<([^>]+)>\\s*<([^>]+)>$");
	re[2] = compile("^(.+)<([^>]+)>\\s*<([^>]+)>$");
	re[3] = compile("^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$");
	md = pcre2_match_data_create(8, NULL);
	while (p < end && re[0] && re[1] && re[2] && re[3] && md) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *hash;

		strbuf_reset(&line);
		strbuf_add(&line, p, n);
		p += n + (nl ? 1 : 0);
		hash = memchr(line.buf, '#', line.len);
		if (hash)
			strbuf_setlen(&line, (size_t)(hash - line.buf));
		pl_trim(&line);
		if (!line.len)
			continue;
#define M(i) (pcre2_match(re[i], (PCRE2_SPTR)line.buf, line.len, 0, 0, md, NULL) > 0)
		if (M(0)) {
			group(md, line.buf, 1, &a);
			group(md, line.buf, 2, &b);
			parse_pair(&a, &b);
			map_put(&mm->names, b.buf, a.buf);
		} else if (M(1)) {
			group(md, line.buf, 1, &a);
			group(md, line.buf, 2, &b);
			map_put(&mm->addresses, b.buf, a.buf);
		} else if (M(2)) {
			group(md, line.buf, 1, &a);
			group(md, line.buf, 2, &b);
			group(md, line.buf, 3, &c);
			parse_pair(&a, &b);
			map_put(&mm->names, c.buf, a.buf);
			map_put(&mm->addresses, c.buf, b.buf);
		} else if (M(3)) {
			group(md, line.buf, 1, &a);
			group(md, line.buf, 2, &b);
			group(md, line.buf, 3, &c);
			group(md, line.buf, 4, &d);
			parse_pair(&a, &b);
			parse_pair(&c, &d);
			pl_format_email(c.buf, d.buf, true, &key);
			map_put(&mm->names, key.buf, a.buf);
			map_put(&mm->addresses, key.buf, b.buf);
		}
#undef M
	}
	for (i = 0; i < 4; i++)
		pcre2_code_free(re[i]);
	pcre2_match_data_free(md);
	strbuf_release(&line);
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&c);
	strbuf_release(&d);
	strbuf_release(&key);
	return mm;
}

void mailmap_free(struct mailmap *mm)
{
	if (!mm)
		return;
	map_free(&mm->names);
	map_free(&mm->addresses);
	free(mm);
}

void mailmap_email(const struct mailmap *mm, const char *line, struct strbuf *out)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, email = STRBUF_INIT;
	const char *rn, *ra;

	pl_parse_email(line, &name, &addr);
	pl_format_email(name.buf, addr.buf, true, &email);
	rn = name.buf;
	ra = addr.buf;
	if (mm) {
		const char *n = map_get(&mm->names, email.buf);
		const char *a = map_get(&mm->addresses, email.buf);

		if (n || a) {
			if (n)
				rn = n;
			if (a)
				ra = a;
		} else {
			n = map_get(&mm->names, addr.buf);
			a = map_get(&mm->addresses, addr.buf);
			if (n)
				rn = n;
			if (a)
				ra = a;
		}
	}
	pl_format_email(rn, ra, true, out);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&email);
}
