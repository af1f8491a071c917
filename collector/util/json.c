// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "util/json.h"

void kj_set(struct json_object *o, const char *key, struct json_object *obj)
{
	if (!o || !obj)
		return;
	if (json_object_object_add(o, key, obj) < 0)
		json_object_put(obj);
}

void kj_set_str(struct json_object *o, const char *key, const char *val)
{
	if (val)
		kj_set(o, key, json_object_new_string(val));
}

void kj_set_int(struct json_object *o, const char *key, int64_t val)
{
	kj_set(o, key, json_object_new_int64(val));
}

void kj_set_bool(struct json_object *o, const char *key, bool val)
{
	kj_set(o, key, json_object_new_boolean(val));
}

void kj_append(struct json_object *arr, struct json_object *obj)
{
	if (!arr || !obj)
		return;
	if (json_object_array_add(arr, obj) < 0)
		json_object_put(obj);
}

void kj_append_str(struct json_object *arr, const char *s)
{
	if (s)
		kj_append(arr, json_object_new_string(s));
}

struct json_object *kj_get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!o || !json_object_is_type(o, json_type_object))
		return NULL;
	if (!json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

const char *kj_get_str(struct json_object *o, const char *key)
{
	struct json_object *v = kj_get(o, key);

	if (!v || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

int64_t kj_get_int(struct json_object *o, const char *key, int64_t def)
{
	struct json_object *v = kj_get(o, key);

	if (!v || !(json_object_is_type(v, json_type_int) ||
		    json_object_is_type(v, json_type_double)))
		return def;
	return json_object_get_int64(v);
}

bool kj_get_bool(struct json_object *o, const char *key, bool def)
{
	struct json_object *v = kj_get(o, key);

	if (!v || !json_object_is_type(v, json_type_boolean))
		return def;
	return json_object_get_boolean(v);
}

struct json_object *kj_path(struct json_object *o, const char *dotted)
{
	char key[128];

	while (o && *dotted) {
		const char *dot = strchr(dotted, '.');
		size_t n = dot ? (size_t)(dot - dotted) : strlen(dotted);

		if (n >= sizeof(key))
			return NULL;
		memcpy(key, dotted, n);
		key[n] = '\0';
		o = kj_get(o, key);
		dotted += n + (dot ? 1 : 0);
	}
	return o;
}
