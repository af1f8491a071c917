// SPDX-License-Identifier: GPL-2.0-or-later
/* Email: addresses, RFC 2047 headers, QP bodies, mbox, templates, the channel's message. */
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

#include "core/settings.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/outbox.h"
#include "deliver/smtp.h"
#include "deliver/template.h"
#include "core/report.h"
#include "util/json.h"
#include "util/strbuf.h"
#include "kbug.h"

static void test_parse_address(void **state)
{
	struct strbuf n = STRBUF_INIT, a = STRBUF_INIT;

	assert_int_equal(kbug_mime_parse_address("Kees Cook <kees@kernel.org>", &n, &a), 0);
	assert_string_equal(n.buf, "Kees Cook");
	assert_string_equal(a.buf, "kees@kernel.org");
	assert_int_equal(kbug_mime_parse_address("\"Doe, Jane\" <j@x.org>", &n, &a), 0);
	assert_string_equal(n.buf, "Doe, Jane");
	assert_int_equal(kbug_mime_parse_address("plain@x.org", &n, &a), 0);
	assert_string_equal(n.buf, "");
	assert_string_equal(a.buf, "plain@x.org");
	assert_int_equal(kbug_mime_parse_address("no-at-sign", &n, &a), -EINVAL);
	assert_int_equal(kbug_mime_parse_address("a@b@c", &n, &a), -EINVAL);
	assert_int_equal(kbug_mime_parse_address("X <a b@c>", &n, &a), -EINVAL);
	assert_int_equal(kbug_mime_parse_address("X <a@b> trailing", &n, &a), -EINVAL);
	assert_int_equal(kbug_mime_parse_address("X\r\nBcc: evil@x <a@b>", &n, &a), -EINVAL);
	strbuf_release(&n);
	strbuf_release(&a);
}

static void test_format_address(void **state)
{
	struct strbuf o = STRBUF_INIT;

	kbug_mime_format_address(&o, "Kees Cook", "kees@kernel.org");
	assert_string_equal(o.buf, "Kees Cook <kees@kernel.org>");
	strbuf_reset(&o);
	kbug_mime_format_address(&o, "Doe, J. \"JD\"", "j@x.org");
	assert_string_equal(o.buf, "\"Doe, J. \\\"JD\\\"\" <j@x.org>");
	strbuf_reset(&o);
	kbug_mime_format_address(&o, "J\303\266rg R\303\266del", "joro@8bytes.org");
	assert_string_equal(o.buf, "=?UTF-8?B?SsO2cmcgUsO2ZGVs?= <joro@8bytes.org>");
	strbuf_release(&o);
}

static void test_header_encoding_and_folding(void **state)
{
	struct strbuf o = STRBUF_INIT;
	const char *p, *line;

	kbug_mime_header(&o, "Subject", "WARNING in lkdtm_WARNING");
	assert_string_equal(o.buf, "Subject: WARNING in lkdtm_WARNING\n");
	strbuf_reset(&o);
	kbug_mime_header(&o, "Subject", "caf\xc3\xa9 \xe2\x80\x94 na\xc3\xafve");
	assert_string_equal(o.buf, "Subject: =?UTF-8?B?Y2Fmw6kg4oCUIG5hw692ZQ==?=\n");
	strbuf_reset(&o);
	/* a header injection attempt stays on one logical line */
	kbug_mime_header(&o, "Subject", "x\nBcc: victim@example.org");
	assert_null(strstr(o.buf, "\nBcc"));
	strbuf_reset(&o);
	kbug_mime_header(&o, "Subject",
			 "a very long subject line that goes on and on well past the seventy-eight column limit of RFC 5322 lines");
	for (line = o.buf; (p = strchr(line, '\n')); line = p + 1)
		assert_true(p - line <= 78);
	assert_non_null(strstr(o.buf, "\n "));
	strbuf_release(&o);
}

/* every line of the header block at most max bytes, every encoded word at most 75 */
static void assert_header_lines(const char *msg, size_t max)
{
	const char *line = msg, *p, *w;

	for (; (p = strchr(line, '\n')) && p != line; line = p + 1) {
		assert_true((size_t)(p - line) <= max);
		for (w = line; (w = strstr(w, "=?UTF-8?B?")) && w < p; ) {
			const char *e = strstr(w + 10, "?=");

			assert_non_null(e);
			assert_true(e + 2 - w <= 75);
			w = e + 2;
		}
	}
}

/* issue 18 item 8: 1100-character titles and names fold (78) and never pass 998 */
static void test_long_headers_fold(void **state)
{
	struct strbuf o = STRBUF_INIT, t = STRBUF_INIT, name = STRBUF_INIT, from = STRBUF_INIT;
	struct strbuf h = STRBUF_INIT;
	const char *to[2] = { NULL, NULL };
	struct kbug_mail m = { .message_id = "<1@x>", .date = "Thu, 03 Dec 2026 06:35:12 +0000",
			       .body = "hi\n" };
	size_t i;

	for (i = 0; i < 1100; i++)
		strbuf_addch(&t, 'a' + i % 26);
	kbug_mime_header(&o, "Subject", t.buf);
	assert_header_lines(o.buf, 78);
	strbuf_reset(&o);
	strbuf_reset(&t);
	for (i = 0; i < 1100 / 3; i++)
		strbuf_addstr(&t, "\xc3\xa9x");
	kbug_mime_header(&o, "Subject", t.buf);
	assert_header_lines(o.buf, 78);
	strbuf_reset(&o);
	strbuf_reset(&t);
	for (i = 0; i < 100; i++)
		strbuf_addstr(&t, "Alexander ");
	strbuf_addstr(&t, "Hamilton");
	kbug_mime_format_address(&from, t.buf, "ah@example.org");
	kbug_mime_format_address(&name, t.buf, "two@example.org");
	to[0] = name.buf;
	m.from = from.buf;
	m.to = to;
	m.subject = "short";
	kbug_mime_build(&m, &o);
	assert_header_lines(o.buf, 78);
	assert_int_equal(kbug_mime_get_header(o.buf, "To", &h), 0);
	assert_non_null(strstr(h.buf, "<two@example.org>"));
	strbuf_release(&o);
	strbuf_release(&t);
	strbuf_release(&name);
	strbuf_release(&from);
	strbuf_release(&h);
}

static void test_clean_text_and_qp(void **state)
{
	struct strbuf o = STRBUF_INIT;
	char longline[1200];

	kbug_mime_clean_text(&o, "a\r\nb\rc\001\377d\303\251\n", 12);
	assert_string_equal(o.buf, "a\nb\nc\357\277\275d\303\251\n");
	strbuf_reset(&o);
	kbug_mime_qp(&o, "caf\303\251 = ok\040\n.dot\nFrom me\n", 25);
	assert_string_equal(o.buf, "caf=C3=A9 =3D ok=20\n=2Edot\n=46rom me\n");
	strbuf_reset(&o);
	memset(longline, 'x', sizeof(longline) - 1);
	longline[sizeof(longline) - 1] = '\0';
	kbug_mime_qp(&o, longline, strlen(longline));
	assert_true(strlen(o.buf) > sizeof(longline));
	assert_true(strchr(o.buf, '\n') - o.buf <= 76);
	strbuf_release(&o);
}

static void test_mbox_quoting(void **state)
{
	struct strbuf o = STRBUF_INIT;
	static const char msg[] = "Subject: s\n\nFrom here\n>From there\nok\n";

	kbug_mbox_append(&o, msg, strlen(msg), "me@x.org");
	assert_true(!strncmp(o.buf, "From me@x.org ", 14));
	assert_non_null(strstr(o.buf, "\n>From here\n>>From there\nok\n\n"));
	strbuf_reset(&o);
	kbug_mime_crlf(&o, "a\nb\r\nc\n", 7);
	assert_string_equal(o.buf, "a\r\nb\r\nc\r\n");
	strbuf_release(&o);
}

static void test_smtp_url_policy(void **state)
{
	bool lo, tls;

	assert_int_equal(kbug_smtp_url_host("smtp://127.0.0.1:2525", NULL, &lo, &tls), 0);
	assert_true(lo);
	assert_false(tls);
	assert_int_equal(kbug_smtp_url_host("smtp://127.8.9.10", NULL, &lo, &tls), 0);
	assert_true(lo);
	assert_int_equal(kbug_smtp_url_host("smtp://[::1]:25", NULL, &lo, &tls), 0);
	assert_true(lo);
	assert_int_equal(kbug_smtp_url_host("smtp://localhost", NULL, &lo, &tls), 0);
	assert_true(lo);
	assert_int_equal(kbug_smtp_url_host("smtp://10.0.2.100:2525", NULL, &lo, &tls), 0);
	assert_false(lo);
	assert_int_equal(kbug_smtp_url_host("smtps://mail.example.org:465", NULL, &lo, &tls), 0);
	assert_false(lo);
	assert_true(tls);
	assert_int_equal(kbug_smtp_url_host("smtp://user:pw@host", NULL, &lo, &tls), -EINVAL);
	assert_int_equal(kbug_smtp_url_host("http://host", NULL, &lo, &tls), -EINVAL);
}

static void test_template_syntax(void **state)
{
	struct json_object *v = json_object_new_object();
	struct strbuf o = STRBUF_INIT;

	kj_set_str(v, "a", "A");
	kj_set_str(v, "empty", "");
	assert_int_equal(kbug_template_render("x {{a}} {{ a }} {{missing}}.\n", v, &o, "t"), 0);
	assert_string_equal(o.buf, "x A A .\n");
	strbuf_reset(&o);
	assert_int_equal(kbug_template_render("1\n{{#a}}\nyes {{a}}\n{{/a}}\n{{#empty}}\nno\n{{/empty}}\n"
					      "{{^empty}}\ninverted\n{{/empty}}\n{{! gone }}\n2\n",
					      v, &o, "t"), 0);
	assert_string_equal(o.buf, "1\nyes A\ninverted\n2\n");
	strbuf_reset(&o);
	assert_int_equal(kbug_template_render("in{{#a}}-{{a}}-{{/a}}line {{not a tag", v, &o, "t"),
			 0);
	assert_string_equal(o.buf, "in-A-line {{not a tag");
	assert_int_equal(kbug_template_render("{{#a}}never closed", v, &o, "t"), -EINVAL);
	assert_int_equal(kbug_template_render("stray {{/a}}", v, &o, "t"), -EINVAL);
	json_object_put(v);
	strbuf_release(&o);
}

/* templates/ of this source tree: two levels above this file */
static void set_datadir(void)
{
	char path[4096], *slash;

	snprintf(path, sizeof(path), "%s", __FILE__);
	slash = strrchr(path, '/');
	if (slash)
		*slash = '\0';
	strncat(path, "/../..", sizeof(path) - strlen(path) - 1);
	setenv("KBUG_DATADIR", path, 1);
}

/* A report as the stages leave it, enough for the email channel. */
static void fake_report(struct kbug_report *r, bool regression)
{
	static const char route[] =
		"{\"path\": \"drivers/misc/lkdtm/bugs.c\","
		" \"sections\": [{\"name\": \"LINUX KERNEL DUMP TEST MODULE (LKDTM)\"}],"
		" \"maintainers\": [{\"name\": \"Kees Cook\", \"address\": \"kees@kernel.org\"}],"
		" \"reviewers\": [{\"name\": \"J\\u00f6rg R\\u00f6del\", \"address\": \"joro@8bytes.org\"},"
		"                 {\"name\": \"Kees Cook\", \"address\": \"KEES@kernel.org\"}],"
		" \"lists\": [{\"address\": \"linux-kernel@vger.kernel.org\"},"
		"             {\"address\": \"linux-hardening@vger.kernel.org\"}],"
		" \"destination\": {\"kind\": \"email\"},"
		" \"suspect\": {\"path\": \"drivers/misc/lkdtm/bugs.c\","
		"               \"why\": \"the guilty file\"}}";
	static const char analysis[] =
		"{\"reports\": [{\"title\": \"WARNING in lkdtm_WARNING\", \"kind\": \"WARNING\","
		" \"guilty_file\": \"drivers/misc/lkdtm/bugs.c\","
		" \"guilty_function\": \"lkdtm_WARNING\","
		" \"text\": \"WARNING: CPU: 0 PID: 1 at drivers/misc/lkdtm/bugs.c:1"
		" lkdtm_WARNING\\n\"}]}";
	struct json_object *d = json_object_new_object();
	char big[20000];

	assert_int_equal(kbug_report_init(r), 0);
	kbug_report_set(r, "route", json_tokener_parse(route));
	kbug_report_set(r, "analysis", json_tokener_parse(analysis));
	kj_set_str(d, "title", "WARNING in lkdtm_WARNING");
	kj_set_int(d, "report_index", 0);
	kj_set_str(d, "description", "echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT");
	if (regression) {
		struct json_object *reg = json_object_new_object();

		kj_set_str(reg, "last_good", "6.11");
		kj_set(d, "regression", reg);
	}
	kbug_report_set(r, "draft", d);
	kbug_report_attach(r, "small.txt", "text/plain", "a small log", "line one\n", 9);
	memset(big, 'L', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	big[100] = '\n';
	kbug_report_attach(r, "dmesg.txt", "text/plain", "the kernel log", big, strlen(big));
}

static void test_channel_builds_the_message(void **state)
{
	char dir[] = "/tmp/kbug-test-email.XXXXXX", cmd[128];
	struct kbug_deliver_opts o = { .from = "Ada Lovelace <ada@example.org>" };
	struct kbug_outbox_item *it;
	struct kbug_report r;
	struct strbuf msg = STRBUF_INIT, h = STRBUF_INIT;
	struct json_object *rc;

	assert_non_null(mkdtemp(dir));
	set_datadir();
	fake_report(&r, true);
	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_channel_email.prepare(&r, it, &o), 0);
	assert_int_equal(kbug_outbox_read(it, "message.eml", &msg), 0);

	assert_int_equal(kbug_mime_get_header(msg.buf, "From", &h), 0);
	assert_string_equal(h.buf, "Ada Lovelace <ada@example.org>");
	assert_int_equal(kbug_mime_get_header(msg.buf, "To", &h), 0);
	/* maintainers then reviewers, a duplicate (any case) dropped */
	assert_string_equal(h.buf, "Kees Cook <kees@kernel.org>, =?UTF-8?B?SsO2cmcgUsO2ZGVs?= <joro@8bytes.org>");
	assert_int_equal(kbug_mime_get_header(msg.buf, "Cc", &h), 0);
	assert_string_equal(h.buf, "linux-kernel@vger.kernel.org, linux-hardening@vger.kernel.org, regressions@lists.linux.dev");
	assert_int_equal(kbug_mime_get_header(msg.buf, "Subject", &h), 0);
	assert_string_equal(h.buf, "[REGRESSION] WARNING in lkdtm_WARNING");
	assert_int_equal(kbug_mime_get_header(msg.buf, "Message-ID", &h), 0);
	assert_true(h.buf[0] == '<' && strstr(h.buf, "@example.org>"));
	assert_int_equal(kbug_mime_get_header(msg.buf, "User-Agent", &h), 0);
	assert_int_equal(kbug_mime_get_header(msg.buf, "Date", &h), 0);
	assert_int_equal(kbug_mime_get_header(msg.buf, "Content-Type", &h), 0);
	assert_non_null(strstr(h.buf, "multipart/mixed"));
	/* the body: description, report lines, small log inline, big one attached */
	assert_non_null(strstr(msg.buf, "echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT"));
	assert_non_null(strstr(msg.buf, "WARNING: CPU: 0 PID: 1 at drivers/misc/lkdtm/bugs.c:1"));
	assert_non_null(strstr(msg.buf, "--- small.txt: a small log ---\nline one\n"));
	assert_non_null(strstr(msg.buf, "#regzbot introduced: v6.11.."));
	assert_non_null(strstr(msg.buf, "LKDTM provokes crashes on purpose"));
	assert_non_null(strstr(msg.buf, "filename=\"dmesg.txt\""));
	assert_null(strstr(msg.buf, "filename=\"small.txt\""));
	assert_non_null(strstr(msg.buf, "Content-Transfer-Encoding: quoted-printable"));

	rc = kj_path(kbug_outbox_state(it), "envelope.rcpt");
	assert_int_equal(json_object_array_length(rc), 5);
	assert_string_equal(json_object_get_string(json_object_array_get_idx(rc, 4)),
			    "regressions@lists.linux.dev");
	assert_string_equal(kj_get_str(kj_path(kbug_outbox_state(it), "envelope"), "from"),
			    "ada@example.org");
	kbug_outbox_discard(it);
	kbug_outbox_item_free(it);
	kbug_report_release(&r);
	strbuf_release(&msg);
	strbuf_release(&h);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_channel_needs_a_sender(void **state)
{
	char dir[] = "/tmp/kbug-test-email.XXXXXX", cmd[128];
	struct kbug_deliver_opts o = { .from = NULL };
	struct kbug_outbox_item *it;
	struct kbug_report r;

	assert_non_null(mkdtemp(dir));
	set_datadir();
	kbug_config_reset();
	fake_report(&r, false);
	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_channel_email.prepare(&r, it, &o), -ENOENT);
	o.from = "not an address";
	assert_int_equal(kbug_channel_email.prepare(&r, it, &o), -EINVAL);
	kbug_outbox_discard(it);
	kbug_outbox_item_free(it);
	kbug_report_release(&r);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* DIR/sendmail, which saves the message it gets as DIR/got.eml; its path into path */
static void fake_sendmail(char *path, size_t n, const char *dir)
{
	FILE *f;

	snprintf(path, n, "%s/sendmail", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "#!/bin/sh\ncat > %s/got.eml\n", dir);
	fclose(f);
	assert_int_equal(chmod(path, 0700), 0);
}

/* issue 18 item 9: a Bcc added in the editor goes to the envelope, not the headers */
static void test_edited_bcc_and_subject(void **state)
{
	char dir[] = "/tmp/kbug-test-email.XXXXXX", cmd[128];
	struct kbug_deliver_opts o = { .from = "Ada Lovelace <ada@example.org>" };
	struct kbug_outbox_item *it;
	struct kbug_report r;
	struct strbuf msg = STRBUF_INIT, ed = STRBUF_INIT, h = STRBUF_INIT;
	struct json_object *rc;
	const char *subj;
	char path[128];
	size_t i, n;
	bool bcc = false;

	assert_non_null(mkdtemp(dir));
	set_datadir();
	fake_report(&r, false);
	assert_int_equal(kbug_outbox_item_new(dir, "email", &it), 0);
	assert_int_equal(kbug_channel_email.prepare(&r, it, &o), 0);
	assert_int_equal(kbug_outbox_read(it, "message.eml", &msg), 0);
	/* the user's edit: a Bcc (folded) and a new UTF-8 subject */
	subj = strstr(msg.buf, "Subject:");
	assert_non_null(subj);
	strbuf_add(&ed, msg.buf, (size_t)(subj - msg.buf));
	strbuf_addstr(&ed, "Bcc: Secret <secret@example.org>,\n hidden@example.org\n");
	strbuf_addstr(&ed, "Subject: caf\xc3\xa9 crashes\n");
	strbuf_addstr(&ed, strchr(subj, '\n') + 1);
	assert_int_equal(kbug_outbox_write(it, "message.eml", ed.buf, ed.len), 0);
	assert_int_equal(kbug_email_refresh(it), 0);

	strbuf_reset(&msg);
	assert_int_equal(kbug_outbox_read(it, "message.eml", &msg), 0);
	assert_int_equal(kbug_mime_get_header(msg.buf, "Bcc", &h), -ENOENT);
	assert_null(strstr(msg.buf, "secret@example.org"));
	assert_int_equal(kbug_mime_get_header(msg.buf, "Subject", &h), 0);
	assert_string_equal(h.buf, "=?UTF-8?B?Y2Fmw6kgY3Jhc2hlcw==?=");
	assert_string_equal(kj_get_str(kbug_outbox_state(it), "subject"), "caf\xc3\xa9 crashes");
	rc = kj_path(kbug_outbox_state(it), "envelope.rcpt");
	n = json_object_array_length(rc);
	for (i = 0; i < n; i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(rc, i)),
			    "secret@example.org"))
			bcc = true;
	assert_true(bcc);
	assert_string_equal(json_object_get_string(json_object_array_get_idx(rc, n - 1)),
			    "hidden@example.org");

	/* sendmail -t gets the Bcc back, to take the recipients from and remove */
	fake_sendmail(path, sizeof(path), dir);
	o.sendmail = true;
	o.sendmail_path = path;
	assert_int_equal(kbug_outbox_commit(it), 0);
	assert_int_equal(kbug_channel_email.send(it, &o), 0);
	snprintf(path, sizeof(path), "%s/got.eml", dir);
	strbuf_reset(&msg);
	assert_true(strbuf_read_file(&msg, path, 1 << 20) > 0);
	assert_int_equal(kbug_mime_get_header(msg.buf, "Bcc", &h), 0);
	assert_string_equal(h.buf, "secret@example.org, hidden@example.org");
	kbug_outbox_item_free(it);
	kbug_report_release(&r);
	strbuf_release(&msg);
	strbuf_release(&ed);
	strbuf_release(&h);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_deliver_saves_then_sends(void **state)
{
	char dir[] = "/tmp/kbug-test-deliver.XXXXXX", path[128], cmd[256];
	struct kbug_deliver_opts o = { .from = "Ada <ada@example.org>", .to = "email",
				       .sendmail = true };
	struct kbug_report r;
	struct strbuf got = STRBUF_INIT;
	struct kbug_delivery d = { .mode = KBUG_DELIVER_SEND };
	const char *id;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	d.outbox = dir;
	set_datadir();
	fake_sendmail(path, sizeof(path), dir);
	o.sendmail_path = path;
	fake_report(&r, false);
	assert_int_equal(kbug_deliver(&r, &o, &d), 0);
	assert_true(d.saved && d.attempted);
	id = kbug_outbox_item_id(d.item);
	assert_non_null(id);
	assert_string_equal(kj_get_str(kbug_report_get(&r, "delivery"), "state"), "sent");
	snprintf(cmd, sizeof(cmd), "%s/sent/%s/message.eml", dir, id);
	assert_int_equal(access(cmd, R_OK), 0);
	snprintf(cmd, sizeof(cmd), "%s/got.eml", dir);
	assert_true(strbuf_read_file(&got, cmd, 1 << 20) > 0);
	assert_non_null(strstr(got.buf, "Subject: WARNING in lkdtm_WARNING\n"));

	/* a sendmail that fails: the item waits, -EAGAIN */
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("#!/bin/sh\nexit 75\n", f);
	fclose(f);
	kbug_outbox_item_free(d.item);
	d.item = NULL;
	assert_int_equal(kbug_deliver(&r, &o, &d), -EAGAIN);
	id = kbug_outbox_item_id(d.item);
	assert_string_equal(kj_get_str(kbug_report_get(&r, "delivery"), "state"), "failed");
	snprintf(cmd, sizeof(cmd), "%s/%s/state.json", dir, id);
	assert_int_equal(access(cmd, R_OK), 0);
	kbug_outbox_item_free(d.item);
	kbug_report_release(&r);
	strbuf_release(&got);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_channel_table(void **state)
{
	assert_ptr_equal(kbug_channel_find("email"), &kbug_channel_email);
	assert_ptr_equal(kbug_channel_for("mailto"), &kbug_channel_email);
	assert_ptr_equal(kbug_channel_for("email"), &kbug_channel_email);
	assert_ptr_equal(kbug_channel_for(NULL), &kbug_channel_email);
	assert_ptr_equal(kbug_channel_for("issue-tracker"), &kbug_channel_issue_tracker);
	assert_ptr_equal(kbug_channel_for("web"), &kbug_channel_web);
	assert_ptr_equal(kbug_channel_find("bugzilla"), &kbug_channel_bugzilla);
	assert_ptr_equal(kbug_channel_for("bugzilla"), &kbug_channel_bugzilla);
	assert_null(kbug_channel_find("carrier-pigeon"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_address),
		cmocka_unit_test(test_format_address),
		cmocka_unit_test(test_header_encoding_and_folding),
		cmocka_unit_test(test_long_headers_fold),
		cmocka_unit_test(test_clean_text_and_qp),
		cmocka_unit_test(test_mbox_quoting),
		cmocka_unit_test(test_smtp_url_policy),
		cmocka_unit_test(test_template_syntax),
		cmocka_unit_test(test_channel_builds_the_message),
		cmocka_unit_test(test_channel_needs_a_sender),
		cmocka_unit_test(test_edited_bcc_and_subject),
		cmocka_unit_test(test_deliver_saves_then_sends),
		cmocka_unit_test(test_channel_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
