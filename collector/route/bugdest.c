// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a B: entry means for delivery. The forms in MAINTAINERS:
 *   https://bugzilla.kernel.org                          bugzilla, no product
 *   https://bugzilla.kernel.org/enter_bug.cgi?product=File%20System&component=f2fs
 *   https://bugzilla.kernel.org/buglist.cgi?component=Sanitizers&product=...
 *   mailto:linux-samsung-soc@vger.kernel.org [words]     mailto
 *   https://github.com/ClangBuiltLinux/linux/issues      issue-tracker (.../issues/new)
 *   https://gitlab.freedesktop.org/drm/msm/-/issues      issue-tracker (.../-/issues/new)
 *   https://www.open-mesh.org/projects/batman-adv/issues issue-tracker (Redmine)
 *   https://drm.pages.freedesktop.org/.../how-to-file-i915-bugs.html  web
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "route/internal.h"
#include "util/json.h"
#include "util/strbuf.h"

static void url_decode(const char *s, size_t n, struct strbuf *out)
{
	size_t i;

	strbuf_reset(out);
	for (i = 0; i < n; i++) {
		if (s[i] == '%' && i + 2 < n && isxdigit((unsigned char)s[i + 1]) &&
		    isxdigit((unsigned char)s[i + 2])) {
			char hex[3] = { s[i + 1], s[i + 2], 0 };

			strbuf_addch(out, (char)strtol(hex, NULL, 16));
			i += 2;
		} else if (s[i] == '+') {
			strbuf_addch(out, ' ');
		} else {
			strbuf_addch(out, s[i]);
		}
	}
}

/* The value of query parameter `key` in url, decoded; false if absent. */
static bool query_param(const char *url, const char *key, struct strbuf *out)
{
	const char *q = strchr(url, '?');
	size_t kl = strlen(key);

	while (q) {
		const char *p = q + 1, *end = p + strcspn(p, "&#");

		if (!strncmp(p, key, kl) && p[kl] == '=') {
			url_decode(p + kl + 1, (size_t)(end - p - kl - 1), out);
			return true;
		}
		q = *end == '&' ? end : NULL;
	}
	return false;
}

/* "https://host" of an http(s) URL; NULL if it is not one */
static const char *url_host(const char *url, size_t *hostlen, size_t *baselen)
{
	const char *h;

	if (!strncasecmp(url, "https://", 8))
		h = url + 8;
	else if (!strncasecmp(url, "http://", 7))
		h = url + 7;
	else
		return NULL;
	*hostlen = strcspn(h, "/?# \t");
	*baselen = (size_t)(h - url) + *hostlen;
	return h;
}

struct json_object *kbug_route_destination(const char *b_entry, const char *section)
{
	struct json_object *d = json_object_new_object();
	struct strbuf sb = STRBUF_INIT, v = STRBUF_INIT;
	size_t hl = 0, bl = 0, ul;
	const char *host;

	ul = strcspn(b_entry, " \t");
	strbuf_add(&sb, b_entry, ul);
	host = url_host(sb.buf, &hl, &bl);
	if (!strncasecmp(b_entry, "mailto:", 7)) {
		size_t n = strcspn(b_entry + 7, " \t?>");

		kj_set_str(d, "kind", "mailto");
		strbuf_reset(&v);
		strbuf_add(&v, b_entry + 7, n);
		kj_set_str(d, "address", v.buf);
	} else if (host && memmem(host, hl, "bugzilla", 8)) {
		kj_set_str(d, "kind", "bugzilla");
		strbuf_reset(&v);
		strbuf_add(&v, sb.buf, bl);
		kj_set_str(d, "url", v.buf);
		if (query_param(sb.buf, "product", &v))
			kj_set_str(d, "product", v.buf);
		else
			kj_set(d, "product", NULL);
		if (query_param(sb.buf, "component", &v))
			kj_set_str(d, "component", v.buf);
		else
			kj_set(d, "component", NULL);
	} else if (host) {
		size_t n = sb.len;
		const char *issues;

		while (n > bl && sb.buf[n - 1] == '/')
			n--;
		strbuf_setlen(&sb, n);
		issues = n >= 7 ? sb.buf + n - 7 : NULL;
		if (issues && !strcmp(issues, "/issues")) {
			kj_set_str(d, "kind", "issue-tracker");
			strbuf_addstr(&sb, "/new");
			kj_set_str(d, "url", sb.buf);
			kj_set_str(d, "issues", b_entry);
		} else {
			kj_set_str(d, "kind", "web");
			kj_set_str(d, "url", b_entry);
		}
	} else {
		kj_set_str(d, "kind", "web");
		kj_set_str(d, "url", b_entry);
	}
	kj_set_str(d, "b_entry", b_entry);
	if (section)
		kj_set_str(d, "section", section);
	strbuf_release(&sb);
	strbuf_release(&v);
	return d;
}

struct json_object *kbug_route_classify_bug(const char *b_entry, const char *section)
{
	return kbug_route_destination(b_entry, section);
}
