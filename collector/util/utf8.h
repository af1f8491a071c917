/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>

/*
 * The length (1 to 4) of the valid UTF-8 sequence at s, of which n bytes
 * are left, or 0 when it is not one: a stray continuation byte, a
 * truncated or overlong sequence, a surrogate, a code point past U+10FFFF.
 */
size_t kbug_utf8_len(const unsigned char *s, size_t n);
