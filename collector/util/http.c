// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <string.h>

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

int kbug_url_origin(const char *url, struct strbuf *out)
{
	const char *p = strstr(url, "://"), *auth, *end, *at, *host, *hend, *port = NULL;
	size_t i;

	strbuf_reset(out);
	if (!p || p == url)
		return -EINVAL;
	for (i = 0; url + i < p; i++)
		if (!isalnum((unsigned char)url[i]) && !strchr("+.-", url[i]))
			return -EINVAL;
	auth = p + 3;
	end = auth + strcspn(auth, "/?#");
	at = memrchr(auth, '@', (size_t)(end - auth));
	host = at ? at + 1 : auth;
	if (*host == '[') {
		hend = memchr(host, ']', (size_t)(end - host));
		if (!hend)
			return -EINVAL;
		hend++;
	} else {
		hend = memchr(host, ':', (size_t)(end - host)) ?: end;
	}
	if (hend == host || (*host == '[' && hend - host < 3))
		return -EINVAL;
	if (hend < end) {
		if (*hend != ':')
			return -EINVAL;
		port = hend + 1;
		for (p = port; p < end; p++)
			if (!isdigit((unsigned char)*p))
				return -EINVAL;
		if (port == end)
			port = NULL;
	}
	for (i = 0; url + i < auth - 3; i++)
		strbuf_addch(out, tolower((unsigned char)url[i]));
	strbuf_addstr(out, "://");
	for (p = host; p < hend; p++)
		strbuf_addch(out, tolower((unsigned char)*p));
	if (port) {
		size_t n = (size_t)(end - port);
		bool dflt = (n == 2 && !strncmp(port, "80", 2) && !strncmp(out->buf, "http:", 5)) ||
			    (n == 3 && !strncmp(port, "443", 3) && !strncmp(out->buf, "https:", 6));

		if (!dflt) {
			strbuf_addch(out, ':');
			strbuf_add(out, port, n);
		}
	}
	return 0;
}

void kbug_curl_proxy(CURL *h, bool clear_secret)
{
	kbug_curl.easy_setopt(h, CURLOPT_NOPROXY, "localhost,127.0.0.0/8,::1");
	if (clear_secret)
		kbug_curl.easy_setopt(h, CURLOPT_PROXY, "");
}
