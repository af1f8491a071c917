// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gunzip into a strbuf with zlib's stream, which can stop at a byte budget
 * with what came before it. A gzip member ends with its size (mod 2^32):
 * the buffer is sized from it once, within what deflate can reach (1032:1)
 * and a cap, since the trailer is outside input too. Bytes after a member
 * that are not another member are ignored, as zlib's gzread() and gzip(1)
 * ignore them.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <zlib.h>

#include "util/gz.h"
#include "util/strbuf.h"

#define GZ_MAX_OUT (1ul << 30)
#define GZ_MAX_HINT (64ul << 20)
#define GZ_MAX_MEMBERS 1000

static uint32_t le32(const unsigned char *u)
{
	return (uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24;
}

/* the member's size from its trailer, as far as it can be believed */
static size_t size_hint(const unsigned char *u, size_t n, size_t limit)
{
	size_t hint = le32(u + n - 4);

	if (hint > n * 1032 + 64)
		hint = n * 1032 + 64;
	if (hint > GZ_MAX_HINT)
		hint = GZ_MAX_HINT;
	return hint < limit ? hint : limit;
}

/* one inflate() step into the room left below limit; 1 at the end, 0 go on, -errno */
static int step(z_stream *zs, struct strbuf *out, size_t start, size_t limit, int *zr,
		int *members)
{
	size_t room;

	if (*zr == Z_STREAM_END) {
		/* another member, or the end: what follows is ignored, as gzread() does */
		if (zs->avail_in < 2 || zs->next_in[0] != 0x1f || zs->next_in[1] != 0x8b)
			return 1;
		if (++*members >= GZ_MAX_MEMBERS || inflateReset(zs) != Z_OK)
			return -EBADMSG;
	}
	if (out->len - start >= limit)
		return -EFBIG;
	if (out->alloc - out->len < 4097)
		strbuf_grow(out, out->alloc > 65536 ? out->alloc : 65536);
	room = out->alloc - out->len - 1;
	if (room > limit - (out->len - start))
		room = limit - (out->len - start);
	zs->next_out = (unsigned char *)out->buf + out->len;
	zs->avail_out = room < UINT_MAX ? (unsigned int)room : UINT_MAX;
	*zr = inflate(zs, Z_NO_FLUSH);
	/* strbuf_setlen() only shortens: the length is what inflate wrote */
	out->len = (size_t)((char *)zs->next_out - out->buf);
	out->buf[out->len] = '\0';
	if (*zr == Z_MEM_ERROR)
		return -ENOMEM;
	if (*zr != Z_OK && *zr != Z_STREAM_END && *zr != Z_BUF_ERROR)
		return -EBADMSG;
	if (*zr == Z_BUF_ERROR && !zs->avail_in)
		return -EBADMSG;	/* the data ends inside a member */
	return 0;
}

int kbug_gunzip(const void *in, size_t n, struct strbuf *out, size_t max)
{
	const unsigned char *u = in;
	z_stream zs = { 0 };
	size_t limit = max && max < GZ_MAX_OUT ? max : GZ_MAX_OUT, start = out->len;
	int zr = Z_OK, ret = 0, members = 0;

	if (n < 18 || u[0] != 0x1f || u[1] != 0x8b)
		return -EBADMSG;
	strbuf_grow(out, size_hint(u, n, limit));
	if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
		return -ENOMEM;
	zs.next_in = (unsigned char *)u;
	zs.avail_in = n < UINT_MAX ? (unsigned int)n : UINT_MAX;
	while (!ret)
		ret = step(&zs, out, start, limit, &zr, &members);
	inflateEnd(&zs);
	return ret > 0 ? 0 : ret;
}
