/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/*
 * Inflate gzip data in[0..n) (one member or several end to end, as gzip
 * writes and reads them; anything else after a member is ignored) and
 * append it to out, at most max bytes (0: up to 1 GiB). Returns 0;
 * -EFBIG when cut at max (out holds the first max bytes); -EBADMSG when
 * in is not gzip, is damaged or ends inside a member; -ENOMEM.
 */
int kbug_gunzip(const void *in, size_t n, struct strbuf *out, size_t max);
