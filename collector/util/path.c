// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util/path.h"
#include "util/strbuf.h"

static char *path_root;

void kbug_path_set_root(const char *root)
{
	free(path_root);
	path_root = NULL;
	if (root && *root && strcmp(root, "/")) {
		size_t n = strlen(root);

		while (n > 1 && root[n - 1] == '/')
			n--;
		path_root = strndup(root, n);
	}
}

const char *kbug_path_root(void)
{
	return path_root ? path_root : "";
}

const char *kbug_path(struct strbuf *out, const char *path)
{
	strbuf_reset(out);
	if (path_root && path[0] == '/')
		strbuf_addstr(out, path_root);
	strbuf_addstr(out, path);
	return out->buf;
}

FILE *kbug_path_fopen(const char *path, const char *mode)
{
	struct strbuf p = STRBUF_INIT;
	FILE *f = fopen(kbug_path(&p, path), mode);

	strbuf_release(&p);
	return f;
}

int kbug_path_open(const char *path, int flags)
{
	struct strbuf p = STRBUF_INIT;
	int fd = open(kbug_path(&p, path), flags | O_CLOEXEC);
	int saved = errno;

	strbuf_release(&p);
	errno = saved;
	return fd;
}

int kbug_path_exists(const char *path)
{
	struct strbuf p = STRBUF_INIT;
	int ok = access(kbug_path(&p, path), F_OK) == 0;

	strbuf_release(&p);
	return ok;
}

long kbug_path_read(struct strbuf *out, const char *path, size_t limit)
{
	int fd = kbug_path_open(path, O_RDONLY);
	long n;

	if (fd < 0)
		return -errno;
	n = strbuf_read_fd(out, fd, limit);
	close(fd);
	return n;
}

/*
 * The first line only: when the first read (4095 bytes, as the others)
 * holds a newline, the file's end is not looked for. A /proc/sys file
 * zeroes a kernel buffer of the size asked for at every read, the one that
 * finds the end too.
 */
int kbug_path_read_line(struct strbuf *out, const char *path)
{
	int fd = kbug_path_open(path, O_RDONLY);
	ssize_t n;
	char *nl;

	strbuf_reset(out);
	if (fd < 0)
		return -errno;
	strbuf_grow(out, 4095);
	do {
		n = read(fd, out->buf, 4095);
	} while (n < 0 && errno == EINTR);
	if (n < 0) {
		n = -errno;
		close(fd);
		return (int)n;
	}
	/* strbuf_setlen() only shortens */
	out->len = (size_t)n;
	out->buf[n] = '\0';
	if (!memchr(out->buf, '\n', (size_t)n)) {
		/* no line end yet: the rest, up to 64 KiB */
		n = strbuf_read_fd(out, fd, 65536 - (size_t)n);
		if (n < 0 && n != -EFBIG) {
			close(fd);
			return (int)n;
		}
	}
	close(fd);
	nl = memchr(out->buf, '\n', out->len);
	if (nl)
		strbuf_setlen(out, (size_t)(nl - out->buf));
	strbuf_rtrim(out);
	return 0;
}

int kbug_os_release(struct strbuf *out)
{
	struct utsname u;

	if (*kbug_path_root() || uname(&u))
		return kbug_path_read_line(out, "/proc/sys/kernel/osrelease");
	strbuf_reset(out);
	strbuf_addstr(out, u.release);
	return 0;
}

const char *kbug_cache_dir(struct strbuf *out)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	strbuf_reset(out);
	if (x && *x == '/')
		strbuf_addf(out, "%s/kbug", x);
	else if (home && *home)
		strbuf_addf(out, "%s/.cache/kbug", home);
	return out->len ? out->buf : NULL;
}

static int data_try(struct strbuf *out, const char *dir, const char *rel)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/%s", dir, rel);
	return access(out->buf, R_OK) == 0;
}

const char *kbug_data_path(struct strbuf *out, const char *rel)
{
	const char *env = getenv("KBUG_DATADIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (env && *env && data_try(out, env, rel))
		return out->buf;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;
		int up;

		exe[n] = '\0';
		/* ./kbug, build/kbug or build-asan/kbug in the source tree */
		for (up = 0; up < 2 && (slash = strrchr(exe, '/')); up++) {
			*slash = '\0';
			if (data_try(out, exe, rel))
				return out->buf;
		}
	}
	if (data_try(out, KBUG_DATADIR, rel))
		return out->buf;
	strbuf_reset(out);
	return NULL;
}
