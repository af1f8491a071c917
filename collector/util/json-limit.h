/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>

struct json_object;

/*
 * JSON from outside (a saved report.json, a Bugzilla reply), parsed within
 * bounds: json-c spends hundreds of bytes on each object or array ("{}"
 * is 2 bytes of input and ~700 of memory), so a file of "[{},{},...]"
 * would take 250 times its size. A pre-scan counts the containers and
 * values and refuses input whose estimated tree is over KBUG_JSON_RATIO
 * times its size (plus KBUG_JSON_SLACK), or nested deeper than
 * KBUG_JSON_DEPTH, before json-c allocates anything.
 */
#define KBUG_JSON_DEPTH 64
#define KBUG_JSON_RATIO 16u
#define KBUG_JSON_SLACK (4u << 20)

/*
 * The one JSON value in buf[0..len) (whitespace may follow it), or NULL
 * with the reason in *why (a static string). With why NULL, a refusal
 * for the bounds is said here, naming name; other errors are silent.
 */
struct json_object *kbug_json_parse_bounded(const char *buf, size_t len, const char *name,
					    const char **why);
