// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug analyze: find the kernel reports in a log, title and blame them.
 * The log is a file, stdin ("-"), a saved report (--report), or, with
 * none given, this machine's kernel log.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbug.h"
#include "core/report.h"
#include "analyze/analyze.h"
#include "probes/probe.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

static const char analyze_usage[] =
	"usage: kbug analyze [--json] [--vmlinux FILE] [--modules-dir DIR] [--no-debuginfo]\n"
	"                    [--no-text] [--explain] [LOG | - | --report FILE]\n"
	"       kbug analyze --explain-rules\n"
	"\n"
	"  LOG                 a kernel log: dmesg output (with or without timestamps),\n"
	"                      journalctl -k or syslog lines, /dev/kmsg records; '-' is stdin\n"
	"  (none)              this machine's kernel log\n";

static const char analyze_details[] =
	"The guilty file is the first source file of the trace that is not reporting\n"
	"machinery; without file names, the module of the guilty frame: its source\n"
	"directory (a module named like a component of it, e1000 in .../intel/e1000)\n"
	"or DIR/MODULE.c (dummy in drivers/net); $KBUG_KERNEL_SRC finds the exact file.\n"
	"\n"
	"The frames and files never blamed (string and container helpers, the allocator,\n"
	"the workqueue and timer machinery, entry code...) are one table, each rule with\n"
	"its reason: --explain-rules prints it (docs/blame-rules.md), --explain shows\n"
	"which rule skipped which frame. A guilty frame in an out-of-tree module (its\n"
	"taint flags O, P or E in \"Modules linked in\", its load message, a DKMS path,\n"
	"or a name no Makefile of linux 6.12 builds) blames no in-tree file: out_of_tree\n"
	"is true and guilty_module names it.\n"
	"\n"
	"Prints one line per report: title, guilty file, lines in the log; --json prints\n"
	"{\"reports\": [...]} (docs/pipeline.md, \"analysis\"). Exit 0 when the log was read,\n"
	"whether or not it holds reports; 1 when it cannot be read.\n";

struct analyze_args {
	struct kbug_analyze_opts o;
	const char *report;
	bool no_debuginfo, no_text, explain_rules;
};

static const struct kbug_option analyze_options[] = {
	OPT_STRING("report", 0, "FILE", struct analyze_args, report,
		   "a saved report (from kbug collect -o): analyze its kernel log and blame "
		   "through its modules"),
	OPT_STRING("vmlinux", 0, "FILE", struct analyze_args, o.vmlinux,
		   "a vmlinux with DWARF debug information, to turn addresses into file:line "
		   "(libdw)"),
	OPT_STRING("modules-dir", 0, "DIR", struct analyze_args, o.modules_dir,
		   "where the .ko files with DWARF debug information are"),
	OPT_FLAG("no-debuginfo", 0, struct analyze_args, no_debuginfo,
		 "do not look for debug information at all"),
	OPT_FLAG("no-text", 0, struct analyze_args, no_text,
		 "leave each report's text out of the JSON"),
	OPT_FLAG("explain", 0, struct analyze_args, o.explain,
		 "show, for each report, the frames skipped and the rule that skipped each, "
		 "and what was blamed and why (in --json: an \"explain\" array per report)"),
	OPT_FLAG("explain-rules", 0, struct analyze_args, explain_rules,
		 "print the table of frames and files never blamed, as Markdown "
		 "(docs/blame-rules.md), and exit"),
	OPT_END
};

/* --explain: "  skipped FUNC (FILE): RULE-KIND 'PATTERN' [CLASS]: REASON", "  blamed ..." */
static void analyze_print_explain(struct json_object *ex, FILE *out)
{
	size_t i, n = ex ? json_object_array_length(ex) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(ex, i);
		const char *file = kj_get_str(e, "file"), *mod = kj_get_str(e, "module");
		const char *fn = kj_get_str(e, "function");

		if (!strcmp(kj_get_str(e, "action") ?: "", "skipped")) {
			fprintf(out, "  skipped %s%s%s%s: %s '%s' [%s]: %s\n", fn ? fn : "?",
				file ? " (" : "", file ? file : "", file ? ")" : "",
				kj_get_str(e, "rule_kind"), kj_get_str(e, "rule"),
				kj_get_str(e, "rule_class"), kj_get_str(e, "reason"));
			continue;
		}
		fprintf(out, "  blamed %s%s%s%s -> %s (%s): %s\n", fn ? fn : "no function",
			mod ? " [" : "", mod ? mod : "", mod ? "]" : "", file ? file : "no file",
			kj_get_str(e, "source") ?: "no source",
			kj_get_str(e, "reason") ?: "no source file found for it");
	}
}

static void analyze_print(struct json_object *res, FILE *out)
{
	struct json_object *reps = kj_get(res, "reports");
	size_t i, n = reps ? json_object_array_length(reps) : 0;

	if (!n) {
		fprintf(out, "no kernel reports found\n");
		return;
	}
	for (i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(reps, i);
		const char *file = kj_get_str(r, "guilty_file");

		fprintf(out, "%s  [%s]  lines %lld-%lld%s\n", kj_get_str(r, "title"),
			file ? file : "no file", (long long)kj_get_int(r, "first_line", 0),
			(long long)kj_get_int(r, "last_line", 0),
			kj_get_bool(r, "corrupted", false) ? "  (corrupted)" : "");
		analyze_print_explain(kj_get(r, "explain"), out);
	}
}

static int analyze_output(struct json_object *res)
{
	FILE *out = kbug_output();

	int flags = JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE;

	if (kbug_opts.json)
		fprintf(out, "%s\n", json_object_to_json_string_ext(res, flags));
	else
		analyze_print(res, out);
	return kbug_output_close() ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

static int analyze_saved(const char *path, const struct kbug_analyze_opts *o)
{
	struct kbug_report r;
	int err, rc;

	if (kbug_report_init(&r))
		return KBUG_EXIT_ERROR;
	err = kbug_report_load(&r, path);
	if (err) {
		/* kbug_report_load has said what is wrong with the file */
		kbug_report_release(&r);
		return KBUG_EXIT_ERROR;
	}
	err = kbug_analyze_report(&r, o);
	if (err < 0) {
		fprintf(stderr, "kbug analyze: report '%s' holds no kernel log\n", path);
		kbug_report_release(&r);
		return KBUG_EXIT_ERROR;
	}
	rc = analyze_output(kbug_report_get(&r, "analysis"));
	kbug_report_release(&r);
	return rc;
}

/*
 * This machine's log: the collect stage's dmesg probe reads it (with its
 * modules, for blaming), then the report is analyzed as a saved one is.
 */
static int analyze_live(const struct kbug_analyze_opts *o)
{
	static const char *const names[] = { "dmesg", "modules", NULL };
	struct kbug_probe_ctx ctx = { .timeout_ms = 10000, .max_output = 64u << 20 };
	struct kbug_report r;
	int n, rc;

	if (kbug_report_init(&r))
		return KBUG_EXIT_ERROR;
	ctx.report = &r;
	kbug_probes_run(&ctx, names);
	n = kbug_analyze_report(&r, o);
	if (n < 0) {
		struct json_object *errs = kbug_report_get(&r, "errors");
		const char *why = errs && json_object_array_length(errs) ?
			kj_get_str(json_object_array_get_idx(errs, 0), "message") : NULL;

		fprintf(stderr, "kbug analyze: cannot read this machine's kernel log%s%s\n",
			why ? ": " : "", why ? why : "");
		kbug_report_release(&r);
		return KBUG_EXIT_ERROR;
	}
	rc = analyze_output(kbug_report_get(&r, "analysis"));
	kbug_report_release(&r);
	return rc;
}

static int cmd_analyze(int argc, char **argv)
{
	struct analyze_args a = { .report = NULL };
	struct json_object *res = NULL;
	const char *log;
	FILE *in;
	int n, rc;

	kbug_analyze_opts_init(&a.o);
	n = kbug_opt_parse("analyze", analyze_options, &a, argc, argv);
	if (n < 0)
		return -n;
	if (a.explain_rules) {
		if (n || a.report)
			return kbug_usage_error("analyze", "--explain-rules takes no log");
		kbug_analyze_rules_doc(kbug_output());
		return kbug_output_close() ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
	}
	if (n > 1)
		return kbug_usage_error("analyze", "one log at a time ('%s', '%s')", argv[1],
					argv[2]);
	log = n ? argv[1] : NULL;
	if (a.no_debuginfo)
		a.o.debuginfo = false;
	if (a.no_text)
		a.o.with_text = false;
	if (a.report && log)
		return kbug_usage_error("analyze", "give a LOG or --report, not both");
	if (a.report)
		return analyze_saved(a.report, &a.o);
	if (!log)
		return analyze_live(&a.o);
	in = strcmp(log, "-") ? fopen(log, "r") : stdin;
	if (!in) {
		fprintf(stderr, "kbug analyze: cannot open '%s': %s\n", log, strerror(errno));
		return KBUG_EXIT_ERROR;
	}
	n = kbug_analyze_stream(in, log, &a.o, &res);
	if (in != stdin)
		fclose(in);
	if (n < 0) {
		fprintf(stderr, "kbug analyze: cannot read '%s': %s\n", log, strerror(-n));
		return KBUG_EXIT_ERROR;
	}
	rc = analyze_output(res);
	json_object_put(res);
	return rc;
}

const struct kbug_cmd kbug_cmd_analyze = {
	.name = "analyze",
	.run = cmd_analyze,
	.summary = "find, title and blame the kernel reports in a kernel log",
	.usage = analyze_usage,
	.options = analyze_options,
	.details = analyze_details,
};
