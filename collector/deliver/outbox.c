// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The outbox (see outbox.h): a directory per report, every file written
 * through a temporary file, fsync and rename, the directory fsync'ed
 * after, so that a crash or a full disk leaves either the old file or
 * the new one, never half of one.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/settings.h"
#include "deliver/outbox.h"
#include "util/fs.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define OUTBOX_MAX_FILE (64L * 1024 * 1024)
#define OUTBOX_MAX_ITEMS 100000
/* removing a directory: how deep, and how many entries in each */
#define OUTBOX_RM_DEPTH 4
#define OUTBOX_RM_ENTRIES 100000

/*
 * Room on disk for the state a network step ends in: written before it
 * (state "sending"), removed just before that state is written, so that a
 * disk filling up meanwhile cannot leave a delivered item reading
 * "sending" (and advising a duplicate --retry --force).
 */
#define OUTBOX_RESERVE ".reserve"
#define OUTBOX_RESERVE_SLACK 16384
#define OUTBOX_DONE_REASON "delivered by hand (kbug outbox --done)"
#define OUTBOX_DROP_REASON "dropped by the user"

struct kbug_outbox_item {
	char *outbox;
	char *id;
	char *path;		/* OUTBOX/.new-ID, OUTBOX/ID, OUTBOX/sent/ID, OUTBOX/dropped/ID */
	struct json_object *state;
	int lock_fd;		/* holds the flock: from kbug_outbox_item_new or _open on */
	enum kbug_outbox_where where;
	bool committed;
	bool reserved;		/* OUTBOX_RESERVE holds room for the state after a network step */
};

/* the folder (with its slash) below OUTBOX for each place */
static const char *const where_prefix[] = {
	[KBUG_OUTBOX_WAITING] = "",
	[KBUG_OUTBOX_SENT] = "sent/",
	[KBUG_OUTBOX_DROPPED] = "dropped/",
};

int kbug_outbox_dir(struct strbuf *out, const char *override)
{
	const char *cfg = kbug_config_get("report", "outbox");
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	struct stat st;
	int ret;

	strbuf_reset(out);
	if (override && *override)
		strbuf_addstr(out, override);
	else if (cfg && *cfg)
		strbuf_addstr(out, cfg);
	else if (xdg && *xdg == '/')
		strbuf_addf(out, "%s/kbug/outbox", xdg);
	else if (home && *home)
		strbuf_addf(out, "%s/.local/share/kbug/outbox", home);
	else
		return -ENOENT;
	while (out->len > 1 && out->buf[out->len - 1] == '/')
		strbuf_setlen(out, out->len - 1);
	ret = kbug_mkdir_p(out->buf, 0700);
	if (ret) {
		ERR("cannot create the outbox '%s': %s", out->buf, strerror(-ret));
		return ret;
	}
	if (stat(out->buf, &st) || !S_ISDIR(st.st_mode)) {
		ERR("the outbox '%s' is not a directory", out->buf);
		return -ENOTDIR;
	}
	/* another user could swap its items for links to files of ours */
	if (st.st_uid != geteuid() || (st.st_mode & 022)) {
		ERR("the outbox '%s' is %s: refusing it (chmod 700 it, or give another --outbox)",
		    out->buf, st.st_uid != geteuid() ? "owned by another user" :
		    "writable by others");
		return -EPERM;
	}
	return 0;
}

/*
 * The folder of `where` (OUTBOX, OUTBOX/sent, OUTBOX/dropped) open, never
 * through a symlink: -ELOOP or -ENOTDIR for one; created (0700) if asked.
 */
static int open_where(const char *outbox, enum kbug_outbox_where where, bool create)
{
	int ofd = open(outbox, O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd;
	char name[16];

	if (ofd < 0 || where == KBUG_OUTBOX_WAITING)
		return ofd < 0 ? -errno : ofd;
	snprintf(name, sizeof(name), "%s", where_prefix[where]);
	name[strlen(name) - 1] = '\0';
	if (create && mkdirat(ofd, name, 0700) && errno != EEXIST) {
		fd = -errno;
		close(ofd);
		return fd;
	}
	fd = openat(ofd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		fd = errno == ENOTDIR ? -ELOOP : -errno;
	close(ofd);
	return fd;
}

static bool outbox_id_ok(const char *id)
{
	size_t n = strlen(id);

	if (!n || n > 128 || id[0] == '.')
		return false;
	/* the folders of delivered and dropped items are no items */
	if (!strcmp(id, "sent") || !strcmp(id, "dropped"))
		return false;
	for (; *id; id++)
		if (!((*id >= 'a' && *id <= 'z') || (*id >= 'A' && *id <= 'Z') ||
		      (*id >= '0' && *id <= '9') || *id == '-' || *id == '_' || *id == '.'))
			return false;
	return true;
}

static void outbox_now(char *buf, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static struct kbug_outbox_item *item_alloc(const char *outbox, const char *id)
{
	struct kbug_outbox_item *it = calloc(1, sizeof(*it));

	if (!it)
		abort();
	it->outbox = strdup(outbox);
	it->id = strdup(id);
	if (!it->outbox || !it->id)
		abort();
	it->lock_fd = -1;
	return it;
}

static void item_set_path(struct kbug_outbox_item *it, const char *fmt_prefix)
{
	struct strbuf p = STRBUF_INIT;

	strbuf_addf(&p, "%s/%s%s", it->outbox, fmt_prefix, it->id);
	free(it->path);
	it->path = strbuf_detach(&p, NULL);
}

static void item_set_where(struct kbug_outbox_item *it, enum kbug_outbox_where where)
{
	it->where = where;
	item_set_path(it, where_prefix[where]);
}

static bool same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/*
 * Lock the staging directory this kbug has just made. Until the flock is
 * held, a kbug outbox --clean may take the directory for a dead writer's
 * and remove it: then (-ESTALE) the caller starts again with a new id.
 */
static int lock_staging(struct kbug_outbox_item *it)
{
	struct stat a, b;
	int fd = open(it->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return errno == ENOENT ? -ESTALE : -errno;
	/* only a cleaner can hold it, and only while it removes the directory */
	while (flock(fd, LOCK_EX)) {
		int e = errno;

		if (e != EINTR) {
			close(fd);
			return -e;
		}
	}
	if (fstat(fd, &a) || lstat(it->path, &b) || !same_inode(&a, &b)) {
		close(fd);
		return -ESTALE;
	}
	it->lock_fd = fd;
	return 0;
}

int kbug_outbox_item_new(const char *outbox, const char *channel,
			 struct kbug_outbox_item **out)
{
	struct kbug_outbox_item *it;
	unsigned char rnd[4] = { 0 };
	char stamp[32], id[64];
	time_t t = time(NULL);
	struct tm tm;
	int tries, ret;

	*out = NULL;
	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	for (tries = 0; tries < 16; tries++) {
		if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd)) {
			rnd[0] ^= (unsigned char)getpid();
			rnd[1] ^= (unsigned char)tries;
		}
		snprintf(id, sizeof(id), "%s-%02x%02x%02x%02x", stamp, rnd[0], rnd[1], rnd[2],
			 rnd[3]);
		it = item_alloc(outbox, id);
		item_set_path(it, ".new-");
		if (mkdir(it->path, 0700)) {
			ret = -errno;
		} else {
			ret = lock_staging(it);
			if (!ret)
				break;
			if (ret != -ESTALE)
				rmdir(it->path);
		}
		if (ret != -EEXIST && ret != -ESTALE) {
			ERR("cannot create '%s': %s", it->path, strerror(-ret));
			kbug_outbox_item_free(it);
			return ret;
		}
		kbug_outbox_item_free(it);
		it = NULL;
	}
	if (!it)
		return -EEXIST;
	outbox_now(stamp, sizeof(stamp));
	it->state = json_object_new_object();
	kj_set_str(it->state, "id", id);
	kj_set_str(it->state, "channel", channel);
	kj_set_str(it->state, "state", kbug_outbox_state_name(KBUG_STATE_NEW));
	kj_set_str(it->state, "created", stamp);
	kj_set(it->state, "attempts", json_object_new_array());
	*out = it;
	return 0;
}

/* kbug_write_atomic, with a test hook to prove the error path (real tests use a small tmpfs) */
static int write_atomic(struct kbug_outbox_item *it, const char *name, const void *data,
			size_t len)
{
	const char *inject = getenv("KBUG_TEST_OUTBOX_FAIL");
	int ret = inject && !strcmp(inject, name) ? -ENOSPC :
		  it->lock_fd >= 0 ? kbug_write_atomicat(it->lock_fd, name, data, len) :
		  kbug_write_atomic(it->path, name, data, len);

	if (ret)
		ERR("cannot write '%s/%s': %s", it->path, name, strerror(-ret));
	return ret;
}

static bool name_ok(const char *name)
{
	return *name && name[0] != '.' && !strchr(name, '/') && strlen(name) < 200;
}

int kbug_outbox_write(struct kbug_outbox_item *it, const char *name, const void *data,
		      size_t len)
{
	if (!name_ok(name))
		return -EINVAL;
	return write_atomic(it, name, data, len);
}

const char *kbug_outbox_file(struct kbug_outbox_item *it, struct strbuf *out,
			     const char *name)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/%s", it->path, name);
	return out->buf;
}

int kbug_outbox_read(struct kbug_outbox_item *it, const char *name, struct strbuf *out)
{
	long n;
	int fd;

	if (!name_ok(name))
		return -EINVAL;
	if (it->lock_fd < 0)
		return -EBADF;
	/* a symlink (ELOOP), FIFO or device (ENODEV) in an item is none of its files */
	fd = kbug_fd_regular(openat(it->lock_fd, name,
				    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
	if (fd < 0)
		return fd;
	n = strbuf_read_fd(out, fd, OUTBOX_MAX_FILE);
	close(fd);
	return n < 0 ? (int)n : 0;
}

struct json_object *kbug_outbox_state(struct kbug_outbox_item *it)
{
	return it->state;
}

static const char *const state_names[KBUG_STATE_NR] = {
	[KBUG_STATE_NEW] = "new",
	[KBUG_STATE_QUEUED] = "queued",
	[KBUG_STATE_SENDING] = "sending",
	[KBUG_STATE_SENT] = "sent",
	[KBUG_STATE_FAILED] = "failed",
	[KBUG_STATE_UNKNOWN] = "unknown",
	[KBUG_STATE_MANUAL] = "manual",
	[KBUG_STATE_DROPPED] = "dropped",
};

#define S(x) (1u << KBUG_STATE_##x)
#define WAITING (S(QUEUED) | S(SENDING) | S(FAILED) | S(UNKNOWN) | S(MANUAL))

/* The transitions: to_of[from] holds a bit for each state it may go to. */
static const unsigned int to_of[KBUG_STATE_NR] = {
	[KBUG_STATE_NEW] = S(QUEUED),
	[KBUG_STATE_QUEUED] = (WAITING & ~S(QUEUED)) | S(SENT) | S(DROPPED),
	[KBUG_STATE_SENDING] = (WAITING & ~S(QUEUED)) | S(SENT) | S(DROPPED),
	[KBUG_STATE_FAILED] = (WAITING & ~S(QUEUED)) | S(SENT) | S(DROPPED),
	[KBUG_STATE_UNKNOWN] = (WAITING & ~S(QUEUED)) | S(SENT) | S(DROPPED),
	[KBUG_STATE_MANUAL] = (WAITING & ~S(QUEUED)) | S(SENT) | S(DROPPED),
	[KBUG_STATE_DROPPED] = S(QUEUED) | S(UNKNOWN) | S(DROPPED),
	[KBUG_STATE_SENT] = S(SENT),
};

const char *kbug_outbox_state_name(enum kbug_outbox_state s)
{
	return (unsigned int)s < KBUG_STATE_NR ? state_names[s] : NULL;
}

enum kbug_outbox_state kbug_outbox_state_parse(const char *name)
{
	unsigned int i;

	for (i = 0; name && i < KBUG_STATE_NR; i++)
		if (!strcmp(name, state_names[i]))
			return (enum kbug_outbox_state)i;
	return KBUG_STATE_UNKNOWN;
}

bool kbug_outbox_state_allowed(enum kbug_outbox_state from, enum kbug_outbox_state to)
{
	return (unsigned int)from < KBUG_STATE_NR && (unsigned int)to < KBUG_STATE_NR &&
	       (to_of[from] & (1u << to));
}

enum kbug_outbox_state kbug_outbox_get_state(struct kbug_outbox_item *it)
{
	const char *s = kj_get_str(it->state, "state");

	return s ? kbug_outbox_state_parse(s) : KBUG_STATE_QUEUED;
}

int kbug_outbox_save_state(struct kbug_outbox_item *it)
{
	const char *s = json_object_to_json_string_ext(it->state, JSON_C_TO_STRING_PRETTY |
						       JSON_C_TO_STRING_NOSLASHESCAPE);
	struct strbuf sb = STRBUF_INIT;
	int ret;

	strbuf_addstr(&sb, s);
	strbuf_addch(&sb, '\n');
	ret = write_atomic(it, "state.json", sb.buf, sb.len);
	strbuf_release(&sb);
	return ret;
}

/* Take the room for the final state (and make sent/), before a network step. */
static int reserve_room(struct kbug_outbox_item *it)
{
	size_t len = strlen(json_object_to_json_string_ext(it->state, JSON_C_TO_STRING_PRETTY)) +
		     OUTBOX_RESERVE_SLACK;
	char *zero = calloc(1, len);
	int ret, fd;

	if (!zero)
		abort();
	fd = open_where(it->outbox, KBUG_OUTBOX_SENT, true);
	ret = fd < 0 ? fd : kbug_write_atomicat(it->lock_fd, OUTBOX_RESERVE, zero, len);
	if (fd >= 0)
		close(fd);
	free(zero);
	if (ret) {
		unlinkat(it->lock_fd, OUTBOX_RESERVE, 0);
		ERR("no room in the outbox to record what becomes of '%s' (%s): not sending it",
		    it->id, strerror(-ret));
		return ret;
	}
	it->reserved = true;
	return 0;
}

/* Give the room back, right before the state it was kept for is written. */
static void release_room(struct kbug_outbox_item *it)
{
	if (!it->reserved)
		return;
	unlinkat(it->lock_fd, OUTBOX_RESERVE, 0);
	it->reserved = false;
}

int kbug_outbox_set_state(struct kbug_outbox_item *it, enum kbug_outbox_state to,
			  const char *reason)
{
	struct json_object *a = kj_get(it->state, "attempts"), *e;
	enum kbug_outbox_state from = kbug_outbox_get_state(it);
	const char *state = kbug_outbox_state_name(to);
	char now[32];

	if (!kbug_outbox_state_allowed(from, to)) {
		ERR("outbox item '%s': no way from %s to %s", it->id,
		    kbug_outbox_state_name(from) ?: "?", state ?: "?");
		return -EINVAL;
	}
	if (to == KBUG_STATE_SENDING && it->lock_fd >= 0 && !it->reserved) {
		int ret = reserve_room(it);

		if (ret)
			return ret;
	} else if (to != KBUG_STATE_SENDING) {
		release_room(it);
	}
	outbox_now(now, sizeof(now));
	kj_set_str(it->state, "state", state);
	json_object_object_del(it->state, "reason");
	kj_set_str(it->state, "reason", reason);
	kj_set_str(it->state, "updated", now);
	if (!a || !json_object_is_type(a, json_type_array)) {
		a = json_object_new_array();
		kj_set(it->state, "attempts", a);
	}
	if (json_object_array_length(a) < 1000) {
		e = json_object_new_object();
		kj_set_str(e, "time", now);
		kj_set_str(e, "state", state);
		kj_set_str(e, "reason", reason);
		kj_append(a, e);
	}
	return kbug_outbox_save_state(it);
}

int kbug_outbox_record(struct kbug_outbox_item *it, const char *key, const char *value)
{
	kj_set_str(it->state, key, value);
	return kbug_outbox_save_state(it);
}

static int lock_dir(struct kbug_outbox_item *it)
{
	int wfd = open_where(it->outbox, it->where, false), fd;

	if (wfd < 0)
		return wfd;
	fd = openat(wfd, it->id, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		fd = -errno;
	close(wfd);
	if (fd < 0)
		return fd == -ENOTDIR ? -ELOOP : fd;
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;

		close(fd);
		return e == EWOULDBLOCK ? -EBUSY : -e;
	}
	it->lock_fd = fd;
	return 0;
}

int kbug_outbox_commit(struct kbug_outbox_item *it)
{
	struct strbuf dst = STRBUF_INIT;
	int ret;

	ret = kbug_outbox_set_state(it, KBUG_STATE_QUEUED, NULL);
	if (ret)
		return ret;
	strbuf_addf(&dst, "%s/%s", it->outbox, it->id);
	if (rename(it->path, dst.buf)) {
		ret = -errno;
		ERR("cannot move '%s' to '%s': %s", it->path, dst.buf, strerror(errno));
		strbuf_release(&dst);
		return ret;
	}
	strbuf_release(&dst);
	/* the same inode: the flock taken by kbug_outbox_item_new goes on */
	item_set_where(it, KBUG_OUTBOX_WAITING);
	it->committed = true;
	return kbug_fsync_dir(it->outbox);
}

static int remove_at(int dirfd, const char *name, int depth);

/*
 * Empty the directory open as fd (not closed here), never following a
 * symbolic link: a link is removed, not what it points to. 0, or the first
 * error (removal goes on past it).
 */
static int remove_contents(int fd, int depth)
{
	struct dirent *e;
	size_t n = 0;
	int ret = 0, dfd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	DIR *d = dfd < 0 ? NULL : fdopendir(dfd);

	if (!d) {
		ret = -errno;
		if (dfd >= 0)
			close(dfd);
		return ret;
	}
	while ((e = readdir(d))) {
		bool is_dir = e->d_type == DT_DIR;
		struct stat st;
		int r = 0;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (++n > OUTBOX_RM_ENTRIES) {
			ret = ret ?: -EMLINK;
			break;
		}
		if (e->d_type == DT_UNKNOWN)
			is_dir = !fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) &&
				 S_ISDIR(st.st_mode);
		if (is_dir)
			r = remove_at(fd, e->d_name, depth + 1);
		else if (unlinkat(fd, e->d_name, 0))
			r = -errno;
		if (r && r != -ENOENT && !ret)
			ret = r;
	}
	closedir(d);
	return ret;
}

/* Remove the directory name in dirfd with what it holds, at most OUTBOX_RM_DEPTH deep. */
static int remove_at(int dirfd, const char *name, int depth)
{
	int fd, ret;

	if (depth > OUTBOX_RM_DEPTH)
		return -ELOOP;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = remove_contents(fd, depth);
	close(fd);
	if (unlinkat(dirfd, name, AT_REMOVEDIR) && !ret)
		ret = -errno;
	return ret;
}

void kbug_outbox_discard(struct kbug_outbox_item *it)
{
	int ret;

	if (!it || it->committed || !it->path)
		return;
	ret = remove_at(AT_FDCWD, it->path, 0);
	if (ret && ret != -ENOENT)
		ERR("cannot remove '%s': %s", it->path, strerror(-ret));
}

int kbug_outbox_open(const char *outbox, const char *id, enum kbug_outbox_where where,
		     struct kbug_outbox_item **out)
{
	struct kbug_outbox_item *it;
	struct strbuf sb = STRBUF_INIT;
	struct json_object *st;
	int ret;

	*out = NULL;
	if (!outbox_id_ok(id) || (unsigned int)where >= ARRAY_SIZE(where_prefix))
		return -ENOENT;
	it = item_alloc(outbox, id);
	item_set_where(it, where);
	it->committed = true;
	ret = lock_dir(it);
	if (ret) {
		kbug_outbox_item_free(it);
		return ret;
	}
	ret = kbug_outbox_read(it, "state.json", &sb);
	if (ret) {
		ERR("cannot read '%s/state.json': %s", it->path, strerror(-ret));
		goto fail;
	}
	st = json_tokener_parse(sb.buf);
	if (!st || !json_object_is_type(st, json_type_object)) {
		json_object_put(st);
		ERR("'%s/state.json' is not a JSON object", it->path);
		ret = -EINVAL;
		goto fail;
	}
	it->state = st;
	strbuf_release(&sb);
	*out = it;
	return 0;
fail:
	strbuf_release(&sb);
	kbug_outbox_item_free(it);
	return ret;
}

void kbug_outbox_item_free(struct kbug_outbox_item *it)
{
	if (!it)
		return;
	release_room(it);
	if (it->lock_fd >= 0)
		close(it->lock_fd);
	json_object_put(it->state);
	free(it->outbox);
	free(it->id);
	free(it->path);
	free(it);
}

/* The .new-* names in the outbox (NULL-terminated, maybe empty). */
static char **staged_names(const char *outbox)
{
	DIR *d = opendir(outbox);
	struct dirent *e;
	char **v;
	size_t nr = 0;

	v = calloc(1, sizeof(*v));
	if (!v)
		abort();
	if (!d)
		return v;
	while ((e = readdir(d)) && nr < OUTBOX_MAX_ITEMS) {
		if (strncmp(e->d_name, ".new-", 5))
			continue;
		v = realloc(v, (nr + 2) * sizeof(*v));
		if (!v)
			abort();
		v[nr] = strdup(e->d_name);
		if (!v[nr])
			abort();
		v[++nr] = NULL;
	}
	closedir(d);
	return v;
}

/*
 * Open and flock (how: LOCK_SH or LOCK_EX) the staging directory name in
 * dfd without waiting: the fd, -EBUSY when its writer is alive, -ENOTDIR
 * for what is no directory (a symbolic link too), -ENOENT when it is gone.
 */
static int staged_lock(int dfd, const char *name, int how)
{
	struct stat a, b;
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return errno == ELOOP ? -ENOTDIR : -errno;
	if (flock(fd, how | LOCK_NB)) {
		int e = errno;

		close(fd);
		return e == EWOULDBLOCK ? -EBUSY : -e;
	}
	/* still under that name (its writer may have committed and gone since) */
	if (fstat(fd, &a) || fstatat(dfd, name, &b, AT_SYMLINK_NOFOLLOW) || !same_inode(&a, &b)) {
		close(fd);
		return -ENOENT;
	}
	return fd;
}

int kbug_outbox_count_staged(const char *outbox, int *busy)
{
	char **names = staged_names(outbox);
	int dfd = open(outbox, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int n = 0, i;

	if (busy)
		*busy = 0;
	for (i = 0; dfd >= 0 && names[i]; i++) {
		int fd = staged_lock(dfd, names[i], LOCK_SH);

		if (fd >= 0) {
			close(fd);
			n++;
		} else if (fd == -EBUSY && busy) {
			(*busy)++;
		}
	}
	if (dfd >= 0)
		close(dfd);
	kbug_argv_free(names);
	return n;
}

int kbug_outbox_clean(const char *outbox,
		      void (*cb)(const char *name, int result, void *data), void *data)
{
	char **names;
	int dfd = open(outbox, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int n = 0, i;

	if (dfd < 0)
		return -errno;
	names = staged_names(outbox);
	for (i = 0; names[i]; i++) {
		int fd = staged_lock(dfd, names[i], LOCK_EX), ret;

		if (fd == -ENOENT)
			continue;
		if (fd < 0) {
			ret = fd;
		} else {
			/* removed while locked: no writer can come back to it */
			ret = remove_contents(fd, 0);
			if (unlinkat(dfd, names[i], AT_REMOVEDIR) && !ret)
				ret = -errno;
			close(fd);
		}
		if (!ret)
			n++;
		if (cb)
			cb(names[i], ret, data);
	}
	close(dfd);
	kbug_argv_free(names);
	return n;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int kbug_outbox_list(const char *outbox, enum kbug_outbox_where where, char ***ids)
{
	struct strbuf p = STRBUF_INIT;
	char **v = NULL;
	size_t nr = 0, alloc = 0;
	struct dirent *e;
	int dfd;
	DIR *d;

	*ids = NULL;
	if ((unsigned int)where >= ARRAY_SIZE(where_prefix))
		return -EINVAL;
	dfd = open_where(outbox, where, false);
	d = dfd < 0 ? NULL : fdopendir(dfd);
	if (!d) {
		int e2 = dfd < 0 ? -dfd : errno;

		if (dfd >= 0)
			close(dfd);
		if (e2 != ENOENT)
			return -e2;
		*ids = calloc(1, sizeof(char *));
		return 0;
	}
	while ((e = readdir(d)) && nr < OUTBOX_MAX_ITEMS) {
		struct stat st;

		if (!outbox_id_ok(e->d_name))
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/state.json", e->d_name);
		if (fstatat(dirfd(d), p.buf, &st, AT_SYMLINK_NOFOLLOW))
			continue;
		if (nr + 2 > alloc) {
			alloc = alloc ? alloc * 2 : 16;
			v = realloc(v, alloc * sizeof(*v));
			if (!v)
				abort();
		}
		v[nr] = strdup(e->d_name);
		if (!v[nr])
			abort();
		v[++nr] = NULL;
	}
	closedir(d);
	strbuf_release(&p);
	if (!v) {
		v = calloc(1, sizeof(*v));
		if (!v)
			abort();
	}
	qsort(v, nr, sizeof(*v), cmp_str);
	*ids = v;
	return (int)nr;
}

const char *kbug_outbox_item_id(const struct kbug_outbox_item *it)
{
	return it->id;
}

const char *kbug_outbox_item_path(const struct kbug_outbox_item *it)
{
	return it->path;
}

const char *kbug_outbox_item_channel(const struct kbug_outbox_item *it)
{
	return kj_get_str(it->state, "channel");
}

enum kbug_outbox_where kbug_outbox_item_where(const struct kbug_outbox_item *it)
{
	return it->where;
}

/* renameat(), but never over an existing directory where the file system can tell */
static int rename_noreplace(int from, int to, const char *name)
{
	if (!renameat2(from, name, to, name, RENAME_NOREPLACE))
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -errno;
	return renameat(from, name, to, name) ? -errno : 0;
}

/*
 * Move a committed item to OUTBOX/[sent/|dropped/]ID, and fsync both
 * folders, never through a symlinked sent/ or dropped/. The lock goes
 * with it (the fd still refers to the same inode). where_dir gets the
 * folder it was to go to, for the caller's message.
 */
static int outbox_move(struct kbug_outbox_item *it, enum kbug_outbox_where to,
		       struct strbuf *where_dir)
{
	int ffd = -1, tfd = -1, ret = 0;

	strbuf_reset(where_dir);
	strbuf_addf(where_dir, "%s/%s", it->outbox, where_prefix[to]);
	strbuf_setlen(where_dir, where_dir->len - 1);
	if (!it->committed)
		return -EINVAL;
	if (it->where == to)
		return 0;
	ffd = open_where(it->outbox, it->where, false);
	tfd = open_where(it->outbox, to, true);
	ret = ffd < 0 ? ffd : tfd < 0 ? tfd : rename_noreplace(ffd, tfd, it->id);
	if (ret)
		goto out;
	item_set_where(it, to);
	if (fsync(ffd) && errno != EINVAL)
		ret = -errno;
	if (!ret && fsync(tfd) && errno != EINVAL)
		ret = -errno;
out:
	if (ffd >= 0)
		close(ffd);
	if (tfd >= 0)
		close(tfd);
	return ret;
}

int kbug_outbox_mark_sent(struct kbug_outbox_item *it)
{
	struct strbuf sent = STRBUF_INIT;
	int ret;

	/* a caller that recorded "sent" already (to say so only then) just moves it */
	ret = kbug_outbox_get_state(it) == KBUG_STATE_SENT ? 0 :
	      kbug_outbox_set_state(it, KBUG_STATE_SENT, NULL);
	if (ret)
		return ret;
	ret = outbox_move(it, KBUG_OUTBOX_SENT, &sent);
	if (ret)
		ERR("delivered, but cannot move '%s' to '%s/': %s (its state.json says sent)",
		    it->path, sent.buf, strerror(-ret));
	strbuf_release(&sent);
	return ret;
}

/* http:// or https://, something after it, no space or control character */
bool kbug_outbox_url_ok(const char *url)
{
	size_t i, scheme = !strncmp(url, "http://", 7) ? 7 : !strncmp(url, "https://", 8) ? 8 : 0;

	for (i = 0; url[i]; i++)
		if ((unsigned char)url[i] <= ' ' || url[i] == 0x7f)
			return false;
	return scheme && i > scheme && i < 4096;
}

bool kbug_outbox_bug_id_ok(const char *id)
{
	size_t i;

	for (i = 0; id[i]; i++)
		if (id[i] < '0' || id[i] > '9')
			return false;
	return i > 0 && i <= 18;
}

int kbug_outbox_mark_done(struct kbug_outbox_item *it, const char *url, const char *bug_id)
{
	struct strbuf sent = STRBUF_INIT;
	int ret;

	if ((url && !kbug_outbox_url_ok(url)) || (bug_id && !kbug_outbox_bug_id_ok(bug_id)))
		return -EINVAL;
	if (it->where != KBUG_OUTBOX_WAITING)
		return -EINVAL;
	kj_set_str(it->state, "url", url);
	kj_set_str(it->state, "bug_id", bug_id);
	ret = kbug_outbox_set_state(it, KBUG_STATE_SENT, OUTBOX_DONE_REASON);
	if (ret)
		return ret;
	ret = outbox_move(it, KBUG_OUTBOX_SENT, &sent);
	if (ret)
		ERR("marked as delivered, but cannot move '%s' to '%s/': %s (its state.json says sent)",
		    it->path, sent.buf, strerror(-ret));
	strbuf_release(&sent);
	return ret;
}

int kbug_outbox_drop(struct kbug_outbox_item *it)
{
	enum kbug_outbox_state state = kbug_outbox_get_state(it);
	struct strbuf dropped = STRBUF_INIT;
	int ret;

	if (it->where != KBUG_OUTBOX_WAITING || state == KBUG_STATE_SENT)
		return -EINVAL;
	/* a drop whose move was cut short keeps the state it was dropped from */
	if (state != KBUG_STATE_DROPPED)
		kj_set_str(it->state, "dropped_from", kbug_outbox_state_name(state));
	ret = kbug_outbox_set_state(it, KBUG_STATE_DROPPED, OUTBOX_DROP_REASON);
	if (ret)
		return ret;
	ret = outbox_move(it, KBUG_OUTBOX_DROPPED, &dropped);
	if (ret)
		ERR("cannot move '%s' to '%s/': %s (its state.json says dropped)", it->path,
		    dropped.buf, strerror(-ret));
	strbuf_release(&dropped);
	return ret;
}

int kbug_outbox_restore(struct kbug_outbox_item *it)
{
	const char *dropped_from = kj_get_str(it->state, "dropped_from");
	enum kbug_outbox_state from = dropped_from ? kbug_outbox_state_parse(dropped_from) :
				      KBUG_STATE_QUEUED;
	struct strbuf waiting = STRBUF_INIT;
	bool may_have_arrived;
	int ret;

	if (it->where != KBUG_OUTBOX_DROPPED)
		return -EINVAL;
	/* it may have arrived before it was dropped: a retry still needs --force */
	may_have_arrived = from == KBUG_STATE_UNKNOWN || from == KBUG_STATE_SENDING;
	json_object_object_del(it->state, "dropped_from");
	if (may_have_arrived)
		ret = kbug_outbox_set_state(it, KBUG_STATE_UNKNOWN,
					    "restored by the user; the last attempt before it was dropped may have arrived");
	else
		ret = kbug_outbox_set_state(it, KBUG_STATE_QUEUED, "restored by the user");
	if (ret)
		return ret;
	ret = outbox_move(it, KBUG_OUTBOX_WAITING, &waiting);
	if (ret)
		ERR("cannot move '%s' back to '%s': %s", it->path, waiting.buf, strerror(-ret));
	strbuf_release(&waiting);
	return ret;
}
