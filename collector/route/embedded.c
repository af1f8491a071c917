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
#include "util/gz.h"
#include "util/strbuf.h"

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

/*
 * A blob of build/gen/route-data.c: stored as it is (see gen-embedded.sh),
 * with a NUL after it, so used in place; a gzip'd one is inflated into *own.
 */
int kbug_embedded_unpack(const unsigned char *blob, size_t n, const char **text, size_t *len,
			 char **own)
{
	struct strbuf sb = STRBUF_INIT;
	char *out = NULL;
	size_t l = 0;
	int ret;

	*text = NULL;
	if (own)
		*own = NULL;
	if (!n)
		return -ENOENT;
	if (n < 2 || blob[0] != 0x1f || blob[1] != 0x8b) {
		*text = (const char *)blob;
		if (len)
			*len = n;
		return 0;
	}
	if (!own)
		return -EINVAL;
	ret = kbug_gunzip(blob, n, &sb, MAINT_MAX_SIZE);
	if (ret) {
		strbuf_release(&sb);
		return ret == -ENOMEM ? ret : -EBADMSG;
	}
	out = strbuf_detach(&sb, &l);
	*text = out;
	*own = out;
	if (len)
		*len = l;
	return 0;
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
