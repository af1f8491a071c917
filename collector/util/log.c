// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>

#include "util/log.h"

int kbug_log_level = KBUG_LOG_WARN;

void kbug_log(int level, const char *fmt, ...)
{
	static const char *const prefix[] = { "error: ", "warning: ", "", "debug: " };
	va_list ap;

	if (level > kbug_log_level)
		return;
	fputs("kbug: ", stderr);
	fputs(prefix[level < 0 ? 0 : level > 3 ? 3 : level], stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
