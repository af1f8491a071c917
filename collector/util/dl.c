// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/dl.h"
#include "util/log.h"

void *kbug_dlopen(const char *soname, const char *const *syms, void **ptrs, size_t n,
		  const char **err)
{
	static char msg[512];
	void *h;
	size_t i;

	/* a library already loaded is found by its soname, without a file opened */
	h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(msg, sizeof(msg), "cannot load '%s': %s (install its package)",
			 soname, dlerror());
		*err = msg;
		return NULL;
	}
	for (i = 0; i < n; i++) {
		ptrs[i] = dlsym(h, syms[i]);
		if (!ptrs[i]) {
			snprintf(msg, sizeof(msg), "'%s' lacks '%s'", soname, syms[i]);
			*err = msg;
			dlclose(h);
			return NULL;
		}
	}
	return h;
}

int kbug_dl_load(struct kbug_dl *l, const char **err)
{
	const char *e = NULL;

	if (!l->state) {
		l->handle = kbug_dlopen(l->soname, l->syms, l->ptrs, l->n, &e);
		l->state = l->handle ? 1 : -1;
		if (!l->handle) {
			l->why = strdup(e);
			DBG("%s", e);
		}
	}
	if (l->state < 0 && err)
		*err = l->why ? l->why : "cannot load a library";
	return l->state > 0 ? 0 : -ENOSYS;
}

void *kbug_dl_sym(const struct kbug_dl *l, const char *name)
{
	return l->state > 0 ? dlsym(l->handle, name) : NULL;
}
