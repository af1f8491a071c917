// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>

#include "util/dl.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/http.h"

size_t kbug_curl_body_write(char *data, size_t size, size_t n, void *body)
{
	struct kbug_curl_body *b = body;
	size_t len = size * n;

	if (b->sb.len > b->max || len > b->max - b->sb.len) {
		b->too_big = true;
		return 0;
	}
	strbuf_add(&b->sb, data, len);
	return len;
}

struct kbug_curl kbug_curl;

static const char *const curl_syms[] = {
	"curl_easy_init", "curl_easy_setopt", "curl_easy_perform", "curl_easy_getinfo",
	"curl_easy_cleanup", "curl_easy_strerror", "curl_slist_append",
	"curl_slist_free_all", "curl_easy_escape", "curl_free",
};

static struct kbug_dl curl_dl = {
	.soname = "libcurl.so.4", .syms = curl_syms, .n = ARRAY_SIZE(curl_syms),
	.ptrs = (void **)&kbug_curl,
};

int kbug_curl_load(void)
{
	static int state;	/* 0 untried, 1 loaded and initialised, -1 failed */
	CURLcode (*global_init)(long flags);
	const char *err = NULL;

	if (state)
		return state > 0 ? 0 : -ENOSYS;
	_Static_assert(sizeof(kbug_curl) == ARRAY_SIZE(curl_syms) * sizeof(void *),
		       "struct kbug_curl and curl_syms disagree");
	state = -1;
	if (kbug_dl_load(&curl_dl, &err)) {
		ERR("%s", err);
		return -ENOSYS;
	}
	*(void **)&global_init = kbug_dl_sym(&curl_dl, "curl_global_init");
	if (global_init && global_init(CURL_GLOBAL_DEFAULT)) {
		ERR("cannot initialise libcurl");
		return -ENOSYS;
	}
	state = 1;
	return 0;
}
