// SPDX-License-Identifier: GPL-2.0-or-later
/* Picking the kernel report to send (analyze.h: kbug_analyze_pick). */
#include <errno.h>
#include <string.h>

#include "analyze/analyze.h"
#include "core/report.h"
#include "util/json.h"

static struct json_object *reports_of(struct kbug_report *r)
{
	struct json_object *reps = kj_path(r->root, "analysis.reports");

	return reps && json_object_is_type(reps, json_type_array) ? reps : NULL;
}

struct json_object *kbug_analyze_report_at(struct kbug_report *r, int index)
{
	struct json_object *reps = reports_of(r);

	if (!reps || index < 0 || (size_t)index >= json_object_array_length(reps))
		return NULL;
	return json_object_array_get_idx(reps, (size_t)index);
}

static bool pick_oom(struct json_object *rep)
{
	const char *kind = kj_get_str(rep, "kind");

	return kind && !strcmp(kind, "OOM");
}

/* Does some report other than an OOM kill name a file or module? */
static bool pick_other(struct json_object *reps, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct json_object *rep = json_object_array_get_idx(reps, i);

		if (!pick_oom(rep) &&
		    (kj_get_str(rep, "guilty_file") || kj_get_str(rep, "guilty_module")))
			return true;
	}
	return false;
}

int kbug_analyze_pick(struct kbug_report *r, int nth, struct kbug_analyze_pick *p)
{
	struct json_object *reps = reports_of(r);
	size_t n = reps ? json_object_array_length(reps) : 0, i;

	p->index = -1;
	p->count = n;
	p->blames = false;
	if (!n)
		return -ENOENT;
	if (nth > 0) {
		if ((size_t)nth > n)
			return -ERANGE;
		p->index = (int)(n - (size_t)nth);
		return 0;
	}
	/*
	 * The first: reporting-issues.rst asks for the first Oops since boot,
	 * as whatever follows may be its consequence however unrelated it
	 * looks; and a paste's first lines may be the tail of a trace that
	 * names nothing, which the loop passes over. An OOM kill is no Oops
	 * (the memory ran out, no code failed): another report goes first.
	 */
	for (i = 0; i < n; i++) {
		struct json_object *rep = json_object_array_get_idx(reps, i);

		if (!kj_get_str(rep, "guilty_file") && !kj_get_str(rep, "guilty_module"))
			continue;
		if (pick_oom(rep) && pick_other(reps, n))
			continue;
		if (!p->blames)
			p->index = (int)i;
		p->blames = true;
		if (!kj_get_bool(rep, "corrupted", false)) {
			p->index = (int)i;
			return 0;
		}
	}
	if (!p->blames)
		p->index = 0;
	return 0;
}
