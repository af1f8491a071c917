// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The delivery stage (deliver.h: kbug_deliver): the one sequence from a
 * routed, drafted report to a delivered outbox item, for `kbug report`,
 * `kbug outbox --retry` and `kbug bugzilla file`.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/template.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

#define CHOICE_ROUNDS 8
#define REVIEW_ROUNDS 50
#define TEXT_MAX (256 * 1024)

int kbug_deliver_item(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o)
{
	const char *name = kbug_outbox_item_channel(item);
	const struct kbug_channel *c = kbug_channel_find(name);

	if (!c) {
		ERR("outbox item '%s' is for the channel '%s', which this kbug does not have",
		    kbug_outbox_item_id(item), name ? name : "(none)");
		return -ENOSYS;
	}
	return c->send(item, o);
}

/* report.json and the attachments, as "attachment-NAME". */
static int write_item(struct kbug_report *r, struct kbug_outbox_item *it)
{
	char *json = kbug_report_to_json(r, true, true);
	size_t i;
	int ret;

	if (!json)
		return -ENOMEM;
	ret = kbug_outbox_write(it, "report.json", json, strlen(json));
	free(json);
	for (i = 0; !ret && i < r->att_nr; i++) {
		struct strbuf n = STRBUF_INIT;
		const char *s;

		strbuf_addstr(&n, "attachment-");
		for (s = r->att[i].name; *s && n.len < 100; s++) {
			bool ok = isalnum((unsigned char)*s) || strchr("._-", *s);

			strbuf_addch(&n, ok ? *s : '_');
		}
		ret = kbug_outbox_write(it, n.buf, r->att[i].data, r->att[i].len);
		strbuf_release(&n);
	}
	return ret;
}

/*
 * After a channel call: KBUG_DELIVER_CHOICE is answered through
 * d->choose, and 1 says "call again"; else the result stays as it is.
 */
static int answered(struct kbug_delivery *d, struct kbug_choice *ch, int *ret, int round)
{
	if (*ret != KBUG_DELIVER_CHOICE)
		return 0;
	if (!d->choose || round >= CHOICE_ROUNDS || d->choose(ch, d->data)) {
		*ret = -ECANCELED;
		return 0;
	}
	ch->asked |= 1u << ch->kind;
	return 1;
}

static int send_item(const struct kbug_channel *c, struct kbug_outbox_item *it,
		     const struct kbug_deliver_opts *o, struct kbug_delivery *d)
{
	struct kbug_choice choice = { .kind = KBUG_CHOICE_NONE };
	struct kbug_deliver_opts oo = *o;
	int ret, round = 0;

	oo.choice = d->choose ? &choice : NULL;
	d->attempted = true;
	do
		ret = c->send(it, &oo);
	while (answered(d, &choice, &ret, ++round));
	return ret;
}

static int prepare_item(const struct kbug_channel *c, struct kbug_report *r,
			struct kbug_outbox_item *it, struct kbug_deliver_opts *oo,
			struct kbug_delivery *d, struct kbug_choice *choice)
{
	int ret, round = 0;

	oo->choice = d->choose ? choice : NULL;
	ret = write_item(r, it);
	if (!ret) {
		do
			ret = c->prepare(r, it, oo);
		while (answered(d, choice, &ret, ++round));
	}
	/* what the user answered stands for send() too */
	if (choice->asked & (1u << KBUG_CHOICE_PRODUCT))
		oo->product = choice->product;
	if (choice->asked & (1u << KBUG_CHOICE_COMPONENT))
		oo->component = choice->component;
	return ret;
}

/* text.txt: the subject, a blank line, the words the review lets the user edit */
static int write_text(const struct kbug_channel *c, struct kbug_report *r,
		      struct kbug_outbox_item *it)
{
	struct strbuf t = STRBUF_INIT;
	int ret;

	if (!c->text)
		return 0;
	strbuf_addf(&t, "Subject: %s\n\n", kbug_draft_title(r));
	ret = kbug_draft_render(r, c->text, &t);
	if (!ret)
		ret = kbug_outbox_write(it, "text.txt", t.buf, t.len);
	strbuf_release(&t);
	return ret;
}

/*
 * The user edited text.txt: its subject and body become the draft's
 * "summary" and "body", and the item is prepared again from them.
 */
static int redraft(const struct kbug_channel *c, struct kbug_report *r,
		   struct kbug_deliver_opts *oo, struct kbug_delivery *d,
		   struct kbug_choice *choice)
{
	struct json_object *draft = kbug_report_get(r, "draft");
	struct strbuf t = STRBUF_INIT, subj = STRBUF_INIT;
	const char *p;
	int ret = kbug_outbox_read(d->item, "text.txt", &t);

	if (ret) {
		ERR("cannot read the edited text of '%s': %s", kbug_outbox_item_id(d->item),
		    strerror(-ret));
		goto out;
	}
	if (t.len > TEXT_MAX) {
		ERR("the edited text of '%s' is larger than %d KiB", kbug_outbox_item_id(d->item),
		    TEXT_MAX / 1024);
		ret = -EFBIG;
		goto out;
	}
	p = t.buf;
	if (!strncasecmp(p, "Subject:", 8)) {
		const char *nl = strchr(p, '\n');

		strbuf_add(&subj, p + 8, nl ? (size_t)(nl - p - 8) : strlen(p + 8));
		strbuf_trim(&subj);
		p = nl ? nl + 1 : p + strlen(p);
	}
	while (*p == '\n')
		p++;
	if (subj.len)
		kj_set_str(draft, "summary", subj.buf);
	kj_set_str(draft, "body", p);
	ret = prepare_item(c, r, d->item, oo, d, choice);
	if (!ret)
		ret = write_text(c, r, d->item);
	if (ret)
		ERR("the edited report could not be prepared: '%s' keeps the text as edited",
		    kbug_outbox_item_id(d->item));
out:
	strbuf_release(&t);
	strbuf_release(&subj);
	return ret;
}

/* Dry run and mbox: the item lives in a private directory, removed here. */
static int deliver_preview(const struct kbug_channel *c, struct kbug_report *r,
			   struct kbug_deliver_opts *oo, struct kbug_delivery *d,
			   struct kbug_choice *choice)
{
	const char *tmp = getenv("TMPDIR");
	struct strbuf dir = STRBUF_INIT;
	int ret;

	strbuf_addf(&dir, "%s/kbug-draft.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir.buf)) {
		ret = -errno;
		ERR("cannot create a directory in '%s': %s", tmp && *tmp ? tmp : "/tmp",
		    strerror(errno));
		goto out;
	}
	ret = kbug_outbox_item_new(dir.buf, c->name, &d->item);
	if (!ret)
		ret = prepare_item(c, r, d->item, oo, d, choice);
	if (ret)
		ERR("the report was not prepared: nothing was saved or sent");
	else if (d->mode == KBUG_DELIVER_TRIAL)
		ret = send_item(c, d->item, oo, d);
	if (!ret && d->preview && c->preview)
		d->mbox_written = c->preview(d->item, d->preview, d->mode == KBUG_DELIVER_MBOX ?
					     KBUG_PREVIEW_MBOX : 0) == 1;
	if (d->item)
		kbug_outbox_discard(d->item);
	kbug_outbox_item_free(d->item);
	d->item = NULL;
	rmdir(dir.buf);
out:
	strbuf_release(&dir);
	return ret;
}

/*
 * prepare() failed for something the user can supply later (no sender, a
 * question nobody could answer): the report and the user's words are kept
 * as a draft, state "failed" with the channel's own message as the reason
 * (the "missing" member it recorded: without one, -ENOENT, nothing is
 * kept), "prepared": false.
 * A retry prepares it again (kbug_deliver with r NULL). 0 or -errno.
 */
static int keep_draft(struct kbug_outbox_item *it)
{
	struct json_object *st = kbug_outbox_state(it);
	struct strbuf reason = STRBUF_INIT;
	int ret;

	if (!kj_get_str(st, "missing"))
		return -ENOENT;	/* not something the user can give: a disk error... */
	strbuf_addstr(&reason, kj_get_str(st, "missing"));
	kj_set_bool(st, "prepared", false);
	ret = kbug_outbox_commit(it);
	if (!ret)
		ret = kbug_outbox_set_state(it, KBUG_STATE_FAILED, reason.buf);
	strbuf_release(&reason);
	return ret;
}

static int deliver_new(const struct kbug_channel *c, struct kbug_report *r,
		       struct kbug_deliver_opts *oo, struct kbug_delivery *d,
		       struct kbug_choice *choice)
{
	struct strbuf dir = STRBUF_INIT;
	int ret = kbug_outbox_dir(&dir, d->outbox);

	if (!ret)
		ret = kbug_outbox_item_new(dir.buf, c->name, &d->item);
	if (!ret) {
		ret = prepare_item(c, r, d->item, oo, d, choice);
		if (ret && ret != -ECANCELED && keep_draft(d->item) == 0) {
			d->saved = true;
			d->draft = true;
			goto out;
		}
		if (ret)
			ERR("the report was not prepared: nothing was saved or sent");
	}
	if (!ret) {
		ret = kbug_outbox_commit(d->item);
		if (ret)
			ERR("cannot save the report in the outbox '%s': %s", dir.buf,
			    strerror(-ret));
	}
	if (ret && d->item) {
		kbug_outbox_discard(d->item);
		kbug_outbox_item_free(d->item);
		d->item = NULL;
	}
	d->saved = !ret;
out:
	strbuf_release(&dir);
	return ret;
}

/* A draft kept by keep_draft(): prepare() again from its report.json. */
static int prepare_again(const struct kbug_channel *c, struct kbug_deliver_opts *oo,
			 struct kbug_delivery *d, struct kbug_choice *choice)
{
	struct json_object *st = kbug_outbox_state(d->item);
	struct strbuf json = STRBUF_INIT;
	struct kbug_report r;
	int ret = kbug_report_init(&r);

	if (ret)
		return ret;
	ret = kbug_outbox_read(d->item, "report.json", &json);
	if (!ret)
		ret = kbug_report_load_string(&r, json.buf, kbug_outbox_item_id(d->item));
	if (!ret) {
		json_object_object_del(st, "missing");
		ret = prepare_item(c, &r, d->item, oo, d, choice);
	}
	if (ret) {
		ERR("'%s' is still a draft: %s", kbug_outbox_item_id(d->item),
		    kj_get_str(st, "missing") ?: strerror(-ret));
	} else {
		json_object_object_del(st, "prepared");
		ret = kbug_outbox_save_state(d->item);
	}
	kbug_report_release(&r);
	strbuf_release(&json);
	return ret;
}

int kbug_deliver(struct kbug_report *r, const struct kbug_deliver_opts *o,
		 struct kbug_delivery *d)
{
	struct kbug_choice choice = { .kind = KBUG_CHOICE_NONE };
	struct kbug_deliver_opts oo = *o;
	const struct kbug_channel *c = d->channel;
	struct strbuf why = STRBUF_INIT;
	int ret, round;

	if (!r) {
		/* an item waiting in the outbox */
		c = c ?: kbug_channel_find(kbug_outbox_item_channel(d->item));
		if (!c)
			return kbug_deliver_item(d->item, o);
		d->saved = true;
		if (!kj_get_bool(kbug_outbox_state(d->item), "prepared", true)) {
			ret = prepare_again(c, &oo, d, &choice);
			if (ret)
				return ret;
		}
		return send_item(c, d->item, &oo, d);
	}
	c = c ?: kbug_channel_pick(r, o->to, &why);
	strbuf_release(&why);
	if (!c)
		return -ENOSYS;
	/* the one exit filter: nothing unredacted is written, shown or sent */
	ret = kbug_report_seal(r);
	if (ret)
		return ret;
	if (d->mode != KBUG_DELIVER_SEND)
		return deliver_preview(c, r, &oo, d, &choice);
	ret = deliver_new(c, r, &oo, d, &choice);
	if (!ret)
		ret = write_text(c, r, d->item);
	if (ret)
		return ret;
	for (round = 0; d->review; round++) {
		ret = d->review(d->item, c, d->data);
		if (ret != KBUG_REVIEW_REDRAFT)
			break;
		ret = round < REVIEW_ROUNDS ? redraft(c, r, &oo, d, &choice) : -ECANCELED;
		if (ret)
			break;
	}
	if (ret)
		return ret;
	ret = send_item(c, d->item, &oo, d);
	kbug_report_set(r, "delivery", json_object_get(kbug_outbox_state(d->item)));
	return ret;
}

int kbug_deliver_rebuild(struct kbug_report *r, struct kbug_outbox_item *item,
			 const struct kbug_deliver_opts *o)
{
	const struct kbug_channel *c = kbug_channel_find(kbug_outbox_item_channel(item));
	struct kbug_choice choice = { .kind = KBUG_CHOICE_NONE };
	struct kbug_deliver_opts oo = *o;
	struct kbug_delivery d = { .item = item };
	int ret;

	if (!c || !c->prepare)
		return -ENOSYS;
	ret = prepare_item(c, r, item, &oo, &d, &choice);
	if (!ret)
		ret = write_text(c, r, item);
	return ret;
}

const char *kbug_delivery_filed(struct kbug_outbox_item *item)
{
	struct json_object *st = kbug_outbox_state(item);

	if (kbug_outbox_get_state(item) != KBUG_STATE_SENT || !kj_get_str(st, "bug_id"))
		return NULL;
	return kj_get_str(st, "url") ?: "?";
}
