// SPDX-License-Identifier: GPL-2.0-or-later
/* Delivering an outbox item through the channel it was prepared for. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

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

static int deliver_save(struct kbug_report *r, struct kbug_outbox_item *it)
{
	char *json = kbug_report_to_json(r, true, true);
	int ret;

	if (!json)
		return -ENOMEM;
	ret = kbug_outbox_write(it, "report.json", json, strlen(json));
	free(json);
	return ret;
}

int kbug_deliver(struct kbug_report *r, const struct kbug_deliver_opts *o, const char *outbox,
		 char **item_id)
{
	const char *kind = kj_get_str(kj_path(r->root, "route.destination"), "kind");
	const struct kbug_channel *c;
	struct kbug_outbox_item *it = NULL;
	struct strbuf dir = STRBUF_INIT;
	int ret;

	if (item_id)
		*item_id = NULL;
	if (o->to && strcmp(o->to, "auto"))
		c = kbug_channel_find(o->to);
	else
		c = kbug_channel_for(kind);
	if (!c) {
		ERR("no delivery channel for '%s'", o->to && strcmp(o->to, "auto") ? o->to :
		    kind ? kind : "email");
		return -ENOSYS;
	}
	ret = kbug_outbox_dir(&dir, outbox);
	if (!ret)
		ret = kbug_outbox_item_new(dir.buf, c->name, &it);
	if (!ret)
		ret = deliver_save(r, it);
	if (!ret)
		ret = c->prepare(r, it, o);
	if (!ret)
		ret = kbug_outbox_commit(it);
	if (ret) {
		kbug_outbox_discard(it);
		goto out;
	}
	if (item_id) {
		*item_id = strdup(kbug_outbox_item_id(it));
		if (!*item_id)
			abort();
	}
	ret = c->send(it, o);
	kbug_report_set(r, "delivery", json_object_get(kbug_outbox_state(it)));
out:
	kbug_outbox_item_free(it);
	strbuf_release(&dir);
	return ret;
}
