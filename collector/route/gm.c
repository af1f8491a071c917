// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * get_maintainer.pl's To:/Cc: list for matched sections, with its
 * defaults (--no-git --no-git-fallback --m --r --l --moderated --nos
 * --roles --rolestats --remove-duplicates --mailmap): add_categories()
 * per section in rank order, deduplicate_email() through the mailmap,
 * the chief penguin dropped, *.yaml addresses "in file", merge_email().
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "route/internal.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define SECTION_MAXLEN 50

struct strpair {
	char *key, *a, *b;
};

struct pairs {
	struct strpair *v;
	size_t nr, alloc;
};

static struct strpair *pairs_find(struct pairs *p, const char *key)
{
	size_t i;

	for (i = 0; i < p->nr; i++)
		if (!strcmp(p->v[i].key, key))
			return &p->v[i];
	return NULL;
}

static void pairs_put(struct pairs *p, const char *key, const char *a, const char *b)
{
	struct strpair *e = pairs_find(p, key);

	if (e) {
		free(e->a);
		free(e->b);
	} else {
		if (p->nr == p->alloc) {
			size_t n = p->alloc ? p->alloc * 2 : 16;
			struct strpair *v = realloc(p->v, n * sizeof(*v));

			if (!v)
				return;
			p->v = v;
			p->alloc = n;
		}
		e = &p->v[p->nr++];
		e->key = strdup(key);
	}
	e->a = strdup(a ? a : "");
	e->b = strdup(b ? b : "");
}

static void pairs_free(struct pairs *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++) {
		free(p->v[i].key);
		free(p->v[i].a);
		free(p->v[i].b);
	}
	free(p->v);
}

struct gm_state {
	struct kbug_maint *m;
	struct gm_result email_to, list_to;
	struct pairs name_hash, addr_hash, list_hash;
	char **bug;
	size_t nbug, abug;
};

static void addr_push(struct gm_result *r, const char *email, const char *role, bool list)
{
	if (r->nr == r->alloc) {
		size_t n = r->alloc ? r->alloc * 2 : 16;
		struct gm_addr *v = realloc(r->v, n * sizeof(*v));

		if (!v)
			return;
		r->v = v;
		r->alloc = n;
	}
	r->v[r->nr++] = (struct gm_addr){ strdup(email), strdup(role), list };
}

/* get_subsystem_name: the title, cut to 50 characters */
static void subsystem_name(const struct kbug_maint *m, uint32_t sec, struct strbuf *out)
{
	const struct msection *s = &m->s[sec];

	strbuf_reset(out);
	if (s->title_is_entry) {
		const struct mentry *e = &m->e[s->first];

		strbuf_addf(out, "%c:", e->type);
		if (e->type == 'F' || e->type == 'X') {
			struct strbuf c = STRBUF_INIT;

			kbug_glob_convert(mval(m, e), &c);
			strbuf_addstr(out, c.buf);
			strbuf_release(&c);
		} else {
			strbuf_add(out, mval(m, e), e->vlen);
		}
	} else {
		strbuf_add(out, mtitle(m, s), s->tlen);
	}
	if (pl_strlen_chars(out->buf) > SECTION_MAXLEN) {
		const char *cut = pl_utf8_advance(out->buf, SECTION_MAXLEN - 3);

		strbuf_setlen(out, (size_t)(cut - out->buf));
		pl_rtrim(out);
		strbuf_addstr(out, "...");
	}
}

/* get_maintainer_role */
static void maintainer_role(const struct kbug_maint *m, uint32_t sec, struct strbuf *out)
{
	static const char *const map[][2] = {
		{ "supported", "supporter" },
		{ "maintained", "maintainer" },
		{ "odd fixes", "odd fixer" },
		{ "orphan", "orphan minder" },
		{ "obsolete", "obsolete minder" },
		{ "buried alive in reporters", "chief penguin" },
	};
	const struct msection *s = &m->s[sec];
	const char *role = "unknown";
	struct strbuf lc = STRBUF_INIT, name = STRBUF_INIT, v = STRBUF_INIT;
	uint32_t i;
	size_t k;

	for (i = s->first + s->title_is_entry; i < s->first + s->nr; i++)
		if (m->e[i].type == 'S')
			role = kbug_mentry_str(m, &m->e[i], &v);
	pl_lc(role, &lc);
	strbuf_release(&v);
	for (k = 0; k < ARRAY_SIZE(map); k++) {
		if (!strcmp(lc.buf, map[k][0])) {
			strbuf_reset(&lc);
			strbuf_addstr(&lc, map[k][1]);
			break;
		}
	}
	subsystem_name(m, sec, &name);
	strbuf_reset(out);
	strbuf_addf(out, "%s:%s", lc.buf, name.buf);
	strbuf_release(&lc);
	strbuf_release(&name);
}

static bool email_inuse(struct gm_state *st, const char *name, const char *addr)
{
	struct strbuf lc = STRBUF_INIT;
	bool r = false;

	if (!*name && !*addr)
		return true;
	if (*name) {
		pl_lc(name, &lc);
		r = pairs_find(&st->name_hash, lc.buf);
	}
	if (!r && *addr) {
		pl_lc(addr, &lc);
		r = pairs_find(&st->addr_hash, lc.buf);
	}
	strbuf_release(&lc);
	return r;
}

static int push_email_address(struct gm_state *st, const char *line, const char *role)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, f = STRBUF_INIT,
		lc = STRBUF_INIT;

	pl_parse_email(line, &name, &addr);
	if (!addr.len) {
		strbuf_release(&name);
		return 0;
	}
	if (!email_inuse(st, name.buf, addr.buf)) {
		pl_format_email(name.buf, addr.buf, true, &f);
		addr_push(&st->email_to, f.buf, role, false);
		if (name.len) {
			pl_lc(name.buf, &lc);
			pairs_put(&st->name_hash, lc.buf, NULL, NULL);
		}
		pl_lc(addr.buf, &lc);
		pairs_put(&st->addr_hash, lc.buf, NULL, NULL);
	}
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&f);
	strbuf_release(&lc);
	return 1;
}

static void push_email_addresses(struct gm_state *st, const char *value, const char *role,
				 uint32_t line)
{
	char **list = NULL;
	int n = pl_rfc822_list(value, &list), i;

	if (n > 0) {
		for (i = 0; i < n; i++) {
			push_email_address(st, list[i], role);
			free(list[i]);
		}
		free(list);
		return;
	}
	if (n < 0)
		return;
	if (!push_email_address(st, value, role))
		DBG("MAINTAINERS line %u: invalid address '%s'", line, value);
}

static void add_categories(struct gm_state *st, uint32_t sec)
{
	struct kbug_maint *m = st->m;
	const struct msection *s = &m->s[sec];
	struct strbuf role = STRBUF_INIT, name = STRBUF_INIT, lc = STRBUF_INIT,
		addr = STRBUF_INIT, v = STRBUF_INIT;
	uint32_t i;

	for (i = s->first + s->title_is_entry; i < s->first + s->nr; i++) {
		const struct mentry *e = &m->e[i];
		const char *val = kbug_mentry_str(m, e, &v);

		if (e->type == 'L') {
			const char *more = "", *sp;

			/* m/([^\s]+)\s+(.*)$/: the first word, if blanks follow it */
			strbuf_reset(&addr);
			strbuf_addstr(&addr, val);
			for (sp = val; *sp; sp++) {
				if (pl_space(sp) && sp > val) {
					strbuf_reset(&addr);
					strbuf_add(&addr, val, (size_t)(sp - val));
					while (*sp && pl_space(sp))
						sp += pl_space(sp);
					more = sp;
					break;
				}
			}
			if (strstr(more, "subscribers-only"))
				continue;	/* --nos: neither listed nor remembered */
			pl_lc(addr.buf, &lc);
			if (pairs_find(&st->list_hash, lc.buf))
				continue;
			pairs_put(&st->list_hash, lc.buf, NULL, NULL);
			subsystem_name(m, sec, &name);
			strbuf_reset(&role);
			strbuf_addstr(&role, strstr(more, "moderated") ? "moderated list" :
				      "open list");
			if (strcmp(name.buf, "THE REST"))
				strbuf_addf(&role, ":%s", name.buf);
			addr_push(&st->list_to, addr.buf, role.buf, true);
		} else if (e->type == 'M') {
			maintainer_role(m, sec, &role);
			push_email_addresses(st, val, role.buf, e->line);
		} else if (e->type == 'R') {
			subsystem_name(m, sec, &name);
			strbuf_reset(&role);
			strbuf_addf(&role, "reviewer:%s", name.buf);
			push_email_addresses(st, val, role.buf, e->line);
		} else if (e->type == 'B') {
			if (st->nbug == st->abug) {
				size_t n = st->abug ? st->abug * 2 : 8;
				char **nv = realloc(st->bug, n * sizeof(*nv));

				if (!nv)
					continue;
				st->bug = nv;
				st->abug = n;
			}
			st->bug[st->nbug++] = strdup(val);
		}
	}
	strbuf_release(&v);
	strbuf_release(&role);
	strbuf_release(&name);
	strbuf_release(&lc);
	strbuf_release(&addr);
}

/* deduplicate_email */
static void deduplicate_email(struct gm_state *st, struct pairs *dn, struct pairs *da,
			      char **email)
{
	struct kbug_maint *m = st->m;
	struct mailmap *mm = maint_mailmap(m);
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, f = STRBUF_INIT,
		mapped = STRBUF_INIT, lc = STRBUF_INIT, lca = STRBUF_INIT;
	struct strpair *hit = NULL;

	pl_parse_email(*email, &name, &addr);
	pl_format_email(name.buf, addr.buf, true, &f);
	kbug_mailmap_email(mm, f.buf, &mapped);
	pl_parse_email(mapped.buf, &name, &addr);
	pl_lc(name.buf, &lc);
	pl_lc(addr.buf, &lca);
	if (name.len)
		hit = pairs_find(dn, lc.buf);
	if (!hit)
		hit = pairs_find(da, lca.buf);
	if (hit) {
		strbuf_reset(&name);
		strbuf_addstr(&name, hit->a);
		strbuf_reset(&addr);
		strbuf_addstr(&addr, hit->b);
	} else {
		pairs_put(dn, lc.buf, name.buf, addr.buf);
		pairs_put(da, lca.buf, name.buf, addr.buf);
	}
	pl_format_email(name.buf, addr.buf, true, &f);
	kbug_mailmap_email(mm, f.buf, &mapped);
	free(*email);
	*email = strbuf_detach(&mapped, NULL);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&f);
	strbuf_release(&lc);
	strbuf_release(&lca);
}

/* m/$email_address/ with the address's '.' meaning any character */
static bool dot_search(const char *hay, const char *pat)
{
	size_t n = strlen(pat);

	for (; *hay; hay++) {
		size_t i;

		for (i = 0; i < n && hay[i] && hay[i] != '\n' &&
		     (pat[i] == '.' || pat[i] == hay[i]); i++)
			;
		if (i == n)
			return true;
	}
	return false;
}

/* add_role(line, "in file") */
static void add_role(struct gm_state *st, const char *line, const char *role)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, en = STRBUF_INIT,
		ea = STRBUF_INIT, r = STRBUF_INIT;
	size_t i;

	pl_parse_email(line, &name, &addr);
	for (i = 0; i < st->email_to.nr; i++) {
		struct gm_addr *e = &st->email_to.v[i];

		pl_parse_email(e->email, &en, &ea);
		if ((!strcmp(name.buf, en.buf) || !strcmp(addr.buf, ea.buf)) &&
		    (!*role || !strstr(e->role, role))) {
			strbuf_reset(&r);
			if (*e->role)
				strbuf_addf(&r, "%s,%s", e->role, role);
			else
				strbuf_addstr(&r, role);
			free(e->role);
			e->role = strbuf_detach(&r, NULL);
		}
	}
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&en);
	strbuf_release(&ea);
	strbuf_release(&r);
}

static void file_emails(struct gm_state *st, const char *file, char ***acc, size_t *nacc)
{
	struct kbug_maint *m = st->m;
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	size_t fl = strlen(file);
	char **found = NULL;
	int n, i;

	if (!m->tree || fl < 5 || strcmp(file + fl - 5, ".yaml") ||
	    !strcmp(file, "MAINTAINERS") || maint_isfile(m, file) != 1)
		return;
	strbuf_addf(&p, "%s/%s", m->tree, file);
	if (strbuf_read_file(&text, p.buf, 16 << 20) < 0)
		goto out;
	n = pl_file_emails(text.buf, text.len, &found);
	for (i = 0; i < n; i++) {
		size_t j;

		for (j = 0; j < *nacc; j++)
			if (!strcmp((*acc)[j], found[i]))
				break;
		if (j == *nacc) {
			char **v = realloc(*acc, (*nacc + 1) * sizeof(*v));

			if (v) {
				*acc = v;
				v[(*nacc)++] = found[i];
				continue;
			}
		}
		free(found[i]);
	}
	free(found);
out:
	strbuf_release(&p);
	strbuf_release(&text);
}

/* The chief penguin is dropped from the maintainers found (a match of his line). */
static void remove_penguin(struct gm_state *st)
{
	static const char penguin[] = "Linus Torvalds <torvalds@linux-foundation.org>";
	size_t i, k;

	for (i = 0, k = 0; i < st->email_to.nr; i++) {
		if (dot_search(st->email_to.v[i].email, penguin)) {
			free(st->email_to.v[i].email);
			free(st->email_to.v[i].role);
		} else {
			st->email_to.v[k++] = st->email_to.v[i];
		}
	}
	st->email_to.nr = k;
}

/* The addresses found in the files themselves, mailmapped, as "in file"; frees fe. */
static void add_file_emails(struct gm_state *st, char **fe, size_t nfe)
{
	size_t i;

	for (i = 0; i < nfe; i++) {
		struct strbuf mapped = STRBUF_INIT, name = STRBUF_INIT, addr = STRBUF_INIT,
			tmp = STRBUF_INIT;

		kbug_mailmap_email(maint_mailmap(st->m), fe[i], &mapped);
		pl_parse_email(mapped.buf, &name, &addr);
		pl_format_email(name.buf, addr.buf, true, &tmp);
		push_email_address(st, tmp.buf, "");
		add_role(st, tmp.buf, "in file");
		strbuf_release(&mapped);
		strbuf_release(&name);
		strbuf_release(&addr);
		strbuf_release(&tmp);
		free(fe[i]);
	}
	free(fe);
}

/* merge_email: the first line for each address wins */
static void merge_email(struct gm_state *st, struct gm_result *res)
{
	size_t i, j;

	for (i = 0; i < st->email_to.nr + st->list_to.nr; i++) {
		struct gm_addr *a = i < st->email_to.nr ? &st->email_to.v[i] :
				    &st->list_to.v[i - st->email_to.nr];

		for (j = 0; j < res->nr; j++)
			if (!strcmp(res->v[j].email, a->email))
				break;
		if (j == res->nr)
			addr_push(res, a->email, a->role, a->list);
		free(a->email);
		free(a->role);
	}
	free(st->email_to.v);
	free(st->list_to.v);
}

/* uniq(@bug) */
static void uniq_bug(struct gm_state *st, struct gm_result *res)
{
	size_t i, j;

	for (i = 0; i < st->nbug; i++) {
		for (j = 0; j < res->nbug; j++)
			if (!strcmp(res->bug[j], st->bug[i]))
				break;
		if (j < res->nbug) {
			free(st->bug[i]);
			continue;
		}
		if (!res->nbug || !(res->nbug & (res->nbug - 1))) {
			char **v = realloc(res->bug, (res->nbug ? res->nbug * 2 : 1) * sizeof(*v));

			if (!v) {
				free(st->bug[i]);
				continue;
			}
			res->bug = v;
		}
		res->bug[res->nbug++] = st->bug[i];
	}
	free(st->bug);
}

int gm_collect(struct kbug_maint *m, const struct gm_file *files, size_t nfiles,
	       struct gm_result *res)
{
	struct gm_state st = { .m = m };
	struct pairs dn = { 0 }, da = { 0 };
	char **fe = NULL;
	size_t nfe = 0, i, j;

	memset(res, 0, sizeof(*res));
	for (i = 0; i < nfiles; i++) {
		for (j = 0; j < files[i].nsec; j++)
			add_categories(&st, files[i].sec[j].sec);
		file_emails(&st, files[i].file, &fe, &nfe);
	}
	for (i = 0; i < st.email_to.nr; i++)
		deduplicate_email(&st, &dn, &da, &st.email_to.v[i].email);
	for (i = 0; i < st.list_to.nr; i++)
		deduplicate_email(&st, &dn, &da, &st.list_to.v[i].email);
	remove_penguin(&st);
	add_file_emails(&st, fe, nfe);
	merge_email(&st, res);
	uniq_bug(&st, res);
	pairs_free(&st.name_hash);
	pairs_free(&st.addr_hash);
	pairs_free(&st.list_hash);
	pairs_free(&dn);
	pairs_free(&da);
	return 0;
}

void gm_result_print(const struct gm_result *res, bool bug, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < res->nr; i++)
		strbuf_addf(out, "%s (%s)\n", res->v[i].email, res->v[i].role);
	if (bug)
		for (i = 0; i < res->nbug; i++)
			strbuf_addf(out, "%s\n", res->bug[i]);
}

void gm_result_release(struct gm_result *res)
{
	size_t i;

	for (i = 0; i < res->nr; i++) {
		free(res->v[i].email);
		free(res->v[i].role);
	}
	free(res->v);
	for (i = 0; i < res->nbug; i++)
		free(res->bug[i]);
	free(res->bug);
	memset(res, 0, sizeof(*res));
}
