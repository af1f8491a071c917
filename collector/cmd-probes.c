// SPDX-License-Identifier: GPL-2.0-or-later
/* kbug probes: the built-in probes, what each collects and what it reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbug.h"
#include "probes/dropin.h"
#include "probes/probe.h"
#include "util/json.h"

static const char probes_usage[] =
	"usage: kbug probes [--json]\n"
	"\n"
	"Lists the probes `kbug collect` runs, in order: the name (for\n"
	"`kbug collect --probe NAME` and the report section), what it collects, and\n"
	"the files and interfaces it reads; then the drop-in probes\n"
	"(docs/dropin-probes.md): the directory each came from and whether it would\n"
	"run now, or why not. --json prints [{\"name\", \"help\", \"reads\"}], a\n"
	"drop-in with \"dir\", \"when\", \"timeout\", \"root\", \"runs\" and\n"
	"\"why_not\" besides.\n";

static const struct kbug_option probes_options[] = {
	OPT_END
};

static int cmd_probes(int argc, char **argv)
{
	FILE *out;
	size_t i;
	int n = kbug_opt_parse("probes", probes_options, NULL, argc, argv);

	if (n < 0)
		return -n;
	if (n)
		return kbug_usage_error("probes", "unknown argument '%s'", argv[1]);
	out = kbug_output();
	if (kbug_opts.json) {
		struct json_object *arr = json_object_new_array();

		for (i = 0; kbug_probes[i]; i++) {
			struct json_object *o = json_object_new_object();

			kj_set_str(o, "name", kbug_probes[i]->name);
			kj_set_str(o, "help", kbug_probes[i]->help);
			kj_set_str(o, "reads", kbug_probes[i]->reads);
			kj_append(arr, o);
		}
		kbug_dropins_list(NULL, arr);
		fprintf(out, "%s\n", json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY |
								   JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(arr);
		return KBUG_EXIT_OK;
	}
	for (i = 0; kbug_probes[i]; i++)
		fprintf(out, "%-8s %s\n%-8s reads %s\n", kbug_probes[i]->name, kbug_probes[i]->help,
			"", kbug_probes[i]->reads);
	kbug_dropins_list(out, NULL);
	return KBUG_EXIT_OK;
}

const struct kbug_cmd kbug_cmd_probes = {
	.name = "probes",
	.run = cmd_probes,
	.summary = "list the built-in and drop-in probes and what each reads",
	.usage = probes_usage,
	.options = probes_options,
};
