// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/strbuf.h"
#include "util/term.h"

size_t kbug_term_sanitize(char *s, size_t len, bool keep_nl)
{
	unsigned char *p = (unsigned char *)s;
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		if ((p[i] < 0x20 && p[i] != '\t' && !(keep_nl && p[i] == '\n')) || p[i] == 0x7f) {
			p[i] = '?';
			n++;
		} else if (p[i] == 0xc2 && i + 1 < len && p[i + 1] >= 0x80 && p[i + 1] <= 0x9f) {
			/* a C1 control (CSI is U+009B) */
			p[i] = '?';
			p[++i] = '?';
			n++;
		}
	}
	return n;
}

int kbug_term_vprintf(FILE *f, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;
	int ret;

	strbuf_vaddf(&sb, fmt, ap);
	kbug_term_sanitize(sb.buf, sb.len, true);
	ret = fwrite(sb.buf, 1, sb.len, f) == sb.len ? (int)sb.len : -1;
	strbuf_release(&sb);
	return ret;
}

int kbug_tprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = kbug_term_vprintf(f, fmt, ap);
	va_end(ap);
	return ret;
}
