// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug reroute: a report's subsystem changes as the bug is understood.
 * An outbox item not delivered yet is rebuilt for the new destination
 * (the crash, the description and the attachments kept) and the old one
 * dropped; one delivered already is forwarded, its body saying where it
 * first went, and a note where it first went says where it moved: a
 * comment on the old bug (channel bugzilla-followup) or a mail in the old
 * thread (channel mail-followup), both through the outbox, retry-safe.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbug.h"
#include "front.h"
#include "analyze/analyze.h"
#include "core/report.h"
#include "core/settings.h"
#include "deliver/bugzilla-comment.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/public-inbox.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/prompt.h"
#include "util/strbuf.h"

static const char reroute_usage[] =
	"usage: kbug reroute ID (--file PATH | --section NAME | --to email|bugzilla)\n"
	"                   [--maintainers FILE]\n"
	"                   [--yes] [--dry-run] [--outbox DIR] [--inbox URL] [delivery options]\n"
	"\n"
	"Sends an outbox item somewhere else. Not delivered yet: it is rebuilt for the\n"
	"new destination, keeping the crash, the description and the attachments, and the\n"
	"old item is dropped. Delivered already: it is forwarded, saying where it first\n"
	"went, and a note where it first went (a comment on the bug, a reply in the\n"
	"thread) says where it moved.\n";

static const char reroute_details[] =
	"--file routes the report to the MAINTAINERS sections of PATH, as kbug report\n"
	"--file does; --section to the section of that title (through its first F:\n"
	"path); --to picks the channel of the route (email or bugzilla). The note\n"
	"in an old mail thread is a reply to its Message-ID, looked up on --inbox\n"
	"(default https://lore.kernel.org/all) when a retry needs to know whether it\n"
	"arrived. It prints 'rerouted: OLD -> NEW' or 'forwarded: OLD -> NEW' last.\n";

struct reroute_args {
	struct kbug_deliver_opts d;
	const char *file, *section, *maintainers, *outbox, *inbox;
};

static const struct kbug_option reroute_options[] = {
	OPT_STRING("file", 0, "PATH", struct reroute_args, file,
		   "route to the sections of this source file or directory of the kernel tree"),
	OPT_STRING("section", 0, "NAME", struct reroute_args, section,
		   "route to the MAINTAINERS section of this title (e.g. \"ACPI\")"),
	OPT_STRING("to", 0, "CHANNEL", struct reroute_args, d.to,
		   "the channel: email, bugzilla or auto (the route's destination)"),
	OPT_STRING("maintainers", 0, "FILE", struct reroute_args, maintainers,
		   "the MAINTAINERS file to route with (default: as kbug report finds it)"),
	OPT_STRING("inbox", 0, "URL", struct reroute_args, inbox,
		   "the public-inbox of a mail report's thread (default https://lore.kernel.org/all)"),
	OPT_STRING("outbox", 0, "DIR", struct reroute_args, outbox,
		   "the outbox (default: ~/.local/share/kbug/outbox)"),
	OPT_STRING("from", 0, "ADDR", struct reroute_args, d.from,
		   "the sender of a mail (default: [identity] name and email)"),
	OPT_FLAG("dry-run", 0, struct reroute_args, d.dry_run,
		 "show what would be sent; keep, send and drop nothing"),
	OPT_GROUP(kbug_delivery_options, struct reroute_args, d),
	OPT_END
};

/* Where an item went, in words: the bug's URL, or the Message-ID and its recipients. */
static void where_it_went(struct json_object *st, struct strbuf *out)
{
	struct json_object *rc = kj_path(st, "envelope.rcpt");
	const char *mid = kj_get_str(st, "message_id");
	size_t i, n = rc && json_object_is_type(rc, json_type_array) ?
		      json_object_array_length(rc) : 0;

	if (kj_get_str(st, "bug_id") || !mid) {
		strbuf_addstr(out, kj_get_str(st, "url") ?: "(nowhere recorded)");
		return;
	}
	strbuf_addf(out, "a mail, Message-ID %s, to", mid);
	for (i = 0; i < n && i < 8; i++)
		strbuf_addf(out, "%s %s", i ? "," : "",
			    json_object_get_string(json_object_array_get_idx(rc, i)));
	if (n > 8)
		strbuf_addf(out, " and %zu more", n - 8);
}

/* The new route for --file or --section, replacing the old; 0 or the exit code. */
static int new_route(struct kbug_report *r, const struct reroute_args *a)
{
	struct kbug_maint_opts mo = { .file = a->maintainers };
	struct kbug_suspect s = { .file = a->file };
	struct kbug_maint *m = NULL;
	struct strbuf path = STRBUF_INIT;
	int idx = (int)kj_get_int(kbug_report_get(r, "draft"), "report_index", -1), ret;

	if (!a->file && !a->section)
		return 0;
	ret = kbug_maint_open(&mo, &m);
	if (ret) {
		ERR("cannot read MAINTAINERS%s%s: %s", a->maintainers ? " from " : "",
		    a->maintainers ?: "", strerror(-ret));
		return KBUG_EXIT_ERROR;
	}
	if (a->section && kbug_maint_section_path(m, a->section, &path)) {
		ERR("MAINTAINERS has no section titled '%s' with an F: path", a->section);
		kbug_maint_free(m);
		return KBUG_EXIT_ERROR;
	}
	if (a->section) {
		INFO("section '%s': routed through its path %s", a->section, path.buf);
		s.file = path.buf;
	}
	/* the crash stays the report's: only where it goes changes */
	s.report = idx >= 0 ? kbug_analyze_report_at(r, idx) : NULL;
	json_object_object_del(r->root, "route");
	ret = kbug_route_suspect(r, m, &s);
	kbug_maint_free(m);
	strbuf_release(&path);
	return ret ? KBUG_EXIT_ERROR : 0;
}

/* The note where the report first went: a report of one "followup" section. */
static int note_old_place(struct reroute_args *a, struct json_object *old, const char *channel,
			  const char *moved)
{
	struct kbug_delivery d = { .mode = KBUG_DELIVER_SEND, .outbox = a->outbox };
	struct json_object *fu = json_object_new_object(), *to, *rc;
	struct strbuf body = STRBUF_INIT, base = STRBUF_INIT, sb = STRBUF_INIT;
	struct kbug_report note;
	char msg[320];
	long bug;
	size_t i, n;
	int ret = -EINVAL;

	strbuf_addf(&body, "This report has moved: %s\n\n"
		    "kbug reroute sent it there (the same crash, description and files).\n\n"
		    "kbug-moved: %s\n", moved, kj_get_str(old, "id") ?: "?");
	kj_set(fu, "files", json_object_new_array());
	if (!strcmp(channel, "bugzilla")) {
		if (kbug_bz_parse_bug_url(kj_get_str(old, "url") ?: "", &base, &bug, msg,
					  sizeof(msg))) {
			ERR("the old item has no bug URL to leave the note on: %s", msg);
			goto out;
		}
		d.channel = &kbug_channel_followup;
		kj_set_str(fu, "base", base.buf);
		kj_set_int(fu, "bug", bug);
		kj_set_str(fu, "url", kj_get_str(old, "url"));
		kj_set_str(fu, "request_id", kj_get_str(old, "id") ?: "moved");
		strbuf_addf(&sb, "kbug-moved: %s", kj_get_str(old, "id") ?: "?");
		kj_set_str(fu, "marker", sb.buf);
		kj_set_str(fu, "comment", body.buf);
	} else {
		const char *mid = kj_get_str(old, "message_id");

		if (!mid || *mid != '<') {
			ERR("the old item has no Message-ID to reply to");
			goto out;
		}
		d.channel = &kbug_channel_mail_followup;
		strbuf_add(&sb, mid + 1, strlen(mid) - 1 - (mid[strlen(mid) - 1] == '>'));
		kj_set_str(fu, "inbox", a->inbox ?: "https://lore.kernel.org/all");
		kj_set_str(fu, "parent", sb.buf);
		strbuf_reset(&sb);
		kbug_pi_reply_subject(kj_get_str(old, "subject"), &sb);
		kj_set_str(fu, "subject", sb.buf);
		kj_set_str(fu, "references", mid);
		to = json_object_new_array();
		rc = kj_path(old, "envelope.rcpt");
		n = rc && json_object_is_type(rc, json_type_array) ?
		    json_object_array_length(rc) : 0;
		for (i = 0; i < n; i++) {
			struct json_object *p = json_object_new_object();
			struct json_object *ad = json_object_array_get_idx(rc, i);

			kj_set_str(p, "addr", json_object_get_string(ad));
			kj_append(to, p);
		}
		kj_set(fu, "to", to);
		kj_set_str(fu, "body", body.buf);
	}
	/* sealed empty: the note holds only where the report went, set after */
	if (kbug_report_init(&note))
		goto out;
	if (kbug_report_seal(&note)) {
		kbug_report_release(&note);
		goto out;
	}
	kbug_report_set(&note, "followup", json_object_get(fu));
	ret = kbug_deliver(&note, &a->d, &d);
	if (d.saved && ret)
		fprintf(stderr, "kbug: the note stays in the outbox as %s: 'kbug outbox --retry %s' sends it later\n",
			kbug_outbox_item_id(d.item), kbug_outbox_item_id(d.item));
	kbug_outbox_item_free(d.item);
	kbug_report_release(&note);
out:
	json_object_put(fu);
	strbuf_release(&body);
	strbuf_release(&base);
	strbuf_release(&sb);
	return ret;
}

static int cmd_reroute(int argc, char **argv)
{
	struct reroute_args a = { 0 };
	struct kbug_outbox_item *item = NULL;
	struct json_object *old = NULL, *dl;
	struct strbuf sb = STRBUF_INIT, why = STRBUF_INIT, desc = STRBUF_INIT;
	const struct kbug_channel *ch;
	struct kbug_report r;
	bool have_rep = false, sent = false;
	const char *oldch;
	int ret = kbug_opt_parse("reroute", reroute_options, &a, argc, argv);

	if (ret < 0)
		return -ret;
	if (ret != 1)
		return kbug_usage_error("reroute", ret ? "one outbox item, not %d" :
					"which outbox item? kbug outbox lists them", ret);
	if (!a.file && !a.section && !a.d.to)
		return kbug_usage_error("reroute",
					"where to? give --file PATH, --section NAME or --to CHANNEL");
	if (a.file && a.section)
		return kbug_usage_error("reroute", "--file and --section exclude each other");
	if (!a.d.yes && !a.d.dry_run && !kbug_interactive(false))
		return kbug_usage_error("reroute",
					"nobody to review what is sent: give --yes or run it on a terminal");
	if (kbug_config_load())
		return KBUG_EXIT_ERROR;
	ret = kbug_outbox_open(a.outbox, argv[1], KBUG_OUTBOX_WAITING, &item);
	if (ret == -ENOENT) {
		ret = kbug_outbox_open(a.outbox, argv[1], KBUG_OUTBOX_SENT, &item);
		sent = !ret;
	}
	if (ret) {
		ERR("no outbox item '%s' waiting or sent: %s", argv[1], strerror(-ret));
		return KBUG_EXIT_ERROR;
	}
	ret = KBUG_EXIT_ERROR;
	oldch = kbug_outbox_item_channel(item);
	if (!oldch || (strcmp(oldch, "email") && strcmp(oldch, "bugzilla"))) {
		ERR("'%s' went through the %s channel: only a report (email, bugzilla) is rerouted",
		    argv[1], oldch ?: "(no)");
		goto out;
	}
	old = json_object_get(kbug_outbox_state(item));
	if (kj_get_str(old, "forwarded_to")) {	/* once: the copy is what moves on */
		ERR("'%s' was forwarded already, as %s: reroute that one (kbug reroute %s ...)",
		    argv[1], kj_get_str(old, "forwarded_to"), kj_get_str(old, "forwarded_to"));
		goto out;
	}
	if (kbug_outbox_read(item, "report.json", &sb) || kbug_report_init(&r))
		goto out;
	have_rep = true;
	if (kbug_report_load_string(&r, sb.buf, "report.json"))
		goto out;
	json_object_object_del(r.root, "delivery");
	if (new_route(&r, &a))
		goto out;
	/*
	 * The report was redacted when it was first sent; sealed again here,
	 * what kbug adds below is not: where it went (a Message-ID of a mail
	 * already on a list, the addresses from MAINTAINERS it went to, a bug's
	 * URL) is the point of the forward, and holds nothing of the machine.
	 */
	if (kbug_report_seal(&r))
		goto out;
	if (sent) {	/* forwarded: the body says where it first went */
		strbuf_reset(&sb);
		where_it_went(old, &sb);
		strbuf_addf(&desc, "[Forwarded by kbug reroute: first sent to %s; it belongs here%s%s.]\n\n%s",
			    sb.buf, a.file || a.section ? ", by " : "", a.file ?: a.section ?: "",
			    kj_get_str(kbug_report_get(&r, "draft"), "description") ?: "");
		kbug_draft_describe(&r, desc.buf);
	}
	ch = kbug_channel_pick(&r, a.d.to, &why);
	if (!ch)
		goto out;
	kbug_route_show(stderr, &r, ch->name, why.buf);
	ret = kbug_front_deliver(&r, &a.d, a.outbox, ch);
	if (a.d.dry_run || ret != KBUG_EXIT_OK)
		goto out;
	dl = kbug_report_get(&r, "delivery");
	strbuf_reset(&sb);
	where_it_went(dl, &sb);
	if (!sent) {
		kbug_outbox_record(item, "rerouted_to", kj_get_str(dl, "id"));
		if (kbug_outbox_drop(item))
			WARN("could not drop '%s': drop it with kbug outbox --drop %s", argv[1],
			     argv[1]);
		fprintf(kbug_output(), "rerouted: %s -> %s (%s)\n", argv[1],
			kj_get_str(dl, "id") ?: "?", sb.buf);
		goto out;
	}
	kbug_outbox_record(item, "forwarded_to", kj_get_str(dl, "id"));
	strbuf_reset(&why);
	strbuf_addf(&why, "%s (kbug outbox item %s)", sb.buf, kj_get_str(dl, "id") ?: "?");
	if (note_old_place(&a, old, oldch, why.buf)) {
		ret = KBUG_EXIT_QUEUED;
		goto out;
	}
	fprintf(kbug_output(), "forwarded: %s -> %s (%s)\n", argv[1], kj_get_str(dl, "id") ?: "?",
		sb.buf);
out:
	json_object_put(old);
	if (have_rep)
		kbug_report_release(&r);
	kbug_outbox_item_free(item);
	strbuf_release(&sb);
	strbuf_release(&why);
	strbuf_release(&desc);
	return ret;
}

const struct kbug_cmd kbug_cmd_reroute = {
	.name = "reroute",
	.run = cmd_reroute,
	.summary = "send an outbox item somewhere else: rebuilt if waiting, forwarded if sent",
	.usage = reroute_usage,
	.options = reroute_options,
	.details = reroute_details,
};
