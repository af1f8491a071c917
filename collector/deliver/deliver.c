// SPDX-License-Identifier: GPL-2.0-or-later
/* Delivering an outbox item through the channel it was prepared for. */
#include <errno.h>

#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "util/log.h"

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
