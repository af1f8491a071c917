/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct strbuf;

/*
 * Every read of /proc, /sys, /dev, /etc, /boot, /lib or /usr goes through
 * here so that tests can point the whole program at a fixture root with
 * --sysroot DIR (or KBUG_SYSROOT). Paths given are absolute ("/proc/modules").
 * Below a root, every path resolves inside it as in a chroot (absolute
 * links and ".." included): openat2(RESOLVE_IN_ROOT), else by hand, an
 * error rather than an escape.
 */
/* NULL or "" or "/" = real root; a root that cannot be opened: message, -errno */
int kbug_path_set_root(const char *root);
/* Tests: resolve by hand, as without openat2 (Linux < 5.6). */
void kbug_path_manual_resolve(bool on);
const char *kbug_path_root(void);		/* "" when none */

/*
 * Write root + path into out (reset first); returns out->buf. For messages
 * and for libraries that take a path: such a path is not held to the root.
 */
const char *kbug_path(struct strbuf *out, const char *path);
/*
 * The same, the links in path resolved inside the root (as for an open),
 * for the libraries and trees that take a path: "" (errno set) when path
 * does not resolve (path may be out->buf). Only a check: the tree may
 * change before it is opened.
 */
const char *kbug_path_resolve(struct strbuf *out, const char *path);
FILE *kbug_path_fopen(const char *path, const char *mode);
int kbug_path_open(const char *path, int flags);
int kbug_path_exists(const char *path);
/* opendir(), scandir() (no filter) and readlink() of a path below the root */
DIR *kbug_path_opendir(const char *path);
int kbug_path_scandir(const char *path, struct dirent ***names,
		      int (*cmp)(const struct dirent **, const struct dirent **));
ssize_t kbug_path_readlink(const char *path, char *buf, size_t size);
/* Read a whole (small) file; trailing newline kept. Returns length or -errno. */
long kbug_path_read(struct strbuf *out, const char *path, size_t limit);
/* Read the first line of a sysfs/proc attribute, trailing whitespace stripped. */
/* The kernel release: uname()'s on this machine, /proc/sys/kernel/osrelease under a root. */
int kbug_os_release(struct strbuf *out);
int kbug_path_read_line(struct strbuf *out, const char *path);

/*
 * kbug's cache directory: $XDG_CACHE_HOME/kbug when that variable holds
 * an absolute path, else $HOME/.cache/kbug (not created here). Writes it
 * into out (reset first) and returns out->buf, or NULL (out empty) when
 * neither variable is set.
 */
const char *kbug_cache_dir(struct strbuf *out);

/*
 * Find a data file shipped with kbug ("templates/email.txt",
 * "data/bugzilla-kernel-org.map"): $KBUG_DATADIR, then the source tree
 * beside the running binary, then the installed $(datadir)/kbug.
 * Returns out->buf, or NULL when the file exists nowhere.
 */
const char *kbug_data_path(struct strbuf *out, const char *rel);
