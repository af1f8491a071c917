// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The drop-in probes' two parsers (probes/dropin.c): the manifest (the
 * config's INI syntax, [probe] keys) and the "key: value" lines a probe
 * prints. tests/t1011-collect-dropin.sh runs real probes.
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

#include "probes/dropin.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"

static int parse(const char *text, struct kbug_dropin_manifest *m)
{
	return kbug_dropin_manifest_parse(text, strlen(text), "test.conf", m);
}

static void test_manifest_full(void **state)
{
	struct kbug_dropin_manifest m;

	assert_int_equal(parse("# a probe\n[probe]\nname = wifi-fw\ndescription = \"the firmware\"\n"
			       "reads = /sys/class/net\nwhen = module=iwlwifi, kind=WARNING\n"
			       "timeout = 12\nroot = yes\n", &m), 0);
	assert_string_equal(m.name, "wifi-fw");
	assert_string_equal(m.description, "the firmware");
	assert_string_equal(m.reads, "/sys/class/net");
	assert_string_equal(m.when, "module=iwlwifi, kind=WARNING");
	assert_int_equal(m.timeout_s, 12);
	assert_true(m.root);
	kbug_dropin_manifest_free(&m);
}

static void test_manifest_defaults(void **state)
{
	struct kbug_dropin_manifest m;

	assert_int_equal(parse("[probe]\n", &m), 0);
	assert_null(m.name);
	assert_string_equal(m.when, "always");
	assert_int_equal(m.timeout_s, KBUG_DROPIN_TIMEOUT_S);
	assert_false(m.root);
	kbug_dropin_manifest_free(&m);
	assert_int_equal(parse("", &m), 0);
	kbug_dropin_manifest_free(&m);
}

static void test_manifest_bad(void **state)
{
	static const char *const bad[] = {
		"[probe]\ncolour = blue\n",		/* unknown key */
		"[other]\nname = x\n",			/* unknown section */
		"name = x\n",				/* outside a section */
		"[probe]\ntimeout = 0\n",
		"[probe]\ntimeout = 61\n",
		"[probe]\ntimeout = 5s\n",
		"[probe]\nroot = maybe\n",
		"[probe]\nname = ../x\n",
		"[probe]\nname =\n",
		"[probe]\nwhen = sometimes\n",
		"[probe]\nwhen = module=\n",
		"[probe]\nwhen = module=a;b\n",
		"[probe]\nwhen = ,\n",
		"[probe]\nwhen =\n",
		"[probe]\ndescription = \"open\n",
	};
	struct kbug_dropin_manifest m;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		if (parse(bad[i], &m) != -EINVAL)
			fail_msg("accepted: %s", bad[i]);
		assert_null(m.when);
	}
}

static void test_when(void **state)
{
	assert_null(kbug_dropin_when_check("always"));
	assert_null(kbug_dropin_when_check("never"));
	assert_null(kbug_dropin_when_check("driver=i915 path=drivers/gpu/ kind=BUG"));
	assert_non_null(kbug_dropin_when_check("always,bogus"));
	assert_non_null(kbug_dropin_when_check("path=$(reboot)"));
}

static size_t facts(const char *text, bool cut, struct json_object **o, size_t *dropped)
{
	*o = json_object_new_object();
	*dropped = 0;
	return kbug_dropin_facts_parse(text, strlen(text), cut, *o, dropped);
}

static void test_facts(void **state)
{
	struct json_object *o;
	size_t dropped;

	assert_int_equal(facts("a: 1\n  b :  two words \r\n# c: no\n\nnot a fact\n: empty key\n"
			       "a: 3\nlast: partial", false, &o, &dropped), 2);
	assert_string_equal(kj_get_str(o, "a"), "3");
	assert_string_equal(kj_get_str(o, "b"), "two words");
	assert_string_equal(kj_get_str(o, "last"), "partial");
	assert_null(kj_get_str(o, "c"));
	json_object_put(o);
	/* cut: the last line is partial, so it is dropped */
	assert_int_equal(facts("a: 1\nb: 2", true, &o, &dropped), 0);
	assert_null(kj_get_str(o, "b"));
	json_object_put(o);
}

static void test_facts_clean(void **state)
{
	struct json_object *o;
	size_t dropped;

	/* a bad byte, a truncated sequence, a control character, an overlong '/' */
	facts("v: \xff-\xc3-\x01-\xc0\xaf-\xc3\xa9-\tend\n", false, &o, &dropped);
	assert_string_equal(kj_get_str(o, "v"), "?-?-?-?\x3f-\xc3\xa9-\tend");
	json_object_put(o);
}

static void test_facts_bounded(void **state)
{
	struct json_object *o;
	char *big = malloc(300 * 16 + 8192), *p = big;
	size_t dropped, i;

	for (i = 0; i < 300; i++)
		p += sprintf(p, "k%zu: v\n", i);
	p += sprintf(p, "k0: ");
	memset(p, 'x', 6000);
	p[6000] = '\0';
	facts(big, false, &o, &dropped);
	assert_int_equal(json_object_object_length(o), 256);
	assert_int_equal(dropped, 300 - 256);
	assert_int_equal(strlen(kj_get_str(o, "k0")), 4096);
	json_object_put(o);
	free(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_manifest_full),
		cmocka_unit_test(test_manifest_defaults),
		cmocka_unit_test(test_manifest_bad),
		cmocka_unit_test(test_when),
		cmocka_unit_test(test_facts),
		cmocka_unit_test(test_facts_clean),
		cmocka_unit_test(test_facts_bounded),
	};

	kbug_log_level = -1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
