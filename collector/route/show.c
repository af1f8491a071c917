// SPDX-License-Identifier: GPL-2.0-or-later
/* Where a routed report goes and why, for the user (route.h: kbug_route_show). */
#include <stdio.h>
#include <string.h>

#include "core/report.h"
#include "route/route.h"
#include "util/json.h"
#include "util/term.h"

static void show_people(const char *label, struct json_object *arr, FILE *f)
{
	size_t i, n = arr && json_object_is_type(arr, json_type_array) ?
		      json_object_array_length(arr) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(arr, i);
		const char *name = kj_get_str(p, "name");

		kbug_tprintf(f, "  %-4s %s%s%s%s (%s)\n", i ? "" : label, name ?: "", name ? " <" : "",
			     kj_get_str(p, "address") ?: "", name ? ">" : "",
			     kj_get_str(p, "role") ?: "");
	}
}

/* A routes.d rule or a distribution's tracker took the report: where, and why. */
static bool show_elsewhere(FILE *f, struct json_object *rt, const char *channel,
			   const char *why_channel)
{
	struct json_object *dist = kj_get(rt, "distribution"), *rule = kj_get(rt, "rule");
	struct json_object *dest = kj_get(rt, "destination");
	const char *goes = kj_get_str(dist, "goes") ?: "";

	if (dist && !strcmp(goes, "upstream") &&
	    !strcmp(kj_get_str(dist, "kernel") ?: "", "distribution"))
		kbug_tprintf(f, "Kernel:   %s's, reported upstream: %s\n",
			     kj_get_str(dist, "id") ?: "a distribution",
			     kj_get_str(dist, "reason") ?: "");
	if (strcmp(goes, "rule") && strcmp(goes, "distribution"))
		return false;
	if (rule)
		kbug_tprintf(f, "Rule:     %s:%d: %s %s -> %s %s\n", kj_get_str(rule, "file") ?: "?",
			     (int)kj_get_int(rule, "line", 0), kj_get_str(rule, "match") ?: "",
			     kj_get_str(rule, "pattern") ?: "", kj_get_str(rule, "kind") ?: "",
			     kj_get_str(rule, "target") ?: "");
	else
		kbug_tprintf(f, "Kernel:   %s's: %s\n", kj_get_str(dist, "id") ?: "a distribution",
			     kj_get_str(dist, "reason") ?: "");
	/* the Debian BTS: its submit address, where the mail goes */
	kbug_tprintf(f, "Send to:  %s%s%s%s%s\n", strcmp(kj_get_str(dest, "kind") ?: "", "debbts") ?
		     kj_get_str(dest, "url") ?: kj_get_str(dest, "address") ?: "?" :
		     kj_get_str(dest, "address") ?: "?",
		     kj_get_str(dest, "product") ? ", product " : "",
		     kj_get_str(dest, "product") ?: "",
		     kj_get_str(dest, "component") ? ", component " : "",
		     kj_get_str(dest, "component") ?: "");
	if (!rule)
		kbug_tprintf(f, "          (upstream instead, if a vanilla kernel has it too: --upstream)\n");
	kbug_tprintf(f, "Channel:  %s (%s)\n\n", channel, why_channel);
	return true;
}

void kbug_route_show(FILE *f, struct kbug_report *r, const char *channel,
		     const char *why_channel)
{
	struct json_object *rt = kbug_report_get(r, "route");
	struct json_object *sus = kj_get(rt, "suspect"), *dest = kj_get(rt, "destination");
	struct json_object *secs = kj_get(rt, "sections"), *src = kj_get(rt, "source");
	size_t i, n = secs && json_object_is_type(secs, json_type_array) ?
		      json_object_array_length(secs) : 0;

	kbug_tprintf(f, "\nSuspect:  %s", kj_get_str(sus, "path") ?: kj_get_str(rt, "path") ?:
		     kj_get_str(sus, "module") ?: "?");
	if (kj_get_str(sus, "why"))
		kbug_tprintf(f, "\n          (%s)", kj_get_str(sus, "why"));
	fputc('\n', f);
	if (kj_get_str(rt, "confidence"))
		kbug_tprintf(f, "Blame:    confidence %s%s%s%s\n", kj_get_str(rt, "confidence"),
			     kj_get_str(rt, "blame_source") ? " (found by " : "",
			     kj_get_str(rt, "blame_source") ?: "",
			     kj_get_str(rt, "blame_source") ? ")" : "");
	if (kj_get_bool(rt, "out_of_tree", false)) {
		struct json_object *v = kj_get(rt, "vendor");

		/* no MAINTAINERS section: the vendor's tracker or nothing */
		kbug_tprintf(f, "Out-of-tree module %s: report to its vendor%s%s%s%s\n",
			     kj_get_str(rt, "module") ?: kj_get_str(sus, "module") ?: "?",
			     v ? ", " : " (kbug does not know where it takes reports)",
			     kj_get_str(v, "name") ?: "", v ? ": " : "", kj_get_str(v, "url") ?: "");
		if (dest)
			kbug_tprintf(f, "Channel:  %s (%s)\n\n", channel, why_channel);
		else
			kbug_tprintf(f, "Channel:  none (no tracker known for it)\n\n");
		return;
	}
	if (show_elsewhere(f, rt, channel, why_channel))
		return;
	if (kj_get_bool(rt, "widened", false))
		kbug_tprintf(f, "Widened:  the blame is a guess: Cc the runner-ups' lists and LKML, subject tag [%s]\n",
			     kj_get_str(rt, "subject_tag") ?: "?");
	if (src)
		kbug_tprintf(f, "Routed with MAINTAINERS from %s%s%s%s\n",
			     kj_get_str(src, "kind") ?: "?", kj_get_str(src, "path") ? " " : "",
			     kj_get_str(src, "path") ?: "",
			     kj_get_bool(src, "older_than_running", false) ?
			     " (older than the running kernel: 'kbug maintainers --update')" : "");
	for (i = 0; i < n && i < 6; i++) {
		struct json_object *s = json_object_array_get_idx(secs, i);

		kbug_tprintf(f, "Section:  %s%s%s%s%s%s\n", kj_get_str(s, "name") ?: "?",
			     kj_get_str(s, "status") ? " [" : "", kj_get_str(s, "status") ?: "",
			     kj_get_str(s, "status") ? "]" : "",
			     kj_get_str(s, "why") ? ", matched by " : "", kj_get_str(s, "why") ?: "");
	}
	if (kj_get_str(dest, "b_entry"))
		kbug_tprintf(f, "B:        %s\n", kj_get_str(dest, "b_entry"));
	else
		kbug_tprintf(f, "B:        (none in the section: reports go by email)\n");
	show_people("To:", kj_get(rt, "maintainers"), f);
	show_people("", kj_get(rt, "reviewers"), f);
	show_people("Cc:", kj_get(rt, "lists"), f);
	kbug_tprintf(f, "Channel:  %s (%s)\n\n", channel, why_channel);
}
