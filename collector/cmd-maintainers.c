// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug maintainers: which MAINTAINERS kbug routes with, and why; with
 * --update, the MAINTAINERS of the running kernel's version fetched into
 * the cache, where `kbug route` finds it when the kernel has no
 * /sys/kernel/maintainers.gz and no tree of its release is installed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "core/settings.h"
#include "kbug.h"
#include "route/fetch.h"
#include "route/route.h"

static const char maintainers_usage[] =
	"usage: kbug maintainers [--json]\n"
	"       kbug maintainers --update [--version V] [--url TEMPLATE] [--timeout SECONDS]\n"
	"\n"
	"Without options: which MAINTAINERS `kbug route` and `kbug report` use now\n"
	"(/sys/kernel/maintainers.gz, the running release's tree, the cached copy or\n"
	"the copy built into kbug, the first there), why, its version, and whether it\n"
	"is older than the running kernel. --json prints it as an object.\n";

static const char maintainers_details[] =
	"Exit 0 when done, 1 on an error (download, HTTP status, a body that is not\n"
	"MAINTAINERS: the old copy stays), 2 on a usage error.\n";

struct maint_args {
	bool update;
	const char *version;	/* --version V */
	const char *url;	/* --url TEMPLATE */
	long timeout;		/* seconds; 0: not given */
};

static const struct kbug_option maintainers_options[] = {
	OPT_FLAG("update", 0, struct maint_args, update,
		 "download the MAINTAINERS of the running kernel's version and keep it as the "
		 "cached copy, $XDG_CACHE_HOME/kbug/MAINTAINERS (~/.cache/kbug/), used when "
		 "neither sysfs nor a tree has one. It replaces the old copy only if it parses "
		 "as MAINTAINERS (at least 100 sections, few warnings, THE REST at the end)"),
	OPT_STRING("version", 0, "V", struct maint_args, version,
		   "the version to fetch: X.Y, X.Y.Z or X.Y-rcN (default: the running release's: "
		   "6.18.44-foo -> 6.18.44, 6.13.0-rc3 -> 6.13-rc3; Debian's 6.1.0-27-amd64 -> "
		   "/proc/version's 6.1.N)"),
	OPT_STRING("url", 0, "TEMPLATE", struct maint_args, url,
		   "where from: an http:// or https:// URL with one %v where the version goes "
		   "(default: [route] maintainers-url in the config, else git.kernel.org: the "
		   "stable tree's tag vX.Y.Z, Linus' tree's vX.Y or vX.Y-rcN); a gzip'd body is "
		   "inflated"),
	OPT_INT("timeout", "S", struct maint_args, timeout, 1, 3600, "seconds",
		"give up after S seconds (default 60)"),
	OPT_END
};

static void print_json(struct json_object *o)
{
	fprintf(kbug_output(), "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
				JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE));
}

/* The cached copy in dir: {"dir", "path", "present", "version"} */
static struct json_object *cache_state(const char *dir)
{
	struct json_object *o = json_object_new_object();
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	bool present;

	kj_set_str(o, "dir", dir);
	strbuf_addf(&p, "%s/MAINTAINERS", dir);
	present = !access(p.buf, F_OK);
	if (!present) {
		strbuf_addstr(&p, ".gz");
		present = !access(p.buf, F_OK);
		if (!present)
			strbuf_setlen(&p, p.len - 3);
	}
	kj_set_str(o, "path", p.buf);
	kj_set_bool(o, "present", present);
	strbuf_setlen(&p, strlen(dir));
	strbuf_addstr(&p, "/MAINTAINERS.version");
	if (present && strbuf_read_file(&v, p.buf, 256) > 0) {
		strbuf_trim(&v);
		kj_set_str(o, "version", v.buf);
	}
	strbuf_release(&p);
	strbuf_release(&v);
	return o;
}

/* {"version", "from", "url"} of what --update would fetch, or {"error"} */
static struct json_object *update_state(void)
{
	struct json_object *o = json_object_new_object();
	struct kbug_maint_pick p = KBUG_MAINT_PICK_INIT;
	struct strbuf url = STRBUF_INIT, why = STRBUF_INIT;

	if (!kbug_maint_pick_running(&p, &why)) {
		kj_set_str(o, "version", p.ver.buf);
		kj_set_str(o, "from", p.from.buf);
		if (!kbug_maint_url(NULL, &p, &url, &why))
			kj_set_str(o, "url", url.buf);
	}
	if (why.len)
		kj_set_str(o, "error", why.buf);
	kbug_maint_pick_release(&p);
	strbuf_release(&url);
	strbuf_release(&why);
	return o;
}

/* Why kbug_maint_open() took a source of this kind: those before it had none. */
static const char *source_why(const char *kind)
{
	static const char *const why[] = {	/* kind, why */
		"sysfs", "the running kernel's own list (CONFIG_IKMAINTAINERS)",
		"tree", "the kernel tree of the running release",
		"cache",
		"no /sys/kernel/maintainers.gz and no tree of the running release: the cached copy",
		"embedded",
		"no /sys/kernel/maintainers.gz, no tree of the running release and no usable cached copy: the copy built into kbug",
	};
	size_t i;

	for (i = 0; i + 1 < ARRAY_SIZE(why); i += 2)
		if (!strcmp(why[i], kind))
			return why[i + 1];
	return "the file named";
}

static const char *str_or(const char *s, const char *def)
{
	return s ? s : def;
}

static void print_status(struct json_object *o, FILE *f)
{
	struct json_object *c = kj_get(o, "cache");
	struct json_object *u = kj_get(o, "update");
	const char *kind = str_or(kj_get_str(o, "kind"), "");
	const char *ver = str_or(kj_get_str(o, "version"), "unknown");
	const char *run = str_or(kj_get_str(o, "running"), "unknown");
	bool older = kj_get_bool(o, "older_than_running", false);

	fprintf(f, "source:      %s %s\n", kind, str_or(kj_get_str(o, "path"), ""));
	fprintf(f, "version:     %s (running kernel %s)%s\n", ver, run,
		older ? ": older than the running kernel" : "");
	fprintf(f, "why:         %s\n", str_or(kj_get_str(o, "why"), ""));
	fprintf(f, "sections:    %" PRId64 " (%" PRId64 " warnings)\n",
		kj_get_int(o, "sections", 0), kj_get_int(o, "warnings", 0));
	if (c && !kj_get_bool(c, "present", false))
		fprintf(f, "cached copy: %s: none\n", kj_get_str(c, "path"));
	else if (c)
		fprintf(f, "cached copy: %s, version %s (%s)\n", kj_get_str(c, "path"),
			str_or(kj_get_str(c, "version"), "unknown"),
			!strcmp(kind, "cache") ? "in use" : !strcmp(kind, "embedded") ?
			"not usable" : "not used: the source above comes first");
	if (kj_get_str(u, "url"))
		fprintf(f, "update:      --update fetches %s (%s)\n             %s\n",
			kj_get_str(u, "version"), kj_get_str(u, "from"), kj_get_str(u, "url"));
	else
		fprintf(f, "update:      %s\n", str_or(kj_get_str(u, "error"), "unknown"));
	if (older)
		fprintf(f, "\nMAINTAINERS %s is older than the running kernel %s, and maintainers change every release: run 'kbug maintainers --update'\n",
			ver, run);
}

/* Which MAINTAINERS kbug routes with, and why. */
static int maint_status(void)
{
	struct strbuf dir = STRBUF_INIT;
	struct kbug_maint *m = NULL;
	struct json_object *o;

	if (kbug_maint_open(NULL, &m))
		return KBUG_EXIT_ERROR;
	o = kbug_maint_source(m);
	kbug_maint_free(m);
	kj_set_str(o, "why", source_why(kj_get_str(o, "kind")));
	if (kbug_cache_dir(&dir))
		kj_set(o, "cache", cache_state(dir.buf));
	kj_set(o, "update", update_state());
	if (kbug_opts.json)
		print_json(o);
	else
		print_status(o, kbug_output());
	json_object_put(o);
	strbuf_release(&dir);
	return KBUG_EXIT_OK;
}

/* What was stored, and whether `kbug route` now reads it. */
static void report_update(const char *dir, const struct kbug_maint_pick *p, const char *url,
			  size_t bytes, unsigned int ns)
{
	struct json_object *o = json_object_new_object(), *src = NULL;
	struct strbuf path = STRBUF_INIT;
	struct kbug_maint *m = NULL;
	bool used;

	strbuf_addf(&path, "%s/MAINTAINERS", dir);
	if (!kbug_maint_open(NULL, &m)) {
		src = kbug_maint_source(m);
		kbug_maint_free(m);
	}
	used = src && !strcmp(kj_get_str(src, "kind"), "cache") &&
	       !strcmp(kj_get_str(src, "path"), path.buf);
	kj_set_str(o, "path", path.buf);
	kj_set_str(o, "version", p->ver.buf);
	kj_set_str(o, "from", p->from.buf);
	kj_set_str(o, "url", url);
	kj_set_int(o, "bytes", (int64_t)bytes);
	kj_set_int(o, "sections", ns);
	kj_set_bool(o, "used_by_route", used);
	if (kbug_opts.json) {
		kj_set(o, "route_source", src);
		print_json(o);
	} else {
		fprintf(kbug_output(), "stored MAINTAINERS %s in %s (%u sections, %zu bytes)\n",
			p->ver.buf, path.buf, ns, bytes);
		if (used)
			fputs("kbug route uses it from now on\n", kbug_output());
		else if (src)
			fprintf(kbug_output(), "note: kbug route uses %s %s, which comes before the cached copy\n",
				kj_get_str(src, "kind"), kj_get_str(src, "path"));
		json_object_put(src);
	}
	json_object_put(o);
	strbuf_release(&path);
}

static int maint_update(const struct maint_args *a)
{
	struct kbug_maint_pick p = KBUG_MAINT_PICK_INIT;
	struct strbuf url = STRBUF_INIT, why = STRBUF_INIT, body = STRBUF_INIT, dir = STRBUF_INIT;
	unsigned int ns = 0;
	int ret = KBUG_EXIT_ERROR;

	if (a->version) {
		kbug_maint_pick_version(a->version, &p);	/* checked by parse_args() */
	} else if (kbug_maint_pick_running(&p, &why)) {
		ERR("%s: give the version with --version X.Y[.Z]", why.buf);
		goto out;
	}
	if (kbug_maint_url(a->url, &p, &url, &why)) {
		ERR("%s", why.buf);
		goto out;
	}
	if (!kbug_cache_dir(&dir)) {
		ERR("no cache directory: neither XDG_CACHE_HOME nor HOME is set");
		goto out;
	}
	if (kbug_opts.verbose >= 0)
		fprintf(stderr, "kbug maintainers: version %s, from %s; fetching '%s'\n",
			p.ver.buf, p.from.buf, url.buf);
	if (kbug_maint_fetch(url.buf, a->timeout, &body, &why)) {
		ERR("cannot download MAINTAINERS from '%s': %s", url.buf, why.buf);
		goto out;
	}
	if (kbug_maint_check_text(&body, url.buf, &ns, &why)) {
		ERR("'%s' did not give a MAINTAINERS file: %s; the cached copy is unchanged",
		    url.buf, why.buf);
		goto out;
	}
	if (kbug_maint_install(dir.buf, &body, p.ver.buf, &why)) {
		ERR("%s", why.buf);
		goto out;
	}
	report_update(dir.buf, &p, url.buf, body.len, ns);
	ret = KBUG_EXIT_OK;
out:
	kbug_maint_pick_release(&p);
	strbuf_release(&url);
	strbuf_release(&why);
	strbuf_release(&body);
	strbuf_release(&dir);
	return ret;
}

static int parse_args(int argc, char **argv, struct maint_args *a)
{
	struct strbuf why = STRBUF_INIT;
	int r = kbug_opt_parse("maintainers", maintainers_options, a, argc, argv);

	if (r < 0)
		return -r;
	if (r)
		return kbug_usage_error("maintainers", "unknown argument '%s'", argv[1]);
	if (!a->update && (a->version || a->url || a->timeout))
		return kbug_usage_error("maintainers", "--version, --url and --timeout go with --update");
	if (a->version) {
		struct kbug_maint_pick p = KBUG_MAINT_PICK_INIT;

		r = kbug_maint_pick_version(a->version, &p);
		kbug_maint_pick_release(&p);
		if (r)
			return kbug_usage_error("maintainers",
						"--version '%s' is not X.Y, X.Y.Z or X.Y-rcN",
						a->version);
	}
	if (!a->timeout)
		a->timeout = KBUG_MAINT_FETCH_TIMEOUT;
	if (a->url && kbug_maint_url_check(a->url, &why)) {
		r = kbug_usage_error("maintainers", "--url %s", why.buf);
		strbuf_release(&why);
		return r;
	}
	return 0;
}

static int cmd_maintainers(int argc, char **argv)
{
	struct maint_args a = { .update = false };
	int ret = parse_args(argc, argv, &a);

	if (ret)
		return ret;
	if (!a.url && kbug_config_load())
		return KBUG_EXIT_ERROR;
	ret = a.update ? maint_update(&a) : maint_status();
	if (kbug_output_close() && !ret)
		ret = KBUG_EXIT_ERROR;
	return ret;
}

const struct kbug_cmd kbug_cmd_maintainers = {
	.name = "maintainers",
	.run = cmd_maintainers,
	.summary = "which MAINTAINERS kbug routes with; --update fetches the running kernel's",
	.usage = maintainers_usage,
	.options = maintainers_options,
	.details = maintainers_details,
};
