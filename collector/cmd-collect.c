// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug collect: run the probes into a report, redact it, and print it:
 * as text, as JSON (--json: sections and errors, attachments listed but
 * not included), or saved whole with its attachments (-o FILE).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbug.h"
#include "core/report.h"
#include "util/macro.h"
#include "probes/dropin.h"
#include "probes/probe.h"
#include "util/log.h"
#include "util/strbuf.h"

#define COLLECT_MAX_PROBES 64

static const char collect_usage[] =
	"usage: kbug collect [--probe NAME]... [--list-probes] [--log FILE] [--boot N]\n"
	"                    [--no-redact] [--timeout MS] [--max-output BYTES]\n";

static const char collect_details[] =
	"Prints the report as text; with --json as one JSON object (schema kbug-report/1,\n"
	"docs/report-format.md) without the attachments' text; with -o FILE saves the\n"
	"whole report, attachments (dmesg.txt, config.txt) included, as JSON for\n"
	"`kbug analyze --report FILE` and `kbug bugzilla file --report FILE`. A probe that\n"
	"cannot read its source records an error in \"errors\"; the others go on. Exit 0\n"
	"when the report was written, 1 when it could not be, 2 on a usage error.\n";

struct collect_args {
	struct kbug_probe_ctx ctx;
	struct kbug_opt_list probes;	/* --probe values, NAME or NAME,NAME */
	bool no_redact, list;
};

static const struct kbug_option collect_options[] = {
	OPT_LIST("probe", "NAME", struct collect_args, probes,
		 "run only this probe (repeatable; NAME,NAME also works); kbug probes lists the "
		 "names"),
	OPT_FLAG("list-probes", 0, struct collect_args, list,
		 "list the probes and what each reads, then exit"),
	OPT_STRING("log", 0, "FILE", struct collect_args, ctx.log_file,
		   "take the kernel log from FILE (- for standard input) instead of this machine"),
	OPT_INT("boot", "N", struct collect_args, ctx.boot, -1000, 0, NULL,
		"the kernel log of an earlier boot from the systemd journal (0 this boot, -1 the "
		"one before, ...)"),
	OPT_FLAG("no-redact", 0, struct collect_args, no_redact,
		 "keep serials, addresses, host and user names as they are"),
	OPT_INT("timeout", "MS", struct collect_args, ctx.timeout_ms, 1, 3600000, "milliseconds",
		"time budget per probe (default 10000)"),
	OPT_INT("max-output", "BYTES", struct collect_args, ctx.max_output, 4096, 1ll << 34,
		"bytes",
		"output budget per probe in bytes (default 16777216); a section cut to its "
		"budget says so in errors"),
	OPT_END
};

static void list_probes(FILE *out)
{
	size_t i;

	for (i = 0; kbug_probes[i]; i++)
		fprintf(out, "%-8s %s\n%8s reads %s\n", kbug_probes[i]->name, kbug_probes[i]->help,
			"", kbug_probes[i]->reads);
}

/* The probes the --probe options name, checked, in names (NULL-terminated). */
static int add_probe_names(const char *arg, const char **names, size_t *n, char **keep,
			   size_t *nkeep)
{
	char *copy, *tok, *save = NULL;

	if (*nkeep >= COLLECT_MAX_PROBES)
		return kbug_usage_error("collect", "too many --probe options");
	if (!arg[strspn(arg, ",")])
		return kbug_usage_error("collect", "--probe needs a probe name, not '%s'", arg);
	copy = strdup(arg);
	if (!copy)
		return -ENOMEM;
	keep[(*nkeep)++] = copy;	/* names point into it */
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!kbug_probe_find(tok))
			return kbug_usage_error("collect",
						"no probe '%s' (kbug collect --list-probes lists them)",
						tok);
		if (*n >= COLLECT_MAX_PROBES - 1)
			return kbug_usage_error("collect", "too many --probe options");
		names[(*n)++] = tok;
	}
	return 0;
}

static int collect_write(struct kbug_report *r)
{
	FILE *out = kbug_output();

	if (kbug_opts.output || kbug_opts.json) {
		if (kbug_report_write(r, true, !!kbug_opts.output, out) == -ENOMEM) {
			ERR("cannot serialize the report");
			return KBUG_EXIT_ERROR;
		}
		fputc('\n', out);
	} else {
		struct strbuf sb = STRBUF_INIT;

		kbug_report_render_text(r, &sb);
		fwrite(sb.buf, 1, sb.len, out);
		strbuf_release(&sb);
	}
	if (fflush(out) || ferror(out)) {
		ERR("cannot write the report: %s", strerror(errno));
		return KBUG_EXIT_ERROR;
	}
	return KBUG_EXIT_OK;
}

/* Run the probes into r, redact it and write it; the exit code. */
static int collect_run(struct collect_args *a, struct kbug_report *r, const char **names)
{
	unsigned long long t;
	int rc;

	a->ctx.report = r;
	t = kbug_now_ns();
	kbug_probes_run(&a->ctx, names[0] ? names : NULL);
	if (!names[0])	/* the drop-ins too, unless probes were named */
		kbug_dropins_run(&a->ctx);
	kbug_log_elapsed("probes", t);
	r->redact = !a->no_redact;
	t = kbug_now_ns();
	if (kbug_report_seal(r))	/* it said why: nothing is written */
		return KBUG_EXIT_ERROR;
	kbug_log_elapsed("redaction", t);
	t = kbug_now_ns();
	rc = collect_write(r);
	kbug_log_elapsed("writing the report", t);
	return rc;
}

static int cmd_collect(int argc, char **argv)
{
	struct collect_args a = { .ctx = { .timeout_ms = 10000, .max_output = 16u << 20 } };
	const char *names[COLLECT_MAX_PROBES] = { NULL };
	char *owned[COLLECT_MAX_PROBES] = { NULL };
	struct kbug_report r;
	size_t n = 0, nowned = 0, i;
	int rc = kbug_opt_parse("collect", collect_options, &a, argc, argv);

	if (rc > 0)
		rc = kbug_usage_error("collect", "unknown argument '%s'", argv[1]);
	else
		rc = -rc;
	for (i = 0; i < a.probes.n && !rc; i++) {
		rc = add_probe_names(a.probes.v[i], names, &n, owned, &nowned);
		if (rc < 0)
			rc = KBUG_EXIT_ERROR;
	}
	names[n] = NULL;
	if (rc)
		goto out;
	if (a.list) {
		list_probes(kbug_output());
		kbug_dropins_list(kbug_output(), NULL);
		goto out;
	}
	if (a.ctx.log_file && strcmp(a.ctx.log_file, "-") && access(a.ctx.log_file, R_OK)) {
		fprintf(stderr, "kbug collect: cannot read '%s': %s\n", a.ctx.log_file,
			strerror(errno));
		rc = KBUG_EXIT_ERROR;
		goto out;
	}
	if (kbug_report_init(&r)) {
		ERR("cannot set up a report");
		rc = KBUG_EXIT_ERROR;
		goto out;
	}
	rc = collect_run(&a, &r, names);
	/* exit() frees the report at once; piece by piece it costs a tenth of the run */
	if (KBUG_LEAK_CHECKED)
		kbug_report_release(&r);
	else
		explicit_bzero(r.redact_key, sizeof(r.redact_key));
out:
	for (i = 0; i < COLLECT_MAX_PROBES; i++)
		free(owned[i]);
	free(a.probes.v);
	return rc;
}

const struct kbug_cmd kbug_cmd_collect = {
	.name = "collect",
	.run = cmd_collect,
	.summary = "collect the facts of this machine into a report (probes)",
	.usage = collect_usage,
	.options = collect_options,
	.details = collect_details,
};
