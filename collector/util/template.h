/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <json-c/json.h>

struct strbuf;

/*
 * The template engine, generic: the text of a template with the string
 * members of a JSON object as its variables (deliver/template.h renders
 * kbug's report texts with it).
 *
 * Syntax (a small subset of Mustache):
 *   {{name}}              the variable's text (nothing when unset)
 *   {{#name}}...{{/name}} the part between, only when name is set and not empty
 *   {{^name}}...{{/name}} the part between, only when name is unset or empty
 *   {{! a comment }}      dropped
 * A line holding nothing but a section tag or a comment disappears whole.
 * Sections nest up to 16 deep. Nothing is escaped: the output is plain text.
 */

/* The largest template it renders. */
#define KBUG_TEMPLATE_MAX (256 * 1024)

/* Render `tmpl` with string members of `vars` as the variables. 0 or -EINVAL. */
int kbug_template_render(const char *tmpl, struct json_object *vars, struct strbuf *out,
			 const char *name);

