// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "util/log.h"
#include "util/term.h"

int kbug_log_level = KBUG_LOG_WARN;

static char last_error[512];

const char *kbug_log_last_error(void)
{
	return last_error[0] ? last_error : NULL;
}

void kbug_log_forget(void)
{
	last_error[0] = '\0';
}

void kbug_log(int level, const char *fmt, ...)
{
	static const char *const prefix[] = { "error: ", "warning: ", "", "debug: " };
	va_list ap;

	if (level <= KBUG_LOG_ERR) {
		va_start(ap, fmt);
		vsnprintf(last_error, sizeof(last_error), fmt, ap);
		va_end(ap);
	}
	if (level > kbug_log_level)
		return;
	fputs("kbug: ", stderr);
	fputs(prefix[level < 0 ? 0 : level > 3 ? 3 : level], stderr);
	va_start(ap, fmt);
	kbug_term_vprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

unsigned long long kbug_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000u + (unsigned long long)ts.tv_nsec;
}

void kbug_log_elapsed(const char *what, unsigned long long start)
{
	unsigned long long ns;

	if (kbug_log_level < KBUG_LOG_DBG)
		return;
	ns = kbug_now_ns() - start;
	kbug_log(KBUG_LOG_DBG, "%s in %llu.%02llu ms", what, ns / 1000000u, ns / 10000u % 100u);
}
