/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * The option table of a command: what it accepts, how each value is
 * checked and where it goes, and its help. One table parses the command
 * line (getopt_long underneath: --name=VALUE and --name VALUE alike, "--"
 * ends the options), prints `kbug help CMD`, and writes the manual page's
 * option lists and the shell completion. Options that several commands
 * share (the global ones, the delivery ones) are a table of their own,
 * included with KBUG_OPT_GROUP at the offset of the struct they fill.
 *
 * A value goes to base + off, base being the struct the command parses
 * into: a bool (FLAG), a const char * (STRING), an integer of .size bytes
 * checked to lie in [min, max] (INT), an int counted up (COUNT), a struct
 * kbug_opt_list (LIST), or a function that checks and stores it (CALL).
 */
enum kbug_opt_kind {
	KBUG_OPT_END,
	KBUG_OPT_FLAG,
	KBUG_OPT_STRING,
	KBUG_OPT_INT,
	KBUG_OPT_COUNT,
	KBUG_OPT_LIST,
	KBUG_OPT_CALL,
	KBUG_OPT_GROUP,		/* the options of .group, their base at base + off */
	KBUG_OPT_TEXT,		/* a heading in the option list: .help */
};

enum {
	KBUG_OPT_HIDDEN = 1,	/* parsed, not listed */
	KBUG_OPT_OPTIONAL = 2,	/* the value is optional: only --name=VALUE gives one */
	KBUG_OPT_DOC = 4,	/* listed, not parsed: an option taken elsewhere (-o) */
	KBUG_OPT_OPERANDS = 8,	/* takes no value: .arg names the operands it goes with */
};

/* The exit code of a usage error (KBUG_EXIT_USAGE). */
#define KBUG_OPT_USAGE 2

/*
 * Print "kbug CMD: MESSAGE (see 'kbug help CMD')" on stderr, one line;
 * returns KBUG_OPT_USAGE.
 */
int kbug_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

struct kbug_option {
	enum kbug_opt_kind kind;
	const char *name;	/* the long name, without "--" */
	const char *alias;	/* another long name, or NULL */
	char letter;		/* the short option, or 0 */
	unsigned char flags;
	const char *arg;	/* the value's name in the help ("FILE"); NULL: none */
	const char *help;
	size_t off;
	size_t size;		/* INT: sizeof the field */
	long long min, max;	/* INT: the range; CALL: min is the callee's to use */
	const char *unit;	/* INT: what the number counts, for the message */
	/* CALL: 0, or an exit code after a message (kbug_usage_error) */
	int (*call)(const char *cmd, const struct kbug_option *o, const char *val, void *base);
	const struct kbug_option *group;
};

/* A repeatable option's values, in order (free .v only: they point into argv). */
struct kbug_opt_list {
	const char **v;
	size_t n;
};

#define KBUG_OPT_FIELD_SIZE(type, field) sizeof(((type *)0)[0].field)

#define OPT_FLAG(n, l, type, field, h) \
	{ .kind = KBUG_OPT_FLAG, .name = (n), .letter = (l), .help = (h), \
	  .off = offsetof(type, field) }
#define OPT_STRING(n, l, a, type, field, h) \
	{ .kind = KBUG_OPT_STRING, .name = (n), .letter = (l), .arg = (a), .help = (h), \
	  .off = offsetof(type, field) }
#define OPT_INT(n, a, type, field, lo, hi, u, h) \
	{ .kind = KBUG_OPT_INT, .name = (n), .arg = (a), .help = (h), \
	  .off = offsetof(type, field), .size = KBUG_OPT_FIELD_SIZE(type, field), \
	  .min = (lo), .max = (hi), .unit = (u) }
#define OPT_LIST(n, a, type, field, h) \
	{ .kind = KBUG_OPT_LIST, .name = (n), .arg = (a), .help = (h), \
	  .off = offsetof(type, field) }
#define OPT_CALL(n, l, a, fn, h) \
	{ .kind = KBUG_OPT_CALL, .name = (n), .letter = (l), .arg = (a), .help = (h), \
	  .call = (fn) }
#define OPT_GROUP(g, type, field) \
	{ .kind = KBUG_OPT_GROUP, .group = (g), .off = offsetof(type, field) }
#define OPT_TEXT(h) { .kind = KBUG_OPT_TEXT, .help = (h) }
#define OPT_END { .kind = KBUG_OPT_END }

/*
 * Parse argv[1..argc-1] (argv[0] names the command) into base. The
 * operands (arguments that are not options, and all after "--") are
 * moved to argv[1..n], in order, and n is returned; or -code after a
 * usage error was printed (code is KBUG_EXIT_USAGE, or a CALL's).
 */
int kbug_opt_parse(const char *cmd, const struct kbug_option *table, void *base, int argc,
		   char **argv);

/*
 * The front end's pass: take the options of `globals` (into gbase)
 * wherever they stand; an option of `table` (whose values are not stored
 * here) is copied to the new argv as --name=VALUE, an operand as it is.
 * `stop` ends at the first operand (the options before the command).
 * Returns the new argv (NULL-terminated, free with kbug_opt_argv_free) and
 * its length in *n, or NULL with *n = -code after a usage error.
 */
char **kbug_opt_split(const char *cmd, const struct kbug_option *globals, void *gbase,
		      const struct kbug_option *table, bool stop, int argc, char **argv, int *n);
void kbug_opt_argv_free(char **argv);

/* The option list of `kbug help CMD`. */
void kbug_opt_help(FILE *f, const struct kbug_option *table);
/* The same as man(7) paragraphs (.TP), for docs/kbug.1. */
void kbug_opt_man(FILE *f, const struct kbug_option *table);

/*
 * Walk the listed options (groups expanded, hidden and headings left
 * out), for the completion scripts: 0 at the end, else what fn returned.
 */
int kbug_opt_each(const struct kbug_option *table,
		  int (*fn)(const struct kbug_option *o, void *data), void *data);
