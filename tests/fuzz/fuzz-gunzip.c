// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Gzip data is outside input (/proc/config.gz of a fixture root,
 * /sys/kernel/maintainers.gz, MAINTAINERS.gz): inflate it with and
 * without a limit; never a crash, a leak, a hang or more than the limit.
 * Cut at a budget, the text is the first bytes of the whole text.
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
	{
		struct strbuf whole = STRBUF_INIT;
		int wret = kbug_gunzip(data, size, &whole, 0);

		/* the budget cuts the same text: what came before the cut is its start */
		if (!wret && (ret == 0 || ret == -EFBIG) &&
		    (sb.len > whole.len || memcmp(sb.buf, whole.buf, sb.len)))
			abort();
		strbuf_release(&whole);
	}
	strbuf_release(&sb);
	return 0;
}
