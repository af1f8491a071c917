// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The suspect of a report and the one writer of its "route" section
 * (route.h: kbug_route_suspect): what the user named, else the picked
 * kernel report's guilty file or module, routed through MAINTAINERS;
 * an out-of-tree module to its vendor (vendor.c) instead. A crash's
 * route carries the blame's confidence and, when that is low, the
 * runner-up sections: those of the other files the report names and of
 * the guilty file's parent directory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/report.h"
#include "route/internal.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

/* Copy every member of src into dst (new references; a null stays null). */
static void merge_into(struct json_object *dst, struct json_object *src)
{
	json_object_object_foreach(src, k, v)
		if (json_object_object_add(dst, k, json_object_get(v)) < 0)
			json_object_put(v);
}

/*
 * Set "route": the source, the suspect (taken), then what routing gave
 * (res, borrowed, may be NULL) or an error. The only kbug_report_set of it.
 */
static void set_route(struct kbug_report *r, struct kbug_maint *m, struct json_object *sus,
		      struct json_object *res, const char *error)
{
	struct json_object *route = json_object_new_object();

	kj_set(route, "source", kbug_maint_source(m));
	kj_set(route, "suspect", sus);
	if (res)
		merge_into(route, res);
	if (error)
		kj_set_str(route, "error", error);
	kbug_report_set(r, "route", route);
}

static struct json_object *suspect_new(const char *path, const char *from, const char *why)
{
	struct json_object *sus = json_object_new_object();

	kj_set_str(sus, "path", path);
	kj_set_str(sus, "from", from);
	kj_set_str(sus, "why", why);
	return sus;
}

int kbug_route_report(struct kbug_report *r, struct kbug_maint *m, const char *path)
{
	struct json_object *reps = kj_path(kbug_report_get(r, "analysis"), "reports");
	struct json_object *last = NULL, *res = NULL, *sus;
	const char *from = "file", *why = "given on the command line", *mod = NULL;
	int ret = -ENOENT;

	if (!path && reps && json_object_is_type(reps, json_type_array) &&
	    json_object_array_length(reps)) {
		last = json_object_array_get_idx(reps, json_object_array_length(reps) - 1);
		path = kj_get_str(last, "guilty_file");
		mod = kj_get_str(last, "guilty_module");
		from = "crash";
		why = kj_get_str(last, "blame_reason");
	}
	if (path) {
		ret = kbug_route_path(m, path, &res);
	} else if (mod) {
		from = "module";
		ret = kbug_route_module(m, mod, &res);
	}
	sus = json_object_new_object();
	kj_set_str(sus, "path", path ?: res ? kj_get_str(res, "path") : NULL);
	kj_set_str(sus, "module", path ? NULL : mod);
	kj_set_str(sus, "from", from);
	kj_set_str(sus, "why", why);
	if (res)
		set_route(r, m, sus, res, NULL);
	else if (!path && !mod)
		set_route(r, m, sus, NULL, "nothing to route: no file, module or crash to blame");
	else
		set_route(r, m, sus, NULL, ret != -ENOENT || path ? strerror(-ret) : NULL);
	json_object_put(res);
	return ret;
}

/*
 * Route path; when this MAINTAINERS' tree does not have it (renamed, or
 * newer than the tree), its nearest directory that exists. p gets what
 * was routed.
 */
static int route_nearest(struct kbug_maint *m, const char *path, struct strbuf *p,
			 struct json_object **res)
{
	int saved = kbug_log_level, ret = -ENOENT, tries;

	strbuf_reset(p);
	strbuf_addstr(p, path);
	kbug_log_level = -1;
	for (tries = 0; tries < 8 && p->len; tries++) {
		char *slash;

		ret = kbug_route_path(m, p->buf, res);
		if (ret != -ENOENT)
			break;
		while (p->len && p->buf[p->len - 1] == '/')
			strbuf_setlen(p, p->len - 1);
		slash = strrchr(p->buf, '/');
		if (!slash)
			break;
		strbuf_setlen(p, (size_t)(slash - p->buf) + 1);
	}
	kbug_log_level = saved;
	return ret;
}

#define RUNNERS_UP_MAX 4

/*
 * One candidate path: the sections (and their lists) it adds to what
 * the route already has, as {"path", "sections": [names], "lists": [addresses]}.
 */
static void runner_up(struct kbug_maint *m, struct json_object *route, const char *path,
		      struct json_object *out)
{
	struct strbuf p = STRBUF_INIT;
	struct json_object *res = NULL, *secs, *lists, *names, *addrs, *o;
	size_t i, n;

	if (route_nearest(m, path, &p, &res) || !res)
		goto out;
	secs = kj_get(res, "sections");
	lists = kj_get(res, "lists");
	names = json_object_new_array();
	addrs = json_object_new_array();
	n = secs ? json_object_array_length(secs) : 0;
	for (i = 0; i < n; i++) {
		const char *name = kj_get_str(json_object_array_get_idx(secs, i), "name");
		size_t k;
		bool dup = kbug_route_arr_has(kj_get(route, "sections"), "name", name);

		for (k = 0; !dup && k < json_object_array_length(out); k++) {
			struct json_object *u = json_object_array_get_idx(out, k);

			dup = kbug_route_arr_has(kj_get(u, "sections_full"), "name", name);
		}
		if (!dup && name)
			kj_append_str(names, name);
	}
	n = lists ? json_object_array_length(lists) : 0;
	for (i = 0; i < n; i++) {
		const char *a = kj_get_str(json_object_array_get_idx(lists, i), "address");

		if (a && !kbug_route_arr_has(kj_get(route, "lists"), "address", a))
			kj_append_str(addrs, a);
	}
	if (!json_object_array_length(names)) {
		json_object_put(names);
		json_object_put(addrs);
		goto out;
	}
	o = json_object_new_object();
	kj_set_str(o, "path", p.buf);
	kj_set(o, "sections", names);
	kj_set(o, "lists", addrs);
	kj_set(o, "sections_full", json_object_get(secs));
	kj_append(out, o);
out:
	json_object_put(res);
	strbuf_release(&p);
}

/* The guilty path's parent directory: "a/b/c.c" -> "a/", "a/b/" -> "a/". */
static char *parent_dir(const char *path)
{
	char *d = strdup(path), *slash;
	size_t n;

	if (!d)
		return NULL;
	n = strlen(d);
	while (n && d[n - 1] == '/')
		d[--n] = '\0';
	slash = strrchr(d, '/');
	if (!slash) {
		free(d);
		return NULL;
	}
	slash[1] = '\0';
	return d;
}

/*
 * The blame's confidence on the route; with "low", the runner-ups: the
 * other files the report's frames name, then the guilty path's parent.
 */
static void route_confidence(struct kbug_report *r, struct kbug_maint *m,
			     struct json_object *rep)
{
	struct json_object *route = kbug_report_get(r, "route"), *frames, *ups;
	const char *conf = kj_get_str(rep, "confidence");
	const char *path = kj_get_str(kj_get(route, "suspect"), "path");
	size_t i, n;
	char *parent;

	if (!route || !conf)
		return;
	kj_set_str(route, "confidence", conf);
	kj_set_str(route, "blame_source", kj_get_str(rep, "blame_source"));
	if (strcmp(conf, "low") || !path)
		return;
	ups = json_object_new_array();
	frames = kj_get(rep, "frames");
	n = frames && json_object_is_type(frames, json_type_array) ?
	    json_object_array_length(frames) : 0;
	for (i = 0; i < n && json_object_array_length(ups) < RUNNERS_UP_MAX; i++) {
		const char *f = kj_get_str(json_object_array_get_idx(frames, i), "file");

		if (f && strcmp(f, path) && !kbug_route_arr_has(ups, "path", f))
			runner_up(m, route, f, ups);
	}
	parent = parent_dir(path);
	if (parent && json_object_array_length(ups) < RUNNERS_UP_MAX)
		runner_up(m, route, parent, ups);
	free(parent);
	for (i = 0; i < json_object_array_length(ups); i++)
		json_object_object_del(json_object_array_get_idx(ups, i), "sections_full");
	kj_set(route, "runners_up", ups);
}

/* The picked report's guilty file, routed by its nearest directory if need be. */
static int route_crash_file(struct kbug_report *r, struct kbug_maint *m, const char *gf,
			    const char *why)
{
	struct strbuf p = STRBUF_INIT;
	struct json_object *res = NULL;
	int ret = route_nearest(m, gf, &p, &res);

	if (ret) {
		ERR("cannot route '%s': %s", gf, strerror(-ret));
	} else {
		set_route(r, m, suspect_new(p.buf, "crash", why ?: "the guilty file of the report"),
			  res, NULL);
	}
	json_object_put(res);
	strbuf_release(&p);
	return ret;
}

/*
 * An out-of-tree module: to its vendor, when kbug knows where it takes
 * reports; never to the maintainers of an in-tree file. -ENXIO when the
 * vendor is unknown (the route says so, with no destination).
 */
static int route_vendor(struct kbug_report *r, struct kbug_maint *m, const char *mod,
			const char *taint, const char *from, const char *why)
{
	struct json_object *res = NULL, *sus = json_object_new_object();
	int ret = kbug_route_vendor(mod, taint, &res);

	kj_set_str(sus, "module", mod);
	kj_set_str(sus, "from", from);
	kj_set_str(sus, "why", why);
	if (ret)
		ERR("'%s' is an out-of-tree module: report it to its vendor (or to the distribution that ships it), not to the kernel's maintainers; kbug does not know where its vendor takes reports",
		    mod);
	set_route(r, m, sus, res, ret ? "out-of-tree: report to its vendor" : NULL);
	json_object_put(res);
	return ret ? -ENXIO : 0;
}

/* A module, a driver (its module) or a device, named or blamed. */
static int route_named(struct kbug_report *r, struct kbug_maint *m, const struct kbug_suspect *s,
		       const char *what, bool crash)
{
	const char *kind = s->device ? "device" : s->driver ? "driver" : "module";
	struct json_object *res = NULL, *sus;
	struct strbuf why = STRBUF_INIT;
	int ret;

	if (!s->device && kbug_route_vendor_known(what)) {
		strbuf_addf(&why, "%s %s, an out-of-tree module", crash ? "the report blames" :
			    "named with --module", what);
		ret = route_vendor(r, m, what, NULL, crash ? "crash" : kind, why.buf);
		strbuf_release(&why);
		return ret;
	}
	if (s->device)
		ret = kbug_route_device(m, s->device, &res);
	else
		ret = kbug_route_module(m, what, &res);
	if (ret) {
		ERR("cannot route %s '%s': %s", s->device ? "the device" : s->driver ?
		    "the driver" : "the module", what, strerror(-ret));
		return ret;
	}
	if (crash)
		strbuf_addf(&why, "the report blames the module %s", what);
	else
		strbuf_addf(&why, "named with --%s %s", kind, what);
	sus = suspect_new(kj_get_str(res, "path"), crash ? "crash" : kind, why.buf);
	kj_set_str(sus, s->device ? "device" : "module", what);
	set_route(r, m, sus, res, NULL);
	json_object_put(res);
	strbuf_release(&why);
	return 0;
}

int kbug_route_suspect(struct kbug_report *r, struct kbug_maint *m,
		       const struct kbug_suspect *s)
{
	const char *what = s->module ?: s->driver ?: s->device;
	bool crash = false;

	if (!what && !s->file && s->report) {
		const char *gf = kj_get_str(s->report, "guilty_file");
		const char *gm = kj_get_str(s->report, "guilty_module");
		int ret;

		if (gm && kj_get_bool(s->report, "out_of_tree", false))
			return route_vendor(r, m, gm, kj_get_str(s->report, "taint"), "crash",
					    "the report blames an out-of-tree module");
		if (gf) {
			ret = route_crash_file(r, m, gf, kj_get_str(s->report, "blame_reason"));
			if (!ret)
				route_confidence(r, m, s->report);
			return ret;
		}
		what = gm;
		crash = true;
	}
	if (!what) {
		if (!s->file) {
			ERR("nothing to route: name a file, module, driver or device");
			return -EINVAL;
		}
		return kbug_route_report(r, m, s->file);
	}
	return route_named(r, m, s, what, crash);
}
