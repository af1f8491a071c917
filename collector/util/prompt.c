// SPDX-License-Identifier: GPL-2.0-or-later
/* Questions on the terminal, for the front ends (util/prompt.h). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
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

int kbug_ask_default(const char *question, const char *dflt, struct strbuf *out)
{
	struct strbuf p = STRBUF_INIT;
	int ret;

	if (dflt && *dflt)
		strbuf_addf(&p, "%s [%s]: ", question, dflt);
	else
		strbuf_addf(&p, "%s: ", question);
	ret = kbug_ask(p.buf, out);
	if (!ret && !out->len && dflt)
		strbuf_addstr(out, dflt);
	strbuf_release(&p);
	return ret;
}

#define GIT_VALUE_MAX 1024

int kbug_git_config(const char *key, struct strbuf *out)
{
	char *const argv[] = { "git", "config", "--get", (char *)key, NULL };
	char buf[256];
	int pfd[2], status = 0;
	pid_t pid;
	ssize_t n;

	strbuf_reset(out);
	if (pipe2(pfd, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -errno;
	}
	if (!pid) {
		int null = open("/dev/null", O_RDWR);

		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDERR_FILENO);
		}
		dup2(pfd[1], STDOUT_FILENO);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	/* bounded: at most GIT_VALUE_MAX bytes are kept, the rest is read and dropped */
	while ((n = read(pfd[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (out->len + (size_t)n <= GIT_VALUE_MAX)
			strbuf_add(out, buf, (size_t)n);
	}
	close(pfd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		strbuf_reset(out);
		return -ENOENT;
	}
	/* one line, no control characters: a name or an address */
	if (strchr(out->buf, '\n'))
		strbuf_setlen(out, (size_t)(strchr(out->buf, '\n') - out->buf));
	strbuf_trim(out);
	for (n = 0; (size_t)n < out->len; n++)
		if (iscntrl((unsigned char)out->buf[n])) {
			strbuf_reset(out);
			return -EINVAL;
		}
	return out->len ? 0 : -ENOENT;
}
