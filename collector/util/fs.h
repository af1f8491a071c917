/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>
#include <sys/types.h>

/*
 * Files that survive a crash: mkdir -p, a write that loops over short
 * writes, and the atomic replace (temporary file, fsync, rename, fsync
 * of the directory). All return 0 or -errno, and print nothing.
 */

/*
 * Create path and its missing parents with mode (existing directories are
 * fine); -ENOTDIR when path is there but no directory.
 */
int kbug_mkdir_p(const char *path, mode_t mode);
/* fsync a directory (after a rename or a new entry in it). */
int kbug_fsync_dir(const char *dir);
/* All of p[0..len) to fd, retrying on EINTR; -EIO when nothing more is taken. */
int kbug_write_all(int fd, const void *p, size_t len);
/* Replace DIR/NAME atomically by data (mode 0600): DIR/.NAME.tmp, fsync, rename, fsync. */
int kbug_write_atomic(const char *dir, const char *name, const void *data, size_t len);
/* The same in the directory open as dirfd; NAME and its temporary file are never followed. */
int kbug_write_atomicat(int dirfd, const char *name, const void *data, size_t len);
/*
 * fd (from an open() with O_NONBLOCK, so that a FIFO or a device named
 * by the user does not block it) if it is a regular file, made blocking
 * again; else closed and -ENODEV ("not a regular file"). fd < 0: -errno.
 */
int kbug_fd_regular(int fd);
