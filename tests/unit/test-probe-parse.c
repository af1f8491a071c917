// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The probes' parsers: taint values, kernel origin, os-release, kmsg and
 * klog records, /proc/modules lines.
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

#include "probes/internal.h"
#include "util/macro.h"
#include "util/json.h"
#include "util/strbuf.h"

static void test_taint_table_matches_panic_c(void **state)
{
	/* kernel/panic.c taint_flags[] of 6.12, in bit order */
	static const char letters[] = "PFSRMBUDAWCIOELKXTN";
	size_t i;

	assert_int_equal(kbug_taint_flags_nr, strlen(letters));
	for (i = 0; i < kbug_taint_flags_nr; i++) {
		assert_int_equal(kbug_taint_flags[i].bit, i);
		assert_int_equal(kbug_taint_flags[i].letter, letters[i]);
		assert_non_null(kbug_taint_flags[i].reason);
	}
}

static void test_taint_decode(void **state)
{
	struct json_object *t = kbug_taint_decode(0);
	struct json_object *r;

	assert_string_equal(kj_get_str(t, "flags"), "");
	assert_int_equal(kj_get_int(t, "value", -1), 0);
	assert_int_equal(json_object_array_length(kj_get(t, "reasons")), 0);
	json_object_put(t);

	t = kbug_taint_decode(512);
	assert_string_equal(kj_get_str(t, "flags"), "W");
	r = json_object_array_get_idx(kj_get(t, "reasons"), 0);
	assert_int_equal(kj_get_int(r, "bit", -1), 9);
	assert_string_equal(kj_get_str(r, "letter"), "W");
	assert_string_equal(kj_get_str(r, "reason"), "kernel issued warning");
	json_object_put(t);

	/* P, O and E: a proprietary out-of-tree unsigned module */
	t = kbug_taint_decode(1 | 4096 | 8192);
	assert_string_equal(kj_get_str(t, "flags"), "POE");
	assert_int_equal(json_object_array_length(kj_get(t, "reasons")), 3);
	json_object_put(t);
}

static void test_taint_unknown_bits_kept(void **state)
{
	struct json_object *t = kbug_taint_decode((1ull << 20) | (1ull << 9) | (1ull << 63));
	struct json_object *rs = kj_get(t, "reasons"), *r;

	assert_string_equal(kj_get_str(t, "flags"), "W");
	assert_int_equal(json_object_array_length(rs), 3);
	r = json_object_array_get_idx(rs, 1);
	assert_int_equal(kj_get_int(r, "bit", -1), 20);
	assert_string_equal(kj_get_str(r, "reason"), "bit 20");
	assert_true(json_object_object_get_ex(r, "letter", NULL));
	assert_null(kj_get(r, "letter"));
	r = json_object_array_get_idx(rs, 2);
	assert_string_equal(kj_get_str(r, "reason"), "bit 63");
	json_object_put(t);
}

static void test_taint_parse(void **state)
{
	uint64_t v = 7;

	assert_int_equal(kbug_taint_parse("0\n", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(kbug_taint_parse("12801\n", &v), 0);
	assert_int_equal(v, 12801);
	assert_int_equal(kbug_taint_parse("18446744073709551615", &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(kbug_taint_parse("18446744073709551616", &v), -EINVAL);
	assert_int_equal(kbug_taint_parse("", &v), -EINVAL);
	assert_int_equal(kbug_taint_parse("-1", &v), -EINVAL);
	assert_int_equal(kbug_taint_parse("12 13", &v), -EINVAL);
	assert_int_equal(kbug_taint_parse("0x200", &v), -EINVAL);
}

static void expect_origin(const char *release, const char *pv, const char *guess,
			  const char *evidence_part)
{
	struct json_object *o = kbug_kernel_origin(release, pv);
	struct json_object *ev = kj_get(o, "evidence");
	size_t i;
	bool found = false;

	assert_string_equal(kj_get_str(o, "guess"), guess);
	assert_true(json_object_array_length(ev) > 0);
	for (i = 0; i < json_object_array_length(ev); i++)
		if (strstr(json_object_get_string(json_object_array_get_idx(ev, i)),
			   evidence_part))
			found = true;
	if (!found)
		fail_msg("no evidence with '%s' for '%s': %s", evidence_part, release,
			 json_object_to_json_string(ev));
	json_object_put(o);
}

/* No evidence of release's holds part. */
static void expect_no_evidence(const char *release, const char *part)
{
	struct json_object *o = kbug_kernel_origin(release, NULL);
	struct json_object *ev = kj_get(o, "evidence");
	size_t i;

	for (i = 0; i < json_object_array_length(ev); i++)
		if (strstr(json_object_get_string(json_object_array_get_idx(ev, i)), part))
			fail_msg("'%s': evidence with '%s': %s", release, part,
				 json_object_to_json_string(ev));
	json_object_put(o);
}

static void test_origin(void **state)
{
	expect_origin("6.1.0-18-amd64", "Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)",
		      "distribution", "Debian");
	expect_origin("6.12.118+deb13-amd64", NULL, "distribution", "+debN");
	expect_origin("6.8.0-45-generic", "Linux version 6.8.0-45-generic (buildd@lcy02-amd64-075) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0) #45-Ubuntu SMP",
		      "distribution", "Ubuntu");
	expect_origin("6.11.4-201.fc40.x86_64", NULL, "distribution", "Fedora");
	expect_origin("5.14.0-427.el9.x86_64", NULL, "distribution", "Red Hat");
	expect_origin("6.13.0-rc3", NULL, "mainline", "-rcN");
	expect_origin("6.13-rc3-00042-gdeadbeef", NULL, "mainline", "-rcN");
	expect_origin("6.12.0", NULL, "mainline", "x.y");
	expect_origin("6.12", NULL, "mainline", "x.y");
	expect_origin("6.12.118", NULL, "stable", "x.y.z");
	expect_origin("6.18.44-fc-v1098", "Linux version 6.18.44-fc-v1098 (builder@sandboxing) (gcc (GCC) 15.3.0) #1",
		      "stable", "local version");
	expect_origin("6.12.0-next-20241210", NULL, "mainline", "linux-next");
	/* each distribution's mark on the release alone */
	expect_origin("6.1.0-18-amd64", NULL, "distribution", "Debian's flavour");
	expect_origin("6.1.0-18-cloud-amd64", NULL, "distribution", "Debian's flavour");
	expect_origin("6.8.0-45-generic", NULL, "distribution", "Ubuntu's flavour");
	expect_origin("6.8.0-1015-aws-fips", NULL, "distribution", "Ubuntu's flavour");
	expect_origin("6.6.52-desktop-1.mga9", NULL, "distribution", "Mageia");
	expect_origin("6.11.5-arch1-1", NULL, "distribution", "Arch Linux");
	expect_origin("6.4.0-150600.23.25-default", NULL, "distribution", "SUSE");
	expect_origin("6.6.54-2-MANJARO", NULL, "distribution", "Manjaro");
	/* near misses are none */
	expect_origin("6.12.9-amd64x", NULL, "stable", "x.y.z");
	expect_origin("6.11.5-arch-1", NULL, "stable", "x.y.z");
	expect_origin("6.12.0.fc", NULL, "unknown", "no distribution marks");
	/* an -rcN is no local version; more after it is */
	expect_origin("6.13-rc3", NULL, "mainline", "-rcN");
	expect_no_evidence("6.13-rc3", "local version");
	expect_origin("6.13-rc3-00042-gdeadbeef", NULL, "mainline", "local version");
	expect_origin("6.12.0+", NULL, "mainline", "x.y");
	expect_no_evidence("6.12.0+", "local version");
	expect_no_evidence("6.12.0-next-20241210", "local version");
	expect_origin("6.12.0-next-2024121", NULL, "unknown", "no distribution marks");
	expect_origin("6.12.05", NULL, "unknown", "no distribution marks");
	expect_origin("my-kernel", NULL, "unknown", "no distribution marks");
	expect_origin(NULL, NULL, "unknown", "no distribution marks");
}

static void test_compiler(void **state)
{
	char *c = kbug_kernel_compiler("Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP");

	assert_string_equal(c, "gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40");
	free(c);
	c = kbug_kernel_compiler("Linux version 6.6.0 (u@h) (clang version 17.0.6, LLD 17.0.6) #1");
	assert_string_equal(c, "clang version 17.0.6, LLD 17.0.6");
	free(c);
	assert_null(kbug_kernel_compiler("Linux version 6.6.0 (u@h) (unterminated"));
	assert_null(kbug_kernel_compiler("nothing here"));
	assert_null(kbug_kernel_compiler(NULL));
}

static void test_os_release(void **state)
{
	static const char text[] =
		"# comment\n"
		"NAME='Arch Linux'\n"
		"PRETTY_NAME=\"Arch \\\"Linux\\\" \\$rolling\\\\\"\n"
		"ID=arch\r\n"
		"  VERSION_ID = \"24.04\"\n"
		"BAD LINE\n"
		"1BAD=x\n"
		"UNTERMINATED=\"oops\n"
		"EMPTY=\n"
		"ID_LIKE=\"ubuntu debian\" # trailing comment\n";
	struct json_object *o = json_object_new_object();

	assert_int_equal(kbug_os_release_parse(text, strlen(text), o), 6);
	assert_string_equal(kj_get_str(o, "name"), "Arch Linux");
	assert_string_equal(kj_get_str(o, "pretty_name"), "Arch \"Linux\" $rolling\\");
	assert_string_equal(kj_get_str(o, "id"), "arch");
	assert_string_equal(kj_get_str(o, "version_id"), "24.04");
	assert_string_equal(kj_get_str(o, "empty"), "");
	assert_string_equal(kj_get_str(o, "id_like"), "ubuntu debian");
	assert_null(kj_get(o, "unterminated"));
	assert_null(kj_get(o, "1bad"));
	json_object_put(o);

	/* no newline at the end, embedded NUL bytes stop nothing */
	o = json_object_new_object();
	assert_int_equal(kbug_os_release_parse("ID=x\0y\nA=b", 11, o), 2);
	assert_int_equal(json_object_get_string_len(kj_get(o, "id")), 3);
	assert_string_equal(kj_get_str(o, "a"), "b");
	json_object_put(o);
}

static void test_kmsg_parse(void **state)
{
	struct strbuf text = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	static const char rec[] = "6,339,5140900,-,caller=T1;NET: Registered protocol family 10\n"
				  " SUBSYSTEM=net\n DEVICE=+net:lo\n";

	assert_int_equal(kbug_kmsg_parse(rec, strlen(rec), &m), 0);
	assert_int_equal(m.level, 6);
	assert_int_equal(m.facility, 0);
	assert_int_equal(m.seq, 339);
	assert_int_equal(m.ts_usec, 5140900);
	assert_string_equal(text.buf, "NET: Registered protocol family 10");

	/* facility in the high bits, \xNN escapes undone, ';' in the text kept */
	assert_int_equal(kbug_kmsg_parse("30,7,12,c;a\\x09b\\x5cc;d\\xZZ\\x4", 31, &m), 0);
	assert_int_equal(m.level, 6);
	assert_int_equal(m.facility, 3);
	assert_string_equal(text.buf, "a\tb\\c;d\\xZZ\\x4");

	assert_int_equal(kbug_kmsg_parse("no record", 9, &m), -EINVAL);
	assert_int_equal(kbug_kmsg_parse("6,1;short", 9, &m), -EINVAL);
	assert_int_equal(kbug_kmsg_parse("6,x,1,-;text", 12, &m), -EINVAL);
	assert_int_equal(kbug_kmsg_parse("6,1,2x;text", 11, &m), -EINVAL);
	assert_int_equal(kbug_kmsg_parse("6,99999999999999999999,2,-;t", 28, &m), -EINVAL);
	assert_int_equal(kbug_kmsg_parse(";", 1, &m), -EINVAL);
	strbuf_release(&text);
}

static void test_klog_parse_and_format(void **state)
{
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	static const char l1[] = "<4>[    5.123456] usb 1-1: new high-speed USB device";

	assert_int_equal(kbug_klog_parse_line(l1, strlen(l1), &m), 0);
	assert_int_equal(m.level, 4);
	assert_int_equal(m.ts_usec, 5123456);
	assert_false(m.has_seq);
	assert_string_equal(text.buf, "usb 1-1: new high-speed USB device");
	kbug_kmsg_format(&out, &m);
	assert_string_equal(out.buf, "[    5.123456] usb 1-1: new high-speed USB device\n");

	/* no timestamps (printk.time=0), no prefix at all */
	assert_int_equal(kbug_klog_parse_line("<14>plain", 9, &m), 0);
	assert_int_equal(m.level, 6);
	assert_int_equal(m.facility, 1);
	assert_string_equal(text.buf, "plain");
	assert_int_equal(kbug_klog_parse_line("[12345.5] x", 11, &m), 0);
	assert_int_equal(m.ts_usec, 12345500000ull);
	assert_int_equal(kbug_klog_parse_line("<x>bad", 6, &m), -EINVAL);

	strbuf_reset(&out);
	m.ts_usec = 123456789012ull;
	kbug_kmsg_format(&out, &m);
	assert_string_equal(out.buf, "[123456.789012] x\n");

	/* the timestamp is what printf("[%5llu.%06llu] ") writes, at every width */
	{
		static const unsigned long long ts[] = {
			0, 1, 999999, 1000000, 99999999999, 100000000000, 18446744073709551615ull,
		};
		char want[64];
		size_t i;

		for (i = 0; i < ARRAY_SIZE(ts); i++) {
			strbuf_reset(&out);
			m.ts_usec = ts[i];
			kbug_kmsg_format(&out, &m);
			snprintf(want, sizeof(want), "[%5llu.%06llu] x\n", ts[i] / 1000000,
				 ts[i] % 1000000);
			assert_string_equal(out.buf, want);
		}
	}
	strbuf_release(&text);
	strbuf_release(&out);
}

static void test_proc_modules(void **state)
{
	struct kbug_proc_module m;
	static const char nv[] = "nvidia 56823808 2 nvidia_modeset, Live 0xffffffffc0a00000 (POE)";

	assert_int_equal(kbug_proc_module_parse(nv, &m), 0);
	assert_string_equal(m.name, "nvidia");
	assert_int_equal(m.size, 56823808);
	assert_int_equal(m.refcount, 2);
	assert_string_equal(m.deps, "nvidia_modeset,");
	assert_string_equal(m.state, "Live");
	assert_string_equal(m.taint, "POE");

	/* non-root sees 0x0000000000000000; no taint; no deps */
	assert_int_equal(kbug_proc_module_parse("e1000 159744 0 - Live 0x0000000000000000", &m), 0);
	assert_string_equal(m.taint, "");
	assert_string_equal(m.deps, "-");
	/* refcount "-" (no unload support) and no address (old kernels) */
	assert_int_equal(kbug_proc_module_parse("foo 100 - - Loading", &m), 0);
	assert_int_equal(m.refcount, -1);
	assert_string_equal(m.state, "Loading");

	assert_int_equal(kbug_proc_module_parse("", &m), -EINVAL);
	assert_int_equal(kbug_proc_module_parse("foo bar 0 - Live 0x0", &m), -EINVAL);
	assert_int_equal(kbug_proc_module_parse("foo 1 x - Live 0x0", &m), -EINVAL);
	assert_int_equal(kbug_proc_module_parse("foo 1 0 - Live 0x0 POE", &m), -EINVAL);
	assert_int_equal(kbug_proc_module_parse("../x 1 0 - Live 0x0", &m), -EINVAL);
	/* a taint longer than any kernel prints */
	assert_int_equal(kbug_proc_module_parse("foo 1 0 - Live 0x0 (POEPOEPOEPOEPOEPOEPOE)", &m),
			 -EINVAL);
	assert_int_equal(kbug_proc_module_parse("foo 1 0 - Live 0x0 ()", &m), -EINVAL);
}

static void test_edid_summary(void **state)
{
	unsigned char e[128] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	struct json_object *o = json_object_new_object();

	/* "SAM" = 19,1,13; product 0x7123; serial 0xdeadbeef; week 3 of 2019; 1.3 */
	e[8] = 19 << 2 | 1 >> 3;
	e[9] = (1 & 7) << 5 | 13;
	e[10] = 0x23;
	e[11] = 0x71;
	e[12] = 0xef;
	e[13] = 0xbe;
	e[14] = 0xad;
	e[15] = 0xde;
	e[16] = 3;
	e[17] = 29;
	e[18] = 1;
	e[19] = 3;
	assert_int_equal(kbug_edid_summary(e, sizeof(e), o), 0);
	assert_string_equal(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN),
			    "{\"manufacturer\":\"SAM\",\"product_code\":\"0x7123\",\"year\":2019,\"version\":\"1.3\"}");
	json_object_put(o);
	o = json_object_new_object();
	assert_int_equal(kbug_edid_summary(e, 127, o), -EINVAL);	/* short */
	e[0] = 1;
	assert_int_equal(kbug_edid_summary(e, sizeof(e), o), -EINVAL);	/* not the header */
	assert_int_equal(kbug_edid_summary(NULL, 0, o), -EINVAL);
	assert_int_equal(json_object_object_length(o), 0);
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_taint_table_matches_panic_c),
		cmocka_unit_test(test_taint_decode),
		cmocka_unit_test(test_taint_unknown_bits_kept),
		cmocka_unit_test(test_taint_parse),
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_compiler),
		cmocka_unit_test(test_os_release),
		cmocka_unit_test(test_kmsg_parse),
		cmocka_unit_test(test_klog_parse_and_format),
		cmocka_unit_test(test_proc_modules),
		cmocka_unit_test(test_edid_summary),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
