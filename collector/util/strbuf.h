/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/*
 * A growable, always NUL-terminated byte buffer in the manner of git's
 * strbuf: `buf` is never NULL (it points at a shared empty string until
 * the first growth), `len` excludes the terminator, and strbuf_detach()
 * is the only way to take ownership of the memory. Allocation failure
 * aborts the program: there is no useful recovery for a few bytes.
 */
struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { .alloc = 0, .len = 0, .buf = strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
/* Return the buffer (malloc'd, NUL-terminated) and reset sb. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
/* Room for extra more bytes and the terminator. */
void strbuf_grow(struct strbuf *sb, size_t extra);

void strbuf_setlen(struct strbuf *sb, size_t len);
static inline void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

static inline void strbuf_swap(struct strbuf *a, struct strbuf *b)
{
	struct strbuf t = *a;

	*a = *b;
	*b = t;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void strbuf_trim(struct strbuf *sb);
void strbuf_rtrim(struct strbuf *sb);

/*
 * Read at most `limit` bytes of a file or stream into sb (appending).
 * Returns the number of bytes read or -errno; stops at `limit` and
 * returns -EFBIG if more data was left unread.
 */
long strbuf_read_fd(struct strbuf *sb, int fd, size_t limit);
long strbuf_read_file(struct strbuf *sb, const char *path, size_t limit);
/* Read one line without its '\n' (and '\r'); returns 0, or EOF. */
int strbuf_getline(struct strbuf *sb, FILE *fp);
