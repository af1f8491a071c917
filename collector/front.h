/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/* What the cmd-*.c front ends share in talking to the user, above deliver/. */

struct kbug_choice;
/*
 * kbug_deliver()'s choose callback for the front ends: says the
 * channel's context, asks its question and records the answer (EOF: an
 * empty one, which the channel takes as no). Always 0.
 */
int kbug_ask_choice(struct kbug_choice *c, void *data);
