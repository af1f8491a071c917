/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * The one logger. The front end sets the level from -q/-v; library code
 * reports through these macros and never prints user-facing text itself.
 * Messages are lower-case, without a full stop, subject in quotes:
 * "cannot read '/proc/modules': Permission denied".
 */
enum kbug_log_level {
	KBUG_LOG_ERR = 0,
	KBUG_LOG_WARN = 1,
	KBUG_LOG_INFO = 2,
	KBUG_LOG_DBG = 3,
};

extern int kbug_log_level;	/* default KBUG_LOG_WARN; -q: ERR; -v: INFO; -vv: DBG */

void kbug_log(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The text of the newest error logged (even under -q), cut at 511 bytes,
 * or NULL: for a state that keeps the reason itself, not "see above".
 */
const char *kbug_log_last_error(void);
/* Forget it: before a step whose own error is wanted. */
void kbug_log_forget(void);

/* CLOCK_MONOTONIC in nanoseconds, for -vv's timings */
unsigned long long kbug_now_ns(void);

/* DBG "WHAT in N.NN ms" since START (a kbug_now_ns() value) */
void kbug_log_elapsed(const char *what, unsigned long long start);

#define ERR(...) kbug_log(KBUG_LOG_ERR, __VA_ARGS__)
#define WARN(...) kbug_log(KBUG_LOG_WARN, __VA_ARGS__)
#define INFO(...) kbug_log(KBUG_LOG_INFO, __VA_ARGS__)
#define DBG(...) kbug_log(KBUG_LOG_DBG, __VA_ARGS__)
