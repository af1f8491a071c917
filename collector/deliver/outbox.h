/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

struct strbuf;

/*
 * The outbox: every report is written here, whole, before any network
 * I/O, so that nothing is lost when delivery fails.
 *
 *   OUTBOX/ID/          waiting: report.json, message.eml or request.json,
 *                       attachments, state.json
 *   OUTBOX/sent/ID/     delivered (state.json holds the Message-ID or bug id)
 *   OUTBOX/.new-ID/     being written; never listed, removed on failure
 *
 * OUTBOX is --outbox DIR, else [report] outbox in the config, else
 * $XDG_DATA_HOME/kbug/outbox (~/.local/share/kbug/outbox).
 *
 * Every file is written atomically (temporary file, fsync, rename, fsync
 * of the directory). state.json is the report's "delivery" section:
 *   {"id", "channel", "state": "queued"|"sending"|"sent"|"failed"|"unknown",
 *    "reason", "message_id", "bug_id", "url", "created", "updated",
 *    "destination": {...route.destination...}, "envelope": {...},
 *    "attempts": [{"time", "state", "reason"}]}
 * and is rewritten, with fsync, before and after each network step. No
 * secret is ever stored in an item.
 */
struct kbug_outbox_item;

/* Resolve the outbox directory (created, mode 0700). out gets the path. */
int kbug_outbox_dir(struct strbuf *out, const char *override);

/*
 * Start a new item (a hidden staging directory) for `channel`. Fill it
 * with kbug_outbox_write, then kbug_outbox_commit makes it appear whole.
 */
int kbug_outbox_item_new(const char *outbox, const char *channel,
			 struct kbug_outbox_item **out);
/* Make a staged item visible as OUTBOX/ID with state "queued". */
int kbug_outbox_commit(struct kbug_outbox_item *it);
/* Remove a staged (uncommitted) item and everything in it. */
void kbug_outbox_discard(struct kbug_outbox_item *it);

/*
 * Open a waiting item (OUTBOX/ID) or, with sent=true, a delivered one.
 * Takes an exclusive lock for the life of the handle: -EBUSY when
 * another kbug holds it, -ENOENT when there is no such item.
 */
int kbug_outbox_open(const char *outbox, const char *id, bool sent,
		     struct kbug_outbox_item **out);
void kbug_outbox_item_free(struct kbug_outbox_item *it);

/* Staging directories (.new-*) an interrupted kbug left behind. */
int kbug_outbox_count_staged(const char *outbox);

/* Waiting item ids, oldest first (NULL-terminated; free with kbug_argv_free). */
int kbug_outbox_list(const char *outbox, bool sent, char ***ids);

const char *kbug_outbox_item_id(const struct kbug_outbox_item *it);
const char *kbug_outbox_item_path(const struct kbug_outbox_item *it);
const char *kbug_outbox_item_channel(const struct kbug_outbox_item *it);

/* Write OUTBOX/ID/name atomically (name: a plain file name). */
int kbug_outbox_write(struct kbug_outbox_item *it, const char *name, const void *data,
		      size_t len);
/* Read OUTBOX/ID/name (appending to out); -ENOENT when absent. */
int kbug_outbox_read(struct kbug_outbox_item *it, const char *name, struct strbuf *out);
/* Full path of a file in the item (out reset first). */
const char *kbug_outbox_file(struct kbug_outbox_item *it, struct strbuf *out,
			     const char *name);

/*
 * The item's state object (borrowed): channels may add their own members
 * (e.g. "bugzilla": {...}) and then call kbug_outbox_save_state.
 */
struct json_object *kbug_outbox_state(struct kbug_outbox_item *it);
int kbug_outbox_save_state(struct kbug_outbox_item *it);
/* Current state string ("queued", ...). */
const char *kbug_outbox_get_state(struct kbug_outbox_item *it);
/*
 * Record a transition: sets "state", "reason" (may be NULL), "updated",
 * appends to "attempts", and saves with fsync before returning.
 */
int kbug_outbox_set_state(struct kbug_outbox_item *it, const char *state,
			  const char *reason);
/* Record a result ("message_id", "bug_id", "url") and save it at once. */
int kbug_outbox_record(struct kbug_outbox_item *it, const char *key, const char *value);
/* State "sent", then move the item to OUTBOX/sent/ID. */
int kbug_outbox_mark_sent(struct kbug_outbox_item *it);
