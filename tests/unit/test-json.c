// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The small helpers over json-c (util/json.h), and the report's JSON text
 * (json-c's own writer): valid JSON that reads back as the same report,
 * the same through kbug_report_to_json() and kbug_report_write(), and a
 * failed write reported.
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

#include "util/json.h"
#include "util/macro.h"
#include "core/report.h"
#include "deliver/bugzilla.h"
#include "util/strbuf.h"

/* setters leave a NULL string out; getters give defaults for what is absent or of another type */
static void test_helpers(void **state)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_array();
	struct json_object *inner = json_object_new_object();

	kj_set_str(o, "s", "v");
	kj_set_str(o, "none", NULL);
	kj_set_int(o, "i", INT64_MIN);
	kj_set_bool(o, "b", true);
	kj_append_str(a, "x");
	kj_append_str(a, NULL);
	kj_set(o, "a", a);
	kj_set_int(inner, "deep", 7);
	kj_set(o, "in", inner);
	kj_set(NULL, "lost", NULL);
	assert_string_equal(kj_get_str(o, "s"), "v");
	assert_null(kj_get(o, "none"));
	assert_null(kj_get_str(o, "i"));
	assert_int_equal(kj_get_int(o, "i", 0), INT64_MIN);
	assert_int_equal(kj_get_int(o, "s", 42), 42);
	assert_int_equal(kj_get_int(o, "missing", -1), -1);
	assert_true(kj_get_bool(o, "b", false));
	assert_false(kj_get_bool(o, "i", false));
	assert_int_equal(json_object_array_length(kj_get(o, "a")), 1);
	assert_int_equal(kj_get_int(kj_path(o, "in.deep"), "x", 3), 3);
	assert_int_equal(json_object_get_int(kj_path(o, "in.deep")), 7);
	assert_null(kj_path(o, "in.nothing.deeper"));
	assert_null(kj_path(o, "s.x"));
	assert_null(kj_get(a, "x"));
	json_object_put(o);
}

/* a report with records, errors and an attachment of every byte */
static void sample_report(struct kbug_report *r, char *bytes, size_t n)
{
	struct json_object *d = json_object_new_object(), *recs = json_object_new_array();
	size_t i;

	assert_int_equal(kbug_report_init(r), 0);
	kbug_report_error(r, "pci", "cannot read '%s'", "/sys/bus/pci");
	for (i = 0; i < 3; i++) {
		struct json_object *rec = json_object_new_object();

		kj_set_int(rec, "level", 6);
		kj_set_int(rec, "seq", (int64_t)i);
		kj_set_int(rec, "ts_usec", (int64_t)i * 1000000);
		kj_set_str(rec, "text", i ? "a \"quoted\" / line\twith\\escapes" : "plain");
		kj_append(recs, rec);
	}
	kj_set(d, "records", recs);
	kj_set_int(d, "count", 3);
	kbug_report_set(r, "dmesg", d);
	for (i = 0; i < n; i++)
		bytes[i] = (char)(i % 256);
	assert_int_equal(kbug_report_attach(r, "dmesg.txt", NULL, "the log", bytes, n), 0);
}

/* kbug_report_write() and kbug_report_to_json() agree, and the text is JSON */
static void test_report_write(void **state)
{
	static char bytes[600];
	struct kbug_report r;
	struct json_object *parsed, *att;
	char *json, *mem = NULL;
	size_t memlen = 0;
	FILE *f;

	sample_report(&r, bytes, sizeof(bytes));
	json = kbug_report_to_json(&r, true, true);
	assert_non_null(json);
	f = open_memstream(&mem, &memlen);
	assert_non_null(f);
	assert_int_equal(kbug_report_write(&r, true, true, f), 0);
	fclose(f);
	assert_string_equal(mem, json);
	/* slashes are not escaped; the attachments are not left in the tree */
	assert_non_null(strstr(json, "\"a \\\"quoted\\\" / line\\twith\\\\escapes\""));
	assert_null(kbug_report_get(&r, "attachments"));
	parsed = json_tokener_parse(json);
	assert_non_null(parsed);
	att = json_object_array_get_idx(kj_get(parsed, "attachments"), 0);
	assert_string_equal(kj_get_str(att, "name"), "dmesg.txt");
	assert_int_equal(kj_get_int(att, "size", 0), sizeof(bytes));
	assert_int_equal(json_object_get_string_len(kj_get(att, "text")), sizeof(bytes));
	assert_memory_equal(json_object_get_string(kj_get(att, "text")), bytes, sizeof(bytes));
	json_object_put(parsed);
	free(json);
	free(mem);
	/* without the attachments' text, and plain */
	json = kbug_report_to_json(&r, false, false);
	assert_null(strstr(json, "\n"));
	assert_null(strstr(json, "\"text\":\"\\u0000"));
	assert_non_null(strstr(json, "\"size\":600"));
	free(json);
	kbug_report_release(&r);
}

/* a saved report loads back to the same text, attachments included */
static void test_report_round_trip(void **state)
{
	static char bytes[300];
	struct kbug_report r, back;
	char *json, *again;

	sample_report(&r, bytes, sizeof(bytes));
	json = kbug_report_to_json(&r, true, true);
	assert_int_equal(kbug_report_init(&back), 0);
	assert_int_equal(kbug_report_load_string(&back, json, "test"), 0);
	assert_int_equal(kbug_report_attachment(&back, "dmesg.txt")->len, sizeof(bytes));
	again = kbug_report_to_json(&back, true, true);
	assert_string_equal(again, json);
	free(json);
	free(again);
	kbug_report_release(&r);
	kbug_report_release(&back);
}

/* a write that fails is reported, not dropped */
static void test_write_error(void **state)
{
	struct kbug_report r;
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		skip();
	setvbuf(f, NULL, _IONBF, 0);
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_report_write(&r, false, true, f), -EIO);
	fclose(f);
	kbug_report_release(&r);
}

/* a Bugzilla reply of many empty objects is refused, not built (issue 18, item 5) */
static void test_bz_reply_amplification(void **state)
{
	struct strbuf j = STRBUF_INIT;
	struct json_object *o = NULL;
	char msg[256];
	size_t i;
	int code;

	strbuf_addstr(&j, "{\"bugs\": [{}");
	for (i = 1; i < 200000; i++)
		strbuf_addstr(&j, ",{}");
	strbuf_addstr(&j, "]}");
	assert_int_equal(kbug_bz_parse_reply(200, "application/json", j.buf, j.len,
					     "https://bz.example", "search", &o, &code, msg,
					     sizeof(msg)), -EPROTO);
	assert_null(o);
	strbuf_reset(&j);
	strbuf_addstr(&j, "{\"bugs\": [{\"id\": 1}, {\"id\": 2}]}");
	assert_int_equal(kbug_bz_parse_reply(200, "application/json", j.buf, j.len,
					     "https://bz.example", "search", &o, &code, msg,
					     sizeof(msg)), 0);
	assert_int_equal(json_object_array_length(kj_get(o, "bugs")), 2);
	json_object_put(o);
	strbuf_release(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_helpers),
		cmocka_unit_test(test_report_write),
		cmocka_unit_test(test_report_round_trip),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_bz_reply_amplification),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
