// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The email channel: a plain-text report To the maintainers and
 * reviewers, Cc the lists, in get_maintainer's order; prepared into the
 * outbox as message.eml, then sent over SMTP (libcurl) or sendmail.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/settings.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/outbox.h"
#include "deliver/smtp.h"
#include "deliver/template.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "util/term.h"

#define REGRESSIONS_LIST "regressions@lists.linux.dev"
#define EMAIL_MAX_RCPT 200

struct rcpt_list {
	char *formatted[EMAIL_MAX_RCPT + 1];
	char *bare[EMAIL_MAX_RCPT + 1];
	size_t nr;
};

static bool rcpt_has(const struct rcpt_list *a, const char *addr)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		if (!strcasecmp(a->bare[i], addr))
			return true;
	return false;
}

/* Add "Name <addr>" (or name and address apart) unless present in a or b. */
static void rcpt_add(struct rcpt_list *a, const struct rcpt_list *b, const char *name,
		     const char *addr)
{
	struct strbuf n = STRBUF_INIT, ad = STRBUF_INIT, f = STRBUF_INIT, c = STRBUF_INIT;

	if (!addr || !*addr || a->nr >= EMAIL_MAX_RCPT)
		return;
	/* a control character in a MAINTAINERS name: kept as '?', not dropped */
	strbuf_addstr(&c, addr);
	kbug_term_sanitize(c.buf, c.len, false);
	if (kbug_mime_parse_address(c.buf, &n, &ad)) {
		WARN("skipping the recipient '%s': not an email address", c.buf);
		goto out;
	}
	if (rcpt_has(a, ad.buf) || (b && rcpt_has(b, ad.buf)))
		goto out;
	if (name && *name) {
		strbuf_reset(&n);
		strbuf_addstr(&n, name);
		kbug_term_sanitize(n.buf, n.len, false);
	}
	kbug_mime_format_address(&f, n.buf, ad.buf);
	a->formatted[a->nr] = strbuf_detach(&f, NULL);
	a->bare[a->nr++] = strbuf_detach(&ad, NULL);
	a->formatted[a->nr] = NULL;
	a->bare[a->nr] = NULL;
out:
	strbuf_release(&n);
	strbuf_release(&ad);
	strbuf_release(&f);
	strbuf_release(&c);
}

static void rcpt_add_people(struct rcpt_list *a, const struct rcpt_list *b,
			    struct json_object *arr)
{
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(arr, i);

		rcpt_add(a, b, kj_get_str(p, "name"), kj_get_str(p, "address"));
	}
}

/* Formatted addresses ("Name <addr>") from an array of strings. */
static void rcpt_add_strings(struct rcpt_list *a, const struct rcpt_list *b,
			     struct json_object *arr)
{
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++)
		rcpt_add(a, b, NULL, json_object_get_string(json_object_array_get_idx(arr, i)));
}

static void rcpt_release(struct rcpt_list *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++) {
		free(a->formatted[i]);
		free(a->bare[i]);
	}
	a->nr = 0;
}

static bool email_accepts(const char *kind)
{
	return kind && (!strcmp(kind, "email") || !strcmp(kind, "mailto") ||
			!strcmp(kind, "debbts"));
}

/* The sender: --from, else [identity] name and email. */
static int email_sender(const struct kbug_deliver_opts *o, struct strbuf *name,
			struct strbuf *addr)
{
	const char *from = o->from;

	if (from && *from)
		return kbug_mime_parse_address(from, name, addr) ? -EINVAL : 0;
	from = kbug_config_get("identity", "email");
	if (!from || !*from)
		return -ENOENT;
	if (kbug_mime_parse_address(from, name, addr))
		return -EINVAL;
	if (!name->len && kbug_config_get("identity", "name"))
		strbuf_addstr(name, kbug_config_get("identity", "name"));
	return 0;
}

/* To and Cc from the route (a mailto B:, the route's own, or get_maintainer's). */
static int email_recipients(struct json_object *route, bool regression, struct rcpt_list *to,
			    struct rcpt_list *cc)
{
	struct json_object *dest = kj_get(route, "destination");

	if (kbug_debbts_is(dest)) {
		/* the BTS alone: it forwards to the maintainers, X-Debbugs-Cc to others */
		rcpt_add(to, NULL, NULL, kj_get_str(dest, "address"));
		regression = false;
	} else if (dest && !strcmp(kj_get_str(dest, "kind") ?: "", "mailto")) {
		/* the B: address, and the people the route names (kbug route shows them) */
		rcpt_add(to, NULL, NULL, kj_get_str(dest, "address"));
		rcpt_add_people(to, NULL, kj_get(route, "maintainers"));
		rcpt_add_people(to, NULL, kj_get(route, "reviewers"));
		rcpt_add_people(cc, to, kj_get(route, "lists"));
	} else if (kj_get(dest, "to") || kj_get(dest, "cc")) {
		/* the route's own To and Cc, in get_maintainer's order */
		rcpt_add_strings(to, NULL, kj_get(dest, "to"));
		rcpt_add_strings(cc, to, kj_get(dest, "cc"));
	} else {
		rcpt_add_people(to, NULL, kj_get(route, "maintainers"));
		rcpt_add_people(to, NULL, kj_get(route, "reviewers"));
		rcpt_add_people(cc, to, kj_get(route, "lists"));
	}
	if (regression)
		rcpt_add(cc, to, NULL, REGRESSIONS_LIST);
	if (!to->nr && cc->nr) {
		*to = *cc;
		memset(cc, 0, sizeof(*cc));
	}
	if (!to->nr) {
		ERR("no recipients: the route names no maintainer, reviewer or list (see 'kbug route')");
		return -EINVAL;
	}
	return 0;
}

/*
 * vger.kernel.org, which hosts most kernel lists, refuses messages over
 * 100,000 bytes (its list FAQ: vger.kernel.org/majordomo-info.html).
 */
#define EMAIL_LIST_MAX 100000
#define EMAIL_CUT_PASSES 8

/* The MIME message of the attachments in att (those too big to go inline). */
static void email_mime(struct kbug_mail *m, const struct kbug_attachment **att,
		       struct strbuf *msg)
{
	m->att = att;
	strbuf_reset(msg);
	kbug_mime_build(m, msg);
	m->att = NULL;
}

/* A kernel config as developers read it: the options set, no comments or "is not set". */
static void email_config_set(struct kbug_attachment *a, struct strbuf *out)
{
	const char *p = a->data, *end = a->data + a->len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);

		if (*p != '#' && *p != '\n')
			strbuf_add(out, p, n);
		p += n;
	}
	a->data = out->buf;
	a->len = out->len;
}

/*
 * Cut a so that the message loses about `drop` bytes, at a line end: a
 * log keeps its end (where the newest report is), anything else its
 * beginning; a line says what was cut.
 */
static void email_cut(struct kbug_attachment *a, size_t drop, struct strbuf *out)
{
	size_t keep = a->len > drop ? a->len - drop : 0, from = 0, orig = a->len;
	bool tail = strstr(a->name, "dmesg") || strstr(a->name, "log");
	struct strbuf cut = STRBUF_INIT;

	if (tail) {
		from = a->len - keep;
		while (from && from < a->len && a->data[from - 1] != '\n')
			from++;
		strbuf_addf(&cut, "[kbug: the first %zu of %zu bytes were cut to fit the list's limit]\n",
			    from, orig);
		strbuf_add(&cut, a->data + from, a->len - from);
	} else {
		while (keep && a->data[keep - 1] != '\n')
			keep--;
		strbuf_add(&cut, a->data, keep);
		strbuf_addf(&cut, "[kbug: cut after %zu of %zu bytes to fit the list's limit]\n",
			    keep, orig);
	}
	strbuf_swap(out, &cut);
	strbuf_release(&cut);
	a->data = out->buf;
	a->len = out->len;
}

/*
 * The MIME message, with the attachments too big to go inline, within
 * the lists' size limit: the config reduced to the options set, then the
 * largest attachment cut, a few passes at most; the body and the user are
 * told what was cut (the whole files stay in the outbox's report.json).
 */
static void email_build(struct kbug_report *r, struct kbug_mail *m, struct strbuf *msg)
{
	const struct kbug_attachment **att = calloc(r->att_nr + 1, sizeof(*att));
	struct kbug_attachment *cp = calloc(r->att_nr + 1, sizeof(*cp));
	struct strbuf *bufs = calloc(r->att_nr + 1, sizeof(*bufs));
	struct strbuf body = STRBUF_INIT, note = STRBUF_INIT;
	const char *orig_body = m->body;
	size_t i, na = 0, pass;

	if (!att || !cp || !bufs)
		abort();
	for (i = 0; i < r->att_nr; i++) {
		if (kbug_attachment_is_inline(r->att[i].data, r->att[i].len))
			continue;
		cp[na] = r->att[i];
		strbuf_init(&bufs[na], 0);
		att[na] = &cp[na];
		na++;
	}
	email_mime(m, att, msg);
	for (pass = 0; msg->len > EMAIL_LIST_MAX && na && pass < EMAIL_CUT_PASSES; pass++) {
		size_t big = 0, drop = msg->len - EMAIL_LIST_MAX + 2048, was;

		for (i = 0; i < na; i++)
			if (!strcmp(cp[i].name, "config.txt") && !bufs[i].len && cp[i].len)
				break;
		if (i < na) {
			was = cp[i].len;
			email_config_set(&cp[i], &bufs[i]);
			if (cp[i].len < was)
				strbuf_addf(&note, "  %s: the options set only (%zu of %zu bytes)\n",
					    cp[i].name, cp[i].len, was);
		} else {
			for (i = 1; i < na; i++)
				if (cp[i].len > cp[big].len)
					big = i;
			was = cp[big].len;
			/* in base64, 3 bytes cut save 4: drop is enough either way */
			email_cut(&cp[big], drop, &bufs[big]);
			strbuf_addf(&note, "  %s: cut to %zu of %zu bytes\n", cp[big].name,
				    cp[big].len, was);
		}
		strbuf_reset(&body);
		strbuf_addf(&body, "%s\n\nkbug kept this mail within the kernel lists' limit of %d bytes:\n%s",
			    orig_body, EMAIL_LIST_MAX, note.buf);
		m->body = body.buf;
		email_mime(m, att, msg);
	}
	if (note.len)
		kbug_tprintf(stderr, "Note:     the mail is kept within the kernel lists' limit of %d bytes:\n%s",
			     EMAIL_LIST_MAX, note.buf);
	if (msg->len > EMAIL_LIST_MAX)
		WARN("the mail is %zu bytes, over the kernel lists' limit of %d: a list may refuse it",
		     msg->len, EMAIL_LIST_MAX);
	m->body = orig_body;
	for (i = 0; i < na; i++)
		strbuf_release(&bufs[i]);
	strbuf_release(&body);
	strbuf_release(&note);
	free(bufs);
	free(cp);
	free(att);
}

/* The envelope, Message-ID, subject and how to send it again, in state.json. */
static int email_record(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o,
			const char *addr, const struct rcpt_list *to, const struct rcpt_list *cc,
			const char *mid, const char *subject)
{
	struct json_object *st = kbug_outbox_state(item), *env, *rc, *opt;
	const char *url;
	size_t i;

	env = json_object_new_object();
	kj_set_str(env, "from", addr);
	rc = json_object_new_array();
	for (i = 0; i < to->nr; i++)
		kj_append_str(rc, to->bare[i]);
	for (i = 0; i < cc->nr; i++)
		kj_append_str(rc, cc->bare[i]);
	kj_set(env, "rcpt", rc);
	json_object_object_del(st, "envelope");
	kj_set(st, "envelope", env);
	json_object_object_del(st, "message_id");
	kj_set_str(st, "message_id", mid);
	json_object_object_del(st, "subject");
	kj_set_str(st, "subject", subject);
	/* how to send it again: never a secret, only where and how */
	opt = json_object_new_object();
	url = o->smtp_url ? o->smtp_url : kbug_config_get("smtp", "url");
	if (url && !kbug_smtp_url_check(url))
		kj_set_str(opt, "smtp_url", url);
	kj_set_bool(opt, "sendmail", o->sendmail);
	kj_set_bool(opt, "smtp_insecure", o->smtp_insecure);
	json_object_object_del(st, "options");
	kj_set(st, "options", opt);
	return kbug_outbox_save_state(item);
}

static int email_prepare(struct kbug_report *r, struct kbug_outbox_item *item,
			 const struct kbug_deliver_opts *o)
{
	struct json_object *route = kbug_report_get(r, "route");
	struct json_object *draft = kbug_report_get(r, "draft");
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, from = STRBUF_INIT;
	struct strbuf subject = STRBUF_INIT, body = STRBUF_INIT, msg = STRBUF_INIT;
	struct strbuf mid = STRBUF_INIT, date = STRBUF_INIT;
	struct rcpt_list to = { 0 }, cc = { 0 };
	bool regression = kj_get(draft, "regression") &&
			  !json_object_is_type(kj_get(draft, "regression"), json_type_null);
	int ret;

	ret = email_sender(o, &name, &addr);
	if (ret) {
		struct strbuf why = STRBUF_INIT;

		if (ret == -ENOENT)
			strbuf_addstr(&why, "no sender address: give --from \"Name <you@example.org>\", set [identity] name and email in the config, or run 'kbug setup'");
		else
			strbuf_addf(&why, "the sender '%s' is not an email address",
				    o->from ? o->from : kbug_config_get("identity", "email") ?: "");
		ERR("%s", why.buf);
		/* kept by kbug_deliver as the draft's reason */
		kj_set_str(kbug_outbox_state(item), "missing", why.buf);
		strbuf_release(&why);
		goto out;
	}
	kbug_mime_format_address(&from, name.buf, addr.buf);

	ret = email_recipients(route, regression, &to, &cc);
	if (ret)
		goto out;

	if (regression)
		strbuf_addstr(&subject, "[REGRESSION] ");
	strbuf_addstr(&subject, kbug_draft_title(r));
	if (kbug_debbts_is(kj_get(route, "destination"))) {
		ret = kbug_debbts_head(r, kj_get(route, "destination"), &body);
		if (ret) {
			ERR("no Debian package version for the BTS's Version: line (uname -v names none, no dpkg package owns the kernel)");
			goto out;
		}
		kbug_debbts_subject(r, &subject);
	}
	ret = kbug_draft_render(r, "email", &msg);
	if (ret)
		goto out;
	strbuf_add(&body, msg.buf, msg.len);
	strbuf_reset(&msg);
	kbug_mime_message_id(&mid, addr.buf);
	kbug_mime_date(&date);

	{
		struct kbug_mail m = {
			.from = from.buf, .to = (const char *const *)to.formatted,
			.cc = (const char *const *)cc.formatted, .subject = subject.buf,
			.message_id = mid.buf, .date = date.buf, .body = body.buf,
		};

		email_build(r, &m, &msg);
	}
	ret = kbug_outbox_write(item, "message.eml", msg.buf, msg.len);
	if (!ret)
		ret = email_record(item, o, addr.buf, &to, &cc, mid.buf, subject.buf);
out:
	rcpt_release(&to);
	rcpt_release(&cc);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&from);
	strbuf_release(&subject);
	strbuf_release(&body);
	strbuf_release(&msg);
	strbuf_release(&mid);
	strbuf_release(&date);
	return ret;
}

static int email_send_smtp(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o,
			   const char *url, const char *msg, size_t len, struct strbuf *why)
{
	struct json_object *st = kbug_outbox_state(item);
	struct json_object *rc = kj_path(st, "envelope.rcpt");
	struct json_object *opt = kj_get(st, "options");
	const char *rcpt[EMAIL_MAX_RCPT + 1];
	struct strbuf pass = STRBUF_INIT, host = STRBUF_INIT;
	const char *user = kbug_config_get("smtp", "user");
	bool insecure = o->smtp_insecure || kj_get_bool(opt, "smtp_insecure", false) ||
			kbug_config_get_bool("smtp", "insecure", false);
	bool loopback = false, tls = false;
	struct kbug_smtp s = { 0 };
	size_t i, n;
	int ret;

	if (kbug_smtp_url_host(url, &host, &loopback, &tls)) {
		strbuf_addf(why, "'%s' is not an smtp:// or smtps:// URL (credentials do not belong in it: use [smtp] user and password-command)",
			    url);
		strbuf_release(&host);
		return -EINVAL;
	}
	n = rc && json_object_is_type(rc, json_type_array) ? json_object_array_length(rc) : 0;
	if (!n || n > EMAIL_MAX_RCPT) {
		strbuf_addstr(why, "the item's state.json has no usable envelope recipients");
		strbuf_release(&host);
		return -EINVAL;
	}
	for (i = 0; i < n; i++)
		rcpt[i] = json_object_get_string(json_object_array_get_idx(rc, i));
	rcpt[n] = NULL;
	if (user && *user) {
		if (!tls && !loopback && insecure) {
			strbuf_addf(why, "will not send the SMTP password for '%s' in the clear to %s: use smtps:// or a server with STARTTLS",
				    user, host.buf);
			strbuf_release(&host);
			return -EPERM;
		}
		ret = kbug_config_secret(&pass, "smtp", "password", "KBUG_SMTP_PASSWORD");
		if (ret) {
			if (ret == -ENOENT)
				strbuf_addf(why, "[smtp] user is '%s' but no password is configured %s",
					    user, "(password-command, password-file, or KBUG_SMTP_PASSWORD)");
			else
				strbuf_addf(why, "cannot get the SMTP password for '%s'", user);
			strbuf_release(&host);
			return ret == -ENOENT ? -EINVAL : ret;
		}
	}
	s.url = url;
	s.from = kj_get_str(kj_get(st, "envelope"), "from");
	s.rcpt = rcpt;
	s.user = user;
	s.password = pass.buf;
	s.insecure = insecure;
	s.ca_file = kbug_config_get("smtp", "ca-file");
	s.timeout_s = o->timeout_s ? o->timeout_s :
		      (unsigned int)atoi(kbug_config_get("smtp", "timeout") ?: "60");
	if (!s.from) {
		strbuf_addstr(why, "the item's state.json has no envelope sender");
		kbug_secret_wipe(&pass);
		strbuf_release(&host);
		return -EINVAL;
	}
	ret = kbug_smtp_send(&s, msg, len, why);
	kbug_secret_wipe(&pass);
	strbuf_release(&host);
	return ret;
}

/*
 * An item sent already (0), or whose last hand-over may have arrived
 * (KBUG_DELIVER_UNKNOWN unless --force); 1: send it.
 */
static int email_not_again(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o,
			   enum kbug_outbox_state state, const char *mid)
{
	if (state == KBUG_STATE_SENT) {
		INFO("'%s' was delivered already (%s): not sending it again",
		     kbug_outbox_item_id(item), mid ?: "");
		return 0;
	}
	if (o->force)
		return 1;
	if (state == KBUG_STATE_SENDING)
		ERR("the last attempt to send '%s' was interrupted (kbug stopped while sending): the server may have accepted it",
		    kbug_outbox_item_id(item));
	else
		ERR("the last attempt to send '%s' lost the connection after the message was handed over: the server may have accepted it",
		    kbug_outbox_item_id(item));
	/* what to check and do then: the front end's one sentence (front.h) */
	return KBUG_DELIVER_UNKNOWN;
}

/* Record what the hand-over gave (ret), and what send() returns for it. */
static int email_outcome(struct kbug_outbox_item *item, int ret, const char *via,
			 const char *why)
{
	struct json_object *st = kbug_outbox_state(item);
	int r2;

	if (!ret) {
		const char *mid = kj_get_str(st, "message_id") ?: "";

		kj_set_str(st, "sent_via", via);
		/* say "sent" only once state.json does */
		r2 = kbug_outbox_set_state(item, KBUG_STATE_SENT, NULL);
		if (r2) {
			ERR("'%s' was handed to %s as %s, but the outbox cannot record it: do not send it again; once there is room: kbug outbox --done %s",
			    kbug_outbox_item_id(item), via, mid, kbug_outbox_item_id(item));
			return r2;
		}
		INFO("sent '%s' through %s as %s", kbug_outbox_item_id(item), via, mid);
		kbug_outbox_mark_sent(item);
		return 0;	/* delivered; state.json says so */
	}
	if (ret == KBUG_DELIVER_UNKNOWN) {
		ERR("%s", why);
		r2 = kbug_outbox_set_state(item, KBUG_STATE_UNKNOWN, why);
		return r2 ? r2 : ret;
	}
	ERR("not sent: %s", *why ? why : strerror(-ret));
	r2 = kbug_outbox_set_state(item, KBUG_STATE_FAILED, *why ? why : strerror(-ret));
	if (ret != -ENOSYS && ret != -EINVAL && ret != -EPERM)
		ret = -EAGAIN;
	return r2 ? r2 : ret;
}

/* sendmail -t reads the recipients from the headers and removes the Bcc itself */
static void sendmail_bcc(struct json_object *bcc, struct strbuf *msg)
{
	struct strbuf h = STRBUF_INIT;
	size_t i, n = bcc && json_object_is_type(bcc, json_type_array) ?
		      json_object_array_length(bcc) : 0;

	if (!n)
		return;
	strbuf_addstr(&h, "Bcc: ");
	for (i = 0; i < n; i++)
		strbuf_addf(&h, "%s%s", i ? ",\n " : "",
			    json_object_get_string(json_object_array_get_idx(bcc, i)));
	strbuf_addch(&h, '\n');
	strbuf_add(&h, msg->buf, msg->len);
	explicit_bzero(msg->buf, msg->len);
	strbuf_swap(&h, msg);
	strbuf_release(&h);
}

static int email_send(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o)
{
	struct json_object *st = kbug_outbox_state(item);
	struct json_object *opt = kj_get(st, "options");
	enum kbug_outbox_state state = kbug_outbox_get_state(item);
	const char *mid = kj_get_str(st, "message_id");
	struct strbuf msg = STRBUF_INIT, why = STRBUF_INIT, via = STRBUF_INIT;
	const char *url = o->smtp_url;
	bool sendmail = o->sendmail;
	int ret;

	if (state == KBUG_STATE_SENT || state == KBUG_STATE_UNKNOWN ||
	    state == KBUG_STATE_SENDING) {
		ret = email_not_again(item, o, state, mid);
		if (ret != 1)
			return ret;
	}
	ret = kbug_outbox_read(item, "message.eml", &msg);
	if (ret) {
		ERR("cannot read the message of '%s': %s", kbug_outbox_item_id(item),
		    strerror(-ret));
		goto out;
	}
	if (!url && !sendmail) {
		sendmail = kj_get_bool(opt, "sendmail", false);
		url = kj_get_str(opt, "smtp_url");
	}
	if (!url && !sendmail)
		url = kbug_config_get("smtp", "url");
	if (!url && !sendmail)
		sendmail = kbug_config_get_bool("sendmail", "use", false);
	if (!url && !sendmail) {
		static const char none[] =
			"no way to send mail: give --smtp-url smtps://HOST or --sendmail, or set one up with 'kbug setup'";

		ERR("%s", none);
		kbug_outbox_set_state(item, KBUG_STATE_FAILED, none);
		ret = -EAGAIN;
		goto out;
	}
	ret = kbug_outbox_set_state(item, KBUG_STATE_SENDING, NULL);
	if (ret)
		goto out;
	if (sendmail) {
		const char *path = o->sendmail_path ?: kbug_config_get_trusted("sendmail", "path");

		path = path ?: "/usr/sbin/sendmail";
		strbuf_addf(&via, "%s", path);
		sendmail_bcc(kj_path(st, "envelope.bcc"), &msg);
		ret = kbug_sendmail_send(path, msg.buf, msg.len, &why);
	} else {
		strbuf_addstr(&via, url);
		ret = email_send_smtp(item, o, url, msg.buf, msg.len, &why);
	}
	ret = email_outcome(item, ret, via.buf, why.buf);
out:
	if (msg.alloc)
		explicit_bzero(msg.buf, msg.len);
	strbuf_release(&msg);
	strbuf_release(&why);
	strbuf_release(&via);
	return ret;
}

/* Split an address-list header value at commas outside quotes and <>. */
static int split_addresses(const char *v, struct json_object *rc, struct strbuf *from)
{
	struct strbuf one = STRBUF_INIT, name = STRBUF_INIT, addr = STRBUF_INIT;
	bool quoted = false, angle = false;
	int n = 0, ret = 0;

	for (;; v++) {
		if (*v == '"' && (one.len == 0 || one.buf[one.len - 1] != '\\'))
			quoted = !quoted;
		else if (*v == '<' && !quoted)
			angle = true;
		else if (*v == '>' && !quoted)
			angle = false;
		if (!*v || (*v == ',' && !quoted && !angle)) {
			strbuf_trim(&one);
			if (one.len) {
				if (kbug_mime_parse_address(one.buf, &name, &addr)) {
					ERR("'%s' is not an email address", one.buf);
					ret = -EINVAL;
					break;
				}
				if (from)
					strbuf_addstr(from, addr.buf);
				else
					kj_append_str(rc, addr.buf);
				n++;
			}
			strbuf_reset(&one);
			if (!*v)
				break;
			continue;
		}
		strbuf_addch(&one, *v);
	}
	strbuf_release(&one);
	strbuf_release(&name);
	strbuf_release(&addr);
	return ret ? ret : n;
}

static bool has_8bit(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return true;
	return false;
}

/*
 * The edited message's header block, as sendmail -t reads it: Bcc
 * fields are taken out (their addresses to bcc), a Subject the user
 * wrote in UTF-8 is encoded again (RFC 2047); the rest is copied. Returns
 * whether anything changed, or -EINVAL for a Bcc that is no address.
 */
static int edited_headers(const char *msg, struct strbuf *out, struct json_object *bcc)
{
	struct strbuf v = STRBUF_INIT;
	const char *p = msg;
	int changed = 0;

	while (*p && *p != '\n') {
		const char *e = p;

		/* one field: its line and the folded ones after it */
		do {
			e = strchr(e, '\n');
			e = e ? e + 1 : p + strlen(p);
		} while (*e == ' ' || *e == '\t');
		if (!strncasecmp(p, "Bcc:", 4)) {
			kbug_mime_get_header(p, "Bcc", &v);
			if (split_addresses(v.buf, bcc, NULL) < 0) {
				changed = -EINVAL;
				break;
			}
			changed = 1;
		} else if (!strncasecmp(p, "Subject:", 8) && has_8bit(p, (size_t)(e - p))) {
			kbug_mime_get_header(p, "Subject", &v);
			kbug_mime_header(out, "Subject", v.buf);
			changed = 1;
		} else {
			strbuf_add(out, p, (size_t)(e - p));
		}
		p = e;
	}
	strbuf_addstr(out, p);
	strbuf_release(&v);
	return changed;
}

int kbug_email_refresh(struct kbug_outbox_item *item)
{
	struct json_object *st = kbug_outbox_state(item), *env, *rc, *bcc;
	struct strbuf msg = STRBUF_INIT, v = STRBUF_INIT, from = STRBUF_INIT;
	struct strbuf ed = STRBUF_INIT;
	size_t i;
	int ret, n = 0;

	ret = kbug_outbox_read(item, "message.eml", &msg);
	if (ret)
		goto out;
	bcc = json_object_new_array();
	ret = edited_headers(msg.buf, &ed, bcc);
	if (ret < 0) {
		json_object_put(bcc);
		goto out;
	}
	rc = json_object_new_array();
	if (!kbug_mime_get_header(ed.buf, "To", &v))
		n += split_addresses(v.buf, rc, NULL);
	if (!kbug_mime_get_header(ed.buf, "Cc", &v))
		n += split_addresses(v.buf, rc, NULL);
	for (i = 0; i < json_object_array_length(bcc); i++)
		kj_append_str(rc, json_object_get_string(json_object_array_get_idx(bcc, i)));
	if (kbug_mime_get_header(ed.buf, "From", &v) || split_addresses(v.buf, NULL, &from) != 1 ||
	    n < 0 || json_object_array_length(rc) == 0 ||
	    json_object_array_length(rc) > EMAIL_MAX_RCPT) {
		ERR("the edited message needs one From address and at least one To, Cc or Bcc address");
		json_object_put(rc);
		json_object_put(bcc);
		ret = -EINVAL;
		goto out;
	}
	/* the Bcc leaves the headers before anything is sent */
	if (ret)
		ret = kbug_outbox_write(item, "message.eml", ed.buf, ed.len);
	if (ret) {
		json_object_put(rc);
		json_object_put(bcc);
		goto out;
	}
	env = json_object_new_object();
	kj_set_str(env, "from", from.buf);
	kj_set(env, "rcpt", rc);
	if (json_object_array_length(bcc))
		kj_set(env, "bcc", bcc);
	else
		json_object_put(bcc);
	json_object_object_del(st, "envelope");
	kj_set(st, "envelope", env);
	if (!kbug_mime_get_header(ed.buf, "Message-ID", &v)) {
		json_object_object_del(st, "message_id");
		kj_set_str(st, "message_id", v.buf);
	}
	/* the subject as the user wrote it */
	if (!kbug_mime_get_header(msg.buf, "Subject", &v)) {
		json_object_object_del(st, "subject");
		kj_set_str(st, "subject", v.buf);
	}
	ret = kbug_outbox_save_state(item);
out:
	strbuf_release(&msg);
	strbuf_release(&v);
	strbuf_release(&from);
	strbuf_release(&ed);
	return ret;
}

/* The message as it will be sent, or as one mbox entry (git send-email, mutt -H). */
static int email_preview(struct kbug_outbox_item *item, FILE *f, unsigned int flags)
{
	struct strbuf msg = STRBUF_INIT, mbox = STRBUF_INIT, from = STRBUF_INIT;
	struct strbuf nm = STRBUF_INIT, ad = STRBUF_INIT;
	int ret = kbug_outbox_read(item, "message.eml", &msg);

	if (ret)
		goto out;
	if (flags & KBUG_PREVIEW_MBOX) {
		kbug_mime_get_header(msg.buf, "From", &from);
		kbug_mime_parse_address(from.buf, &nm, &ad);
		kbug_mbox_append(&mbox, msg.buf, msg.len, ad.buf);
		fwrite(mbox.buf, 1, mbox.len, f);
		ret = 1;
	} else {
		fwrite(msg.buf, 1, msg.len, f);
	}
out:
	strbuf_release(&msg);
	strbuf_release(&mbox);
	strbuf_release(&from);
	strbuf_release(&nm);
	strbuf_release(&ad);
	return ret;
}

const struct kbug_channel kbug_channel_email = {
	.name = "email",
	.accepts = email_accepts,
	.prepare = email_prepare,
	.preview = email_preview,
	.send = email_send,
	.text = "email",
};
