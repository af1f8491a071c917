// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug route: who to tell about a file, a module or a device, from
 * MAINTAINERS, the way scripts/get_maintainer.pl answers it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "core/report.h"
#include "core/settings.h"
#include "deliver/deliver.h"
#include "kbug.h"
#include "probes/probe.h"
#include "route/internal.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"
#include "util/term.h"

static const char route_usage[] =
	"usage: kbug route [--format=table|json|get-maintainer] [--bug] [--maintainers FILE]\n"
	"                  [--tree DIR] [--stdin] (PATH... | --module NAME | --device DEV |\n"
	"                  --log FILE | --report FILE [--upstream])\n"
	"\n"
	"  PATH                a file or directory relative to the kernel tree\n";

static const char route_details[] =
	"Without --maintainers, MAINTAINERS comes from /sys/kernel/maintainers.gz, the\n"
	"running release's tree (/lib/modules/R/build, /usr/src/linux-*), a copy in\n"
	"$XDG_CACHE_HOME/kbug/, or the copy built into kbug, in that order.\n"
	"Exit 0 when every query was routed, 1 otherwise, 2 on a usage error.\n";

enum { FMT_TABLE, FMT_JSON, FMT_GM };

struct route_args {
	int format;
	bool bug, use_stdin, all_ties, upstream;
	const char *module, *device, *log, *report;
	struct kbug_maint_opts mo;
	const char **paths;
	size_t npaths;
};

static const char *jstr(struct json_object *o, const char *k)
{
	const char *s = kj_get_str(o, k);

	return s ? s : "";
}

static const char *entry_label(char type)
{
	static const char *const labels[][2] = {
		{ "M", "maintainer" }, { "R", "reviewer" }, { "L", "list" }, { "B", "bugs" },
		{ "T", "tree" }, { "W", "web" }, { "C", "chat" }, { "Q", "patchwork" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(labels); i++)
		if (labels[i][0][0] == type)
			return labels[i][1];
	return NULL;
}

static void print_table(struct json_object *r, FILE *out)
{
	struct json_object *secs = kj_get(r, "sections"), *d = kj_get(r, "destination");
	size_t i, n = secs ? json_object_array_length(secs) : 0;
	const char *kind = jstr(d, "kind");

	kbug_tprintf(out, "%s\n", jstr(r, "path"));
	if (kj_get_str(r, "module"))
		kbug_tprintf(out, "  (module %s, source %s)\n", jstr(r, "module"),
			     jstr(r, "source_dir"));
	for (i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(secs, i);
		struct json_object *ents = kj_get(s, "entries");
		size_t k, ne = ents ? json_object_array_length(ents) : 0;

		kbug_tprintf(out, "  %zu. %s [%s]  (%s)\n", i + 1, jstr(s, "name"),
			     kj_get_str(s, "status") ? jstr(s, "status") : "no status",
			     jstr(s, "why"));
		for (k = 0; k < ne; k++) {
			struct json_object *e = json_object_array_get_idx(ents, k);
			const char *t = jstr(e, "type"), *label = NULL;

			label = entry_label(t[0]);
			if (label)
				kbug_tprintf(out, "       %-10s %s\n", label, jstr(e, "value"));
		}
	}
	if (!strcmp(kind, "bugzilla"))
		kbug_tprintf(out, "  -> bugzilla %s%s%s%s%s\n", jstr(d, "url"),
			     kj_get_str(d, "product") ? " product " : "", jstr(d, "product"),
			     kj_get_str(d, "component") ? " component " : "", jstr(d, "component"));
	else if (!strcmp(kind, "mailto"))
		kbug_tprintf(out, "  -> mail %s\n", jstr(d, "address"));
	else if (!strcmp(kind, "issue-tracker") || !strcmp(kind, "web"))
		kbug_tprintf(out, "  -> %s %s\n", kind, jstr(d, "url"));
	else
		kbug_tprintf(out, "  -> email to %zu maintainers and reviewers, cc %zu lists\n",
			     json_object_array_length(kj_get(d, "to")),
			     json_object_array_length(kj_get(d, "cc")));
}

/*
 * A module the tree does not build (route/vendor.c's table): its
 * vendor, never a file's maintainers.
 */
static int route_vendor(const struct route_args *a, const char *mod, struct json_object *routes)
{
	struct json_object *r = NULL, *v;
	int ret = kbug_route_vendor(mod, NULL, &r);

	v = kj_get(r, "vendor");
	if (a->format == FMT_TABLE)
		kbug_tprintf(kbug_output(), "%s\n  out-of-tree: report to its vendor%s%s%s%s\n",
			     mod, v ? ", " : "", kj_get_str(v, "name") ?: "", v ? ": " : "",
			     kj_get_str(v, "url") ?: "");
	kj_append(routes, r);
	return ret ? 1 : 0;
}

static int route_query(struct kbug_maint *m, const struct route_args *a, const char *what,
		       int kind, struct json_object *routes)
{
	struct json_object *r = NULL;
	int ret;

	if (kind == 'm' && kbug_route_vendor_known(what))
		return route_vendor(a, what, routes);
	if (kind == 'm')
		ret = kbug_route_module(m, what, &r);
	else if (kind == 'd')
		ret = kbug_route_device(m, what, &r);
	else
		ret = kbug_route_path(m, what, &r);
	/* neither this machine's modules nor MAINTAINERS know it */
	if (kind == 'm' && ret == -ENOENT && !kbug_maint_knows_module(m, what)) {
		kbug_tprintf(stderr, "kbug route: '%s' is neither among this machine's modules nor in MAINTAINERS: if it is an out-of-tree module, report it to its vendor, not to the kernel's maintainers (if it is the tree's, route its source PATH)\n",
			     what);
		if (a->format == FMT_TABLE)
			kbug_tprintf(kbug_output(), "%s\n  out-of-tree? report to its vendor\n",
				     what);
	}
	if (ret) {
		if (ret == -ENOMEM)
			ERR("out of memory routing '%s'", what);
		return 1;
	}
	if (a->format == FMT_TABLE)
		print_table(r, kbug_output());
	kj_append(routes, r);
	return 0;
}

/*
 * What MAINTAINERS gave, without control characters, except the \x1e
 * that frames each tie order (--all-tie-orders): kbug wrote those.
 */
static void gm_sanitize(struct strbuf *out)
{
	char *p = out->buf, *end = out->buf + out->len;

	while (p < end) {
		char *rs = memchr(p, '\x1e', (size_t)(end - p));
		size_t n = (size_t)((rs ? rs : end) - p);

		kbug_term_sanitize(p, n, true);
		p += n + (rs ? 1 : 0);
	}
}

static int route_gm(struct kbug_maint *m, const struct route_args *a)
{
	struct strbuf out = STRBUF_INIT, line = STRBUF_INIT;
	FILE *f = kbug_output();
	int bad = 0;

	if (!a->use_stdin) {
		if (kbug_route_format_gm_many(m, a->paths, a->npaths, a->bug, a->all_ties, &out))
			bad = 1;
		gm_sanitize(&out);
		fwrite(out.buf, 1, out.len, f);
	} else {
		long guard = 10L << 20;

		while (guard-- > 0 && strbuf_getline(&line, stdin) != EOF) {
			const char *p = line.buf;

			if (!*p)
				continue;
			strbuf_reset(&out);
			if (kbug_route_format_gm_many(m, &p, 1, a->bug, a->all_ties, &out))
				bad = 1;
			gm_sanitize(&out);
			strbuf_addstr(&out, "\x1f\n");
			fwrite(out.buf, 1, out.len, f);
		}
	}
	strbuf_release(&out);
	strbuf_release(&line);
	return bad;
}

#define ROUTE_LOG_MAX (64u << 20)

/*
 * Who built the kernel, for distribution routing: a saved report has it;
 * for a --log, the kernel and distro probes of this machine (or --sysroot).
 */
static void distro_facts(struct kbug_report *r)
{
	static const char *const names[] = { "kernel", "distro", NULL };
	struct kbug_probe_ctx ctx = { .report = r, .timeout_ms = 5000, .max_output = 1u << 20 };

	if (kbug_report_get(r, "kernel") || kbug_report_get(r, "distro"))
		return;
	kbug_probes_run(&ctx, names);
}

/*
 * --log FILE, --report FILE: the kernel report kbug report would pick,
 * routed as kbug report routes it: the route section (with the blame's
 * confidence, the runner-ups, an out-of-tree module's vendor).
 */
static int route_picked(struct kbug_maint *m, const struct route_args *a)
{
	struct kbug_report r;
	struct kbug_analyze_pick p;
	struct kbug_suspect s = { 0 };
	struct strbuf why = STRBUF_INIT, log = STRBUF_INIT;
	const struct kbug_channel *ch;
	int ret;

	/* [distro] bugs, for distribution routing */
	if (kbug_config_load() || kbug_report_init(&r))
		return 1;
	if (a->report) {
		ret = kbug_report_load(&r, a->report);
	} else {
		long n = strbuf_read_file(&log, a->log, ROUTE_LOG_MAX);

		ret = n < 0 ? (int)n : kbug_report_attach(&r, "dmesg.txt", "text/plain", NULL,
							  log.buf, log.len);
		if (n < 0)
			ERR("cannot read '%s': %s", a->log, strerror((int)-n));
	}
	if (!ret && !kbug_report_get(&r, "analysis") && kbug_analyze_report(&r, NULL) < 0) {
		ERR("'%s' holds no kernel log to analyze", a->report ?: a->log);
		ret = -EINVAL;
	}
	if (!ret && (kbug_analyze_pick(&r, 0, &p) || p.index < 0)) {
		ERR("no kernel report (oops, WARNING, ...) in '%s'", a->report ?: a->log);
		ret = -ENOENT;
	}
	if (!ret) {
		s.report = kbug_analyze_report_at(&r, p.index);
		ret = kbug_route_suspect(&r, m, &s);
	}
	if (!ret) {
		struct kbug_distro_opts d = { .upstream = a->upstream };

		distro_facts(&r);
		ret = kbug_route_distro(&r, &d);
	}
	if (kbug_report_get(&r, "route") && a->format == FMT_JSON) {
		fprintf(kbug_output(), "%s\n",
			json_object_to_json_string_ext(kbug_report_get(&r, "route"),
						       JSON_C_TO_STRING_PRETTY |
						       JSON_C_TO_STRING_SPACED |
						       JSON_C_TO_STRING_NOSLASHESCAPE));
	} else if (kbug_report_get(&r, "route")) {
		kbug_tprintf(kbug_output(), "Report:   %s\n",
			     kj_get_str(s.report, "title") ?: "?");
		ch = kbug_channel_pick(&r, "auto", &why);
		kbug_route_show(kbug_output(), &r, ch ? ch->name : "?", why.buf);
		kbug_route_explain(kbug_output(), &r);
	}
	strbuf_release(&why);
	strbuf_release(&log);
	kbug_report_release(&r);
	return ret ? 1 : 0;
}

static int opt_format(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	static const char *const names[] = { [FMT_TABLE] = "table", [FMT_JSON] = "json",
					     [FMT_GM] = "get-maintainer" };
	struct route_args *a = base;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(val, names[i])) {
			a->format = (int)i;
			return 0;
		}
	return kbug_usage_error(cmd, "unknown format '%s'", val);
}

static const struct kbug_option route_options[] = {
	OPT_STRING("module", 0, "NAME", struct route_args, module,
		   "route through the source directory of module NAME"),
	OPT_STRING("log", 0, "FILE", struct route_args, log,
		   "route the kernel report kbug report would pick in this log: its guilty "
		   "file, the blame's confidence and runner-ups, or an out-of-tree module's "
		   "vendor"),
	OPT_STRING("report", 0, "FILE", struct route_args, report,
		   "the same for a kbug report (JSON, as kbug collect --json writes it; its "
		   "analysis section if it has one)"),
	OPT_STRING("device", 0, "DEV", struct route_args, device,
		   "a PCI slot (0000:00:02.0) or a USB port (usb:1-1): route through the module "
		   "of the driver bound to it"),
	OPT_CALL("format", 0, "table|json|get-maintainer", opt_format,
		 "table (default), json (as --json), or get-maintainer: exactly what "
		 "scripts/get_maintainer.pl --no-git --no-git-fallback -f PATH prints (several "
		 "paths are merged as it merges them)"),
	OPT_FLAG("bug", 0, struct route_args, bug,
		 "with get-maintainer: also the B: lines, as its --bug does"),
	OPT_STRING("maintainers", 0, "FILE", struct route_args, mo.file,
		   "use this MAINTAINERS (plain or gzip); its directory, when a kernel tree, "
		   "answers -d/-f and gives .mailmap, like get_maintainer.pl"),
	OPT_STRING("tree", 0, "DIR", struct route_args, mo.tree,
		   "the kernel tree to use with --maintainers"),
	OPT_FLAG("stdin", 0, struct route_args, use_stdin,
		 "read paths from standard input, one per line; with get-maintainer each answer "
		 "ends with a line holding \\x1f"),
	OPT_FLAG("upstream", 0, struct route_args, upstream,
		 "with --log or --report: route upstream even a distribution's kernel (the "
		 "problem also happens with a vanilla kernel)"),
	OPT_FLAG("all-tie-orders", 0, struct route_args, all_ties,
		 "(tests) with get-maintainer: every output an order of equally ranked sections "
		 "gives, framed by \\x1e"),
	OPT_END
};

static int parse_args(int argc, char **argv, struct route_args *a)
{
	int i, n = kbug_opt_parse("route", route_options, a, argc, argv);

	if (n < 0)
		return -n;
	for (i = 1; i <= n; i++)
		a->paths[a->npaths++] = argv[i];
	if (kbug_opts.json && a->format == FMT_TABLE)
		a->format = FMT_JSON;
	if (!a->npaths && !a->module && !a->device && !a->use_stdin && !a->log && !a->report)
		return kbug_usage_error("route", "give a PATH, --module NAME, --device DEV, --log FILE or --report FILE");
	if ((a->log || a->report) && (a->npaths || a->module || a->device || a->use_stdin ||
				      (a->log && a->report) || a->format == FMT_GM))
		return kbug_usage_error("route", "--log and --report go alone (table or json)");
	if (a->format == FMT_GM && (a->module || a->device))
		return kbug_usage_error("route", "--format=get-maintainer takes paths only");
	if ((a->bug || a->all_ties) && a->format != FMT_GM)
		return kbug_usage_error("route", "--bug and --all-tie-orders go with "
					"--format=get-maintainer");
	return 0;
}

static int cmd_route(int argc, char **argv)
{
	struct route_args a = { 0 };
	struct kbug_maint *m = NULL;
	struct json_object *src, *routes;
	int ret, bad = 0;
	size_t i;

	a.paths = calloc((size_t)argc + 1, sizeof(*a.paths));
	if (!a.paths)
		return KBUG_EXIT_ERROR;
	ret = parse_args(argc, argv, &a);
	if (ret) {
		free(a.paths);
		return ret;
	}
	ret = kbug_maint_open(&a.mo, &m);
	if (ret) {
		free(a.paths);
		return KBUG_EXIT_ERROR;
	}
	src = kbug_maint_source(m);
	if (kj_get_bool(src, "older_than_running", false) && a.format != FMT_GM)
		kbug_tprintf(stderr, "kbug route: note: MAINTAINERS from %s (%s) is older than the "
			     "running kernel %s ('kbug maintainers --update' fetches its own)\n",
			     jstr(src, "path"), jstr(src, "version"), jstr(src, "running"));
	if (a.format == FMT_GM) {
		bad = route_gm(m, &a);
		json_object_put(src);
		goto out;
	}
	if (a.log || a.report) {
		bad = route_picked(m, &a);
		json_object_put(src);
		goto out;
	}
	routes = json_object_new_array();
	if (a.module)
		bad |= route_query(m, &a, a.module, 'm', routes);
	if (a.device)
		bad |= route_query(m, &a, a.device, 'd', routes);
	for (i = 0; i < a.npaths; i++)
		bad |= route_query(m, &a, a.paths[i], 'p', routes);
	if (a.use_stdin) {
		struct strbuf line = STRBUF_INIT;
		long guard = 10L << 20;

		while (guard-- > 0 && strbuf_getline(&line, stdin) != EOF)
			if (line.len)
				bad |= route_query(m, &a, line.buf, 'p', routes);
		strbuf_release(&line);
	}
	if (a.format == FMT_JSON) {
		struct json_object *o = json_object_new_object();

		kj_set(o, "source", src);
		kj_set(o, "routes", routes);
		fprintf(kbug_output(), "%s\n",
			json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
						       JSON_C_TO_STRING_SPACED |
						       JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
	} else {
		kbug_tprintf(kbug_output(), "(MAINTAINERS: %s %s, %s)\n", jstr(src, "kind"),
			     jstr(src, "path"), kj_get_str(src, "version") ? jstr(src, "version") :
			     "version unknown");
		json_object_put(src);
		json_object_put(routes);
	}
out:
	if (KBUG_LEAK_CHECKED)
		kbug_maint_free(m);	/* otherwise exit() frees it at once */
	free(a.paths);
	if (kbug_output_close())
		return KBUG_EXIT_ERROR;
	return bad ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

const struct kbug_cmd kbug_cmd_route = {
	.name = "route",
	.run = cmd_route,
	.summary = "who to tell about a file, module or device (MAINTAINERS)",
	.usage = route_usage,
	.options = route_options,
	.details = route_details,
};
