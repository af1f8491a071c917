// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The request format (docs/request-format.md): a written request parses
 * back to itself; the version rule (newer refused, unknown keys ignored,
 * duplicates refused); hostile requests refused with the reason; the
 * newest request in a text, quoted lines not counted; bug URLs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "deliver/bugzilla-comment.h"
#include "deliver/request.h"
#include "util/strbuf.h"

static char msg[256];

static int parse(const char *line, struct kbug_request *r)
{
	return kbug_request_parse(line, strlen(line), r, msg, sizeof(msg));
}

static void test_round_trip(void **state)
{
	struct kbug_request r = { 0 }, back;
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(kbug_request_add_probe(&r, "pci", msg, sizeof(msg)), 0);
	assert_int_equal(kbug_request_add_probe(&r, "usb", msg, sizeof(msg)), 0);
	assert_int_equal(kbug_request_add_log(&r, "previous", msg, sizeof(msg)), 0);
	assert_int_equal(kbug_request_add_probe(&r, "dmesg", msg, sizeof(msg)), 0);
	r.config = true;
	assert_int_equal(kbug_request_new_id(&r), 0);
	assert_int_equal(strlen(r.id), 12);
	kbug_request_line(&r, &sb);
	assert_true(strstr(sb.buf, " probes=pci,usb logs=this,previous config=yes"));
	assert_int_equal(parse(sb.buf, &back), 0);
	assert_string_equal(back.id, r.id);
	assert_int_equal(back.nprobes, 2);
	assert_string_equal(back.probes[0], "pci");
	assert_string_equal(back.probes[1], "usb");
	assert_null(back.probes[2]);
	assert_int_equal(back.logs, KBUG_REQ_LOG_THIS | KBUG_REQ_LOG_PREVIOUS);
	assert_true(back.config);
	assert_int_equal(back.version, 1);
	strbuf_release(&sb);
}

static void test_version_rule(void **state)
{
	struct kbug_request r;

	assert_int_equal(parse("kbug-request: v2 id=abcdef12 probes=pci", &r), -EPROTO);
	assert_non_null(strstr(msg, "v2"));
	assert_int_equal(parse("kbug-request: v0 id=abcdef12 probes=pci", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: id=abcdef12 probes=pci", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: vx id=abcdef12 probes=pci", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1x id=abcdef12 probes=pci", &r), -EINVAL);
	/* unknown keys of v1: ignored, named */
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 lang=de probes=pci hint=x.y", &r), 0);
	assert_string_equal(r.ignored, "lang hint");
	/* duplicates */
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=pci probes=usb", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=pci,pci", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 logs=this,this", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=config config=yes", &r),
			 -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 id=abcdef13 config=yes", &r), -EINVAL);
	/* whitespace and a CR at the end are fine */
	assert_int_equal(parse("kbug-request:\tv1  id=abcdef12\tconfig=yes \r", &r), 0);
	assert_true(r.config);
}

static void test_hostile(void **state)
{
	struct kbug_request r;
	char big[1024];

	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=nosuch", &r), -EPERM);
	assert_non_null(strstr(msg, "unknown probe 'nosuch'"));
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=/etc/shadow", &r), -EPERM);
	assert_non_null(strstr(msg, "path or a command"));
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 file=shadow", &r), -EPERM);
	assert_non_null(strstr(msg, "reads no file"));
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 cmd=id probes=pci", &r), -EPERM);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 hint=$(id) probes=pci", &r), -EPERM);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 hint=../x probes=pci", &r), -EPERM);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 logs=/var/log/syslog", &r), -EPERM);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 logs=all", &r), -EPERM);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=pci,", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=p\xc3\xa9", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 probes=pci\x01", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abc probes=pci", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 probes=pci", &r), -EINVAL);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12", &r), -EINVAL);
	assert_non_null(strstr(msg, "nothing"));
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 config=maybe", &r), -EINVAL);
	snprintf(big, sizeof(big), "kbug-request: v1 id=abcdef12 probes=pci x=%0900d", 0);
	assert_int_equal(parse(big, &r), -EPERM);
	assert_non_null(strstr(msg, "longer than 512"));
	snprintf(big, sizeof(big), "kbug-request: v1 id=abcdef12 probes=pci x=%0200d", 0);
	assert_int_equal(parse(big, &r), -EPERM);
	assert_int_equal(parse("kbug-request: v1 id=abcdef12 a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 "
			       "j=1 k=1 l=1 m=1 n=1 o=1 p=1 probes=pci", &r), -EPERM);
	assert_int_equal(parse("please send lspci", &r), -EINVAL);
}

static void test_find(void **state)
{
	struct kbug_request r;
	const char *t = "Thanks.\n"
			"kbug-request: v1 id=aaaaaaaa probes=pci\n"
			"later:\n"
			"kbug-request: v1 id=bbbbbbbb probes=usb\n"
			"> kbug-request: v1 id=cccccccc probes=dmi\n"
			"  kbug-request: v1 id=dddddddd probes=dmi\n";

	assert_int_equal(kbug_request_find(t, strlen(t), &r, msg, sizeof(msg)), 0);
	assert_string_equal(r.id, "bbbbbbbb");
	assert_string_equal(r.probes[0], "usb");
	assert_int_equal(kbug_request_find("no request here\n> kbug-request: v1 id=cccccccc "
					   "probes=dmi", 55, &r, msg, sizeof(msg)), -ENOENT);
	/* the newest is hostile: refused, no fall back to the older one */
	t = "kbug-request: v1 id=aaaaaaaa probes=pci\nkbug-request: v1 id=bbbbbbbb file=x\n";
	assert_int_equal(kbug_request_find(t, strlen(t), &r, msg, sizeof(msg)), -EPERM);
}

static void test_note_and_text(void **state)
{
	struct kbug_request r = { 0 }, back;
	struct strbuf sb = STRBUF_INIT;
	char note[2100];

	assert_int_equal(kbug_request_check_note("two\nlines\tand a tab", msg, sizeof(msg)), 0);
	memset(note, 'x', sizeof(note) - 1);
	note[sizeof(note) - 1] = '\0';
	assert_int_equal(kbug_request_check_note(note, msg, sizeof(msg)), -EPERM);
	assert_int_equal(kbug_request_check_note("bell\a", msg, sizeof(msg)), -EPERM);
	memset(note, '\n', 50);
	note[50] = '\0';
	assert_int_equal(kbug_request_check_note(note, msg, sizeof(msg)), -EPERM);

	assert_int_equal(kbug_request_add_probe(&r, "pci", msg, sizeof(msg)), 0);
	strcpy(r.id, "0123456789ab");
	kbug_request_text(&r, "look:\nkbug-request: v1 id=eeeeeeee file=x", "kbug followup URL",
			  &sb);
	assert_non_null(strstr(sb.buf, "> kbug-request: v1 id=eeeeeeee file=x\n"));
	assert_non_null(strstr(sb.buf, "`kbug followup URL`"));
	assert_int_equal(kbug_request_find(sb.buf, sb.len, &back, msg, sizeof(msg)), 0);
	assert_string_equal(back.id, "0123456789ab");
	strbuf_release(&sb);
}

static void test_from_options(void **state)
{
	static const char *const probes[] = { "pci,usb", "dmi" };
	static const char *const logs[] = { "previous" };
	static const char *const bad[] = { "pci,,usb" };
	static const char *const unknown[] = { "nosuch" };
	struct kbug_request r;

	assert_int_equal(kbug_request_from_options(&r, probes, 2, logs, 1, true, msg, sizeof(msg)),
			 0);
	assert_int_equal(r.nprobes, 3);
	assert_string_equal(r.probes[2], "dmi");
	assert_int_equal(r.logs, KBUG_REQ_LOG_PREVIOUS);
	assert_true(r.config);
	assert_int_equal(kbug_request_from_options(&r, NULL, 0, NULL, 0, false, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_request_from_options(&r, unknown, 1, NULL, 0, false, msg,
						   sizeof(msg)),
			 -EPERM);
	assert_int_equal(kbug_request_from_options(&r, bad, 1, NULL, 0, false, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_request_from_options(&r, NULL, 0, probes, 1, false, msg, sizeof(msg)),
			 -EPERM);
}

static void test_bug_url(void **state)
{
	struct strbuf base = STRBUF_INIT;
	long id;

	assert_int_equal(kbug_bz_parse_bug_url("https://bugzilla.kernel.org/show_bug.cgi?id=219",
					       &base, &id, msg, sizeof(msg)), 0);
	assert_string_equal(base.buf, "https://bugzilla.kernel.org");
	assert_int_equal(id, 219);
	assert_int_equal(kbug_bz_parse_bug_url("http://127.0.0.1:8080/bz/show_bug.cgi?x=1&id=7#c3",
					       &base, &id, msg, sizeof(msg)), 0);
	assert_string_equal(base.buf, "http://127.0.0.1:8080/bz");
	assert_int_equal(id, 7);
	assert_int_equal(kbug_bz_parse_bug_url("https://bugzilla.kernel.org/42", &base, &id, msg,
					       sizeof(msg)), 0);
	assert_int_equal(id, 42);
	assert_int_equal(kbug_bz_parse_bug_url("ftp://x/show_bug.cgi?id=1", &base, &id, msg,
					       sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_bz_parse_bug_url("https://x/show_bug.cgi?id=0", &base, &id, msg,
					       sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_bz_parse_bug_url("https://x/show_bug.cgi?id=1x", &base, &id, msg,
					       sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_bz_parse_bug_url("https://x/buglist.cgi?id=1", &base, &id, msg,
					       sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_bz_parse_bug_url("https:///1", &base, &id, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_bz_parse_bug_url("https://x/ 1", &base, &id, msg, sizeof(msg)),
			 -EINVAL);
	strbuf_release(&base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_version_rule),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_note_and_text),
		cmocka_unit_test(test_from_options),
		cmocka_unit_test(test_bug_url),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
