/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <json-c/json.h>

struct strbuf;

/*
 * Small helpers over json-c. The setters take the key as given and a
 * value to copy; they ignore a NULL string (the key is then left out).
 * The getters return borrowed pointers or defaults.
 */
void kj_set_str(struct json_object *o, const char *key, const char *val);
void kj_set_int(struct json_object *o, const char *key, int64_t val);
void kj_set_bool(struct json_object *o, const char *key, bool val);
/* Adds obj under key, taking the reference (put on failure). */
void kj_set(struct json_object *o, const char *key, struct json_object *obj);
void kj_append(struct json_object *arr, struct json_object *obj);
void kj_append_str(struct json_object *arr, const char *s);

const char *kj_get_str(struct json_object *o, const char *key);	/* NULL if absent */
int64_t kj_get_int(struct json_object *o, const char *key, int64_t def);
bool kj_get_bool(struct json_object *o, const char *key, bool def);
struct json_object *kj_get(struct json_object *o, const char *key);
/* "a.b.c" path lookup through objects; NULL if any step is missing. */
struct json_object *kj_path(struct json_object *o, const char *dotted);

/*
 * Write o as json_object_to_json_string_ext(o, flags) would, to f or (f
 * NULL) appended to sb, without building the text in one piece first.
 * 0, or -EIO (a failed write) or -ENOMEM.
 */
int kj_write(struct json_object *o, int flags, FILE *f, struct strbuf *sb);
/* the same for o standing at nesting depth level (json-c's serializers) */
int kj_write_level(struct json_object *o, int flags, int level, FILE *f, struct strbuf *sb);

/*
 * A JSON string whose text is not copied into the tree: t (and the text
 * it points to) must outlive the object. kj_write() and json-c's own
 * serializer both write t's text; json_object_get_string() gives "".
 */
struct kj_text {
	const char *text;
	size_t len;
};

struct json_object *kj_text_new(struct kj_text *t);

/*
 * A JSON array of objects that share a few keys (a kernel log's records),
 * kept as rows of integers and strings rather than as a json-c object
 * each: no allocation per row and a tenth of the memory. In the tree it
 * is a json-c array; kj_get() (and so kj_path()) turns it into an
 * ordinary one, json-c objects and all, for whoever reads it, once,
 * while kj_write(), json-c's own serializer and the redaction work on
 * the rows as they are. A row's object has its columns in column order,
 * each one the row has (an unset column is left out, not null).
 */
enum kj_col_type {
	KJ_COL_INT,
	KJ_COL_STR,
};

struct kj_col {
	const char *key;	/* static: the expanded objects keep it */
	enum kj_col_type type;
};

#define KJ_TABLE_MAX_COLS 16

struct kj_table;

/* An empty table of ncol (<= KJ_TABLE_MAX_COLS) columns, as a json-c array. */
struct json_object *kj_table_new(const struct kj_col *cols, size_t ncol);
/* The table behind arr, or NULL (not a table, or already expanded). */
struct kj_table *kj_table_of(struct json_object *arr);
/* Make arr an ordinary json-c array of objects; 0 or -ENOMEM. */
int kj_table_expand(struct json_object *arr);

/*
 * Room for a number of rows and text bytes of strings, where the caller knows
 * how many may come: one allocation each, whose untouched part costs no
 * memory, instead of copies as the table grows. 0 or -ENOMEM.
 */
int kj_table_reserve(struct kj_table *t, size_t rows, size_t text);
/* A new row, all columns unset: its index, or -ENOMEM. */
long kj_table_add_row(struct kj_table *t);
void kj_table_set_int(struct kj_table *t, size_t row, size_t col, int64_t v);
/* The text is copied; 0 or -ENOMEM. */
int kj_table_set_str(struct kj_table *t, size_t row, size_t col, const char *s, size_t len);

size_t kj_table_rows(const struct kj_table *t);
size_t kj_table_ncols(const struct kj_table *t);
const struct kj_col *kj_table_col(const struct kj_table *t, size_t col);
bool kj_table_has(const struct kj_table *t, size_t row, size_t col);
int64_t kj_table_int(const struct kj_table *t, size_t row, size_t col);
/* A set string column's text (NUL-terminated, *len bytes), else NULL. */
const char *kj_table_str(const struct kj_table *t, size_t row, size_t col, size_t *len);
/*
 * An upper bound of the table's plain JSON text (JSON_C_TO_STRING_PLAIN):
 * every string and key byte counted as six (the longest escape), every
 * integer as 32 bytes. One pass over the cells.
 */
size_t kj_table_json_bound(const struct kj_table *t);
