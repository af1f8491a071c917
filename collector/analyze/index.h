/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * The kernel tree index (data/linux-6.12.index.gz, made at build time by
 * kernel/index.py, format in docs/function-index.md): every source file
 * of the tree, every C function definition (name -> files) and every
 * Kbuild module (name -> directory, source files). Read on first need
 * only: a log whose frames carry file:line never loads it.
 */
struct kb_index;

/*
 * The shipped index, loaded once ($KBUG_INDEX names another file; set
 * to "" it disables the index). NULL when there is none or it is bad
 * (said once on stderr for a bad one).
 */
const struct kb_index *kb_index_get(void);
/* Was kb_index_get() asked to load it in this process (for the tests)? */
bool kb_index_loaded(void);

/*
 * Parse an inflated index held in buf (modified in place and kept by
 * the index: free with kb_index_free). NULL on bad input, with the
 * reason (naming `name` and the line) in err.
 */
struct kb_index *kb_index_parse(char *buf, size_t len, const char *name, char *err,
				size_t errsize);
void kb_index_free(struct kb_index *ix);

/* The release the index was made from, as a report's "Tainted:" line starts it */
#define KB_INDEX_RELEASE "6.12"

/* The header line: "kbug-index 6 linux-source-6.12 VERSION (...)". */
const char *kb_index_header(const struct kb_index *ix);
/*
 * The files defining func (up to max of them); their number. A function
 * 6.12 does not define but the older tree (6.1) did: its files there,
 * which 6.12 may not have (mm/slab.c).
 */
size_t kb_index_func(const struct kb_index *ix, const char *func, const char **files,
		     size_t max);
/* Is the function (a name the index has) exported, by EXPORT_SYMBOL*()? */
bool kb_index_exported(const struct kb_index *ix, const char *func);
/* Is path ("fs/ext4/inode.c") a file of the tree? */
bool kb_index_has_file(const struct kb_index *ix, const char *path);
/* The files called base ("bcmgenet.c") anywhere in the tree (up to max); their number. */
size_t kb_index_files_named(const struct kb_index *ix, const char *base, const char **files,
			    size_t max);
/*
 * The directory of the tree whose last component is name (n bytes) and
 * that lies under top ("drivers"): its length in *dir's first file, 0
 * when there is none or more than one.
 */
size_t kb_index_dir_named(const struct kb_index *ix, const char *top, const char *name, size_t n,
			  const char **dir);
/* Does some file of the tree lie under dir ("fs/ext4", no final slash)? */
bool kb_index_has_dir(const struct kb_index *ix, const char *dir, size_t len);
/*
 * Does a file right in dir ("drivers/gpu/drm/gma500/", with its final
 * slash) register a device driver (the index's `d` part)? A directory of
 * shared helpers (drivers/gpu/drm/display/) registers none.
 */
bool kb_index_dir_has_driver(const struct kb_index *ix, const char *dir);
/*
 * The nth (from 0) Kbuild module called name ('-' and '_' alike): its
 * directory in *dir and up to max of its source files; the number of
 * files, or -1 when there is no nth module of that name. A module only
 * the older tree (6.1) builds: its directory there (maybe gone), 0 files.
 */
int kb_index_module(const struct kb_index *ix, const char *name, size_t nth, const char **dir,
		    const char **files, size_t max);

/*
 * The files that register a device driver of that name (dev_printk()'s
 * first word, the struct device_driver's .name), up to max; the number.
 */
size_t kb_index_driver(const struct kb_index *ix, const char *name, const char **files,
		       size_t max);

/* The bytes of a message text the index compares first: its texts are longer. */
#define IX_MSG_KEY 12
/*
 * The file that logs msg (len bytes, a printk record's text): the one
 * whose format's constant text (a run between conversions) matches the
 * longest run of msg, among the files under `under` ("drivers/nvme/host/",
 * NULL: all). NULL when none matches or two files tie.
 */
const char *kb_index_message(const struct kb_index *ix, const char *msg, size_t len,
			     const char *under);
/* The error-level texts kb_index_error_place() takes are at least this long. */
#define IX_ERR_MIN 20
/*
 * Where a failure message no driver's prefix places comes from: the
 * longest text of a format logged at KERN_ERR or worse (at least
 * IX_ERR_MIN and min bytes, and one keep() accepts) that msg holds, logged by a
 * file under `under` (NULL: any); its file, or the directory all its
 * files share when that is two levels deep at least ("drivers/bluetooth/"),
 * in place. False when there is none.
 */
bool kb_index_error_place(const struct kb_index *ix, const char *msg, size_t len,
			  const char *under, size_t min, bool (*keep)(const char *, size_t),
			  char *place, size_t size);
/* The same for texts logged at level ('e': KERN_ERR, 'w': KERN_WARNING) or worse. */
bool kb_index_level_place(const struct kb_index *ix, const char *msg, size_t len,
			  const char *under, size_t min, char level,
			  bool (*keep)(const char *, size_t), char *place, size_t size);
/*
 * The same for texts logged at level or worse that begin msg, however
 * short (IX_MSG_KEY bytes at least): a format's first run is its start,
 * the place a message whose conversions make up most of it still names
 * ("VFS: Unable to mount root fs on \"%s\" or %s").
 */
bool kb_index_start_place(const struct kb_index *ix, const char *msg, size_t len, char level,
			  char *place, size_t size);
