// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Score redaction on tests/redact/corpus.txt (format: tests/redact/README.md):
 * per class and per half (dev, check), the recall (seeded values whose text
 * is gone under a placeholder) and the precision (placeholders that stand
 * exactly for a seeded value, of its kind). Lines of a "keep-" class must
 * come out as they went in.
 *   redact-score [-v] [--check] CORPUS
 * -v prints every miss; --check exits 1 when a class is below 100% recall
 * or precision, or a line to keep was changed.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "core/redact.h"

#define SCORE_MAX_SPANS 32
#define SCORE_MAX_CLASSES 64
#define SCORE_MAX_LITERALS 64
#define SCORE_LINE_MAX 4096

static const unsigned char score_key[16] = "redact-corpus-01";

struct span {
	size_t start, end;
	enum kbug_redact_kind kind;
};

struct tally {
	char name[32];
	unsigned int lines[2], values[2], found[2], masks[2], exact[2], changed[2];
};

struct corpus {
	struct tally cls[SCORE_MAX_CLASSES];
	size_t ncls;
	struct {
		enum kbug_redact_kind kind;
		char *value;
	} lit[SCORE_MAX_LITERALS];
	size_t nlit;
	int half;	/* 0 dev, 1 check: by the hash of the line's source */
	bool verbose;
	unsigned int errors;
};

static int kind_by_name(const char *name, size_t len)
{
	int k;

	for (k = 0; k < REDACT_NR_KINDS; k++) {
		const char *n = kbug_redact_kind_name(k);

		if (strlen(n) == len && !memcmp(n, name, len))
			return k;
	}
	return -1;
}

/* FNV-1a: the half a source's lines go to, fixed before any tuning. */
static int source_half(const char *src)
{
	unsigned int h = 2166136261u;

	for (; *src; src++)
		h = (h ^ (unsigned char)*src) * 16777619u;
	return (int)((h >> 7) & 1);
}

static struct tally *class_get(struct corpus *c, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < c->ncls; i++)
		if (strlen(c->cls[i].name) == len && !memcmp(c->cls[i].name, name, len))
			return &c->cls[i];
	if (c->ncls == SCORE_MAX_CLASSES || len >= sizeof(c->cls[0].name))
		return NULL;
	memcpy(c->cls[c->ncls].name, name, len);
	return &c->cls[c->ncls++];
}

/* The text of a case without its marks, and the marked spans; -1 on a bad mark. */
static int case_parse(const char *text, struct strbuf *in, struct span *sp, size_t *nsp)
{
	static const char open[] = "\xc2\xab", close[] = "\xc2\xbb";	/* « » */
	const char *p = text;

	*nsp = 0;
	while (*p) {
		const char *o = strstr(p, open), *colon, *e;
		int k;

		if (!o) {
			strbuf_addstr(in, p);
			break;
		}
		strbuf_add(in, p, (size_t)(o - p));
		o += 2;
		colon = strchr(o, ':');
		e = strstr(o, close);
		if (!colon || !e || colon > e || *nsp == SCORE_MAX_SPANS)
			return -1;
		k = kind_by_name(o, (size_t)(colon - o));
		if (k < 0)
			return -1;
		sp[*nsp].start = in->len;
		strbuf_add(in, colon + 1, (size_t)(e - colon - 1));
		sp[*nsp].end = in->len;
		sp[(*nsp)++].kind = k;
		p = e + 2;
	}
	return 0;
}

/* A placeholder "[kind-xxxxxx]" at s: its length and kind, or 0. */
static size_t placeholder_at(const char *s, int *kind)
{
	const char *dash;
	size_t i;

	if (*s != '[')
		return 0;
	for (dash = s + 1; *dash && *dash != ']' && dash - s < 24; dash++)
		;
	if (*dash != ']' || dash - s < 9 || dash[-7] != '-')
		return 0;
	for (i = 1; i <= 6; i++)
		if (!strchr("0123456789abcdef", dash[-7 + (long)i]))
			return 0;
	*kind = kind_by_name(s + 1, (size_t)(dash - 7 - s - 1));
	return *kind < 0 ? 0 : (size_t)(dash - s) + 1;
}

/*
 * Where each placeholder of out stands in in: the shortest in[p..q) whose
 * placeholder it is, with the text after it matching. The number of
 * spans found, or -1 when out is not in with placeholders put in.
 */
static int align(struct kbug_redactor *rd, const char *in, const char *out, struct span *got,
		 size_t max)
{
	struct strbuf ph = STRBUF_INIT;
	size_t p = 0, len = strlen(in), n = 0;
	const char *o = out;
	int kind, rc = 0;

	while (*o && !rc) {
		size_t pl = placeholder_at(o, &kind), q;

		if (!pl) {
			if (p >= len || in[p] != *o)
				rc = -1;
			p++;
			o++;
			continue;
		}
		for (q = p + 1; q <= len; q++) {
			strbuf_reset(&ph);
			kbug_redact_placeholder(rd, kind, in + p, q - p, &ph);
			if (ph.len == pl && !memcmp(ph.buf, o, pl))
				break;
		}
		if (q > len || n == max) {
			rc = -1;
			break;
		}
		got[n].start = p;
		got[n].end = q;
		got[n++].kind = kind;
		p = q;
		o += pl;
	}
	strbuf_release(&ph);
	return rc || p != len ? -1 : (int)n;
}

static void score_case(struct corpus *c, const char *cls, size_t clen, const char *text,
		       unsigned int lineno)
{
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
	struct span want[SCORE_MAX_SPANS], got[SCORE_MAX_SPANS];
	struct kbug_redactor *rd = kbug_redactor_new(score_key);
	struct tally *t = class_get(c, cls, clen);
	size_t nwant, i, j, exact = 0;
	int h = c->half, ngot;
	bool keep = clen > 5 && !memcmp(cls, "keep-", 5);

	if (!rd || !t || case_parse(text, &in, want, &nwant) < 0 || (keep && nwant)) {
		fprintf(stderr, "corpus line %u: cannot read this case\n", lineno);
		c->errors++;
		goto out;
	}
	for (i = 0; i < c->nlit; i++)
		kbug_redactor_add_literal(rd, c->lit[i].kind, c->lit[i].value);
	kbug_redact_text(rd, in.buf, in.len, &out);
	ngot = align(rd, in.buf, out.buf, got, SCORE_MAX_SPANS);
	t->lines[h]++;
	t->values[h] += (unsigned int)nwant;
	if (ngot < 0) {
		fprintf(stderr, "corpus line %u: the output does not align with the input:\n  %s\n",
			lineno, out.buf);
		t->changed[h]++;
		c->errors++;
		goto out;
	}
	t->masks[h] += (unsigned int)ngot;
	for (i = 0; i < nwant; i++) {
		bool hit = false;

		for (j = 0; j < (size_t)ngot && !hit; j++)
			hit = got[j].start <= want[i].start && got[j].end >= want[i].end;
		t->found[h] += hit;
		if (!hit && c->verbose)
			printf("miss  %s line %u: %s '%.*s'\n       -> %s\n", t->name, lineno,
			       kbug_redact_kind_name(want[i].kind),
			       (int)(want[i].end - want[i].start), in.buf + want[i].start, out.buf);
	}
	for (j = 0; j < (size_t)ngot; j++) {
		bool ok = false;

		for (i = 0; i < nwant && !ok; i++)
			ok = got[j].start == want[i].start && got[j].end == want[i].end &&
			     got[j].kind == want[i].kind;
		exact += ok;
		if (!ok && c->verbose)
			printf("extra %s line %u: %s '%.*s'\n       -> %s\n", t->name, lineno,
			       kbug_redact_kind_name(got[j].kind),
			       (int)(got[j].end - got[j].start), in.buf + got[j].start, out.buf);
	}
	t->exact[h] += (unsigned int)exact;
	if (exact != nwant || (size_t)ngot != nwant)
		t->changed[h]++;
out:
	kbug_redactor_free(rd);
	strbuf_release(&in);
	strbuf_release(&out);
}

static int directive(struct corpus *c, char *line, unsigned int lineno)
{
	char *kind, *value;
	int k;

	if (!strncmp(line, "@src ", 5)) {
		c->half = source_half(line + 5);
		return 0;
	}
	if (strncmp(line, "@literal ", 9) || c->nlit == SCORE_MAX_LITERALS)
		goto bad;
	kind = line + 9;
	value = strchr(kind, ' ');
	if (!value)
		goto bad;
	k = kind_by_name(kind, (size_t)(value - kind));
	if (k < 0)
		goto bad;
	c->lit[c->nlit].kind = k;
	c->lit[c->nlit++].value = strdup(value + 1);
	return 0;
bad:
	fprintf(stderr, "corpus line %u: unknown directive '%s'\n", lineno, line);
	return -1;
}

static void pct(unsigned int a, unsigned int b)
{
	if (b)
		printf(" %6.1f%%", 100.0 * a / b);
	else
		printf(" %7s", "-");
}

static void print_row(const char *name, const struct tally *t, int h)
{
	printf("%-14s %-5s %5u %6u %6u", name, h ? "check" : "dev", t->lines[h], t->values[h],
	       t->found[h]);
	pct(t->found[h], t->values[h]);
	printf(" %6u %6u", t->masks[h], t->exact[h]);
	pct(t->exact[h], t->masks[h]);
	printf(" %7u\n", t->changed[h]);
}

/* The table; true when every class is whole (100% both ways, no kept line changed). */
static bool report(const struct corpus *c)
{
	struct tally all = { .name = "all" };
	bool whole = true;
	size_t i;
	int h;

	printf("%-14s %-5s %5s %6s %6s %7s %6s %6s %7s %7s\n", "class", "half", "lines", "values",
	       "found", "recall", "masks", "exact", "precis.", "changed");
	for (h = 0; h < 2; h++) {
		for (i = 0; i < c->ncls; i++) {
			const struct tally *t = &c->cls[i];

			if (!t->lines[h])
				continue;
			print_row(t->name, t, h);
			all.lines[h] += t->lines[h];
			all.values[h] += t->values[h];
			all.found[h] += t->found[h];
			all.masks[h] += t->masks[h];
			all.exact[h] += t->exact[h];
			all.changed[h] += t->changed[h];
			if (t->found[h] != t->values[h] || t->exact[h] != t->masks[h] ||
			    t->changed[h])
				whole = false;
		}
		print_row("all", &all, h);
	}
	return whole;
}

int main(int argc, char **argv)
{
	struct corpus c = { 0 };
	char line[SCORE_LINE_MAX];
	bool check = false, whole;
	unsigned int lineno = 0;
	const char *path = NULL;
	size_t i;
	FILE *f;
	int a;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-v"))
			c.verbose = true;
		else if (!strcmp(argv[a], "--check"))
			check = true;
		else
			path = argv[a];
	}
	if (!path) {
		fprintf(stderr, "usage: redact-score [-v] [--check] CORPUS\n");
		return 2;
	}
	f = fopen(path, "r");
	if (!f) {
		perror(path);
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		char *tab;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] == '@') {
			if (directive(&c, line, lineno) < 0)
				c.errors++;
			continue;
		}
		tab = strchr(line, '\t');
		if (!tab) {
			fprintf(stderr, "corpus line %u: no tab after the class\n", lineno);
			c.errors++;
			continue;
		}
		score_case(&c, line, (size_t)(tab - line), tab + 1, lineno);
	}
	fclose(f);
	whole = report(&c);
	for (i = 0; i < c.nlit; i++)
		free(c.lit[i].value);
	if (c.errors)
		fprintf(stderr, "%u corpus lines could not be scored\n", c.errors);
	return check && (!whole || c.errors) ? 1 : 0;
}
