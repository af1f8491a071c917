// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug: turn "my kernel misbehaves" into a bug report that reaches the
 * right people. main() parses the global options wherever they stand and
 * dispatches to the command table generated from collector/cmd-*.c.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/path.h"
#include "kbug.h"

struct kbug_opts kbug_opts;
const char kbug_version[] = KBUG_VERSION;

/* generated from collector/cmd-*.c: the declarations, and KBUG_CMD(name) rows */
#include "cmd-decls.h"

#define KBUG_CMD(n) (&kbug_cmd_##n),
static const struct kbug_cmd *const commands[] = {
#include "cmd-list.h"
	NULL
};
#undef KBUG_CMD

static FILE *output_file;

FILE *kbug_output(void)
{
	if (output_file)
		return output_file;
	if (!kbug_opts.output || !strcmp(kbug_opts.output, "-"))
		return stdout;
	output_file = fopen(kbug_opts.output, "w");
	if (!output_file) {
		ERR("cannot write '%s': %s", kbug_opts.output, strerror(errno));
		exit(KBUG_EXIT_ERROR);
	}
	return output_file;
}

int kbug_output_close(void)
{
	FILE *f = output_file ? output_file : stdout;
	int bad = ferror(f);

	if (fflush(f) || bad) {
		ERR("cannot write '%s': %s", output_file ? kbug_opts.output : "standard output",
		    strerror(errno ? errno : EIO));
		return -1;
	}
	if (output_file) {
		if (fclose(output_file)) {
			ERR("cannot write '%s': %s", kbug_opts.output, strerror(errno));
			output_file = NULL;
			return -1;
		}
		output_file = NULL;
	}
	return 0;
}

int kbug_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "kbug%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see 'kbug help%s%s')\n", cmd ? " " : "", cmd ? cmd : "");
	return KBUG_EXIT_USAGE;
}

static const struct kbug_cmd *find_cmd(const char *name)
{
	size_t i;

	for (i = 0; commands[i]; i++)
		if (!strcmp(commands[i]->name, name))
			return commands[i];
	return NULL;
}

static void print_overview(FILE *f)
{
	size_t i;

	fputs("usage: kbug [--json] [-o FILE] [-q] [-v] [--sysroot DIR] <command> [options]\n"
	      "       kbug help [command]\n"
	      "       kbug --version\n\ncommands:\n", f);
	for (i = 0; commands[i]; i++)
		fprintf(f, "  %-11s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\nglobal options:\n"
	      "  --json         machine-readable output (JSON) on stdout\n"
	      "  -o FILE        write the command's output to FILE\n"
	      "  -q, --quiet    only errors on stderr\n"
	      "  -v, --verbose  more detail on stderr (twice: debugging)\n"
	      "  --sysroot DIR  read /proc, /sys, /etc... below DIR (tests, saved roots)\n", f);
}

static int cmd_help(int argc, char **argv)
{
	const struct kbug_cmd *c;

	if (argc < 2) {
		print_overview(kbug_output());
		return KBUG_EXIT_OK;
	}
	c = find_cmd(argv[1]);
	if (!c)
		return kbug_usage_error(NULL, "'%s' is not a kbug command", argv[1]);
	fprintf(kbug_output(), "kbug %s: %s\n\n%s", c->name, c->summary, c->usage);
	return KBUG_EXIT_OK;
}

/* Take a global option at argv[*i] if it is one; 1 taken, 0 not, -1 error. */
static int take_global(int argc, char **argv, int *i)
{
	const char *a = argv[*i];

	if (!strcmp(a, "--json")) {
		kbug_opts.json = true;
	} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
		kbug_opts.verbose = -1;
	} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
		kbug_opts.verbose++;
	} else if (!strcmp(a, "-vv")) {
		kbug_opts.verbose += 2;
	} else if (!strcmp(a, "-o") || !strcmp(a, "--output") || !strcmp(a, "--sysroot")) {
		if (*i + 1 >= argc) {
			kbug_usage_error(NULL, "option '%s' needs a value", a);
			return -1;
		}
		if (a[1] == 'o' || a[2] == 'o')
			kbug_opts.output = argv[++*i];
		else
			kbug_path_set_root(argv[++*i]);
	} else if (!strncmp(a, "--output=", 9)) {
		kbug_opts.output = a + 9;
	} else if (!strncmp(a, "--sysroot=", 10)) {
		kbug_path_set_root(a + 10);
	} else if (!strncmp(a, "-o", 2) && a[2]) {
		kbug_opts.output = a + 2;
	} else {
		return 0;
	}
	return 1;
}

static int dispatch(int n, char **rest)
{
	const struct kbug_cmd *c;

	if (!n || !strcmp(rest[0], "-h") || !strcmp(rest[0], "--help")) {
		print_overview(n ? stdout : stderr);
		return n ? KBUG_EXIT_OK : KBUG_EXIT_USAGE;
	}
	if (!strcmp(rest[0], "--version") || !strcmp(rest[0], "version")) {
		printf("kbug %s\n", kbug_version);
		return KBUG_EXIT_OK;
	}
	if (!strcmp(rest[0], "help"))
		return cmd_help(n, rest);
	if (rest[0][0] == '-')
		return kbug_usage_error(NULL, "unknown option '%s'", rest[0]);
	c = find_cmd(rest[0]);
	if (!c)
		return kbug_usage_error(NULL, "'%s' is not a kbug command", rest[0]);
	if (n > 1 && (!strcmp(rest[1], "-h") || !strcmp(rest[1], "--help"))) {
		fprintf(stdout, "kbug %s: %s\n\n%s", c->name, c->summary, c->usage);
		return KBUG_EXIT_OK;
	}
	return c->run(n, rest);
}

int main(int argc, char **argv)
{
	char **rest = calloc((size_t)argc + 1, sizeof(*rest));
	int i, n = 0, ret;
	bool dashdash = false;

	if (!rest)
		return KBUG_EXIT_ERROR;
	kbug_path_set_root(getenv("KBUG_SYSROOT"));
	for (i = 1; i < argc; i++) {
		int t = dashdash ? 0 : take_global(argc, argv, &i);

		if (t < 0) {
			free(rest);
			return KBUG_EXIT_USAGE;
		}
		if (t)
			continue;
		if (!strcmp(argv[i], "--"))
			dashdash = true;
		rest[n++] = argv[i];
	}
	kbug_log_level = kbug_opts.verbose < 0 ? KBUG_LOG_ERR :
			 KBUG_LOG_WARN + kbug_opts.verbose;
	ret = dispatch(n, rest);
	if (kbug_output_close() && ret == KBUG_EXIT_OK)
		ret = KBUG_EXIT_ERROR;
	free(rest);
	kbug_path_set_root(NULL);
	return ret;
}
