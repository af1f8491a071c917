/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Text from outside (MAINTAINERS, logs, a report, the outbox, the user's
 * --summary) printed in human form: the bytes a terminal would act on
 * (C0 controls but the tab, DEL, and U+0080..U+009F in UTF-8) become '?',
 * so that "\e]2;..." cannot retitle a window or move a cursor.
 * JSON output is escaped by its writer and does not come here.
 */

/* Replace them in s[0..len) in place (newlines too unless keep_nl); returns how many. */
size_t kbug_term_sanitize(char *s, size_t len, bool keep_nl);

/*
 * fprintf / vfprintf of the sanitized text (newlines and tabs kept).
 */
int kbug_tprintf(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int kbug_term_vprintf(FILE *f, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
