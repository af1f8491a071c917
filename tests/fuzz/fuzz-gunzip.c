// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Gzip data is outside input (/proc/config.gz of a fixture root,
 * /sys/kernel/maintainers.gz, MAINTAINERS.gz): inflate it with and
 * without a limit; never a crash, a leak, a hang or more than the limit.
 * libdeflate and zlib's stream must agree: both fail, or both give the
 * same bytes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/gz.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	size_t max = size ? data[0] * 37u + 1 : 1;
	int ret;

	ret = kbug_gunzip(data, size, &sb, max);
	if (sb.len > max || (ret && ret != -EFBIG && ret != -EBADMSG && ret != -ENOMEM &&
			     ret != -ENOSYS))
		abort();
	if (sb.buf[sb.len] != '\0')
		abort();
	strbuf_reset(&sb);
	ret = kbug_gunzip(data, size, &sb, 0);
	{
		struct strbuf z = STRBUF_INIT;
		int zret = kbug_gunzip_stream(data, size, &z, 0);

		if ((ret == 0) != (zret == 0) || (!ret && (z.len != sb.len ||
							   memcmp(z.buf, sb.buf, sb.len))))
			abort();
		strbuf_release(&z);
	}
	strbuf_release(&sb);
	return 0;
}
