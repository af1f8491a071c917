// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug report: the whole pipeline. Collect the facts, find the kernel's
 * own report in the log, pick the suspect, route it through MAINTAINERS,
 * show where it will go and why, check what reporting-issues.rst asks,
 * write everything to the outbox, then deliver.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "analyze/analyze.h"
#include "settings.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/outbox.h"
#include "deliver/smtp.h"
#include "deliver/template.h"
#include "kbug.h"
#include "probes/probe.h"
#include "report.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

#define DESCRIPTION_MAX (64 * 1024)
#define REGRESSIONS "regressions@lists.linux.dev"

struct report_args {
	const char *log, *file, *module, *driver, *device;
	const char *maintainers, *outbox, *description, *summary, *last_good;
	bool regression, no_redact;
	int pick;			/* --report N (1 = newest), 0: choose */
	struct kbug_deliver_opts d;
};

static const char report_usage[] =
	"usage: kbug report [options]\n"
	"\n"
	"Collect the facts, find the newest kernel report (oops, WARNING, ...) in the\n"
	"kernel log, route it through MAINTAINERS and send it to the right people.\n";

static const char report_details[] =
	"config: ~/.config/kbug/config (INI: [identity] name, email; [smtp] url, user,\n"
	"password-command, ca-file, insecure; [report] channel, outbox; [distro] bugs).\n"
	"\n"
	"exit status: 0 delivered (or nothing to do with --dry-run), 1 error,\n"
	"2 usage, 3 saved in the outbox but not delivered (the reason is on stderr).\n";

static bool interactive(const struct report_args *a)
{
	return !a->d.yes && isatty(STDIN_FILENO) && isatty(STDERR_FILENO);
}

/* Ask on the terminal; the answer lands in out. EOF: -1. */
static int ask(const char *prompt, struct strbuf *out)
{
	fputs(prompt, stderr);
	fflush(stderr);
	strbuf_reset(out);
	if (strbuf_getline(out, stdin) == EOF)
		return -1;
	strbuf_trim(out);
	return 0;
}

static const struct kbug_option report_options[] = {
	OPT_TEXT("what to report:"),
	OPT_STRING("log", 0, "FILE", struct report_args, log,
		   "read the kernel log from FILE instead of this kernel's"),
	OPT_INT("report", "N", struct report_args, pick, 1, 86400, NULL,
		"the Nth newest report in the log (1: the newest)"),
	OPT_STRING("file", 0, "PATH", struct report_args, file,
		   "the suspect is this source file of the kernel tree (drivers/...)"),
	OPT_STRING("module", 0, "NAME", struct report_args, module, "the suspect is this module"),
	OPT_STRING("driver", 0, "NAME", struct report_args, driver, "the suspect is this driver"),
	OPT_STRING("device", 0, "DEV", struct report_args, device,
		   "the suspect is this device: a PCI slot (0000:00:02.0) or a USB port (usb:1-1)"),
	OPT_STRING("summary", 0, "TEXT", struct report_args, summary,
		   "the subject line (default: the report's title)"),
	OPT_STRING("description", 0, "FILE", struct report_args, description,
		   "what happened, in your words ('-': standard input)"),
	OPT_FLAG("regression", 0, struct report_args, regression,
		 "it worked before: needs --last-good VERSION"),
	OPT_STRING("last-good", 0, "VERSION", struct report_args, last_good,
		   "the last kernel that worked: marks the report as a regression (a #regzbot "
		   "line, Cc the regressions list)"),
	OPT_FLAG("no-redact", 0, struct report_args, no_redact,
		 "do not mask serial numbers, MAC addresses, host and user names"),
	OPT_TEXT("where and how:"),
	OPT_STRING("maintainers", 0, "FILE", struct report_args, maintainers,
		   "route with this MAINTAINERS file"),
	OPT_STRING("to", 0, "auto|email|bugzilla", struct report_args, d.to,
		   "the channel (default: [report] channel in the config, else auto: follow the "
		   "B: entry)"),
	OPT_STRING("from", 0, "ADDR", struct report_args, d.from,
		   "the sender, \"Name <you@example.org>\" (default: the [identity] section)"),
	OPT_GROUP(kbug_delivery_options, struct report_args, d),
	OPT_GROUP(kbug_product_options, struct report_args, d),
	OPT_STRING("outbox", 0, "DIR", struct report_args, outbox,
		   "the outbox (default: [report] outbox, else $XDG_DATA_HOME/kbug/outbox)"),
	OPT_FLAG("dry-run", 'n', struct report_args, d.dry_run,
		 "print where the report would go and the message; send nothing, keep nothing"),
	{ .kind = KBUG_OPT_STRING, .name = "output", .letter = 'o', .arg = "FILE",
	  .flags = KBUG_OPT_DOC,
	  .help = "(a global option) save the message as an mbox file, for git send-email or "
		  "mutt -H; send nothing" },
	OPT_END
};

static int parse_args(int argc, char **argv, struct report_args *a)
{
	int n = kbug_opt_parse("report", report_options, a, argc, argv);

	if (n < 0)
		return -n;
	if (n)
		return kbug_usage_error("report", "unknown argument '%s'", argv[1]);
	if (!a->d.to)
		a->d.to = kbug_config_get("report", "channel") ?: "auto";
	if (strcmp(a->d.to, "auto") && strcmp(a->d.to, "email") && strcmp(a->d.to, "bugzilla"))
		return kbug_usage_error("report", "--to takes auto, email or bugzilla, not '%s'",
					a->d.to);
	if (!!a->file + !!a->module + !!a->driver + !!a->device > 1)
		return kbug_usage_error("report",
					"name one suspect: --file, --module, --driver or --device");
	if (a->regression && !a->last_good)
		return kbug_usage_error("report",
					"--regression needs --last-good VERSION (the last kernel that worked)");
	if (a->last_good)
		a->regression = true;
	if (a->d.sendmail && a->d.smtp_url)
		return kbug_usage_error("report", "--sendmail and --smtp-url exclude each other");
	if (a->d.smtp_url && kbug_smtp_url_check(a->d.smtp_url))
		return kbug_usage_error("report",
					"--smtp-url takes smtp://HOST[:PORT] or smtps://HOST[:PORT], without credentials (use [smtp] user and password-command)");
	return 0;
}

/* ---- collect and analyze -------------------------------------------------- */

static int collect(struct kbug_report *r, const struct report_args *a)
{
	struct kbug_probe_ctx ctx = {
		.report = r, .log_file = a->log, .timeout_ms = 10000,
		.max_output = 16u << 20,
	};

	if (a->log && access(a->log, R_OK)) {
		ERR("cannot read '%s': %s", a->log, strerror(errno));
		return -errno;
	}
	kbug_probes_run(&ctx, NULL);
	return 0;
}

static struct json_object *reports_of(struct kbug_report *r)
{
	struct json_object *reps = kj_path(r->root, "analysis.reports");

	return reps && json_object_is_type(reps, json_type_array) ? reps : NULL;
}

/* The index of the report to send, or -1 when there is none; says why. */
static int pick_report(struct kbug_report *r, const struct report_args *a)
{
	struct json_object *reps = reports_of(r);
	size_t n = reps ? json_object_array_length(reps) : 0, i;
	int best = -1, cands = 0;
	struct strbuf ans = STRBUF_INIT;

	if (!n)
		return -1;
	if (a->pick) {
		if ((size_t)a->pick > n) {
			ERR("--report %d: the log holds only %zu report%s", a->pick, n,
			    n == 1 ? "" : "s");
			return -2;
		}
		return (int)(n - (size_t)a->pick);
	}
	/* the newest report that is whole and blames something */
	for (i = n; i-- > 0;) {
		struct json_object *rep = json_object_array_get_idx(reps, i);

		if (!kj_get_str(rep, "guilty_file") && !kj_get_str(rep, "guilty_module"))
			continue;
		cands++;
		if (best < 0 && !kj_get_bool(rep, "corrupted", false))
			best = (int)i;
	}
	if (best < 0)
		best = (int)n - 1;
	if (n > 1 && interactive(a)) {
		fprintf(stderr, "The log holds %zu kernel reports (newest first):\n", n);
		for (i = n; i-- > 0;) {
			struct json_object *rep = json_object_array_get_idx(reps, i);

			fprintf(stderr, "  %zu) %s%s%s%s%s\n", n - i,
				kj_get_str(rep, "title") ?: "(untitled)",
				kj_get_str(rep, "guilty_file") ? " [" : "",
				kj_get_str(rep, "guilty_file") ?: "",
				kj_get_str(rep, "guilty_file") ? "]" : "",
				kj_get_bool(rep, "corrupted", false) ? " (corrupted)" : "");
		}
		for (;;) {
			char prompt[96];
			long k;
			char *end;

			snprintf(prompt, sizeof(prompt), "Which one to report? [%zu] ",
				 n - (size_t)best);
			if (ask(prompt, &ans) < 0 || !ans.len)
				break;
			k = strtol(ans.buf, &end, 10);
			if (!*end && k >= 1 && (size_t)k <= n) {
				best = (int)(n - (size_t)k);
				break;
			}
			fprintf(stderr, "Type a number from 1 to %zu.\n", n);
		}
	} else if (n > 1) {
		fprintf(stderr,
			"The log holds %zu kernel reports; taking \"%s\", the newest%s (--report N picks another).\n",
			n, kj_get_str(json_object_array_get_idx(reps, (size_t)best), "title") ?: "?",
			cands ? " that names a guilty file or module and is not corrupted" : "");
	}
	strbuf_release(&ans);
	return best;
}

/* ---- route ------------------------------------------------------------------ */

/*
 * Route the guilty file; when this MAINTAINERS' tree does not have it
 * (renamed, or newer than the tree), its nearest directory that exists.
 */
static int route_guilty_file(struct kbug_report *r, struct kbug_maint *m, const char *gf)
{
	struct strbuf p = STRBUF_INIT;
	int saved = kbug_log_level, ret = -ENOENT, tries;

	strbuf_addstr(&p, gf);
	kbug_log_level = -1;
	for (tries = 0; tries < 8 && p.len; tries++) {
		char *slash;

		ret = kbug_route_report(r, m, p.buf);
		if (ret != -ENOENT)
			break;
		while (p.len && p.buf[p.len - 1] == '/')
			strbuf_setlen(&p, p.len - 1);
		slash = strrchr(p.buf, '/');
		if (!slash)
			break;
		strbuf_setlen(&p, (size_t)(slash - p.buf) + 1);
	}
	kbug_log_level = saved;
	if (!ret && strcmp(p.buf, gf))
		fprintf(stderr, "Note:     '%s' is not in this MAINTAINERS' tree (renamed, or newer than the tree?): routed by '%s'\n",
			gf, p.buf);
	else if (ret)
		ERR("cannot route '%s': %s", gf, strerror(-ret));
	strbuf_release(&p);
	return ret;
}

static int route(struct kbug_report *r, const struct report_args *a, int idx)
{
	struct kbug_maint_opts mo = { .file = a->maintainers };
	struct kbug_maint *m = NULL;
	struct json_object *out = NULL, *sus;
	const char *what = a->module ?: a->driver ?: a->device;
	bool crash = false;
	int ret;

	ret = kbug_maint_open(&mo, &m);
	if (ret) {
		ERR("cannot read MAINTAINERS%s%s: %s", a->maintainers ? " from " : "",
		    a->maintainers ?: "", strerror(-ret));
		return ret;
	}
	if (!what && idx >= 0 && !a->file) {
		/* the report picked, which is not always the newest */
		struct json_object *rep = json_object_array_get_idx(reports_of(r), (size_t)idx);
		const char *gf = kj_get_str(rep, "guilty_file");

		if (gf) {
			ret = route_guilty_file(r, m, gf);
			sus = kj_path(r->root, "route.suspect");
			if (!ret && sus) {
				json_object_object_del(sus, "from");
				kj_set_str(sus, "from", "crash");
				json_object_object_del(sus, "why");
				kj_set_str(sus, "why", kj_get_str(rep, "blame_reason") ?:
					   "the guilty file of the report");
			}
			goto out;
		}
		what = kj_get_str(rep, "guilty_module");
		crash = true;
	}
	if (!what) {
		ret = kbug_route_report(r, m, a->file);
		goto out;
	}
	if (a->device)
		ret = kbug_route_device(m, a->device, &out);
	else
		ret = kbug_route_module(m, what, &out);
	if (ret) {
		ERR("cannot route %s '%s': %s", a->device ? "the device" : a->driver ?
		    "the driver" : "the module", what, strerror(-ret));
		if (ret == -ENOENT)
			fprintf(stderr,
				"kbug finds the sources of a module through /lib/modules/RELEASE (modules.dep, modules.builtin.modinfo), which did not know '%s' on this machine. Name the source instead: --file PATH, a file or directory of the kernel tree (e.g. --file drivers/virtio/).\n",
				what);
		goto out;
	}
	sus = json_object_new_object();
	kj_set_str(sus, "path", kj_get_str(out, "path"));
	kj_set_str(sus, "from", crash ? "crash" : a->device ? "device" : a->driver ? "driver" :
		   "module");
	kj_set_str(sus, a->device ? "device" : "module", what);
	{
		struct strbuf why = STRBUF_INIT;

		if (crash)
			strbuf_addf(&why, "the report blames the module %s", what);
		else
			strbuf_addf(&why, "named with --%s %s", a->device ? "device" : a->driver ?
				    "driver" : "module", what);
		kj_set_str(sus, "why", why.buf);
		strbuf_release(&why);
	}
	kj_set(out, "suspect", sus);
	kj_set(out, "source", kbug_maint_source(m));
	kbug_report_set(r, "route", out);
	(void)idx;
out:
	kbug_maint_free(m);
	return ret;
}

static void show_people(const char *label, struct json_object *arr, FILE *f)
{
	size_t i, n = arr && json_object_is_type(arr, json_type_array) ?
		      json_object_array_length(arr) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(arr, i);
		const char *name = kj_get_str(p, "name");

		fprintf(f, "  %-4s %s%s%s%s (%s)\n", i ? "" : label, name ?: "", name ? " <" : "",
			kj_get_str(p, "address") ?: "", name ? ">" : "",
			kj_get_str(p, "role") ?: "");
	}
}

/* Where it goes and why, before anything is sent. */
static void show_route(struct kbug_report *r, const char *channel, const char *why_channel)
{
	struct json_object *rt = kbug_report_get(r, "route");
	struct json_object *sus = kj_get(rt, "suspect"), *dest = kj_get(rt, "destination");
	struct json_object *secs = kj_get(rt, "sections"), *src = kj_get(rt, "source");
	size_t i, n = secs && json_object_is_type(secs, json_type_array) ?
		      json_object_array_length(secs) : 0;
	FILE *f = stderr;

	fprintf(f, "\nSuspect:  %s", kj_get_str(sus, "path") ?: kj_get_str(rt, "path") ?:
		kj_get_str(sus, "module") ?: "?");
	if (kj_get_str(sus, "why"))
		fprintf(f, "\n          (%s)", kj_get_str(sus, "why"));
	fputc('\n', f);
	if (src)
		fprintf(f, "Routed with MAINTAINERS from %s%s%s%s\n",
			kj_get_str(src, "kind") ?: "?", kj_get_str(src, "path") ? " " : "",
			kj_get_str(src, "path") ?: "",
			kj_get_bool(src, "older_than_running", false) ?
			" (older than the running kernel: 'kbug maintainers --update')" : "");
	for (i = 0; i < n && i < 6; i++) {
		struct json_object *s = json_object_array_get_idx(secs, i);

		fprintf(f, "Section:  %s%s%s%s%s%s\n", kj_get_str(s, "name") ?: "?",
			kj_get_str(s, "status") ? " [" : "", kj_get_str(s, "status") ?: "",
			kj_get_str(s, "status") ? "]" : "",
			kj_get_str(s, "why") ? ", matched by " : "", kj_get_str(s, "why") ?: "");
	}
	if (kj_get_str(dest, "b_entry"))
		fprintf(f, "B:        %s\n", kj_get_str(dest, "b_entry"));
	else
		fprintf(f, "B:        (none in the section: reports go by email)\n");
	show_people("To:", kj_get(rt, "maintainers"), f);
	show_people("", kj_get(rt, "reviewers"), f);
	show_people("Cc:", kj_get(rt, "lists"), f);
	fprintf(f, "Channel:  %s (%s)\n\n", channel, why_channel);
}

/* ---- reporting-issues.rst checks ------------------------------------------ */

/* A build date "YYYY-MM-DD" or "Mon DD hh:mm:ss ZZZ YYYY" in the version string. */
static time_t version_date(const char *v)
{
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm = { 0 };
	const char *p;
	int y, m, d;
	size_t i;

	for (p = v; p && *p; p++) {
		if (sscanf(p, "%4d-%2d-%2d", &y, &m, &d) == 3 && y > 1990 && y < 2200 &&
		    m >= 1 && m <= 12 && d >= 1 && d <= 31) {
			tm.tm_year = y - 1900;
			tm.tm_mon = m - 1;
			tm.tm_mday = d;
			return timegm(&tm);
		}
	}
	for (i = 0; v && i < 12; i++) {
		p = strstr(v, mon[i]);
		while (p) {
			const char *yr = p + strlen(p);

			while (yr > p && !isdigit((unsigned char)yr[-1]))
				yr--;
			if (yr - p > 4 && sscanf(yr - 4, "%4d", &y) == 1 && y > 1990 &&
			    sscanf(p + 3, "%d", &d) == 1 && d >= 1 && d <= 31) {
				tm.tm_year = y - 1900;
				tm.tm_mon = (int)i;
				tm.tm_mday = d;
				return timegm(&tm);
			}
			p = strstr(p + 3, mon[i]);
		}
	}
	return 0;
}

static void add_note(struct json_object *notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_note(struct json_object *notes, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	kj_append_str(notes, sb.buf);
	fprintf(stderr, "Note:     %s\n", sb.buf);
	strbuf_release(&sb);
}

static void check_guidelines(struct kbug_report *r, struct json_object *rep,
			     struct json_object *notes)
{
	struct json_object *k = kbug_report_get(r, "kernel");
	struct json_object *t = kj_get(k, "tainted"), *o = kj_get(k, "origin");
	const char *flags = kj_get_str(t, "flags") ?: kj_get_str(rep, "taint");
	const char *guess = kj_get_str(o, "guess");
	const char *bugs = kbug_config_get("distro", "bugs");
	const char *pretty = kj_get_str(kbug_report_get(r, "distro"), "pretty_name");
	struct strbuf mods = STRBUF_INIT;
	time_t built = version_date(kj_get_str(k, "version"));
	struct json_object *tm = kj_get(t, "modules");

	/* tainted: which module, and that upstream may refuse it */
	if ((t && kj_get_int(t, "value", 0)) || (!t && flags && *flags && strcmp(flags, "G"))) {
		kbug_taint_modules(&mods, tm);
		add_note(notes,
			 "the kernel is tainted (%s)%s%s: if a proprietary or out-of-tree module (P, O, E) tainted it, upstream developers may ignore the report; reproduce it without that module loaded if you can",
			 flags ?: "?", mods.len ? ", by " : "", mods.buf);
	}
	/* a distribution kernel */
	if (guess && (strstr(guess, "distr") || strstr(guess, "vendor"))) {
		add_note(notes,
			 "this looks like a distribution kernel (%s%s%s): upstream wants reports against a current mainline or stable kernel; %s%s",
			 guess, pretty ? ", " : "", pretty ?: "",
			 bugs ? "the distribution takes reports at " : "report it to your distribution first, or reproduce it with a vanilla kernel",
			 bugs ?: "");
	}
	/* an old kernel */
	if (built && time(NULL) - built > 180L * 24 * 3600) {
		char d[16];
		struct tm tmv;

		gmtime_r(&built, &tmv);
		strftime(d, sizeof(d), "%Y-%m-%d", &tmv);
		add_note(notes,
			 "this kernel was built on %s, more than six months ago: check whether the problem still happens with the latest stable or mainline release (https://kernel.org)",
			 d);
	}
	strbuf_release(&mods);
}

/* ---- the draft ------------------------------------------------------------- */

static int read_description(const struct report_args *a, struct strbuf *out)
{
	long n;

	if (a->description) {
		if (!strcmp(a->description, "-"))
			n = strbuf_read_fd(out, STDIN_FILENO, DESCRIPTION_MAX);
		else
			n = strbuf_read_file(out, a->description, DESCRIPTION_MAX);
		if (n < 0) {
			ERR("cannot read the description '%s': %s", a->description,
			    n == -EFBIG ? "larger than 64 KiB" : strerror((int)-n));
			return (int)n;
		}
		strbuf_rtrim(out);
		return 0;
	}
	if (interactive(a)) {
		struct strbuf line = STRBUF_INIT;
		int lines = 0;

		fputs("\nWhat happened? What did you do, what did you expect, what happened instead?\n"
		      "(end with an empty line)\n", stderr);
		while (lines < 200 && strbuf_getline(&line, stdin) != EOF) {
			if (!line.len)
				break;
			strbuf_addf(out, "%s\n", line.buf);
			lines++;
		}
		strbuf_release(&line);
		strbuf_rtrim(out);
	}
	return 0;
}

static int make_draft(struct kbug_report *r, const struct report_args *a, int idx)
{
	struct json_object *d = json_object_new_object(), *rep = NULL, *notes;
	struct strbuf desc = STRBUF_INIT, title = STRBUF_INIT;
	int ret;

	if (idx >= 0)
		rep = json_object_array_get_idx(reports_of(r), (size_t)idx);
	if (rep && kj_get_str(rep, "title"))
		strbuf_addstr(&title, kj_get_str(rep, "title"));
	else if (a->module || a->driver)
		strbuf_addf(&title, "problem with the %s %s", a->module ? "module" : "driver",
			    a->module ?: a->driver);
	else if (a->device)
		strbuf_addf(&title, "problem with the device %s", a->device);
	else if (a->file)
		strbuf_addf(&title, "problem in %s", a->file);
	kj_set_str(d, "title", title.buf);
	kj_set_str(d, "summary", a->summary);
	if (idx >= 0)
		kj_set_int(d, "report_index", idx);
	kj_set_str(d, "module", a->module);
	kj_set_str(d, "driver", a->driver);
	kj_set_str(d, "device", a->device);
	if (a->regression) {
		struct json_object *reg = json_object_new_object();

		kj_set_str(reg, "last_good", a->last_good);
		kj_set(d, "regression", reg);
	}
	notes = json_object_new_array();
	check_guidelines(r, rep, notes);
	if (a->regression)
		fprintf(stderr, "Note:     a regression since %s: [REGRESSION] in the subject, Cc %s, and a #regzbot line\n",
			a->last_good, REGRESSIONS);
	kj_set(d, "notes", notes);
	kbug_report_set(r, "draft", d);
	ret = read_description(a, &desc);
	if (!ret && desc.len)
		kj_set_str(d, "description", desc.buf);
	strbuf_release(&desc);
	strbuf_release(&title);
	return ret;
}

/* ---- the channel ----------------------------------------------------------- */

static const struct kbug_channel *pick_channel(struct kbug_report *r, const char *to,
					       struct strbuf *why)
{
	const char *kind = kj_get_str(kj_path(r->root, "route.destination"), "kind") ?: "email";
	const struct kbug_channel *c;

	if (!strcmp(to, "email") || !strcmp(to, "bugzilla")) {
		c = kbug_channel_find(to);
		strbuf_addf(why, "--to %s", to);
		if (!c)
			ERR("this kbug has no '%s' channel", to);
		return c;
	}
	c = kbug_channel_for(kind);
	if (!strcmp(kind, "bugzilla"))
		strbuf_addstr(why, "the section's B: is a Bugzilla");
	else if (!strcmp(kind, "mailto"))
		strbuf_addstr(why, "the section's B: is a mail address");
	else if (!strcmp(kind, "issue-tracker"))
		strbuf_addstr(why, "the section's B: is an issue tracker");
	else if (!strcmp(kind, "web"))
		strbuf_addstr(why, "the section's B: is a web page");
	else
		strbuf_addstr(why, "no B: entry: email the maintainers and lists");
	if (!c) {
		strbuf_addstr(why, ", but this kbug has no channel for it: sending email instead");
		c = &channel_email;
	}
	return c;
}

/* Run $VISUAL/$EDITOR (split into argv, no shell) on path. */
static int run_editor(const char *path)
{
	const char *ed = getenv("VISUAL");
	char **argv = NULL, **full;
	int n, status = 0;
	pid_t pid;

	if (!ed || !*ed)
		ed = getenv("EDITOR");
	if (!ed || !*ed)
		ed = "vi";
	n = kbug_split_argv(ed, &argv);
	if (n <= 0) {
		ERR("cannot parse $EDITOR '%s'", ed);
		kbug_argv_free(argv);
		return -EINVAL;
	}
	full = calloc((size_t)n + 2, sizeof(*full));
	if (!full)
		abort();
	memcpy(full, argv, (size_t)n * sizeof(*full));
	full[n] = (char *)path;
	pid = fork();
	if (pid == 0) {
		execvp(full[0], full);
		fprintf(stderr, "kbug: cannot run the editor '%s': %s\n", full[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	free(full);
	kbug_argv_free(argv);
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		ERR("the editor '%s' failed: nothing sent", ed);
		return -ECANCELED;
	}
	return 0;
}

/* The email review: $EDITOR on the message, then ask. 0 go on, -ECANCELED stop. */
static int review(struct kbug_outbox_item *it, const char *channel, const struct report_args *a)
{
	struct strbuf p = STRBUF_INIT, ans = STRBUF_INIT;
	const char *file = !strcmp(channel, "email") ? "message.eml" : NULL;
	int ret = 0;

	if (!interactive(a) || a->d.dry_run || kbug_opts.output)
		return 0;
	if (file) {
		for (;;) {
			ret = ask("Review the message in your editor? [Y/n] ", &ans);
			if (ret < 0 || !ans.len || tolower((unsigned char)ans.buf[0]) == 'y') {
				ret = run_editor(kbug_outbox_file(it, &p, file));
				if (!ret)
					ret = kbug_email_refresh(it);
				if (ret)
					goto out;
			}
			break;
		}
	}
	ret = ask("Send it now? [y/N] ", &ans);
	if (ret < 0 || !ans.len || tolower((unsigned char)ans.buf[0]) != 'y') {
		fprintf(stderr, "Not sent: it waits in the outbox as %s (kbug outbox --retry %s).\n",
			kbug_outbox_item_id(it), kbug_outbox_item_id(it));
		ret = -ECANCELED;
	} else {
		ret = 0;
	}
out:
	strbuf_release(&p);
	strbuf_release(&ans);
	return ret;
}

static int write_item(struct kbug_report *r, struct kbug_outbox_item *it)
{
	char *json = kbug_report_to_json(r, true, true);
	size_t i;
	int ret;

	if (!json)
		return -ENOMEM;
	ret = kbug_outbox_write(it, "report.json", json, strlen(json));
	free(json);
	for (i = 0; !ret && i < r->att_nr; i++) {
		struct strbuf n = STRBUF_INIT;
		const char *s;

		strbuf_addstr(&n, "attachment-");
		for (s = r->att[i].name; *s && n.len < 100; s++) {
			bool ok = isalnum((unsigned char)*s) || strchr("._-", *s);

			strbuf_addch(&n, ok ? *s : '_');
		}
		ret = kbug_outbox_write(it, n.buf, r->att[i].data, r->att[i].len);
		strbuf_release(&n);
	}
	return ret;
}

static size_t array_len(struct json_object *o)
{
	return o && json_object_is_type(o, json_type_array) ? json_object_array_length(o) : 0;
}

/* The devices with a driver, so that the user can name one with --device. */
static void show_devices(struct kbug_report *r)
{
	struct json_object *pci = kbug_report_get(r, "pci");
	size_t i, n = array_len(pci), shown = 0;

	for (i = 0; i < n && shown < 12; i++) {
		struct json_object *d = json_object_array_get_idx(pci, i);
		const char *drv = kj_get_str(d, "driver");

		if (!drv)
			continue;
		if (!shown++)
			fprintf(stderr, "Devices with a driver (for --device SLOT or --driver NAME):\n");
		fprintf(stderr, "  %s  %-12s %s %s\n", kj_get_str(d, "slot") ?: "?", drv,
			kj_get_str(d, "vendor_name") ?: "", kj_get_str(d, "device_name") ?: "");
	}
}

static void no_suspect_help(struct kbug_report *r, const struct report_args *a)
{
	struct json_object *k = kbug_report_get(r, "kernel");
	struct json_object *t = kj_get(k, "tainted");
	const struct kbug_attachment *log = kbug_report_attachment(r, "dmesg.txt");
	const char *distro = kj_get_str(kbug_report_get(r, "distro"), "pretty_name");
	size_t lines = 0, i;

	for (i = 0; log && i < log->len; i++)
		lines += log->data[i] == '\n';
	fprintf(stderr, "\nCollected: kernel %s%s%s, %zu PCI and %zu USB devices, %zu modules, %zu log lines.\n",
		kj_get_str(k, "release") ?: "(unknown)",
		t ? (kj_get_int(t, "value", 0) ? ", tainted " : ", not tainted") : "",
		t && kj_get_int(t, "value", 0) ? kj_get_str(t, "flags") ?: "" : "",
		array_len(kbug_report_get(r, "pci")),
		array_len(kbug_report_get(r, "usb")), array_len(kbug_report_get(r, "modules")),
		lines);
	if (distro)
		fprintf(stderr, "Distribution: %s\n", distro);
	show_devices(r);
	fprintf(stderr,
		"No kernel crash, oops or warning was found in %s%s%s.\n"
		"kbug reports what the kernel itself reported; when the problem left no trace\n"
		"in the log, name what misbehaves and kbug routes that instead:\n"
		"  kbug report --module NAME     a module (see lsmod)\n"
		"  kbug report --driver NAME     a driver (lspci -k shows them)\n"
		"  kbug report --device SLOT     a PCI device (0000:00:02.0) or usb:BUS-PORT\n"
		"  kbug report --file PATH       a source file (drivers/net/...)\n"
		"  kbug report --log FILE        a saved log (journalctl -k -b -1 > FILE)\n"
		"Add --description FILE to say what happened, --dry-run to see the message first.\n",
		a->log ? "'" : "this kernel's log", a->log ?: "", a->log ? "'" : "");
}

static int finish_json(struct kbug_report *r)
{
	char *json;

	if (!kbug_opts.json)
		return 0;
	json = kbug_report_to_json(r, true, false);
	if (!json)
		return -ENOMEM;
	fprintf(kbug_output(), "%s\n", json);
	free(json);
	return 0;
}

static int cmd_report(int argc, char **argv)
{
	struct report_args a = { 0 };
	struct kbug_report r;
	struct kbug_outbox_item *it = NULL;
	struct strbuf dir = STRBUF_INIT, why = STRBUF_INIT, msg = STRBUF_INIT;
	const struct kbug_channel *ch;
	struct kbug_analyze_opts ao;
	int ret, idx = -1, code = KBUG_EXIT_ERROR;
	bool named, drafts = false;

	if (kbug_config_load())
		return KBUG_EXIT_ERROR;
	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret;
	named = a.file || a.module || a.driver || a.device;
	if (kbug_report_init(&r))
		return KBUG_EXIT_ERROR;
	r.redact = !a.no_redact;

	if (collect(&r, &a))
		goto out;
	if (kbug_report_redact(&r))
		WARN("redaction failed; check the report before sending it");
	kbug_analyze_opts_init(&ao);
	ret = kbug_analyze_report(&r, &ao);
	if (ret == -ENOENT)
		WARN("no kernel log was collected%s", a.log ? "" : " (try --log FILE)");
	else if (ret < 0)
		WARN("cannot analyze the kernel log: %s", strerror(-ret));
	/*
	 * With a named suspect, a report from the log goes into the body only
	 * when asked for (--report N): the log may be about something else.
	 */
	if (!named || a.pick)
		idx = pick_report(&r, &a);
	if (idx == -2) {
		code = KBUG_EXIT_USAGE;
		goto out;
	}
	if (!named) {
		if (idx < 0) {
			no_suspect_help(&r, &a);
			code = a.d.dry_run ? KBUG_EXIT_OK : KBUG_EXIT_ERROR;
			goto out;
		}
		{
			struct json_object *rep = json_object_array_get_idx(reports_of(&r),
									    (size_t)idx);

			fprintf(stderr, "Report:   %s%s%s\n", kj_get_str(rep, "title") ?: "?",
				kj_get_str(rep, "blame_reason") ? "\n          blamed: " : "",
				kj_get_str(rep, "blame_reason") ?: "");
			if (!kj_get_str(rep, "guilty_file") && !kj_get_str(rep, "guilty_module")) {
				fprintf(stderr,
					"The report names no guilty source file or module: name the suspect with --file, --module, --driver or --device.\n");
				goto out;
			}
		}
	}
	if (route(&r, &a, idx))
		goto out;
	/* where MAINTAINERS came from may be a path in the user's home */
	if (kbug_report_redact_section(&r, "route"))
		WARN("redaction failed; check the report before sending it");
	ch = pick_channel(&r, a.d.to, &why);
	if (!ch)
		goto out;
	show_route(&r, ch->name, why.buf);
	if (make_draft(&r, &a, idx))
		goto out;
	if (a.d.dry_run && !a.d.from && !kbug_config_get("identity", "email")) {
		a.d.from = "Your Name <you@example.org>";
		fprintf(stderr, "Note:     no sender is set: the From line below is a placeholder; set [identity] name and email in %s, or give --from, before sending\n",
			"~/.config/kbug/config");
	}

	if (a.d.dry_run || kbug_opts.output) {
		/* nothing is kept: prepare in a private directory, removed below */
		const char *tmp = getenv("TMPDIR");

		strbuf_addf(&dir, "%s/kbug-draft.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(dir.buf)) {
			ERR("cannot create a directory in '%s': %s", tmp && *tmp ? tmp : "/tmp",
			    strerror(errno));
			goto out;
		}
		drafts = true;
	} else if (kbug_outbox_dir(&dir, a.outbox)) {
		goto out;
	}
	ret = kbug_outbox_item_new(dir.buf, ch->name, &it);
	if (ret)
		goto out;
	ret = write_item(&r, it);
	if (!ret)
		ret = ch->prepare(&r, it, &a.d);
	if (ret) {
		/* the channel said why */
		ERR("the report was not prepared: nothing was saved or sent");
		kbug_outbox_discard(it);
		goto out;
	}
	if (a.d.dry_run || kbug_opts.output) {
		/* show what would be sent, keep nothing */
		if (!kbug_outbox_read(it, "message.eml", &msg)) {
			if (kbug_opts.output) {
				struct strbuf mbox = STRBUF_INIT, from = STRBUF_INIT;

				kbug_mime_get_header(msg.buf, "From", &from);
				{
					struct strbuf nm = STRBUF_INIT, ad = STRBUF_INIT;

					kbug_mime_parse_address(from.buf, &nm, &ad);
					kbug_mbox_append(&mbox, msg.buf, msg.len, ad.buf);
					strbuf_release(&nm);
					strbuf_release(&ad);
				}
				fwrite(mbox.buf, 1, mbox.len, kbug_output());
				fprintf(stderr, "Saved the message to '%s': send it with 'git send-email %s' or 'mutt -H %s'.\n",
					kbug_opts.output, kbug_opts.output, kbug_opts.output);
				strbuf_release(&mbox);
				strbuf_release(&from);
			} else if (!kbug_opts.json) {
				fwrite(msg.buf, 1, msg.len, kbug_output());
			}
		} else if (!kbug_outbox_read(it, "body.md", &msg) ||
			   !kbug_outbox_read(it, "request.json", &msg)) {
			if (!kbug_opts.json)
				fwrite(msg.buf, 1, msg.len, kbug_output());
		}
		if (a.d.dry_run)
			fprintf(stderr, "Dry run: nothing was sent or saved.\n");
		kbug_outbox_discard(it);
		finish_json(&r);
		code = KBUG_EXIT_OK;
		goto out;
	}
	ret = kbug_outbox_commit(it);
	if (ret) {
		ERR("cannot save the report in the outbox '%s': %s", dir.buf, strerror(-ret));
		kbug_outbox_discard(it);
		goto out;
	}
	fprintf(stderr, "Saved in the outbox as %s.\n", kbug_outbox_item_path(it));
	ret = review(it, ch->name, &a);
	if (ret) {
		code = KBUG_EXIT_QUEUED;
		goto out;
	}
	ret = ch->send(it, &a.d);
	kbug_report_set(&r, "delivery", json_object_get(kbug_outbox_state(it)));
	if (!ret) {
		struct json_object *st = kbug_outbox_state(it);

		if (!strcmp(kbug_outbox_get_state(it), "manual")) {
			fprintf(stderr, "kbug cannot file this report itself. Open:\n  %s\n"
				"and paste the body saved in %s/body.md\n",
				kj_get_str(st, "url") ?: "(no URL)", kbug_outbox_item_path(it));
			if (kj_get_str(st, "url"))
				fprintf(kbug_output(), "%s\n", kj_get_str(st, "url"));
		} else {
			const char *mid = kj_get_str(st, "message_id");
			const char *bug = kj_get_str(st, "bug_id"), *url = kj_get_str(st, "url");

			fprintf(stderr, "Delivered: %s%s%s%s%s\n", mid ?: "", bug ? "bug " : "",
				bug ?: "", url && (mid || bug) ? " " : "", url ?: "");
		}
		code = KBUG_EXIT_OK;
	} else {
		fprintf(stderr, "Not delivered; the report waits in the outbox as %s.\n"
			"Retry with: kbug outbox --retry %s%s%s\n", kbug_outbox_item_id(it),
			kbug_outbox_item_id(it), a.outbox ? " --outbox " : "", a.outbox ?: "");
		code = KBUG_EXIT_QUEUED;
	}
	finish_json(&r);
out:
	if (drafts && it)
		kbug_outbox_discard(it);
	kbug_outbox_item_free(it);
	if (drafts)
		rmdir(dir.buf);
	kbug_report_release(&r);
	strbuf_release(&dir);
	strbuf_release(&why);
	strbuf_release(&msg);
	return code;
}

const struct kbug_cmd kbug_cmd_report = {
	.name = "report",
	.run = cmd_report,
	.summary = "collect, analyze, route and send a bug report",
	.usage = report_usage,
	.options = report_options,
	.details = report_details,
};
