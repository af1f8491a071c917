// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PCRE2 loaded on first use (util/pcre2.h). Each pointer starts at a
 * stub that loads the library, points them all at it, and makes the call;
 * without the library a stub fails as PCRE2 would on a bad argument.
 */
#include <errno.h>

#include "util/pcre2.h"
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

/* loaded into a copy: the stubs stay in kbug_pcre2 unless all of it loads */
static struct kbug_pcre2 loaded;
static struct kbug_dl pcre2_dl = {
	.soname = "libpcre2-8.so.0", .syms = syms, .n = ARRAY_SIZE(syms), .ptrs = (void **)&loaded,
};

int kbug_pcre2_load(const char **err)
{
	if (kbug_dl_load(&pcre2_dl, err))
		return -ENOSYS;
	kbug_pcre2 = loaded;
	return 0;
}

pcre2_match_context *kbug_pcre2_context(pcre2_match_context **slot, uint32_t match_limit,
					uint32_t depth_limit)
{
	if (!*slot && !kbug_pcre2_load(NULL)) {
		*slot = kbug_pcre2.match_context_create(NULL);
		if (*slot) {
			kbug_pcre2.set_match_limit(*slot, match_limit);
			kbug_pcre2.set_depth_limit(*slot, depth_limit);
		}
	}
	return *slot;
}

pcre2_match_context *kbug_pcre2_bounded(void)
{
	static pcre2_match_context *ctx;

	return kbug_pcre2_context(&ctx, KBUG_PCRE2_MATCH_LIMIT, KBUG_PCRE2_DEPTH_LIMIT);
}

/* each stub: load, then the call (the pointers now lead to PCRE2 itself) */
static pcre2_code *stub_compile(PCRE2_SPTR p, PCRE2_SIZE l, uint32_t o, int *e, PCRE2_SIZE *eo,
				pcre2_compile_context *c)
{
	if (kbug_pcre2_load(NULL)) {
		*e = PCRE2_ERROR_INTERNAL;
		*eo = 0;
		return NULL;
	}
	return kbug_pcre2.compile(p, l, o, e, eo, c);
}

static void stub_code_free(pcre2_code *c)
{
	if (!kbug_pcre2_load(NULL))
		kbug_pcre2.code_free(c);
}

static int stub_match(const pcre2_code *c, PCRE2_SPTR s, PCRE2_SIZE l, PCRE2_SIZE so,
		      uint32_t o, pcre2_match_data *md, pcre2_match_context *mc)
{
	if (kbug_pcre2_load(NULL))
		return PCRE2_ERROR_NULL;
	return kbug_pcre2.match(c, s, l, so, o, md, mc);
}

static pcre2_match_data *stub_match_data_create(uint32_t n, pcre2_general_context *g)
{
	return kbug_pcre2_load(NULL) ? NULL : kbug_pcre2.match_data_create(n, g);
}

static pcre2_match_data *stub_match_data_create_from_pattern(const pcre2_code *c,
							     pcre2_general_context *g)
{
	return kbug_pcre2_load(NULL) ? NULL : kbug_pcre2.match_data_create_from_pattern(c, g);
}

static void stub_match_data_free(pcre2_match_data *md)
{
	if (!kbug_pcre2_load(NULL))
		kbug_pcre2.match_data_free(md);
}

static PCRE2_SIZE *stub_get_ovector_pointer(pcre2_match_data *md)
{
	return kbug_pcre2_load(NULL) ? NULL : kbug_pcre2.get_ovector_pointer(md);
}

static int stub_substitute(const pcre2_code *c, PCRE2_SPTR s, PCRE2_SIZE l, PCRE2_SIZE so,
			   uint32_t o, pcre2_match_data *md, pcre2_match_context *mc,
			   PCRE2_SPTR r, PCRE2_SIZE rl, PCRE2_UCHAR *out, PCRE2_SIZE *outl)
{
	if (kbug_pcre2_load(NULL))
		return PCRE2_ERROR_NULL;
	return kbug_pcre2.substitute(c, s, l, so, o, md, mc, r, rl, out, outl);
}

static pcre2_match_context *stub_match_context_create(pcre2_general_context *g)
{
	return kbug_pcre2_load(NULL) ? NULL : kbug_pcre2.match_context_create(g);
}

static int stub_set_match_limit(pcre2_match_context *mc, uint32_t v)
{
	return kbug_pcre2_load(NULL) ? PCRE2_ERROR_NULL : kbug_pcre2.set_match_limit(mc, v);
}

static int stub_set_depth_limit(pcre2_match_context *mc, uint32_t v)
{
	return kbug_pcre2_load(NULL) ? PCRE2_ERROR_NULL : kbug_pcre2.set_depth_limit(mc, v);
}

static int stub_get_error_message(int e, PCRE2_UCHAR *b, PCRE2_SIZE l)
{
	if (kbug_pcre2_load(NULL))
		return PCRE2_ERROR_BADDATA;
	return kbug_pcre2.get_error_message(e, b, l);
}

struct kbug_pcre2 kbug_pcre2 = {
	stub_compile, stub_code_free, stub_match, stub_match_data_create,
	stub_match_data_create_from_pattern, stub_match_data_free, stub_get_ovector_pointer,
	stub_substitute, stub_match_context_create, stub_set_match_limit, stub_set_depth_limit,
	stub_get_error_message,
};
