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
struct json_object;

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
 * or the copy in .rodata). Entries hold offsets into it: a value is vlen
 * bytes at mval(), followed by a '\n' or a NUL.
 */
#define MENT_ALT	1	/* the line holds a '|' (regex alternation) */

struct mentry {
	uint32_t off;		/* of the value, in the text */
	uint32_t vlen;
	uint32_t line;		/* 1-based line number */
	uint32_t sec;		/* section index */
	uint32_t aux;		/* 1 + index in kbug_maint.aux (a compiled regex), 0: none */
	uint16_t lit_off, lit_len;	/* N: a literal every match holds (len 0: none) */
	char type;		/* 'A'..'Z' */
	uint8_t form;		/* F/X: PAT_GLOB or PAT_REGEX (set by the parser), PAT_BAD */
	uint8_t isdir;		/* DIR_* for F/X */
	uint8_t flags;		/* MENT_* */
};

/* A compiled regex (N:, or an F:/X: that is more than a glob). */
struct maux {
	struct pcre2_real_code_8 *re;
};

struct msection {
	uint32_t title_off, tlen;	/* the line before the entries (raw), in the text */
	uint32_t first, nr;	/* entries [first, first + nr) */
	uint32_t line;		/* line of the title */
	uint32_t title_is_entry;	/* file begins with an entry: it is the title */
};

/*
 * The F: index: entries by the literal leading directories of their
 * pattern ("drivers/" or "drivers/net"), an open-addressing table of
 * buckets over one list of entry numbers; patterns without such a key
 * are in the generic range of the list.
 */
struct fbucket {
	uint32_t ent;		/* the key is the first key_len bytes of this entry's value */
	uint32_t key_len;	/* 0: empty */
	uint32_t list, nr;	/* flist[list .. list + nr) */
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
					/* (neither: in .rodata) */
	struct mentry *e;
	uint32_t ne;
	struct maux *aux;
	uint32_t naux, aaux;
	struct msection *s;
	uint32_t ns;
	uint32_t *nidx;			/* N: entries */
	uint32_t nn;
	unsigned int warnings;
	/* the F: index, built on the second query */
	struct fbucket *fb;
	uint32_t nfb;			/* a power of 2; 0: no index */
	uint32_t *flist;
	uint32_t nflist, generic, ngeneric;
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

static inline const char *mval(const struct kbug_maint *m, const struct mentry *e)
{
	return m->text + e->off;
}

static inline const char *mtitle(const struct kbug_maint *m, const struct msection *s)
{
	return m->text + s->title_off;
}

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
const char *kbug_mentry_str(const struct kbug_maint *m, const struct mentry *e, struct strbuf *sb);
const char *kbug_msection_title(const struct kbug_maint *m, const struct msection *s,
				struct strbuf *sb);
int maint_compile_n(struct kbug_maint *m);
int maint_compile_one_n(struct kbug_maint *m, struct mentry *e);
void maint_n_literal(const char *val, struct mentry *e);

/* match.c */
void kbug_route_canon_path(const char *in, const char *tree, struct strbuf *out);
int kbug_route_match(struct kbug_maint *m, const char *file, struct rmatches *out);
void kbug_route_sort(struct rmatches *r);
bool kbug_glob_prefix_match(const char *pat, const char *s);
/* The largest MAINTAINERS text kbug takes (a 6.12 one is 0.8 MB) */
#define MAINT_MAX_SIZE (64u << 20)

int kbug_glob_form(const char *raw);
/* A byte that makes a converted F: pattern more than a glob: "\\()|+{}^$]" */
bool kbug_glob_special(unsigned char c);
void kbug_glob_convert(const char *raw, struct strbuf *out);
int maint_isdir(struct kbug_maint *m, const char *rel);
int maint_isfile(struct kbug_maint *m, const char *rel);
int maint_index_build(struct kbug_maint *m);
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
struct mailmap *kbug_mailmap_parse(const char *text, size_t len, char *own);
void kbug_mailmap_free(struct mailmap *mm);
void kbug_mailmap_email(struct mailmap *mm, const char *line, struct strbuf *out);
struct mailmap *maint_mailmap(struct kbug_maint *m);

/* embedded.c: the copy built in from linux-source (build/gen) */
/* the blob in .rodata, NUL after it: *own is NULL, or a malloc'd inflated copy */
int kbug_embedded_get(const char *what, const char **text, size_t *len, char **own);
int kbug_embedded_unpack(const unsigned char *blob, size_t n, const char **text, size_t *len,
			 char **own);
const char *kbug_embedded_version(void);
const char *kbug_embedded_origin(void);

/* route.c */
int kbug_route_prepare(struct kbug_maint *m, const char *path, struct strbuf *out);
/*
 * get_maintainer.pl's output for several -f paths at once. all_ties (one
 * path): every distinct output an order of equally ranked sections gives,
 * each framed by \x1e characters, the MAINTAINERS order first.
 */
int kbug_route_format_gm_many(struct kbug_maint *m, const char *const *paths, size_t n,
			      bool bug, bool all_ties, struct strbuf *out);

/* bugdest.c */
struct json_object *kbug_route_destination(const char *b_entry, const char *section);

/*
 * Does the JSON array hold val: a string equal to it, or an object whose
 * key is (both case-insensitive)? route/confidence.c.
 */
bool kbug_route_arr_has(struct json_object *arr, const char *key, const char *val);
