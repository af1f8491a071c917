/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <curl/curl.h>

#include "util/strbuf.h"

/*
 * libcurl, loaded on first use (util/dl.h) so that commands which do not
 * deliver never pay for it. Call kbug_curl_load() once; then use the
 * function pointers: kbug_curl.easy_setopt(h, CURLOPT_URL, url).
 */
struct kbug_curl {
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *h, CURLoption opt, ...);
	CURLcode (*easy_perform)(CURL *h);
	CURLcode (*easy_getinfo)(CURL *h, CURLINFO info, ...);
	void (*easy_cleanup)(CURL *h);
	const char *(*easy_strerror)(CURLcode code);
	struct curl_slist *(*slist_append)(struct curl_slist *l, const char *s);
	void (*slist_free_all)(struct curl_slist *l);
	char *(*easy_escape)(CURL *h, const char *s, int len);
	void (*free)(void *p);
};

extern struct kbug_curl kbug_curl;

/* 0, or -ENOSYS after logging why libcurl could not be loaded. */
int kbug_curl_load(void);

/*
 * A response body, at most max bytes of it: pass kbug_curl_body_write as
 * CURLOPT_WRITEFUNCTION and the body as CURLOPT_WRITEDATA. A larger one
 * stops the transfer (CURLE_WRITE_ERROR) with too_big set.
 */
struct kbug_curl_body {
	struct strbuf sb;
	size_t max;
	bool too_big;
};

size_t kbug_curl_body_write(char *data, size_t size, size_t n, void *body);

/*
 * The origin of a URL, as a key is bound to it: "scheme://host[:port]",
 * scheme and host lower-cased, the scheme's default port (http 80,
 * https 443) dropped, any user@ and path gone. 0, or -EINVAL for a URL
 * without scheme or host.
 */
int kbug_url_origin(const char *url, struct strbuf *out);

/*
 * Proxies for a transfer on h: never for loopback (localhost,
 * 127.0.0.0/8, ::1, whatever *_proxy says), and none at all when
 * `clear_secret` (a secret travels in clear text: an http:// URL with a
 * key, SMTP without TLS with a password), so no proxy ever sees it.
 */
void kbug_curl_proxy(CURL *h, bool clear_secret);
