/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>

struct kbug_bz;
struct kbug_request;
struct strbuf;

/*
 * The triage loop on a Bugzilla bug, over the REST client (bugzilla.h):
 * a bug named by its URL, the newest request among its comments.
 */

/*
 * A bug's URL: BASE/show_bug.cgi?id=N (other parameters may come along)
 * or BASE/N, http(s) only. base gets BASE (no trailing slash), *id N.
 * 0, or -EINVAL with a sentence in msg.
 */
int kbug_bz_parse_bug_url(const char *url, struct strbuf *base, long *id, char *msg,
			  size_t msgsz);

/*
 * The newest request on the bug: its comments newest first, the first
 * that holds a request line (kbug_request_find). *comment gets that
 * comment's count (its number on the bug). 0; -ENOENT when no comment
 * holds one; a request error (request.h) with msg; or a REST error (see
 * kbug_bz_error()).
 */
int kbug_bz_find_request(struct kbug_bz *bz, long bug, struct kbug_request *r, long *comment,
			 char *msg, size_t msgsz);

/*
 * The channel that answers a request on a bug (deliver/followup.c): one
 * attachment per fact and a comment citing the request, retry-safe.
 */
struct kbug_channel;
extern const struct kbug_channel kbug_channel_followup;
