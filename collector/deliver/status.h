/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdio.h>

struct json_object;
struct kbug_outbox_item;
struct kbug_deliver_opts;

/*
 * What happened to a delivered report since (kbug status; docs/status.md),
 * asked only when the user asks: nothing polls.
 *
 * A bug (channels bugzilla, bugzilla-followup): the bug's status and
 * resolution, its comments after the first and how many of them are new
 * since the last look. A mail (email, mail-followup): the replies in its
 * thread on a public-inbox, found by its Message-ID (`inbox`: the item's,
 * else this, else https://lore.kernel.org/all). Either: a fix, seen as a
 * "Closes:" or "Link:" line that names the report (the bug's URL, the
 * mail's Message-ID).
 *
 * *out gets {"id", "channel", "where", "kind": "bug"|"mail", "status",
 * "resolution", "comments"|"replies", "new", "last": {"who", "when",
 * "subject"}, "fix": {"who", "subject", "line"} | null, "checked"}; the
 * same is kept in the item's state.json as "status" (what kbug outbox
 * shows). 0, -ENOENT (not delivered: nothing to look at), or -EIO with
 * the reason said.
 */
int kbug_status_item(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o,
		     const char *inbox, struct json_object **out);

/* One line for a status object (kbug status, kbug outbox), with a newline. */
void kbug_status_print(FILE *f, struct json_object *s);

/* kbug outbox's column: the last status kept in the item, if any, indented. */
void kbug_status_outbox_line(FILE *f, struct kbug_outbox_item *item);
