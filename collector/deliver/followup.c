// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The "bugzilla-followup" channel: the answer to a triager's request
 * (docs/request-format.md) on the bug that asked, as one attachment per
 * fact and one comment that cites the request. Never picked by a route:
 * `kbug followup` names it, and `kbug outbox --retry` finds it by name.
 *
 * Retry-safe: the state records each attachment and the comment the
 * moment the server gives their ids, and before posting one that is not
 * recorded, send() looks on the bug for it (an attachment of that name
 * whose description names the request; a comment holding the answer
 * line), so a reply lost on the way never makes it post twice.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/report.h"
#include "core/settings.h"
#include "deliver/bugzilla.h"
#include "deliver/bugzilla-comment.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

/*
 * prepare(): the report's "followup" section (cmd-followup.c) says where
 * and what: {"base", "bug", "url", "request_id", "comment",
 * "files": [{"name", "summary", "content_type"}]}; each file is one of
 * the report's attachments, written by kbug_deliver() as attachment-NAME.
 */
static int fu_prepare(struct kbug_report *r, struct kbug_outbox_item *item,
		      const struct kbug_deliver_opts *o)
{
	struct json_object *fu = kbug_report_get(r, "followup"), *files;
	const char *s;
	size_t i, n;
	int ret;

	files = kj_get(fu, "files");
	if (!fu || !kj_get_str(fu, "base") || kj_get_int(fu, "bug", 0) <= 0 ||
	    !kj_get_str(fu, "request_id") || !kj_get_str(fu, "comment") || !files ||
	    !json_object_is_type(files, json_type_array)) {
		ERR("the follow-up has no bug, request or files to send");
		return -EINVAL;
	}
	n = json_object_array_length(files);
	for (i = 0; i < n; i++) {
		const char *name = kj_get_str(json_object_array_get_idx(files, i), "name");

		if (!name || !kbug_report_attachment(r, name)) {
			ERR("the follow-up names a file it did not collect: %s", name ?: "?");
			return -EINVAL;
		}
	}
	s = json_object_to_json_string_ext(fu, JSON_C_TO_STRING_PRETTY |
					   JSON_C_TO_STRING_NOSLASHESCAPE);
	ret = kbug_outbox_write(item, "request.json", s, strlen(s));
	if (!ret)
		ret = kbug_outbox_record(item, "url", kj_get_str(fu, "url"));
	return ret;
}

static struct json_object *load_request(struct kbug_outbox_item *item)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_object *req = NULL;

	if (!kbug_outbox_read(item, "request.json", &sb))
		req = json_tokener_parse(sb.buf);
	strbuf_release(&sb);
	if (req && !json_object_is_type(req, json_type_object)) {
		json_object_put(req);
		req = NULL;
	}
	if (!req)
		ERR("outbox item %s: no readable request.json", kbug_outbox_item_id(item));
	return req;
}

static int fu_preview(struct kbug_outbox_item *item, FILE *f, unsigned int flags)
{
	struct json_object *req = load_request(item), *files;
	struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;
	size_t i, n;

	if (!req)
		return -EINVAL;
	files = kj_get(req, "files");
	fprintf(f, "To: %s (a comment; attachments: %zu)\n\n", kj_get_str(req, "url") ?: "?",
		files ? json_object_array_length(files) : 0);
	fprintf(f, "%s\n", kj_get_str(req, "comment") ?: "");
	n = files ? json_object_array_length(files) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *a = json_object_array_get_idx(files, i);
		const char *name = kj_get_str(a, "name");

		strbuf_reset(&sb);
		strbuf_addf(&path, "attachment-%s", name);
		kbug_outbox_read(item, path.buf, &sb);
		strbuf_reset(&path);
		fprintf(f, "--- attachment %s (%s, %zu bytes): %s\n", name,
			kj_get_str(a, "content_type") ?: "text/plain", sb.len,
			kj_get_str(a, "summary") ?: "");
		fwrite(sb.buf, 1, sb.len > 2000 ? 2000 : sb.len, f);
		if (sb.len > 2000)
			fprintf(f, "\n[... %zu more bytes]\n", sb.len - 2000);
		else if (!sb.len || sb.buf[sb.len - 1] != '\n')
			fputc('\n', f);
	}
	strbuf_release(&sb);
	strbuf_release(&path);
	json_object_put(req);
	return 0;
}

/* One failure of send(): recorded, said, and -EAGAIN (a retry looks before it posts). */
static int fu_failed(struct kbug_outbox_item *item, struct kbug_bz *bz, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s: %s", what, bz ? kbug_bz_error(bz) : "cannot connect");
	ERR("%s", sb.buf);
	kbug_outbox_set_state(item, KBUG_STATE_FAILED, sb.buf);
	strbuf_release(&sb);
	return -EAGAIN;
}

/* Made by us: by the key's owner when the server told who that is (else anyone). */
static bool ours(struct json_object *o, const char *login)
{
	const char *by = kj_get_str(o, "creator");

	return !login || !*login || (by && !strcmp(by, login));
}

/* An attachment of ours already on the bug for this file and request (a lost reply), or 0. */
static long find_attachment(struct json_object *atts, const char *name, const char *rid,
			    const char *login)
{
	size_t i, n = atts ? json_object_array_length(atts) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *a = json_object_array_get_idx(atts, i);
		const char *fn = kj_get_str(a, "file_name"), *sum = kj_get_str(a, "summary");

		if (fn && sum && !strcmp(fn, name) && strstr(sum, rid) && ours(a, login))
			return (long)kj_get_int(a, "id", 0);
	}
	return 0;
}

/* A comment of ours already on the bug holding the answer line, or 0. */
static long find_comment(struct json_object *comments, const char *line, const char *login)
{
	size_t i, n = comments ? json_object_array_length(comments) : 0, len = strlen(line);

	for (i = 0; i < n; i++) {
		struct json_object *c = json_object_array_get_idx(comments, i);
		const char *t = ours(c, login) ? kj_get_str(c, "text") : NULL, *p;

		for (p = t; p && (p = strstr(p, line)); p += len)
			if ((p == t || p[-1] == '\n') && (p[len] == '\n' || !p[len]))
				return (long)kj_get_int(c, "id", 1);
	}
	return 0;
}

static int fu_send(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o)
{
	struct json_object *req = load_request(item), *st, *att, *files, *atts = NULL;
	struct json_object *comments = NULL;
	struct strbuf sb = STRBUF_INIT, line = STRBUF_INIT, path = STRBUF_INIT;
	struct strbuf login = STRBUF_INIT;
	struct kbug_bz *bz = NULL;
	const char *rid, *base;
	long bug, id, uid;
	size_t i, n;
	int ret = -EINVAL;

	if (!req)
		return -EINVAL;
	base = kj_get_str(req, "base");
	rid = kj_get_str(req, "request_id");
	bug = (long)kj_get_int(req, "bug", 0);
	files = kj_get(req, "files");
	if (!base || !rid || bug <= 0 || !files) {
		ERR("outbox item %s: request.json lacks the bug or the request",
		    kbug_outbox_item_id(item));
		goto out;
	}
	st = kj_get(kbug_outbox_state(item), "followup");
	if (!st) {
		st = json_object_new_object();
		kj_set(kbug_outbox_state(item), "followup", st);
	}
	att = kj_get(st, "attachments");
	if (!att) {
		att = json_object_new_object();
		kj_set(st, "attachments", att);
	}
	if (o->dry_run) {
		INFO("dry run: nothing posted on bug %ld", bug);
		ret = 0;
		goto out;
	}
	ret = kbug_outbox_set_state(item, KBUG_STATE_SENDING, NULL);
	if (ret)
		goto out;
	if (kbug_bugzilla_connect(base, o, true, &bz)) {
		ret = fu_failed(item, NULL, "connecting to the bug's Bugzilla");
		goto out;
	}
	/* who we are: a part someone else posted with our request's id is not ours */
	if (kbug_bz_whoami(bz, kbug_config_get("identity", "email"), &login, &uid, NULL)) {
		ret = fu_failed(item, bz, "checking the API key");
		goto out;
	}
	n = json_object_array_length(files);
	for (i = 0; i < n; i++) {
		struct json_object *f = json_object_array_get_idx(files, i);
		const char *name = kj_get_str(f, "name"), *sum = kj_get_str(f, "summary");

		if (!name || !sum || kj_get(att, name))
			continue;
		if (!atts && kbug_bz_attachments(bz, bug, &atts)) {
			ret = fu_failed(item, bz, "reading the bug's attachments");
			goto out;
		}
		id = find_attachment(atts, name, rid, login.buf);
		if (!id) {
			strbuf_reset(&sb);
			strbuf_reset(&path);
			strbuf_addf(&path, "attachment-%s", name);
			if (kbug_outbox_read(item, path.buf, &sb)) {
				ERR("outbox item %s: %s is missing", kbug_outbox_item_id(item),
				    path.buf);
				ret = -EINVAL;
				goto out;
			}
			if (kbug_bz_attach(bz, bug, name, sum,
					   kj_get_str(f, "content_type") ?: "text/plain", sb.buf,
					   sb.len, NULL, &id)) {
				ret = fu_failed(item, bz, "attaching the answer");
				goto out;
			}
		} else {
			INFO("%s is already on bug %ld (attachment %ld): not posted again", name,
			     bug, id);
		}
		kj_set_int(att, name, id);
		kbug_outbox_save_state(item);
	}
	if (!kj_get(st, "comment_id")) {
		strbuf_addf(&line, "kbug-answer: v1 id=%s", rid);
		if (kbug_bz_comments(bz, bug, &comments)) {
			ret = fu_failed(item, bz, "reading the bug's comments");
			goto out;
		}
		id = find_comment(comments, line.buf, login.buf);
		if (id) {
			INFO("the answer is already on bug %ld: not posted again", bug);
		} else if (kbug_bz_comment(bz, bug, kj_get_str(req, "comment"), &id)) {
			ret = fu_failed(item, bz, "posting the answer");
			goto out;
		}
		kj_set_int(st, "comment_id", id);
		kbug_outbox_save_state(item);
	}
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%ld", bug);
	kbug_outbox_record(item, "bug_id", sb.buf);
	ret = kbug_outbox_mark_sent(item);
out:
	json_object_put(atts);
	json_object_put(comments);
	json_object_put(req);
	kbug_bz_free(bz);
	strbuf_release(&sb);
	strbuf_release(&line);
	strbuf_release(&path);
	strbuf_release(&login);
	return ret;
}

const struct kbug_channel kbug_channel_followup = {
	.name = "bugzilla-followup",
	.prepare = fu_prepare,
	.preview = fu_preview,
	.send = fu_send,
};
