// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug report: the whole pipeline, each stage through its own driver,
 * with the terminal here. collect (the probes), analyze (the kernel's
 * reports in the log; kbug_analyze_pick proposes one, the user may pick
 * another), route (kbug_route_suspect writes "route"), the draft
 * (kbug_draft_make writes "draft"), then kbug_deliver: redaction, the
 * outbox, the review asked here, the channel ("delivery").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/analyze.h"
#include "core/settings.h"
#include "deliver/bridge.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/smtp.h"
#include "front.h"
#include "kbug.h"
#include "probes/dropin.h"
#include "probes/probe.h"
#include "core/report.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/path.h"
#include "util/prompt.h"
#include "util/strbuf.h"
#include "util/term.h"

#define DESCRIPTION_MAX (64 * 1024)
#define REGRESSIONS "regressions@lists.linux.dev"

struct report_args {
	const char *log, *file, *module, *driver, *device;
	const char *maintainers, *outbox, *description, *summary, *last_good;
	bool regression, no_redact;
	bool upstream;			/* --upstream: a vanilla kernel has it too */
	bool notify, no_notify;		/* --notify-lists, --no-notify-lists (deliver/bridge.c) */
	int pick;			/* --report N (1 = newest), 0: choose */
	int boot;			/* --boot N: 0 this boot, -1 the one before (journal) */
	bool lkml;			/* the no-crash menu's "describe the problem" */
	struct kbug_front_pick menu;	/* what the no-crash menu picked */
	struct kbug_deliver_opts d;
};

static const char report_usage[] =
	"usage: kbug report [options]\n"
	"\n"
	"Collect the facts, find the kernel report (oops, WARNING, ...) in the kernel\n"
	"log (the first that names a culprit), route it through MAINTAINERS and send\n"
	"it to the right people.\n";

static const char report_details[] =
	"config: ~/.config/kbug/config (INI: [identity] name, email; [smtp] url, user,\n"
	"password-command, ca-file, insecure; [report] channel, outbox; [distro] bugs).\n"
	"\n"
	"exit status: 0 delivered (or nothing to do with --dry-run), 1 error,\n"
	"2 usage, 3 saved in the outbox but not delivered (the reason is on stderr).\n";

static const struct kbug_option report_options[] = {
	OPT_TEXT("what to report:"),
	OPT_STRING("log", 0, "FILE", struct report_args, log,
		   "read the kernel log from FILE (- for standard input) instead of this kernel's"),
	OPT_INT("boot", "N", struct report_args, boot, -1000, 0, NULL,
		"the kernel log of an earlier boot from the systemd journal (-1: the boot before "
		"this one, where a freeze or crash left its trace)"),
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
	OPT_FLAG("upstream", 0, struct report_args, upstream,
		 "the problem also happens with a vanilla kernel (kernel.org's): report it "
		 "upstream even when this kernel is a distribution's"),
	OPT_STRING("to", 0, "auto|email|bugzilla", struct report_args, d.to,
		   "the channel (default: [report] channel in the config, else auto: follow the "
		   "B: entry)"),
	OPT_STRING("from", 0, "ADDR", struct report_args, d.from,
		   "the sender, \"Name <you@example.org>\" (default: the [identity] section)"),
	OPT_GROUP(kbug_delivery_options, struct report_args, d),
	OPT_GROUP(kbug_product_options, struct report_args, d),
	OPT_STRING("outbox", 0, "DIR", struct report_args, outbox,
		   "the outbox (default: [report] outbox, else $XDG_DATA_HOME/kbug/outbox)"),
	OPT_FLAG("notify-lists", 0, struct report_args, notify,
		 "after filing a bug, send the section's lists one short notice with its URL"),
	OPT_FLAG("no-notify-lists", 0, struct report_args, no_notify,
		 "after filing a bug, do not offer the lists a notice"),
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
	if (a->log && a->description && !strcmp(a->log, "-") && !strcmp(a->description, "-"))
		return kbug_usage_error("report", "--log - and --description - cannot both read standard input");
	if (a->log && a->boot)
		return kbug_usage_error("report", "--log and --boot exclude each other");
	if (a->d.smtp_url && kbug_smtp_url_check(a->d.smtp_url))
		return kbug_usage_error("report",
					"--smtp-url takes smtp://HOST[:PORT] or smtps://HOST[:PORT], without credentials (use [smtp] user and password-command)");
	return 0;
}

/* ---- collect ---------------------------------------------------------------- */

static void probe_ctx(struct kbug_probe_ctx *ctx, struct kbug_report *r,
		      const struct report_args *a)
{
	*ctx = (struct kbug_probe_ctx){
		.report = r, .log_file = a->log, .timeout_ms = 10000, .boot = a->boot,
		.max_output = 16u << 20,
	};
}

static int collect(struct kbug_report *r, const struct report_args *a)
{
	struct kbug_probe_ctx ctx;

	probe_ctx(&ctx, r, a);
	if (a->log && strcmp(a->log, "-") && access(a->log, R_OK)) {
		ERR("cannot read '%s': %s", a->log, strerror(errno));
		return -errno;
	}
	kbug_probes_run(&ctx, NULL);
	return 0;
}

/* ---- analyze: which report ------------------------------------------------ */

/* The list of reports, newest first; the user's pick, else `best`. */
static int ask_report(struct kbug_report *r, size_t n, int best)
{
	struct strbuf ans = STRBUF_INIT;
	size_t i;

	fprintf(stderr, "The log holds %zu kernel reports (newest first):\n", n);
	for (i = n; i-- > 0;) {
		struct json_object *rep = kbug_analyze_report_at(r, (int)i);
		const char *gf = kj_get_str(rep, "guilty_file");

		fprintf(stderr, "  %zu) %s%s%s%s%s\n", n - i,
			kj_get_str(rep, "title") ?: "(untitled)", gf ? " [" : "", gf ?: "",
			gf ? "]" : "", kj_get_bool(rep, "corrupted", false) ? " (corrupted)" : "");
	}
	for (;;) {
		char prompt[96];
		long k;
		char *end;

		snprintf(prompt, sizeof(prompt), "Which one to report? [%zu] ", n - (size_t)best);
		if (kbug_ask(prompt, &ans) < 0 || !ans.len)
			break;
		k = strtol(ans.buf, &end, 10);
		if (!*end && k >= 1 && (size_t)k <= n) {
			best = (int)(n - (size_t)k);
			break;
		}
		fprintf(stderr, "Type a number from 1 to %zu.\n", n);
	}
	strbuf_release(&ans);
	return best;
}

/* The index of the report to send, -1 when there is none, -2 a usage error. */
static int pick_report(struct kbug_report *r, const struct report_args *a)
{
	struct kbug_analyze_pick p;
	int ret = kbug_analyze_pick(r, a->pick, &p);

	if (ret == -ERANGE) {
		ERR("--report %d: the log holds only %zu report%s", a->pick, p.count,
		    p.count == 1 ? "" : "s");
		return -2;
	}
	if (ret || a->pick || p.count < 2)
		return p.index;
	if (kbug_interactive(a->d.yes))
		return ask_report(r, p.count, p.index);
	fprintf(stderr,
		"The log holds %zu kernel reports; taking \"%s\", the first%s (--report N picks another).\n",
		p.count, kj_get_str(kbug_analyze_report_at(r, p.index), "title") ?: "?",
		p.blames ? " that names a guilty file or module and is not corrupted" : "");
	return p.index;
}

/* ---- route ------------------------------------------------------------------ */

/* What went wrong or differently while routing, in the user's terms. */
static void route_said(struct kbug_report *r, const struct kbug_suspect *s, int ret)
{
	const char *gf = s->file ? NULL : kj_get_str(s->report, "guilty_file");
	const char *what = s->module ?: s->driver ?: s->device;
	const char *routed = kj_get_str(kj_path(r->root, "route.suspect"), "path");

	if (!ret && !what && gf && routed && strcmp(routed, gf))
		fprintf(stderr, "Note:     '%s' is not in this MAINTAINERS' tree (renamed, or newer than the tree?): routed by '%s'\n",
			gf, routed);
	if (!what && !s->file && !gf)
		what = kj_get_str(s->report, "guilty_module");
	if (ret == -ENOENT && what)
		fprintf(stderr,
			"kbug finds the sources of a module through /lib/modules/RELEASE (modules.dep, modules.builtin.modinfo), which did not know '%s' on this machine. Name the source instead: --file PATH, a file or directory of the kernel tree (e.g. --file drivers/virtio/).\n",
			what);
}

/*
 * A distribution's kernel, in a terminal: does a vanilla kernel have the
 * problem too? Only then does it go upstream (reporting-issues.rst).
 */
static bool ask_upstream(struct kbug_report *r, const struct report_args *a)
{
	struct json_object *dk = kj_path(r->root, "distro.kernel");

	if (!kj_get_bool(dk, "distribution_kernel", false) || !kbug_interactive(a->d.yes))
		return false;
	kbug_tprintf(stderr,
		     "\nThis kernel is %s's (%s). The kernel's developers want reports against their own code: a vanilla kernel from kernel.org, mainline or stable, without the distribution's changes (Documentation/admin-guide/reporting-issues.rst). A distribution's kernel is reported to the distribution, which passes on what is not its own.\n",
		     kj_get_str(dk, "maker") ?: "a distribution", kj_get_str(dk, "release") ?: "?");
	return kbug_ask_yes("Does the problem also happen with a vanilla kernel you installed or built from kernel.org? [y/N] ",
			    false);
}

static int route(struct kbug_report *r, const struct report_args *a, int idx)
{
	struct kbug_maint_opts mo = { .file = a->maintainers };
	struct kbug_suspect s = {
		.file = a->file, .module = a->module, .driver = a->driver, .device = a->device,
		.report = kbug_analyze_report_at(r, idx),
	};
	struct kbug_maint *m = NULL;
	int ret = kbug_maint_open(&mo, &m);

	if (ret) {
		ERR("cannot read MAINTAINERS%s%s: %s", a->maintainers ? " from " : "",
		    a->maintainers ?: "", strerror(-ret));
		return ret;
	}
	ret = kbug_route_suspect(r, m, &s);
	route_said(r, &s, ret);
	kbug_maint_free(m);
	if (!ret) {
		struct kbug_distro_opts d = { .upstream = a->upstream };

		if (!d.upstream && ask_upstream(r, a)) {
			d.upstream = true;
			d.upstream_why = "you said the problem also happens with a vanilla kernel";
		}
		ret = kbug_route_distro(r, &d);
	}
	return ret;
}

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
		strbuf_trim(out);
		if (!out->len) {
			ERR("the description '%s' is empty: say what you did, what you expected and what happened instead",
			    a->description);
			return -EINVAL;
		}
		return 0;
	}
	if (kbug_interactive(a->d.yes)) {
		int tries;

		kbug_ask_lines("\nWhat happened? What did you do, what did you expect, what happened instead?\n"
			       "(end with an empty line)\n", out, 200);
		/* an empty description helps nobody: asked again, then stop */
		for (tries = 0; !out->len && tries < 2; tries++)
			kbug_ask_lines("The maintainers need your words to act on it: a few lines, please\n"
				       "(end with an empty line)\n", out, 200);
		if (!out->len) {
			fprintf(stderr, "No description: nothing was saved or sent.\n");
			return -ECANCELED;
		}
	}
	return 0;
}

/* A subject kbug had to make up ("problem with the driver btusb"): ask for a better one */
static void ask_subject(struct kbug_report *r, const struct report_args *a)
{
	struct json_object *d = kbug_report_get(r, "draft");
	const char *title = kj_get_str(d, "title") ?: "";
	struct strbuf ans = STRBUF_INIT;
	int tries;

	if (a->summary || !kbug_interactive(a->d.yes) || !kj_get_bool(d, "title_invented", false))
		return;
	fprintf(stderr, "\nThe subject line is the first thing maintainers read; say the problem in a few\n"
		"words (e.g. \"btusb: no Bluetooth after resume\").\n");
	/* no title at all (the problem only described): a subject is needed */
	for (tries = 0; tries < 3; tries++) {
		if (kbug_ask_default("Subject", title, &ans) < 0 || ans.len || *title)
			break;
	}
	if (ans.len)
		kj_set_str(d, "summary", ans.buf);
	else if (!*title)
		kj_set_str(d, "summary", "a problem the kernel log does not show");
	strbuf_release(&ans);
}

/* ---- the draft ------------------------------------------------------------- */

static int draft(struct kbug_report *r, const struct report_args *a, int idx, const char *why)
{
	struct kbug_draft_opts o = {
		.why = why,
		.report_index = idx, .summary = a->summary,
		.last_good = a->regression ? a->last_good : NULL,
		.module = a->module, .driver = a->driver, .device = a->device, .file = a->file,
	};
	const char *tag = kj_get_str(kbug_report_get(r, "route"), "subject_tag");
	struct strbuf desc = STRBUF_INIT, subject = STRBUF_INIT;
	int ret;

	/* a guessed subsystem, marked as syzbot marks it: "[iwlwifi?] WARNING in ..." */
	if (tag && !a->summary && idx >= 0) {
		strbuf_addf(&subject, "[%s] %s", tag,
			    kj_get_str(kbug_analyze_report_at(r, idx), "title") ?: "kernel report");
		o.summary = subject.buf;
	}
	ret = kbug_draft_make(r, &o);
	strbuf_release(&subject);

	if (ret)
		return ret;
	ret = kbug_front_guidelines(r, a->d.yes);
	if (ret)
		return ret;
	if (a->regression)
		fprintf(stderr, "Note:     a regression since %s: [REGRESSION] in the subject, Cc %s, and a #regzbot line\n",
			a->last_good, REGRESSIONS);
	ask_subject(r, a);
	ret = read_description(a, &desc);
	if (!ret)
		kbug_draft_describe(r, desc.buf);
	strbuf_release(&desc);
	return ret;
}

/* What the newest pstore record holds: its first report (a panic follows its cause). */
static void pstore_title(const char *path)
{
	struct strbuf real = STRBUF_INIT, text = STRBUF_INIT;
	struct json_object *res = NULL, *reps;
	struct kbug_analyze_opts o;
	size_t n;

	if (!path || strbuf_read_file(&text, kbug_path(&real, path), 4u << 20) < 0)
		goto out;
	kbug_analyze_opts_init(&o);
	o.debuginfo = false;
	if (kbug_analyze_buffer(text.buf, text.len, path, &o, &res) <= 0)
		goto out;
	reps = kj_get(res, "reports");
	n = reps ? json_object_array_length(reps) : 0;
	if (n)
		kbug_tprintf(stderr, "The newest record holds: %s%s\n",
			     kj_get_str(json_object_array_get_idx(reps, 0), "title") ?: "?",
			     n > 1 ? " (and what followed it)" : "");
out:
	json_object_put(res);
	strbuf_release(&text);
	strbuf_release(&real);
}

/*
 * This boot's log is clean: where the crash of an earlier boot may be
 * (pstore records, the journal's boot before), and when nothing keeps
 * them, how to have them next time.
 */
static void earlier_crash_help(struct kbug_report *r)
{
	struct json_object *ps = kj_get(kbug_report_get(r, "dmesg"), "pstore");
	size_t i, n = ps && json_object_is_type(ps, json_type_array) ?
		      json_object_array_length(ps) : 0;
	struct strbuf real = STRBUF_INIT;

	if (n) {
		fprintf(stderr, "\nAn earlier crash left %zu record%s in pstore (the log the kernel saved as it went down):\n",
			n, n == 1 ? "" : "s");
		for (i = 0; i < n; i++) {
			struct json_object *e = json_object_array_get_idx(ps, i);

			kbug_tprintf(stderr, "  %s (%lld bytes)\n",
				     kbug_path(&real, kj_get_str(e, "path") ?: "?"),
				     (long long)kj_get_int(e, "size", 0));
		}
		pstore_title(kj_get_str(json_object_array_get_idx(ps, n - 1), "path"));
		kbug_tprintf(stderr, "Report the crash it holds with:\n  kbug report --log %s\n",
			     kbug_path(&real, kj_get_str(json_object_array_get_idx(ps, n - 1),
							 "path") ?: "?"));
	}
	fprintf(stderr, "\nA freeze or a crash that rebooted the machine is in the log of the boot before:\n"
		"  kbug report --boot -1      (from the systemd journal)\n");
	if (!n)
		fprintf(stderr,
			"\nNothing on this machine kept the log of a crash (no pstore records). To have it next time:\n"
			"  - let systemd-pstore archive them: systemctl enable systemd-pstore.service\n"
			"  - boot with printk.always_kmsg_dump=1 and crash_kexec_post_notifiers=1, so that the log\n"
			"    of every oops and panic reaches pstore\n"
			"%s",
			kbug_path_exists("/var/log/journal") ? "" :
			"  - keep the journal across boots: Storage=persistent in /etc/systemd/journald.conf\n");
	strbuf_release(&real);
}

static void no_suspect_help(struct kbug_report *r, const struct report_args *a)
{
	kbug_report_summary(stderr, r);
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
		a->log ? "'" : a->boot ? "the log of that boot" : "this kernel's log", a->log ?: "",
		a->log ? "'" : "");
	if (!a->log && !a->boot)
		earlier_crash_help(r);
}

/*
 * No kernel log could be read: say so and how to get it, never that the
 * log is clean. The kernel refuses /dev/kmsg and syslog(2) to a user
 * without CAP_SYSLOG when kernel.dmesg_restrict is 1
 * (check_syslog_permissions() in kernel/printk/printk.c).
 */
static void log_unreadable_help(struct kbug_report *r)
{
	struct json_object *errs = kj_get(r->root, "errors");
	struct strbuf v = STRBUF_INIT;
	size_t i, n = errs && json_object_is_type(errs, json_type_array) ?
		      json_object_array_length(errs) : 0;
	bool restricted = !kbug_path_read_line(&v, "/proc/sys/kernel/dmesg_restrict") &&
			  !strcmp(v.buf, "1");

	fprintf(stderr, "kbug could not read the kernel log, so it cannot tell whether the kernel reported a crash:\n");
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(errs, i);

		if (!strcmp(kj_get_str(e, "probe") ?: "", "dmesg"))
			kbug_tprintf(stderr, "  %s\n", kj_get_str(e, "message") ?: "?");
	}
	if (restricted)
		fprintf(stderr, "This kernel lets only root read its log (kernel.dmesg_restrict = 1).\n");
	fprintf(stderr,
		"To give kbug the log, either:\n"
		"  - read it from the journal: be a member of the group adm or systemd-journal\n"
		"    (sudo usermod -aG systemd-journal $USER, then log in again) and run kbug again, or\n"
		"  - save it with sudo and hand it over:\n"
		"      sudo dmesg > kernel.log && kbug report --log kernel.log\n"
		"    (the log of the boot before: journalctl -k -b -1 > kernel.log, or kbug report --boot -1)\n");
	strbuf_release(&v);
}

#define REPORT_AGAIN (-2)	/* find_suspect(): collect again (another log) */
#define LKML "linux-kernel@vger.kernel.org"

/*
 * The problem in the user's words only: nothing names a part of the
 * kernel, so the report goes to LKML, where
 * Documentation/admin-guide/reporting-issues.rst sends a report whose
 * subsystem is not known (the "THE REST" section's list, without its M:).
 * A destination of kind "email" with its own To (deliver/email.c).
 */
static void route_lkml(struct kbug_report *r)
{
	struct json_object *route = json_object_new_object(), *dest = json_object_new_object();
	struct json_object *to = json_object_new_array(), *sus = json_object_new_object();

	kj_set_str(sus, "path", "(none named)");
	kj_set_str(sus, "why", "nothing names the part at fault, and the reporting guidelines send such a report to LKML");
	kj_set(route, "suspect", sus);
	kj_append_str(to, LKML);
	kj_set_str(dest, "kind", "email");
	kj_set_str(dest, "section", "THE REST");
	kj_set(dest, "to", to);
	kj_set(dest, "cc", json_object_new_array());
	kj_set(route, "destination", dest);
	kbug_report_set(r, "route", route);
	fprintf(stderr, "The report goes to the kernel's mailing list, %s: say in the\n"
		"subject and the text which part of the machine misbehaves, so that its\n"
		"maintainers notice it.\n", LKML);
}

/* The no-crash menu (front-menu.c), the pick applied: find_suspect()'s return */
static int no_suspect_menu(struct kbug_report *r, struct report_args *a)
{
	struct kbug_front_pick *p = &a->menu;

	/* the devices are in the menu: no summary */
	kbug_tprintf(stderr, "\nNo kernel crash, oops or warning was found in %s%s%s.\n",
		     a->log ? "'" : a->boot ? "the log of that boot" : "this kernel's log",
		     a->log ?: "", a->log ? "'" : "");
	if (!a->log && !a->boot)
		earlier_crash_help(r);
	if (kbug_front_no_crash_menu(r, !a->boot, p))
		return KBUG_EXIT_ERROR;
	switch (p->what) {
	case KBUG_PICK_DEVICE:
		a->device = p->value;
		break;
	case KBUG_PICK_MODULE:
		a->module = p->value;
		break;
	case KBUG_PICK_BOOT:
		a->log = NULL;
		a->boot = -1;
		return REPORT_AGAIN;
	case KBUG_PICK_LOG:
		a->boot = 0;
		a->log = p->value;
		return REPORT_AGAIN;
	case KBUG_PICK_DESCRIBE:
		a->lkml = true;
		route_lkml(r);
		break;
	}
	return -1;
}

/* Until the report is routed: the exit code when it stops here, else -1. */
static int find_suspect(struct kbug_report *r, struct report_args *a, int *idx)
{
	bool named = a->file || a->module || a->driver || a->device;
	struct kbug_analyze_opts ao;
	struct json_object *rep;
	int ret;

	kbug_analyze_opts_init(&ao);
	ret = kbug_analyze_report(r, &ao);
	if (ret == -ENOENT && !a->log) {
		log_unreadable_help(r);
		if (!named)
			return KBUG_EXIT_ERROR;
	} else if (ret == -ENOENT) {
		WARN("no kernel log was collected from '%s'", a->log);
	} else if (ret < 0) {
		WARN("cannot analyze the kernel log: %s", strerror(-ret));
	}
	/*
	 * With a named module, driver or device, a report from the log goes
	 * into the body only when asked for (--report N): the log may be about
	 * something else. --file reroutes the crash found to another source
	 * (issue 21): the crash stays.
	 */
	*idx = !named || a->pick || a->file ? pick_report(r, a) : -1;
	if (*idx == -2)
		return KBUG_EXIT_USAGE;
	if (!named && *idx < 0 && !a->lkml && kbug_interactive(a->d.yes)) {
		ret = no_suspect_menu(r, a);
		if (ret != -1 || a->lkml)
			return ret;
		named = true;	/* a device or a module */
	} else if (!named && *idx < 0 && !a->lkml) {
		no_suspect_help(r, a);
		return a->d.dry_run ? KBUG_EXIT_OK : KBUG_EXIT_ERROR;
	}
	if (a->lkml)
		return -1;
	rep = kbug_analyze_report_at(r, *idx);
	if (!named) {
		fprintf(stderr, "Report:   %s%s%s\n", kj_get_str(rep, "title") ?: "?",
			kj_get_str(rep, "blame_reason") ? "\n          blamed: " : "",
			kj_get_str(rep, "blame_reason") ?: "");
		if (!kj_get_str(rep, "guilty_file") && !kj_get_str(rep, "guilty_module")) {
			fprintf(stderr,
				"The report names no guilty source file or module: name the suspect with --file, --module, --driver or --device.\n");
			return KBUG_EXIT_ERROR;
		}
	}
	return route(r, a, *idx) ? KBUG_EXIT_ERROR : -1;
}

/* ---- before the questions: can this machine send mail? -------------------- */

#define SENDMAIL "/usr/sbin/sendmail"

static bool mail_way(const struct report_args *a)
{
	return a->d.smtp_url || a->d.sendmail || kbug_config_get("smtp", "url") ||
	       kbug_config_get_bool("sendmail", "use", false);
}

/* A mail file in the current directory nothing is called yet: kbug-report.mbox, -2, ... */
static const char *mbox_name(void)
{
	static char name[64];
	int i;

	for (i = 1; i < 100; i++) {
		if (i == 1)
			snprintf(name, sizeof(name), "kbug-report.mbox");
		else
			snprintf(name, sizeof(name), "kbug-report-%d.mbox", i);
		if (access(name, F_OK))
			return name;
	}
	return NULL;
}

/* The ways that work here, offered; the exit code to stop with, else -1. */
static int choose_way(struct report_args *a)
{
	bool sm = !access(SENDMAIL, X_OK);
	struct strbuf ans = STRBUF_INIT;
	const char *file = mbox_name();
	int code = -1, tries;

	fprintf(stderr, "How should this report leave the machine?\n");
	if (sm)
		fprintf(stderr, "  1) through this machine's sendmail (%s)\n", SENDMAIL);
	if (file)
		fprintf(stderr, "  2) saved as a mail file (%s, here) to send from your mail client\n",
			file);
	fprintf(stderr, "  3) set up sending now (kbug setup: your mail provider's SMTP server)\n"
		"  4) kept in the outbox, to send later (kbug outbox --retry)\n"
		"  q) quit, nothing kept\n");
	for (tries = 0; tries < 5; tries++) {
		if (kbug_ask_default("Choose", file ? "2" : "4", &ans) || !strcmp(ans.buf, "q")) {
			fprintf(stderr, "Nothing was saved or sent.\n");
			code = KBUG_EXIT_ERROR;
			break;
		}
		if (!strcmp(ans.buf, "1") && sm) {
			a->d.sendmail = true;
			break;
		}
		if (!strcmp(ans.buf, "2") && file) {
			kbug_opts.output = file;
			break;
		}
		if (!strcmp(ans.buf, "3")) {
			if (kbug_setup_run())
				continue;
			if (mail_way(a))
				break;
			kbug_front_send_later(true);
			break;
		}
		if (!strcmp(ans.buf, "4")) {
			kbug_front_send_later(true);
			break;
		}
		fprintf(stderr, "Type one of the numbers above, or q.\n");
	}
	if (tries == 5)
		code = KBUG_EXIT_ERROR;
	strbuf_release(&ans);
	return code;
}

/*
 * Mail needs a sender and a way out: what is missing is said before the
 * user types anything, and asked in a terminal (without one, the report
 * will be kept as a draft in the outbox). The exit code to stop with, else -1.
 */
static int mail_ready(struct report_args *a, const struct kbug_channel *ch)
{
	static struct strbuf from = STRBUF_INIT;
	bool tty = kbug_interactive(a->d.yes);
	int code;

	if (strcmp(ch->name, "email") || a->d.dry_run || kbug_opts.output)
		return -1;
	if (!mail_way(a)) {
		fprintf(stderr, "kbug cannot send mail from this machine yet: no SMTP server is set up "
			"([smtp] url), and --sendmail was not given%s\n",
			tty ? "." : ": the report will be kept in the outbox.");
		if (tty) {
			code = choose_way(a);
			if (code >= 0)
				return code;
		}
	}
	if ((a->d.from && *a->d.from) || kbug_config_get("identity", "email"))
		return -1;
	if (!tty) {
		fprintf(stderr, "No sender address is set (--from, or [identity] email): the report will be kept as a draft in the outbox.\n");
		return -1;
	}
	if (kbug_setup_identity(&from)) {
		fprintf(stderr, "\nNo sender: nothing was saved or sent.\n");
		return KBUG_EXIT_ERROR;
	}
	a->d.from = from.buf;
	return -1;
}

static int cmd_report(int argc, char **argv)
{
	struct report_args a = { 0 };
	struct kbug_probe_ctx ctx;
	struct kbug_report r;
	struct strbuf why = STRBUF_INIT;
	const struct kbug_channel *ch;
	int ret, idx = -1, code = KBUG_EXIT_ERROR, again;

	if (kbug_config_load())
		return KBUG_EXIT_ERROR;
	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret;
	if (kbug_report_init(&r))
		return KBUG_EXIT_ERROR;
	r.redact = !a.no_redact;
	for (again = 0; again < 4; again++) {
		if (collect(&r, &a))
			goto out;
		code = find_suspect(&r, &a, &idx);
		if (code != REPORT_AGAIN)
			break;
		/* the menu named another log: a fresh report from it */
		kbug_report_release(&r);
		if (kbug_report_init(&r))
			return KBUG_EXIT_ERROR;
		r.redact = !a.no_redact;
		code = KBUG_EXIT_ERROR;
	}
	if (code >= 0 || code == REPORT_AGAIN) {
		code = code >= 0 ? code : KBUG_EXIT_ERROR;
		goto out;
	}
	/* the suspect is known: the probes of its area (a GPU hang: the GPU's state) */
	probe_ctx(&ctx, &r, &a);
	kbug_probes_run_area(&ctx);
	kbug_dropins_run(&ctx);	/* docs/dropin-probes.md */
	code = KBUG_EXIT_ERROR;
	if (kbug_front_confirm_route(&r, a.d.yes))
		goto out;
	ch = kbug_channel_pick(&r, a.d.to, &why);
	if (!ch)
		goto out;
	kbug_route_show(stderr, &r, ch->name, why.buf);
	code = mail_ready(&a, ch);
	if (code >= 0)
		goto out;
	code = KBUG_EXIT_ERROR;
	if (draft(&r, &a, idx, why.buf))
		goto out;
	if (a.d.dry_run && !a.d.from && !kbug_config_get("identity", "email")) {
		a.d.from = "Your Name <you@example.org>";
		fprintf(stderr, "Note:     no sender is set: the From line below is a placeholder; set [identity] name and email in %s, or give --from, before sending\n",
			"~/.config/kbug/config");
	}
	code = kbug_front_deliver(&r, &a.d, a.outbox, ch);
	if (code == KBUG_EXIT_OK && !a.d.dry_run)	/* a bug filed: tell its lists */
		kbug_bridge_offer(&r, &a.d, a.outbox, a.notify ? 1 : a.no_notify ? 0 : -1);
out:
	kbug_report_release(&r);
	strbuf_release(&why);
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
