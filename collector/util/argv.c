// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A command line from the config or the environment ($EDITOR,
 * password-command) split into argv as a shell splits words, so that it
 * is exec()ed without a shell.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/argv.h"
#include "util/strbuf.h"

void kbug_argv_free(char **argv)
{
	size_t i;

	if (!argv)
		return;
	for (i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int kbug_split_argv(const char *s, char ***out)
{
	struct strbuf w = STRBUF_INIT;
	char **argv = NULL;
	size_t nr = 0, alloc = 0;
	bool in_word = false;
	char quote = 0;

	*out = NULL;
	for (;; s++) {
		char c = *s;

		if (quote == '\'') {
			if (!c)
				goto unterminated;
			if (c == '\'')
				quote = 0;
			else
				strbuf_addch(&w, c);
			continue;
		}
		if (quote == '"') {
			if (!c)
				goto unterminated;
			if (c == '"')
				quote = 0;
			else if (c == '\\' && s[1] && strchr("\"\\$`", s[1]))
				strbuf_addch(&w, *++s);
			else
				strbuf_addch(&w, c);
			continue;
		}
		if (!c || c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				if (nr + 2 > alloc) {
					alloc = alloc ? alloc * 2 : 8;
					argv = realloc(argv, alloc * sizeof(*argv));
					if (!argv)
						abort();
				}
				argv[nr++] = strbuf_detach(&w, NULL);
				argv[nr] = NULL;
				in_word = false;
			}
			if (!c)
				break;
			continue;
		}
		in_word = true;
		if (c == '\'' || c == '"') {
			quote = c;
		} else if (c == '\\') {
			if (!s[1])
				goto unterminated;
			strbuf_addch(&w, *++s);
		} else {
			strbuf_addch(&w, c);
		}
	}
	if (!argv) {
		argv = calloc(1, sizeof(*argv));
		if (!argv)
			abort();
	}
	*out = argv;
	return (int)nr;
unterminated:
	strbuf_release(&w);
	kbug_argv_free(argv);
	return -EINVAL;
}
