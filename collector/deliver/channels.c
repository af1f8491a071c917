// SPDX-License-Identifier: GPL-2.0-or-later
/* The delivery channels, in the order `--to auto` asks them. */
#include <stddef.h>
#include <string.h>

#include "deliver/bugzilla-comment.h"
#include "deliver/deliver.h"

static const struct kbug_channel *const channels[] = {
	&kbug_channel_bugzilla,	/* deliver/bugzilla.c */
	&kbug_channel_email,
	&kbug_channel_issue_tracker,
	&kbug_channel_web,
	&kbug_channel_followup,	/* deliver/followup.c: never picked by a route */
	NULL
};

const struct kbug_channel *kbug_channel_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; channels[i]; i++)
		if (!strcmp(channels[i]->name, name))
			return channels[i];
	return NULL;
}

const struct kbug_channel *kbug_channel_for(const char *destination_kind)
{
	size_t i;

	if (!destination_kind)
		destination_kind = "email";
	for (i = 0; channels[i]; i++)
		if (channels[i]->accepts && channels[i]->accepts(destination_kind))
			return channels[i];
	return NULL;
}
