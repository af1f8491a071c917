/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>

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

/*
 * Before sending a report whose blame is a guess (route confidence
 * "low"): says why and shows the runner-up sections; on a terminal asks
 * whether to widen the recipients (route.h: kbug_route_widen), else
 * (--yes, no terminal) widens. 0 to go on, -ECANCELED when the user stops.
 */
int kbug_front_confirm_route(struct kbug_report *r, bool yes);
