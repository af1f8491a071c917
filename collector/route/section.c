// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A MAINTAINERS section named by its title, as a path to route
 * (kbug reroute --section): the literal part of its first F: pattern.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "route/internal.h"
#include "route/route.h"
#include "util/strbuf.h"

int kbug_maint_section_path(const struct kbug_maint *m, const char *name, struct strbuf *path)
{
	size_t len = strlen(name);
	uint32_t i, j;

	for (i = 0; i < m->ns; i++) {
		const struct msection *s = &m->s[i];

		/* the whole title line, as MAINTAINERS writes it: "ACPI COMPONENT..." */
		if (s->tlen != len || strncasecmp(mtitle(m, s), name, len))
			continue;
		for (j = s->first; j < s->first + s->nr; j++) {
			const struct mentry *e = &m->e[j];
			size_t lit = strcspn(mval(m, e), "*?[\n");

			/* F: is a glob from the tree's root (get_maintainer.pl) */
			if (e->type != 'F' || !lit)
				continue;
			strbuf_reset(path);
			strbuf_add(path, mval(m, e), lit < e->vlen ? lit : e->vlen);
			return 0;
		}
		return -ENOENT;
	}
	return -ENOENT;
}
