// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/strbuf.h"

char strbuf_slopbuf[1];

static void strbuf_oom(void)
{
	static const char msg[] = "kbug: out of memory\n";

	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(1);
	abort();
}

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = 0;
	sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *res;

	if (!sb->alloc)
		strbuf_grow(sb, 0);
	res = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return res;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want;
	char *nbuf;

	if (extra > SIZE_MAX / 2 - sb->len)
		strbuf_oom();
	want = sb->len + extra + 1;
	if (sb->alloc && want <= sb->alloc)
		return;
	if (want < sb->alloc * 3 / 2)
		want = sb->alloc * 3 / 2;
	if (want < 64)
		want = 64;
	nbuf = realloc(sb->alloc ? sb->buf : NULL, want);
	if (!nbuf)
		strbuf_oom();
	if (!sb->alloc)
		nbuf[0] = '\0';
	sb->buf = nbuf;
	sb->alloc = want;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (!sb->alloc)
		return;
	if (len > sb->len)
		len = sb->len;
	sb->len = len;
	sb->buf[len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_rtrim(struct strbuf *sb)
{
	while (sb->len && strchr(" \t\r\n\v\f", sb->buf[sb->len - 1]))
		sb->len--;
	if (sb->alloc)
		sb->buf[sb->len] = '\0';
}

void strbuf_trim(struct strbuf *sb)
{
	size_t i = 0;

	strbuf_rtrim(sb);
	while (i < sb->len && strchr(" \t\r\n\v\f", sb->buf[i]))
		i++;
	if (i) {
		memmove(sb->buf, sb->buf + i, sb->len - i);
		strbuf_setlen(sb, sb->len - i);
	}
}

/*
 * Reads start small and double: a /proc/sys file allocates and zeroes a
 * kernel buffer of the size asked for (proc_sys_call_handler()), so a
 * 64 KiB read of a 3-byte value costs a 128 KiB allocation, twice. A
 * regular file of known size is read in one go, and the read that is
 * to find its end goes to a small buffer instead of growing sb.
 */
long strbuf_read_fd(struct strbuf *sb, int fd, size_t limit)
{
	size_t got = 0, want = 4095, size = 0;
	struct stat st;
	char tmp[256];

	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size < (16u << 20)) {
		size = (size_t)st.st_size;
		want = size + 1;
	}
	while (got < limit) {
		size_t chunk = limit - got < want ? limit - got : want;
		bool at_end = size && got >= size;
		char *dst = tmp;
		ssize_t n;

		if (at_end) {
			chunk = chunk < sizeof(tmp) ? chunk : sizeof(tmp);
		} else {
			strbuf_grow(sb, chunk);
			dst = sb->buf + sb->len;
		}
		n = read(fd, dst, chunk);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return (long)got;
		if (at_end) {
			strbuf_add(sb, tmp, (size_t)n);
			size = 0;	/* it grew: read on as for any file */
		} else {
			sb->len += (size_t)n;
			sb->buf[sb->len] = '\0';
		}
		got += (size_t)n;
		if ((size_t)n == chunk && want < (1u << 20))
			want *= 2;	/* filled: there may be much more */
	}
	/* at the limit: is there more? */
	if (read(fd, tmp, 1) > 0)
		return -EFBIG;
	return (long)got;
}

long strbuf_read_file(struct strbuf *sb, const char *path, size_t limit)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	long n;

	if (fd < 0)
		return -errno;
	n = strbuf_read_fd(sb, fd, limit);
	close(fd);
	return n;
}

int strbuf_getline(struct strbuf *sb, FILE *fp)
{
	int c;

	strbuf_reset(sb);
	while ((c = getc(fp)) != EOF) {
		if (c == '\n')
			break;
		strbuf_addch(sb, c);
	}
	if (c == EOF && !sb->len)
		return EOF;
	if (sb->len && sb->buf[sb->len - 1] == '\r')
		strbuf_setlen(sb, sb->len - 1);
	return 0;
}
