// SPDX-License-Identifier: GPL-2.0-or-later
/* The delivery channels, in the order `--to auto` tries them. */
#include <stddef.h>
#include <string.h>

#include "deliver/deliver.h"

static const struct kbug_channel *const channels[] = {
	&channel_email,
	&channel_issue_tracker,
	&channel_web,
	NULL
};

/*
 * The Bugzilla channel lives in deliver/bugzilla.c; it is looked up
 * weakly so that this table links while that file is being written.
 */
#pragma weak channel_bugzilla

const struct kbug_channel *kbug_channel_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	if (!strcmp(name, "bugzilla"))
		return &channel_bugzilla ? &channel_bugzilla : NULL;
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
	if (&channel_bugzilla && channel_bugzilla.accepts &&
	    channel_bugzilla.accepts(destination_kind))
		return &channel_bugzilla;
	for (i = 0; channels[i]; i++)
		if (channels[i]->accepts && channels[i]->accepts(destination_kind))
			return channels[i];
	return NULL;
}
