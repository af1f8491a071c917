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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deliver/bugzilla.h"
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base64_rfc4648_vectors),
		cmocka_unit_test(test_url_policy),
		cmocka_unit_test(test_uri_product),
		cmocka_unit_test(test_map_parse),
		cmocka_unit_test(test_map_covers_maintainers),
		cmocka_unit_test(test_reply_verdicts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
