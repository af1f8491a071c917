// SPDX-License-Identifier: GPL-2.0-or-later
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util/path.h"
#include "util/strbuf.h"

static char *path_root;
static int root_fd = -1;
static bool no_openat2;	/* ENOSYS seen, or a test asked for the manual walk */

void kbug_path_manual_resolve(bool on)
{
	no_openat2 = on;
}

int kbug_path_set_root(const char *root)
{
	free(path_root);
	path_root = NULL;
	if (root_fd >= 0)
		close(root_fd);
	root_fd = -1;
	if (root && *root && strcmp(root, "/")) {
		size_t n = strlen(root);

		while (n > 1 && root[n - 1] == '/')
			n--;
		path_root = strndup(root, n);
		if (!path_root)
			return -ENOMEM;
		root_fd = open(path_root, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (root_fd < 0) {
			int e = errno;

			fprintf(stderr, "kbug: cannot use sysroot '%s': %s\n", root, strerror(e));
			free(path_root);
			path_root = NULL;
			return -e;
		}
	}
	return 0;
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

#define PATH_MAX_LINKS 40

/* Drop the last component of the resolved path (never above the root). */
static void path_pop(struct strbuf *done)
{
	char *slash = strrchr(done->buf, '/');

	strbuf_setlen(done, slash ? (size_t)(slash - done->buf) : 0);
}

/*
 * Resolve path below root_fd by hand, as RESOLVE_IN_ROOT does: ".." stops
 * at the root, an absolute link starts again from it. Writes the result
 * ("a/b/c", no "..", no link but maybe the last) into done.
 */
static int path_resolve_manual(const char *path, struct strbuf *done, bool follow_last)
{
	struct strbuf todo = STRBUF_INIT;
	char target[PATH_MAX];
	int links = 0, ret = 0;
	size_t pos = 0;

	strbuf_reset(done);
	strbuf_addstr(&todo, path);
	while (pos < todo.len) {
		size_t end = pos, keep;
		ssize_t n;

		while (end < todo.len && todo.buf[end] != '/')
			end++;
		if (end == pos || (end - pos == 1 && todo.buf[pos] == '.')) {
			pos = end + 1;
			continue;
		}
		if (end - pos == 2 && !strncmp(todo.buf + pos, "..", 2)) {
			path_pop(done);
			pos = end + 1;
			continue;
		}
		keep = done->len;
		if (done->len)
			strbuf_addch(done, '/');
		strbuf_add(done, todo.buf + pos, end - pos);
		pos = end + 1;
		if (pos >= todo.len && !follow_last)
			break;
		n = readlinkat(root_fd, done->buf, target, sizeof(target) - 1);
		if (n < 0) {
			if (errno == EINVAL)
				continue;	/* not a link */
			if (errno == ENOENT && pos >= todo.len)
				break;		/* created by the caller, or -ENOENT there */
			ret = -errno;
			break;
		}
		if (++links > PATH_MAX_LINKS) {
			ret = -ELOOP;
			break;
		}
		target[n] = '\0';
		strbuf_setlen(done, keep);
		if (target[0] == '/')
			strbuf_reset(done);
		/* the link's target, then what was left after it */
		{
			struct strbuf rest = STRBUF_INIT;

			strbuf_addstr(&rest, target);
			if (pos < todo.len) {
				strbuf_addch(&rest, '/');
				strbuf_addstr(&rest, todo.buf + pos);
			}
			strbuf_reset(&todo);
			strbuf_add(&todo, rest.buf, rest.len);
			strbuf_release(&rest);
			pos = 0;
		}
	}
	strbuf_release(&todo);
	return ret;
}

/*
 * Open the resolved path one component at a time, never following a link:
 * if the tree changed since it was resolved, an error, not an escape.
 */
static int path_open_walk(const char *rel, int flags)
{
	int dfd = dup(root_fd), fd;
	const char *s = rel;

	while (dfd >= 0) {
		const char *slash = strchr(s, '/');
		char comp[NAME_MAX + 1];
		size_t n;

		if (!slash)
			break;
		n = (size_t)(slash - s);
		if (n > NAME_MAX) {
			close(dfd);
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(comp, s, n);
		comp[n] = '\0';
		fd = openat(dfd, comp, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(dfd);
		dfd = fd;
		s = slash + 1;
	}
	if (dfd < 0)
		return -1;
	fd = openat(dfd, *s ? s : ".", flags | O_NOFOLLOW | O_CLOEXEC);
	{
		int e = errno;

		close(dfd);
		errno = e;
	}
	return fd;
}

const char *kbug_path_resolve(struct strbuf *out, const char *path)
{
	struct strbuf rel = STRBUF_INIT;
	int ret;

	if (!path_root || path[0] != '/')
		return path == out->buf ? out->buf : kbug_path(out, path);
	ret = path_resolve_manual(path, &rel, true);
	strbuf_reset(out);
	if (!ret)
		strbuf_addf(out, "%s/%s", path_root, rel.buf);
	strbuf_release(&rel);
	errno = -ret;
	return out->buf;
}

static int path_open_manual(const char *path, int flags)
{
	struct strbuf rel = STRBUF_INIT;
	int ret = path_resolve_manual(path, &rel, true), fd = -1;

	if (ret)
		errno = -ret;
	else
		fd = path_open_walk(rel.buf, flags);
	ret = errno;
	strbuf_release(&rel);
	errno = ret;
	return fd;
}

/*
 * Below a sysroot, every path resolves inside it as in a chroot:
 * openat2(RESOLVE_IN_ROOT) (Linux 5.6), else by hand.
 */
int kbug_path_open(const char *path, int flags)
{
	struct open_how how = { .flags = (uint64_t)(flags | O_CLOEXEC),
				.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS };
	long fd;

	if (!path_root || path[0] != '/')
		return open(path, flags | O_CLOEXEC);
	if (!no_openat2) {
		fd = syscall(SYS_openat2, root_fd, path, &how, sizeof(how));
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
			return (int)fd;
		no_openat2 = true;
	}
	return path_open_manual(path, flags);
}

FILE *kbug_path_fopen(const char *path, const char *mode)
{
	int fd = kbug_path_open(path, O_RDONLY);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, mode);
	if (!f)
		close(fd);
	return f;
}

DIR *kbug_path_opendir(const char *path)
{
	int fd = kbug_path_open(path, O_RDONLY | O_DIRECTORY);
	DIR *d;

	if (fd < 0)
		return NULL;
	d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}

int kbug_path_scandir(const char *path, struct dirent ***names,
		      int (*cmp)(const struct dirent **, const struct dirent **))
{
	int fd = kbug_path_open(path, O_RDONLY | O_DIRECTORY), n, e;

	if (fd < 0)
		return -1;
	n = scandirat(fd, ".", names, NULL, cmp);
	e = errno;
	close(fd);
	errno = e;
	return n;
}

ssize_t kbug_path_readlink(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	struct strbuf dir = STRBUF_INIT;
	ssize_t n;
	int dfd, e;

	if (!path_root || path[0] != '/')
		return readlink(path, buf, size);
	strbuf_add(&dir, path, (size_t)(slash - path));
	dfd = kbug_path_open(dir.len ? dir.buf : "/", O_PATH | O_DIRECTORY);
	strbuf_release(&dir);
	if (dfd < 0)
		return -1;
	n = readlinkat(dfd, slash + 1, buf, size);
	e = errno;
	close(dfd);
	errno = e;
	return n;
}

int kbug_path_exists(const char *path)
{
	int fd = kbug_path_open(path, O_PATH);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
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
