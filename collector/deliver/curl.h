/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <curl/curl.h>

/*
 * libcurl, loaded on first use (util/dl.h) so that commands which do not
 * deliver never pay for it. Call kbug_curl_load() once; then use the
 * function pointers: kc.easy_setopt(h, CURLOPT_URL, url).
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

extern struct kbug_curl kc;

/* 0, or -ENOSYS after logging why libcurl could not be loaded. */
int kbug_curl_load(void);
