// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runbench RUNS NAME ARGV... [-- NAME ARGV...]...
 *
 * Times commands side by side where hyperfine is not at hand (the QEMU
 * test guest): each round runs every command once, in turn, so that a
 * drift of the machine's speed meets them all alike; one warm-up round
 * first. A command runs with stdin, stdout and stderr on /dev/null, from
 * its argv (no shell unless the command is one). Per command it prints
 *   KBUG-BENCH NAME runs=N mean_us=M sd_us=S median_us=D min_us=L
 *       user_us=U sys_us=Y maxrss_kb=K failed=F
 * maxrss is the largest of the command's process and the children it
 * waited for (wait4(2)), as /usr/bin/time reports it.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CMDS 8
#define MAX_RUNS 10000

struct cmd {
	const char *name;
	char **argv;
	double *wall;
	double user, sys;
	long maxrss;
	int failed;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double tv(const struct timeval *t)
{
	return (double)t->tv_sec + (double)t->tv_usec / 1e6;
}

/* one run: wall seconds, or -1 if it could not be started */
static double run(struct cmd *c)
{
	struct rusage ru;
	double t0 = now(), t;
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR);

		if (fd < 0 || dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		execvp(c->argv[0], c->argv);
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	t = now() - t0;
	c->user += tv(&ru.ru_utime);
	c->sys += tv(&ru.ru_stime);
	if (ru.ru_maxrss > c->maxrss)
		c->maxrss = ru.ru_maxrss;
	/* the script's commands may fail (no USB here); kbug must not */
	if (!WIFEXITED(status) || WEXITSTATUS(status) >= 126)
		c->failed++;
	return t;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void report(struct cmd *c, int runs)
{
	double sum = 0, sq = 0, mean, *s = c->wall;
	int i;

	for (i = 0; i < runs; i++)
		sum += s[i];
	mean = sum / runs;
	for (i = 0; i < runs; i++)
		sq += (s[i] - mean) * (s[i] - mean);
	qsort(s, (size_t)runs, sizeof(*s), cmp_double);
	printf("KBUG-BENCH %s runs=%d mean_us=%.0f sd_us=%.0f median_us=%.0f min_us=%.0f",
	       c->name, runs, mean * 1e6, runs > 1 ? sqrt(sq / (runs - 1)) * 1e6 : 0,
	       s[runs / 2] * 1e6, s[0] * 1e6);
	printf(" user_us=%.0f sys_us=%.0f maxrss_kb=%ld failed=%d\n", c->user / runs * 1e6,
	       c->sys / runs * 1e6, c->maxrss, c->failed);
}

int main(int argc, char **argv)
{
	struct cmd cmds[MAX_CMDS] = { 0 };
	int runs, n = 0, i, r;
	char *end;

	runs = argc > 1 ? (int)strtol(argv[1], &end, 10) : 0;
	if (argc < 4 || *end || runs < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "usage: runbench RUNS(1..%d) NAME ARGV... [-- NAME ARGV...]...\n",
			MAX_RUNS);
		return 2;
	}
	for (i = 2; i < argc && n < MAX_CMDS; n++) {
		cmds[n].name = argv[i++];
		cmds[n].argv = argv + i;
		while (i < argc && strcmp(argv[i], "--"))
			i++;
		if (cmds[n].argv == argv + i) {
			fprintf(stderr, "runbench: '%s' has no command\n", cmds[n].name);
			return 2;
		}
		if (i < argc)
			argv[i++] = NULL;	/* the "--" ends this argv */
		cmds[n].wall = calloc((size_t)runs, sizeof(double));
		if (!cmds[n].wall)
			return 1;
	}
	for (i = 0; i < n; i++) {	/* the warm-up round, not counted */
		struct cmd w = cmds[i];

		if (run(&w) < 0) {
			fprintf(stderr, "runbench: cannot run '%s'\n", cmds[i].argv[0]);
			return 1;
		}
	}
	for (r = 0; r < runs; r++)
		for (i = 0; i < n; i++)
			cmds[i].wall[r] = run(&cmds[i]);
	for (i = 0; i < n; i++)
		report(&cmds[i], runs);
	return 0;
}
