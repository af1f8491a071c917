/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/strbuf.h"

/* What the cmd-*.c front ends share in talking to the user, above deliver/. */

struct kbug_choice;
struct kbug_channel;
struct kbug_deliver_opts;
struct kbug_report;
/*
 * kbug_deliver()'s choose callback for the front ends: says the
 * channel's context, asks its question and records the answer (EOF: an
 * empty one, which the channel takes as no). Always 0.
 */
int kbug_ask_choice(struct kbug_choice *c, void *data);

/*
 * kbug_deliver() for a front end, in the mode the options ask for (send,
 * --dry-run, -o mbox), with the review asked on the terminal ($EDITOR on
 * what the channel lets edit, then "Send it now?") and what became of it
 * said on stderr; --json prints the report, through the exit filter.
 * Returns the exit code.
 */
int kbug_front_deliver(struct kbug_report *r, struct kbug_deliver_opts *o, const char *outbox,
		       const struct kbug_channel *ch);

struct strbuf;
/*
 * The user's config file (cmd-setup.c): $KBUG_CONFIG, else
 * $XDG_CONFIG_HOME/kbug/config, else ~/.config/kbug/config.
 */
const char *kbug_setup_config_path(struct strbuf *out);
/* One setting for kbug_setup_write: a NULL value leaves the key as it is. */
struct kbug_setting {
	const char *section, *key, *value;
};

/*
 * Set n keys in the INI file path, keeping everything else; written
 * atomically with mode 0600, its directory made 0700. 0 or -errno (logged).
 */
int kbug_setup_write(const char *path, const struct kbug_setting *kv, size_t n);
/*
 * Ask the sender's name and address (git's user.name and user.email
 * offered) into from ("Name <addr>"), and offer to keep them in the
 * config. 0, or -EIO when the user gave no answer.
 */
int kbug_setup_identity(struct strbuf *from);
/* The whole `kbug setup` dialogue, then the config loaded again. 0 or -errno. */
int kbug_setup_run(void);
/* The review keeps the report in the outbox without asking to send it (no way to send yet). */
void kbug_front_send_later(bool later);
/*
 * Before sending a report whose blame is a guess (route confidence
 * "low"): says why and shows the runner-up sections; on a terminal asks
 * whether to widen the recipients (route.h: kbug_route_widen), else
 * (--yes, no terminal) widens. 0 to go on, -ECANCELED when the user stops.
 */
int kbug_front_confirm_route(struct kbug_report *r, bool yes);
/*
 * The reporting guidelines' checks of the draft (deliver/draft.c's notes):
 * on a terminal, a check with a question (front-guide.c's table) is asked
 * with why it matters and the way forward, go on or stop, and its note is
 * removed from the report; the others, and all of them with --yes or
 * without a terminal, are printed as notes and stay in the report.
 * 0 to go on, -ECANCELED when the user stops (said on stderr).
 */
int kbug_front_guidelines(struct kbug_report *r, bool yes);
struct kbug_outbox_item;
/*
 * The one advice after a hand-over whose reply was lost (state "unknown"
 * or "sending"), one sentence on f: what to check and which command then.
 */
void kbug_front_unknown_advice(FILE *f, struct kbug_outbox_item *it);
/* What the no-crash menu picked (kbug_front_no_crash_menu). */
struct kbug_front_pick {
	enum {
		KBUG_PICK_DEVICE,	/* value: a PCI slot or "usb:PORT", as --device takes */
		KBUG_PICK_MODULE,	/* value: the module's name */
		KBUG_PICK_BOOT,		/* the boot before this one (--boot -1) */
		KBUG_PICK_LOG,		/* value: a saved log's path */
		KBUG_PICK_DESCRIBE,	/* only the user's words: to LKML */
	} what;
	char value[4096];
};
/*
 * No kernel report in the log, on a terminal: a menu of the devices a
 * driver is bound to (PCI slots and usb:PORT names), a module, the boot
 * before (when offer_boot), a saved log, or the problem described. 0
 * with pick set, -ECANCELED when the user quits (said on stderr).
 */
int kbug_front_no_crash_menu(struct kbug_report *r, bool offer_boot,
			     struct kbug_front_pick *pick);
/* What `kbug outbox --edit` lets the user change, as shown and as read back. */
struct kbug_edit_fields {
	struct strbuf subject, to, cc, product, component, body;
};

void kbug_edit_fields_release(struct kbug_edit_fields *e);
/*
 * The edited file back into e (front-edit.c): the header lines before
 * the first empty line (Subject, To, Cc, Product, Component, any case;
 * lines that start with '#' left out), then the text. 0, or -EINVAL
 * (logged) for a header kbug does not know, no subject, no text, or an
 * email (channel "email") without recipients.
 */
int kbug_edit_parse(const char *text, const char *channel, struct kbug_edit_fields *e);
struct json_object;
/* "A <a@x>, b@y" as a JSON array of the addresses, as a route's own "to" and "cc". */
struct json_object *kbug_edit_addresses(const char *list);
