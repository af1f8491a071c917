// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The route stage's entry points (route.h): a path, a module or a device
 * to ranked sections, get_maintainer.pl's To:/Cc: list and a destination
 * from B:, as JSON (docs/pipeline.md, "route"); and the same list as
 * get_maintainer.pl prints it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "route/internal.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "probes/lookup.h"

/*
 * get_maintainer.pl's handling of a -f argument: canonpath, the tree's
 * prefix stripped, a '/' added for a directory; with a tree at hand a
 * path that is neither file nor directory is an error (-ENOENT).
 */
int kbug_route_prepare(struct kbug_maint *m, const char *path, struct strbuf *out)
{
	if (!path || !*path || strpbrk(path, "\n\r")) {
		ERR("bad path '%s': empty or with a line break", path ? path : "");
		return -EINVAL;
	}
	kbug_route_canon_path(path, m->tree, out);
	if (maint_isdir(m, out->buf)) {
		if (out->len && out->buf[out->len - 1] != '/')
			strbuf_addch(out, '/');
	} else if (m->tree && maint_isfile(m, out->buf) != 1) {
		ERR("file '%s' not found in '%s'", out->buf, m->tree);
		return -ENOENT;
	}
	return 0;
}

static int route_one(struct kbug_maint *m, const char *file, struct rmatches *r)
{
	int ret = kbug_route_match(m, file, r);

	if (!ret)
		kbug_route_sort(r);
	return ret;
}

int kbug_route_format_gm(struct kbug_maint *m, const char *path, bool bug, struct strbuf *out)
{
	return kbug_route_format_gm_many(m, &path, 1, bug, false, out);
}

/* Next permutation of v[0..n) in lexicographic order of sec; false after the last. */
static bool next_perm(struct rmatch *v, size_t n)
{
	size_t i, j;

	if (n < 2)
		return false;
	i = n - 1;
	while (i > 0 && v[i - 1].sec >= v[i].sec)
		i--;
	if (!i) {
		/* the last order: wrap around to the first (ascending) */
		for (j = n - 1; i < j; i++, j--) {
			struct rmatch t = v[i];

			v[i] = v[j];
			v[j] = t;
		}
		return false;
	}
	j = n - 1;
	while (v[j].sec <= v[i - 1].sec)
		j--;
	{
		struct rmatch t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
	for (j = n - 1; i < j; i++, j--) {
		struct rmatch t = v[i];

		v[i] = v[j];
		v[j] = t;
	}
	return true;
}

/* Advance the permutation of every run of equal rank; false when all are done. */
static bool next_tie_order(struct rmatches *r)
{
	size_t a = r->nr;

	/* the last group varies fastest */
	while (a > 0) {
		size_t b = a, s = a - 1;

		while (s > 0 && r->v[s - 1].rank == r->v[b - 1].rank)
			s--;
		if (next_perm(r->v + s, b - s))
			return true;
		/* wrapped around: back to sorted, carry into the previous group */
		a = s;
	}
	return false;
}

int kbug_route_format_gm_many(struct kbug_maint *m, const char *const *paths, size_t n,
			      bool bug, bool all_ties, struct strbuf *out)
{
	struct gm_file *files = calloc(n ? n : 1, sizeof(*files));
	struct rmatches *rm = calloc(n ? n : 1, sizeof(*rm));
	struct strbuf *canon = calloc(n ? n : 1, sizeof(*canon));
	struct gm_result res;
	size_t i;
	int ret = 0;

	if (!files || !rm || !canon) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		strbuf_init(&canon[i], 0);
		ret = kbug_route_prepare(m, paths[i], &canon[i]);
		if (!ret)
			ret = route_one(m, canon[i].buf, &rm[i]);
		if (ret)
			goto out;
		files[i] = (struct gm_file){ canon[i].buf, rm[i].v, rm[i].nr };
	}
	if (all_ties && n == 1) {
		/* every order get_maintainer.pl's hash may give equal ranks, distinct outputs */
		struct strbuf seen = STRBUF_INIT, one = STRBUF_INIT;
		unsigned int count = 0;

		for (i = 0; i < rm[0].nr; i++) {
			size_t j = i;

			while (j + 1 < rm[0].nr && rm[0].v[j + 1].rank == rm[0].v[i].rank)
				j++;
			/* start each group at its lexicographically first order */
			for (size_t a = i; a <= j; a++)
				for (size_t b = a + 1; b <= j; b++)
					if (rm[0].v[b].sec < rm[0].v[a].sec) {
						struct rmatch t = rm[0].v[a];

						rm[0].v[a] = rm[0].v[b];
						rm[0].v[b] = t;
					}
			i = j;
		}
		do {
			files[0].sec = rm[0].v;
			gm_collect(m, files, 1, &res);
			strbuf_reset(&one);
			strbuf_addch(&one, '\x1e');
			gm_result_print(&res, bug, &one);
			strbuf_addch(&one, '\x1e');
			gm_result_release(&res);
			if (!memmem(seen.buf, seen.len, one.buf, one.len))
				strbuf_add(&seen, one.buf, one.len);
		} while (++count < 5040 && next_tie_order(&rm[0]));
		strbuf_add(out, seen.buf, seen.len);
		strbuf_release(&seen);
		strbuf_release(&one);
		goto out;
	}
	ret = gm_collect(m, files, n, &res);
	if (!ret)
		gm_result_print(&res, bug, out);
	gm_result_release(&res);
out:
	for (i = 0; canon && rm && i < n; i++) {
		strbuf_release(&canon[i]);
		free(rm[i].v);
	}
	free(files);
	free(rm);
	free(canon);
	return ret;
}

/* "Name <addr>" -> name (unquoted) and address */
static void split_email(const char *email, struct strbuf *name, struct strbuf *addr)
{
	const char *lt = strrchr(email, '<');

	strbuf_reset(name);
	strbuf_reset(addr);
	if (!lt || lt == email) {
		strbuf_addstr(addr, email);
		return;
	}
	strbuf_addstr(addr, lt + 1);
	if (addr->len && addr->buf[addr->len - 1] == '>')
		strbuf_setlen(addr, addr->len - 1);
	strbuf_add(name, email, (size_t)(lt - email));
	strbuf_rtrim(name);
	if (name->len >= 2 && name->buf[0] == '"' && name->buf[name->len - 1] == '"') {
		struct strbuf u = STRBUF_INIT;
		size_t i;

		for (i = 1; i + 1 < name->len; i++) {
			if (name->buf[i] == '\\' && name->buf[i + 1] == '"')
				continue;
			strbuf_addch(&u, name->buf[i]);
		}
		strbuf_reset(name);
		strbuf_add(name, u.buf, u.len);
		strbuf_release(&u);
	}
}

static struct json_object *section_json(struct kbug_maint *m, const struct rmatch *r,
					size_t rank)
{
	const struct msection *s = &m->s[r->sec];
	struct json_object *o = json_object_new_object(), *ents = json_object_new_array();
	const struct mentry *why = &m->e[r->why], *status = NULL;
	struct strbuf sb = STRBUF_INIT;
	uint32_t i;

	for (i = s->first + (s->title_is_entry ? 1 : 0); i < s->first + s->nr; i++) {
		struct json_object *e = json_object_new_object();
		char t[2] = { m->e[i].type, 0 };

		kj_set_str(e, "type", t);
		kj_set_str(e, "value", kbug_mentry_str(m, &m->e[i], &sb));
		kj_append(ents, e);
		if (m->e[i].type == 'S')
			status = &m->e[i];
	}
	kj_set_str(o, "name", kbug_msection_title(m, s, &sb));
	if (status)
		kj_set_str(o, "status", kbug_mentry_str(m, status, &sb));
	else
		kj_set(o, "status", NULL);
	kj_set_int(o, "rank", (int64_t)rank);
	kj_set_int(o, "depth", r->rank);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%c: %.*s", why->type, (int)why->vlen, mval(m, why));
	kj_set_str(o, "why", sb.buf);
	kj_set_int(o, "line", s->line);
	kj_set(o, "entries", ents);
	strbuf_release(&sb);
	return o;
}

/* The matched sections, ranked; *dest from the first B: among them. */
static struct json_object *sections_json(struct kbug_maint *m, const struct rmatches *rm,
					 struct json_object **dest)
{
	struct json_object *secs = json_object_new_array();
	size_t i;

	for (i = 0; i < rm->nr; i++) {
		const struct msection *s = &m->s[rm->v[i].sec];
		uint32_t k;

		kj_append(secs, section_json(m, &rm->v[i], i + 1));
		for (k = s->first + s->title_is_entry; !*dest && k < s->first + s->nr; k++) {
			if (m->e[k].type == 'B') {
				struct strbuf v = STRBUF_INIT, t = STRBUF_INIT;

				*dest = kbug_route_destination(kbug_mentry_str(m, &m->e[k], &v),
							       kbug_msection_title(m, s, &t));
				strbuf_release(&v);
				strbuf_release(&t);
			}
		}
	}
	return secs;
}

/* "maintainers", "reviewers" and "lists" into o; the bare To and Cc addresses. */
static void people_json(const struct gm_result *res, struct json_object *o,
			struct json_object *to, struct json_object *cc)
{
	struct json_object *maint = json_object_new_array(), *rev = json_object_new_array();
	struct json_object *lists = json_object_new_array();
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	size_t i;

	for (i = 0; i < res->nr; i++) {
		struct json_object *a = json_object_new_object();

		if (res->v[i].list) {
			kj_set_str(a, "address", res->v[i].email);
			kj_set_str(a, "role", res->v[i].role);
			kj_append(lists, a);
			kj_append_str(cc, res->v[i].email);
			continue;
		}
		split_email(res->v[i].email, &name, &addr);
		if (name.len)
			kj_set_str(a, "name", name.buf);
		else
			kj_set(a, "name", NULL);
		kj_set_str(a, "address", addr.buf);
		kj_set_str(a, "role", res->v[i].role);
		kj_append(strncmp(res->v[i].role, "reviewer:", 9) ? maint : rev, a);
		kj_append_str(to, res->v[i].email);
	}
	kj_set(o, "maintainers", maint);
	kj_set(o, "reviewers", rev);
	kj_set(o, "lists", lists);
	strbuf_release(&name);
	strbuf_release(&addr);
}

static int route_json(struct kbug_maint *m, const char *path, struct json_object **out)
{
	struct strbuf canon = STRBUF_INIT;
	struct rmatches rm = { 0 };
	struct gm_result res;
	struct json_object *o, *dest = NULL, *to, *cc;
	struct gm_file f;
	int ret;

	*out = NULL;
	ret = kbug_route_prepare(m, path, &canon);
	if (!ret)
		ret = route_one(m, canon.buf, &rm);
	if (ret) {
		strbuf_release(&canon);
		free(rm.v);
		return ret;
	}
	f = (struct gm_file){ canon.buf, rm.v, rm.nr };
	gm_collect(m, &f, 1, &res);
	o = json_object_new_object();
	kj_set_str(o, "path", canon.buf);
	kj_set(o, "sections", sections_json(m, &rm, &dest));
	to = json_object_new_array();
	cc = json_object_new_array();
	people_json(&res, o, to, cc);
	if (!dest) {
		dest = json_object_new_object();
		kj_set_str(dest, "kind", "email");
		kj_set(dest, "to", to);
		kj_set(dest, "cc", cc);
	} else {
		json_object_put(to);
		json_object_put(cc);
	}
	kj_set(o, "destination", dest);
	gm_result_release(&res);
	free(rm.v);
	strbuf_release(&canon);
	*out = o;
	return 0;
}

int kbug_route_path(struct kbug_maint *m, const char *path, struct json_object **out)
{
	return route_json(m, path, out);
}

int kbug_route_module(struct kbug_maint *m, const char *module, struct json_object **out)
{
	struct strbuf dir = STRBUF_INIT;
	const char *p;
	int ret;

	*out = NULL;
	ret = kbug_module_source_dir(module, &dir);
	if (ret < 0 || !dir.len) {
		ERR("cannot find the source directory of module '%s'%s%s", module,
		    ret < 0 ? ": " : "", ret < 0 ? strerror(-ret) : "");
		strbuf_release(&dir);
		return ret < 0 ? ret : -ENOENT;
	}
	for (p = dir.buf; *p == '/'; p++)
		;
	ret = route_json(m, p, out);
	if (!ret) {
		kj_set_str(*out, "module", module);
		kj_set_str(*out, "source_dir", dir.buf);
	}
	strbuf_release(&dir);
	return ret;
}

int kbug_route_device(struct kbug_maint *m, const char *device, struct json_object **out)
{
	struct strbuf drv = STRBUF_INIT, mod = STRBUF_INIT;
	int ret;

	*out = NULL;
	ret = kbug_device_module(device, &drv, &mod);
	if (ret < 0 || !mod.len) {
		ERR("no driver module found for device '%s'%s%s", device, ret < 0 ? ": " : "",
		    ret < 0 ? strerror(-ret) : "");
		ret = ret < 0 ? ret : -ENOENT;
	} else {
		ret = kbug_route_module(m, mod.buf, out);
		if (!ret) {
			kj_set_str(*out, "device", device);
			kj_set_str(*out, "driver", drv.buf);
		}
	}
	strbuf_release(&drv);
	strbuf_release(&mod);
	return ret;
}
