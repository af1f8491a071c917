// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kj_table: rows of a few integer and string columns standing for a JSON
 * array of objects (util/json.h). The strings live one after another in
 * one buffer; a cell holds a number or where its string is.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/strbuf.h"

struct kj_cell {
	int64_t num;		/* KJ_COL_INT: the value; KJ_COL_STR: offset in text */
	size_t len;		/* KJ_COL_STR: length */
};

struct kj_table {
	unsigned int magic;
	size_t ncol;
	const struct kj_col *cols;
	size_t rows, alloc;
	struct kj_cell *cells;	/* rows * ncol */
	uint32_t *set;		/* per row: a bit per column */
	struct strbuf text;
};

#define KJ_TABLE_MAGIC 0x6b6a7462u

static void table_free(struct json_object *jso, void *userdata)
{
	struct kj_table *t = userdata;

	(void)jso;
	free(t->cells);
	free(t->set);
	strbuf_release(&t->text);
	free(t);
}

/* json-c's serializer for the array: kj_write() knows how to write the rows */
static int table_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = kj_write_level(jso, flags, level, NULL, &sb);

	if (!ret && printbuf_memappend(pb, sb.buf, (int)sb.len) < 0)
		ret = -ENOMEM;
	strbuf_release(&sb);
	return ret ? -1 : 0;
}

struct json_object *kj_table_new(const struct kj_col *cols, size_t ncol)
{
	struct json_object *arr;
	struct kj_table *t;

	if (ncol > KJ_TABLE_MAX_COLS)
		return NULL;
	arr = json_object_new_array();
	t = calloc(1, sizeof(*t));
	if (!arr || !t) {
		json_object_put(arr);
		free(t);
		return NULL;
	}
	t->magic = KJ_TABLE_MAGIC;
	t->ncol = ncol;
	t->cols = cols;
	strbuf_init(&t->text, 0);
	json_object_set_serializer(arr, table_to_json, t, table_free);
	return arr;
}

struct kj_table *kj_table_of(struct json_object *arr)
{
	struct kj_table *t;

	/* json-c gives an array userdata only when told to: here, only ours */
	if (!arr || !json_object_is_type(arr, json_type_array))
		return NULL;
	t = json_object_get_userdata(arr);
	return t && t->magic == KJ_TABLE_MAGIC ? t : NULL;
}

static int table_grow(struct kj_table *t, size_t n)
{
	struct kj_cell *c;
	uint32_t *s;

	if (n <= t->alloc)
		return 0;
	if (t->ncol && n > SIZE_MAX / sizeof(*c) / t->ncol)
		return -ENOMEM;
	c = realloc(t->cells, n * t->ncol * sizeof(*c));
	if (!c)
		return -ENOMEM;
	t->cells = c;
	s = realloc(t->set, n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	t->set = s;
	t->alloc = n;
	return 0;
}

int kj_table_reserve(struct kj_table *t, size_t rows, size_t text)
{
	if (table_grow(t, rows))
		return -ENOMEM;
	strbuf_grow(&t->text, text);
	return 0;
}

long kj_table_add_row(struct kj_table *t)
{
	if (t->rows == t->alloc && table_grow(t, t->alloc ? t->alloc * 2 : 256))
		return -ENOMEM;
	t->set[t->rows] = 0;
	return (long)t->rows++;
}

void kj_table_set_int(struct kj_table *t, size_t row, size_t col, int64_t v)
{
	if (row >= t->rows || col >= t->ncol || t->cols[col].type != KJ_COL_INT)
		return;
	t->cells[row * t->ncol + col].num = v;
	t->set[row] |= 1u << col;
}

int kj_table_set_str(struct kj_table *t, size_t row, size_t col, const char *s, size_t len)
{
	struct kj_cell *c;
	size_t off = t->text.len;

	if (row >= t->rows || col >= t->ncol || t->cols[col].type != KJ_COL_STR)
		return -EINVAL;
	strbuf_grow(&t->text, len + 1);
	strbuf_add(&t->text, s, len);
	strbuf_addch(&t->text, '\0');
	c = &t->cells[row * t->ncol + col];
	c->num = (int64_t)off;
	c->len = len;
	t->set[row] |= 1u << col;
	return 0;
}

size_t kj_table_rows(const struct kj_table *t)
{
	return t->rows;
}

size_t kj_table_ncols(const struct kj_table *t)
{
	return t->ncol;
}

const struct kj_col *kj_table_col(const struct kj_table *t, size_t col)
{
	return col < t->ncol ? &t->cols[col] : NULL;
}

bool kj_table_has(const struct kj_table *t, size_t row, size_t col)
{
	return row < t->rows && col < t->ncol && (t->set[row] >> col & 1u);
}

int64_t kj_table_int(const struct kj_table *t, size_t row, size_t col)
{
	return kj_table_has(t, row, col) && t->cols[col].type == KJ_COL_INT ?
	       t->cells[row * t->ncol + col].num : 0;
}

const char *kj_table_str(const struct kj_table *t, size_t row, size_t col, size_t *len)
{
	const struct kj_cell *c;

	if (!kj_table_has(t, row, col) || t->cols[col].type != KJ_COL_STR)
		return NULL;
	c = &t->cells[row * t->ncol + col];
	*len = c->len;
	return t->text.buf + c->num;
}

size_t kj_table_json_bound(const struct kj_table *t)
{
	size_t n = 2, r, c, key[KJ_TABLE_MAX_COLS];

	for (c = 0; c < t->ncol; c++)
		key[c] = 6 * strlen(t->cols[c].key) + 4;
	for (r = 0; r < t->rows; r++) {
		const struct kj_cell *cell = &t->cells[r * t->ncol];

		n += 3;
		for (c = 0; c < t->ncol; c++) {
			if (!(t->set[r] >> c & 1u))
				continue;
			n += key[c] + (t->cols[c].type == KJ_COL_STR ? 6 * cell[c].len + 2 : 32);
		}
	}
	return n;
}

int kj_table_expand(struct json_object *arr)
{
	const unsigned int k = JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_ADD_CONSTANT_KEY;
	struct kj_table *t = kj_table_of(arr);
	size_t r, c;

	if (!t)
		return 0;
	for (r = 0; r < t->rows; r++) {
		struct json_object *o = json_object_new_object(), *v;

		if (!o)
			goto fail;
		for (c = 0; c < t->ncol; c++) {
			const char *s;
			size_t len;

			if (!kj_table_has(t, r, c))
				continue;
			s = kj_table_str(t, r, c, &len);
			v = s ? json_object_new_string_len(s, (int)len) :
				json_object_new_int64(kj_table_int(t, r, c));
			if (!v || json_object_object_add_ex(o, t->cols[c].key, v, k)) {
				json_object_put(v);
				json_object_put(o);
				goto fail;
			}
		}
		if (json_object_array_add(arr, o)) {
			json_object_put(o);
			goto fail;
		}
	}
	/* back to an ordinary array: json-c frees the table */
	json_object_set_serializer(arr, NULL, NULL, NULL);
	return 0;
fail:
	/* as it was: rows not yet expanded */
	json_object_array_del_idx(arr, 0, json_object_array_length(arr));
	return -ENOMEM;
}
