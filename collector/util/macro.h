/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Automatic cleanup of one allocation, as kmod's shared/macro.h does. */
static inline void freep(void *p)
{
	free(*(void **)p);
}

#define _cleanup_free_ __attribute__((cleanup(freep)))

static inline void *take_ptr_(void **p)
{
	void *v = *p;

	*p = NULL;
	return v;
}

#define TAKE_PTR(p) take_ptr_((void **)&(p))
