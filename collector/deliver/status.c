// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What happened to a delivered report since (deliver/status.h): the bug
 * over Bugzilla REST (GET /rest/bug/ID, /rest/bug/ID/comment), the mail's
 * thread on a public-inbox (INBOX/MSGID/t.mbox.gz). Asked for, never
 * polled; what was seen is kept in the item's state.json.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/report.h"
#include "deliver/bugzilla.h"
#include "deliver/bugzilla-comment.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/public-inbox.h"
#include "deliver/status.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

#define STATUS_DEFAULT_INBOX "https://lore.kernel.org/all"

/*
 * A "Closes:" or "Link:" line naming the report (needle), as the kernel's
 * commit trailers name a report (Documentation/process/submitting-patches.rst,
 * "Using Reported-by:, Tested-by:... and Closes:"); copied into out.
 */
static bool fix_line(const char *text, const char *needle, struct strbuf *out)
{
	const char *p = text, *nl, *s;

	while (p && *p) {
		nl = strchr(p, '\n');
		s = p;
		while (*s == ' ' || *s == '\t')
			s++;
		if ((!strncasecmp(s, "closes:", 7) || !strncasecmp(s, "link:", 5))) {
			size_t len = nl ? (size_t)(nl - s) : strlen(s);
			char *line = strndup(s, len);

			if (line && strstr(line, needle)) {
				strbuf_addstr(out, line);
				free(line);
				return true;
			}
			free(line);
		}
		p = nl ? nl + 1 : NULL;
	}
	return false;
}

static struct json_object *who_what(const char *who, const char *when, const char *subject)
{
	struct json_object *o = json_object_new_object();

	kj_set_str(o, "who", who ?: "");
	if (when)
		kj_set_str(o, "when", when);
	if (subject)
		kj_set_str(o, "subject", subject);
	return o;
}

static int status_bug(struct json_object *st, const struct kbug_deliver_opts *o,
		      struct json_object *s)
{
	const char *url = kj_get_str(st, "url");
	struct json_object *bug = NULL, *comments = NULL, *b, *last = NULL;
	struct strbuf base = STRBUF_INIT, path = STRBUF_INIT, line = STRBUF_INIT;
	struct kbug_bz *bz = NULL;
	char msg[320];
	long id;
	size_t i, n, after = 0;
	int ret = -EIO;

	if (!url || kbug_bz_parse_bug_url(url, &base, &id, msg, sizeof(msg))) {
		ERR("the item records no bug URL: %s", url ? msg : "none");
		goto out;
	}
	kj_set_str(s, "kind", "bug");
	kj_set_str(s, "where", url);
	if (kbug_bugzilla_connect(base.buf, o, false, &bz))
		goto out;
	strbuf_addf(&path, "/bug/%ld", id);
	if (kbug_bz_call(bz, "GET", path.buf, NULL, NULL, &bug) ||
	    kbug_bz_comments(bz, id, &comments)) {
		ERR("bug %ld: %s", id, kbug_bz_error(bz));
		goto out;
	}
	b = json_object_array_get_idx(kj_get(bug, "bugs"), 0);
	kj_set_str(s, "status", kj_get_str(b, "status") ?: "?");
	kj_set_str(s, "resolution", kj_get_str(b, "resolution") ?: "");
	n = json_object_array_length(comments);
	kj_set(s, "fix", NULL);
	for (i = 0; i < n; i++) {
		struct json_object *c = json_object_array_get_idx(comments, i);
		const char *text = kj_get_str(c, "text") ?: "";

		/*
		 * comment 0 is the report itself (Bugzilla: the bug's description);
		 * one with an attachment_id is the line Bugzilla writes for each
		 * attachment (kbug's own files among them): not news
		 */
		if (kj_get_int(c, "count", (int64_t)i) == 0 || kj_get_int(c, "attachment_id", 0))
			continue;
		after++;
		last = c;
		strbuf_reset(&line);
		if (fix_line(text, url, &line)) {
			struct json_object *f = who_what(kj_get_str(c, "creator"),
							 kj_get_str(c, "creation_time"), NULL);

			kj_set_str(f, "line", line.buf);
			kj_set(s, "fix", f);
		}
	}
	kj_set_int(s, "comments", (int64_t)after);
	if (last)
		kj_set(s, "last", who_what(kj_get_str(last, "creator"),
					   kj_get_str(last, "creation_time"), NULL));
	ret = 0;
out:
	json_object_put(bug);
	json_object_put(comments);
	kbug_bz_free(bz);
	strbuf_release(&base);
	strbuf_release(&path);
	strbuf_release(&line);
	return ret;
}

static int status_mail(struct json_object *st, const struct kbug_deliver_opts *o,
		       const char *inbox, struct json_object *s)
{
	const char *mid = kj_get_str(st, "message_id");
	struct strbuf id = STRBUF_INIT, why = STRBUF_INIT, line = STRBUF_INIT, where = STRBUF_INIT;
	struct kbug_pi_thread t = { 0 };
	const struct kbug_pi_msg *last = NULL;
	size_t i, replies = 0;
	int ret;

	if (!mid || *mid != '<' || strlen(mid) < 3) {
		ERR("the item records no Message-ID");
		return -EIO;
	}
	strbuf_add(&id, mid + 1, strlen(mid) - 2);
	inbox = kj_get_str(st, "inbox") ?: inbox ?: STATUS_DEFAULT_INBOX;
	strbuf_addf(&where, "%s/%s/", inbox, id.buf);
	kj_set_str(s, "kind", "mail");
	kj_set_str(s, "where", where.buf);
	ret = kbug_pi_thread_get(inbox, id.buf, o->timeout_s, &t, &why);
	if (ret == -ENOENT) {	/* not archived (yet): no list saw it, or not there */
		kj_set_str(s, "status", "not in the archive");
		kj_set_int(s, "replies", 0);
		kj_set(s, "fix", NULL);
		ret = 0;
		goto out;
	}
	if (ret) {
		ERR("%s", why.buf);
		ret = -EIO;
		goto out;
	}
	kj_set_str(s, "status", "archived");
	kj_set(s, "fix", NULL);
	for (i = 0; i < t.n; i++) {
		const struct kbug_pi_msg *m = &t.m[i];

		if (m->message_id && !strcmp(m->message_id, id.buf))
			continue;
		replies++;
		if (!last || m->when >= last->when)
			last = m;
		strbuf_reset(&line);
		if (fix_line(m->body ?: "", id.buf, &line)) {
			struct json_object *f = who_what(m->from, m->date, m->subject);

			kj_set_str(f, "line", line.buf);
			kj_set(s, "fix", f);
		}
	}
	kj_set_int(s, "replies", (int64_t)replies);
	if (last)
		kj_set(s, "last", who_what(last->from, last->date, last->subject));
out:
	kbug_pi_thread_free(&t);
	strbuf_release(&id);
	strbuf_release(&why);
	strbuf_release(&line);
	strbuf_release(&where);
	return ret;
}

int kbug_status_item(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o,
		     const char *inbox, struct json_object **out)
{
	struct json_object *st = kbug_outbox_state(item), *s, *prev;
	const char *ch = kbug_outbox_item_channel(item) ?: "";
	char stamp[KBUG_UTC_STAMP_LEN];
	const char *count;
	int ret;

	*out = NULL;
	if (kbug_outbox_get_state(item) != KBUG_STATE_SENT) {
		ERR("'%s' is not delivered: nothing happened to it yet", kbug_outbox_item_id(item));
		return -ENOENT;
	}
	s = json_object_new_object();
	kj_set_str(s, "id", kbug_outbox_item_id(item));
	kj_set_str(s, "channel", ch);
	if (!strcmp(ch, "bugzilla") || !strcmp(ch, "bugzilla-followup") ||
	    (kj_get_str(st, "bug_id") && !kj_get_str(st, "message_id"))) {
		ret = status_bug(st, o, s);
		count = "comments";
	} else {
		ret = status_mail(st, o, inbox, s);
		count = "replies";
	}
	if (ret) {
		json_object_put(s);
		return ret;
	}
	/* new: since the last look (none yet: all of them) */
	prev = kj_get(st, "status");
	kj_set_int(s, "new", kj_get_int(s, count, 0) - (prev ? kj_get_int(prev, count, 0) : 0));
	kbug_utc_stamp((long long)time(NULL), stamp);
	kj_set_str(s, "checked", stamp);
	kj_set(st, "status", json_object_get(s));
	if (kbug_outbox_save_state(item))
		WARN("could not keep the status in '%s'", kbug_outbox_item_id(item));
	*out = s;
	return 0;
}

void kbug_status_print(FILE *f, struct json_object *s)
{
	const char *kind = kj_get_str(s, "kind") ?: "";
	struct json_object *fix = kj_get(s, "fix"), *last = kj_get(s, "last");
	bool bug = !strcmp(kind, "bug");
	int64_t n = kj_get_int(s, bug ? "comments" : "replies", 0);

	fprintf(f, "%s  %s %s%s%s, %lld %s%s (%lld new)", kj_get_str(s, "id") ?: "?",
		bug ? "bug" : "mail", kj_get_str(s, "status") ?: "?",
		bug && *(kj_get_str(s, "resolution") ?: "") ? " " : "",
		bug ? kj_get_str(s, "resolution") ?: "" : "", (long long)n,
		bug ? "comment" : "repl", bug ? (n == 1 ? "" : "s") : (n == 1 ? "y" : "ies"),
		(long long)kj_get_int(s, "new", 0));
	if (last)
		fprintf(f, ", last by %s", kj_get_str(last, "who") ?: "?");
	if (fix)
		fprintf(f, "; fix: %s", kj_get_str(fix, "line") ?: "");
	fprintf(f, "\n    %s\n", kj_get_str(s, "where") ?: "");
}

void kbug_status_outbox_line(FILE *f, struct kbug_outbox_item *item)
{
	struct json_object *s = kj_get(kbug_outbox_state(item), "status");

	if (!s)
		return;
	fprintf(f, "    status (%s): ", kj_get_str(s, "checked") ?: "?");
	kbug_status_print(f, s);
}
