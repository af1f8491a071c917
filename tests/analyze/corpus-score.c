// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Score the analyzer on the syzkaller corpus (tests/corpus/README.md):
 * exact titles (TITLE or an ALT), no report where there is no TITLE,
 * agreement on CORRUPTED, and exact guilty files. TAP output; each rate
 * is asserted against a floor. -v lists the misses.
 *   corpus-score [-v] CORPUS_DIR
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "analyze/analyze.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

struct rate {
	const char *what;
	double goal, floor;	/* the goal; what this test insists on */
	unsigned int hit, all;
};

static bool verbose;
static bool distro;	/* -d: frames stripped of file:line, as a distribution kernel prints */

/*
 * The log as an unsymbolized kernel prints it: no "[inline]" frames, no
 * " path/file.c:123" after "func+0x1/0x2 [mod]". A report's first line
 * keeps its file (WARN() and BUG() print __FILE__).
 */
static void score_strip(const char *log, size_t len, struct strbuf *out)
{
	const char *p = log, *end = log + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *o = p, *x;
		size_t n = (size_t)(e - p);

		if (n >= 8 && !memcmp(e - 8, "[inline]", 8)) {
			p = nl ? nl + 1 : end;
			continue;
		}
		/* "+0xOFF/0xSIZE", an optional " [mod]", then " FILE:LINE" */
		x = memmem(p, n, "+0x", 3);
		if (x)
			x = memchr(x, '/', (size_t)(e - x));
		if (x && x + 1 < e && x[1] == '0') {
			const char *t = x + 1, *f;

			while (t < e && *t != ' ')
				t++;
			f = t + 2 < e && t[1] == '[' ? memchr(t, ']', (size_t)(e - t)) : NULL;
			if (f)
				t = f + 1;
			f = t;
			while (f < e && *f == ' ')
				f++;
			if (f < e && f > t && memchr(f, ':', (size_t)(e - f)) &&
			    (memmem(f, (size_t)(e - f), ".c:", 3) ||
			     memmem(f, (size_t)(e - f), ".h:", 3) ||
			     memmem(f, (size_t)(e - f), ".S:", 3))) {
				strbuf_add(out, o, (size_t)(t - o));
				o = e;
			}
		}
		strbuf_add(out, o, (size_t)(e - o));
		strbuf_addch(out, '\n');
		p = nl ? nl + 1 : end;
	}
}

static const char *score_body(const char *s, struct strbuf *title, struct strbuf *alts,
			      bool *corrupted, const char *key)
{
	while (*s && *s != '\n') {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);

		if (!strncmp(s, key, strlen(key))) {
			strbuf_add(title, s + strlen(key), n - strlen(key));
		} else if (!strncmp(s, "ALT: ", 5)) {
			strbuf_add(alts, s + 5, n - 5);
			strbuf_addch(alts, '\n');
		} else if (!strncmp(s, "CORRUPTED: Y", 12)) {
			*corrupted = true;
		}
		s += n;
		if (*s)
			s++;
	}
	return *s == '\n' ? s + 1 : s;
}

static struct json_object *score_first(const char *log, size_t len, const char *name)
{
	struct json_object *res = NULL, *reps, *first;

	if (kbug_analyze_buffer(log, len, name, NULL, &res) < 0)
		return NULL;
	reps = kj_get(res, "reports");
	first = json_object_array_length(reps) ? json_object_array_get_idx(reps, 0) : NULL;
	if (first)
		json_object_get(first);
	json_object_put(res);
	return first;
}

static bool score_alt(const char *alts, const char *t)
{
	size_t n = strlen(t);
	const char *p = alts;

	while ((p = strstr(p, t))) {
		if ((p == alts || p[-1] == '\n') && p[n] == '\n')
			return true;
		p++;
	}
	return false;
}

static void score_report(const char *path, const char *name, struct rate *rt)
{
	struct strbuf sb = STRBUF_INIT, title = STRBUF_INIT, alts = STRBUF_INIT;
	bool corrupted = false;
	const char *log, *end;
	struct json_object *first;
	const char *got;

	if (strbuf_read_file(&sb, path, 64 << 20) < 0)
		return;
	log = score_body(sb.buf, &title, &alts, &corrupted, "TITLE: ");
	end = strstr(log, "\n\nREPORT:\n");
	first = score_first(log, end ? (size_t)(end - log + 1) : strlen(log), name);
	got = first ? kj_get_str(first, "title") : NULL;
	if (title.len) {
		bool ok = got && (!strcmp(got, title.buf) || score_alt(alts.buf, got));
		bool c = first && kj_get_bool(first, "corrupted", false);

		rt[0].all++;
		rt[0].hit += ok;
		if (!ok && verbose)
			printf("# title %s: want '%s' got '%s'\n", name, title.buf, got ? got : "-");
		rt[2].all++;
		rt[2].hit += c == corrupted;
		if (c != corrupted && verbose)
			printf("# corrupted %s: want %d got %d ('%s')\n", name, corrupted, c,
			       got ? got : "-");
	} else {
		rt[1].all++;
		rt[1].hit += !first;
		if (first && verbose)
			printf("# false report %s: '%s'\n", name, got);
	}
	json_object_put(first);
	strbuf_release(&sb);
	strbuf_release(&title);
	strbuf_release(&alts);
}

static void score_guilty(const char *path, const char *name, struct rate *rt)
{
	struct strbuf sb = STRBUF_INIT, file = STRBUF_INIT, alts = STRBUF_INIT;
	bool corrupted = false;
	const char *log, *got;
	struct json_object *first;

	if (strbuf_read_file(&sb, path, 64 << 20) < 0)
		return;
	log = score_body(sb.buf, &file, &alts, &corrupted, "FILE: ");
	if (distro) {
		struct strbuf st = STRBUF_INIT;

		score_strip(log, strlen(log), &st);
		first = score_first(st.buf, st.len, name);
		strbuf_release(&st);
	} else {
		first = score_first(log, strlen(log), name);
	}
	got = first ? kj_get_str(first, "guilty_file") : NULL;
	rt[3].all++;
	if (got && !strcmp(got, file.buf))
		rt[3].hit++;
	else if (verbose)
		printf("# guilty %s: want '%s' got '%s' (%s)\n", name, file.buf, got ? got : "-",
		       first ? kj_get_str(first, "title") : "no report");
	json_object_put(first);
	strbuf_release(&sb);
	strbuf_release(&file);
	strbuf_release(&alts);
}

static int score_dir(const char *dir, void (*fn)(const char *, const char *, struct rate *),
		     struct rate *rt)
{
	struct dirent **names;
	char path[4096];
	int i, n = scandir(dir, &names, NULL, alphasort);

	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
			fn(path, names[i]->d_name, rt);
		}
		free(names[i]);
	}
	free(names);
	return 0;
}

int main(int argc, char **argv)
{
	struct rate rt[] = {
		{ "exact titles (TITLE or ALT)", 0.90, 0.90, 0, 0 },
		{ "no report on report-free logs", 0.98, 0.98, 0, 0 },
		{ "corrupted flag agrees", 0.90, 0.90, 0, 0 },
		{ "guilty files", 0.95, 0.95, 0, 0 },
	};
	char dir[4096];
	int i, fail = 0;

	kbug_log_level = -1;
	for (; argc > 1 && argv[1][0] == '-'; argv++, argc--) {
		if (!strcmp(argv[1], "-v")) {
			verbose = true;
		} else if (!strcmp(argv[1], "-d")) {
			distro = true;
		} else {
			argc = 0;
			break;
		}
	}
	if (argc != 2) {
		fprintf(stderr, "usage: corpus-score [-v] [-d] CORPUS_DIR\n"
			"  -d: only the guilty files, of the logs stripped of file:line\n");
		return 2;
	}
	if (distro) {
		/* files renamed or removed since the logged kernels cannot be placed */
		struct rate g = { "guilty files, frames without file:line", 0.80, 0.60, 0, 0 };
		double r;

		snprintf(dir, sizeof(dir), "%s/guilty", argv[1]);
		if (score_dir(dir, score_guilty, rt)) {
			printf("not ok 1 - cannot read '%s'\n1..1\n", dir);
			return 1;
		}
		g.hit = rt[3].hit;
		g.all = rt[3].all;
		r = g.all ? (double)g.hit / g.all : 0;
		printf("%s 1 - %s: %u/%u = %.1f%% (floor %.0f%%)\n1..1\n",
		       g.all && r >= g.floor ? "ok" : "not ok", g.what, g.hit, g.all, 100 * r,
		       100 * g.floor);
		return g.all && r >= g.floor ? 0 : 1;
	}
	snprintf(dir, sizeof(dir), "%s/report", argv[1]);
	if (score_dir(dir, score_report, rt)) {
		printf("not ok 1 - cannot read '%s'\n1..1\n", dir);
		return 1;
	}
	snprintf(dir, sizeof(dir), "%s/guilty", argv[1]);
	if (score_dir(dir, score_guilty, rt)) {
		printf("not ok 1 - cannot read '%s'\n1..1\n", dir);
		return 1;
	}
	for (i = 0; i < 4; i++) {
		double r = rt[i].all ? (double)rt[i].hit / rt[i].all : 0;
		bool ok = rt[i].all && r >= rt[i].floor;

		printf("%s %d - %s: %u/%u = %.1f%% (goal %.0f%%, floor %.0f%%)\n",
		       ok ? "ok" : "not ok", i + 1, rt[i].what, rt[i].hit, rt[i].all, 100 * r,
		       100 * rt[i].goal, 100 * rt[i].floor);
		fail += !ok;
	}
	printf("1..4\n");
	return fail ? 1 : 0;
}
