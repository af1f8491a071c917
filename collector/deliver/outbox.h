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
 *   OUTBOX/sent/ID/     delivered (state.json holds the Message-ID or bug id),
 *                       by kbug or, said the user, by hand (kbug outbox --done)
 *   OUTBOX/dropped/ID/  the user decided not to send it (kbug outbox --drop);
 *                       kbug outbox --restore moves it back to OUTBOX/ID
 *   OUTBOX/.new-ID/     being written; never listed, removed on failure. Its
 *                       writer holds a flock on it until the item is
 *                       committed (and then on OUTBOX/ID): one nobody holds
 *                       was left by a kbug that died (kbug outbox --clean)
 *
 * OUTBOX is --outbox DIR, else [report] outbox in the config, else
 * $XDG_DATA_HOME/kbug/outbox (~/.local/share/kbug/outbox).
 *
 * Every file is written atomically (temporary file, fsync, rename, fsync
 * of the directory). state.json is the report's "delivery" section:
 *   {"id", "channel", "state": "queued"|"sending"|"sent"|"failed"|"unknown"|
 *                              "manual"|"dropped",
 *    "reason", "message_id", "bug_id", "url", "created", "updated",
 *    "destination": {...route.destination...}, "envelope": {...},
 *    "attempts": [{"time", "state", "reason"}]}
 * and is rewritten, with fsync, before and after each network step. No
 * secret is ever stored in an item. Going to "sending" first writes
 * OUTBOX/ID/.reserve (room for the state the step ends in, and sent/ is
 * made); the next state write removes it first. Item files are opened
 * relative to the item's directory, never through a symlink, and an
 * outbox another user owns or can write is refused.
 */
struct kbug_outbox_item;

/*
 * An item's state, a string only in state.json ("state", "dropped_from",
 * each attempt's "state"), where kbug_outbox_state_name() and
 * kbug_outbox_state_parse() convert. The transitions (outbox.c):
 *   new -> queued                                (commit)
 *   queued, sending, failed, unknown, manual -> sending, sent, failed,
 *       unknown, manual, dropped                 (a channel, --done, --drop)
 *   dropped -> queued, unknown                   (--restore), dropped (a move redone)
 *   sent -> sent                                 (a move to sent/ redone)
 */
enum kbug_outbox_state {
	KBUG_STATE_NEW,			/* being written (staging) */
	KBUG_STATE_QUEUED,		/* waiting, never tried */
	KBUG_STATE_SENDING,		/* a network step is under way */
	KBUG_STATE_SENT,
	KBUG_STATE_FAILED,		/* not delivered, worth a retry */
	KBUG_STATE_UNKNOWN,		/* handed over, outcome unknown: a retry needs --force */
	KBUG_STATE_MANUAL,		/* waits for the user to file it by hand */
	KBUG_STATE_DROPPED,		/* the user decided not to send it */
	KBUG_STATE_NR,
};

/* "queued", ... (NULL for a value out of range). */
const char *kbug_outbox_state_name(enum kbug_outbox_state s);
/* The state a state.json string names; one kbug does not know reads as unknown. */
enum kbug_outbox_state kbug_outbox_state_parse(const char *name);
/* Whether the outbox allows going from `from` to `to`. */
bool kbug_outbox_state_allowed(enum kbug_outbox_state from, enum kbug_outbox_state to);

/* Where an item is: OUTBOX/ID, OUTBOX/sent/ID or OUTBOX/dropped/ID. */
enum kbug_outbox_where {
	KBUG_OUTBOX_WAITING,
	KBUG_OUTBOX_SENT,
	KBUG_OUTBOX_DROPPED,
};

/* Resolve the outbox directory (created, mode 0700). out gets the path. */
int kbug_outbox_dir(struct strbuf *out, const char *override);

/*
 * Start a new item (a hidden staging directory) for `channel`. Fill it
 * with kbug_outbox_write, then kbug_outbox_commit makes it appear whole.
 * The handle holds an exclusive flock on the directory from here on, and
 * keeps it through the commit: kbug_outbox_clean leaves it alone.
 */
int kbug_outbox_item_new(const char *outbox, const char *channel,
			 struct kbug_outbox_item **out);
/* Make a staged item visible as OUTBOX/ID with state "queued" (still locked). */
int kbug_outbox_commit(struct kbug_outbox_item *it);
/* Remove a staged (uncommitted) item and everything in it. */
void kbug_outbox_discard(struct kbug_outbox_item *it);

/*
 * Open the item ID where it is (waiting, sent or dropped). Takes an
 * exclusive lock for the life of the handle: -EBUSY when another kbug
 * holds it, -ENOENT when there is no such item there.
 */
int kbug_outbox_open(const char *outbox, const char *id, enum kbug_outbox_where where,
		     struct kbug_outbox_item **out);
/* Close the handle (and drop its lock); a staged item stays as it is. */
void kbug_outbox_item_free(struct kbug_outbox_item *it);

/*
 * Staging directories (.new-*) an interrupted kbug left behind: the ones
 * no writer holds. *busy (may be NULL) gets how many a running kbug is
 * writing right now.
 */
int kbug_outbox_count_staged(const char *outbox, int *busy);
/*
 * Remove the staging directories no writer holds (their kbug is gone) and
 * leave the ones being written. cb (may be NULL) hears of each .new-*
 * entry: result 0 removed, -EBUSY being written, else why it stays.
 * Returns how many were removed, or -errno when the outbox cannot be read.
 */
int kbug_outbox_clean(const char *outbox,
		      void (*cb)(const char *name, int result, void *data), void *data);

/* Item ids there, oldest first (NULL-terminated; free with kbug_argv_free). */
int kbug_outbox_list(const char *outbox, enum kbug_outbox_where where, char ***ids);

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
/* The current state (no "state" yet: queued). */
enum kbug_outbox_state kbug_outbox_get_state(struct kbug_outbox_item *it);
/*
 * Record a transition: sets "state", "reason" (may be NULL), "updated",
 * appends to "attempts", and saves with fsync before returning. -EINVAL
 * (logged) for a transition the outbox does not allow.
 */
int kbug_outbox_set_state(struct kbug_outbox_item *it, enum kbug_outbox_state state,
			  const char *reason);
/* Record a result ("message_id", "bug_id", "url") and save it at once. */
int kbug_outbox_record(struct kbug_outbox_item *it, const char *key, const char *value);
/* State "sent" (unless it is already), then move the item to OUTBOX/sent/ID. */
int kbug_outbox_mark_sent(struct kbug_outbox_item *it);
/*
 * The user delivered a waiting item by hand (or saw that it arrived):
 * state "sent" with the reason "delivered by hand (kbug outbox --done)",
 * "url" (http:// or https://) and "bug_id" (digits) recorded when not
 * NULL (-EINVAL when malformed), then moved as kbug_outbox_mark_sent does.
 */
int kbug_outbox_mark_done(struct kbug_outbox_item *it, const char *url, const char *bug_id);
/* What --done takes: an http:// or https:// URL without spaces; a bug number. */
bool kbug_outbox_url_ok(const char *url);
bool kbug_outbox_bug_id_ok(const char *id);
/*
 * The user decided not to send a waiting item: state "dropped" (the state
 * it had kept as "dropped_from"), moved to OUTBOX/dropped/ID.
 */
int kbug_outbox_drop(struct kbug_outbox_item *it);
/*
 * Move a dropped item back to OUTBOX/ID with state "queued", or "unknown"
 * when it was dropped after a hand-over whose outcome nobody knows (so
 * that a retry still needs --force).
 */
int kbug_outbox_restore(struct kbug_outbox_item *it);
/* Where the item is now. */
enum kbug_outbox_where kbug_outbox_item_where(const struct kbug_outbox_item *it);
