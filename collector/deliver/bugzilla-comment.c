// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The triage loop on a Bugzilla bug: the bug's URL taken apart, and the
 * newest request found among the bug's comments (GET /rest/bug/ID/comment,
 * Bugzilla 5's Comments resource: "comments" in order of "count").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/bugzilla.h"
#include "deliver/bugzilla-comment.h"
#include "deliver/request.h"
#include "util/json.h"
#include "util/strbuf.h"

static int bad_url(const char *url, char *msg, size_t msgsz)
{
	snprintf(msg, msgsz,
		 "'%.200s' is not a bug's URL (https://HOST/show_bug.cgi?id=N or https://HOST/N)",
		 url);
	return -EINVAL;
}

/* A bug number: 1 to 10 digits, not 0. */
static long bug_number(const char *s, size_t n)
{
	char buf[16];
	size_t i;

	if (!n || n > 10)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return strtol(buf, NULL, 10);
}

int kbug_bz_parse_bug_url(const char *url, struct strbuf *base, long *id, char *msg,
			  size_t msgsz)
{
	const char *host, *path, *q, *end = url + strlen(url), *slash;

	strbuf_reset(base);
	*id = 0;
	if (!strncmp(url, "https://", 8))
		host = url + 8;
	else if (!strncmp(url, "http://", 7))
		host = url + 7;
	else
		return bad_url(url, msg, msgsz);
	path = strchr(host, '/');
	if (!path || path == host || strcspn(url, " \t\r\n\"'<>\\") != strlen(url))
		return bad_url(url, msg, msgsz);
	q = strchr(path, '?');
	slash = q ? q : end;
	while (slash > path && slash[-1] != '/')
		slash--;
	if (q && !strncmp(slash, "show_bug.cgi?", 13)) {
		/* the id= parameter, wherever it stands among the others */
		const char *p = q + 1;

		while (p < end) {
			size_t n = strcspn(p, "&#");

			if (n > 3 && !strncmp(p, "id=", 3))
				*id = bug_number(p + 3, n - 3);
			p += n;
			if (*p != '&')
				break;
			p++;
		}
	} else if (!q && !strchr(path, '#')) {
		*id = bug_number(slash, (size_t)(end - slash));
	}
	if (*id <= 0)
		return bad_url(url, msg, msgsz);
	strbuf_add(base, url, (size_t)(slash - 1 - url));
	return 0;
}

int kbug_bz_find_request(struct kbug_bz *bz, long bug, struct kbug_request *r, long *comment,
			 char *msg, size_t msgsz)
{
	struct json_object *comments;
	size_t i, n;
	int ret = kbug_bz_comments(bz, bug, &comments);

	*comment = -1;
	if (ret)
		return ret;
	n = json_object_array_length(comments);
	ret = -ENOENT;
	snprintf(msg, msgsz, "no comment on bug %ld holds a kbug-request: line", bug);
	for (i = n; i-- > 0 && ret == -ENOENT;) {
		struct json_object *c = json_object_array_get_idx(comments, i);
		const char *text = kj_get_str(c, "text");

		if (!text)
			continue;
		ret = kbug_request_find(text, strlen(text), r, msg, msgsz);
		if (ret != -ENOENT)
			*comment = (long)kj_get_int(c, "count", (int64_t)i);
	}
	if (ret == -ENOENT)
		snprintf(msg, msgsz, "no comment on bug %ld holds a kbug-request: line", bug);
	json_object_put(comments);
	return ret;
}
