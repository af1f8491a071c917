// SPDX-License-Identifier: GPL-2.0-or-later
/* Optional file:line resolution through libdw, loaded on demand. */
#include <errno.h>
#include <stdlib.h>

#include "analyze/analyze.h"
#include "analyze/internal.h"

struct kb_dwarf {
	int unused;
};

struct kb_dwarf *kb_dwarf_open(const struct kbug_analyze_opts *o, const char *release)
{
	return NULL;
}

int kb_dwarf_resolve(struct kb_dwarf *d, struct kb_rep *r)
{
	return -ENOSYS;
}

void kb_dwarf_close(struct kb_dwarf *d)
{
	free(d);
}
