// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the cmd-*.c front ends share in talking to the user about a
 * delivery: the answers to a channel's questions (util/prompt.c asks),
 * the review before sending, and what became of it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/report.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "front.h"
#include "kbug.h"
#include "util/json.h"
#include "util/prompt.h"
#include "util/strbuf.h"

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
			"Retry with: kbug outbox --retry %s%s%s\n", kbug_outbox_item_id(it),
			kbug_outbox_item_id(it), outbox ? " --outbox " : "", outbox ?: "");
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
	if (d.saved && !d.attempted)
		code = KBUG_EXIT_QUEUED;	/* the review kept it */
	else if (d.saved)
		code = sent(d.item, outbox, ret);
	if (d.attempted && finish_json(r))
		code = KBUG_EXIT_ERROR;
	kbug_outbox_item_free(d.item);
	return code;
}
