// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The "mail-followup" channel: the answer to a triager's request made in
 * a mail thread (docs/request-format.md), as a reply in that thread:
 * In-Reply-To and References of the request, "Re:" subject, the
 * request's sender in To and the thread's other participants in Cc, the
 * facts as text/plain parts, the whole under a list's size limit.
 * Never picked by a route: `kbug followup MESSAGE-ID` names it.
 *
 * The message is built once (prepare) with its Message-ID, and sent by
 * the email channel's send(): an item sent is never sent again, and one
 * whose hand-over may have arrived is not sent blindly. Before that
 * refusal, send() looks for its own Message-ID on the thread's inbox:
 * found, the item is delivered.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/report.h"
#include "core/settings.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/outbox.h"
#include "deliver/public-inbox.h"
#include "deliver/smtp.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

/*
 * vger.kernel.org, which hosts most kernel lists, rejects messages over
 * 100,000 bytes (its list FAQ, vger.kernel.org/majordomo-info.html).
 */
#define MF_LIST_MAX	100000
#define MF_MAX_RCPT	64
#define MF_MAX_FILES	24

struct mf_rcpt {
	struct json_object *formatted, *bare;	/* arrays */
	const char *self;
};

static bool mf_has(struct json_object *bare, const char *addr)
{
	size_t i, n = json_object_array_length(bare);

	for (i = 0; i < n; i++)
		if (!strcasecmp(json_object_get_string(json_object_array_get_idx(bare, i)), addr))
			return true;
	return false;
}

/* One recipient from the section's {"name", "addr"} list; never ourselves, never twice. */
static void mf_add(struct mf_rcpt *all, struct json_object *list, struct json_object *formatted)
{
	struct strbuf sb = STRBUF_INIT, name = STRBUF_INIT, addr = STRBUF_INIT;
	size_t i, n = list && json_object_is_type(list, json_type_array) ?
		      json_object_array_length(list) : 0;

	for (i = 0; i < n && json_object_array_length(all->bare) < MF_MAX_RCPT; i++) {
		struct json_object *p = json_object_array_get_idx(list, i);
		const char *a = kj_get_str(p, "addr");

		/* checked again: the section is the report's, read back from the outbox */
		if (!a || kbug_mime_parse_address(a, &name, &addr) ||
		    (all->self && !strcasecmp(addr.buf, all->self)) || mf_has(all->bare, addr.buf))
			continue;
		strbuf_reset(&sb);
		kbug_mime_format_address(&sb, kj_get_str(p, "name") ?: "", addr.buf);
		kj_append_str(formatted, sb.buf);
		kj_append_str(all->bare, addr.buf);
	}
	strbuf_release(&sb);
	strbuf_release(&name);
	strbuf_release(&addr);
}

/* A NULL-terminated vector of an array's strings (borrowed). */
static const char **mf_vec(struct json_object *a)
{
	size_t i, n = json_object_array_length(a);
	const char **v = calloc(n + 1, sizeof(*v));

	for (i = 0; v && i < n; i++)
		v[i] = json_object_get_string(json_object_array_get_idx(a, i));
	return v;
}

/*
 * The facts as parts, cut to fit the list: the largest part loses its
 * beginning (a log's end is what a triager reads) until the whole
 * message is under MF_LIST_MAX. Bounded: each pass cuts at least 1 KiB.
 */
static int mf_build(struct kbug_report *r, struct json_object *files, struct kbug_mail *m,
		    struct strbuf *msg)
{
	struct kbug_attachment att[MF_MAX_FILES];
	const struct kbug_attachment *ptr[MF_MAX_FILES + 1];
	struct strbuf cut[MF_MAX_FILES];
	size_t i, n = json_object_array_length(files), pass, big, drop;
	int ret = 0;

	if (n > MF_MAX_FILES)
		n = MF_MAX_FILES;
	for (i = 0; i < n; i++) {
		const char *name = kj_get_str(json_object_array_get_idx(files, i), "name");
		const struct kbug_attachment *a = name && r ? kbug_report_attachment(r, name) :
					    NULL;

		strbuf_init(&cut[i], 0);
		if (!a) {
			ERR("the follow-up names a file it did not collect: %s", name ?: "?");
			n = i + 1;
			ret = -EINVAL;
			goto out;
		}
		att[i] = *a;
		ptr[i] = &att[i];
	}
	ptr[n] = NULL;
	m->att = ptr;
	for (pass = 0; pass < 64; pass++) {
		strbuf_reset(msg);
		kbug_mime_build(m, msg);
		if (msg->len <= MF_LIST_MAX)
			break;
		for (big = 0, i = 1; i < n; i++)
			if (att[i].len > att[big].len)
				big = i;
		if (!n || att[big].len < 2048) {
			ERR("the answer does not fit the list's limit of %d bytes", MF_LIST_MAX);
			ret = -EFBIG;
			break;
		}
		drop = msg->len - MF_LIST_MAX + 1024;
		drop = drop > att[big].len - 1024 ? att[big].len - 1024 : drop;
		strbuf_reset(&cut[big]);
		strbuf_addf(&cut[big], "[kbug: the first part was cut to fit the list's limit of %d bytes]\n",
			    MF_LIST_MAX);
		strbuf_add(&cut[big], att[big].data + drop, att[big].len - drop);
		att[big].data = cut[big].buf;
		att[big].len = cut[big].len;
	}
	if (!ret && msg->len > MF_LIST_MAX) {
		ERR("the answer does not fit the list's limit of %d bytes", MF_LIST_MAX);
		ret = -EFBIG;
	}
out:
	m->att = NULL;
	for (i = 0; i < n; i++)
		strbuf_release(&cut[i]);
	return ret;
}

/* The sender: --from, else [identity] email (and name). */
static int mf_sender(const struct kbug_deliver_opts *o, struct strbuf *name, struct strbuf *addr)
{
	const char *from = o->from && *o->from ? o->from : kbug_config_get("identity", "email");

	if (!from || !*from) {
		ERR("no sender address: give --from \"Name <you@example.org>\" or set %s",
		    "[identity] email in the config");
		return -EINVAL;
	}
	if (kbug_mime_parse_address(from, name, addr)) {
		ERR("the sender '%s' is not an email address", from);
		return -EINVAL;
	}
	if (!name->len && kbug_config_get("identity", "name"))
		strbuf_addstr(name, kbug_config_get("identity", "name"));
	return 0;
}

/* What the email channel's send() reads back: envelope, Message-ID, how to send. */
static int mf_record(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o,
		     const char *addr, struct json_object *rcpt, const char *mid,
		     const char *subject, struct json_object *fu)
{
	struct json_object *st = kbug_outbox_state(item), *env, *opt;
	const char *url = o->smtp_url ? o->smtp_url : kbug_config_get("smtp", "url");
	struct strbuf thread = STRBUF_INIT;
	int ret;

	env = json_object_new_object();
	kj_set_str(env, "from", addr);
	kj_set(env, "rcpt", json_object_get(rcpt));
	kj_set(st, "envelope", env);
	kj_set_str(st, "message_id", mid);
	kj_set_str(st, "subject", subject);
	if (kj_get_str(fu, "inbox"))
		kj_set_str(st, "inbox", kj_get_str(fu, "inbox"));
	if (kj_get_str(fu, "notice_for"))	/* the bridge's: one notice per bug */
		kj_set_str(st, "notice_for", kj_get_str(fu, "notice_for"));
	opt = json_object_new_object();
	if (url && !kbug_smtp_url_check(url))
		kj_set_str(opt, "smtp_url", url);
	kj_set_bool(opt, "sendmail", o->sendmail);
	kj_set_bool(opt, "smtp_insecure", o->smtp_insecure);
	kj_set(st, "options", opt);
	ret = kbug_outbox_save_state(item);
	if (kj_get_str(fu, "inbox") && kj_get_str(fu, "parent"))
		strbuf_addf(&thread, "%s/%s/", kj_get_str(fu, "inbox"), kj_get_str(fu, "parent"));
	if (!ret && thread.len)
		ret = kbug_outbox_record(item, "url", thread.buf);
	strbuf_release(&thread);
	return ret;
}

/*
 * The reply the section fu describes (see mf_prepare), with the parts
 * files names from r (r may be NULL when files is empty), into msg; its
 * sender's address, Message-ID and envelope recipients into addr, mid
 * and bare. 0 or -errno (said).
 */
static int mf_compose(struct kbug_report *r, struct json_object *fu, struct json_object *files,
		      const struct kbug_deliver_opts *o, struct strbuf *msg, struct strbuf *addr,
		      struct strbuf *mid, struct json_object *bare)
{
	struct strbuf name = STRBUF_INIT, from = STRBUF_INIT, date = STRBUF_INIT;
	struct strbuf irt = STRBUF_INIT;
	struct json_object *to = json_object_new_array(), *cc = json_object_new_array();
	struct mf_rcpt all = { .bare = bare };
	const char **tov = NULL, **ccv = NULL;
	int ret;

	/* no "parent": a new thread (the bridge's notice), no In-Reply-To */
	if (!fu || !kj_get_str(fu, "subject") || !kj_get_str(fu, "body") || !files ||
	    !json_object_is_type(files, json_type_array)) {
		ERR("the mail has no subject or body to send");
		ret = -EINVAL;
		goto out;
	}
	ret = mf_sender(o, &name, addr);
	if (ret)
		goto out;
	all.self = addr->buf;
	mf_add(&all, kj_get(fu, "to"), to);
	mf_add(&all, kj_get(fu, "cc"), cc);
	if (!json_object_array_length(to)) {	/* the author was ourselves: the others */
		json_object_put(to);
		to = cc;
		cc = json_object_new_array();
	}
	if (!json_object_array_length(to)) {
		ERR("nobody to answer in the thread but ourselves");
		ret = -EINVAL;
		goto out;
	}
	kbug_mime_format_address(&from, name.buf, addr->buf);
	kbug_mime_message_id(mid, addr->buf);
	kbug_mime_date(&date);
	if (kj_get_str(fu, "parent"))
		strbuf_addf(&irt, "<%s>", kj_get_str(fu, "parent"));
	tov = mf_vec(to);
	ccv = mf_vec(cc);
	if (!tov || !ccv) {
		ret = -ENOMEM;
		goto out;
	}
	{
		struct kbug_mail m = {
			.from = from.buf, .to = tov, .cc = ccv,
			.subject = kj_get_str(fu, "subject"), .message_id = mid->buf,
			.date = date.buf, .body = kj_get_str(fu, "body"),
			.in_reply_to = irt.len ? irt.buf : NULL,
			.references = kj_get_str(fu, "references"),
		};

		ret = mf_build(r, files, &m, msg);
	}
out:
	free(tov);
	free(ccv);
	json_object_put(to);
	json_object_put(cc);
	strbuf_release(&name);
	strbuf_release(&from);
	strbuf_release(&date);
	strbuf_release(&irt);
	return ret;
}

int kbug_pi_reply_draft(struct json_object *fu, const struct kbug_deliver_opts *o,
			struct strbuf *mbox)
{
	struct strbuf msg = STRBUF_INIT, addr = STRBUF_INIT, mid = STRBUF_INIT;
	struct json_object *bare = json_object_new_array(), *none = json_object_new_array();
	int ret = mf_compose(NULL, fu, none, o, &msg, &addr, &mid, bare);

	if (!ret)
		kbug_mbox_append(mbox, msg.buf, msg.len, addr.buf);
	json_object_put(bare);
	json_object_put(none);
	strbuf_release(&msg);
	strbuf_release(&addr);
	strbuf_release(&mid);
	return ret;
}

/*
 * prepare(): the report's "followup" section (cmd-followup.c, through
 * kbug_pi_reply_section()) says where and what: {"inbox", "parent",
 * "request_id", "subject", "references", "to": [{"name", "addr"}],
 * "cc": [...], "body", "files": [{"name"}]}.
 */
static int mf_prepare(struct kbug_report *r, struct kbug_outbox_item *item,
		      const struct kbug_deliver_opts *o)
{
	struct json_object *fu = kbug_report_get(r, "followup");
	struct strbuf msg = STRBUF_INIT, addr = STRBUF_INIT, mid = STRBUF_INIT;
	struct json_object *bare = json_object_new_array();
	int ret = mf_compose(r, fu, kj_get(fu, "files"), o, &msg, &addr, &mid, bare);

	if (!ret)
		ret = kbug_outbox_write(item, "message.eml", msg.buf, msg.len);
	if (!ret)
		ret = mf_record(item, o, addr.buf, bare, mid.buf, kj_get_str(fu, "subject"), fu);
	json_object_put(bare);
	strbuf_release(&msg);
	strbuf_release(&addr);
	strbuf_release(&mid);
	return ret;
}

static int mf_preview(struct kbug_outbox_item *item, FILE *f, unsigned int flags)
{
	return kbug_channel_email.preview(item, f, flags);
}

static int mf_send(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o)
{
	struct json_object *st = kbug_outbox_state(item);
	enum kbug_outbox_state state = kbug_outbox_get_state(item);
	const char *mid = kj_get_str(st, "message_id"), *inbox = kj_get_str(st, "inbox");
	struct strbuf id = STRBUF_INIT, sb = STRBUF_INIT, why = STRBUF_INIT;
	int ret;

	/* a hand-over that may have arrived: the inbox says whether it did */
	if ((state == KBUG_STATE_UNKNOWN || state == KBUG_STATE_SENDING) && mid && inbox &&
	    !o->dry_run) {
		strbuf_add(&id, mid + (*mid == '<'), strlen(mid) - (*mid == '<'));
		if (id.len && id.buf[id.len - 1] == '>')
			strbuf_setlen(&id, id.len - 1);
		ret = kbug_pi_get(inbox, id.buf, "raw", o->timeout_s, &sb, &why);
		if (!ret) {
			INFO("%s is in the thread already (%s): not sending it again", mid, inbox);
			kj_set_str(st, "sent_via", "found on the inbox");
			ret = kbug_outbox_set_state(item, KBUG_STATE_SENT, NULL);
			if (!ret)
				ret = kbug_outbox_mark_sent(item);
			goto out;
		}
		DBG("%s", why.buf);
	}
	ret = kbug_channel_email.send(item, o);
out:
	strbuf_release(&id);
	strbuf_release(&sb);
	strbuf_release(&why);
	return ret;
}

const struct kbug_channel kbug_channel_mail_followup = {
	.name = "mail-followup",
	.prepare = mf_prepare,
	.preview = mf_preview,
	.send = mf_send,
};
