// SPDX-License-Identifier: GPL-2.0-or-later
/* The outbox: staged items appear whole, state transitions persist, sent/ moves, locks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "deliver/outbox.h"
#include "util/json.h"
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

static int count_ids(bool sent)
{
	char **ids;
	int n = kbug_outbox_list(dir, sent, &ids);

	kbug_argv_free(ids);
	return n;
}

static void test_staged_item_is_invisible_until_commit(void **state)
{
	struct kbug_outbox_item *it, *again;
	struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
	struct stat st;
	char id[128];

	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_outbox_write(it, "message.eml", "Subject: x\n\nbody\n", 17), 0);
	assert_int_equal(count_ids(false), 0);
	assert_int_equal(kbug_outbox_count_staged(dir), 1);
	assert_int_equal(kbug_outbox_commit(it), 0);
	assert_int_equal(count_ids(false), 1);
	assert_int_equal(kbug_outbox_count_staged(dir), 0);
	assert_string_equal(kbug_outbox_get_state(it), "queued");
	strcpy(id, kbug_outbox_item_id(it));
	/* the file is whole, private, and no temporary is left */
	assert_int_equal(kbug_outbox_read(it, "message.eml", &sb), 0);
	assert_string_equal(sb.buf, "Subject: x\n\nbody\n");
	assert_int_equal(stat(kbug_outbox_file(it, &p, "message.eml"), &st), 0);
	assert_int_equal(st.st_mode & 077, 0);
	assert_int_not_equal(stat(kbug_outbox_file(it, &p, ".message.eml.tmp"), &st), 0);
	/* a second opener is locked out while the first holds it */
	assert_int_equal(kbug_outbox_open(dir, id, false, &again), -EBUSY);
	kbug_outbox_item_free(it);
	assert_int_equal(kbug_outbox_open(dir, id, false, &again), 0);
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
	assert_int_equal(kbug_outbox_set_state(it, "sending", NULL), 0);
	assert_int_equal(kbug_outbox_set_state(it, "failed", "451 try later"), 0);
	assert_int_equal(kbug_outbox_record(it, "message_id", "<a@b>"), 0);
	kbug_outbox_item_free(it);

	assert_int_equal(kbug_outbox_open(dir, id, false, &re), 0);
	assert_string_equal(kbug_outbox_get_state(re), "failed");
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "reason"), "451 try later");
	assert_string_equal(kj_get_str(kbug_outbox_state(re), "message_id"), "<a@b>");
	att = kj_get(kbug_outbox_state(re), "attempts");
	/* queued, sending, failed */
	assert_int_equal(json_object_array_length(att), 3);
	assert_string_equal(kj_get_str(json_object_array_get_idx(att, 1), "state"), "sending");
	assert_int_equal(kbug_outbox_mark_sent(re), 0);
	kbug_outbox_item_free(re);

	assert_int_equal(count_ids(false), 0);
	assert_int_equal(count_ids(true), 1);
	assert_int_equal(kbug_outbox_open(dir, id, false, &re), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, id, true, &re), 0);
	assert_string_equal(kbug_outbox_get_state(re), "sent");
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
	assert_int_equal(count_ids(false), 0);
}

static void test_bad_names_and_ids(void **state)
{
	struct kbug_outbox_item *it;

	assert_int_equal(kbug_outbox_open(dir, "../etc", false, &it), -ENOENT);
	assert_int_equal(kbug_outbox_open(dir, ".new-x", false, &it), -ENOENT);
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
