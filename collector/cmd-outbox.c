// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug outbox: what waits to be delivered and why, and delivering it
 * again, never twice: a delivered item is never resent, and an item whose
 * outcome is unknown is left alone unless the user says --force. The user
 * can also say that an item was delivered by hand (--done), that it is not
 * to be sent (--drop, undone by --restore), and remove what an interrupted
 * kbug left half-written (--clean).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/settings.h"
#include "core/report.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/outbox.h"
#include "deliver/template.h"
#include "deliver/status.h"
#include "deliver/smtp.h"
#include "front.h"
#include "kbug.h"
#include "util/json.h"
#include "util/log.h"
#include "util/prompt.h"
#include "util/macro.h"
#include "util/strbuf.h"
#include "util/term.h"

static const char outbox_usage[] =
	"usage: kbug outbox [--outbox DIR] [--sent | --dropped]\n"
	"       kbug outbox [--outbox DIR] --show ID\n"
	"       kbug outbox [--outbox DIR] --edit ID [channel options]\n"
	"       kbug outbox [--outbox DIR] --retry [ID...] [--force] [channel options]\n"
	"       kbug outbox [--outbox DIR] --done ID [--url URL] [--bug-id N]\n"
	"       kbug outbox [--outbox DIR] --drop ID... | --restore ID...\n"
	"       kbug outbox [--outbox DIR] --clean\n"
	"\n"
	"Without an action: list the reports that wait in the outbox, and why.\n";

static const char outbox_details[] =
	"exit status: 0 all delivered (or nothing waiting, or done), 1 error, 2 usage,\n"
	"3 something is still waiting, or another kbug is using it (the reason is on stderr).\n"
	"The listing exits 0 when it could be read, waiting items or not: its last line,\n"
	"\"status: N waiting\", says whether something waits (--json: the items).\n";

enum outbox_action {
	OUTBOX_LIST,
	OUTBOX_SENT,
	OUTBOX_DROPPED,
	OUTBOX_SHOW,
	OUTBOX_EDIT,
	OUTBOX_RETRY,
	OUTBOX_DONE,
	OUTBOX_DROP,
	OUTBOX_RESTORE,
	OUTBOX_CLEAN,
};

struct outbox_args {
	const char *outbox, *show, *edit, *url, *bug_id;
	enum outbox_action action;
	const char *action_opt;		/* the option that chose it */
	const char **ids;
	size_t nr;
	struct kbug_deliver_opts d;
};

/* One action per run: a second one is a usage error. */
static int outbox_set_action(struct outbox_args *a, enum outbox_action act, const char *opt)
{
	if (a->action_opt && a->action != act)
		return kbug_usage_error("outbox", "%s and %s exclude each other", a->action_opt,
					opt);
	a->action = act;
	a->action_opt = opt;
	return 0;
}

/* The action an option names, or -1; *opt: its name, "--sent" */
static int outbox_action_of(const char *o, const char **opt)
{
	static const struct {
		const char *opt;
		enum outbox_action act;
	} actions[] = {
		{ "--sent", OUTBOX_SENT },
		{ "--dropped", OUTBOX_DROPPED },
		{ "--show", OUTBOX_SHOW },
		{ "--edit", OUTBOX_EDIT },
		{ "--retry", OUTBOX_RETRY },
		{ "--done", OUTBOX_DONE },
		{ "--drop", OUTBOX_DROP },
		{ "--restore", OUTBOX_RESTORE },
		{ "--clean", OUTBOX_CLEAN },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(actions); i++)
		if (!strcmp(o, actions[i].opt)) {
			*opt = actions[i].opt;
			return (int)actions[i].act;
		}
	return -1;
}

/* After the options: what goes with what. */
static int outbox_check(struct outbox_args *a)
{
	const char *act = a->action_opt ?: "listing";

	if (a->nr && a->action != OUTBOX_RETRY && a->action != OUTBOX_DONE &&
	    a->action != OUTBOX_DROP && a->action != OUTBOX_RESTORE)
		return kbug_usage_error("outbox",
					"item ids go with --retry, --done, --drop or --restore (or --show ID)");
	if (a->action == OUTBOX_DONE && a->nr != 1)
		return kbug_usage_error("outbox", "--done takes one item id");
	if ((a->action == OUTBOX_DROP || a->action == OUTBOX_RESTORE) && !a->nr)
		return kbug_usage_error("outbox", "%s needs the ids of the items", act);
	if ((a->url || a->bug_id) && a->action != OUTBOX_DONE)
		return kbug_usage_error("outbox", "%s goes with --done", a->url ? "--url" : "--bug-id");
	if (a->url && !kbug_outbox_url_ok(a->url))
		return kbug_usage_error("outbox",
					"--url takes an http:// or https:// URL, without spaces");
	if (a->bug_id && !kbug_outbox_bug_id_ok(a->bug_id))
		return kbug_usage_error("outbox", "--bug-id takes the bug's number");
	return 0;
}

static int opt_action(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	struct outbox_args *a = base;
	const char *opt = NULL;
	char name[32];
	int act, ret;

	snprintf(name, sizeof(name), "--%s", o->name);
	act = outbox_action_of(name, &opt);
	ret = outbox_set_action(a, (enum outbox_action)act, opt);
	if (!ret && act == OUTBOX_SHOW)
		a->show = val;
	if (!ret && act == OUTBOX_EDIT)
		a->edit = val;
	return ret;
}

#define OUTBOX_ACTION(n, a, h) OPT_CALL(n, 0, a, opt_action, h)

static const struct kbug_option outbox_options[] = {
	OPT_STRING("outbox", 0, "DIR", struct outbox_args, outbox,
		   "the outbox (default: [report] outbox, else $XDG_DATA_HOME/kbug/outbox)"),
	OUTBOX_ACTION("sent", NULL, "list the delivered ones instead"),
	OUTBOX_ACTION("dropped", NULL, "list the dropped ones instead"),
	OUTBOX_ACTION("show", "ID", "print an item's message (or request, or body)"),
	OUTBOX_ACTION("edit", "ID",
		      "change a waiting item before a retry, in $EDITOR: its subject, its text, the "
		      "recipients (email) or the product and component (Bugzilla)"),
	{ .kind = KBUG_OPT_CALL, .name = "retry", .arg = "ID...", .call = opt_action,
	  .flags = KBUG_OPT_OPERANDS,
	  .help = "deliver the named items (default: all waiting) again; a delivered item is "
		  "never sent twice, a dropped one not at all" },
	OPT_FLAG("force", 0, struct outbox_args, d.force,
		 "also resend an item whose last attempt lost the connection after the message "
		 "was handed over (it may have arrived)"),
	{ .kind = KBUG_OPT_CALL, .name = "done", .arg = "ID", .call = opt_action,
	  .flags = KBUG_OPT_OPERANDS,
	  .help = "you delivered it yourself (a tracker kbug cannot file into), or saw that it "
		  "arrived: mark it delivered, move it to sent/" },
	OPT_STRING("url", 0, "URL", struct outbox_args, url,
		   "with --done: where it was filed (http:// or https://)"),
	OPT_STRING("bug-id", 0, "N", struct outbox_args, bug_id, "with --done: its number"),
	{ .kind = KBUG_OPT_CALL, .name = "drop", .arg = "ID...", .call = opt_action,
	  .flags = KBUG_OPT_OPERANDS,
	  .help = "do not send it: move it to dropped/ (nothing is deleted)" },
	{ .kind = KBUG_OPT_CALL, .name = "restore", .arg = "ID...", .call = opt_action,
	  .flags = KBUG_OPT_OPERANDS, .help = "move a dropped item back to the outbox" },
	OUTBOX_ACTION("clean", NULL,
		      "remove the .new-* folders an interrupted kbug left half-written (leaving "
		      "the ones a running kbug is writing now)"),
	OPT_TEXT("channel options, overriding what the item recorded (no secret is recorded):"),
	OPT_STRING("from", 0, "ADDR", struct outbox_args, d.from,
		   "the sender of a draft kept without one, \"Name <you@example.org>\" "
		   "(default: the [identity] section)"),
	OPT_GROUP(kbug_delivery_options, struct outbox_args, d),
	OPT_END
};

static int outbox_parse(int argc, char **argv, struct outbox_args *a)
{
	int i, n, ret;

	a->ids = calloc((size_t)argc + 1, sizeof(*a->ids));
	if (!a->ids)
		abort();
	n = kbug_opt_parse("outbox", outbox_options, a, argc, argv);
	if (n < 0)
		return -n;
	for (i = 1; i <= n; i++)
		a->ids[a->nr++] = argv[i];
	ret = outbox_check(a);
	if (ret)
		return ret;
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

static const char *const where_name[] = {
	[KBUG_OUTBOX_WAITING] = "waiting",
	[KBUG_OUTBOX_SENT] = "delivered",
	[KBUG_OUTBOX_DROPPED] = "dropped",
};

/* What the state says an item is waiting for, under its line in the listing. */
static void outbox_list_why(FILE *f, struct kbug_outbox_item *it, const char *id)
{
	struct json_object *st = kbug_outbox_state(it);
	enum kbug_outbox_state state = kbug_outbox_get_state(it);
	const char *why = kj_get_str(st, "reason");

	if (state == KBUG_STATE_SENT) {
		const char *mid = kj_get_str(st, "message_id"), *url = kj_get_str(st, "url");
		const char *bug = kj_get_str(st, "bug_id");

		kbug_tprintf(f, "    delivered %s", kj_get_str(st, "updated") ?: "");
		if (bug)
			kbug_tprintf(f, " as bug %s", bug);
		else if (mid)
			kbug_tprintf(f, " as %s", mid);
		if (url)
			kbug_tprintf(f, " %s %s", bug || mid ? "at" : "to", url);
		kbug_tprintf(f, "%s%s\n", why ? "; " : "", why ?: "");
	} else if (state == KBUG_STATE_DROPPED) {
		if (kbug_outbox_item_where(it) == KBUG_OUTBOX_DROPPED)
			kbug_tprintf(f, "    dropped %s; 'kbug outbox --restore %s' puts it back\n",
				     kj_get_str(st, "updated") ?: "", id);
		else
			kbug_tprintf(f, "    dropped, but not moved to dropped/ yet: 'kbug outbox --drop %s' finishes it\n",
				     id);
	} else if (state == KBUG_STATE_UNKNOWN || state == KBUG_STATE_SENDING) {
		kbug_tprintf(f, "    outcome unknown: %s\n    ", why ?: "the last attempt was interrupted");
		kbug_front_unknown_advice(f, it);
	} else if (state == KBUG_STATE_MANUAL) {
		kbug_tprintf(f, "    waits for you: open %s and submit %s/body.md\n",
			     kj_get_str(st, "url") ?: "the tracker", kbug_outbox_item_path(it));
		kbug_tprintf(f, "    then: 'kbug outbox --done %s [--url URL]'\n", id);
	} else {
		kbug_tprintf(f, "    %s%s (%zu attempt%s)\n", why ? "why: " : "", why ?: "not sent yet",
			     count_sends(st), count_sends(st) == 1 ? "" : "s");
	}
}

static int outbox_list(const char *dir, enum kbug_outbox_where where)
{
	static const char waiting_hint[] =
		" ('kbug outbox --retry' sends them; 'kbug outbox --edit ID' changes one)";
	struct json_object *all = json_object_new_array();
	char **ids = NULL;
	FILE *f = kbug_output();
	int n, i, waiting;

	n = kbug_outbox_list(dir, where, &ids);
	if (n < 0) {
		ERR("cannot list the outbox '%s': %s", dir, strerror(-n));
		json_object_put(all);
		return KBUG_EXIT_ERROR;
	}
	if (!n && !kbug_opts.json)
		kbug_tprintf(f, "%s in %s\n", where == KBUG_OUTBOX_SENT ? "nothing delivered yet" :
			     where == KBUG_OUTBOX_DROPPED ? "nothing dropped" : "nothing waits",
			     dir);
	else if (!kbug_opts.json)
		kbug_tprintf(f, "%d %s %s in %s:\n", n, n == 1 ? "report" : "reports",
			     where != KBUG_OUTBOX_WAITING ? where_name[where] :
			     n == 1 ? "waits" : "wait", dir);
	for (i = 0; i < n; i++) {
		struct kbug_outbox_item *it;
		struct json_object *st;
		int ret = kbug_outbox_open(dir, ids[i], where, &it);

		if (ret == -EBUSY) {
			if (!kbug_opts.json)
				kbug_tprintf(f, "%s  (being sent by another kbug right now)\n",
					     ids[i]);
			continue;
		}
		if (ret)
			continue;
		st = kbug_outbox_state(it);
		if (kbug_opts.json) {
			kj_append(all, json_object_get(st));
		} else {
			kbug_tprintf(f, "%s  %-13s %-8s %s\n", ids[i],
				     kbug_outbox_item_channel(it) ?: "?",
				     kbug_outbox_state_name(kbug_outbox_get_state(it)),
				     kj_get_str(st, "subject") ?: "");
			outbox_list_why(f, it, ids[i]);
			kbug_status_outbox_line(f, it);	/* what kbug status saw last */
		}
		kbug_outbox_item_free(it);
	}
	/* only the ones whose writer is gone: a running kbug holds its own */
	waiting = where == KBUG_OUTBOX_WAITING ? n : 0;
	n = where == KBUG_OUTBOX_WAITING ? kbug_outbox_count_staged(dir, NULL) : 0;
	if (n && !kbug_opts.json)
		kbug_tprintf(f, "(%d item%s in %s/.new-* %s left by an interrupted kbug before it was saved whole; nothing in %s was announced as saved: remove %s with 'kbug outbox --clean')\n",
			     n, n == 1 ? "" : "s", dir, n == 1 ? "was" : "were", n == 1 ? "it" : "them",
			     n == 1 ? "it" : "them");
	/* the status the help promises: a listing is no failure, its last line says */
	if (where == KBUG_OUTBOX_WAITING && !kbug_opts.json)
		kbug_tprintf(f, "status: %d waiting%s\n", waiting, waiting ? waiting_hint : "");
	if (kbug_opts.json)
		fprintf(f, "%s\n", json_object_to_json_string_ext(all, JSON_C_TO_STRING_PRETTY |
								JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(all);
	kbug_argv_free(ids);
	return KBUG_EXIT_OK;
}

/*
 * Open the item id wherever it is, first in `first`: 0 (where says
 * where), or -EBUSY / -ENOENT / ... from the first place that had it.
 */
static int outbox_find(const char *dir, const char *id, enum kbug_outbox_where first,
		       struct kbug_outbox_item **it, enum kbug_outbox_where *where)
{
	static const enum kbug_outbox_where order[] = {
		KBUG_OUTBOX_WAITING, KBUG_OUTBOX_SENT, KBUG_OUTBOX_DROPPED,
	};
	int ret = kbug_outbox_open(dir, id, first, it);
	size_t i;

	*where = first;
	for (i = 0; ret == -ENOENT && i < ARRAY_SIZE(order); i++) {
		if (order[i] == first)
			continue;
		*where = order[i];
		ret = kbug_outbox_open(dir, id, order[i], it);
	}
	return ret;
}

static int outbox_show(const char *dir, const char *id)
{
	static const char *const files[] = { "message.eml", "request.json", "body.md" };
	struct kbug_outbox_item *it;
	enum kbug_outbox_where where;
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ret = outbox_find(dir, id, KBUG_OUTBOX_WAITING, &it, &where);

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

/* What a delivered item was delivered as, for messages. */
static const char *outbox_delivered_as(struct kbug_outbox_item *it)
{
	struct json_object *st = kbug_outbox_state(it);

	return kj_get_str(st, "message_id") ?: kj_get_str(st, "bug_id") ?:
	       kj_get_str(st, "url") ?: "sent/";
}

static int outbox_dropped_msg(const char *id, bool named)
{
	kbug_tprintf(stderr, "%s: dropped (kbug outbox --drop): not sending it; 'kbug outbox --restore %s' puts it back in the outbox\n",
		     id, id);
	return named ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

/* One retry: 0 delivered (or already), 3 waiting, 1 error. */
static int retry_one(const char *dir, const char *id, const struct kbug_deliver_opts *o,
		     bool named)
{
	struct kbug_outbox_item *it;
	enum kbug_outbox_where where;
	enum kbug_outbox_state state;
	int ret = outbox_find(dir, id, KBUG_OUTBOX_WAITING, &it, &where);
	struct kbug_delivery d = {
		.item = it, .choose = kbug_interactive(o->yes) ? kbug_ask_choice : NULL,
	};

	if (where == KBUG_OUTBOX_DROPPED && (!ret || ret == -EBUSY)) {
		kbug_outbox_item_free(it);
		return outbox_dropped_msg(id, named);
	}
	if (where == KBUG_OUTBOX_SENT && !ret) {
		kbug_tprintf(stderr, "%s: delivered already (%s): not sending it again\n", id,
			     outbox_delivered_as(it));
		kbug_outbox_item_free(it);
		return KBUG_EXIT_OK;
	}
	if (ret == -ENOENT) {
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
	if (state == KBUG_STATE_SENT) {
		/* delivered, but the move to sent/ did not happen: finish it */
		kbug_tprintf(stderr, "%s: delivered already: not sending it again\n", id);
		kbug_outbox_mark_sent(it);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_OK;
	}
	if (state == KBUG_STATE_DROPPED) {
		/* dropped, but the move to dropped/ did not happen: finish it */
		kbug_outbox_drop(it);
		kbug_outbox_item_free(it);
		return outbox_dropped_msg(id, named);
	}
	if (state == KBUG_STATE_MANUAL) {
		kbug_tprintf(stderr, "%s: kbug cannot file this one itself: open %s and submit %s/body.md, then say 'kbug outbox --done %s'\n",
			     id, kj_get_str(kbug_outbox_state(it), "url") ?: "the tracker",
			     kbug_outbox_item_path(it), id);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_QUEUED;
	}
	kbug_tprintf(stderr, "%s: sending (%s, attempt %zu)\n", id, kbug_outbox_item_channel(it) ?: "?",
		     count_sends(kbug_outbox_state(it)) + 1);
	ret = kbug_deliver(NULL, o, &d);
	if (!ret && !kbug_opts.json && kbug_delivery_filed(it))
		kbug_tprintf(kbug_output(), "filed: %s\n", kbug_delivery_filed(it));
	if (!ret) {
		struct json_object *st = kbug_outbox_state(it);

		kbug_tprintf(stderr, "%s: delivered%s%s%s%s\n", id,
			     kj_get_str(st, "message_id") ? " as " : "",
			     kj_get_str(st, "message_id") ?: "",
			     kj_get_str(st, "url") ? " " : "", kj_get_str(st, "url") ?: "");
		ret = KBUG_EXIT_OK;
	} else {
		kbug_tprintf(stderr, "%s: not delivered; it stays in the outbox\n", id);
		state = kbug_outbox_get_state(it);
		if (state == KBUG_STATE_UNKNOWN || state == KBUG_STATE_SENDING)
			kbug_front_unknown_advice(stderr, it);
		ret = KBUG_EXIT_QUEUED;
	}
	kbug_outbox_item_free(it);
	return ret;
}

/* --done: the user delivered it by hand, or saw that it arrived. */
static int outbox_done(const char *dir, const char *id, const char *url, const char *bug_id)
{
	struct kbug_outbox_item *it;
	enum kbug_outbox_where where;
	int ret = outbox_find(dir, id, KBUG_OUTBOX_WAITING, &it, &where);

	if (ret == -ENOENT) {
		ERR("no outbox item '%s' in '%s'", id, dir);
		return KBUG_EXIT_ERROR;
	}
	if (ret == -EBUSY) {
		ERR("'%s' is in use by another kbug right now (being sent?): try again when it is done",
		    id);
		return KBUG_EXIT_QUEUED;
	}
	if (ret)
		return KBUG_EXIT_ERROR;
	if (where == KBUG_OUTBOX_SENT) {
		kbug_tprintf(stderr, "%s: delivered already (%s): nothing to mark\n", id,
			     outbox_delivered_as(it));
		kbug_outbox_item_free(it);
		return KBUG_EXIT_OK;
	}
	if (where == KBUG_OUTBOX_DROPPED || kbug_outbox_get_state(it) == KBUG_STATE_DROPPED) {
		ERR("'%s' was dropped: 'kbug outbox --restore %s' first, then mark it", id, id);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_ERROR;
	}
	if (kbug_outbox_get_state(it) == KBUG_STATE_SENT) {
		/* delivered, but the move to sent/ did not happen: finish it */
		kbug_tprintf(stderr, "%s: delivered already: nothing to mark\n", id);
		ret = kbug_outbox_mark_sent(it);
	} else {
		ret = kbug_outbox_mark_done(it, url, bug_id);
		if (ret == -EINVAL)
			ERR("cannot mark '%s' as delivered: the URL or bug id is malformed", id);
		if (!ret)
			kbug_tprintf(stderr, "%s: marked as delivered by hand; moved to %s\n", id,
				     kbug_outbox_item_path(it));
	}
	kbug_outbox_item_free(it);
	return ret ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

/* --drop: the user decides not to send it; it moves to dropped/. */
static int drop_one(const char *dir, const char *id)
{
	struct kbug_outbox_item *it;
	enum kbug_outbox_where where;
	int ret = outbox_find(dir, id, KBUG_OUTBOX_WAITING, &it, &where);

	if (ret == -ENOENT) {
		ERR("no outbox item '%s' in '%s'", id, dir);
		return KBUG_EXIT_ERROR;
	}
	if (ret == -EBUSY && where == KBUG_OUTBOX_DROPPED) {
		kbug_tprintf(stderr, "%s: dropped already\n", id);
		return KBUG_EXIT_OK;
	}
	if (ret == -EBUSY && where == KBUG_OUTBOX_SENT) {
		ERR("'%s' was delivered: not dropping it", id);
		return KBUG_EXIT_ERROR;
	}
	if (ret == -EBUSY) {
		ERR("'%s' is being sent by another kbug right now: not dropping it", id);
		return KBUG_EXIT_QUEUED;
	}
	if (ret)
		return KBUG_EXIT_ERROR;
	if (where == KBUG_OUTBOX_DROPPED) {
		kbug_tprintf(stderr, "%s: dropped already\n", id);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_OK;
	}
	if (where == KBUG_OUTBOX_SENT || kbug_outbox_get_state(it) == KBUG_STATE_SENT) {
		ERR("'%s' was delivered (%s): not dropping it", id, outbox_delivered_as(it));
		/* delivered, but the move to sent/ did not happen: finish it */
		if (where == KBUG_OUTBOX_WAITING)
			kbug_outbox_mark_sent(it);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_ERROR;
	}
	ret = kbug_outbox_drop(it);
	if (!ret)
		kbug_tprintf(stderr, "%s: dropped; kept in %s ('kbug outbox --restore %s' puts it back)\n",
			     id, kbug_outbox_item_path(it), id);
	kbug_outbox_item_free(it);
	return ret ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

/* --restore: a dropped item goes back to the outbox. */
static int restore_one(const char *dir, const char *id)
{
	struct kbug_outbox_item *it;
	enum kbug_outbox_where where;
	int ret = outbox_find(dir, id, KBUG_OUTBOX_DROPPED, &it, &where);

	if (ret == -ENOENT) {
		ERR("no outbox item '%s' in '%s'", id, dir);
		return KBUG_EXIT_ERROR;
	}
	if (ret == -EBUSY) {
		ERR("'%s' is in use by another kbug right now: try again when it is done", id);
		return KBUG_EXIT_QUEUED;
	}
	if (ret)
		return KBUG_EXIT_ERROR;
	if (where == KBUG_OUTBOX_SENT) {
		ERR("'%s' was delivered (%s): nothing to restore", id, outbox_delivered_as(it));
		kbug_outbox_item_free(it);
		return KBUG_EXIT_ERROR;
	}
	if (where == KBUG_OUTBOX_WAITING) {
		kbug_tprintf(stderr, "%s: waits in the outbox already\n", id);
		kbug_outbox_item_free(it);
		return KBUG_EXIT_OK;
	}
	ret = kbug_outbox_restore(it);
	if (!ret && kbug_outbox_get_state(it) == KBUG_STATE_UNKNOWN) {
		kbug_tprintf(stderr, "%s: back in the outbox.\n", id);
		kbug_front_unknown_advice(stderr, it);
	} else if (!ret) {
		kbug_tprintf(stderr, "%s: back in the outbox; 'kbug outbox --retry %s' sends it\n",
			     id, id);
	}
	kbug_outbox_item_free(it);
	return ret ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

struct outbox_clean_ctx {
	const char *dir;
	int busy, failed;
};

static void outbox_clean_one(const char *name, int result, void *data)
{
	struct outbox_clean_ctx *c = data;

	if (!result) {
		kbug_tprintf(stderr, "removed %s/%s\n", c->dir, name);
	} else if (result == -EBUSY) {
		kbug_tprintf(stderr, "left %s/%s: a running kbug is writing it now\n", c->dir,
			     name);
		c->busy++;
	} else {
		ERR("cannot remove '%s/%s': %s", c->dir, name, strerror(-result));
		c->failed++;
	}
}

/* --clean: remove the staging folders of a kbug that is gone. */
static int outbox_clean(const char *dir)
{
	struct outbox_clean_ctx c = { .dir = dir };
	int n = kbug_outbox_clean(dir, outbox_clean_one, &c);

	if (n < 0) {
		ERR("cannot read the outbox '%s': %s", dir, strerror(-n));
		return KBUG_EXIT_ERROR;
	}
	if (!n && !c.busy && !c.failed)
		kbug_tprintf(stderr, "nothing to clean in %s\n", dir);
	return c.failed ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
}

/* ---- --edit: change a waiting item before a retry ---------------------- */

#define EDIT_FILE "edit.txt"
#define EDIT_MAX (256 * 1024)

/* The item as it would go now: text.txt ("Subject: ...", a blank line, the text), the headers */
static int edit_current(struct kbug_outbox_item *it, struct kbug_report *r,
			const struct kbug_channel *c, struct kbug_edit_fields *e)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	int ret = 0;

	if (!kbug_outbox_read(it, "text.txt", &sb) && !strncmp(sb.buf, "Subject: ", 9)) {
		p = strchr(sb.buf, '\n') ?: sb.buf + sb.len;
		strbuf_add(&e->subject, sb.buf + 9, (size_t)(p - sb.buf - 9));
		while (*p == '\n')
			p++;
		strbuf_addstr(&e->body, p);
	} else {
		strbuf_addstr(&e->subject, kbug_draft_title(r));
		ret = kbug_draft_render(r, c->text ?: c->name, &e->body);
	}
	strbuf_reset(&sb);
	if (!strcmp(c->name, "email") && !kbug_outbox_read(it, "message.eml", &sb)) {
		kbug_mime_get_header(sb.buf, "To", &e->to);
		kbug_mime_get_header(sb.buf, "Cc", &e->cc);
	} else if (!strcmp(c->name, "bugzilla") && !kbug_outbox_read(it, "request.json", &sb)) {
		struct json_object *req = json_tokener_parse(sb.buf);

		strbuf_addstr(&e->product, kj_get_str(kj_get(req, "bug"), "product") ?: "");
		strbuf_addstr(&e->component, kj_get_str(kj_get(req, "bug"), "component") ?: "");
		json_object_put(req);
	}
	strbuf_release(&sb);
	return ret;
}

static void edit_write(const struct kbug_channel *c, const char *id,
		       const struct kbug_edit_fields *e, struct strbuf *out)
{
	strbuf_addf(out, "# kbug outbox --edit %s: change what goes out, then save and quit.\n"
		    "# The header lines first (these '#' lines are left out), then an empty line,\n"
		    "# then the text as it is sent. Then: kbug outbox --retry %s\n", id, id);
	strbuf_addf(out, "Subject: %s\n", e->subject.buf);
	if (!strcmp(c->name, "email"))
		strbuf_addf(out, "To: %s\nCc: %s\n", e->to.buf, e->cc.buf);
	if (!strcmp(c->name, "bugzilla"))
		strbuf_addf(out, "Product: %s\nComponent: %s\n", e->product.buf, e->component.buf);
	strbuf_addf(out, "\n%s", e->body.buf);
}

/* The changes into the report: the draft's summary and body, the route's destination */
static void edit_apply(struct kbug_report *r, const struct kbug_channel *c,
		       const struct kbug_edit_fields *was, const struct kbug_edit_fields *now,
		       struct strbuf *what)
{
	struct json_object *draft = kbug_report_get(r, "draft");
	struct json_object *route = kbug_report_get(r, "route"), *dest;

	dest = kj_get(route, "destination");
	if (!dest && route) {
		dest = json_object_new_object();
		kj_set(route, "destination", dest);
	}
	if (strcmp(was->subject.buf, now->subject.buf)) {
		kj_set_str(draft, "summary", now->subject.buf);
		strbuf_addstr(what, ", the subject");
	}
	if (strcmp(was->body.buf, now->body.buf)) {
		kj_set_str(draft, "body", now->body.buf);
		strbuf_addstr(what, ", the text");
	}
	/* email_recipients() takes a destination of kind "email" with its own To and Cc */
	if (dest && (strcmp(was->to.buf, now->to.buf) || strcmp(was->cc.buf, now->cc.buf))) {
		kj_set_str(dest, "kind", "email");
		json_object_object_del(dest, "to");
		json_object_object_del(dest, "cc");
		kj_set(dest, "to", kbug_edit_addresses(now->to.buf));
		kj_set(dest, "cc", kbug_edit_addresses(now->cc.buf));
		strbuf_addstr(what, ", the recipients");
	}
	/* resolve_product() takes the destination's product and component first */
	if (dest && !strcmp(c->name, "bugzilla") &&
	    (strcmp(was->product.buf, now->product.buf) ||
	     strcmp(was->component.buf, now->component.buf))) {
		kj_set_str(dest, "product", now->product.buf);
		kj_set_str(dest, "component", now->component.buf);
		strbuf_addstr(what, ", the product and component");
	}
}

/*
 * The channel options the item was prepared with, where the command line
 * gives none: the sender of message.eml, the SMTP way recorded in
 * state.json's "options", the Bugzilla of request.json (never a secret).
 */
static void edit_opts(struct kbug_outbox_item *it, struct kbug_deliver_opts *o,
		      struct strbuf *from, struct strbuf *url)
{
	struct json_object *opt = kj_get(kbug_outbox_state(it), "options");
	struct strbuf sb = STRBUF_INIT;

	if (!o->from && !kbug_outbox_read(it, "message.eml", &sb) &&
	    !kbug_mime_get_header(sb.buf, "From", from))
		o->from = from->buf;
	strbuf_reset(&sb);
	if (!o->smtp_url && !o->sendmail && kj_get_str(opt, "smtp_url")) {
		strbuf_addstr(url, kj_get_str(opt, "smtp_url"));
		o->smtp_url = url->buf;
	} else if (!o->smtp_url && !o->sendmail && !kbug_outbox_read(it, "request.json", &sb)) {
		struct json_object *req = json_tokener_parse(sb.buf);

		if (!o->bugzilla_url && kj_get_str(req, "url")) {
			strbuf_addstr(url, kj_get_str(req, "url"));
			o->bugzilla_url = url->buf;
		}
		json_object_put(req);
	}
	o->sendmail |= kj_get_bool(opt, "sendmail", false);
	o->smtp_insecure |= kj_get_bool(opt, "smtp_insecure", false);
	strbuf_release(&sb);
}

/* Whether the item may be changed: waiting, never handed over; else said why */
static bool edit_allowed(struct kbug_outbox_item *it, enum kbug_outbox_where where,
			 const char *id)
{
	enum kbug_outbox_state st = kbug_outbox_get_state(it);

	if (where == KBUG_OUTBOX_SENT || st == KBUG_STATE_SENT)
		ERR("'%s' was delivered (%s): too late to change it", id, outbox_delivered_as(it));
	else if (where == KBUG_OUTBOX_DROPPED || st == KBUG_STATE_DROPPED)
		ERR("'%s' was dropped: 'kbug outbox --restore %s' first, then edit it", id, id);
	else if (st == KBUG_STATE_UNKNOWN || st == KBUG_STATE_SENDING)
		ERR("'%s' may have arrived already (its last attempt lost the connection after handing it over): check before changing it",
		    id);
	else
		return true;
	return false;
}

static int outbox_edit(const char *dir, const char *id, const struct kbug_deliver_opts *opts)
{
	struct kbug_edit_fields was = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
				   STRBUF_INIT, STRBUF_INIT };
	struct kbug_edit_fields now = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
				   STRBUF_INIT, STRBUF_INIT };
	struct strbuf sb = STRBUF_INIT, from = STRBUF_INIT, url = STRBUF_INIT, what = STRBUF_INIT;
	struct kbug_deliver_opts o = *opts;
	const struct kbug_channel *c;
	struct kbug_outbox_item *it;
	enum kbug_outbox_where where;
	struct kbug_report r;
	bool loaded = false;
	int ret = outbox_find(dir, id, KBUG_OUTBOX_WAITING, &it, &where), code = KBUG_EXIT_ERROR;

	if (ret) {
		ERR("no outbox item '%s' in '%s'%s", id, dir, ret == -EBUSY ?
		    " that is not in use by another kbug right now" : "");
		return ret == -EBUSY ? KBUG_EXIT_QUEUED : KBUG_EXIT_ERROR;
	}
	if (!edit_allowed(it, where, id))
		goto out;
	c = kbug_channel_find(kbug_outbox_item_channel(it));
	if (!c || kbug_report_init(&r))
		goto out;
	loaded = true;
	if (kbug_outbox_read(it, "report.json", &sb) ||
	    kbug_report_load_string(&r, sb.buf, id) || edit_current(it, &r, c, &was)) {
		ERR("cannot read the report saved in '%s'", kbug_outbox_item_path(it));
		goto out;
	}
	strbuf_reset(&sb);
	edit_write(c, id, &was, &sb);
	if (kbug_outbox_write(it, EDIT_FILE, sb.buf, sb.len) ||
	    kbug_run_editor(kbug_outbox_file(it, &from, EDIT_FILE)))
		goto out;
	strbuf_reset(&sb);
	strbuf_reset(&from);
	if (kbug_outbox_read(it, EDIT_FILE, &sb) || sb.len > EDIT_MAX) {
		ERR("cannot read the edited '%s' (at most %d KiB)",
		    kbug_outbox_file(it, &from, EDIT_FILE), EDIT_MAX / 1024);
		goto out;
	}
	if (kbug_edit_parse(sb.buf, c->name, &now)) {
		fprintf(stderr, "%s: not changed (what you typed is in %s)\n", id,
			kbug_outbox_file(it, &from, EDIT_FILE));
		goto out;
	}
	strbuf_reset(&from);
	edit_apply(&r, c, &was, &now, &what);
	if (!what.len) {
		kbug_tprintf(stderr, "%s: nothing changed\n", id);
		code = KBUG_EXIT_OK;
		goto out;
	}
	if (!kj_get_bool(kbug_outbox_state(it), "prepared", true)) {
		/* a draft: its retry prepares it, from the report as changed */
		char *json = kbug_report_to_json(&r, true, true);

		ret = json ? kbug_outbox_write(it, "report.json", json, strlen(json)) : -ENOMEM;
		free(json);
	} else {
		edit_opts(it, &o, &from, &url);
		o.yes = true;
		ret = kbug_deliver_rebuild(&r, it, &o);
	}
	if (ret) {
		ERR("'%s' could not be made again with your changes: it stays as it was, and what you typed is in %s",
		    id, kbug_outbox_file(it, &sb, EDIT_FILE));
		goto out;
	}
	if (kbug_outbox_get_state(it) == KBUG_STATE_MANUAL)	/* a tracker the user files into */
		kbug_tprintf(stderr, "%s: changed %s; file it at %s (the text is %s/body.md), then: kbug outbox --done %s\n",
			     id, what.buf + 2, kj_get_str(kbug_outbox_state(it), "url") ?: "the tracker",
			     kbug_outbox_item_path(it), id);
	else
		kbug_tprintf(stderr, "%s: changed %s; send it with: kbug outbox --retry %s\n", id,
			     what.buf + 2, id);
	code = KBUG_EXIT_OK;
out:
	if (loaded)
		kbug_report_release(&r);
	kbug_edit_fields_release(&was);
	kbug_edit_fields_release(&now);
	strbuf_release(&sb);
	strbuf_release(&from);
	strbuf_release(&url);
	strbuf_release(&what);
	kbug_outbox_item_free(it);
	return code;
}

/* The worst of two results: an error, else something still waiting. */
static int outbox_worse(int code, int r)
{
	if (r == KBUG_EXIT_ERROR || (r == KBUG_EXIT_QUEUED && code == KBUG_EXIT_OK))
		return r;
	return code;
}

static int cmd_outbox(int argc, char **argv)
{
	struct outbox_args a = { 0 };
	struct strbuf dir = STRBUF_INIT;
	char **all = NULL;
	bool named;
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
	switch (a.action) {
	case OUTBOX_LIST:
		code = outbox_list(dir.buf, KBUG_OUTBOX_WAITING);
		goto out;
	case OUTBOX_SENT:
		code = outbox_list(dir.buf, KBUG_OUTBOX_SENT);
		goto out;
	case OUTBOX_DROPPED:
		code = outbox_list(dir.buf, KBUG_OUTBOX_DROPPED);
		goto out;
	case OUTBOX_SHOW:
		code = outbox_show(dir.buf, a.show);
		goto out;
	case OUTBOX_EDIT:
		code = outbox_edit(dir.buf, a.edit, &a.d);
		goto out;
	case OUTBOX_DONE:
		code = outbox_done(dir.buf, a.ids[0], a.url, a.bug_id);
		goto out;
	case OUTBOX_DROP:
		for (i = 0; i < a.nr; i++)
			code = outbox_worse(code, drop_one(dir.buf, a.ids[i]));
		goto out;
	case OUTBOX_RESTORE:
		for (i = 0; i < a.nr; i++)
			code = outbox_worse(code, restore_one(dir.buf, a.ids[i]));
		goto out;
	case OUTBOX_CLEAN:
		code = outbox_clean(dir.buf);
		goto out;
	case OUTBOX_RETRY:
		break;
	}
	named = a.nr > 0;
	if (!named) {
		/* the waiting ones: dropped/ and sent/ are never touched */
		ret = kbug_outbox_list(dir.buf, KBUG_OUTBOX_WAITING, &all);
		if (ret < 0) {
			ERR("cannot list the outbox '%s': %s", dir.buf, strerror(-ret));
			code = KBUG_EXIT_ERROR;
			goto out;
		}
		if (!ret)
			kbug_tprintf(stderr, "nothing waits in %s\n", dir.buf);
		for (i = 0; all[i]; i++)
			a.ids[a.nr++] = all[i];
	}
	for (i = 0; i < a.nr; i++)
		code = outbox_worse(code, retry_one(dir.buf, a.ids[i], &a.d, named));
out:
	kbug_argv_free(all);
	free(a.ids);
	strbuf_release(&dir);
	return code;
}

const struct kbug_cmd kbug_cmd_outbox = {
	.name = "outbox",
	.run = cmd_outbox,
	.summary = "list the reports waiting to be delivered, deliver them again, mark or drop them",
	.usage = outbox_usage,
	.options = outbox_options,
	.details = outbox_details,
};
