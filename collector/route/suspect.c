// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The suspect of a report and the one writer of its "route" section
 * (route.h: kbug_route_suspect): what the user named, else the picked
 * kernel report's guilty file or module, routed through MAINTAINERS.
 */
#include <errno.h>
#include <string.h>

#include "core/report.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

/* Copy every member of src into dst (new references). */
static void merge_into(struct json_object *dst, struct json_object *src)
{
	json_object_object_foreach(src, k, v)
		kj_set(dst, k, json_object_get(v));
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
	else if (error)
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

/* A module, a driver (its module) or a device, named or blamed. */
static int route_named(struct kbug_report *r, struct kbug_maint *m, const struct kbug_suspect *s,
		       const char *what, bool crash)
{
	const char *kind = s->device ? "device" : s->driver ? "driver" : "module";
	struct json_object *res = NULL, *sus;
	struct strbuf why = STRBUF_INIT;
	int ret;

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

		if (gf)
			return route_crash_file(r, m, gf, kj_get_str(s->report, "blame_reason"));
		what = kj_get_str(s->report, "guilty_module");
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
