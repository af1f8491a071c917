// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug outbox: what waits to be delivered and why, and delivering it
 * again, never twice: a delivered item is never resent, and an item whose
 * outcome is unknown is left alone unless the user says --force.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/smtp.h"
#include "kbug.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

static const char outbox_usage[] =
	"usage: kbug outbox [--outbox DIR] [--sent]\n"
	"       kbug outbox [--outbox DIR] --show ID\n"
	"       kbug outbox [--outbox DIR] --retry [ID...] [--force] [channel options]\n"
	"\n"
	"Without --retry: list the reports that wait in the outbox, and why.\n"
	"  --sent            list the delivered ones instead\n"
	"  --show ID         print an item's message (or request, or body)\n"
	"  --retry [ID...]   deliver the named items (default: all waiting) again;\n"
	"                    a delivered item is never sent twice\n"
	"  --force           also resend an item whose last attempt lost the connection\n"
	"                    after the message was handed over (it may have arrived)\n"
	"channel options, overriding what the item recorded (no secret is recorded):\n"
	"  --smtp-url URL, --smtp-insecure, --sendmail, --sendmail-path PATH,\n"
	"  --timeout SECONDS, --bugzilla-url URL, --api-key-file FILE, --insecure-http,\n"
	"  --new, --yes\n"
	"\n"
	"exit status: 0 all delivered (or nothing waiting), 1 error, 2 usage,\n"
	"3 something is still waiting (the reason is on stderr).\n";

struct outbox_args {
	const char *outbox, *show;
	bool retry, sent;
	const char **ids;
	size_t nr;
	struct kbug_deliver_opts d;
};

static int outbox_parse(int argc, char **argv, struct outbox_args *a)
{
	int i;

	a->ids = calloc((size_t)argc + 1, sizeof(*a->ids));
	if (!a->ids)
		abort();
	for (i = 1; i < argc; i++) {
		const char *o = argv[i];
		const char **dst = NULL;

		if (!strcmp(o, "--outbox"))
			dst = &a->outbox;
		else if (!strcmp(o, "--show"))
			dst = &a->show;
		else if (!strcmp(o, "--smtp-url"))
			dst = &a->d.smtp_url;
		else if (!strcmp(o, "--sendmail-path"))
			dst = &a->d.sendmail_path;
		else if (!strcmp(o, "--bugzilla-url"))
			dst = &a->d.bugzilla_url;
		else if (!strcmp(o, "--api-key-file"))
			dst = &a->d.api_key_file;
		if (dst) {
			if (i + 1 >= argc)
				return kbug_usage_error("outbox", "option '%s' needs a value", o);
			*dst = argv[++i];
			continue;
		}
		if (!strcmp(o, "--timeout")) {
			char *end;
			long n;

			if (i + 1 >= argc)
				return kbug_usage_error("outbox", "option '%s' needs a value", o);
			n = strtol(argv[++i], &end, 10);
			if (*end || n <= 0 || n > 86400)
				return kbug_usage_error("outbox", "--timeout needs a number of seconds");
			a->d.timeout_s = (unsigned int)n;
		} else if (!strcmp(o, "--retry")) {
			a->retry = true;
		} else if (!strcmp(o, "--sent")) {
			a->sent = true;
		} else if (!strcmp(o, "--force")) {
			a->d.force = true;
		} else if (!strcmp(o, "--smtp-insecure")) {
			a->d.smtp_insecure = true;
		} else if (!strcmp(o, "--sendmail")) {
			a->d.sendmail = true;
		} else if (!strcmp(o, "--insecure-http")) {
			a->d.bz_insecure_http = true;
		} else if (!strcmp(o, "--new-bug") || !strcmp(o, "--new")) {
			a->d.new_bug = true;
		} else if (!strcmp(o, "--yes") || !strcmp(o, "-y")) {
			a->d.yes = true;
		} else if (o[0] == '-') {
			return kbug_usage_error("outbox", "unknown option '%s'", o);
		} else {
			a->ids[a->nr++] = o;
		}
	}
	if (a->nr && !a->retry)
		return kbug_usage_error("outbox", "item ids go with --retry (or --show ID)");
	if (a->show && a->retry)
		return kbug_usage_error("outbox", "--show and --retry exclude each other");
	if (a->d.sendmail && a->d.smtp_url)
		return kbug_usage_error("outbox", "--sendmail and --smtp-url exclude each other");
	if (a->d.smtp_url && kbug_smtp_url_check(a->d.smtp_url))
		return kbug_usage_error("outbox",
					"--smtp-url takes smtp://HOST[:PORT] or smtps://HOST[:PORT], without credentials (use [smtp] user and password-command)");
	a->d.to = "auto";
	return 0;
}

/* How many times the item went out: its "sending" transitions. */
static size_t count_sends(struct json_object *st)
{
	struct json_object *att = kj_get(st, "attempts");
	size_t i, n = 0;

	for (i = 0; att && json_object_is_type(att, json_type_array) &&
	     i < json_object_array_length(att); i++)
		if (!strcmp(kj_get_str(json_object_array_get_idx(att, i), "state") ?: "",
			    "sending"))
			n++;
	return n;
}

static int outbox_list(const char *dir, bool sent)
{
	struct json_object *all = json_object_new_array();
	char **ids = NULL;
	FILE *f = kbug_output();
	int n, i;

	n = kbug_outbox_list(dir, sent, &ids);
	if (n < 0) {
		ERR("cannot list the outbox '%s': %s", dir, strerror(-n));
		json_object_put(all);
		return KBUG_EXIT_ERROR;
	}
	if (!n && !kbug_opts.json)
		fprintf(f, "%s in %s\n", sent ? "nothing delivered yet" : "nothing waits", dir);
	else if (!kbug_opts.json)
		fprintf(f, "%d %s %s in %s:\n", n, n == 1 ? "report" : "reports",
			sent ? "delivered" : n == 1 ? "waits" : "wait", dir);
	for (i = 0; i < n; i++) {
		struct kbug_outbox_item *it;
		struct json_object *st;
		int ret = kbug_outbox_open(dir, ids[i], sent, &it);

		if (ret == -EBUSY) {
			if (!kbug_opts.json)
				fprintf(f, "%s  (being sent by another kbug right now)\n", ids[i]);
			continue;
		}
		if (ret)
			continue;
		st = kbug_outbox_state(it);
		if (kbug_opts.json) {
			kj_append(all, json_object_get(st));
		} else {
			const char *state = kbug_outbox_get_state(it);
			const char *why = kj_get_str(st, "reason");

			fprintf(f, "%s  %-13s %-8s %s\n", ids[i], kbug_outbox_item_channel(it) ?: "?",
				state, kj_get_str(st, "subject") ?: "");
			if (!strcmp(state, "sent"))
				fprintf(f, "    delivered %s%s%s\n", kj_get_str(st, "updated") ?: "",
					kj_get_str(st, "message_id") ? " as " : "",
					kj_get_str(st, "message_id") ?: kj_get_str(st, "url") ?: "");
			else if (!strcmp(state, "unknown") || !strcmp(state, "sending"))
				fprintf(f, "    outcome unknown: %s\n    it may have arrived; check before 'kbug outbox --retry %s --force'\n",
					why ?: "the last attempt was interrupted", ids[i]);
			else if (!strcmp(state, "manual"))
				fprintf(f, "    waits for you: open %s and submit %s/body.md\n",
					kj_get_str(st, "url") ?: "the tracker",
					kbug_outbox_item_path(it));
			else
				fprintf(f, "    %s%s (%zu attempt%s)\n", why ? "why: " : "",
					why ?: "not sent yet", count_sends(st),
					count_sends(st) == 1 ? "" : "s");
		}
		kbug_outbox_item_free(it);
	}
	n = sent ? 0 : kbug_outbox_count_staged(dir);
	if (n && !kbug_opts.json)
		fprintf(f, "(%d item%s in %s/.new-* %s left by an interrupted kbug before it was saved whole; nothing in %s was announced as saved: remove %s with rm -r)\n",
			n, n == 1 ? "" : "s", dir, n == 1 ? "was" : "were", n == 1 ? "it" : "them",
			n == 1 ? "it" : "them");
	if (kbug_opts.json)
		fprintf(f, "%s\n", json_object_to_json_string_ext(all, JSON_C_TO_STRING_PRETTY |
								JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(all);
	kbug_argv_free(ids);
	return KBUG_EXIT_OK;
}

static int outbox_show(const char *dir, const char *id)
{
	static const char *const files[] = { "message.eml", "request.json", "body.md" };
	struct kbug_outbox_item *it;
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ret = kbug_outbox_open(dir, id, false, &it);

	if (ret == -ENOENT)
		ret = kbug_outbox_open(dir, id, true, &it);
	if (ret) {
		ERR("no outbox item '%s' in '%s'%s", id, dir, ret == -EBUSY ?
		    " that is not being sent right now" : "");
		return KBUG_EXIT_ERROR;
	}
	for (i = 0; i < ARRAY_SIZE(files); i++)
		if (!kbug_outbox_read(it, files[i], &sb))
			break;
	fwrite(sb.buf, 1, sb.len, kbug_output());
	strbuf_release(&sb);
	kbug_outbox_item_free(it);
	return i < ARRAY_SIZE(files) ? KBUG_EXIT_OK : KBUG_EXIT_ERROR;
}

/* One retry: 0 delivered (or already), 3 waiting, 1 error. */
static int retry_one(const char *dir, const char *id, const struct kbug_deliver_opts *o)
{
	struct kbug_outbox_item *it;
	const char *state;
	int ret = kbug_outbox_open(dir, id, false, &it);

	if (ret == -ENOENT) {
		if (!kbug_outbox_open(dir, id, true, &it)) {
			fprintf(stderr, "%s: delivered already (%s): not sending it again\n", id,
				kj_get_str(kbug_outbox_state(it), "message_id") ?:
				kj_get_str(kbug_outbox_state(it), "bug_id") ?: "sent/");
			kbug_outbox_item_free(it);
			return KBUG_EXIT_OK;
		}
		ERR("no outbox item '%s' in '%s'", id, dir);
		return KBUG_EXIT_ERROR;
	}
	if (ret == -EBUSY) {
		ERR("'%s' is being sent by another kbug right now", id);
		return KBUG_EXIT_QUEUED;
	}
	if (ret)
		return KBUG_EXIT_ERROR;
	state = kbug_outbox_get_state(it);
	if (!strcmp(state, "sent")) {
		/* delivered, but the move to sent/ did not happen: finish it */
		fprintf(stderr, "%s: delivered already: not sending it again\n", id);
		kbug_outbox_mark_sent(it);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_OK;
	}
	if (!strcmp(state, "manual")) {
		fprintf(stderr, "%s: kbug cannot file this one itself: open %s and submit %s/body.md\n",
			id, kj_get_str(kbug_outbox_state(it), "url") ?: "the tracker",
			kbug_outbox_item_path(it));
		kbug_outbox_item_free(it);
		return KBUG_EXIT_QUEUED;
	}
	fprintf(stderr, "%s: sending (%s, attempt %zu)\n", id, kbug_outbox_item_channel(it) ?: "?",
		count_sends(kbug_outbox_state(it)) + 1);
	ret = kbug_deliver_item(it, o);
	if (!ret) {
		struct json_object *st = kbug_outbox_state(it);

		fprintf(stderr, "%s: delivered%s%s%s%s\n", id,
			kj_get_str(st, "message_id") ? " as " : "",
			kj_get_str(st, "message_id") ?: "",
			kj_get_str(st, "url") ? " " : "", kj_get_str(st, "url") ?: "");
		ret = KBUG_EXIT_OK;
	} else {
		fprintf(stderr, "%s: not delivered; it stays in the outbox\n", id);
		ret = KBUG_EXIT_QUEUED;
	}
	kbug_outbox_item_free(it);
	return ret;
}

static int cmd_outbox(int argc, char **argv)
{
	struct outbox_args a = { 0 };
	struct strbuf dir = STRBUF_INIT;
	char **all = NULL;
	int ret, code = KBUG_EXIT_OK;
	size_t i;

	if (kbug_config_load())
		return KBUG_EXIT_ERROR;
	ret = outbox_parse(argc, argv, &a);
	if (ret) {
		free(a.ids);
		return ret;
	}
	if (kbug_outbox_dir(&dir, a.outbox)) {
		code = KBUG_EXIT_ERROR;
		goto out;
	}
	if (a.show) {
		code = outbox_show(dir.buf, a.show);
		goto out;
	}
	if (!a.retry) {
		code = outbox_list(dir.buf, a.sent);
		goto out;
	}
	if (!a.nr) {
		ret = kbug_outbox_list(dir.buf, false, &all);
		if (ret < 0) {
			ERR("cannot list the outbox '%s': %s", dir.buf, strerror(-ret));
			code = KBUG_EXIT_ERROR;
			goto out;
		}
		if (!ret)
			fprintf(stderr, "nothing waits in %s\n", dir.buf);
		for (i = 0; all[i]; i++)
			a.ids[a.nr++] = all[i];
	}
	for (i = 0; i < a.nr; i++) {
		int r = retry_one(dir.buf, a.ids[i], &a.d);

		if (r == KBUG_EXIT_ERROR || (r == KBUG_EXIT_QUEUED && code == KBUG_EXIT_OK))
			code = r;
	}
out:
	kbug_argv_free(all);
	free(a.ids);
	strbuf_release(&dir);
	return code;
}

const struct kbug_cmd kbug_cmd_outbox = {
	.name = "outbox",
	.run = cmd_outbox,
	.summary = "list the reports waiting to be delivered, deliver them again",
	.usage = outbox_usage,
};
