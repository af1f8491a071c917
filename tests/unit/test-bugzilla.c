// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Bugzilla channel's pure parts: base64, the URL policy, the B: URI
 * query, the section map (against the kernel's own MAINTAINERS when it is
 * there) and the reply parser's verdicts.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deliver/bugzilla.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

static void test_base64_rfc4648_vectors(void **state)
{
	static const char *const in[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
	static const char *const out[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=",
					   "Zm9vYmFy" };
	unsigned char all[256];
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(in); i++) {
		strbuf_reset(&sb);
		kbug_base64(&sb, in[i], strlen(in[i]));
		assert_string_equal(sb.buf, out[i]);
		assert_int_equal(sb.len, strlen(out[i]));
	}
	for (i = 0; i < 256; i++)
		all[i] = (unsigned char)i;
	strbuf_reset(&sb);
	kbug_base64(&sb, all, sizeof(all));
	assert_int_equal(sb.len, 344);
	assert_memory_equal(sb.buf, "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g", 44);
	assert_string_equal(sb.buf + 336, "/P3+/w==");
	strbuf_release(&sb);
}

static void test_url_policy(void **state)
{
	char msg[400];

	assert_int_equal(kbug_bz_url_ok("https://bugzilla.kernel.org", false, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_bz_url_ok("http://127.0.0.1:8080", false, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_bz_url_ok("http://127.1.2.3/bz", false, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_bz_url_ok("http://localhost:1/", false, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_bz_url_ok("http://[::1]:9/", false, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_bz_url_ok("http://10.0.2.100:8080", false, msg, sizeof(msg)),
			 -EINVAL);
	assert_non_null(strstr(msg, "refusing plain http:// to '10.0.2.100'"));
	assert_int_equal(kbug_bz_url_ok("http://10.0.2.100:8080", true, msg, sizeof(msg)), 0);
	assert_int_equal(kbug_bz_url_ok("http://128.0.0.1", false, msg, sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_bz_url_ok("http://localhost.evil.org", false, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_bz_url_ok("ftp://bugzilla.kernel.org", false, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_bz_url_ok("https://user:pw@bz.example", false, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_bz_url_ok("https://bz.example/?api_key=x", false, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(kbug_bz_url_ok("https://", false, msg, sizeof(msg)), -EINVAL);
	assert_int_equal(kbug_bz_url_ok("http://[::1", false, msg, sizeof(msg)), -EINVAL);
}

static void test_uri_product(void **state)
{
	struct strbuf p = STRBUF_INIT, c = STRBUF_INIT;
	static const char enter[] =
		"https://bugzilla.kernel.org/enter_bug.cgi?product=File%20System&component=f2fs";
	static const char list[] =
		"https://bugzilla.kernel.org/buglist.cgi?component=Sanitizers&product=Memory+Management";

	assert_int_equal(kbug_bz_uri_product(enter, &p, &c), 0);
	assert_string_equal(p.buf, "File System");
	assert_string_equal(c.buf, "f2fs");
	assert_int_equal(kbug_bz_uri_product(list, &p, &c), 0);
	assert_string_equal(p.buf, "Memory Management");
	assert_string_equal(c.buf, "Sanitizers");
	assert_int_equal(kbug_bz_uri_product("https://bz/x?product=Tools#component=no", &p, &c), 0);
	assert_string_equal(p.buf, "Tools");
	assert_string_equal(c.buf, "");
	assert_int_equal(kbug_bz_uri_product("https://bugzilla.kernel.org", &p, &c), -ENOENT);
	assert_int_equal(kbug_bz_uri_product("https://bz/?component=x", &p, &c), -ENOENT);
	assert_string_equal(c.buf, "");
	assert_int_equal(kbug_bz_uri_product("https://bz/?product=%zz%4", &p, &c), 0);
	assert_string_equal(p.buf, "%zz%4");
	assert_int_equal(kbug_bz_uri_product("https://bz/?product=a%00b", &p, &c), 0);
	assert_string_equal(p.buf, "ab");
	strbuf_release(&p);
	strbuf_release(&c);
}

static int collect_row(void *data, const char *section, const char *product,
		       const char *component)
{
	struct strbuf *sb = data;

	strbuf_addf(sb, "[%s|%s|%s]", section, product ?: "-", component ?: "-");
	return 0;
}

static void test_map_parse(void **state)
{
	static const char good[] = "# comment\n\n@url https://bugzilla.kernel.org\n"
				   "  ACPI | ACPI | Other\t\nPCI SUBSYSTEM|Drivers|PCI";
	struct strbuf sb = STRBUF_INIT;

	kbug_log_level = -1;
	assert_int_equal(kbug_bz_map_parse(good, strlen(good), "t", collect_row, &sb), 0);
	assert_string_equal(sb.buf, "[@url https://bugzilla.kernel.org|-|-][ACPI|ACPI|Other]"
			    "[PCI SUBSYSTEM|Drivers|PCI]");
	strbuf_reset(&sb);
	assert_int_equal(kbug_bz_map_parse("A | B\n", 6, "t", collect_row, &sb), -EINVAL);
	assert_int_equal(kbug_bz_map_parse("A | B | C | D\n", 14, "t", collect_row, &sb), -EINVAL);
	assert_int_equal(kbug_bz_map_parse("A |  | C\n", 9, "t", collect_row, &sb), -EINVAL);
	assert_int_equal(kbug_bz_map_parse("A | B\0 | C\n", 11, "t", collect_row, &sb), -EINVAL);
	strbuf_release(&sb);
	kbug_log_level = KBUG_LOG_WARN;
}

/* Every section of 6.12 whose B: is the bare bugzilla.kernel.org has a row. */
static void test_map_covers_maintainers(void **state)
{
	struct strbuf p = STRBUF_INIT, c = STRBUF_INIT, line = STRBUF_INIT, sec = STRBUF_INIT;
	glob_t g;
	FILE *f;
	int bare = 0, with_query = 0;

	if (!getenv("KBUG_DATADIR") && !access("data/bugzilla-kernel-org.map", R_OK))
		setenv("KBUG_DATADIR", ".", 1);
	assert_int_equal(kbug_bz_map_lookup("https://bugzilla.kernel.org", "acpi", &p, &c), 0);
	assert_string_equal(p.buf, "ACPI");
	assert_string_equal(c.buf, "Other");
	assert_int_equal(kbug_bz_map_lookup("https://bugzilla.kernel.org/", "SUSPEND TO RAM", &p,
					    &c), 0);
	assert_string_equal(c.buf, "Hibernation/Suspend");
	/* the rows are for bugzilla.kernel.org only */
	assert_int_equal(kbug_bz_map_lookup("https://bugzilla.redhat.com", "ACPI", &p, &c),
			 -ENOENT);
	assert_int_equal(kbug_bz_map_lookup("https://bugzilla.kernel.org", "NO SUCH SECTION", &p,
					    &c), -ENOENT);

	if (glob("/var/cache/kbug/src/linux-source-6.12*/MAINTAINERS", 0, NULL, &g) ||
	    !g.gl_pathc) {
		skip();
		return;
	}
	f = fopen(g.gl_pathv[0], "r");
	globfree(&g);
	assert_non_null(f);
	while (strbuf_getline(&line, f) != EOF) {
		if (line.len && line.buf[0] != '\t' && line.buf[1] != ':' &&
		    line.buf[0] >= 'A' && line.buf[0] <= 'Z') {
			strbuf_reset(&sec);
			strbuf_addstr(&sec, line.buf);
		} else if (!strncmp(line.buf, "B:\thttps://bugzilla.kernel.org", 30)) {
			const char *rest = line.buf + 30;

			if (!*rest || !strcmp(rest, "/")) {
				bare++;
				if (kbug_bz_map_lookup("https://bugzilla.kernel.org", sec.buf, &p,
						       &c))
					fail_msg("section '%s' is not in the map", sec.buf);
			} else {
				with_query++;
				assert_int_equal(kbug_bz_uri_product(line.buf + 3, &p, &c), 0);
				assert_true(p.len > 0);
			}
		}
	}
	fclose(f);
	assert_int_equal(bare + with_query, 23);
	assert_int_equal(bare, 17);
	strbuf_release(&p);
	strbuf_release(&c);
	strbuf_release(&line);
	strbuf_release(&sec);
}

static int parse(long status, const char *body, struct json_object **o, int *code, char *msg)
{
	return kbug_bz_parse_reply(status, "application/json", body, strlen(body),
				   "https://bz.example", "filing the bug", o, code, msg, 512);
}

static void test_reply_verdicts(void **state)
{
	struct json_object *o;
	char msg[512];
	int code;

	assert_int_equal(parse(200, "{\"id\": 12}\n", &o, &code, msg), 0);
	assert_int_equal(kj_get_int(o, "id", 0), 12);
	json_object_put(o);

	assert_int_equal(parse(400, "{\"error\":true,\"code\":105,\"message\":\"There is no "
			       "component named 'x' in the 'ACPI' product.\",\"documentation\":"
			       "\"https://bugzilla.readthedocs.io\"}", &o, &code, msg), -EREMOTEIO);
	assert_null(o);
	assert_int_equal(code, 105);
	assert_string_equal(msg, "filing the bug failed at https://bz.example: unknown "
			    "component (Bugzilla error 105, HTTP 400): There is no component "
			    "named 'x' in the 'ACPI' product.");

	assert_int_equal(parse(400, "{\"error\":true,\"code\":306,\"message\":\"bad key\"}", &o,
			       &code, msg), -EACCES);
	assert_non_null(strstr(msg, "the API key was not accepted"));
	assert_int_equal(parse(401, "{\"error\":true,\"code\":410,\"message\":\"log in\"}", &o,
			       &code, msg), -EACCES);
	assert_int_equal(parse(401, "{\"error\":true,\"code\":106,\"message\":\"no\"}", &o,
			       &code, msg), -EREMOTEIO);
	assert_non_null(strstr(msg, "unknown product"));
	assert_int_equal(parse(400, "{\"error\":true,\"code\":-32000,\"message\":\"x\"}", &o,
			       &code, msg), -EREMOTEIO);
	assert_non_null(strstr(msg, "server-side failure"));
	assert_int_equal(parse(404, "{\"error\":true,\"code\":32614,\"message\":\"x\"}", &o,
			       &code, msg), -EREMOTEIO);
	assert_int_equal(code, 32614);
	/* an error flag in a 200 still is an error */
	assert_int_equal(parse(200, "{\"error\":true,\"code\":51,\"message\":\"x\"}", &o, &code,
			       msg), -EREMOTEIO);

	assert_int_equal(parse(500, "<html>Internal Server Error</html>", &o, &code, msg),
			 -EPROTO);
	assert_non_null(strstr(msg, "server error (HTTP 500, the reply is not Bugzilla JSON)"));
	assert_int_equal(parse(200, "<html>portal</html>", &o, &code, msg), -EPROTO);
	assert_non_null(strstr(msg, "the reply is not JSON (HTTP 200"));
	assert_int_equal(parse(200, "{\"id\": 1} trailing", &o, &code, msg), -EPROTO);
	assert_int_equal(parse(200, "[1, 2]", &o, &code, msg), -EPROTO);
	assert_int_equal(parse(200, "{\"id\": ", &o, &code, msg), -EPROTO);
	assert_int_equal(parse(200, "", &o, &code, msg), -EPROTO);
	assert_int_equal(parse(302, "", &o, &code, msg), -EPROTO);
	assert_non_null(strstr(msg, "redirected (HTTP 302)"));
	assert_int_equal(parse(503, "{}", &o, &code, msg), -EPROTO);
	assert_int_equal(code, 0);
	assert_int_equal(kbug_bz_parse_reply(200, NULL, "{\"a\":1}\0x", 9, "s", "w", &o, &code,
					     msg, sizeof(msg)), -EPROTO);
}

/* ---- the channel's "needs a choice" (tests/servers/bugzilla_server.py) ---- */

#define BZ_KEY "kbugTESTkey0reporter0123456789abcdefghij"

struct bz_server {
	char dir[64], url[64];
	pid_t pid;
};

static void src_path(char *out, size_t n, const char *rel)
{
	char *slash;

	snprintf(out, n, "%s", __FILE__);
	slash = strrchr(out, '/');
	if (slash)
		*slash = '\0';
	strncat(out, rel, n - strlen(out) - 1);
}

/* Start the test server in a new directory; false when it cannot run here. */
static bool bz_server_start(struct bz_server *b)
{
	char server[4096], db[128], pf[128], key[128];
	int i, port = 0;
	FILE *f;

	snprintf(b->dir, sizeof(b->dir), "/tmp/kbug-test-bz.XXXXXX");
	assert_non_null(mkdtemp(b->dir));
	src_path(server, sizeof(server), "/../servers/bugzilla_server.py");
	snprintf(db, sizeof(db), "%s/bz.db", b->dir);
	snprintf(pf, sizeof(pf), "%s/port", b->dir);
	snprintf(key, sizeof(key), "%s/key", b->dir);
	f = fopen(key, "w");
	assert_non_null(f);
	fputs(BZ_KEY "\n", f);
	fclose(f);
	assert_int_equal(chmod(key, 0600), 0);
	if (access("/usr/bin/python3", X_OK) || access(server, R_OK))
		return false;
	b->pid = fork();
	assert_true(b->pid >= 0);
	if (!b->pid) {
		if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
			_exit(126);
		execl("/usr/bin/python3", "python3", server, db, "--port-file", pf, (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 200 && !port; i++) {
		f = fopen(pf, "r");
		if (!f || fscanf(f, "%d", &port) != 1)
			port = 0;
		if (f)
			fclose(f);
		if (!port)
			usleep(50000);
	}
	assert_true(port > 0);
	snprintf(b->url, sizeof(b->url), "http://127.0.0.1:%d", port);
	return true;
}

static void bz_server_stop(struct bz_server *b)
{
	char cmd[128];

	if (b->pid > 0) {
		kill(b->pid, SIGTERM);
		waitpid(b->pid, NULL, 0);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", b->dir);
	assert_int_equal(system(cmd), 0);
}

/* A routed, drafted report for the server's Drivers/Other. */
static void bz_report(struct kbug_report *r, const char *url)
{
	struct json_object *route = json_object_new_object(), *dest = json_object_new_object();
	struct json_object *d = json_object_new_object();

	assert_int_equal(kbug_report_init(r), 0);
	r->redact = false;
	kj_set_str(dest, "kind", "bugzilla");
	kj_set_str(dest, "url", url);
	kj_set_str(dest, "product", "Drivers");
	kj_set_str(dest, "component", "Other");
	kj_set(route, "destination", dest);
	kbug_report_set(r, "route", route);
	kj_set_str(d, "title", "kbug unit test: a duplicate by title");
	kj_set_str(d, "description", "what happened");
	kbug_report_set(r, "draft", d);
	kbug_report_attach(r, "dmesg.txt", "text/plain", "the kernel log", "a line\n", 7);
}

struct answer {
	char key;			/* what the user types */
	int calls;
	enum kbug_choice_kind kind;	/* what was asked */
};

static int answer(struct kbug_choice *c, void *data)
{
	struct answer *a = data;

	a->calls++;
	a->kind = c->kind;
	assert_non_null(strstr(c->prompt, "[c]"));
	c->duplicate = a->key;
	return 0;
}

/* One filing of the report; the item's state and bug id after it. */
static int bz_file(struct bz_server *b, struct answer *a, bool yes,
		   enum kbug_outbox_state *state, long *bug, char *reason, size_t n)
{
	char key[128];
	struct kbug_deliver_opts o = { .api_key_file = key, .yes = yes, .timeout_s = 20 };
	struct kbug_delivery d = {
		.outbox = b->dir, .channel = &kbug_channel_bugzilla,
		.choose = a ? answer : NULL, .data = a,
	};
	struct kbug_report r;
	int ret;

	snprintf(key, sizeof(key), "%s/key", b->dir);
	bz_report(&r, b->url);
	ret = kbug_deliver(&r, &o, &d);
	assert_true(d.saved);
	*state = kbug_outbox_get_state(d.item);
	*bug = strtol(kj_get_str(kbug_outbox_state(d.item), "bug_id") ?: "0", NULL, 10);
	snprintf(reason, n, "%s", kj_get_str(kbug_outbox_state(d.item), "reason") ?: "");
	kbug_outbox_item_free(d.item);
	kbug_report_release(&r);
	return ret;
}

static void test_duplicate_needs_a_choice(void **state)
{
	struct bz_server b = { .pid = -1 };
	struct answer a = { 0 };
	enum kbug_outbox_state st;
	char reason[256];
	long first, bug;

	if (!bz_server_start(&b)) {
		bz_server_stop(&b);
		skip();
	}
	/* nothing like it yet: filed, no question */
	a.key = 'q';
	assert_int_equal(bz_file(&b, &a, false, &st, &first, reason, sizeof(reason)), 0);
	assert_int_equal(a.calls, 0);
	assert_int_equal(st, KBUG_STATE_SENT);
	assert_true(first > 0);
	/* the same title again: the channel asks, [q] stops, nothing filed */
	assert_int_equal(bz_file(&b, &a, false, &st, &bug, reason, sizeof(reason)), -EAGAIN);
	assert_int_equal(a.calls, 1);
	assert_int_equal(a.kind, KBUG_CHOICE_DUPLICATE);
	assert_int_equal(st, KBUG_STATE_FAILED);
	assert_string_equal(reason, "stopped at a possible duplicate");
	assert_int_equal(bug, 0);
	/* [c]: a comment on the first bug, no new bug */
	a = (struct answer){ .key = 'c' };
	assert_int_equal(bz_file(&b, &a, false, &st, &bug, reason, sizeof(reason)), 0);
	assert_int_equal(a.calls, 1);
	assert_int_equal(st, KBUG_STATE_SENT);
	assert_int_equal(bug, first);
	/* [n]: a new bug */
	a = (struct answer){ .key = 'n' };
	assert_int_equal(bz_file(&b, &a, false, &st, &bug, reason, sizeof(reason)), 0);
	assert_int_equal(a.calls, 1);
	assert_true(bug > first);
	/* nobody to ask and no --yes: the channel fails and says how to go on */
	assert_int_equal(bz_file(&b, NULL, false, &st, &bug, reason, sizeof(reason)), -EAGAIN);
	assert_int_equal(st, KBUG_STATE_FAILED);
	assert_non_null(strstr(reason, "rerun with --yes"));
	/* --yes: a comment on the duplicate, nobody asked */
	assert_int_equal(bz_file(&b, NULL, true, &st, &bug, reason, sizeof(reason)), 0);
	assert_int_equal(st, KBUG_STATE_SENT);
	bz_server_stop(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base64_rfc4648_vectors),
		cmocka_unit_test(test_url_policy),
		cmocka_unit_test(test_uri_product),
		cmocka_unit_test(test_map_parse),
		cmocka_unit_test(test_map_covers_maintainers),
		cmocka_unit_test(test_reply_verdicts),
		cmocka_unit_test(test_duplicate_needs_a_choice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
