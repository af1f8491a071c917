// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "util/dl.h"

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
