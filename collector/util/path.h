/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>
#include <stdio.h>

struct strbuf;

/*
 * Every read of /proc, /sys, /dev, /etc, /boot, /lib or /usr goes through
 * here so that tests can point the whole program at a fixture root with
 * --sysroot DIR (or KBUG_SYSROOT). Paths given are absolute ("/proc/modules").
 */
void kbug_path_set_root(const char *root);	/* NULL or "" or "/" = real root */
const char *kbug_path_root(void);		/* "" when none */

/* Write root + path into out (reset first); returns out->buf. */
const char *kbug_path(struct strbuf *out, const char *path);
FILE *kbug_path_fopen(const char *path, const char *mode);
int kbug_path_open(const char *path, int flags);
int kbug_path_exists(const char *path);
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
