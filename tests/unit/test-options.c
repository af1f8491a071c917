// SPDX-License-Identifier: GPL-2.0-or-later
/* The option tables: parsing, range checks, operands, the front end's split, help and man text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/macro.h"
#include "util/options.h"

struct inner {
	const char *url;
	bool yes;
};

struct args {
	const char *log, *called;
	bool dry_run, flag;
	int count;
	unsigned int timeout;
	long long big;
	int boot;
	struct kbug_opt_list probes;
	struct inner in;
};

static int take(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	struct args *a = base;

	if (val && !strcmp(val, "bad"))
		return kbug_usage_error(cmd, "bad value");
	a->called = val ? val : "(none)";
	return 0;
}

static const struct kbug_option inner_options[] = {
	OPT_STRING("url", 0, "URL", struct inner, url, "where"),
	OPT_FLAG("yes", 'y', struct inner, yes, "no questions"),
	OPT_END
};

static const struct kbug_option table[] = {
	OPT_TEXT("what:"),
	OPT_STRING("log", 0, "FILE", struct args, log, "the log"),
	{ .kind = KBUG_OPT_FLAG, .name = "dry-run", .alias = "dry", .letter = 'n',
	  .off = offsetof(struct args, dry_run), .help = "send nothing" },
	OPT_FLAG("flag", 0, struct args, flag, "a flag"),
	{ .kind = KBUG_OPT_COUNT, .name = "verbose", .letter = 'v',
	  .off = offsetof(struct args, count), .help = "more" },
	OPT_INT("timeout", "SECONDS", struct args, timeout, 1, 3600, "seconds", "how long"),
	OPT_INT("big", "BYTES", struct args, big, 4096, 1ll << 34, "bytes", "how much"),
	OPT_INT("boot", "N", struct args, boot, -1000, 0, NULL, "which boot"),
	OPT_LIST("probe", "NAME", struct args, probes, "a probe"),
	OPT_CALL("call", 0, "X", take, "a callback"),
	{ .kind = KBUG_OPT_CALL, .name = "secret", .arg = "S", .call = take,
	  .flags = KBUG_OPT_HIDDEN | KBUG_OPT_OPTIONAL },
	OPT_TEXT("how:"),
	OPT_GROUP(inner_options, struct args, in),
	OPT_END
};

/* A writable argv from a NULL-terminated list; argc in *n */
static char **mkargv(int *n, ...)
{
	static char *v[32];
	va_list ap;
	char *s;

	*n = 0;
	va_start(ap, n);
	while ((s = va_arg(ap, char *)) && *n < 31)
		v[(*n)++] = s;
	va_end(ap);
	v[*n] = NULL;
	return v;
}

static void test_values_both_ways(void **state)
{
	struct args a = { 0 };
	int n;
	char **v = mkargv(&n, "cmd", "--log=a.txt", "--timeout", "5", "-yn", "--url", "u",
			  "--big=8192", "--boot", "-1", "-vv", "--verbose", "--dry", NULL);

	assert_int_equal(kbug_opt_parse("cmd", table, &a, n, v), 0);
	assert_string_equal(a.log, "a.txt");
	assert_int_equal(a.timeout, 5);
	assert_true(a.in.yes);
	assert_true(a.dry_run);
	assert_string_equal(a.in.url, "u");
	assert_int_equal(a.big, 8192);
	assert_int_equal(a.boot, -1);
	assert_int_equal(a.count, 3);
	assert_false(a.flag);
}

static void test_operands_in_order(void **state)
{
	struct args a = { 0 };
	int n;
	char **v = mkargv(&n, "cmd", "one", "--flag", "two", "-", "--probe", "p1", "--",
			  "--log", "-x", NULL);

	assert_int_equal(kbug_opt_parse("cmd", table, &a, n, v), 5);
	assert_string_equal(v[1], "one");
	assert_string_equal(v[2], "two");
	assert_string_equal(v[3], "-");
	assert_string_equal(v[4], "--log");
	assert_string_equal(v[5], "-x");
	assert_true(a.flag);
	assert_null(a.log);
	assert_int_equal(a.probes.n, 1);
	free(a.probes.v);
}

static void test_list_and_call(void **state)
{
	struct args a = { 0 };
	int n;
	char **v = mkargv(&n, "cmd", "--probe", "a", "--probe=b,c", "--call", "x", NULL);

	assert_int_equal(kbug_opt_parse("cmd", table, &a, n, v), 0);
	assert_int_equal(a.probes.n, 2);
	assert_string_equal(a.probes.v[0], "a");
	assert_string_equal(a.probes.v[1], "b,c");
	assert_string_equal(a.called, "x");
	free(a.probes.v);
	memset(&a, 0, sizeof(a));
	v = mkargv(&n, "cmd", "--secret", "word", NULL);
	assert_int_equal(kbug_opt_parse("cmd", table, &a, n, v), 1);
	/* an optional value is never the next word */
	assert_string_equal(a.called, "(none)");
	assert_string_equal(v[1], "word");
	v = mkargv(&n, "cmd", "--secret=s", NULL);
	assert_int_equal(kbug_opt_parse("cmd", table, &a, n, v), 0);
	assert_string_equal(a.called, "s");
}

static void test_usage_errors(void **state)
{
	static const char *const bad[][3] = {
		{ "--nope", NULL }, { "-z", NULL }, { "--log", NULL }, { "--flag=1", NULL },
		{ "--timeout", "0" }, { "--timeout", "3601" }, { "--timeout", "5x" },
		{ "--timeout", "" }, { "--boot", "1" }, { "--big", "4095" }, { "--call", "bad" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct args a = { 0 };
		int n;
		char **v = mkargv(&n, "cmd", bad[i][0], bad[i][1], NULL);

		assert_int_equal(kbug_opt_parse("cmd", table, &a, n, v), -KBUG_OPT_USAGE);
		free(a.probes.v);
	}
}

static const struct kbug_option globals[] = {
	OPT_FLAG("flag", 0, struct args, flag, "global flag"),
	OPT_STRING("log", 'l', "FILE", struct args, log, "global value"),
	OPT_END
};

static const struct kbug_option command[] = {
	OPT_STRING("url", 0, "URL", struct inner, url, "where"),
	OPT_FLAG("yes", 'y', struct inner, yes, "no questions"),
	OPT_END
};

static void test_split_takes_globals_anywhere(void **state)
{
	struct args g = { 0 };
	int n, m;
	char **v = mkargv(&n, "cmd", "op1", "--flag", "--url", "--flag", "-yl", "F", "op2",
			  "--", "--flag", NULL);
	char **out = kbug_opt_split("cmd", globals, &g, command, false, n, v, &m);
	static const char *const want[] = { "cmd", "op1", "--url=--flag", "--yes", "op2", "--",
					    "--flag" };
	size_t i;

	assert_non_null(out);
	assert_int_equal(m, ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++)
		assert_string_equal(out[i], want[i]);
	assert_null(out[m]);
	assert_true(g.flag);
	assert_string_equal(g.log, "F");
	kbug_opt_argv_free(out);
}

static void test_split_stops_at_the_command(void **state)
{
	struct args g = { 0 };
	int n, m;
	char **v = mkargv(&n, "kbug", "--flag", "report", "--log", "x", "--yes", NULL);
	char **out = kbug_opt_split(NULL, globals, &g, NULL, true, n, v, &m);

	assert_non_null(out);
	assert_int_equal(m, 5);
	assert_string_equal(out[1], "report");
	assert_string_equal(out[2], "--log");
	assert_true(g.flag);
	assert_null(g.log);
	kbug_opt_argv_free(out);
	v = mkargv(&n, "kbug", "--bogus", "report", NULL);
	assert_null(kbug_opt_split(NULL, globals, &g, NULL, true, n, v, &m));
	assert_int_equal(m, -KBUG_OPT_USAGE);
}

static char *capture(void (*fn)(FILE *f, const struct kbug_option *t), const struct kbug_option *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	fn(f, t);
	fclose(f);
	return buf;
}

static void test_help_and_man(void **state)
{
	char *h = capture(kbug_opt_help, table), *m = capture(kbug_opt_man, table);

	assert_non_null(strstr(h, "what:\n  --log FILE          the log\n"));
	assert_non_null(strstr(h, "  -n, --dry, --dry-run send nothing\n") ?:
			strstr(h, "  -n, --dry, --dry-run\n                      send nothing\n"));
	assert_non_null(strstr(h, "\nhow:\n  --url URL           where\n"));
	assert_non_null(strstr(h, "  -y, --yes           no questions\n"));
	assert_null(strstr(h, "secret"));
	assert_non_null(strstr(m, ".TP\n\\fB\\-\\-log\\fR \\fIfile\\fR\nThe log.\n"));
	assert_non_null(strstr(m, ".PP\nHow:\n"));
	assert_non_null(strstr(m, "\\fB\\-n\\fR, \\fB\\-\\-dry\\fR, \\fB\\-\\-dry\\-run\\fR\n"));
	assert_null(strstr(m, "secret"));
	free(h);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values_both_ways),
		cmocka_unit_test(test_operands_in_order),
		cmocka_unit_test(test_list_and_call),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_split_takes_globals_anywhere),
		cmocka_unit_test(test_split_stops_at_the_command),
		cmocka_unit_test(test_help_and_man),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
