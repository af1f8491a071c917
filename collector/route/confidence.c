// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A guessed blame before sending (route.h: kbug_route_is_guess,
 * kbug_route_explain, kbug_route_widen). A report whose guilty file is a
 * guess may go to people who cannot help; rather than a narrow list
 * alone it goes, as syzbot does with a subsystem it is unsure of, to the
 * candidate sections' lists and LKML, with a "?" on the subsystem.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/report.h"
#include "route/internal.h"
#include "route/route.h"
#include "util/json.h"
#include "util/strbuf.h"
#include "util/term.h"

#define LKML "linux-kernel@vger.kernel.org"

bool kbug_route_is_guess(struct kbug_report *r)
{
	const char *c = kj_get_str(kbug_report_get(r, "route"), "confidence");

	return c && !strcmp(c, "low");
}

static size_t arr_len(struct json_object *a)
{
	return a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

void kbug_route_explain(FILE *f, struct kbug_report *r)
{
	struct json_object *rt = kbug_report_get(r, "route"), *ups = kj_get(rt, "runners_up");
	size_t i, k;

	if (!kbug_route_is_guess(r))
		return;
	kbug_tprintf(f, "Note:     the guilty file '%s' is a guess (%s): its maintainers may not be the right people.\n",
		     kj_get_str(kj_get(rt, "suspect"), "path") ?: "?",
		     kj_get_str(kj_get(rt, "suspect"), "why") ?: "no better clue in the report");
	for (i = 0; i < arr_len(ups); i++) {
		struct json_object *u = json_object_array_get_idx(ups, i);
		struct json_object *secs = kj_get(u, "sections");

		for (k = 0; k < arr_len(secs); k++)
			kbug_tprintf(f, "Runner-up: %s (for %s)\n",
				     json_object_get_string(json_object_array_get_idx(secs, k)),
				     kj_get_str(u, "path") ?: "?");
	}
}

bool kbug_route_arr_has(struct json_object *arr, const char *key, const char *val)
{
	size_t i;

	for (i = 0; val && i < arr_len(arr); i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);
		const char *v = json_object_is_type(e, json_type_string) ?
				json_object_get_string(e) : kj_get_str(e, key);

		if (v && !strcasecmp(v, val))
			return true;
	}
	return false;
}

/* To the route's lists and, for an email destination, its Cc. */
static void widen_add(struct json_object *rt, const char *addr, const char *role)
{
	struct json_object *lists = kj_get(rt, "lists"), *dest = kj_get(rt, "destination");
	struct json_object *cc = kj_get(dest, "cc");

	if (!lists) {
		lists = json_object_new_array();
		kj_set(rt, "lists", lists);
	}
	if (!kbug_route_arr_has(lists, "address", addr)) {
		struct json_object *a = json_object_new_object();

		kj_set_str(a, "address", addr);
		kj_set_str(a, "role", role);
		kj_append(lists, a);
	}
	if (cc && !kbug_route_arr_has(cc, "address", addr))
		kj_append_str(cc, addr);
}

/*
 * The subsystem as a short tag: the first section's parenthesized name
 * ("INTEL WIRELESS WIFI LINK (iwlwifi)"), else its first word, lower case.
 */
static void subject_tag(struct json_object *rt, struct strbuf *tag)
{
	struct json_object *secs = kj_get(rt, "sections");
	const char *name = NULL, *p;
	size_t i, n;

	for (i = 0; i < arr_len(secs) && !name; i++) {
		name = kj_get_str(json_object_array_get_idx(secs, i), "name");
		if (name && !strcmp(name, "THE REST"))
			name = NULL;
	}
	if (!name)
		name = kj_get_str(kj_get(rt, "suspect"), "module") ?: "kernel";
	p = strchr(name, '(');
	if (p && strchr(p, ')')) {
		p++;
		n = (size_t)(strchr(p, ')') - p);
	} else {
		p = name;
		n = strcspn(p, " :/");
	}
	for (i = 0; i < n && i < 32; i++)
		strbuf_addch(tag, (char)tolower((unsigned char)p[i]));
	strbuf_addch(tag, '?');
}

void kbug_route_widen(struct kbug_report *r)
{
	struct json_object *rt = kbug_report_get(r, "route"), *ups = kj_get(rt, "runners_up");
	struct strbuf tag = STRBUF_INIT;
	size_t i, k;

	if (!rt || !kbug_route_is_guess(r))
		return;
	for (i = 0; i < arr_len(ups); i++) {
		struct json_object *lists = kj_get(json_object_array_get_idx(ups, i), "lists");

		for (k = 0; k < arr_len(lists); k++)
			widen_add(rt, json_object_get_string(json_object_array_get_idx(lists, k)),
				  "runner-up list (the blame is a guess)");
	}
	widen_add(rt, LKML, "the blame is a guess: the kernel's list");
	subject_tag(rt, &tag);
	kj_set_str(rt, "subject_tag", tag.buf);
	kj_set_bool(rt, "widened", true);
	strbuf_release(&tag);
}
