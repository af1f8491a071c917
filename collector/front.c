// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the cmd-*.c front ends share: the global options and the option
 * groups several commands take, the output stream (stdout or -o FILE),
 * and, in talking to the user about a delivery, the answers to a
 * channel's questions (util/prompt.c asks), the review before sending,
 * and what became of it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/report.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "front.h"
#include "kbug.h"
#include "util/json.h"
#include "util/log.h"
#include "util/options.h"
#include "util/path.h"
#include "util/prompt.h"
#include "util/strbuf.h"

struct kbug_opts kbug_opts;
const char kbug_version[] = KBUG_VERSION;

static int opt_quiet(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	kbug_opts.verbose = -1;
	return 0;
}

static int opt_sysroot(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	return kbug_path_set_root(val) ? KBUG_EXIT_ERROR : 0;
}

/* Valid anywhere on the line, before or after the command, up to "--". */
const struct kbug_option kbug_global_options[] = {
	OPT_FLAG("json", 0, struct kbug_opts, json,
		 "machine-readable output: the command's result as JSON on stdout"),
	OPT_STRING("output", 'o', "FILE", struct kbug_opts, output,
		   "write the command's output to FILE (also -oFILE, --output=FILE); for kbug "
		   "report: save the message as an mbox file and send nothing"),
	OPT_CALL("quiet", 'q', NULL, opt_quiet, "only errors on stderr"),
	{ .kind = KBUG_OPT_COUNT, .name = "verbose", .letter = 'v',
	  .off = offsetof(struct kbug_opts, verbose),
	  .help = "more detail on stderr; twice (-vv): debugging" },
	OPT_CALL("sysroot", 0, "DIR", opt_sysroot,
		 "read /proc, /sys, /etc and the other system files below DIR instead of / "
		 "(saved roots, tests)"),
	OPT_FLAG("help", 'h', struct kbug_opts, help,
		 "the commands and the global options; after a command: its options"),
	OPT_END
};

/* Before the command: the global options and --version. */
const struct kbug_option kbug_top_options[] = {
	{ .kind = KBUG_OPT_GROUP, .group = kbug_global_options },
	OPT_FLAG("version", 0, struct kbug_opts, version, "print the version of kbug and exit"),
	OPT_END
};

/* ---- the delivery options, shared by report, outbox --retry, bugzilla ---- */

#define DOPTS struct kbug_deliver_opts

static int opt_api_key(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	return kbug_usage_error(cmd,
				"'--%s': an API key is never taken on the command line (it would show in ps); use --api-key-file",
				o->name);
}

const struct kbug_option kbug_smtp_options[] = {
	OPT_STRING("smtp-url", 0, "URL", DOPTS, smtp_url,
		   "the SMTP server: smtp://HOST:PORT (STARTTLS) or smtps://HOST:PORT, without "
		   "credentials (default: [smtp] url)"),
	OPT_FLAG("smtp-insecure", 0, DOPTS, smtp_insecure,
		 "allow plain smtp:// to a host that is not loopback"),
	OPT_FLAG("sendmail", 0, DOPTS, sendmail,
		 "hand the message to /usr/sbin/sendmail -t -oi instead of an SMTP server"),
	OPT_STRING("sendmail-path", 0, "PATH", DOPTS, sendmail_path,
		   "another sendmail program (default: [sendmail] path)"),
	OPT_END
};

const struct kbug_option kbug_bugzilla_options[] = {
	OPT_STRING("bugzilla-url", 0, "URL", DOPTS, bugzilla_url,
		   "the Bugzilla server (default: [bugzilla] url in the config); https://, or "
		   "http:// to loopback only"),
	OPT_STRING("api-key-file", 0, "FILE", DOPTS, api_key_file,
		   "the API key, in a file not readable by group or others (else [bugzilla] "
		   "api-key-file / api-key-command, else $KBUG_BUGZILLA_API_KEY); sent only in a "
		   "request header"),
	OPT_FLAG("insecure-http", 0, DOPTS, bz_insecure_http,
		 "allow plain http:// to a Bugzilla host that is not loopback"),
	{ .kind = KBUG_OPT_FLAG, .name = "new-bug", .alias = "new",
	  .off = offsetof(DOPTS, new_bug),
	  .help = "file a new bug even when a duplicate exists" },
	{ .kind = KBUG_OPT_CALL, .name = "api-key", .arg = "KEY", .call = opt_api_key,
	  .flags = KBUG_OPT_HIDDEN | KBUG_OPT_OPTIONAL },
	{ .kind = KBUG_OPT_CALL, .name = "api-key-command", .arg = "CMD", .call = opt_api_key,
	  .flags = KBUG_OPT_HIDDEN | KBUG_OPT_OPTIONAL },
	OPT_END
};

const struct kbug_option kbug_product_options[] = {
	OPT_STRING("product", 0, "P", DOPTS, product,
		   "the Bugzilla product to file into, over the MAINTAINERS B: entry and the map"),
	OPT_STRING("component", 0, "C", DOPTS, component,
		   "the Bugzilla component to file into"),
	OPT_END
};

const struct kbug_option kbug_yes_options[] = {
	OPT_FLAG("yes", 'y', DOPTS, yes,
		 "no questions (and no review in $EDITOR); with a duplicate found by title, "
		 "comment on it"),
	OPT_END
};

/* What kbug report and kbug outbox --retry both take: how to send. */
const struct kbug_option kbug_delivery_options[] = {
	{ .kind = KBUG_OPT_GROUP, .group = kbug_smtp_options },
	{ .kind = KBUG_OPT_GROUP, .group = kbug_bugzilla_options },
	OPT_INT("timeout", "SECONDS", DOPTS, timeout_s, 1, 86400, "seconds",
		"network timeout (default 60)"),
	{ .kind = KBUG_OPT_GROUP, .group = kbug_yes_options },
	OPT_END
};

#undef DOPTS

static FILE *output_file;
static bool output_failed;

static ssize_t drop_write(void *cookie, const char *buf, size_t size)
{
	return (ssize_t)size;
}

static const cookie_io_functions_t drop_io = { .write = drop_write };

FILE *kbug_output(void)
{
	if (output_file)
		return output_file;
	if (!kbug_opts.output || !strcmp(kbug_opts.output, "-"))
		return stdout;
	output_file = fopen(kbug_opts.output, "w");
	if (!output_file) {
		ERR("cannot write '%s': %s", kbug_opts.output, strerror(errno));
		output_failed = true;
		output_file = fopencookie(NULL, "w", drop_io);
		if (!output_file)
			abort();
	}
	return output_file;
}

int kbug_output_close(void)
{
	FILE *f = output_file ? output_file : stdout;
	int bad = ferror(f);

	if (output_failed) {
		bad = 1;
	} else if (fflush(f) || bad) {
		ERR("cannot write '%s': %s", output_file ? kbug_opts.output : "standard output",
		    strerror(errno ? errno : EIO));
		bad = 1;
	}
	if (output_file) {
		if (fclose(output_file) && !bad) {
			ERR("cannot write '%s': %s", kbug_opts.output, strerror(errno));
			bad = 1;
		}
		output_file = NULL;
	}
	return bad ? -1 : 0;
}

int kbug_ask_choice(struct kbug_choice *c, void *data)
{
	struct strbuf ans = STRBUF_INIT;

	(void)data;
	if (c->context[0])
		fprintf(stderr, "kbug: %s\n", c->context);
	kbug_ask(c->prompt, &ans);
	switch (c->kind) {
	case KBUG_CHOICE_PRODUCT:
		snprintf(c->product, sizeof(c->product), "%s", ans.buf);
		break;
	case KBUG_CHOICE_COMPONENT:
		snprintf(c->component, sizeof(c->component), "%s", ans.buf);
		break;
	case KBUG_CHOICE_DUPLICATE:
		c->duplicate = ans.buf[0];
		break;
	case KBUG_CHOICE_NONE:
		break;
	}
	strbuf_release(&ans);
	return 0;
}

static bool send_later;

void kbug_front_send_later(bool later)
{
	send_later = later;
}

/* kbug_deliver's review: $EDITOR on what the channel lets edit, then ask. */
static int review(struct kbug_outbox_item *it, const struct kbug_channel *c, void *data)
{
	const struct kbug_deliver_opts *o = data;
	struct strbuf p = STRBUF_INIT;
	int ret = 0;

	fprintf(stderr, "Saved in the outbox as %s.\n", kbug_outbox_item_path(it));
	if (!kbug_interactive(o->yes))
		return 0;
	if (c->editable && kbug_ask_yes("Review the message in your editor? [Y/n] ", true)) {
		ret = kbug_run_editor(kbug_outbox_file(it, &p, c->editable));
		if (!ret && c->refresh)
			ret = c->refresh(it);
		strbuf_release(&p);
		if (ret)
			return ret;
	}
	if (send_later) {
		fprintf(stderr, "Kept for later: it waits in the outbox as %s; once mail is set up (kbug setup): kbug outbox --retry %s\n",
			kbug_outbox_item_id(it), kbug_outbox_item_id(it));
		return -ECANCELED;
	}
	if (!kbug_ask_yes("Send it now? [y/N] ", false)) {
		fprintf(stderr, "Not sent: it waits in the outbox as %s (kbug outbox --retry %s).\n",
			kbug_outbox_item_id(it), kbug_outbox_item_id(it));
		return -ECANCELED;
	}
	return 0;
}

/* What became of a report sent (ret: the channel's), and the exit code. */
static int sent(struct kbug_outbox_item *it, const char *outbox, int ret)
{
	struct json_object *st = kbug_outbox_state(it);
	const char *url = kj_get_str(st, "url");

	if (ret) {
		fprintf(stderr, "Not delivered; the report waits in the outbox as %s.\n"
			"It is kept in %s.\nRetry with: kbug outbox --retry %s%s%s\n",
			kbug_outbox_item_id(it), kbug_outbox_item_path(it), kbug_outbox_item_id(it),
			outbox ? " --outbox " : "", outbox ?: "");
		return KBUG_EXIT_QUEUED;
	}
	if (kbug_outbox_get_state(it) == KBUG_STATE_MANUAL) {
		fprintf(stderr, "kbug cannot file this report itself. Open:\n  %s\n"
			"and paste the body saved in %s/body.md\n", url ?: "(no URL)",
			kbug_outbox_item_path(it));
		if (url)
			fprintf(kbug_output(), "%s\n", url);
	} else {
		const char *mid = kj_get_str(st, "message_id"), *bug = kj_get_str(st, "bug_id");

		if (!kbug_opts.json && kbug_delivery_filed(it))
			fprintf(kbug_output(), "filed: %s\n", kbug_delivery_filed(it));
		fprintf(stderr, "Delivered: %s%s%s%s%s\n", mid ?: "", bug ? "bug " : "", bug ?: "",
			url && (mid || bug) ? " " : "", url ?: "");
	}
	return KBUG_EXIT_OK;
}

/* --json: the report, through the exit filter. */
static int finish_json(struct kbug_report *r)
{
	char *json;

	if (!kbug_opts.json)
		return 0;
	if (kbug_report_seal(r))
		return -EIO;
	json = kbug_report_to_json(r, true, false);
	if (!json)
		return -ENOMEM;
	fprintf(kbug_output(), "%s\n", json);
	free(json);
	return 0;
}

/* kbug_deliver in the mode the options ask for, and what the user hears of it. */
int kbug_front_deliver(struct kbug_report *r, struct kbug_deliver_opts *o, const char *outbox,
		       const struct kbug_channel *ch)
{
	struct kbug_delivery d = {
		.mode = kbug_opts.output ? KBUG_DELIVER_MBOX : o->dry_run ?
			KBUG_DELIVER_DRY_RUN : KBUG_DELIVER_SEND,
		.outbox = outbox, .channel = ch, .review = review, .data = o,
		.choose = kbug_interactive(o->yes) ? kbug_ask_choice : NULL,
		.preview = kbug_opts.json && !kbug_opts.output ? NULL : kbug_output(),
	};
	int ret = kbug_deliver(r, o, &d), code = KBUG_EXIT_ERROR;

	if (d.mode != KBUG_DELIVER_SEND) {
		if (ret)
			return KBUG_EXIT_ERROR;
		if (d.mbox_written)
			fprintf(stderr, "Saved the message to '%s': send it with 'git send-email %s' or 'mutt -H %s'.\n",
				kbug_opts.output, kbug_opts.output, kbug_opts.output);
		if (o->dry_run)
			fprintf(stderr, "Dry run: nothing was sent or saved.\n");
		return finish_json(r) ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
	}
	if (d.draft) {
		const char *id = kbug_outbox_item_id(d.item);

		fprintf(stderr, "Your report is kept as a draft in the outbox as %s.\nIt is kept in %s.\n"
			"Missing: %s\nOnce that is given: kbug outbox --retry %s%s%s\n", id,
			kbug_outbox_item_path(d.item),
			kj_get_str(kbug_outbox_state(d.item), "reason") ?: "?", id,
			outbox ? " --outbox " : "", outbox ?: "");
		code = KBUG_EXIT_QUEUED;
	} else if (d.saved && !d.attempted) {
		code = KBUG_EXIT_QUEUED;	/* the review kept it */
	} else if (d.saved) {
		code = sent(d.item, outbox, ret);
	}
	if (d.attempted && finish_json(r))
		code = KBUG_EXIT_ERROR;
	kbug_outbox_item_free(d.item);
	return code;
}
