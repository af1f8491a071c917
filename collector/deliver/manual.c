// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Destinations kbug cannot file into by itself: an issue tracker on
 * GitHub or GitLab (a prefilled new-issue URL) and a web page (the draft,
 * to paste). prepare() saves the body in the outbox item; send() only
 * records that the item now waits for the user ("manual").
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/template.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

#define URL_BODY_MAX 6000	/* browsers and forges cut long URLs */

static void url_escape(struct strbuf *out, const char *s, size_t max)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t start = out->len;

	for (; *s && out->len - start < max; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~", c)) {
			strbuf_addch(out, (char)c);
		} else {
			strbuf_addch(out, '%');
			strbuf_addch(out, hex[c >> 4]);
			strbuf_addch(out, hex[c & 15]);
		}
	}
}

/* A new-issue URL for a GitHub or GitLab project URL; 0 or -ENOENT. */
static int new_issue_url(const char *tracker, const char *title, const char *body,
			 struct strbuf *out)
{
	struct strbuf base = STRBUF_INIT;
	bool github = !strncasecmp(tracker, "https://github.com/", 19);
	bool gitlab = !!strcasestr(tracker, "gitlab");
	char *p;

	if (strcasestr(tracker, "launchpad.net/")) {
		/*
		 * Launchpad's +filebug form takes field.title from the query
		 * (lib/lp/bugs/browser/bugtarget.py); the description is pasted
		 */
		strbuf_reset(out);
		strbuf_addstr(out, tracker);
		if (!strstr(tracker, "+filebug"))
			strbuf_addstr(out, out->len && out->buf[out->len - 1] == '/' ? "+filebug" :
				      "/+filebug");
		strbuf_addstr(out, "?field.title=");
		url_escape(out, title, 1000);
		return 0;
	}
	if (!github && !gitlab)
		return -ENOENT;
	strbuf_addstr(&base, tracker);
	p = strstr(base.buf, "/issues");
	if (p)
		strbuf_setlen(&base, (size_t)(p - base.buf));
	while (base.len && base.buf[base.len - 1] == '/')
		strbuf_setlen(&base, base.len - 1);
	if (gitlab && base.len > 2 && !strcmp(base.buf + base.len - 2, "/-"))
		strbuf_setlen(&base, base.len - 2);
	strbuf_reset(out);
	if (github) {
		strbuf_addf(out, "%s/issues/new?title=", base.buf);
		url_escape(out, title, 1000);
		strbuf_addstr(out, "&body=");
	} else {
		strbuf_addf(out, "%s/-/issues/new?issue%%5Btitle%%5D=", base.buf);
		url_escape(out, title, 1000);
		strbuf_addstr(out, "&issue%5Bdescription%5D=");
	}
	url_escape(out, body, URL_BODY_MAX);
	strbuf_release(&base);
	return 0;
}

static int manual_prepare(struct kbug_report *r, struct kbug_outbox_item *item,
			  const struct kbug_deliver_opts *o)
{
	struct json_object *dest = kj_path(r->root, "route.destination");
	struct json_object *st = kbug_outbox_state(item);
	struct strbuf body = STRBUF_INIT, url = STRBUF_INIT;
	const char *where = kj_get_str(dest, "url") ?: kj_get_str(dest, "b_entry");
	int ret;

	ret = kbug_draft_render(r, "issue", &body);
	if (ret)
		goto out;
	ret = kbug_outbox_write(item, "body.md", body.buf, body.len);
	if (ret)
		goto out;
	kj_set_str(st, "subject", kbug_draft_title(r));
	kj_set_str(st, "destination_url", where);
	{
		/* the files to attach by hand: deliver.c saved them as attachment-NAME */
		struct json_object *att = json_object_new_array();
		size_t i;

		for (i = 0; i < r->att_nr; i++)
			kj_append_str(att, r->att[i].name);
		json_object_object_del(st, "attach");
		kj_set(st, "attach", att);
	}
	if (where && !new_issue_url(where, kbug_draft_title(r), body.buf, &url))
		kj_set_str(st, "url", url.buf);
	else
		kj_set_str(st, "url", where);
	ret = kbug_outbox_save_state(item);
out:
	strbuf_release(&body);
	strbuf_release(&url);
	return ret;
}

static int manual_send(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o)
{
	return kbug_outbox_set_state(item, KBUG_STATE_MANUAL,
				     "kbug cannot file here itself: open the URL and submit the saved body.md");
}

/* Where to file it by hand, and the body to paste there. */
static int manual_preview(struct kbug_outbox_item *item, FILE *f, unsigned int flags)
{
	struct strbuf body = STRBUF_INIT;
	const char *url = kj_get_str(kbug_outbox_state(item), "url");
	int ret = kbug_outbox_read(item, "body.md", &body);

	(void)flags;
	if (!ret) {
		struct json_object *att = kj_get(kbug_outbox_state(item), "attach");
		size_t i, n = att && json_object_is_type(att, json_type_array) ?
			      json_object_array_length(att) : 0;

		if (url)
			fprintf(f, "File it at: %s\n", url);
		for (i = 0; i < n; i++)
			fprintf(f, "%s %s/attachment-%s\n", i ? "           " : "Attach:    ",
				kbug_outbox_item_path(item),
				json_object_get_string(json_object_array_get_idx(att, i)));
		if (url || n)
			fputc('\n', f);
		fwrite(body.buf, 1, body.len, f);
	}
	strbuf_release(&body);
	return ret;
}

static bool issue_accepts(const char *kind)
{
	return kind && !strcmp(kind, "issue-tracker");
}

static bool web_accepts(const char *kind)
{
	return kind && !strcmp(kind, "web");
}

const struct kbug_channel kbug_channel_issue_tracker = {
	.name = "issue-tracker",
	.text = "issue",
	.accepts = issue_accepts,
	.prepare = manual_prepare,
	.preview = manual_preview,
	.send = manual_send,
};

const struct kbug_channel kbug_channel_web = {
	.name = "web",
	.text = "issue",
	.accepts = web_accepts,
	.prepare = manual_prepare,
	.preview = manual_preview,
	.send = manual_send,
};
