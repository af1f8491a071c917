/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The value of a hex digit, or -1. */
static inline int kbug_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

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
