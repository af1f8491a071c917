// SPDX-License-Identifier: GPL-2.0-or-later
/* The config: INI parsing, overrides, refusing readable secrets, fetching secrets. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/settings.h"
#include "util/http.h"
#include "util/macro.h"
#include "util/strbuf.h"

static char tmpdir[64];

static int setup(void **state)
{
	strcpy(tmpdir, "/tmp/kbug-test-config.XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	kbug_config_reset();
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	kbug_config_reset();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *name, const char *text, mode_t mode, char *path, size_t n)
{
	FILE *f;

	snprintf(path, n, "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(path, mode), 0);
}

static void test_parse_sections_keys_quotes(void **state)
{
	static const char text[] =
		"# a comment\n"
		"; another\n"
		"[Identity]\n"
		"  name = Ada Lovelace\040\040\n"
		"email=ada@example.org\n"
		"\n"
		"[smtp]\n"
		"url = \"smtps://mail.example.org:465\"\n"
		"user = \"ada \\\"the\\\" \\\\ first\"\n"
		"[report]\n"
		"channel = email\n"
		"channel = auto\n";

	assert_int_equal(kbug_config_parse(text, strlen(text), "t"), 0);
	assert_string_equal(kbug_config_get("identity", "NAME"), "Ada Lovelace");
	assert_string_equal(kbug_config_get("IDENTITY", "email"), "ada@example.org");
	assert_string_equal(kbug_config_get("smtp", "url"), "smtps://mail.example.org:465");
	assert_string_equal(kbug_config_get("smtp", "user"), "ada \"the\" \\ first");
	assert_string_equal(kbug_config_get("report", "channel"), "auto");
	assert_null(kbug_config_get("report", "missing"));
	assert_null(kbug_config_get("nosuch", "channel"));
}

static void test_parse_errors(void **state)
{
	static const char *const bad[] = {
		"key = outside a section\n",
		"[unterminated\n",
		"[ok]\nno equals sign here\n",
		"[ok]\nkey = \"unterminated\n",
		"[ok]\nkey = \"bad \\x escape\"\n",
		"[bad name!]\n",
		"[ok]\n = empty key\n",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		kbug_config_reset();
		assert_int_equal(kbug_config_parse(bad[i], strlen(bad[i]), "bad"), -EINVAL);
	}
	/* a NUL byte inside a line */
	assert_int_equal(kbug_config_parse("[a]\nk = v\0x\n", 11, "nul"), -EINVAL);
}

static void test_bool(void **state)
{
	static const char text[] = "[smtp]\ninsecure = yes\nb = off\nc = maybe\n";

	assert_int_equal(kbug_config_parse(text, strlen(text), "t"), 0);
	assert_true(kbug_config_get_bool("smtp", "insecure", false));
	assert_false(kbug_config_get_bool("smtp", "b", true));
	assert_true(kbug_config_get_bool("smtp", "c", true));
	assert_false(kbug_config_get_bool("smtp", "absent", false));
}

static void test_load_refuses_readable_secret(void **state)
{
	char path[256];

	write_file("config", "[smtp]\nuser = me\npassword = hunter2\n", 0644, path, sizeof(path));
	setenv("KBUG_CONFIG", path, 1);
	assert_int_equal(kbug_config_load(), -EACCES);
	unsetenv("KBUG_CONFIG");
}

static void test_load_private_secret_ok(void **state)
{
	char path[256];
	struct strbuf pw = STRBUF_INIT;

	write_file("config", "[smtp]\nuser = me\npassword = hunter2\n", 0600, path, sizeof(path));
	setenv("KBUG_CONFIG", path, 1);
	/* kbug_config_load() loads once per process; parse through the same path */
	kbug_config_reset();
	{
		struct strbuf t = STRBUF_INIT;

		assert_true(strbuf_read_file(&t, path, 4096) > 0);
		assert_int_equal(kbug_config_parse(t.buf, t.len, path), 0);
		strbuf_release(&t);
	}
	assert_int_equal(kbug_config_secret(&pw, "smtp", "password", NULL), 0);
	assert_string_equal(pw.buf, "hunter2");
	kbug_secret_wipe(&pw);
	assert_int_equal(pw.len, 0);
	unsetenv("KBUG_CONFIG");
}

static void test_secret_file_mode(void **state)
{
	char path[256];
	struct strbuf s = STRBUF_INIT;

	write_file("key", "s3cret\n", 0640, path, sizeof(path));
	assert_int_equal(kbug_secret_get(&s, path, NULL, NULL), -EACCES);
	assert_int_equal(s.len, 0);
	assert_int_equal(chmod(path, 0600), 0);
	assert_int_equal(kbug_secret_get(&s, path, NULL, NULL), 0);
	assert_string_equal(s.buf, "s3cret");
	kbug_secret_wipe(&s);
}

static void test_secret_command_no_shell(void **state)
{
	struct strbuf s = STRBUF_INIT;

	/* printf runs without a shell: the ';' and '$HOME' reach it unexpanded */
	assert_int_equal(kbug_secret_get(&s, NULL, "printf '%s\\n' 'pa ss;$HOME'", NULL), 0);
	assert_string_equal(s.buf, "pa ss;$HOME");
	kbug_secret_wipe(&s);
	assert_int_equal(kbug_secret_get(&s, NULL, "false", NULL), -EIO);
	assert_int_equal(kbug_secret_get(&s, NULL, "/nonexistent/kbug-helper", NULL), -EIO);
	assert_int_equal(kbug_secret_get(&s, NULL, "'unbalanced", NULL), -EINVAL);
}

static void test_secret_env_and_none(void **state)
{
	struct strbuf s = STRBUF_INIT;

	setenv("KBUG_TEST_SECRET", "from-env", 1);
	assert_int_equal(kbug_secret_get(&s, NULL, NULL, "KBUG_TEST_SECRET"), 0);
	assert_string_equal(s.buf, "from-env");
	kbug_secret_wipe(&s);
	unsetenv("KBUG_TEST_SECRET");
	assert_int_equal(kbug_secret_get(&s, NULL, NULL, "KBUG_TEST_SECRET"), -ENOENT);
	assert_int_equal(kbug_secret_get(&s, NULL, NULL, NULL), -ENOENT);
}

static void test_split_argv(void **state)
{
	char **v;

	assert_int_equal(kbug_split_argv("vim  -u 'NONE x' \"a \\\"b\\\"\" c\\ d", &v), 5);
	assert_string_equal(v[0], "vim");
	assert_string_equal(v[1], "-u");
	assert_string_equal(v[2], "NONE x");
	assert_string_equal(v[3], "a \"b\"");
	assert_string_equal(v[4], "c d");
	assert_null(v[5]);
	kbug_argv_free(v);
	assert_int_equal(kbug_split_argv("a c\\ d", &v), 2);
	assert_string_equal(v[1], "c d");
	assert_null(v[2]);
	kbug_argv_free(v);
	assert_int_equal(kbug_split_argv("   ", &v), 0);
	assert_null(v[0]);
	kbug_argv_free(v);
	assert_int_equal(kbug_split_argv("\"open", &v), -EINVAL);
	assert_null(v);
}

/* issue 18 item 1: [bugzilla "URL"] sections, keyed by the URL's origin */
static void test_subsection_origin(void **state)
{
	static const char text[] =
		"[bugzilla \"HTTPS://Bugzilla.Kernel.org:443/rest\"]\napi-key-file = /k1\n"
		"[bugzilla \"http://127.0.0.1:8080\"]\napi-key-file = /k2\n";
	static const char *const bad[] = {
		"[bugzilla unquoted]\n", "[bugzilla \"a\"b\"]\n", "[bugzilla \"\"]\n",
		"[bugzilla \"https://\"]\n", "[bad! \"x\"]\n",
	};
	static const char *const origin[][2] = {
		{ "https://bugzilla.kernel.org", "https://bugzilla.kernel.org" },
		{ "HTTPS://Bugzilla.Kernel.ORG:443/rest/", "https://bugzilla.kernel.org" },
		{ "http://127.0.0.1:80/x", "http://127.0.0.1" },
		{ "http://127.0.0.1:8080/x?y", "http://127.0.0.1:8080" },
		{ "https://user@[::1]:4443", "https://[::1]:4443" },
		{ "https://evil-bugzilla.example", "https://evil-bugzilla.example" },
	};
	struct strbuf o = STRBUF_INIT;
	size_t i;

	assert_int_equal(kbug_config_parse(text, strlen(text), "t"), 0);
	assert_string_equal(kbug_config_get("bugzilla \"https://bugzilla.kernel.org\"",
					    "api-key-file"), "/k1");
	assert_string_equal(kbug_config_get("bugzilla \"http://127.0.0.1:8080\"", "api-key-file"),
			    "/k2");
	assert_null(kbug_config_get("bugzilla", "api-key-file"));
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		kbug_config_reset();
		assert_int_equal(kbug_config_parse(bad[i], strlen(bad[i]), "bad"), -EINVAL);
	}
	for (i = 0; i < ARRAY_SIZE(origin); i++) {
		assert_int_equal(kbug_url_origin(origin[i][0], &o), 0);
		assert_string_equal(o.buf, origin[i][1]);
	}
	assert_int_equal(kbug_url_origin("bugzilla.kernel.org", &o), -EINVAL);
	assert_int_equal(kbug_url_origin("https:///x", &o), -EINVAL);
	strbuf_release(&o);
}

/* issue 18 item 2: a command's first line; control characters refused */
static void test_secret_first_line_controls(void **state)
{
	struct strbuf s = STRBUF_INIT;

	assert_int_equal(kbug_secret_get(&s, NULL, "printf 'k3y\\nURL: x\\nlogin: me\\n'", NULL),
			 0);
	assert_string_equal(s.buf, "k3y");
	kbug_secret_wipe(&s);
	assert_int_equal(kbug_secret_get(&s, NULL, "printf 'k\\033]2;x\\007y'", NULL), -EINVAL);
	assert_int_equal(s.len, 0);
	assert_int_equal(kbug_secret_get(&s, NULL, "printf 'a\\tb'", NULL), -EINVAL);
	setenv("KBUG_TEST_SECRET", "a\r\nX-Evil: 1", 1);
	assert_int_equal(kbug_secret_get(&s, NULL, NULL, "KBUG_TEST_SECRET"), -EINVAL);
	unsetenv("KBUG_TEST_SECRET");
	/* the process stays undumpable once a secret was in memory */
	assert_int_equal(kbug_secret_get(&s, NULL, "printf ok", NULL), 0);
	assert_int_equal(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 0);
	kbug_secret_wipe(&s);
}

/* issue 18 item 4: a config others can write runs no command, names no file */
static void test_untrusted_config(void **state)
{
	static const char text[] =
		"[smtp]\npassword-command = printf pw\n[sendmail]\npath = /bin/evil\n"
		"[bugzilla]\napi-key-file = /etc/shadow\n";
	struct strbuf s = STRBUF_INIT;
	char path[256], link[300];

	write_file("config", text, 0666, path, sizeof(path));
	setenv("KBUG_CONFIG", path, 1);
	assert_int_equal(kbug_config_load(), 0);
	assert_int_equal(kbug_config_secret(&s, "smtp", "password", NULL), -EACCES);
	assert_int_equal(kbug_config_secret(&s, "bugzilla", "api-key", NULL), -EACCES);
	assert_null(kbug_config_get_trusted("sendmail", "path"));
	/* through a symlink: the file opened is judged */
	snprintf(link, sizeof(link), "%s/link", tmpdir);
	assert_int_equal(symlink(path, link), 0);
	setenv("KBUG_CONFIG", link, 1);
	kbug_config_reset();
	assert_int_equal(kbug_config_load(), 0);
	assert_int_equal(kbug_config_secret(&s, "smtp", "password", NULL), -EACCES);
	/* group-writable too; private is fine */
	assert_int_equal(chmod(path, 0620), 0);
	kbug_config_reset();
	assert_int_equal(kbug_config_load(), 0);
	assert_null(kbug_config_get_trusted("sendmail", "path"));
	assert_int_equal(chmod(path, 0600), 0);
	kbug_config_reset();
	assert_int_equal(kbug_config_load(), 0);
	assert_string_equal(kbug_config_get_trusted("sendmail", "path"), "/bin/evil");
	assert_int_equal(kbug_config_secret(&s, "smtp", "password", NULL), 0);
	assert_string_equal(s.buf, "pw");
	kbug_secret_wipe(&s);
	unsetenv("KBUG_CONFIG");
}

/* issue 18 item 4: root reads only root's configs, unless named by $KBUG_CONFIG */
static void test_root_reads_root_configs(void **state)
{
	char path[256], dir[128];

	if (geteuid() != 0)
		skip();
	snprintf(dir, sizeof(dir), "%s/kbug", tmpdir);
	assert_int_equal(mkdir(dir, 0700), 0);
	write_file("kbug/config", "[identity]\nname = Mallory\n", 0600, path, sizeof(path));
	assert_int_equal(chown(path, 65534, 65534), 0);
	unsetenv("KBUG_CONFIG");
	setenv("XDG_CONFIG_HOME", tmpdir, 1);
	assert_int_equal(kbug_config_load(), 0);
	assert_null(kbug_config_get("identity", "name"));
	/* named explicitly: read, but it runs nothing (tested above) */
	setenv("KBUG_CONFIG", path, 1);
	kbug_config_reset();
	assert_int_equal(kbug_config_load(), 0);
	assert_string_equal(kbug_config_get("identity", "name"), "Mallory");
	unsetenv("KBUG_CONFIG");
	unsetenv("XDG_CONFIG_HOME");
}

static void on_alarm(int sig)
{
	(void)sig;
	fail_msg("opening a FIFO hung");
}

/* issue 18 item 7: a FIFO as a secret file is refused, not waited on */
static void test_secret_fifo(void **state)
{
	struct strbuf s = STRBUF_INIT;
	char path[256];

	snprintf(path, sizeof(path), "%s/fifo", tmpdir);
	assert_int_equal(mkfifo(path, 0600), 0);
	signal(SIGALRM, on_alarm);
	alarm(5);
	assert_int_equal(kbug_secret_get(&s, path, NULL, NULL), -EINVAL);
	alarm(0);
	signal(SIGALRM, SIG_DFL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_parse_sections_keys_quotes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_parse_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bool, setup, teardown),
		cmocka_unit_test_setup_teardown(test_load_refuses_readable_secret, setup, teardown),
		cmocka_unit_test_setup_teardown(test_load_private_secret_ok, setup, teardown),
		cmocka_unit_test_setup_teardown(test_secret_file_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_secret_command_no_shell, setup, teardown),
		cmocka_unit_test_setup_teardown(test_secret_env_and_none, setup, teardown),
		cmocka_unit_test_setup_teardown(test_split_argv, setup, teardown),
		cmocka_unit_test_setup_teardown(test_subsection_origin, setup, teardown),
		cmocka_unit_test_setup_teardown(test_secret_first_line_controls, setup, teardown),
		cmocka_unit_test_setup_teardown(test_untrusted_config, setup, teardown),
		cmocka_unit_test_setup_teardown(test_secret_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_root_reads_root_configs, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
