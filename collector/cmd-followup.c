// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug followup: the reporter's side of the triage loop (Bugzilla). Reads
 * the bug's comments, takes the newest request (docs/request-format.md)
 * or what --probe/--log/--config ask, runs exactly those probes and
 * nothing more, redacts at the seal as every report, shows what will be
 * sent and delivers it through the outbox (deliver/followup.c): one
 * attachment per fact and a comment that cites the request.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbug.h"
#include "core/report.h"
#include "core/settings.h"
#include "deliver/bugzilla.h"
#include "deliver/bugzilla-comment.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/request.h"
#include "probes/probe.h"
#include "util/json.h"
#include "util/log.h"
#include "util/prompt.h"
#include "util/strbuf.h"

static const char followup_usage[] =
	"usage: kbug followup BUG-URL [--probe NAME]... [--log WHICH]... [--config]\n"
	"                     [--yes] [--dry-run] [--outbox DIR] [--api-key-file FILE]\n"
	"\n"
	"Answers a triager's request on a Bugzilla bug: reads the bug's comments, takes\n"
	"the newest kbug-request line (or what --probe, --log and --config ask), runs\n"
	"exactly those built-in probes and nothing more, redacted as every report, shows\n"
	"what will be sent, and attaches it to the bug with a comment citing the request.\n";

static const char followup_details[] =
	"It prints 'answered: URL (request ID)' last, or exits 3 with the answer kept in\n"
	"the outbox for 'kbug outbox --retry' (a retry never posts a part twice). A\n"
	"request it cannot answer safely (an unknown probe, a path, a newer format) is\n"
	"refused with the reason, and nothing is collected.\n";

struct followup_args {
	struct kbug_deliver_opts d;
	struct kbug_opt_list probes, logs;
	bool config;
	const char *outbox;
};

static const struct kbug_option followup_options[] = {
	OPT_LIST("probe", "NAME", struct followup_args, probes,
		 "answer with this built-in probe instead of the bug's request (repeatable; "
		 "NAME,NAME also works)"),
	OPT_LIST("log", "WHICH", struct followup_args, logs,
		 "answer with this kernel log instead of the bug's request: this, previous or "
		 "pstore (repeatable)"),
	OPT_FLAG("config", 0, struct followup_args, config,
		 "answer with the kernel configuration instead of the bug's request"),
	OPT_STRING("api-key-file", 0, "FILE", struct followup_args, d.api_key_file,
		   "the API key, in a file not readable by group or others (else the config's "
		   "key for the bug's server, else $KBUG_BUGZILLA_API_KEY)"),
	OPT_FLAG("insecure-http", 0, struct followup_args, d.bz_insecure_http,
		 "allow plain http:// to a Bugzilla host that is not loopback"),
	OPT_INT("timeout", "SECONDS", struct followup_args, d.timeout_s, 1, 3600, "seconds",
		"per request (default 60)"),
	OPT_STRING("outbox", 0, "DIR", struct followup_args, outbox,
		   "the outbox (default: ~/.local/share/kbug/outbox)"),
	OPT_GROUP(kbug_yes_options, struct followup_args, d),
	OPT_FLAG("dry-run", 0, struct followup_args, d.dry_run,
		 "collect and show what would be sent; keep and send nothing"),
	OPT_END
};

/* The request: from the options, else the newest on the bug. The exit code. */
static int get_request(struct followup_args *a, const char *base, long bug,
		       struct kbug_request *r, long *comment)
{
	struct kbug_bz *bz;
	char msg[320];
	int ret;

	memset(r, 0, sizeof(*r));
	*comment = -1;
	if (a->probes.n || a->logs.n || a->config) {
		if (kbug_request_from_options(r, a->probes.v, a->probes.n, a->logs.v, a->logs.n,
					      a->config, msg, sizeof(msg)))
			return kbug_usage_error("followup", "%s", msg);
		return kbug_request_new_id(r) ? KBUG_EXIT_ERROR : 0;
	}
	if (kbug_bugzilla_connect(base, &a->d, false, &bz))
		return KBUG_EXIT_ERROR;
	ret = kbug_bz_find_request(bz, bug, r, comment, msg, sizeof(msg));
	if (ret == -ENOENT) {
		ERR("%s: answer with --probe, --log or --config", msg);
	} else if (ret == -EPERM || ret == -EINVAL || ret == -EPROTO) {
		ERR("the newest request on bug %ld (comment #%ld) is refused: %s", bug, *comment,
		    msg);
	} else if (ret) {
		ERR("%s", kbug_bz_error(bz));
	} else if (r->ignored[0]) {
		WARN("the request has keys this kbug does not know, ignored: %s", r->ignored);
	}
	kbug_bz_free(bz);
	return ret ? KBUG_EXIT_ERROR : 0;
}

/* One file to send: the report's attachment name, what it is, its type. */
static void add_file(struct json_object *files, const char *name, const char *what,
		     const char *ctype, const char *rid, struct strbuf *comment)
{
	struct json_object *f = json_object_new_object();
	struct strbuf sum = STRBUF_INIT;

	strbuf_addf(&sum, "%s (kbug request %s)", what, rid);
	kj_set_str(f, "name", name);
	kj_set_str(f, "summary", sum.buf);
	kj_set_str(f, "content_type", ctype);
	kj_append(files, f);
	strbuf_addf(comment, "  - %s: %s\n", name, what);
	strbuf_release(&sum);
}

/* The reason a probe left in the report's errors, or NULL. */
static const char *probe_error(struct kbug_report *rep, const char *probe)
{
	struct json_object *errs = kbug_report_get(rep, "errors");
	size_t i, n = errs && json_object_is_type(errs, json_type_array) ?
		      json_object_array_length(errs) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(errs, i);
		const char *who = kj_get_str(e, "probe");

		if (who && !strcmp(who, probe))
			return kj_get_str(e, "message");
	}
	return NULL;
}

/* The previous boot's kernel log into rep as dmesg-previous-boot.txt; NULL or why not. */
static const char *previous_boot(struct kbug_report *rep, struct strbuf *why)
{
	static const char *const names[] = { "dmesg", NULL };
	struct kbug_probe_ctx ctx = { .boot = -1, .timeout_ms = 10000, .max_output = 16u << 20 };
	const struct kbug_attachment *a;
	struct kbug_report prev;

	if (kbug_report_init(&prev))
		return "cannot set up a report";
	ctx.report = &prev;
	kbug_probes_run(&ctx, names);
	a = kbug_report_attachment(&prev, "dmesg.txt");
	if (a && a->len)
		kbug_report_attach(rep, "dmesg-previous-boot.txt", "text/plain",
				   "the kernel log of the previous boot", a->data, a->len);
	else
		strbuf_addstr(why, probe_error(&prev, "dmesg") ?: "the journal has no such boot");
	kbug_report_release(&prev);
	return why->len ? why->buf : NULL;
}

/*
 * Run what r asks into rep, sealed, and its "followup" section: the
 * files to send and the comment. 0 or the exit code.
 */
static int collect(const struct kbug_request *r, long comment, const char *base, long bug,
		   const char *url, struct kbug_report *rep)
{
	struct kbug_probe_ctx ctx = { .timeout_ms = 10000, .max_output = 16u << 20 };
	const char *names[KBUG_REQ_MAX_PROBES + 3];
	struct strbuf c = STRBUF_INIT, miss = STRBUF_INIT, prev = STRBUF_INIT, fn = STRBUF_INIT;
	struct json_object *fu, *files;
	const char *why;
	size_t i, n = 0;

	for (i = 0; i < r->nprobes; i++)
		names[n++] = r->probes[i];
	if (r->config)
		names[n++] = "config";
	if (r->logs & KBUG_REQ_LOG_THIS)
		names[n++] = "dmesg";
	names[n] = NULL;
	ctx.report = rep;
	if (n)		/* NULL names would run every probe */
		kbug_probes_run(&ctx, names);
	if (r->logs & KBUG_REQ_LOG_PREVIOUS) {
		why = previous_boot(rep, &prev);
		if (why)
			strbuf_addf(&miss, "  - the kernel log of the previous boot: %s\n", why);
	}
	if (r->logs & KBUG_REQ_LOG_PSTORE)
		strbuf_addstr(&miss, "  - pstore: this kbug has no pstore probe yet\n");
	/* the one exit filter; what is attached below comes from the sealed report */
	if (kbug_report_seal(rep))
		return KBUG_EXIT_ERROR;
	files = json_object_new_array();
	if (comment >= 0)
		strbuf_addf(&c, "Answer to kbug request %s (comment #%ld)", r->id, comment);
	else
		strbuf_addf(&c, "Facts sent with kbug followup (%s)", r->id);
	strbuf_addf(&c, ", collected by kbug %s and redacted as every kbug report is.\n\n"
		    "Attached:\n", kbug_version);
	for (i = 0; i < r->nprobes; i++) {
		struct json_object *sec = kbug_report_get(rep, r->probes[i]);
		const struct kbug_probe *p = kbug_probe_find(r->probes[i]);
		const char *s;

		if (!sec || !p) {
			strbuf_addf(&miss, "  - %s: %s\n", r->probes[i],
				    probe_error(rep, r->probes[i]) ?: "the probe found nothing");
			continue;
		}
		s = json_object_to_json_string_ext(sec, JSON_C_TO_STRING_PRETTY |
						   JSON_C_TO_STRING_SPACED |
						   JSON_C_TO_STRING_NOSLASHESCAPE);
		strbuf_reset(&fn);
		strbuf_addf(&fn, "%s.json", p->name);
		kbug_report_attach(rep, fn.buf, "application/json", p->help, s, strlen(s));
		add_file(files, fn.buf, p->help, "text/plain", r->id, &c);
	}
	if (r->logs & KBUG_REQ_LOG_THIS) {
		if (kbug_report_attachment(rep, "dmesg.txt"))
			add_file(files, "dmesg.txt", "the kernel log of this boot", "text/plain",
				 r->id, &c);
		else
			strbuf_addf(&miss, "  - the kernel log of this boot: %s\n",
				    probe_error(rep, "dmesg") ?: "nothing read");
	}
	if ((r->logs & KBUG_REQ_LOG_PREVIOUS) && kbug_report_attachment(rep,
									"dmesg-previous-boot.txt"))
		add_file(files, "dmesg-previous-boot.txt", "the kernel log of the previous boot",
			 "text/plain", r->id, &c);
	if (r->config) {
		if (kbug_report_attachment(rep, "config.txt"))
			add_file(files, "config.txt", "the kernel configuration", "text/plain",
				 r->id, &c);
		else
			strbuf_addf(&miss, "  - the kernel configuration: %s\n",
				    probe_error(rep, "config") ?: "not found");
	}
	if (!json_object_array_length(files))
		strbuf_addstr(&c, "  (nothing)\n");
	if (miss.len)
		strbuf_addf(&c, "\nNot collected:\n%s", miss.buf);
	strbuf_addf(&c, "\nkbug-answer: v1 id=%s\n", r->id);
	fu = json_object_new_object();
	kj_set_str(fu, "base", base);
	kj_set_int(fu, "bug", bug);
	kj_set_str(fu, "url", url);
	kj_set_str(fu, "request_id", r->id);
	kj_set_str(fu, "comment", c.buf);
	kj_set(fu, "files", files);
	kbug_report_set(rep, "followup", fu);
	strbuf_release(&c);
	strbuf_release(&miss);
	strbuf_release(&prev);
	strbuf_release(&fn);
	return 0;
}

/* kbug_deliver()'s review: the preview, then the question (unless --yes). */
static int review(struct kbug_outbox_item *item, const struct kbug_channel *c, void *data)
{
	const struct followup_args *a = data;

	if (a->d.yes)
		return 0;
	c->preview(item, stderr, 0);
	return kbug_ask_yes("Send this to the bug? [y/N] ", false) ? 0 : -ECANCELED;
}

static int cmd_followup(int argc, char **argv)
{
	struct followup_args a = { 0 };
	struct strbuf base = STRBUF_INIT, what = STRBUF_INIT;
	struct kbug_request r;
	struct kbug_report rep;
	struct kbug_delivery d = { .channel = &kbug_channel_followup };
	bool have_rep = false;
	char msg[320];
	long bug, comment;
	int ret = kbug_opt_parse("followup", followup_options, &a, argc, argv);

	if (ret < 0) {
		ret = -ret;
		goto out;
	}
	if (ret != 1) {
		ret = kbug_usage_error("followup", ret ? "one bug URL, not %d arguments" :
					"which bug? give its URL", ret);
		goto out;
	}
	ret = 0;
	if (kbug_bz_parse_bug_url(argv[1], &base, &bug, msg, sizeof(msg))) {
		ret = kbug_usage_error("followup", "%s", msg);
		goto out;
	}
	if (!a.d.yes && !a.d.dry_run && !kbug_interactive(false)) {
		ret = kbug_usage_error("followup",
				       "nobody to review what is sent: give --yes or run it on a terminal");
		goto out;
	}
	if (kbug_config_load()) {
		ret = KBUG_EXIT_ERROR;
		goto out;
	}
	ret = get_request(&a, base.buf, bug, &r, &comment);
	if (ret)
		goto out;
	kbug_request_line(&r, &what);
	INFO("answering: %s", what.buf);
	fprintf(stderr, "kbug: answering %s%s\n", what.buf + strlen("kbug-request: "),
		comment >= 0 ? "" : " (from the command line)");
	if (kbug_report_init(&rep)) {
		ret = KBUG_EXIT_ERROR;
		goto out;
	}
	have_rep = true;
	ret = collect(&r, comment, base.buf, bug, argv[1], &rep);
	if (ret)
		goto out;
	d.mode = a.d.dry_run ? KBUG_DELIVER_DRY_RUN : KBUG_DELIVER_SEND;
	d.outbox = a.outbox;
	d.preview = kbug_output();
	d.review = review;
	d.data = &a;
	ret = kbug_deliver(&rep, &a.d, &d);
	if (d.mode == KBUG_DELIVER_DRY_RUN) {
		ret = ret ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
	} else if (d.saved && !ret) {
		fprintf(kbug_output(), "answered: %s (request %s)\n", argv[1], r.id);
		ret = KBUG_EXIT_OK;
	} else if (d.saved) {
		fprintf(stderr, "kbug: the answer stays in the outbox as %s: 'kbug outbox --retry %s' sends it later\n",
			kbug_outbox_item_id(d.item), kbug_outbox_item_id(d.item));
		ret = KBUG_EXIT_QUEUED;
	} else {
		ret = KBUG_EXIT_ERROR;
	}
out:
	kbug_outbox_item_free(d.item);
	if (have_rep)
		kbug_report_release(&rep);
	strbuf_release(&base);
	strbuf_release(&what);
	free(a.probes.v);
	free(a.logs.v);
	return ret;
}

const struct kbug_cmd kbug_cmd_followup = {
	.name = "followup",
	.run = cmd_followup,
	.summary = "answer a triager's request on a bug: exactly the facts asked, reviewed, attached",
	.usage = followup_usage,
	.options = followup_options,
	.details = followup_details,
};
