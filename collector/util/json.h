/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

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
