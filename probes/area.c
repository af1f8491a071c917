// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which area of the kernel the report's suspect is in, for the probes
 * that only a bug in their area needs (gpu, audio, power, firmware). The
 * suspect is what routing took (the "route" section's "suspect": "path",
 * "module") or, before routing, what analysis blamed (the "analysis"
 * section's reports, each with "guilty_file" and "guilty_module").
 */
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"

static bool path_in(const char *path, const char *const *dirs)
{
	size_t i;

	if (!path)
		return false;
	for (i = 0; dirs[i]; i++)
		if (!strncmp(path, dirs[i], strlen(dirs[i])))
			return true;
	return false;
}

/* a module name matches "name" exactly, or "name*" by its prefix ('-' is '_') */
static bool module_in(const char *mod, const char *const *mods)
{
	char m[64];
	size_t i, n;

	if (!mod || !*mod)
		return false;
	for (i = 0; mod[i] && i < sizeof(m) - 1; i++)
		m[i] = mod[i] == '-' ? '_' : mod[i];
	m[i] = '\0';
	for (i = 0; mods[i]; i++) {
		n = strlen(mods[i]);
		if (n && mods[i][n - 1] == '*' ? !strncmp(m, mods[i], n - 1) : !strcmp(m, mods[i]))
			return true;
	}
	return false;
}

bool kbug_probe_suspect_in(const struct kbug_probe_ctx *ctx, const struct kbug_area *area)
{
	struct json_object *reps = kj_path(kbug_report_get(ctx->report, "analysis"), "reports");
	struct json_object *sus = kj_path(kbug_report_get(ctx->report, "route"), "suspect");
	size_t i, n;

	/* routed: the suspect it took, not the other reports of the log */
	if (kj_get_str(sus, "path") || kj_get_str(sus, "module"))
		return path_in(kj_get_str(sus, "path"), area->dirs) ||
		       module_in(kj_get_str(sus, "module"), area->modules);
	n = reps && json_object_is_type(reps, json_type_array) ? json_object_array_length(reps) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *rep = json_object_array_get_idx(reps, i);

		if (path_in(kj_get_str(rep, "guilty_file"), area->dirs) ||
		    module_in(kj_get_str(rep, "guilty_module"), area->modules))
			return true;
	}
	return false;
}
