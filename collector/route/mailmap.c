// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tree's .mailmap as get_maintainer.pl reads it (read_mailmap) and
 * applies it (kbug_mailmap_email): two maps, names and addresses, keyed by an
 * address or by a formatted "Name <address>".
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/pcre2.h"

#include "route/internal.h"
#include "util/log.h"
#include "util/macro.h"
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
	const char *text;	/* the .mailmap, parsed in full or line by line */
	size_t len;
	char *own;		/* text, when it is ours to free */
	bool full;
	unsigned int lookups;
	pcre2_code *re[4];
	pcre2_match_data *md;
	/* the lines of the addresses looked up so far (each is asked twice or more) */
	struct mm_memo {
		char *addr;
		struct mm_map names, addresses;
	} memo[16];
	unsigned int nmemo;
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

/* One .mailmap line (read_mailmap's loop body) into names/addresses. */
static void parse_line(struct mailmap *mm, struct mm_map *names, struct mm_map *addrs,
		       const char *p, size_t n)
{
	struct strbuf line = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT,
		c = STRBUF_INIT, d = STRBUF_INIT, key = STRBUF_INIT;
	pcre2_match_data *md = mm->md;
	const char *hash;

	strbuf_add(&line, p, n);
	hash = memchr(line.buf, '#', line.len);
	if (hash)
		strbuf_setlen(&line, (size_t)(hash - line.buf));
	pl_trim(&line);
	if (!line.len)
		goto out;
#define M(i) (pcre2_match(mm->re[i], (PCRE2_SPTR)line.buf, line.len, 0, 0, md, \
			      kbug_pcre2_bounded()) > 0)
	if (M(0)) {
		group(md, line.buf, 1, &a);
		group(md, line.buf, 2, &b);
		parse_pair(&a, &b);
		map_put(names, b.buf, a.buf);
	} else if (M(1)) {
		group(md, line.buf, 1, &a);
		group(md, line.buf, 2, &b);
		map_put(addrs, b.buf, a.buf);
	} else if (M(2)) {
		group(md, line.buf, 1, &a);
		group(md, line.buf, 2, &b);
		group(md, line.buf, 3, &c);
		parse_pair(&a, &b);
		map_put(names, c.buf, a.buf);
		map_put(addrs, c.buf, b.buf);
	} else if (M(3)) {
		group(md, line.buf, 1, &a);
		group(md, line.buf, 2, &b);
		group(md, line.buf, 3, &c);
		group(md, line.buf, 4, &d);
		parse_pair(&a, &b);
		parse_pair(&c, &d);
		pl_format_email(c.buf, d.buf, true, &key);
		map_put(names, key.buf, a.buf);
		map_put(addrs, key.buf, b.buf);
	}
#undef M
out:
	strbuf_release(&line);
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&c);
	strbuf_release(&d);
	strbuf_release(&key);
}

/*
 * Parse the lines of text that contain `needle` (all lines if NULL) into
 * the maps, in file order, as read_mailmap() would have.
 */
static void parse_lines(struct mailmap *mm, struct mm_map *names, struct mm_map *addrs,
			const char *needle)
{
	const char *p = mm->text, *end = mm->text + mm->len;
	size_t nl = needle ? strlen(needle) : 0;

	while (p < end) {
		const char *hit = nl ? memmem(p, (size_t)(end - p), needle, nl) : p;
		const char *start, *eol;

		if (!hit)
			break;
		start = hit;
		while (start > mm->text && start[-1] != '\n')
			start--;
		eol = memchr(hit, '\n', (size_t)(end - hit));
		if (!eol)
			eol = end;
		parse_line(mm, names, addrs, start, (size_t)(eol - start));
		p = eol + 1;
	}
}

struct mailmap *kbug_mailmap_parse(const char *text, size_t len, char *own)
{
	struct mailmap *mm = calloc(1, sizeof(*mm));
	int i;

	if (!mm) {
		free(own);
		return NULL;
	}
	mm->own = own;
	mm->text = text;
	mm->len = len;
	mm->re[0] = compile("^([^<]+)<([^>]+)>$");
	mm->re[1] = compile("^<([^>]+)>\\s*<([^>]+)>$");
	mm->re[2] = compile("^(.+)<([^>]+)>\\s*<([^>]+)>$");
	mm->re[3] = compile("^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$");
	mm->md = pcre2_match_data_create(8, NULL);
	for (i = 0; i < 4; i++)
		if (!mm->re[i])
			break;
	if (i < 4 || !mm->md) {
		kbug_mailmap_free(mm);
		return NULL;
	}
	return mm;
}

void kbug_mailmap_free(struct mailmap *mm)
{
	int i;

	if (!mm)
		return;
	map_free(&mm->names);
	map_free(&mm->addresses);
	for (i = 0; i < 4; i++)
		pcre2_code_free(mm->re[i]);
	for (i = 0; i < (int)mm->nmemo; i++) {
		free(mm->memo[i].addr);
		map_free(&mm->memo[i].names);
		map_free(&mm->memo[i].addresses);
	}
	pcre2_match_data_free(mm->md);
	free(mm->own);
	free(mm);
}

void kbug_mailmap_email(struct mailmap *mm, const char *line, struct strbuf *out)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, email = STRBUF_INIT;
	struct mm_map tn = { 0 }, ta = { 0 }, *names = NULL, *addrs = NULL;
	const char *rn, *ra;

	pl_parse_email(line, &name, &addr);
	pl_format_email(name.buf, addr.buf, true, &email);
	rn = name.buf;
	ra = addr.buf;
	if (mm) {
		/*
		 * Every key that can match holds the address: a few lookups read
		 * only the lines holding it; many (a batch) parse the whole file.
		 */
		if (!mm->full && (++mm->lookups > 64 || !addr.len)) {
			parse_lines(mm, &mm->names, &mm->addresses, NULL);
			mm->full = true;
		}
		if (mm->full) {
			names = &mm->names;
			addrs = &mm->addresses;
		} else {
			struct mm_memo *mo = NULL;
			unsigned int i;

			for (i = 0; i < mm->nmemo && !mo; i++)
				if (!strcmp(mm->memo[i].addr, addr.buf))
					mo = &mm->memo[i];
			if (!mo && mm->nmemo < ARRAY_SIZE(mm->memo)) {
				mo = &mm->memo[mm->nmemo];
				mo->addr = strdup(addr.buf);
				if (mo->addr) {
					parse_lines(mm, &mo->names, &mo->addresses, addr.buf);
					mm->nmemo++;
				} else {
					mo = NULL;
				}
			}
			if (mo) {
				names = &mo->names;
				addrs = &mo->addresses;
			} else {
				parse_lines(mm, &tn, &ta, addr.buf);
				names = &tn;
				addrs = &ta;
			}
		}
	}
	if (mm) {
		const char *n = map_get(names, email.buf);
		const char *a = map_get(addrs, email.buf);

		if (n || a) {
			if (n)
				rn = n;
			if (a)
				ra = a;
		} else {
			n = map_get(names, addr.buf);
			a = map_get(addrs, addr.buf);
			if (n)
				rn = n;
			if (a)
				ra = a;
		}
	}
	pl_format_email(rn, ra, true, out);
	map_free(&tn);
	map_free(&ta);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&email);
}
