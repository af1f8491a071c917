// SPDX-License-Identifier: GPL-2.0-or-later
/* mkdir -p and atomic file writes (util/fs.h). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/fs.h"
#include "util/strbuf.h"

int kbug_fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd) && errno != EINVAL)
		ret = -errno;
	close(fd);
	return ret;
}

int kbug_mkdir_p(const char *path, mode_t mode)
{
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	size_t i;
	int ret = 0;

	strbuf_addstr(&p, path);
	for (i = 1; i <= p.len && !ret; i++) {
		if (i < p.len && p.buf[i] != '/')
			continue;
		p.buf[i] = '\0';
		if (mkdir(p.buf, mode) && errno != EEXIST)
			ret = -errno;
		if (i < p.len)
			p.buf[i] = '/';
	}
	strbuf_release(&p);
	/* EEXIST is fine for a directory only */
	if (!ret && (stat(path, &st) || !S_ISDIR(st.st_mode)))
		ret = -ENOTDIR;
	return ret;
}

int kbug_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (!n)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int kbug_write_atomicat(int dirfd, const char *name, const void *data, size_t len)
{
	struct strbuf tmp = STRBUF_INIT;
	int fd, ret;

	strbuf_addf(&tmp, ".%s.tmp", name);
	fd = openat(dirfd, tmp.buf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = kbug_write_all(fd, data, len);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && renameat(dirfd, tmp.buf, dirfd, name))
		ret = -errno;
	if (ret)
		unlinkat(dirfd, tmp.buf, 0);
	else if (fsync(dirfd) && errno != EINVAL)
		ret = -errno;
out:
	strbuf_release(&tmp);
	return ret;
}

int kbug_write_atomic(const char *dir, const char *name, const void *data, size_t len)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret;

	if (dfd < 0)
		return -errno;
	ret = kbug_write_atomicat(dfd, name, data, len);
	close(dfd);
	return ret;
}

int kbug_fd_regular(int fd)
{
	struct stat st;
	int fl;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -ENODEV;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}
