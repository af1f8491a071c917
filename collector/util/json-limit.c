// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bounded JSON parsing (util/json-limit.h): one pass over the bytes that
 * knows strings and escapes, then json-c's tokener with the same depth.
 */
#include <json-c/json.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util/json-limit.h"
#include "util/log.h"

/* json-c's cost per node, measured on x86-64 (json-c 0.18), rounded up */
#define COST_OBJECT 768u	/* the object and its 16-slot hash table */
#define COST_ARRAY 320u		/* the array and its 32 slots */
#define COST_VALUE 64u		/* a scalar, a member or an element */

/* The estimated bytes of the tree of buf, or SIZE_MAX when nested too deep. */
static size_t json_cost(const char *buf, size_t len)
{
	size_t cost = 0, i;
	unsigned int depth = 0;
	bool str = false;

	for (i = 0; i < len; i++) {
		char c = buf[i];

		if (str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				str = false;
			continue;
		}
		switch (c) {
		case '"':
			str = true;
			break;
		case '{':
		case '[':
			if (++depth > KBUG_JSON_DEPTH)
				return SIZE_MAX;
			cost += c == '{' ? COST_OBJECT : COST_ARRAY;
			break;
		case '}':
		case ']':
			if (depth)
				depth--;
			break;
		case ',':
		case ':':
			cost += COST_VALUE;
			break;
		}
	}
	return cost + COST_VALUE;
}

static const char *json_whole(const char *buf, size_t len, struct json_object **out)
{
	struct json_tokener *tok = json_tokener_new_ex(KBUG_JSON_DEPTH);
	enum json_tokener_error jerr;
	size_t end;

	*out = NULL;
	if (!tok)
		return "out of memory";
	*out = json_tokener_parse_ex(tok, buf, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	while (end < len && strchr(" \t\r\n", buf[end]))
		end++;
	if (*out && jerr == json_tokener_success && end == len)
		return NULL;
	json_object_put(*out);
	*out = NULL;
	if (jerr == json_tokener_continue)
		return "the JSON is truncated";
	return jerr != json_tokener_success ? json_tokener_error_desc(jerr) :
		"data after the JSON value";
}

struct json_object *kbug_json_parse_bounded(const char *buf, size_t len, const char *name,
					    const char **why)
{
	struct json_object *o = NULL;
	const char *w = NULL;
	size_t cost;

	if (len > INT_MAX) {
		w = "more than 2 GiB of JSON";
	} else {
		cost = json_cost(buf, len);
		if (cost == SIZE_MAX)
			w = "JSON nested more than 64 deep";
		else if (cost > len * KBUG_JSON_RATIO + KBUG_JSON_SLACK)
			w = "too many JSON objects and values for its size (16 times it in memory)";
	}
	if (w && !why)
		ERR("JSON from '%s' refused: %s", name, w);
	if (!w)
		w = json_whole(buf, len, &o);
	if (why)
		*why = w;
	return o;
}
