/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stdio.h>

#include "util/options.h"

/* Global options, parsed by kbug.c wherever they appear in argv. */
struct kbug_opts {
	bool json;		/* --json: machine output on stdout */
	const char *output;	/* -o FILE: where the command's output goes */
	int verbose;		/* -v counts up, -q sets -1 */
	bool help;		/* -h, --help */
	bool version;		/* --version, before the command */
};

extern struct kbug_opts kbug_opts;
extern const char kbug_version[];

/*
 * A subcommand. Each collector/cmd-NAME.c ends with
 *   const struct kbug_cmd kbug_cmd_NAME = { ... };
 * and the Makefile lists them in the generated cmd-list.h, so adding a
 * command is adding a file. run() gets argv with the global options
 * removed and its own options as --name=VALUE, argv[0] being the command
 * name, and parses it with kbug_opt_parse(options); it returns the exit
 * code. `kbug help NAME` prints usage, the list of options, then details.
 */
struct kbug_cmd {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;	/* one line for `kbug help` */
	const char *usage;	/* the synopsis (and what comes before the options) */
	const struct kbug_option *options;
	const char *details;	/* after the options: prose, exit status */
};

/* Exit codes shared by every command. */
enum {
	KBUG_EXIT_OK = 0,
	KBUG_EXIT_ERROR = 1,
	KBUG_EXIT_USAGE = KBUG_OPT_USAGE,
	KBUG_EXIT_QUEUED = 3,	/* saved in the outbox, not delivered */
};

/*
 * The output stream for the command's result (stdout or -o FILE). When
 * -o FILE cannot be opened it says so on stderr and returns a stream that
 * drops what is written, and kbug_output_close() fails: callers need no
 * check of their own, and the exit status is 1.
 */
FILE *kbug_output(void);
/* Close the -o file; returns nonzero (and says so) if the write failed. */
int kbug_output_close(void);

/* The global options (valid anywhere), and those before the command (with --version). */
extern const struct kbug_option kbug_global_options[];
extern const struct kbug_option kbug_top_options[];
/*
 * Option groups over struct kbug_deliver_opts (deliver/deliver.h): SMTP and
 * sendmail; Bugzilla (with --api-key refused); --product, --component;
 * -y; and what report and outbox --retry share (smtp, bugzilla, --timeout
 * of up to a day, -y).
 */
extern const struct kbug_option kbug_smtp_options[];
extern const struct kbug_option kbug_bugzilla_options[];
extern const struct kbug_option kbug_product_options[];
extern const struct kbug_option kbug_yes_options[];
extern const struct kbug_option kbug_delivery_options[];

/* The commands (kbug.c), NULL-terminated; the one named name, or NULL. */
extern const struct kbug_cmd *const kbug_commands[];
const struct kbug_cmd *kbug_find_cmd(const char *name);
/* Usage error: NAME is no command (with the one it most likely meant). */
int kbug_unknown_cmd(const char *name);
/* `kbug help` (cmd-help.c): the commands and the global options. */
void kbug_print_overview(FILE *f);
/* `kbug help CMD`: usage, options, details; returns KBUG_EXIT_OK. */
int kbug_print_usage(FILE *f, const struct kbug_cmd *c);
