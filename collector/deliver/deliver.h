/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <json-c/json.h>

struct kbug_report;
struct kbug_outbox_item;
struct kbug_choice;
struct strbuf;

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
	/* set by kbug_deliver(): someone can answer a "needs a choice" (NULL: nobody) */
	struct kbug_choice *choice;
};

/*
 * What the user asked to send, set by kbug_draft_make() as the report's
 * "draft" section before prepare() (channels read it, never write it):
 *   {"title": "WARNING in lkdtm_WARNING", "summary": "--summary or null",
 *    "description": "what happened, in the user's words",
 *    "regression": {"last_good": "6.11"} | null,
 *    "notes": ["the kernel is tainted (P: nvidia) ...", ...],
 *    "checks": {"tainted": 0, "old": 1}  (which check made which note: the
 *              index in "notes"; a front end that asked it instead removes both),
 *    "report_index": N}
 * The body text comes from templates/CHANNEL.txt through
 * kbug_draft_render() (deliver/template.h).
 */

/*
 * A channel's answer that it needs a choice only the user can make (a
 * Bugzilla product nobody named, a possible duplicate). A channel never
 * asks: when o->choice is set (the caller has someone to ask), prepare()
 * or send() fills it in and returns KBUG_DELIVER_CHOICE; the caller asks,
 * records the answer in it and calls again. When o->choice is NULL the
 * channel fails as it would without a terminal (and says why).
 */
enum kbug_choice_kind {
	KBUG_CHOICE_NONE,
	KBUG_CHOICE_PRODUCT,		/* free text: the Bugzilla product */
	KBUG_CHOICE_COMPONENT,		/* free text: the Bugzilla component */
	KBUG_CHOICE_DUPLICATE,		/* 'c' comment on it, 'n' file a new bug, else stop */
};

struct kbug_choice {
	/* set by the channel with KBUG_DELIVER_CHOICE */
	enum kbug_choice_kind kind;
	char context[320];		/* said before the first question (may be "") */
	const char *prompt;		/* the question */
	/* set by the caller before calling again */
	unsigned int asked;		/* 1 << kind of each question answered */
	char product[128], component[128];
	char duplicate;
};

#define KBUG_DELIVER_CHOICE (-EDOM)

/*
 * A delivery channel, picked by the route's destination "kind" (or by
 * --to). prepare() renders what will be sent into the outbox item (the
 * message, the JSON to POST) before any network I/O; preview() writes to
 * f what the user sees before sending, matching what send() sends
 * (flags: KBUG_PREVIEW_MBOX for an mbox a mail client takes; returns 1
 * when it wrote one); send() delivers it and records the outcome
 * (message id, bug id) in the item the moment it is known. prepare and
 * send return 0, KBUG_DELIVER_CHOICE or -errno; send() returns -EAGAIN
 * for a failure worth retrying (network, 4xx, 5xx), after saying why.
 * `text` names the template (templates/TEXT.txt) of the words the user
 * may edit in the review: kbug_deliver() writes them, with the subject,
 * into the item's text.txt; the raw message is never edited.
 */
#define KBUG_PREVIEW_MBOX 1u

struct kbug_channel {
	const char *name;		/* "email", "bugzilla", "issue-tracker", "web" */
	bool (*accepts)(const char *destination_kind);
	int (*prepare)(struct kbug_report *r, struct kbug_outbox_item *item,
		       const struct kbug_deliver_opts *o);
	int (*preview)(struct kbug_outbox_item *item, FILE *f, unsigned int flags);
	int (*send)(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o);
	const char *text;
};

extern const struct kbug_channel kbug_channel_email;
extern const struct kbug_channel kbug_channel_bugzilla;
extern const struct kbug_channel kbug_channel_issue_tracker;	/* GitHub/GitLab: a prefilled URL */
extern const struct kbug_channel kbug_channel_web;		/* a web page: the saved draft */

/*
 * The Debian BTS through the email channel (deliver/debbts.c): is the
 * destination one, its pseudo-header block (-ENOENT without a Version),
 * reportbug's "PACKAGE: " subject prefix.
 */
bool kbug_debbts_is(struct json_object *dest);
int kbug_debbts_head(struct kbug_report *r, struct json_object *dest, struct strbuf *head);
void kbug_debbts_subject(struct kbug_report *r, struct strbuf *subject);

const struct kbug_channel *kbug_channel_find(const char *name);
const struct kbug_channel *kbug_channel_for(const char *destination_kind);
/*
 * The channel for a routed report: `to` ("email", "bugzilla"; "auto" or
 * NULL: the route's destination, email when this kbug has no channel for
 * it). why gets the reason in words. NULL (logged) when there is none.
 */
const struct kbug_channel *kbug_channel_pick(struct kbug_report *r, const char *to,
					     struct strbuf *why);

/* What the draft is made of (deliver/draft.c). */
struct kbug_draft_opts {
	int report_index;		/* the analysis report sent, -1: none */
	const char *summary;		/* --summary */
	const char *last_good;		/* a regression since this release, or NULL */
	const char *module, *driver, *device, *file;	/* the suspect the user named */
	const char *why;		/* why this channel (kbug_channel_pick's words) */
};

/*
 * The one writer of the report's "draft" section: the title, the user's
 * choices, and the notes of the reporting guidelines' checks (tainted,
 * distribution, old kernel) in "notes". 0 or -errno.
 */
int kbug_draft_make(struct kbug_report *r, const struct kbug_draft_opts *o);
/* The user's own words ("description"), once the draft is made. */
void kbug_draft_describe(struct kbug_report *r, const char *text);

/* How kbug_deliver() ends: send, or show what would be sent and keep nothing. */
enum kbug_deliver_mode {
	KBUG_DELIVER_SEND,
	KBUG_DELIVER_DRY_RUN,		/* preview to d->preview, nothing kept */
	KBUG_DELIVER_MBOX,		/* the same as an mbox (-o FILE) */
	KBUG_DELIVER_TRIAL,		/* send() with o->dry_run, then the preview */
};

/*
 * The delivery stage in one call (docs/pipeline.md): for a new report
 * (r with "route" and "draft"), the redaction filter (kbug_report_seal:
 * nothing goes on when it fails), a new outbox item, report.json and the
 * attachments, prepare(), then either the preview (dry run, mbox; the
 * item is discarded) or the commit, review() (may be NULL: 0 go on,
 * -ECANCELED stop, the item waits, KBUG_REVIEW_REDRAFT: the user edited
 * text.txt, "Subject: ..." then a blank line then the body, which becomes
 * the draft's summary and body, prepared and reviewed again), send(), and the report's "delivery"
 * section from the item's state. For an item already in the outbox
 * (r NULL, d->item set: `kbug outbox --retry`), send() and its choices.
 * choose() (NULL: nobody to ask) answers a channel's KBUG_DELIVER_CHOICE
 * in place: 0 answered (call again), else stop.
 */
struct kbug_delivery {
	enum kbug_deliver_mode mode;
	const char *outbox;		/* NULL: the default outbox */
	const struct kbug_channel *channel;	/* NULL: kbug_channel_pick(r, o->to) */
	FILE *preview;			/* dry run, mbox: where the preview goes (NULL: nowhere) */
	int (*review)(struct kbug_outbox_item *item, const struct kbug_channel *c, void *data);
#define KBUG_REVIEW_REDRAFT 1		/* review(): text.txt was edited, prepare again */
	int (*choose)(struct kbug_choice *choice, void *data);
	void *data;
	/* out (and in for a retry): the item, the caller's to free */
	struct kbug_outbox_item *item;
	bool saved;			/* the item is in the outbox */
	bool attempted;			/* send() was called */
	bool mbox_written;		/* the preview was an mbox */
	bool draft;			/* prepare() failed: kept as a draft (state "missing") */
};

/*
 * Returns 0 delivered (or previewed), -ECANCELED review stopped it, the
 * channel's -EAGAIN, KBUG_DELIVER_UNKNOWN or -errno otherwise (d->saved
 * says whether the item waits in the outbox).
 */
int kbug_deliver(struct kbug_report *r, const struct kbug_deliver_opts *o,
		 struct kbug_delivery *d);

/*
 * Send an outbox item through the channel named in its state.json, with
 * o overriding what the item recorded. 0 delivered (the item is in
 * sent/), -EAGAIN not delivered (retry later), KBUG_DELIVER_UNKNOWN
 * outcome unknown, KBUG_DELIVER_CHOICE (o->choice set), other -errno:
 * not delivered, reason logged.
 */
int kbug_deliver_item(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o);

/*
 * After the user edited an email item's message.eml: re-read From, To,
 * Cc, Subject and Message-ID into its envelope. 0 or -EINVAL (logged).
 */
int kbug_email_refresh(struct kbug_outbox_item *item);

/*
 * A waiting item made again from r (its report.json as the user changed
 * it: the draft's summary and body, the route's recipients or product):
 * report.json, the attachments, the channel's prepare() with o, and
 * text.txt, as the review's edit does. No question is asked (a choice
 * the channel needs fails as without a terminal). 0 or -errno (logged).
 */
int kbug_deliver_rebuild(struct kbug_report *r, struct kbug_outbox_item *item,
			 const struct kbug_deliver_opts *o);

/* A delivered item's bug URL ("filed: URL" for scripts), else NULL. */
const char *kbug_delivery_filed(struct kbug_outbox_item *item);

/* The channel's send() result that means "sent, but the outcome is unknown". */
#define KBUG_DELIVER_UNKNOWN (-EINPROGRESS)
