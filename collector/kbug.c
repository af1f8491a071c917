// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug: turn "my kernel misbehaves" into a bug report that reaches the
 * right people. main() takes the global options wherever they stand and
 * dispatches to the command table generated from collector/cmd-*.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/deliver.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/options.h"
#include "util/path.h"
#include "util/suggest.h"
#include "kbug.h"


/* generated from collector/cmd-*.c: the declarations, and KBUG_CMD(name) rows */
#include "cmd-decls.h"

#define KBUG_CMD(n) (&kbug_cmd_##n),
const struct kbug_cmd *const kbug_commands[] = {
#include "cmd-list.h"
	NULL
};
#undef KBUG_CMD

/* "'NAME' is not a kbug command", with the command a typo of it meant */
int kbug_unknown_cmd(const char *name)
{
	const char *cands[64];
	const char *near;
	size_t i, n = 0;

	for (i = 0; kbug_commands[i] && n < ARRAY_SIZE(cands); i++)
		cands[n++] = kbug_commands[i]->name;
	near = kbug_suggest(name, cands, n);
	if (near)
		return kbug_usage_error(NULL, "'%s' is not a kbug command; did you mean '%s'?",
					name, near);
	return kbug_usage_error(NULL, "'%s' is not a kbug command", name);
}

const struct kbug_cmd *kbug_find_cmd(const char *name)
{
	size_t i;

	for (i = 0; kbug_commands[i]; i++)
		if (!strcmp(kbug_commands[i]->name, name))
			return kbug_commands[i];
	return NULL;
}

/* argv[1..] from the command on, the global options taken out; the exit code */
static int run_command(int argc, char **argv)
{
	const struct kbug_cmd *c;
	char **rest;
	int n, ret;

	if (argv[0][0] == '-')
		return kbug_usage_error(NULL, "unknown option '%s'", argv[0]);
	c = kbug_find_cmd(argv[0]);
	if (!c)
		return kbug_unknown_cmd(argv[0]);
	rest = kbug_opt_split(c->name, kbug_global_options, &kbug_opts, c->options, false, argc,
			      argv, &n);
	if (!rest)
		return -n;
	kbug_log_level = kbug_opts.verbose < 0 ? KBUG_LOG_ERR :
			 KBUG_LOG_WARN + kbug_opts.verbose;
	if (kbug_opts.help)
		ret = kbug_print_usage(stdout, c);
	else
		ret = c->run(n, rest);
	kbug_opt_argv_free(rest);
	return ret;
}

int main(int argc, char **argv)
{
	char **top;
	int n, ret;

	if (kbug_path_set_root(getenv("KBUG_SYSROOT")))
		return KBUG_EXIT_ERROR;
	top = kbug_opt_split(NULL, kbug_top_options, &kbug_opts, NULL, true, argc, argv, &n);
	if (!top) {
		ret = -n;
	} else if (kbug_opts.version) {
		printf("kbug %s\n", kbug_version);
		ret = KBUG_EXIT_OK;
	} else if (n < 2) {
		kbug_print_overview(kbug_opts.help ? stdout : stderr);
		ret = kbug_opts.help ? KBUG_EXIT_OK : KBUG_EXIT_USAGE;
	} else if (!strcmp(top[1], "version")) {
		printf("kbug %s\n", kbug_version);
		ret = KBUG_EXIT_OK;
	} else {
		ret = run_command(n - 1, top + 1);
	}
	if (kbug_output_close() && ret == KBUG_EXIT_OK)
		ret = KBUG_EXIT_ERROR;
	kbug_opt_argv_free(top);
	kbug_path_set_root(NULL);
	return ret;
}
