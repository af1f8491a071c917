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
 * in is not gzip, is damaged or ends inside a member; -ENOMEM; -ENOSYS
 * when cutting at max needs zlib (loaded then) and it cannot be loaded.
 */
int kbug_gunzip(const void *in, size_t n, struct strbuf *out, size_t max);

/*
 * The same through zlib's stream from start to end (kbug_gunzip() uses it
 * only to stop at max): for tests, which hold both to one result.
 */
int kbug_gunzip_stream(const void *in, size_t n, struct strbuf *out, size_t max);

/*
 * What tells gzip data in[0..n) from other gzip data without inflating it:
 * its length, CRC-32 and Adler-32, and the CRC-32 and size (mod 2^32) of
 * the text that its last 8 bytes (a member's trailer) give. No padding: it
 * can be hashed as bytes. Returns 0, or -EBADMSG when in is not gzip.
 */
struct kbug_gz_id {
	uint64_t len;
	uint32_t crc, adler;
	uint32_t text_crc, text_size;
};

int kbug_gz_id(const void *in, size_t n, struct kbug_gz_id *id);
