// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Gzip data is outside input (/proc/config.gz of a fixture root,
 * /sys/kernel/maintainers.gz, MAINTAINERS.gz): inflate it with and
 * without a limit; never a crash, a leak, a hang or more than the limit.
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
	if (sb.len > max || (ret && ret != -EFBIG && ret != -EBADMSG && ret != -ENOMEM))
		abort();
	if (sb.buf[sb.len] != '\0')
		abort();
	strbuf_reset(&sb);
	kbug_gunzip(data, size, &sb, 0);
	strbuf_release(&sb);
	return 0;
}
