// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kj_write() against json-c itself: for random trees (every byte in keys
 * and strings, integers at both ends, doubles, nulls, empty and nested
 * containers) and for saved files, the text must be the one
 * json_object_to_json_string_ext() makes, byte for byte, in every mode.
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
#include "util/strbuf.h"
#include "report.h"

static const int modes[] = {
	0,
	JSON_C_TO_STRING_SPACED,
	JSON_C_TO_STRING_PRETTY,
	JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED,
	JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_PRETTY_TAB,
	JSON_C_TO_STRING_NOSLASHESCAPE,
	JSON_C_TO_STRING_NOSLASHESCAPE | JSON_C_TO_STRING_SPACED,
	JSON_C_TO_STRING_NOSLASHESCAPE | JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED,
};

static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng % n);
}

static void rnd_text(char *buf, size_t *len, size_t max)
{
	static const char pick[] = "ab/\\\"\n\t\r\b\f\x01\x1f\x7f\x80\xff :/{}[]";
	size_t i, n = rnd((unsigned int)max);

	for (i = 0; i < n; i++)
		buf[i] = (char)(rnd(3) ? pick[rnd(sizeof(pick) - 1)] : (char)(rnd(255) + 1));
	buf[n] = '\0';
	*len = n;
}

static struct json_object *rnd_tree(int depth)
{
	static const int64_t ints[] = { 0, 1, -1, 9, 10, -10, 12345, INT64_MAX, INT64_MIN,
					INT64_MIN + 1, 4294967296ll, 99, 100, 101, -99, -100,
					999999999999 };
	char buf[80];
	size_t len, i, n;
	struct json_object *o;

	switch (depth > 4 ? rnd(5) : rnd(7)) {
	case 0:
		return NULL;
	case 1:
		return json_object_new_boolean(rnd(2));
	case 2:
		if (rnd(4) == 0)
			return json_object_new_uint64(UINT64_MAX - rnd(3));
		if (rnd(2))
			return json_object_new_int64(ints[rnd(ARRAY_SIZE(ints))]);
		return json_object_new_int64((int64_t)rnd(1000000) - 500000);
	case 3:
		return json_object_new_double(rnd(2) ? 0.5 : -1e300 * rnd(3));
	case 4:
		rnd_text(buf, &len, sizeof(buf) - 1);
		return json_object_new_string_len(buf, (int)len);
	case 5:
		o = json_object_new_array();
		for (i = 0, n = rnd(5); i < n; i++)
			json_object_array_add(o, rnd_tree(depth + 1));
		return o;
	default:
		o = json_object_new_object();
		for (i = 0, n = rnd(5); i < n; i++) {
			rnd_text(buf, &len, 12);
			json_object_object_add(o, buf, rnd_tree(depth + 1));
		}
		return o;
	}
}

/* kj_write of o, to a strbuf and through a FILE, equals json-c's text */
static void same_as_json_c(struct json_object *o)
{
	size_t m;

	for (m = 0; m < ARRAY_SIZE(modes); m++) {
		const char *want = json_object_to_json_string_ext(o, modes[m]);
		struct strbuf sb = STRBUF_INIT;
		char *mem = NULL;
		size_t memlen = 0;
		FILE *f = open_memstream(&mem, &memlen);

		assert_non_null(f);
		assert_int_equal(kj_write(o, modes[m], NULL, &sb), 0);
		assert_int_equal(kj_write(o, modes[m], f, NULL), 0);
		assert_int_equal(fclose(f), 0);
		if (sb.len != strlen(want) || memcmp(sb.buf, want, sb.len))
			fail_msg("mode %#x:\n json-c: %s\n kj:     %s", modes[m], want, sb.buf);
		assert_int_equal(memlen, sb.len);
		assert_memory_equal(mem, sb.buf, sb.len);
		strbuf_release(&sb);
		free(mem);
	}
}

static void test_random_trees(void **state)
{
	int i;

	for (i = 0; i < 3000; i++) {
		struct json_object *o = rnd_tree(0);

		same_as_json_c(o);
		json_object_put(o);
	}
}

/*
 * Long strings, written sixteen bytes at a time: escapes at every place
 * of a block, dense and sparse, next to the ends, and strings longer than
 * the writer's buffer (16 KiB) so that blocks and escapes meet its end.
 */
static void test_long_strings(void **state)
{
	static const char esc[] = "\"\\/\n\t\x01\x1f\x00";
	static char buf[40000];
	size_t len, i;
	int t;

	for (t = 0; t < 120; t++) {
		struct json_object *a = json_object_new_array();
		unsigned int every = 1 + rnd(t % 3 ? 40 : 4000);

		len = t < 40 ? (size_t)t : rnd(sizeof(buf));
		for (i = 0; i < len; i++)
			buf[i] = rnd(every) ? (char)('a' + rnd(26)) :
					      esc[rnd(sizeof(esc) - 1)];
		json_object_array_add(a, json_object_new_string_len(buf, (int)len));
		/* and once more, cut so that it starts elsewhere in a block */
		json_object_array_add(a, json_object_new_string_len(buf + len / 3,
								    (int)(len - len / 3)));
		same_as_json_c(a);
		json_object_put(a);
	}
}

/* null at the top, in arrays and as member values; empty containers */
static void test_edges(void **state)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_array();

	same_as_json_c(NULL);
	same_as_json_c(o);
	same_as_json_c(a);
	json_object_array_add(a, NULL);
	json_object_array_add(a, json_object_new_object());
	json_object_array_add(a, json_object_new_array());
	json_object_object_add(o, "", NULL);
	json_object_object_add(o, "a/b", a);
	json_object_object_add(o, "n", json_object_new_int64(INT64_MIN));
	json_object_object_add(o, "u", json_object_new_uint64(UINT64_MAX));
	json_object_object_add(o, "max", json_object_new_int64(INT64_MAX));
	same_as_json_c(o);
	json_object_put(o);

	/* deeper than one piece of indentation (32 blanks or tabs) */
	{
		struct json_object *top = json_object_new_array(), *cur = top;
		int d;

		for (d = 0; d < 40; d++) {
			struct json_object *next = json_object_new_object();

			json_object_array_add(cur, next);
			cur = json_object_new_array();
			json_object_object_add(next, "k", cur);
		}
		json_object_array_add(cur, json_object_new_int(1));
		same_as_json_c(top);
		json_object_put(top);
	}
}

/* parsed text keeps what json-c keeps (a double's own digits) */
static void test_parsed(void **state)
{
	static const char *const texts[] = {
		"{\"a\": 1.50, \"b\": [1e3, -0.0, 1E-7], \"c\": \"\\u00e9\\/\\u0001\"}",
		"[18446744073709551615, -9223372036854775808, 9223372036854775807, 0]",
		"{\"x\": {\"y\": {\"z\": []}}, \"t\": true, \"f\": false, \"n\": null}",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		struct json_object *o = json_tokener_parse(texts[i]);

		assert_non_null(o);
		same_as_json_c(o);
		json_object_put(o);
	}
}

/* a kj_text writes its text, through kj_write and through json-c */
static void test_text_value(void **state)
{
	static const char text[] = "line 1\n\"two\"\t/\\ \x01\xff end";
	struct kj_text t = { text, sizeof(text) - 1 };
	struct json_object *o = json_object_new_object(), *plain = json_object_new_object();
	size_t m;

	json_object_object_add(o, "text", kj_text_new(&t));
	json_object_object_add(plain, "text", json_object_new_string_len(text, (int)t.len));
	for (m = 0; m < ARRAY_SIZE(modes); m++) {
		struct strbuf sb = STRBUF_INIT;
		const char *want = json_object_to_json_string_ext(plain, modes[m]);

		assert_int_equal(kj_write(o, modes[m], NULL, &sb), 0);
		assert_string_equal(sb.buf, want);
		assert_string_equal(json_object_to_json_string_ext(o, modes[m]), want);
		strbuf_release(&sb);
	}
	json_object_put(o);
	json_object_put(plain);
}

/* a random table, and beside it the json-c array of objects it stands for */
static struct json_object *rnd_table(struct json_object **plain)
{
	static char keys[KJ_TABLE_MAX_COLS][16];
	static struct kj_col cols[KJ_TABLE_MAX_COLS];
	size_t ncol = rnd(KJ_TABLE_MAX_COLS + 1), nrow = rnd(6), c, r, len;
	struct json_object *tab;
	struct kj_table *t;
	char buf[80];

	for (c = 0; c < ncol; c++) {
		/* keys of one table differ: a row is an object */
		rnd_text(keys[c] + 1, &len, sizeof(keys[c]) - 2);
		keys[c][0] = (char)('A' + c);
		cols[c].key = keys[c];
		cols[c].type = rnd(2) ? KJ_COL_INT : KJ_COL_STR;
	}
	tab = kj_table_new(cols, ncol);
	t = kj_table_of(tab);
	assert_non_null(t);
	/* room reserved, more or less than the rows take, changes nothing */
	if (rnd(2))
		assert_int_equal(kj_table_reserve(t, rnd(300), rnd(5000)), 0);
	*plain = json_object_new_array();
	for (r = 0; r < nrow; r++) {
		struct json_object *o = json_object_new_object(), *v;

		assert_int_equal(kj_table_add_row(t), (long)r);
		for (c = 0; c < ncol; c++) {
			int64_t n = rnd(3) ? (int64_t)rnd(100000) - 50000 :
				    rnd(2) ? INT64_MIN : INT64_MAX;

			if (!rnd(4))
				continue;	/* unset: left out */
			if (cols[c].type == KJ_COL_INT) {
				kj_table_set_int(t, r, c, n);
				v = json_object_new_int64(n);
			} else {
				rnd_text(buf, &len, sizeof(buf) - 1);
				assert_int_equal(kj_table_set_str(t, r, c, buf, len), 0);
				v = json_object_new_string_len(buf, (int)len);
			}
			json_object_object_add(o, keys[c], v);
		}
		json_object_array_add(*plain, o);
	}
	assert_int_equal(kj_table_rows(t), nrow);
	return tab;
}

/* a and b wrapped alike, depth times, in objects or arrays */
static void wrap_alike(struct json_object **a, struct json_object **b, int depth)
{
	int d, i;

	for (d = 0; d < depth; d++) {
		struct json_object *w[2], *in[2] = { *a, *b };
		bool obj = rnd(2);

		for (i = 0; i < 2; i++) {
			w[i] = obj ? json_object_new_object() : json_object_new_array();
			if (obj) {
				json_object_object_add(w[i], "x", json_object_new_int(d));
				json_object_object_add(w[i], "t", in[i]);
			} else {
				json_object_array_add(w[i], in[i]);
				json_object_array_add(w[i], NULL);
			}
		}
		*a = w[0];
		*b = w[1];
	}
}

/*
 * A kj_table and the json-c objects it stands for: the same text from
 * kj_write() and from json-c's serializer, at any depth and in every
 * mode; kj_get() hands out the expanded array, which reads the same.
 */
static void test_tables(void **state)
{
	int iter;

	for (iter = 0; iter < 400; iter++) {
		struct json_object *plain, *a, *b;
		struct json_object *tab = rnd_table(&plain);
		size_t m, nrow = json_object_array_length(plain);
		int depth = (int)rnd(4);

		/* the bound that output budgets look at first holds */
		assert_true(kj_table_json_bound(kj_table_of(tab)) >=
			    strlen(json_object_to_json_string_ext(plain, JSON_C_TO_STRING_PLAIN)));
		a = tab;
		b = plain;
		wrap_alike(&a, &b, depth);
		for (m = 0; m < ARRAY_SIZE(modes); m++) {
			struct strbuf sb = STRBUF_INIT;
			const char *want = json_object_to_json_string_ext(b, modes[m]);

			assert_int_equal(kj_write(a, modes[m], NULL, &sb), 0);
			if (strcmp(sb.buf, want))
				fail_msg("mode %#x:\n json-c: %s\n table:  %s", modes[m], want,
					 sb.buf);
			assert_string_equal(json_object_to_json_string_ext(a, modes[m]), want);
			strbuf_release(&sb);
		}
		/* read through kj_get(): an ordinary array, the same text */
		if (depth == 1 && json_object_is_type(a, json_type_object))
			assert_ptr_equal(kj_get(a, "t"), tab);
		else
			assert_int_equal(kj_table_expand(tab), 0);
		assert_null(kj_table_of(tab));
		assert_int_equal(json_object_array_length(tab), nrow);
		same_as_json_c(a);
		assert_string_equal(json_object_to_json_string_ext(a, 0),
				    json_object_to_json_string_ext(b, 0));
		json_object_put(a);
		json_object_put(b);
	}
}

/*
 * To a file: blocks go out with write(2) while the stream holds nothing,
 * through the stream while it does; either way the file reads as json-c's
 * text, in order with what the stream was given before and after.
 */
static void test_write_file(void **state)
{
	static char big[70000];
	struct json_object *o = json_object_new_array();
	size_t i, m;

	for (i = 0; i < sizeof(big) - 1; i++)
		big[i] = i % 61 ? (char)('a' + i % 26) : '\n';
	json_object_array_add(o, json_object_new_string_len(big, 20000));
	json_object_array_add(o, json_object_new_string_len(big, (int)sizeof(big) - 1));
	for (m = 0; m < 3; m++) {
		const char *want = json_object_to_json_string_ext(o, modes[m]);
		size_t wl = strlen(want), got;
		char *buf = malloc(wl + 3);
		FILE *f = tmpfile();

		assert_non_null(buf);
		assert_non_null(f);
		if (m)
			fputc('<', f);	/* something waiting in the stream */
		assert_int_equal(kj_write(o, modes[m], f, NULL), 0);
		fputc('>', f);
		assert_int_equal(fflush(f), 0);
		rewind(f);
		got = fread(buf, 1, wl + 3, f);
		assert_int_equal(got, wl + 1 + (m ? 1 : 0));
		assert_memory_equal(buf + (m ? 1 : 0), want, wl);
		assert_int_equal(buf[got - 1], '>');
		if (m)
			assert_int_equal(buf[0], '<');
		fclose(f);
		free(buf);
	}
	json_object_put(o);
}

/* a write that fails is reported, not dropped */
static void test_write_error(void **state)
{
	struct json_object *o = json_object_new_string("x");
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		skip();
	setvbuf(f, NULL, _IONBF, 0);
	assert_int_equal(kj_write(o, 0, f, NULL), -EIO);
	fclose(f);
	json_object_put(o);
}

/* a whole report: kbug_report_write() and kbug_report_to_json() agree */
static void test_report_write(void **state)
{
	struct kbug_report r;
	char *json, *mem = NULL;
	size_t memlen = 0;
	FILE *f;

	assert_int_equal(kbug_report_init(&r), 0);
	kbug_report_error(&r, "pci", "cannot read '%s'", "/sys/bus/pci");
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", NULL, "the log", "a\nb/\"c\"", 7), 0);
	json = kbug_report_to_json(&r, true, true);
	assert_non_null(json);
	f = open_memstream(&mem, &memlen);
	assert_int_equal(kbug_report_write(&r, true, true, f), 0);
	fclose(f);
	assert_string_equal(mem, json);
	assert_non_null(strstr(json, "\"text\": \"a\\nb/\\\"c\\\"\""));
	free(json);
	free(mem);
	kbug_report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_trees),
		cmocka_unit_test(test_long_strings),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_parsed),
		cmocka_unit_test(test_text_value),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_write_file),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_report_write),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
