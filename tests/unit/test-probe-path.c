// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * util/path.h below a --sysroot (issue 18, item 12): links resolve inside
 * the root, with openat2(RESOLVE_IN_ROOT) and with the walk by hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

static char top[PATH_MAX];	/* top/host-secret, top/hostdir/, top/root/ */

static void put(const char *rel, const char *text)
{
	char p[2 * PATH_MAX];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", top, rel);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void link_to(const char *target, const char *rel)
{
	char p[2 * PATH_MAX];

	snprintf(p, sizeof(p), "%s/%s", top, rel);
	assert_int_equal(symlink(target, p), 0);
}

static void dir(const char *rel)
{
	char p[2 * PATH_MAX];

	snprintf(p, sizeof(p), "%s/%s", top, rel);
	assert_int_equal(mkdir(p, 0755), 0);
}

static int setup(void **state)
{
	char t[2 * PATH_MAX];
	const char *tmp = getenv("TMPDIR");

	snprintf(top, sizeof(top), "%s/kbug-path.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(top))
		return -1;
	put("host-secret", "HOSTSECRET\n");
	dir("hostdir");
	put("hostdir/leak", "HOSTSECRET\n");
	dir("root");
	dir("root/etc");
	dir("root/sys");
	dir("root/sys/id");
	put("root/etc/inside", "inside\n");
	put("root/host-secret", "root's own\n");
	snprintf(t, sizeof(t), "%s/host-secret", top);
	link_to(t, "root/sys/id/abs");				/* -> root/<top>/host-secret */
	link_to("../../../../../../../../../../host-secret", "root/sys/id/dotdot");
	link_to("/etc/inside", "root/sys/id/inside");
	link_to("../../etc/inside", "root/sys/id/relative");
	link_to("loop", "root/sys/id/loop");
	snprintf(t, sizeof(t), "%s/hostdir", top);
	link_to(t, "root/sys/escape");				/* a directory out */
	link_to("/", "root/sys/slash");
	snprintf(t, sizeof(t), "%s/root", top);
	return kbug_path_set_root(t);
}

static int teardown(void **state)
{
	char p[2 * PATH_MAX];
	static const char *const files[] = {
		"root/sys/id/abs", "root/sys/id/dotdot", "root/sys/id/inside",
		"root/sys/id/relative", "root/sys/id/loop", "root/sys/escape", "root/sys/slash",
		"root/etc/inside", "root/host-secret", "hostdir/leak", "host-secret",
	};
	static const char *const dirs[] = {
		"root/sys/id", "root/sys", "root/etc", "root", "hostdir", "",
	};
	size_t i;

	kbug_path_set_root(NULL);
	kbug_path_manual_resolve(false);
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		snprintf(p, sizeof(p), "%s/%s", top, files[i]);
		unlink(p);
	}
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(p, sizeof(p), "%s/%s", top, dirs[i]);
		rmdir(p);
	}
	return 0;
}

/* What path reads as below the root: its first line, or "-ERRNO". */
static void expect_line(const char *path, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	char got[64];
	int ret = kbug_path_read_line(&sb, path);

	if (ret)
		snprintf(got, sizeof(got), "%d", ret);
	else
		snprintf(got, sizeof(got), "%s", sb.buf);
	if (strstr(got, "HOSTSECRET"))
		fail_msg("'%s' read the host's file", path);
	assert_string_equal(got, want);
	strbuf_release(&sb);
}

static void check_links(void)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[PATH_MAX];
	DIR *d;

	expect_line("/etc/inside", "inside");
	expect_line("/sys/id/inside", "inside");
	expect_line("/sys/id/relative", "inside");
	/* the absolute link names <top>/host-secret below the root: not there */
	expect_line("/sys/id/abs", "-2");
	/* ".." stops at the root: root/host-secret */
	expect_line("/sys/id/dotdot", "root's own");
	expect_line("/sys/id/loop", "-40");
	expect_line("/sys/escape/leak", "-2");
	expect_line("/sys/slash/etc/inside", "inside");
	expect_line("/../../host-secret", "root's own");
	assert_false(kbug_path_exists("/sys/escape/leak"));
	assert_true(kbug_path_exists("/sys/slash/sys/id"));
	d = kbug_path_opendir("/sys/escape");
	assert_null(d);
	d = kbug_path_opendir("/sys/slash/etc");
	assert_non_null(d);
	closedir(d);
	assert_int_equal(kbug_path_readlink("/sys/slash/sys/id/inside", buf, sizeof(buf)), 11);
	assert_true(kbug_path_readlink("/sys/escape/leak", buf, sizeof(buf)) < 0);
	strbuf_release(&sb);
}

static void test_openat2(void **state)
{
	kbug_path_manual_resolve(false);
	check_links();
}

static void test_manual(void **state)
{
	kbug_path_manual_resolve(true);
	check_links();
	kbug_path_manual_resolve(false);
}

static void test_missing_root(void **state)
{
	char t[2 * PATH_MAX];

	snprintf(t, sizeof(t), "%s/nosuch", top);
	assert_int_equal(kbug_path_set_root(t), -ENOENT);
	snprintf(t, sizeof(t), "%s/host-secret", top);
	assert_int_equal(kbug_path_set_root(t), -ENOTDIR);
	snprintf(t, sizeof(t), "%s/root", top);
	assert_int_equal(kbug_path_set_root(t), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_openat2),
		cmocka_unit_test(test_manual),
		cmocka_unit_test(test_missing_root),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
