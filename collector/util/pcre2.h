/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * PCRE2, loaded the first time it is called, as libcurl and libpci are:
 * for routing (MAINTAINERS N:/K: patterns are Perl's, and so are
 * get_maintainer.pl's own email and .mailmap expressions) and the kernel
 * probe's release shapes; the commands that need neither start without
 * it (~0.04 ms here). Code includes this instead of <pcre2.h> and calls
 * PCRE2 as usual; the calls go through pointers that load the library
 * first. Without it the calls fail (compile gives NULL, match a negative
 * code); kbug_maint_open() calls kbug_pcre2_load() first, so that routing
 * stops with a message naming the library instead.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdbool.h>

struct kbug_pcre2 {
	pcre2_code *(*compile)(PCRE2_SPTR pattern, PCRE2_SIZE length, uint32_t options,
			       int *errorcode, PCRE2_SIZE *erroroffset,
			       pcre2_compile_context *ccontext);
	void (*code_free)(pcre2_code *code);
	int (*match)(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE length,
		     PCRE2_SIZE startoffset, uint32_t options, pcre2_match_data *match_data,
		     pcre2_match_context *mcontext);
	pcre2_match_data *(*match_data_create)(uint32_t ovecsize,
					       pcre2_general_context *gcontext);
	pcre2_match_data *(*match_data_create_from_pattern)(const pcre2_code *code,
							    pcre2_general_context *gcontext);
	void (*match_data_free)(pcre2_match_data *match_data);
	PCRE2_SIZE *(*get_ovector_pointer)(pcre2_match_data *match_data);
	int (*substitute)(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE length,
			  PCRE2_SIZE startoffset, uint32_t options, pcre2_match_data *match_data,
			  pcre2_match_context *mcontext, PCRE2_SPTR replacement,
			  PCRE2_SIZE rlength, PCRE2_UCHAR *outputbuffer, PCRE2_SIZE *outlengthptr);
	pcre2_match_context *(*match_context_create)(pcre2_general_context *gcontext);
	int (*set_match_limit)(pcre2_match_context *mcontext, uint32_t value);
	int (*set_depth_limit)(pcre2_match_context *mcontext, uint32_t value);
	int (*get_error_message)(int errorcode, PCRE2_UCHAR *buffer, PCRE2_SIZE bufflen);
};

extern struct kbug_pcre2 kbug_pcre2;

/* 0 once PCRE2 is loaded; -ENOSYS, and if err what failed in *err, without it. */
int kbug_pcre2_load(const char **err);

/*
 * Bounds for matching patterns from outside (MAINTAINERS N:, F:/X:
 * regexes, .mailmap): PCRE2's default of 10 million steps lets a pattern
 * such as (a+)+$ spend 0.15 s on one path; 100000 is ~1.5 ms, and far
 * more than any kernel pattern needs on a path (a few hundred).
 */
#define KBUG_PCRE2_MATCH_LIMIT 100000u
#define KBUG_PCRE2_DEPTH_LIMIT 10000u

/*
 * *slot, made on first use with these match and depth limits; NULL
 * without PCRE2 or memory (pcre2_match() then has its defaults, bounds
 * too). kbug_pcre2_bounded(): one with the limits above.
 */
pcre2_match_context *kbug_pcre2_context(pcre2_match_context **slot, uint32_t match_limit,
					uint32_t depth_limit);
pcre2_match_context *kbug_pcre2_bounded(void);

/* Did a pcre2_match() that returned rc stop at a limit? */
static inline bool kbug_pcre2_limit_hit(int rc)
{
	return rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
	       rc == PCRE2_ERROR_HEAPLIMIT;
}

#undef pcre2_compile
#undef pcre2_code_free
#undef pcre2_match
#undef pcre2_match_data_create
#undef pcre2_match_data_create_from_pattern
#undef pcre2_match_data_free
#undef pcre2_get_ovector_pointer
#undef pcre2_substitute
#undef pcre2_match_context_create
#undef pcre2_set_match_limit
#undef pcre2_set_depth_limit
#undef pcre2_get_error_message
#define pcre2_compile (*kbug_pcre2.compile)
#define pcre2_code_free (*kbug_pcre2.code_free)
#define pcre2_match (*kbug_pcre2.match)
#define pcre2_match_data_create (*kbug_pcre2.match_data_create)
#define pcre2_match_data_create_from_pattern (*kbug_pcre2.match_data_create_from_pattern)
#define pcre2_match_data_free (*kbug_pcre2.match_data_free)
#define pcre2_get_ovector_pointer (*kbug_pcre2.get_ovector_pointer)
#define pcre2_substitute (*kbug_pcre2.substitute)
#define pcre2_match_context_create (*kbug_pcre2.match_context_create)
#define pcre2_set_match_limit (*kbug_pcre2.set_match_limit)
#define pcre2_set_depth_limit (*kbug_pcre2.set_depth_limit)
#define pcre2_get_error_message (*kbug_pcre2.get_error_message)
