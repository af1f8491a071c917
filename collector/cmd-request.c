// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug request: the triager's side of the triage loop. Writes a request
 * for more facts (docs/request-format.md): words a person reads and one
 * line the reporter's `kbug followup` parses. It prints the block to
 * paste, or with --bug URL posts it as a comment on that Bugzilla bug.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbug.h"
#include "core/settings.h"
#include "deliver/bugzilla.h"
#include "deliver/bugzilla-comment.h"
#include "deliver/deliver.h"
#include "deliver/request.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

static const char request_usage[] =
	"usage: kbug request [--probe NAME]... [--log this|previous|pstore]... [--config]\n"
	"                    [--note TEXT] [--bug URL [--api-key-file FILE] [--dry-run]]\n"
	"\n"
	"Writes a request for more facts about a reporter's machine: what is asked,\n"
	"in words, and one line `kbug followup` reads (docs/request-format.md). A\n"
	"request names only built-in probes (kbug probes lists them) and kernel logs:\n"
	"never a file or a command. Without --bug it prints the block to paste.\n";

static const char request_details[] =
	"With --bug it posts the block as a comment on the bug (Bugzilla REST) with the\n"
	"API key of that bug's server only, and prints 'posted: request ID on URL'.\n"
	"--json prints {\"id\", \"line\", \"text\"} (and \"bug\", \"comment_id\").\n";

struct request_args {
	struct kbug_deliver_opts d;
	struct kbug_opt_list probes, logs;
	bool config;
	const char *note, *bug;
};

static const struct kbug_option request_options[] = {
	OPT_LIST("probe", "NAME", struct request_args, probes,
		 "ask for the facts of this built-in probe (repeatable; NAME,NAME also works; "
		 "kbug probes lists them)"),
	OPT_LIST("log", "WHICH", struct request_args, logs,
		 "ask for a kernel log: this (this boot), previous (the previous boot), pstore "
		 "(what pstore kept of a crash); repeatable"),
	OPT_FLAG("config", 0, struct request_args, config, "ask for the kernel configuration"),
	OPT_STRING("note", 0, "TEXT", struct request_args, note,
		   "a note for the reporter, quoted in the request (at most 2000 bytes, 40 "
		   "lines)"),
	OPT_STRING("bug", 0, "URL", struct request_args, bug,
		   "post the request as a comment on this Bugzilla bug "
		   "(https://HOST/show_bug.cgi?id=N)"),
	OPT_STRING("api-key-file", 0, "FILE", struct request_args, d.api_key_file,
		   "--bug: the API key, in a file not readable by group or others (else the "
		   "config's key for that server, else $KBUG_BUGZILLA_API_KEY)"),
	OPT_FLAG("insecure-http", 0, struct request_args, d.bz_insecure_http,
		 "--bug: allow plain http:// to a Bugzilla host that is not loopback"),
	OPT_INT("timeout", "SECONDS", struct request_args, d.timeout_s, 1, 3600, "seconds",
		"--bug: per request (default 60)"),
	OPT_FLAG("dry-run", 0, struct request_args, d.dry_run,
		 "--bug: print what would be posted, post nothing"),
	OPT_END
};

/* Post text on the bug; the exit code. */
static int post(struct request_args *a, const struct kbug_request *r, const char *text,
		struct json_object *j)
{
	struct strbuf base = STRBUF_INIT;
	struct kbug_bz *bz = NULL;
	char msg[320];
	long id, cid = 0;
	int ret = KBUG_EXIT_ERROR;

	if (kbug_config_load())
		goto out;
	if (kbug_bz_parse_bug_url(a->bug, &base, &id, msg, sizeof(msg))) {
		ret = kbug_usage_error("request", "--bug: %s", msg);
		goto out;
	}
	kj_set_str(j, "bug", a->bug);
	if (a->d.dry_run) {
		INFO("dry run: the comment for bug %ld at %s, not posted", id, base.buf);
		ret = KBUG_EXIT_OK;
		goto out;
	}
	if (kbug_bugzilla_connect(base.buf, &a->d, true, &bz))
		goto out;
	if (kbug_bz_comment(bz, id, text, &cid)) {
		ERR("posting the request on bug %ld: %s", id, kbug_bz_error(bz));
		goto out;
	}
	kj_set_int(j, "comment_id", cid);
	ret = KBUG_EXIT_OK;
out:
	kbug_bz_free(bz);
	strbuf_release(&base);
	return ret;
}

static int cmd_request(int argc, char **argv)
{
	struct request_args a = { 0 };
	struct kbug_request r = { .version = KBUG_REQ_VERSION };
	struct strbuf text = STRBUF_INIT, line = STRBUF_INIT, answer = STRBUF_INIT;
	struct json_object *j = json_object_new_object();
	FILE *out;
	char msg[256];
	int ret = kbug_opt_parse("request", request_options, &a, argc, argv);

	if (ret > 0)
		ret = kbug_usage_error("request", "unknown argument '%s'", argv[1]);
	else
		ret = -ret;
	if (!ret && kbug_request_from_options(&r, a.probes.v, a.probes.n, a.logs.v, a.logs.n,
					      a.config, msg, sizeof(msg)))
		ret = kbug_usage_error("request", "%s", msg);
	if (!ret && a.note && kbug_request_check_note(a.note, msg, sizeof(msg)))
		ret = kbug_usage_error("request", "--note: %s", msg);
	if (ret)
		goto out;
	if (kbug_request_new_id(&r)) {
		ERR("cannot draw a request id: %s", strerror(errno));
		ret = KBUG_EXIT_ERROR;
		goto out;
	}
	if (a.bug)
		strbuf_addf(&answer, "kbug followup %s", a.bug);
	kbug_request_text(&r, a.note, a.bug ? answer.buf : NULL, &text);
	kbug_request_line(&r, &line);
	kj_set_str(j, "id", r.id);
	kj_set_str(j, "line", line.buf);
	kj_set_str(j, "text", text.buf);
	if (a.bug) {
		ret = post(&a, &r, text.buf, j);
		if (ret)
			goto out;
	}
	out = kbug_output();
	if (kbug_opts.json)
		fprintf(out, "%s\n", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PRETTY |
								   JSON_C_TO_STRING_NOSLASHESCAPE));
	else if (a.bug && !a.d.dry_run)
		fprintf(out, "posted: request %s on %s\n", r.id, a.bug);
	else
		fwrite(text.buf, 1, text.len, out);
out:
	json_object_put(j);
	strbuf_release(&text);
	strbuf_release(&line);
	strbuf_release(&answer);
	free(a.probes.v);
	free(a.logs.v);
	return ret;
}

const struct kbug_cmd kbug_cmd_request = {
	.name = "request",
	.run = cmd_request,
	.summary = "ask a reporter for more facts: a request to paste or to post on the bug",
	.usage = request_usage,
	.options = request_options,
	.details = request_details,
};
