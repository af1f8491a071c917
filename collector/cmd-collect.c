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
#include "report.h"
#include "util/macro.h"
#include "probes/probe.h"
#include "util/log.h"
#include "util/strbuf.h"

#define COLLECT_MAX_PROBES 64

static const char collect_usage[] =
	"usage: kbug collect [--probe NAME]... [--list-probes] [--log FILE] [--boot N]\n"
	"                    [--no-redact] [--timeout MS] [--max-output BYTES]\n"
	"\n"
	"  --probe NAME      run only this probe (repeatable; NAME,NAME also works)\n"
	"  --list-probes     list the probes and what each reads, then exit\n"
	"  --log FILE        take the kernel log from FILE instead of this machine\n"
	"  --boot N          the kernel log of an earlier boot from the systemd journal\n"
	"                    (0 this boot, -1 the one before, ...)\n"
	"  --no-redact       keep serials, addresses, host and user names as they are\n"
	"  --timeout MS      time budget per probe (default 10000)\n"
	"  --max-output B    output budget per probe in bytes (default 16777216)\n"
	"\n"
	"Prints the report as text; with --json as one JSON object (schema kbug-report/1,\n"
	"docs/report-format.md) without the attachments' text; with -o FILE saves the\n"
	"whole report, attachments (dmesg.txt, config.txt) included, as JSON for\n"
	"`kbug analyze --report FILE` and `kbug bugzilla file --report FILE`. A probe that\n"
	"cannot read its source records an error in \"errors\"; the others go on. Exit 0\n"
	"when the report was written, 1 when it could not be, 2 on a usage error.\n";

static int parse_uint(const char *s, unsigned long long max, unsigned long long *v)
{
	char *end;

	if (!s || !*s || *s == '-')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno || *end || *v > max)
		return -EINVAL;
	return 0;
}

static void list_probes(FILE *out)
{
	size_t i;

	for (i = 0; kbug_probes[i]; i++)
		fprintf(out, "%-8s %s\n%8s reads %s\n", kbug_probes[i]->name, kbug_probes[i]->help,
			"", kbug_probes[i]->reads);
}

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

static int cmd_collect(int argc, char **argv)
{
	const char *names[COLLECT_MAX_PROBES];
	char *owned[COLLECT_MAX_PROBES] = { NULL };
	struct kbug_probe_ctx ctx = { .timeout_ms = 10000, .max_output = 16u << 20 };
	struct kbug_report r;
	size_t n = 0, nowned = 0, i;
	bool redact = true, list = false;
	unsigned long long t;
	int rc = KBUG_EXIT_OK, ret;

	for (i = 1; i < (size_t)argc && rc == KBUG_EXIT_OK; i++) {
		const char *a = argv[i], *val = NULL;
		unsigned long long v;
		size_t alen = strcspn(a, "=");
		bool takes = !strncmp(a, "--probe", alen) || !strncmp(a, "--log", alen) ||
			     !strncmp(a, "--boot", alen) || !strncmp(a, "--timeout", alen) ||
			     !strncmp(a, "--max-output", alen);

		if (alen < 5)
			takes = false;
		if (takes) {
			if (a[alen] == '=')
				val = a + alen + 1;
			else if (i + 1 < (size_t)argc)
				val = argv[++i];
			else
				rc = kbug_usage_error("collect", "option '%s' needs a value", a);
			if (rc)
				break;
		}
		if (takes && !strncmp(a, "--probe", alen)) {
			ret = add_probe_names(val, names, &n, owned, &nowned);
			if (ret)
				rc = ret < 0 ? KBUG_EXIT_ERROR : ret;
		} else if (takes && !strncmp(a, "--log", alen)) {
			ctx.log_file = val;
		} else if (takes && !strncmp(a, "--boot", alen)) {
			char *end;
			long b;

			errno = 0;
			b = strtol(val, &end, 10);
			if (errno || *end || !*val || b > 0 || b < -1000)
				rc = kbug_usage_error("collect",
						      "--boot takes 0 or a negative number (-1: the previous boot), not '%s'",
						      val);
			ctx.boot = (int)b;
		} else if (takes && !strncmp(a, "--timeout", alen)) {
			if (parse_uint(val, 3600000, &v) || !v)
				rc = kbug_usage_error("collect",
						      "--timeout takes milliseconds (1..3600000), not '%s'",
						      val);
			ctx.timeout_ms = (unsigned int)v;
		} else if (takes) {
			if (parse_uint(val, 1ull << 34, &v) || v < 4096)
				rc = kbug_usage_error("collect",
						      "--max-output takes bytes (4096..17179869184), not '%s'",
						      val);
			ctx.max_output = (size_t)v;
		} else if (!strcmp(a, "--no-redact")) {
			redact = false;
		} else if (!strcmp(a, "--list-probes")) {
			list = true;
		} else {
			rc = kbug_usage_error("collect", "unknown option '%s'", a);
		}
	}
	names[n] = NULL;
	if (rc)
		goto out;
	if (list) {
		list_probes(kbug_output());
		goto out;
	}
	if (ctx.log_file && access(ctx.log_file, R_OK)) {
		fprintf(stderr, "kbug collect: cannot read '%s': %s\n", ctx.log_file,
			strerror(errno));
		rc = KBUG_EXIT_ERROR;
		goto out;
	}
	if (kbug_report_init(&r)) {
		ERR("cannot set up a report");
		rc = KBUG_EXIT_ERROR;
		goto out;
	}
	ctx.report = &r;
	t = kbug_now_ns();
	kbug_probes_run(&ctx, n ? names : NULL);
	kbug_log_elapsed("probes", t);
	r.redact = redact;
	t = kbug_now_ns();
	if (redact && kbug_report_redact(&r) < 0) {
		/* never print what should have been redacted */
		ERR("redaction failed: not writing the report (--no-redact to skip it)");
		rc = KBUG_EXIT_ERROR;
	} else {
		kbug_log_elapsed("redaction", t);
		t = kbug_now_ns();
		rc = collect_write(&r);
		kbug_log_elapsed("writing the report", t);
	}
	/* exit() frees the report at once; piece by piece it costs a tenth of the run */
	if (KBUG_LEAK_CHECKED)
		kbug_report_release(&r);
	else
		explicit_bzero(r.redact_key, sizeof(r.redact_key));
out:
	for (i = 0; i < COLLECT_MAX_PROBES; i++)
		free(owned[i]);
	return rc;
}

const struct kbug_cmd kbug_cmd_collect = {
	.name = "collect",
	.run = cmd_collect,
	.summary = "collect the facts of this machine into a report (probes)",
	.usage = collect_usage,
};
