// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mail threads from a public-inbox (deliver/public-inbox.c): the mboxrd a
 * thread comes as (">From " unquoted, folded headers, quoted-printable
 * bodies, Message-IDs checked), the newest request by Date:, the reply's
 * Re: subject and References, addresses split outside quotes, and the
 * message and thread URL forms of lore.kernel.org.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "deliver/public-inbox.h"
#include "deliver/request.h"
#include "util/strbuf.h"

static char msg[320];

static const char thread[] =
	"From mboxrd@z Thu Jan  1 00:00:00 1970\n"
	"From: Ada <ada@example.org>\n"
	"To: list@example.org\n"
	"Cc: \"Builder, Bob\" <bob@example.org>,\n"
	"  Carol <carol@example.org>\n"
	"Subject: [BUG] pcieport:\n"
	" AER flood\n"
	"Date: Sat, 05 Dec 2026 03:00:00 +0000\n"
	"Message-ID: <m1@example.org>\n"
	"\n"
	"the report\n"
	">From the log\n"
	">>From quoted\n"
	"\n"
	"From mboxrd@z Thu Jan  1 00:00:00 1970\n"
	"From: Tri <tri@example.org>\n"
	"Subject: Re: Re: [BUG] pcieport: AER flood\n"
	"Date: Sat, 05 Dec 2026 05:00:00 +0200\n"
	"Message-ID: <m2@example.org>\n"
	"In-Reply-To: <m1@example.org>\n"
	"References: <m1@example.org>\n"
	"Content-Transfer-Encoding: quoted-printable\n"
	"\n"
	"kbug-request: v1 id=newer00001 probes=pci lo=\n"
	"gs=3Dthis\n"
	"\n"
	"From mboxrd@z Thu Jan  1 00:00:00 1970\n"
	"From: Late <late@example.org>\n"
	"Date: Sat, 05 Dec 2026 02:00:00 +0000\n"
	"Message-ID: <bad id@example.org>\n"
	"\n"
	"kbug-request: v1 id=older00001 probes=dmi\n";

static void test_parse(void **state)
{
	struct kbug_pi_thread t;

	assert_int_equal(kbug_pi_parse_mbox(thread, strlen(thread), &t, msg, sizeof(msg)), 0);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.m[0].subject, "[BUG] pcieport: AER flood");
	assert_string_equal(t.m[0].message_id, "m1@example.org");
	assert_string_equal(t.m[0].body, "the report\nFrom the log\n>From quoted\n");
	assert_string_equal(t.m[1].in_reply_to, "m1@example.org");
	assert_non_null(strstr(t.m[1].body, "probes=pci logs=this"));
	/* 05:00 +0200 is 03:00 UTC, an hour after 02:00 */
	assert_true(t.m[1].when > t.m[2].when);
	assert_null(t.m[2].message_id);		/* a blank in it: no usable id */
	kbug_pi_thread_free(&t);
}

static void test_newest_request(void **state)
{
	struct kbug_pi_thread t;
	struct kbug_request r;
	size_t which;

	assert_int_equal(kbug_pi_parse_mbox(thread, strlen(thread), &t, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_pi_find_request(&t, &r, &which, msg, sizeof(msg)), 0);
	assert_int_equal(which, 1);
	assert_string_equal(r.id, "newer00001");
	assert_true(r.logs & KBUG_REQ_LOG_THIS);
	kbug_pi_thread_free(&t);
}

static void test_reply(void **state)
{
	struct kbug_pi_thread t;
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(kbug_pi_parse_mbox(thread, strlen(thread), &t, msg, sizeof(msg)), 0);
	kbug_pi_reply_subject(t.m[1].subject, &sb);
	assert_string_equal(sb.buf, "Re: [BUG] pcieport: AER flood");
	strbuf_reset(&sb);
	kbug_pi_reply_references(&t.m[1], &sb);
	assert_string_equal(sb.buf, "<m1@example.org> <m2@example.org>");
	kbug_pi_thread_free(&t);
	strbuf_release(&sb);
}

static void count(const char *name, const char *addr, void *data)
{
	struct strbuf *sb = data;

	strbuf_addf(sb, "[%s|%s]", name, addr);
}

static void test_addresses(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	kbug_pi_addresses("\"Builder, Bob\" <bob@example.org>, carol@example.org, nobody, ,",
			  8, count, &sb);
	assert_string_equal(sb.buf, "[Builder, Bob|bob@example.org][|carol@example.org]");
	strbuf_release(&sb);
}

static void test_targets(void **state)
{
	struct strbuf inbox = STRBUF_INIT, mid = STRBUF_INIT;

	assert_int_equal(kbug_pi_parse_target("https://lore.kernel.org/linux-pci/a.b@c.d/T/#u",
					      NULL, &inbox, &mid, msg, sizeof(msg)), 0);
	assert_string_equal(inbox.buf, "https://lore.kernel.org/linux-pci");
	assert_string_equal(mid.buf, "a.b@c.d");
	assert_int_equal(kbug_pi_parse_target("http://127.0.0.1:8080/test/x%40y/raw", NULL,
					      &inbox, &mid, msg, sizeof(msg)), 0);
	assert_string_equal(mid.buf, "x@y");
	assert_int_equal(kbug_pi_parse_target("<x@y>", NULL, &inbox, &mid, msg, sizeof(msg)), 0);
	assert_string_equal(inbox.buf, "https://lore.kernel.org/all");
	assert_string_equal(mid.buf, "x@y");
	assert_int_equal(kbug_pi_parse_target("a b@c", NULL, &inbox, &mid, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_pi_parse_target("x@y", "file:///etc", &inbox, &mid, msg,
					      sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_pi_parse_target("https://lore.kernel.org/all/", NULL, &inbox, &mid,
					      msg, sizeof(msg)), -EINVAL);
	strbuf_release(&inbox);
	strbuf_release(&mid);
}

static void test_refused(void **state)
{
	struct kbug_pi_thread t;

	assert_int_equal(kbug_pi_parse_mbox("From: x\n\nbody", 13, &t, msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "not an mbox"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_newest_request),
		cmocka_unit_test(test_reply),
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_targets),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
