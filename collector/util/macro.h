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

/*
 * Is this a build whose leaks are checked (ASan/LSan)? Large structures
 * that live until exit are freed only there: elsewhere exit() returns the
 * memory at once, and freeing it piece by piece costs a short-lived
 * command more than its work (git's UNLEAK() has the same purpose).
 */
#if defined(__SANITIZE_ADDRESS__)
#define KBUG_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KBUG_LEAK_CHECKED 1
#endif
#endif
#ifndef KBUG_LEAK_CHECKED
#define KBUG_LEAK_CHECKED 0
#endif
