// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug status: what happened to delivered reports since (deliver/status.h):
 * the bug's status, resolution and comments; the replies in the mail's
 * thread; a fix that names the report. Only when asked: nothing polls.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbug.h"
#include "core/settings.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/status.h"
#include "util/argv.h"
#include "util/json.h"
#include "util/log.h"

static const char status_usage[] =
	"usage: kbug status [ID...] [--inbox URL] [--outbox DIR] [--api-key-file FILE]\n"
	"\n"
	"Looks, once, at what happened to delivered reports (every one in the outbox's\n"
	"sent/ without an ID): for a bug, its status, resolution and comments; for a\n"
	"mail, the replies in its thread on the list archive, found by its Message-ID;\n"
	"for both, a fix whose Closes: or Link: line names the report.\n";

static const char status_details[] =
	"What it saw is kept in the item (kbug outbox shows it) and 'new' counts what\n"
	"came since the last look. A mail's thread is read from --inbox (default\n"
	"https://lore.kernel.org/all), the same URL forms kbug followup reads.\n"
	"--json prints one object per item. Exit 1 when an item could not be looked at.\n";

struct status_args {
	struct kbug_deliver_opts d;
	const char *outbox, *inbox;
};

static const struct kbug_option status_options[] = {
	OPT_STRING("inbox", 0, "URL", struct status_args, inbox,
		   "the public-inbox of the mails' threads (default https://lore.kernel.org/all)"),
	OPT_STRING("outbox", 0, "DIR", struct status_args, outbox,
		   "the outbox (default: ~/.local/share/kbug/outbox)"),
	OPT_STRING("api-key-file", 0, "FILE", struct status_args, d.api_key_file,
		   "a Bugzilla API key, for bugs not everyone may read (none needed otherwise)"),
	OPT_FLAG("insecure-http", 0, struct status_args, d.bz_insecure_http,
		 "allow plain http:// to a Bugzilla host that is not loopback"),
	OPT_INT("timeout", "SECONDS", struct status_args, d.timeout_s, 1, 3600, "seconds",
		"per request (default 60)"),
	OPT_END
};

static int cmd_status(int argc, char **argv)
{
	struct status_args a = { 0 };
	struct json_object *all = json_object_new_array(), *s;
	char **ids = NULL;
	int i, n, ret = kbug_opt_parse("status", status_options, &a, argc, argv), code = 0;
	bool listed = false;

	if (ret < 0) {
		code = -ret;
		goto out;
	}
	if (kbug_config_load()) {
		code = KBUG_EXIT_ERROR;
		goto out;
	}
	n = ret;
	if (!n) {
		n = kbug_outbox_list(a.outbox, KBUG_OUTBOX_SENT, &ids);
		if (n < 0) {
			ERR("cannot list the outbox: %s", strerror(-n));
			code = KBUG_EXIT_ERROR;
			goto out;
		}
		listed = true;
		if (!n && !kbug_opts.json)
			fprintf(kbug_output(), "no delivered report in the outbox\n");
	}
	for (i = 0; i < n; i++) {
		const char *id = listed ? ids[i] : argv[i + 1];
		struct kbug_outbox_item *it = NULL;

		ret = kbug_outbox_open(a.outbox, id, KBUG_OUTBOX_SENT, &it);
		if (ret == -ENOENT && !kbug_outbox_open(a.outbox, id, KBUG_OUTBOX_WAITING, &it)) {
			ERR("'%s' waits in the outbox: not delivered, nothing to look at", id);
			kbug_outbox_item_free(it);
			code = KBUG_EXIT_ERROR;
			continue;
		}
		if (ret) {
			ERR("no delivered outbox item '%s': %s", id, strerror(-ret));
			code = KBUG_EXIT_ERROR;
			continue;
		}
		if (kbug_status_item(it, &a.d, a.inbox, &s)) {
			code = KBUG_EXIT_ERROR;
		} else if (kbug_opts.json) {
			kj_append(all, s);
		} else {
			kbug_status_print(kbug_output(), s);
			json_object_put(s);
		}
		kbug_outbox_item_free(it);
	}
	if (kbug_opts.json)
		fprintf(kbug_output(), "%s\n",
			json_object_to_json_string_ext(all, JSON_C_TO_STRING_PRETTY |
						       JSON_C_TO_STRING_NOSLASHESCAPE));
out:
	kbug_argv_free(ids);
	json_object_put(all);
	return code;
}

const struct kbug_cmd kbug_cmd_status = {
	.name = "status",
	.run = cmd_status,
	.summary = "what happened to delivered reports: bug status, replies, a fix (asked, never polled)",
	.usage = status_usage,
	.options = status_options,
	.details = status_details,
};
