// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PCRE2 loaded on first use (route/pcre2.h). Each pointer starts at a
 * stub that loads the library, points them all at it, and makes the call.
 */
#include <stdio.h>
#include <stdlib.h>

#include "route/pcre2.h"
#include "util/dl.h"
#include "util/macro.h"

static const char *const syms[] = {
	"pcre2_compile_8", "pcre2_code_free_8", "pcre2_match_8", "pcre2_match_data_create_8",
	"pcre2_match_data_create_from_pattern_8", "pcre2_match_data_free_8",
	"pcre2_get_ovector_pointer_8", "pcre2_substitute_8", "pcre2_match_context_create_8",
	"pcre2_set_match_limit_8", "pcre2_set_depth_limit_8", "pcre2_get_error_message_8",
};

_Static_assert(sizeof(struct kbug_pcre2) == ARRAY_SIZE(syms) * sizeof(void *),
	       "struct kbug_pcre2 and its symbols disagree");

static void load(void)
{
	struct kbug_pcre2 k;
	const char *err = NULL;

	if (!kbug_dlopen("libpcre2-8.so.0", syms, (void **)&k, ARRAY_SIZE(syms),
			 &err)) {
		fprintf(stderr, "kbug: routing needs PCRE2: %s\n", err);
		exit(1);
	}
	kbug_pcre2 = k;
}

/* each stub: load, then the call (the pointers now lead to PCRE2 itself) */
static pcre2_code *stub_compile(PCRE2_SPTR p, PCRE2_SIZE l, uint32_t o, int *e, PCRE2_SIZE *eo,
				pcre2_compile_context *c)
{
	load();
	return kbug_pcre2.compile(p, l, o, e, eo, c);
}

static void stub_code_free(pcre2_code *c)
{
	load();
	kbug_pcre2.code_free(c);
}

static int stub_match(const pcre2_code *c, PCRE2_SPTR s, PCRE2_SIZE l, PCRE2_SIZE so,
		      uint32_t o, pcre2_match_data *md, pcre2_match_context *mc)
{
	load();
	return kbug_pcre2.match(c, s, l, so, o, md, mc);
}

static pcre2_match_data *stub_match_data_create(uint32_t n, pcre2_general_context *g)
{
	load();
	return kbug_pcre2.match_data_create(n, g);
}

static pcre2_match_data *stub_match_data_create_from_pattern(const pcre2_code *c,
							     pcre2_general_context *g)
{
	load();
	return kbug_pcre2.match_data_create_from_pattern(c, g);
}

static void stub_match_data_free(pcre2_match_data *md)
{
	load();
	kbug_pcre2.match_data_free(md);
}

static PCRE2_SIZE *stub_get_ovector_pointer(pcre2_match_data *md)
{
	load();
	return kbug_pcre2.get_ovector_pointer(md);
}

static int stub_substitute(const pcre2_code *c, PCRE2_SPTR s, PCRE2_SIZE l, PCRE2_SIZE so,
			   uint32_t o, pcre2_match_data *md, pcre2_match_context *mc,
			   PCRE2_SPTR r, PCRE2_SIZE rl, PCRE2_UCHAR *out, PCRE2_SIZE *outl)
{
	load();
	return kbug_pcre2.substitute(c, s, l, so, o, md, mc, r, rl, out, outl);
}

static pcre2_match_context *stub_match_context_create(pcre2_general_context *g)
{
	load();
	return kbug_pcre2.match_context_create(g);
}

static int stub_set_match_limit(pcre2_match_context *mc, uint32_t v)
{
	load();
	return kbug_pcre2.set_match_limit(mc, v);
}

static int stub_set_depth_limit(pcre2_match_context *mc, uint32_t v)
{
	load();
	return kbug_pcre2.set_depth_limit(mc, v);
}

static int stub_get_error_message(int e, PCRE2_UCHAR *b, PCRE2_SIZE l)
{
	load();
	return kbug_pcre2.get_error_message(e, b, l);
}

struct kbug_pcre2 kbug_pcre2 = {
	stub_compile, stub_code_free, stub_match, stub_match_data_create,
	stub_match_data_create_from_pattern, stub_match_data_free, stub_get_ovector_pointer,
	stub_substitute, stub_match_context_create, stub_set_match_limit, stub_set_depth_limit,
	stub_get_error_message,
};
