// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The MAINTAINERS, .mailmap and directory list of the linux-source tree
 * kbug was built from (build/gen/route-data.c, made by
 * collector/route/gen-embedded.sh), stored as they are in .rodata, each
 * followed by a NUL, and used in place (a gzip'd blob is inflated instead).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "route/internal.h"

extern const unsigned char kbug_emb_maintainers[], kbug_emb_maintainers_end[];
extern const unsigned char kbug_emb_mailmap[], kbug_emb_mailmap_end[];
extern const unsigned char kbug_emb_dirs[], kbug_emb_dirs_end[];
extern const char kbug_emb_version[], kbug_emb_origin[];

const char *kbug_embedded_version(void)
{
	return kbug_emb_version;
}

const char *kbug_embedded_origin(void)
{
	return kbug_emb_origin;
}

int kbug_embedded_get(const char *what, const char **text, size_t *len, char **own)
{
	const unsigned char *a, *b;

	if (!strcmp(what, "maintainers")) {
		a = kbug_emb_maintainers;
		b = kbug_emb_maintainers_end;
	} else if (!strcmp(what, "mailmap")) {
		a = kbug_emb_mailmap;
		b = kbug_emb_mailmap_end;
	} else if (!strcmp(what, "dirs")) {
		a = kbug_emb_dirs;
		b = kbug_emb_dirs_end;
	} else {
		return -EINVAL;
	}
	return kbug_embedded_unpack(a, (size_t)(b - a), text, len, own);
}
