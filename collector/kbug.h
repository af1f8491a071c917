/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stdio.h>

/* Global options, parsed by kbug.c wherever they appear in argv. */
struct kbug_opts {
	bool json;		/* --json: machine output on stdout */
	const char *output;	/* -o FILE: where the command's output goes */
	int verbose;		/* -v counts up, -q sets -1 */
};

extern struct kbug_opts kbug_opts;
extern const char kbug_version[];

/*
 * A subcommand. Each collector/cmd-NAME.c ends with
 *   const struct kbug_cmd kbug_cmd_NAME = { ... };
 * and the Makefile lists them in the generated cmd-list.h, so adding a
 * command is adding a file. run() gets argv with the global options
 * removed, argv[0] being the command name; it returns the exit code.
 */
struct kbug_cmd {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;	/* one line for `kbug help` */
	const char *usage;	/* full help text for `kbug help NAME` */
};

/* Exit codes shared by every command. */
enum {
	KBUG_EXIT_OK = 0,
	KBUG_EXIT_ERROR = 1,
	KBUG_EXIT_USAGE = 2,
	KBUG_EXIT_QUEUED = 3,	/* saved in the outbox, not delivered */
};

/* The output stream for the command's result (stdout or -o FILE). */
FILE *kbug_output(void);
/* Close the -o file; returns nonzero (and says so) if the write failed. */
int kbug_output_close(void);

/* Print "kbug NAME: usage error: ..." and return KBUG_EXIT_USAGE. */
int kbug_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
