/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>

struct strbuf;

/*
 * The one way kbug talks to the terminal, for the cmd-*.c front ends
 * only: library code (channels included) never reads the terminal.
 *
 * One EOF rule: end of input is no answer, and no answer never goes on
 * with something the user did not say. kbug_ask() returns -EIO with out
 * empty; kbug_ask_yes() returns false (an empty line gives the default).
 */

/* Questions may be asked: no --yes, standard input and error are terminals. */
bool kbug_interactive(bool yes);
/* Print prompt on stderr, read one line into out (trimmed). 0, or -EIO at EOF. */
int kbug_ask(const char *prompt, struct strbuf *out);
/* A yes/no question: 'y' or 'n' as the first letter, an empty line: dflt, EOF: false. */
bool kbug_ask_yes(const char *prompt, bool dflt);
/* Lines up to an empty one (at most max_lines), after prompt; how many. */
int kbug_ask_lines(const char *prompt, struct strbuf *out, int max_lines);
/* Run $VISUAL, else $EDITOR, else vi on path (split into argv, no shell). 0 or -ECANCELED. */
int kbug_run_editor(const char *path);
/* "question [dflt]: ": the answer, or dflt for an empty line. 0, or -EIO at EOF. */
int kbug_ask_default(const char *question, const char *dflt, struct strbuf *out);
/*
 * git's setting KEY (user.name, user.email) through `git config --get KEY`
 * (an argv exec, no shell): 0 with out set, -ENOENT when git or the key is
 * missing, -EINVAL for a value with control characters.
 */
int kbug_git_config(const char *key, struct strbuf *out);
