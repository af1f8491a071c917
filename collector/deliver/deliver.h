/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <errno.h>
#include <stdbool.h>
#include <json-c/json.h>

struct kbug_report;
struct kbug_outbox_item;

/*
 * Channel options from the command line; each overrides the config and
 * what an outbox item recorded. Secrets are never stored here as values
 * from argv: only file names or commands that yield them.
 */
struct kbug_deliver_opts {
	const char *to;			/* "auto", "email", "bugzilla" */
	const char *from;		/* "Name <addr>" */
	const char *smtp_url;		/* smtp://host:port, smtps://... */
	bool sendmail;			/* through /usr/sbin/sendmail */
	const char *bugzilla_url;
	const char *api_key_file;
	const char *product, *component;
	bool yes;			/* no questions, no $EDITOR */
	bool dry_run;			/* print what would be sent, send nothing */
	bool new_bug;			/* Bugzilla: file even when a duplicate exists */
	unsigned int timeout_s;		/* network timeout */
	/* added by the email channel; zero values keep the defaults */
	bool smtp_insecure;		/* allow plain smtp:// to a non-loopback host */
	bool force;			/* outbox retry: resend an item whose result is unknown */
	const char *sendmail_path;	/* default /usr/sbin/sendmail ([sendmail] path) */
	/* added by the Bugzilla channel */
	bool bz_insecure_http;		/* --insecure-http: http:// to a non-loopback Bugzilla */
};

/*
 * What the user asked to send, set by `kbug report` as the report's
 * "draft" section before prepare() (channels read it, never write it):
 *   {"title": "WARNING in lkdtm_WARNING", "summary": "--summary or null",
 *    "description": "what happened, in the user's words",
 *    "regression": {"last_good": "6.11"} | null,
 *    "notes": ["the kernel is tainted (P: nvidia) ...", ...],
 *    "report_index": N}
 * The body text comes from templates/CHANNEL.txt through
 * kbug_draft_render() (deliver/template.h).
 */

/*
 * A delivery channel, picked by the route's destination "kind" (or by
 * --to). prepare() renders what will be sent into the outbox item (the
 * message, the JSON to POST) before any network I/O; send() delivers it
 * and records the outcome (message id, bug id) in the item the moment it
 * is known. Both return 0 or -errno; send() returns -EAGAIN for a
 * failure worth retrying (network, 4xx, 5xx), after saying why.
 */
struct kbug_channel {
	const char *name;		/* "email", "bugzilla", "issue-tracker", "web" */
	bool (*accepts)(const char *destination_kind);
	int (*prepare)(struct kbug_report *r, struct kbug_outbox_item *item,
		       const struct kbug_deliver_opts *o);
	int (*send)(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o);
};

extern const struct kbug_channel channel_email;
extern const struct kbug_channel channel_bugzilla;
extern const struct kbug_channel channel_issue_tracker;	/* GitHub/GitLab: a prefilled URL */
extern const struct kbug_channel channel_web;		/* a web page: the saved draft */

const struct kbug_channel *kbug_channel_find(const char *name);
const struct kbug_channel *kbug_channel_for(const char *destination_kind);

/*
 * The delivery stage in one call (docs/pipeline.md), for a report that
 * has "route" and "draft": pick the channel (o->to, else the route's
 * destination), write the item to the outbox `outbox` (NULL: the default)
 * whole, then send it. Sets the report's "delivery" section from the
 * item's state. Returns as kbug_deliver_item(), or another -errno when
 * nothing could be saved. *item_id (may be NULL) gets the item's id
 * (malloc'd) once it is saved.
 */
int kbug_deliver(struct kbug_report *r, const struct kbug_deliver_opts *o, const char *outbox,
		 char **item_id);

/*
 * Send an outbox item through the channel named in its state.json, with
 * o overriding what the item recorded. 0 delivered (the item is in
 * sent/), -EAGAIN not delivered (retry later), KBUG_DELIVER_UNKNOWN
 * outcome unknown, other -errno: not delivered, reason logged.
 */
int kbug_deliver_item(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o);

/*
 * After the user edited an email item's message.eml: re-read From, To,
 * Cc, Subject and Message-ID into its envelope. 0 or -EINVAL (logged).
 */
int kbug_email_refresh(struct kbug_outbox_item *item);

/* The channel's send() result that means "sent, but the outcome is unknown". */
#define KBUG_DELIVER_UNKNOWN (-EINPROGRESS)
