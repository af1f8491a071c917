/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * Split a command line into argv the way a shell splits words, without
 * any expansion: blanks separate words, '...' quotes literally, "..."
 * quotes with \" \\ \$ \` escapes, a backslash outside quotes escapes the
 * next character. Returns the number of words (argv NULL-terminated,
 * free with kbug_argv_free), or -EINVAL for an unterminated quote.
 */
int kbug_split_argv(const char *s, char ***argv);
void kbug_argv_free(char **argv);
