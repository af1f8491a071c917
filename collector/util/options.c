// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Option tables (util/options.h): getopt_long built from the table, the
 * help list, the manual page's paragraphs.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/options.h"
#include "util/suggest.h"
#include "util/strbuf.h"

#define OPT_MAX 128		/* options of one command line, groups expanded */
#define OPT_VAL 256		/* getopt_long's value of option i: OPT_VAL + i */
#define HELP_COL 22		/* where the help text starts in `kbug help CMD` */
#define HELP_WIDTH 79

int kbug_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "kbug%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see 'kbug help%s%s')\n", cmd ? " " : "", cmd ? cmd : "");
	return KBUG_OPT_USAGE;
}

/* One option of the command line, its group resolved: where its value goes. */
struct opt_flat {
	const struct kbug_option *o;
	char *base;		/* NULL: not stored here (kbug_opt_split copies it) */
};

struct opt_set {
	struct opt_flat v[OPT_MAX];
	size_t n;
	struct option longs[2 * OPT_MAX + 1];
	char shorts[3 * OPT_MAX + 3];
};

static void opt_flatten(struct opt_set *s, const struct kbug_option *t, char *base)
{
	for (; t && t->kind != KBUG_OPT_END; t++) {
		if (t->kind == KBUG_OPT_GROUP)
			opt_flatten(s, t->group, base ? base + t->off : NULL);
		else if (t->kind != KBUG_OPT_TEXT && !(t->flags & KBUG_OPT_DOC) && s->n < OPT_MAX)
			s->v[s->n++] = (struct opt_flat){ t, base };
	}
}

static int opt_has_arg(const struct kbug_option *o)
{
	if (o->flags & KBUG_OPT_OPERANDS)
		return no_argument;
	if (o->flags & KBUG_OPT_OPTIONAL)
		return optional_argument;
	return o->arg ? required_argument : no_argument;
}

/* getopt_long's tables; mode is "-:" (operands in order) or "+:" (stop at one). */
static void opt_build(struct opt_set *s, const char *mode)
{
	size_t i, nl = 0;
	char *p = s->shorts;

	p = stpcpy(p, mode);
	for (i = 0; i < s->n; i++) {
		const struct kbug_option *o = s->v[i].o;
		int has = opt_has_arg(o);

		if (o->name)
			s->longs[nl++] = (struct option){ o->name, has, NULL, OPT_VAL + (int)i };
		if (o->alias)
			s->longs[nl++] = (struct option){ o->alias, has, NULL, OPT_VAL + (int)i };
		if (o->letter) {
			*p++ = o->letter;
			if (has != no_argument)
				*p++ = ':';
			if (has == optional_argument)
				*p++ = ':';
		}
	}
	*p = 0;
	s->longs[nl] = (struct option){ 0 };
}

/* The entry getopt_long answered c for, or -1. */
static int opt_index(const struct opt_set *s, int c)
{
	size_t i;

	if (c >= OPT_VAL && (size_t)(c - OPT_VAL) < s->n)
		return c - OPT_VAL;
	for (i = 0; c > 0 && i < s->n; i++)
		if (s->v[i].o->letter == c)
			return (int)i;
	return -1;
}

/* "--name", or "-c" when it has no long name or was given short (c == letter) */
static const char *opt_dashed(const struct kbug_option *o, int c, char *buf, size_t size)
{
	if (o->name && (!o->letter || c != o->letter))
		snprintf(buf, size, "--%s", o->name);
	else
		snprintf(buf, size, "-%c", o->letter);
	return buf;
}

static int opt_int(const char *cmd, const struct kbug_option *o, const char *val, char *dst)
{
	char name[64], *end;
	long long v;

	errno = 0;
	v = strtoll(val, &end, 10);
	if (errno || end == val || *end || v < o->min || v > o->max) {
		opt_dashed(o, 0, name, sizeof(name));
		if (o->unit)
			return kbug_usage_error(cmd, "%s takes a number of %s from %lld to %lld, not '%s'",
						name, o->unit, o->min, o->max, val);
		return kbug_usage_error(cmd, "%s takes a number from %lld to %lld, not '%s'", name,
					o->min, o->max, val);
	}
	if (o->size == sizeof(int32_t)) {
		int32_t w = (int32_t)v;

		memcpy(dst, &w, sizeof(w));
	} else {
		int64_t w = v;

		memcpy(dst, &w, sizeof(w));
	}
	return 0;
}

static int opt_store(const char *cmd, const struct opt_flat *f, const char *val)
{
	const struct kbug_option *o = f->o;
	char *dst = f->base + o->off;
	struct kbug_opt_list *l;
	const char **v;

	switch (o->kind) {
	case KBUG_OPT_FLAG:
		*(bool *)dst = true;
		return 0;
	case KBUG_OPT_STRING:
		*(const char **)dst = val;
		return 0;
	case KBUG_OPT_INT:
		return opt_int(cmd, o, val, dst);
	case KBUG_OPT_COUNT:
		++*(int *)dst;
		return 0;
	case KBUG_OPT_LIST:
		l = (struct kbug_opt_list *)dst;
		v = realloc(l->v, (l->n + 1) * sizeof(*v));
		if (!v)
			abort();
		v[l->n++] = val;
		l->v = v;
		return 0;
	case KBUG_OPT_CALL:
		return o->call(cmd, o, val, f->base);
	default:
		return 0;
	}
}

/* "unknown option '--dryrun'", with the option a typo of it meant */
static int opt_unknown(const char *cmd, const struct opt_set *s, const char *arg)
{
	const char *cands[2 * OPT_MAX], *near = NULL;
	char word[64];
	size_t i, n = 0;

	if (!strncmp(arg, "--", 2) && strcspn(arg + 2, "=") < sizeof(word)) {
		snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
		for (i = 0; i < s->n; i++) {
			cands[n++] = s->v[i].o->name;
			cands[n++] = s->v[i].o->alias;
		}
		near = kbug_suggest(word, cands, n);
	}
	if (near)
		return kbug_usage_error(cmd, "unknown option '%s'; did you mean '--%s'?", arg,
					near);
	return kbug_usage_error(cmd, "unknown option '%s'", arg);
}

/* A usage error for getopt_long's '?' or ':' at argv[optind - 1]. */
static int opt_error(const char *cmd, const struct opt_set *s, int c, char **argv)
{
	int i = opt_index(s, optopt);
	char name[64];

	if (c == ':')
		return kbug_usage_error(cmd, "option '%s' needs a value",
					i >= 0 ? opt_dashed(s->v[i].o, optopt, name, sizeof(name)) :
					argv[optind - 1]);
	if (i >= 0)
		return kbug_usage_error(cmd, "option '%s' takes no value",
					opt_dashed(s->v[i].o, optopt, name, sizeof(name)));
	if (optopt > 0 && optopt < OPT_VAL)
		return kbug_usage_error(cmd, "unknown option '-%c'", optopt);
	return opt_unknown(cmd, s, argv[optind - 1]);
}

/*
 * The loop both passes share: each option is stored (its base set) or
 * handed to copy (no base), each operand to copy; the index of what
 * getopt_long left (after "--", or at the first operand with "+:") is
 * returned, or -code.
 */
static int opt_loop(const char *cmd, struct opt_set *s, int argc, char **argv,
		    void (*copy)(void *data, const struct kbug_option *o, const char *val),
		    void *data)
{
	int c, i, ret;

	optind = 0;		/* glibc: start again from scratch */
	opterr = 0;
	while ((c = getopt_long(argc, argv, s->shorts, s->longs, NULL)) != -1) {
		if (c == 1) {
			copy(data, NULL, optarg);
			continue;
		}
		i = opt_index(s, c);
		if (c == '?' || c == ':' || i < 0)
			return -opt_error(cmd, s, c, argv);
		if (!s->v[i].base) {
			copy(data, s->v[i].o, optarg);
			continue;
		}
		ret = opt_store(cmd, &s->v[i], optarg);
		if (ret)
			return -ret;
	}
	return optind;
}

/* The options of table (stored in base) and of more (copied), parsed by opt_loop */
static int opt_run(const char *cmd, const struct kbug_option *table, void *base,
		   const struct kbug_option *more, const char *mode, int argc, char **argv,
		   void (*copy)(void *data, const struct kbug_option *o, const char *val),
		   void *data)
{
	struct opt_set *s = calloc(1, sizeof(*s));
	int end;

	if (!s)
		abort();
	opt_flatten(s, table, base);
	opt_flatten(s, more, NULL);
	opt_build(s, mode);
	end = opt_loop(cmd, s, argc, argv, copy, data);
	free(s);
	return end;
}

struct opt_operands {
	char **argv;
	int n;
};

/*
 * Operand k trades places with argv[1 + k], a slot getopt_long has passed
 * already: argv keeps every pointer it had (the caller may free them).
 */
static void opt_swap(struct opt_operands *ops, int at)
{
	char *t = ops->argv[++ops->n];

	ops->argv[ops->n] = ops->argv[at];
	ops->argv[at] = t;
}

static void opt_operand(void *data, const struct kbug_option *o, const char *val)
{
	/* RETURN_IN_ORDER: the operand is argv[optind - 1] */
	opt_swap(data, optind - 1);
}

int kbug_opt_parse(const char *cmd, const struct kbug_option *table, void *base, int argc,
		   char **argv)
{
	struct opt_operands ops = { argv, 0 };
	int end = opt_run(cmd, table, base, NULL, "-:", argc, argv, opt_operand, &ops);

	if (end < 0)
		return end;
	while (end < argc)
		opt_swap(&ops, end++);
	return ops.n;
}

struct opt_copy {
	char **v;
	int n;
};

static void opt_push(struct opt_copy *c, char *s)
{
	char **v = realloc(c->v, ((size_t)c->n + 2) * sizeof(*v));

	if (!v || !s)
		abort();
	v[c->n++] = s;
	v[c->n] = NULL;
	c->v = v;
}

static void opt_copy_one(void *data, const struct kbug_option *o, const char *val)
{
	struct strbuf sb = STRBUF_INIT;

	if (!o) {
		opt_push(data, strdup(val));
		return;
	}
	if (o->name)
		strbuf_addf(&sb, "--%s%s%s", o->name, val ? "=" : "", val ? val : "");
	else
		strbuf_addf(&sb, "-%c%s", o->letter, val ? val : "");
	opt_push(data, strbuf_detach(&sb, NULL));
}

char **kbug_opt_split(const char *cmd, const struct kbug_option *globals, void *gbase,
		      const struct kbug_option *table, bool stop, int argc, char **argv, int *n)
{
	struct opt_copy c = { NULL, 0 };
	int end;

	opt_push(&c, strdup(argv[0]));
	end = opt_run(cmd, globals, gbase, table, stop ? "+:" : "-:", argc, argv, opt_copy_one,
		      &c);
	if (end < 0) {
		kbug_opt_argv_free(c.v);
		*n = end;
		return NULL;
	}
	if (!stop && end < argc && end > 0 && !strcmp(argv[end - 1], "--"))
		opt_push(&c, strdup("--"));
	while (end < argc)
		opt_push(&c, strdup(argv[end++]));
	*n = c.n;
	return c.v;
}

void kbug_opt_argv_free(char **argv)
{
	size_t i;

	for (i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int kbug_opt_each(const struct kbug_option *t,
		  int (*fn)(const struct kbug_option *o, void *data), void *data)
{
	int ret;

	for (; t && t->kind != KBUG_OPT_END; t++) {
		if (t->kind == KBUG_OPT_GROUP)
			ret = kbug_opt_each(t->group, fn, data);
		else if (t->kind == KBUG_OPT_TEXT || (t->flags & KBUG_OPT_HIDDEN))
			ret = 0;
		else
			ret = fn(t, data);
		if (ret)
			return ret;
	}
	return 0;
}

/* "-y, --yes", "--log FILE", "--new, --new-bug", "--api-key[=KEY]" */
static void opt_names(struct strbuf *sb, const struct kbug_option *o)
{
	if (o->letter)
		strbuf_addf(sb, "-%c%s", o->letter, o->name || o->alias ? ", " : "");
	if (o->alias)
		strbuf_addf(sb, "--%s%s", o->alias, o->name ? ", " : "");
	if (o->name)
		strbuf_addf(sb, "--%s", o->name);
	if (o->arg)
		strbuf_addf(sb, (o->flags & KBUG_OPT_OPTIONAL) ? "[=%s]" : " %s", o->arg);
}

/* text at column col onwards, words wrapped before HELP_WIDTH */
static void opt_wrap(FILE *f, const char *text, size_t col, size_t at)
{
	const char *p = text;

	while (*p) {
		size_t w = strcspn(p, " ");

		if (at > col && at + 1 + w > HELP_WIDTH) {
			fprintf(f, "\n%*s", (int)col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', f);
			at++;
		}
		fwrite(p, 1, w, f);
		at += w;
		p += w;
		p += strspn(p, " ");
	}
	fputc('\n', f);
}

struct opt_help {
	FILE *f;
	bool any;
};

static void opt_help_table(struct opt_help *h, const struct kbug_option *t)
{
	struct strbuf sb = STRBUF_INIT;

	for (; t && t->kind != KBUG_OPT_END; t++) {
		if (t->kind == KBUG_OPT_GROUP) {
			opt_help_table(h, t->group);
			continue;
		}
		if (t->flags & KBUG_OPT_HIDDEN)
			continue;
		if (t->kind == KBUG_OPT_TEXT) {
			fprintf(h->f, "%s%s\n", h->any ? "\n" : "", t->help);
			h->any = true;
			continue;
		}
		strbuf_reset(&sb);
		strbuf_addstr(&sb, "  ");
		opt_names(&sb, t);
		fputs(sb.buf, h->f);
		if (sb.len + 1 >= HELP_COL) {
			fprintf(h->f, "\n%*s", HELP_COL, "");
			opt_wrap(h->f, t->help, HELP_COL, HELP_COL);
		} else {
			fprintf(h->f, "%*s", (int)(HELP_COL - sb.len), "");
			opt_wrap(h->f, t->help, HELP_COL, HELP_COL);
		}
		h->any = true;
	}
	strbuf_release(&sb);
}

void kbug_opt_help(FILE *f, const struct kbug_option *table)
{
	struct opt_help h = { f, false };

	opt_help_table(&h, table);
}

/*
 * Text for man(7): backslashes as \e, the minus signs of option names
 * (every '-' of a word that starts with one) as \-, a leading '.' or '\''
 * guarded.
 */
static void man_text(FILE *f, const char *s, bool lower)
{
	bool opt = false;
	const char *p;

	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	for (p = s; *p; p++) {
		if (*p == ' ')
			opt = false;
		else if (*p == '-' && (p == s || opt || !isalnum((unsigned char)p[-1])))
			opt = true;
		if (*p == '\\')
			fputs("\\e", f);
		else if (*p == '-' && opt)
			fputs("\\-", f);
		else
			fputc(lower && *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p, f);
	}
}

/* help text as a sentence: a capital first, a full stop last */
static void man_sentence(FILE *f, const char *help)
{
	size_t n = strlen(help);
	char first[2] = { help[0], 0 };

	if (first[0] >= 'a' && first[0] <= 'z') {
		first[0] = (char)(first[0] - 'a' + 'A');
		man_text(f, first, false);
		man_text(f, help + 1, false);
	} else {
		man_text(f, help, false);
	}
	fputs(n && !strchr(".!?:", help[n - 1]) ? ".\n" : "\n", f);
}

/* an option's name in bold, every '-' a minus sign */
static void man_name(FILE *f, const char *dashes, const char *name, bool more)
{
	const char *p;

	fputs("\\fB", f);
	fputs(dashes, f);
	for (p = name; *p; p++)
		if (*p == '-')
			fputs("\\-", f);
		else
			fputc(*p, f);
	fputs(more ? "\\fR, " : "\\fR", f);
}

static int man_one(const struct kbug_option *o, void *data)
{
	FILE *f = data;
	char letter[2] = { o->letter, 0 };

	fputs(".TP\n", f);
	if (o->letter)
		man_name(f, "\\-", letter, o->name || o->alias);
	if (o->alias)
		man_name(f, "\\-\\-", o->alias, o->name);
	if (o->name)
		man_name(f, "\\-\\-", o->name, false);
	if (o->arg) {
		fputs((o->flags & KBUG_OPT_OPTIONAL) ? "[=\\fI" : " \\fI", f);
		man_text(f, o->arg, true);
		fputs((o->flags & KBUG_OPT_OPTIONAL) ? "\\fR]" : "\\fR", f);
	}
	fputc('\n', f);
	man_sentence(f, o->help);
	return 0;
}

void kbug_opt_man(FILE *f, const struct kbug_option *t)
{
	for (; t && t->kind != KBUG_OPT_END; t++) {
		if (t->kind == KBUG_OPT_GROUP) {
			kbug_opt_man(f, t->group);
		} else if (t->kind == KBUG_OPT_TEXT) {
			fputs(".PP\n", f);
			man_sentence(f, t->help);
		} else if (!(t->flags & KBUG_OPT_HIDDEN)) {
			man_one(t, f);
		}
	}
}
