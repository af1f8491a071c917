// SPDX-License-Identifier: GPL-2.0-or-later
/* Questions on the terminal, for the front ends (util/prompt.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/argv.h"
#include "util/log.h"
#include "util/prompt.h"
#include "util/strbuf.h"

bool kbug_interactive(bool yes)
{
	return !yes && isatty(STDIN_FILENO) && isatty(STDERR_FILENO);
}

int kbug_ask(const char *prompt, struct strbuf *out)
{
	fputs(prompt, stderr);
	fflush(stderr);
	strbuf_reset(out);
	if (strbuf_getline(out, stdin) == EOF) {
		strbuf_reset(out);
		return -EIO;
	}
	strbuf_trim(out);
	return 0;
}

bool kbug_ask_yes(const char *prompt, bool dflt)
{
	struct strbuf ans = STRBUF_INIT;
	bool yes;

	if (kbug_ask(prompt, &ans) < 0)
		yes = false;
	else if (!ans.len)
		yes = dflt;
	else
		yes = tolower((unsigned char)ans.buf[0]) == 'y';
	strbuf_release(&ans);
	return yes;
}

int kbug_ask_lines(const char *prompt, struct strbuf *out, int max_lines)
{
	struct strbuf line = STRBUF_INIT;
	int lines = 0;

	fputs(prompt, stderr);
	while (lines < max_lines && strbuf_getline(&line, stdin) != EOF) {
		if (!line.len)
			break;
		strbuf_addf(out, "%s\n", line.buf);
		lines++;
	}
	strbuf_release(&line);
	strbuf_rtrim(out);
	return lines;
}

int kbug_run_editor(const char *path)
{
	const char *ed = getenv("VISUAL");
	char **argv = NULL, **full;
	int n, status = 0;
	pid_t pid;

	if (!ed || !*ed)
		ed = getenv("EDITOR");
	if (!ed || !*ed)
		ed = "vi";
	n = kbug_split_argv(ed, &argv);
	if (n <= 0) {
		ERR("cannot parse $EDITOR '%s'", ed);
		kbug_argv_free(argv);
		return -EINVAL;
	}
	full = calloc((size_t)n + 2, sizeof(*full));
	if (!full)
		abort();
	memcpy(full, argv, (size_t)n * sizeof(*full));
	full[n] = (char *)path;
	pid = fork();
	if (pid == 0) {
		execvp(full[0], full);
		fprintf(stderr, "kbug: cannot run the editor '%s': %s\n", full[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	free(full);
	kbug_argv_free(argv);
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		ERR("the editor '%s' failed: nothing sent", ed);
		return -ECANCELED;
	}
	return 0;
}
