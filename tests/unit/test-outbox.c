// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The outbox: staged items appear whole, state transitions persist, sent/
 * and dropped/ moves, locks (of items and of staging directories), clean.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/settings.h"
#include "deliver/outbox.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/strbuf.h"

static char dir[64];

static int setup(void **state)
{
	strcpy(dir, "/tmp/kbug-test-outbox.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static int count_ids(enum kbug_outbox_where where)
{
	char **ids;
	int n = kbug_outbox_list(dir, where, &ids);

	kbug_argv_free(ids);
	return n;
}

/* mkdir DIR/name (0700) */
static int mkdir_in(const char *name)
{
	char p[256];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return mkdir(p, 0700);
}

/* Whether a new open file description of path can take an exclusive flock. */
static bool can_lock(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ok;

	assert_true(fd >= 0);
	ok = !flock(fd, LOCK_EX | LOCK_NB);
	if (!ok)
		assert_int_equal(errno, EWOULDBLOCK);
	close(fd);
	return ok;
}

/* The same, tried by another process. */
static bool child_can_lock(const char *path)
{
	pid_t pid = fork();
	int status;

	assert_true(pid >= 0);
	if (!pid) {
		int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		_exit(fd >= 0 && !flock(fd, LOCK_EX | LOCK_NB) ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status) == 0;
}

static bool exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

/* A committed item in state `state`; its id into id. */
static struct kbug_outbox_item *committed(const char *state, char *id, size_t n)
{
	struct kbug_outbox_item *it;

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_write(it, "message.eml", "Subject: x\n\nbody\n", 17), 0);
	assert_int_equal(kbug_outbox_commit(it), 0);
	if (strcmp(state, "queued"))
		assert_int_equal(kbug_outbox_set_state(it, kbug_outbox_state_parse(state),
						       "a reason"), 0);
	snprintf(id, n, "%s", kbug_outbox_item_id(it));
	return it;
}

static struct json_object *last_attempt(struct kbug_outbox_item *it)
{
	struct json_object *att = kj_get(kbug_outbox_state(it), "attempts");

	assert_non_null(att);
	assert_true(json_object_array_length(att) > 0);
	return json_object_array_get_idx(att, json_object_array_length(att) - 1);
}

static void test_staged_item_is_invisible_until_commit(void **state)
{
	struct kbug_outbox_item *it, *again;
	struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
	struct stat st;
	char id[128];
	int busy;

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_write(it, "message.eml", "Subject: x\n\nbody\n", 17), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 0);
	/* being written: not left behind by a dead kbug, but busy */
	assert_int_equal(kbug_outbox_count_staged(dir, &busy), 0);
	assert_int_equal(busy, 1);
	assert_int_equal(kbug_outbox_commit(it), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 1);
	assert_int_equal(kbug_outbox_count_staged(dir, &busy), 0);
	assert_int_equal(busy, 0);
	assert_int_equal(kbug_outbox_get_state(it), KBUG_STATE_QUEUED);
	strcpy(id, kbug_outbox_item_id(it));
	/* the file is whole, private, and no temporary is left */
	assert_int_equal(kbug_outbox_read(it, "message.eml", &sb), 0);
	assert_string_equal(sb.buf, "Subject: x\n\nbody\n");
	assert_int_equal(stat(kbug_outbox_file(it, &p, "message.eml"), &st), 0);
	assert_int_equal(st.st_mode & 077, 0);
	assert_int_not_equal(stat(kbug_outbox_file(it, &p, ".message.eml.tmp"), &st), 0);
	/* a second opener is locked out while the first holds it */
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &again), -EBUSY);
	kbug_outbox_item_free(it);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &again), 0);
	assert_string_equal(kbug_outbox_item_channel(again), "email");
	kbug_outbox_item_free(again);
	strbuf_release(&sb);
	strbuf_release(&p);
}

static void test_discard_leaves_nothing(void **state)
{
	struct kbug_outbox_item *it;
	char cmd[160];

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_write(it, "report.json", "{}", 2), 0);
	kbug_outbox_discard(it);
	kbug_outbox_item_free(it);
	snprintf(cmd, sizeof(cmd), "test -z \"$(ls -A '%s')\"", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_state_transitions_persist(void **state)
{
	struct kbug_outbox_item *it, *re;
	struct json_object *att;
	char id[128];

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_commit(it), 0);
	strcpy(id, kbug_outbox_item_id(it));
	assert_int_equal(kbug_outbox_set_state(it, KBUG_STATE_SENDING, NULL), 0);
	assert_int_equal(kbug_outbox_set_state(it, KBUG_STATE_FAILED, "451 try later"), 0);
	assert_int_equal(kbug_outbox_record(it, "message_id", "<a@b>"), 0);
	kbug_outbox_item_free(it);

	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &re), 0);
	assert_int_equal(kbug_outbox_get_state(re), KBUG_STATE_FAILED);
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "reason"), "451 try later");
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "message_id"), "<a@b>");
	att = kj_get(kbug_outbox_state(re), "attempts");
	/* queued, sending, failed */
	assert_int_equal(json_object_array_length(att), 3);
	assert_string_equal(kj_get_str(json_object_array_get_idx(att, 1), "state"), "sending");
	assert_int_equal(kbug_outbox_mark_sent(re), 0);
	kbug_outbox_item_free(re);

	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_SENT), 1);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &re), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_SENT, &re), 0);
	assert_int_equal(kbug_outbox_get_state(re), KBUG_STATE_SENT);
	kbug_outbox_item_free(re);
}

static void test_injected_write_failure(void **state)
{
	struct kbug_outbox_item *it;

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	setenv("KBUG_TEST_OUTBOX_FAIL", "message.eml", 1);
	assert_int_equal(kbug_outbox_write(it, "message.eml", "x", 1), -ENOSPC);
	unsetenv("KBUG_TEST_OUTBOX_FAIL");
	kbug_outbox_discard(it);
	kbug_outbox_item_free(it);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 0);
}

static void test_bad_names_and_ids(void **state)
{
	struct kbug_outbox_item *it;

	assert_int_equal(kbug_outbox_open(dir, "../etc", KBUG_OUTBOX_WAITING, &it), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, ".new-x", KBUG_OUTBOX_WAITING, &it), -ENOENT);
	/* the folders of delivered and dropped items are no item ids */
	assert_int_equal(mkdir_in("sent"), 0);
	assert_int_equal(mkdir_in("dropped"), 0);
	assert_int_equal(kbug_outbox_open(dir, "sent", KBUG_OUTBOX_WAITING, &it), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, "dropped", KBUG_OUTBOX_WAITING, &it), -ENOENT);
	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_write(it, "../escape", "x", 1), -EINVAL);
	assert_int_equal(kbug_outbox_write(it, ".hidden", "x", 1), -EINVAL);
	kbug_outbox_discard(it);
	kbug_outbox_item_free(it);
}

static void test_dir_resolution(void **state)
{
	struct strbuf sb = STRBUF_INIT, want = STRBUF_INIT;

	setenv("XDG_DATA_HOME", dir, 1);
	assert_int_equal(kbug_outbox_dir(&sb, NULL), 0);
	strbuf_addf(&want, "%s/kbug/outbox", dir);
	assert_string_equal(sb.buf, want.buf);
	assert_int_equal(access(want.buf, W_OK), 0);
	strbuf_reset(&want);
	strbuf_addf(&want, "%s/other", dir);
	assert_int_equal(kbug_outbox_dir(&sb, want.buf), 0);
	assert_string_equal(sb.buf, want.buf);
	unsetenv("XDG_DATA_HOME");
	strbuf_release(&sb);
	strbuf_release(&want);
}

static void test_staging_dir_is_locked_while_written(void **state)
{
	struct kbug_outbox_item *it;
	char path[256];
	int busy;

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	snprintf(path, sizeof(path), "%s", kbug_outbox_item_path(it));
	assert_non_null(strstr(path, "/.new-"));
	assert_int_equal(kbug_outbox_write(it, "report.json", "{}", 2), 0);
	/* neither a second open file description here nor another process */
	assert_false(can_lock(path));
	assert_false(child_can_lock(path));
	assert_int_equal(kbug_outbox_count_staged(dir, &busy), 0);
	assert_int_equal(busy, 1);
	/* freed without commit (a writer that died): anyone can take it now */
	kbug_outbox_item_free(it);
	assert_true(exists(path));
	assert_true(child_can_lock(path));
	assert_true(can_lock(path));
	assert_int_equal(kbug_outbox_count_staged(dir, &busy), 1);
	assert_int_equal(busy, 0);
}

static void test_lock_goes_on_through_commit(void **state)
{
	struct kbug_outbox_item *it;
	char path[256];

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_commit(it), 0);
	snprintf(path, sizeof(path), "%s", kbug_outbox_item_path(it));
	assert_null(strstr(path, "/.new-"));
	/* the same fd, not a second lock of the renamed directory */
	assert_false(can_lock(path));
	assert_false(child_can_lock(path));
	assert_int_equal(kbug_outbox_set_state(it, KBUG_STATE_SENDING, NULL), 0);
	kbug_outbox_item_free(it);
	assert_true(child_can_lock(path));
}

struct clean_seen {
	int removed, busy, failed;
	char failed_name[64];
};

static void clean_cb(const char *name, int result, void *data)
{
	struct clean_seen *c = data;

	if (!result) {
		c->removed++;
	} else if (result == -EBUSY) {
		c->busy++;
	} else {
		c->failed++;
		snprintf(c->failed_name, sizeof(c->failed_name), "%s", name);
	}
}

static void test_clean_removes_only_unlocked_staging_dirs(void **state)
{
	struct kbug_outbox_item *dead, *live, *done;
	struct clean_seen seen = { 0 };
	char dead_path[256], live_path[256], p[512], q[512], id[128];
	int busy, fd;

	/* outside the staging dirs: must survive links pointing at it */
	assert_int_equal(mkdir_in("outside"), 0);
	snprintf(p, sizeof(p), "%s/outside/keep.txt", dir);
	fd = open(p, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	close(fd);

	/* a dead writer's, with a subdirectory and links out of it */
	assert_int_equal(kbug_outbox_item_new(dir, "email", &dead), 0);
	assert_int_equal(kbug_outbox_write(dead, "report.json", "{}", 2), 0);
	snprintf(dead_path, sizeof(dead_path), "%s", kbug_outbox_item_path(dead));
	snprintf(q, sizeof(q), "%s/attachments", dead_path);
	assert_int_equal(mkdir(q, 0700), 0);
	snprintf(q, sizeof(q), "%s/attachments/keep.txt", dead_path);
	assert_int_equal(symlink(p, q), 0);
	snprintf(p, sizeof(p), "%s/outside", dir);
	snprintf(q, sizeof(q), "%s/outside-dir", dead_path);
	assert_int_equal(symlink(p, q), 0);
	kbug_outbox_item_free(dead);

	/* one being written right now */
	assert_int_equal(kbug_outbox_item_new(dir, "email", &live), 0);
	assert_int_equal(kbug_outbox_write(live, "report.json", "{}", 2), 0);
	snprintf(live_path, sizeof(live_path), "%s", kbug_outbox_item_path(live));

	/* one nested deeper than the removal goes: reported, not removed */
	assert_int_equal(mkdir_in(".new-deep"), 0);
	assert_int_equal(mkdir_in(".new-deep/a"), 0);
	assert_int_equal(mkdir_in(".new-deep/a/b"), 0);
	assert_int_equal(mkdir_in(".new-deep/a/b/c"), 0);
	assert_int_equal(mkdir_in(".new-deep/a/b/c/d"), 0);
	assert_int_equal(mkdir_in(".new-deep/a/b/c/d/e"), 0);
	assert_int_equal(mkdir_in(".new-deep/a/b/c/d/e/f"), 0);

	/* and a committed, unlocked item: never touched */
	done = committed("failed", id, sizeof(id));
	kbug_outbox_item_free(done);

	assert_int_equal(kbug_outbox_count_staged(dir, &busy), 2);
	assert_int_equal(busy, 1);
	assert_int_equal(kbug_outbox_clean(dir, clean_cb, &seen), 1);
	assert_int_equal(seen.removed, 1);
	assert_int_equal(seen.busy, 1);
	assert_int_equal(seen.failed, 1);
	assert_string_equal(seen.failed_name, ".new-deep");
	assert_false(exists(dead_path));
	assert_true(exists(live_path));
	snprintf(p, sizeof(p), "%s/outside/keep.txt", dir);
	assert_true(exists(p));
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 1);

	/* the live writer finishes without committing (dies): now it goes */
	kbug_outbox_item_free(live);
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(kbug_outbox_clean(dir, clean_cb, &seen), 1);
	assert_false(exists(live_path));
	assert_int_equal(seen.failed, 1);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 1);
}

static void test_mark_done(void **state)
{
	struct kbug_outbox_item *it, *re;
	struct json_object *st;
	char id[128];

	it = committed("manual", id, sizeof(id));
	/* malformed: nothing changes */
	assert_int_equal(kbug_outbox_mark_done(it, "ftp://example.org/1", NULL), -EINVAL);
	assert_int_equal(kbug_outbox_mark_done(it, "https://", NULL), -EINVAL);
	assert_int_equal(kbug_outbox_mark_done(it, "https://x.org/a b", NULL), -EINVAL);
	assert_int_equal(kbug_outbox_mark_done(it, NULL, "12a"), -EINVAL);
	assert_int_equal(kbug_outbox_mark_done(it, NULL, ""), -EINVAL);
	assert_int_equal(kbug_outbox_get_state(it), KBUG_STATE_MANUAL);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 1);

	assert_int_equal(kbug_outbox_mark_done(it, "https://github.com/o/r/issues/7", "7"), 0);
	assert_int_equal(kbug_outbox_item_where(it), KBUG_OUTBOX_SENT);
	/* still locked after the move */
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_SENT, &re), -EBUSY);
	kbug_outbox_item_free(it);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_SENT), 1);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &re), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_SENT, &re), 0);
	st = kbug_outbox_state(re);
	assert_int_equal(kbug_outbox_get_state(re), KBUG_STATE_SENT);
	assert_string_equal(kj_get_str(st, "reason"), "delivered by hand (kbug outbox --done)");
	assert_string_equal(kj_get_str(st, "url"), "https://github.com/o/r/issues/7");
	assert_string_equal(kj_get_str(st, "bug_id"), "7");
	assert_string_equal(kj_get_str(last_attempt(re), "state"), "sent");
	assert_string_equal(kj_get_str(last_attempt(re), "reason"),
			    "delivered by hand (kbug outbox --done)");
	/* only from the waiting outbox */
	assert_int_equal(kbug_outbox_mark_done(re, NULL, NULL), -EINVAL);
	kbug_outbox_item_free(re);

	/* no url, no bug id: the one recorded stays */
	it = committed("unknown", id, sizeof(id));
	assert_int_equal(kbug_outbox_record(it, "message_id", "<m@x>"), 0);
	assert_int_equal(kbug_outbox_mark_done(it, NULL, NULL), 0);
	kbug_outbox_item_free(it);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_SENT, &re), 0);
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "message_id"), "<m@x>");
	assert_null(kj_get_str(kbug_outbox_state(re), "bug_id"));
	kbug_outbox_item_free(re);
	assert_int_equal(count_ids(KBUG_OUTBOX_SENT), 2);
}

static void test_drop_and_restore(void **state)
{
	struct kbug_outbox_item *it, *re;
	char id[128];

	it = committed("failed", id, sizeof(id));
	/* a waiting item cannot be restored */
	assert_int_equal(kbug_outbox_restore(it), -EINVAL);
	assert_int_equal(kbug_outbox_drop(it), 0);
	assert_int_equal(kbug_outbox_item_where(it), KBUG_OUTBOX_DROPPED);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_DROPPED, &re), -EBUSY);
	kbug_outbox_item_free(it);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_SENT), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_DROPPED), 1);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &re), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_DROPPED, &re), 0);
	assert_int_equal(kbug_outbox_get_state(re), KBUG_STATE_DROPPED);
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "reason"), "dropped by the user");
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "dropped_from"), "failed");
	assert_string_equal(kj_get_str(last_attempt(re), "state"), "dropped");
	/* the files are all there */
	{
		struct strbuf sb = STRBUF_INIT;

		assert_int_equal(kbug_outbox_read(re, "message.eml", &sb), 0);
		assert_string_equal(sb.buf, "Subject: x\n\nbody\n");
		strbuf_release(&sb);
	}
	assert_int_equal(kbug_outbox_drop(re), -EINVAL);
	assert_int_equal(kbug_outbox_restore(re), 0);
	assert_int_equal(kbug_outbox_item_where(re), KBUG_OUTBOX_WAITING);
	kbug_outbox_item_free(re);
	assert_int_equal(count_ids(KBUG_OUTBOX_DROPPED), 0);
	assert_int_equal(count_ids(KBUG_OUTBOX_WAITING), 1);
	assert_int_equal(kbug_outbox_open(dir, id, KBUG_OUTBOX_WAITING, &re), 0);
	assert_int_equal(kbug_outbox_get_state(re), KBUG_STATE_QUEUED);
	assert_null(kj_get(kbug_outbox_state(re), "dropped_from"));
	kbug_outbox_item_free(re);

	/* one whose last hand-over may have arrived comes back "unknown" */
	it = committed("unknown", id, sizeof(id));
	assert_int_equal(kbug_outbox_drop(it), 0);
	assert_int_equal(kbug_outbox_restore(it), 0);
	assert_int_equal(kbug_outbox_get_state(it), KBUG_STATE_UNKNOWN);
	kbug_outbox_item_free(it);

	/* a delivered one is never dropped */
	it = committed("sent", id, sizeof(id));
	assert_int_equal(kbug_outbox_drop(it), -EINVAL);
	assert_int_equal(kbug_outbox_mark_sent(it), 0);
	assert_int_equal(kbug_outbox_drop(it), -EINVAL);
	kbug_outbox_item_free(it);
	assert_int_equal(count_ids(KBUG_OUTBOX_DROPPED), 0);
}

/* The state machine: names at the JSON boundary, the transitions it allows. */
static void test_state_machine(void **state)
{
	static const char *const names[] = { "new", "queued", "sending", "sent", "failed",
					     "unknown", "manual", "dropped" };
	struct kbug_outbox_item *it;
	char id[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		assert_int_equal(kbug_outbox_state_parse(names[i]), (int)i);
		assert_string_equal(kbug_outbox_state_name((enum kbug_outbox_state)i), names[i]);
	}
	assert_int_equal((size_t)KBUG_STATE_NR, ARRAY_SIZE(names));
	/* a state a newer kbug wrote: as unknown, so that a retry needs --force */
	assert_int_equal(kbug_outbox_state_parse("teleported"), KBUG_STATE_UNKNOWN);
	assert_null(kbug_outbox_state_name(KBUG_STATE_NR));
	assert_true(kbug_outbox_state_allowed(KBUG_STATE_NEW, KBUG_STATE_QUEUED));
	assert_false(kbug_outbox_state_allowed(KBUG_STATE_NEW, KBUG_STATE_SENT));
	assert_true(kbug_outbox_state_allowed(KBUG_STATE_FAILED, KBUG_STATE_SENDING));
	assert_true(kbug_outbox_state_allowed(KBUG_STATE_DROPPED, KBUG_STATE_QUEUED));
	assert_false(kbug_outbox_state_allowed(KBUG_STATE_DROPPED, KBUG_STATE_SENDING));
	assert_false(kbug_outbox_state_allowed(KBUG_STATE_SENT, KBUG_STATE_SENDING));
	assert_true(kbug_outbox_state_allowed(KBUG_STATE_SENT, KBUG_STATE_SENT));
	/* refused on an item: the state stays, nothing recorded */
	it = committed("sending", id, sizeof(id));
	assert_int_equal(kbug_outbox_set_state(it, KBUG_STATE_SENT, NULL), 0);
	assert_int_equal(kbug_outbox_set_state(it, KBUG_STATE_SENDING, NULL), -EINVAL);
	assert_int_equal(kbug_outbox_set_state(it, KBUG_STATE_QUEUED, NULL), -EINVAL);
	assert_int_equal(kbug_outbox_get_state(it), KBUG_STATE_SENT);
	kbug_outbox_item_free(it);
}

/* issue 18 item 11: symlinks in the outbox are not followed; a writable outbox is refused */
static void test_symlinks_are_not_followed(void **state)
{
	struct kbug_outbox_item *it;
	struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
	char id[64], path[256], other[256], ob[128];
	struct stat st;
	FILE *f;

	it = committed("queued", id, sizeof(id));
	snprintf(other, sizeof(other), "%s/secret", dir);
	f = fopen(other, "w");
	assert_non_null(f);
	fputs("Subject: secret\n\nthe host's secret\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/%s/message.eml", dir, id);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(symlink(other, path), 0);
	assert_int_equal(kbug_outbox_read(it, "message.eml", &sb), -ELOOP);
	assert_int_equal(sb.len, 0);

	/* a sent/ that is a symlink: the item stays where it is */
	snprintf(other, sizeof(other), "%s/elsewhere", dir);
	assert_int_equal(mkdir(other, 0700), 0);
	snprintf(path, sizeof(path), "%s/sent", dir);
	assert_int_equal(symlink(other, path), 0);
	assert_true(kbug_outbox_mark_sent(it) < 0);
	snprintf(path, sizeof(path), "%s/elsewhere/%s", dir, id);
	assert_false(exists(path));
	snprintf(path, sizeof(path), "%s/%s", dir, id);
	assert_true(exists(path));
	kbug_outbox_item_free(it);

	/* created 0700; one that group or others can write is refused */
	snprintf(ob, sizeof(ob), "%s/new/outbox", dir);
	assert_int_equal(kbug_outbox_dir(&p, ob), 0);
	assert_int_equal(stat(ob, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(chmod(ob, 0777), 0);
	assert_int_equal(kbug_outbox_dir(&p, ob), -EPERM);
	assert_int_equal(chmod(ob, 0755), 0);
	assert_int_equal(kbug_outbox_dir(&p, ob), 0);
	strbuf_release(&sb);
	strbuf_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_staged_item_is_invisible_until_commit, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_discard_leaves_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_state_transitions_persist, setup, teardown),
		cmocka_unit_test_setup_teardown(test_injected_write_failure, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_names_and_ids, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dir_resolution, setup, teardown),
		cmocka_unit_test_setup_teardown(test_staging_dir_is_locked_while_written, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_lock_goes_on_through_commit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clean_removes_only_unlocked_staging_dirs,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_mark_done, setup, teardown),
		cmocka_unit_test_setup_teardown(test_drop_and_restore, setup, teardown),
		cmocka_unit_test_setup_teardown(test_state_machine, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlinks_are_not_followed, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
