// SPDX-License-Identifier: GPL-2.0-or-later
/* The report object, strbuf and the path prefix: the foundation every stage uses. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "util/gz.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "core/report.h"

static void test_strbuf_grows_and_detaches(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char *s;
	size_t len;
	int i;

	assert_string_equal(sb.buf, "");
	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d,", i);
	assert_int_equal(sb.len, strlen(sb.buf));
	assert_memory_equal(sb.buf, "0,1,2,", 6);
	strbuf_setlen(&sb, 4);
	assert_string_equal(sb.buf, "0,1,");
	s = strbuf_detach(&sb, &len);
	assert_int_equal(len, 4);
	assert_string_equal(sb.buf, "");
	free(s);
}

static void test_strbuf_trim_and_getline(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	static const char text[] = "one\r\ntwo\n\nlast";
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");

	strbuf_addstr(&sb, "\t padded\t\n");
	strbuf_trim(&sb);
	assert_string_equal(sb.buf, "padded");
	assert_int_equal(strbuf_getline(&sb, f), 0);
	assert_string_equal(sb.buf, "one");
	assert_int_equal(strbuf_getline(&sb, f), 0);
	assert_string_equal(sb.buf, "two");
	assert_int_equal(strbuf_getline(&sb, f), 0);
	assert_string_equal(sb.buf, "");
	assert_int_equal(strbuf_getline(&sb, f), 0);
	assert_string_equal(sb.buf, "last");
	assert_int_equal(strbuf_getline(&sb, f), EOF);
	fclose(f);
	strbuf_release(&sb);
}

/* gzip data with zlib's deflate, as gzip(1) writes it; malloc'd */
static unsigned char *gz_of(const char *data, size_t len, size_t *out_len)
{
	z_stream zs = { 0 };
	size_t cap = len + len / 100 + 64;
	unsigned char *out = malloc(cap);

	assert_non_null(out);
	assert_int_equal(deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 8,
				      Z_DEFAULT_STRATEGY), Z_OK);
	zs.next_in = (unsigned char *)data;
	zs.avail_in = (unsigned int)len;
	zs.next_out = out;
	zs.avail_out = (unsigned int)cap;
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	*out_len = zs.total_out;
	deflateEnd(&zs);
	return out;
}

static void test_gunzip(void **state)
{
	struct strbuf sb = STRBUF_INIT, text = STRBUF_INIT;
	unsigned char *a, *b, *two;
	size_t alen, blen, i;

	for (i = 0; i < 20000; i++)
		strbuf_addf(&text, "CONFIG_%zu=%c\n", i * 7919 % 100003, i % 3 ? 'y' : 'm');
	a = gz_of(text.buf, text.len, &alen);
	b = gz_of("tail\n", 5, &blen);

	/* one member: the text, whatever the buffer held before it */
	strbuf_addstr(&sb, "kept:");
	assert_int_equal(kbug_gunzip(a, alen, &sb, 0), 0);
	assert_int_equal(sb.len, 5 + text.len);
	assert_memory_equal(sb.buf + 5, text.buf, text.len);
	assert_int_equal(sb.buf[sb.len], '\0');

	/* two members end to end, then bytes that are not a member: ignored */
	two = malloc(alen + blen + 3);
	memcpy(two, a, alen);
	memcpy(two + alen, b, blen);
	memcpy(two + alen + blen, "\0\0x", 3);
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(two, alen + blen + 3, &sb, 0), 0);
	assert_int_equal(sb.len, text.len + 5);
	assert_string_equal(sb.buf + text.len, "tail\n");

	/* cut at max: the first max bytes and -EFBIG */
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(a, alen, &sb, 1000), -EFBIG);
	assert_int_equal(sb.len, 1000);
	assert_memory_equal(sb.buf, text.buf, 1000);

	/* a size trailer that lies (huge, or 0): only a first guess, and zlib refuses it */
	memset(a + alen - 4, 0xff, 4);
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(a, alen, &sb, 0), -EBADMSG);	/* zlib checks it */
	memset(a + alen - 4, 0, 4);
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(a, alen, &sb, 0), -EBADMSG);

	/* damaged, cut short, not gzip, empty */
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(two, alen / 2, &sb, 0), -EBADMSG);
	memcpy(two, a, alen);
	two[alen / 2] ^= 0x55;
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(two, alen, &sb, 0), -EBADMSG);
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(text.buf, text.len, &sb, 0), -EBADMSG);
	assert_int_equal(kbug_gunzip("", 0, &sb, 0), -EBADMSG);
	free(b);
	b = gz_of("", 0, &blen);
	strbuf_reset(&sb);
	assert_int_equal(kbug_gunzip(b, blen, &sb, 0), 0);
	assert_int_equal(sb.len, 0);

	free(a);
	free(b);
	free(two);
	strbuf_release(&sb);
	strbuf_release(&text);
}

/*
 * A header CRC (FHCRC) is checked: a right one passes, a wrong one is
 * refused.
 */
static void test_gunzip_header_crc(void **state)
{
	struct strbuf a = STRBUF_INIT;
	size_t len, i;
	unsigned char *gz = gz_of("hello\n", 6, &len), *h = malloc(len + 2);
	uLong crc;

	/* the same member with FHCRC: the CRC-32 of the header's 10 bytes, low half */
	memcpy(h, gz, 10);
	h[3] |= 0x02;
	crc = crc32(0, h, 10);
	h[10] = (unsigned char)(crc & 0xff);
	h[11] = (unsigned char)(crc >> 8 & 0xff);
	memcpy(h + 12, gz + 10, len - 10);
	for (i = 0; i < 2; i++) {
		strbuf_reset(&a);
		assert_int_equal(kbug_gunzip(h, len + 2, &a, 0), i ? -EBADMSG : 0);
		if (!i)
			assert_string_equal(a.buf, "hello\n");
		h[10] ^= 1;	/* now wrong */
	}
	free(gz);
	free(h);
	strbuf_release(&a);
}

/* kbug_utc_stamp(): the report's "created", in UTC whatever TZ says */
static void test_utc_stamp(void **state)
{
	char got[KBUG_UTC_STAMP_LEN];

	setenv("TZ", "America/New_York", 1);
	kbug_utc_stamp(0, got);
	assert_string_equal(got, "1970-01-01T00:00:00Z");
	kbug_utc_stamp(951782400, got);		/* a leap day */
	assert_string_equal(got, "2000-02-29T00:00:00Z");
	kbug_utc_stamp(1796428799, got);
	assert_string_equal(got, "2026-12-04T23:59:59Z");
	unsetenv("TZ");
}

static void test_strbuf_read_limit(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char path[] = "/tmp/kbug-unit-XXXXXX";
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "0123456789", 10), 10);
	close(fd);
	assert_int_equal(strbuf_read_file(&sb, path, 100), 10);
	strbuf_reset(&sb);
	assert_int_equal(strbuf_read_file(&sb, path, 4), -EFBIG);
	assert_string_equal(sb.buf, "0123");
	strbuf_reset(&sb);
	assert_int_equal(strbuf_read_file(&sb, "/nonexistent/x", 4), -ENOENT);
	unlink(path);
	strbuf_release(&sb);
}

static void test_path_prefix(void **state)
{
	struct strbuf p = STRBUF_INIT;

	kbug_path_set_root("/srv/root//");
	assert_string_equal(kbug_path(&p, "/proc/modules"), "/srv/root/proc/modules");
	kbug_path_set_root("/");
	assert_string_equal(kbug_path(&p, "/proc/modules"), "/proc/modules");
	kbug_path_set_root(NULL);
	assert_string_equal(kbug_path_root(), "");
	strbuf_release(&p);
}

static void test_report_sections_errors_attachments(void **state)
{
	struct kbug_report r;
	struct json_object *k = json_object_new_object();
	char *json;

	assert_int_equal(kbug_report_init(&r), 0);
	assert_string_equal(kj_get_str(r.root, "schema"), KBUG_REPORT_SCHEMA);
	kj_set_str(k, "release", "6.12.0");
	kbug_report_set(&r, "kernel", k);
	kbug_report_error(&r, "usb", "cannot read '%s': %s", "/sys/bus/usb", "No such file");
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", NULL, "log", "a\nb\n", 4), 0);
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", NULL, "log", "c\n", 2), 0);
	assert_int_equal(r.att_nr, 1);
	assert_string_equal(kbug_report_attachment(&r, "dmesg.txt")->data, "c\n");
	assert_null(kbug_report_attachment(&r, "nope"));
	assert_string_equal(kj_get_str(kj_path(r.root, "kernel"), "release"), "6.12.0");
	json = kbug_report_to_json(&r, false, true);
	assert_non_null(strstr(json, "\"attachments\":[{\"name\":\"dmesg.txt\""));
	assert_non_null(strstr(json, "cannot read '/sys/bus/usb': No such file"));
	/* serializing leaves the tree as it was */
	assert_null(kbug_report_get(&r, "attachments"));
	kbug_report_release(&r);

	/* replay: a saved report loads back with its attachments */
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_report_load_string(&r, json, "saved"), 0);
	assert_string_equal(kbug_report_attachment(&r, "dmesg.txt")->data, "c\n");
	assert_string_equal(kj_get_str(kbug_report_get(&r, "kernel"), "release"), "6.12.0");
	kbug_report_release(&r);
	free(json);
}

/* Attachment texts are escaped as json-c escapes strings, and load back byte for byte. */
static void test_report_attachment_escapes(void **state)
{
	static const char text[] =
		"quote \" backslash \\ slash / nl\ntab\tcr\rbs\bff\fctl\x01\x1f\x7f \xc3\xa9 end";
	struct json_object *plain = json_object_new_string_len(text, sizeof(text) - 1);
	struct kbug_report r;
	char *json;
	int flags;

	for (flags = 0; flags < 2; flags++) {
		const char *want = json_object_to_json_string_ext(plain,
			flags ? JSON_C_TO_STRING_NOSLASHESCAPE : JSON_C_TO_STRING_PLAIN);

		assert_int_equal(kbug_report_init(&r), 0);
		assert_int_equal(kbug_report_attach(&r, "x.txt", NULL, "x", text,
						    sizeof(text) - 1), 0);
		json = kbug_report_to_json(&r, false, true);
		/* the same bytes json-c gives (kbug always asks for unescaped '/') */
		if (flags)
			assert_non_null(strstr(json, want));
		kbug_report_release(&r);
		assert_int_equal(kbug_report_init(&r), 0);
		assert_int_equal(kbug_report_load_string(&r, json, "saved"), 0);
		assert_int_equal(kbug_report_attachment(&r, "x.txt")->len, sizeof(text) - 1);
		assert_memory_equal(kbug_report_attachment(&r, "x.txt")->data, text,
				    sizeof(text) - 1);
		kbug_report_release(&r);
		free(json);
	}
	json_object_put(plain);
}

static void test_report_load_rejects_bad_input(void **state)
{
	static const char *const bad[] = {
		"", "{", "[]", "{\"schema\": 3}", "{\"schema\": \"other/1\"}",
		"{\"schema\": \"kbug-report/1\"} trailing", "null",
	};
	struct kbug_report r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		assert_int_equal(kbug_report_init(&r), 0);
		assert_int_equal(kbug_report_load_string(&r, bad[i], "bad"), -EINVAL);
		/* the report is still usable */
		assert_non_null(kbug_report_get(&r, "errors"));
		kbug_report_release(&r);
	}
}

/* many objects in little JSON: refused before json-c builds them (issue 18, item 5) */
static void test_report_load_refuses_amplification(void **state)
{
	struct strbuf j = STRBUF_INIT;
	struct kbug_report r;
	size_t i;

	strbuf_addstr(&j, "{\"schema\": \"kbug-report/1\", \"x\": [{}");
	for (i = 1; i < 200000; i++)
		strbuf_addstr(&j, ",{}");
	strbuf_addstr(&j, "]}");
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_report_load_string(&r, j.buf, "amplified"), -EINVAL);
	kbug_report_release(&r);
	/* as many values, each a string of some length: a report's shape, accepted */
	strbuf_reset(&j);
	strbuf_addstr(&j, "{\"schema\": \"kbug-report/1\", \"x\": [\"0123456789\"");
	for (i = 1; i < 200000; i++)
		strbuf_addstr(&j, ",\"0123456789\"");
	strbuf_addstr(&j, "]}");
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_report_load_string(&r, j.buf, "strings"), 0);
	kbug_report_release(&r);
	strbuf_release(&j);
}

static void test_report_text_rendering(void **state)
{
	struct kbug_report r;
	struct strbuf out = STRBUF_INIT;
	struct json_object *k = json_object_new_object();
	struct json_object *t = json_object_new_object();

	assert_int_equal(kbug_report_init(&r), 0);
	kj_set_str(k, "release", "6.12.118");
	kj_set_int(t, "value", 512);
	kj_set_str(t, "flags", "W");
	kj_set(k, "tainted", t);
	kbug_report_set(&r, "kernel", k);
	kbug_report_error(&r, "dmi", "no DMI");
	kbug_report_render_text(&r, &out);
	assert_non_null(strstr(out.buf, "release:"));
	assert_non_null(strstr(out.buf, "6.12.118"));
	assert_non_null(strstr(out.buf, "512 (W)"));
	assert_non_null(strstr(out.buf, "dmi: no DMI"));
	strbuf_release(&out);
	kbug_report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strbuf_grows_and_detaches),
		cmocka_unit_test(test_strbuf_trim_and_getline),
		cmocka_unit_test(test_strbuf_read_limit),
		cmocka_unit_test(test_gunzip),
		cmocka_unit_test(test_gunzip_header_crc),
		cmocka_unit_test(test_utc_stamp),
		cmocka_unit_test(test_path_prefix),
		cmocka_unit_test(test_report_sections_errors_attachments),
		cmocka_unit_test(test_report_attachment_escapes),
		cmocka_unit_test(test_report_load_rejects_bad_input),
		cmocka_unit_test(test_report_load_refuses_amplification),
		cmocka_unit_test(test_report_text_rendering),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
