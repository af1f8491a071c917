// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A command line is outside input: the option tables' parser (getopt_long
 * underneath) and the front end's split of the global options take any
 * argv, with every kind of option, a group, operands and "--"; never a
 * crash, a leak, a value out of its range or an operand lost. The input
 * is the arguments, separated by NUL bytes (at most 64). Usage errors go
 * to stdio's stderr, which points at /dev/null here; the sanitizers write
 * to file descriptor 2 itself, which stays.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/options.h"

#define MAX_ARGS 64

struct inner {
	const char *url;
	bool yes;
};

struct args {
	const char *log;
	bool dry_run;
	int count;
	unsigned int timeout;
	int boot;
	struct kbug_opt_list probes;
	struct inner in;
};

static int take(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	if (val && !strcmp(val, "bad"))
		return kbug_usage_error(cmd, "bad value");
	return 0;
}

static const struct kbug_option inner_options[] = {
	OPT_STRING("url", 0, "URL", struct inner, url, "where"),
	OPT_FLAG("yes", 'y', struct inner, yes, "no questions"),
	OPT_END
};

static const struct kbug_option table[] = {
	OPT_STRING("log", 'l', "FILE", struct args, log, "the log"),
	{ .kind = KBUG_OPT_FLAG, .name = "dry-run", .alias = "dry", .letter = 'n',
	  .off = offsetof(struct args, dry_run), .help = "send nothing" },
	{ .kind = KBUG_OPT_COUNT, .name = "verbose", .letter = 'v',
	  .off = offsetof(struct args, count), .help = "more" },
	OPT_INT("timeout", "SECONDS", struct args, timeout, 1, 3600, "seconds", "how long"),
	OPT_INT("boot", "N", struct args, boot, -1000, 0, NULL, "which boot"),
	OPT_LIST("probe", "NAME", struct args, probes, "a probe"),
	OPT_CALL("call", 0, "X", take, "a callback"),
	{ .kind = KBUG_OPT_CALL, .name = "secret", .arg = "S", .call = take,
	  .flags = KBUG_OPT_HIDDEN | KBUG_OPT_OPTIONAL },
	OPT_GROUP(inner_options, struct args, in),
	OPT_END
};

static const struct kbug_option globals[] = {
	{ .kind = KBUG_OPT_COUNT, .name = "quiet", .letter = 'q',
	  .off = offsetof(struct args, count), .help = "less" },
	OPT_END
};

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *null = fopen("/dev/null", "w");

	if (null)
		stderr = null;
	return 0;
}

/* argv[0] is the command; the input's NUL-separated pieces follow */
static int split(const uint8_t *data, size_t size, char *copy, char **argv)
{
	int n = 0;
	size_t i, start = 0;

	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[n++] = "fuzz";
	for (i = 0; i <= size && n < MAX_ARGS; i++) {
		if (i < size && copy[i])
			continue;
		argv[n++] = copy + start;
		start = i + 1;
	}
	argv[n] = NULL;
	return n;
}

static void check_parsed(const struct args *a, int ret, int argc)
{
	if (ret > argc - 1 || ret < -255)
		abort();
	if (ret < 0)
		return;
	if (a->timeout && (a->timeout < 1 || a->timeout > 3600))
		abort();
	if (a->boot < -1000 || a->boot > 0)
		abort();
	if (a->probes.n > (size_t)argc)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *argv[MAX_ARGS + 1], *keep[MAX_ARGS + 1];
	struct args a = { 0 };
	int argc, ret, n = 0;
	char **rest;

	if (!copy)
		return 0;
	argc = split(data, size, copy, argv);
	memcpy(keep, argv, sizeof(keep));
	ret = kbug_opt_parse("fuzz", table, &a, argc, argv);
	check_parsed(&a, ret, argc);
	free(a.probes.v);
	/* the front end's pass over the same words */
	memset(&a, 0, sizeof(a));
	rest = kbug_opt_split("fuzz", globals, &a, table, false, argc, keep, &n);
	if (rest) {
		int i;

		if (n < 0 || (size_t)n > (size_t)argc + size)	/* -vvv: one word each */
			abort();
		for (i = 0; i < n; i++)
			if (!rest[i])
				abort();
		if (rest[n])
			abort();
		kbug_opt_argv_free(rest);
	} else if (n >= 0) {
		abort();
	}
	free(copy);
	return 0;
}
