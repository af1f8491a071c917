/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * Internals of the MAINTAINERS engine, shared by the files of collector/route/ and
 * the unit tests. Nothing here is part of the stage's contract (route.h).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "route/route.h"
#include "util/strbuf.h"

struct pcre2_real_code_8;

enum maint_kind {
	MAINT_FILE,
	MAINT_SYSFS,
	MAINT_TREE,
	MAINT_CACHE,
	MAINT_EMBEDDED,
	MAINT_MEMORY,
};

/* F:/X: pattern forms: a glob the fast matcher handles, or a real regex. */
enum {
	PAT_UNKNOWN = 0,
	PAT_GLOB,	/* literal, '*', '?', simple [...] classes */
	PAT_REGEX,	/* anything else: PCRE2 on the converted text */
	PAT_BAD,	/* did not compile: never matches */
};

/* -d answer for a pattern, computed once when first needed. */
enum { DIR_UNKNOWN = 0, DIR_NO, DIR_YES };

/*
 * The text is never written to (it may be a read-only mapping of the file
 * or the copy in .rodata): a value is vlen bytes at val, followed by the
 * line's '\n' or by a NUL. mentry_str() gives it as a C string.
 */
struct mentry {
	const char *val;
	uint32_t vlen;
	uint32_t line;		/* 1-based line number */
	uint32_t sec;		/* section index */
	char type;		/* 'A'..'Z' */
	uint8_t form;		/* PAT_* for F/X; 1 compiled / PAT_BAD for N */
	uint8_t isdir;		/* DIR_* for F/X */
	uint8_t alt;		/* the value holds a '|' (regex alternation) */
	uint32_t aux;		/* 1 + index in kbug_maint.aux, 0: none yet */
};

/* What few entries need: a compiled regex, an N: literal. */
struct maux {
	struct pcre2_real_code_8 *re;
	uint16_t lit_off, lit_len;	/* N: a literal every match holds (len 0: none) */
	bool lit_done;			/* N: literal looked for */
};

struct msection {
	const char *title;	/* the line before the entries (raw), tlen bytes */
	uint32_t tlen;
	uint32_t first, nr;	/* entries [first, first + nr) */
	uint32_t line;		/* line of the title */
	bool title_is_entry;	/* file begins with an entry: it is the title */
};

/* End of a value or title: its line's '\n', or a NUL. */
static inline bool maint_eos(char c)
{
	return !c || c == '\n';
}

/* The mailmap of the tree (get_maintainer.pl's read_mailmap). */
struct mailmap;

struct kbug_maint {
	const char *text;		/* read only; text[len] is readable and NUL */
	size_t len;
	void *text_own;			/* malloc'd text, or NULL */
	size_t text_map;		/* length of the mmap()ed text, or 0 */
	struct mentry *e;
	uint32_t ne;
	struct maux *aux;
	uint32_t naux, aaux;
	struct msection *s;
	uint32_t ns;
	uint32_t *nidx;			/* N: entries */
	uint32_t nn;
	unsigned int warnings;
	/* F: index by leading path components, built on first use */
	struct fidx *idx;
	unsigned int queries;
	/* where it came from */
	int kind;
	char *path;			/* file read, for messages and "path" */
	char *version;			/* "6.12.118" or NULL */
	char *running;			/* uname -r */
	char *tree;			/* kernel tree for -d/-f, .mailmap, *.yaml */
	struct mailmap *mm;
	bool mm_loaded;
};

/* One matched section of a path. */
struct rmatch {
	uint32_t sec;
	int rank;		/* get_maintainer's pattern depth: higher first */
	uint32_t why;		/* entry that set the rank (the last matching F:/N:) */
};

struct rmatches {
	struct rmatch *v;
	size_t nr, alloc;
};

/* One line of get_maintainer's To:/Cc: list. */
struct gm_addr {
	char *email;		/* "Name <addr>" or "addr" */
	char *role;		/* "maintainer:SECTION", "open list:SECTION", ... */
	bool list;
};

struct gm_result {
	struct gm_addr *v;
	size_t nr, alloc;
	char **bug;		/* B: values, uniq, in order */
	size_t nbug;
};

/* parse.c */
int maint_parse_buffer(struct kbug_maint *m, const char *text, size_t len, const char *name);
struct maux *maint_aux(struct kbug_maint *m, struct mentry *e);
const char *mentry_str(const struct mentry *e, struct strbuf *sb);
const char *msection_title(const struct msection *s, struct strbuf *sb);
int maint_compile_n(struct kbug_maint *m);
int maint_compile_one_n(struct kbug_maint *m, struct mentry *e);
void maint_n_literal(struct maux *a, const struct mentry *e);

/* match.c */
void route_canon_path(const char *in, const char *tree, struct strbuf *out);
int route_match(struct kbug_maint *m, const char *file, struct rmatches *out);
void route_sort(struct rmatches *r);
bool glob_prefix_match(const char *pat, const char *s);
int glob_form(const char *raw);
void glob_convert(const char *raw, struct strbuf *out);
int maint_isdir(struct kbug_maint *m, const char *rel);
int maint_isfile(struct kbug_maint *m, const char *rel);
void maint_index_free(struct kbug_maint *m);

/* gm.c: get_maintainer.pl's output rules */
struct gm_file {
	const char *file;		/* canonical, trailing '/' for a directory */
	const struct rmatch *sec;	/* in output order */
	size_t nsec;
};
int gm_collect(struct kbug_maint *m, const struct gm_file *files, size_t nfiles,
	       struct gm_result *res);
void gm_result_print(const struct gm_result *res, bool bug, struct strbuf *out);
void gm_result_release(struct gm_result *res);

/* perlish.c: the Perl string rules get_maintainer.pl relies on */
void pl_parse_email(const char *in, struct strbuf *name, struct strbuf *addr);
void pl_format_email(const char *name, const char *addr, bool usename, struct strbuf *out);
void pl_escape_name(struct strbuf *name);
void pl_trim(struct strbuf *sb);
void pl_rtrim(struct strbuf *sb);
size_t pl_space(const char *s);
void pl_lc(const char *s, struct strbuf *out);
size_t pl_strlen_chars(const char *s);
const char *pl_utf8_advance(const char *s, size_t nchars);
int pl_rfc822_list(const char *value, char ***out);
int pl_file_emails(const char *text, size_t len, char ***out);

/* mailmap.c */
/* text[len] must be NUL; text stays the caller's unless own (free()d with mm) */
struct mailmap *mailmap_parse(const char *text, size_t len, char *own);
void mailmap_free(struct mailmap *mm);
void mailmap_email(struct mailmap *mm, const char *line, struct strbuf *out);
struct mailmap *maint_mailmap(struct kbug_maint *m);

/* embedded.c: the copy built in from linux-source (build/gen) */
/* the blob in .rodata, NUL after it: *own is NULL, or a malloc'd inflated copy */
int embedded_get(const char *what, const char **text, size_t *len, char **own);
int embedded_unpack(const unsigned char *blob, size_t n, const char **text, size_t *len,
		    char **own);
const char *embedded_version(void);
const char *embedded_origin(void);

/* route.c */
int route_prepare(struct kbug_maint *m, const char *path, struct strbuf *out);
/*
 * get_maintainer.pl's output for several -f paths at once. all_ties (one
 * path): every distinct output an order of equally ranked sections gives,
 * each framed by \x1e characters, the MAINTAINERS order first.
 */
int kbug_route_format_gm_many(struct kbug_maint *m, const char *const *paths, size_t n,
			      bool bug, bool all_ties, struct strbuf *out);

/* bugdest.c */
struct json_object *route_destination(const char *b_entry, const char *section);
