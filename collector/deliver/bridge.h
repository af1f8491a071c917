/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>

struct kbug_report;
struct kbug_deliver_opts;

/*
 * Does the tracker already mail this component's bugs to the lists
 * (deliver/bridge.c's table, and [bridge] mirrored in the config)?
 */
bool kbug_bridge_mirrored(const char *url, const char *product, const char *component);

/*
 * After a bug was filed (r's "delivery": channel bugzilla, sent), one
 * short notice to the route's L: lists, through the outbox: want 1
 * (--notify-lists), 0 (--no-notify-lists), -1 (asked on a terminal, else
 * not sent and said how). Never for a component the tracker mirrors,
 * never twice for one bug. 0, or the notice's delivery error (it waits
 * in the outbox).
 */
int kbug_bridge_offer(struct kbug_report *r, const struct kbug_deliver_opts *o,
		      const char *outbox, int want);
