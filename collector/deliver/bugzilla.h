/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

struct strbuf;
struct kbug_deliver_opts;

/*
 * A Bugzilla 5 REST client (libcurl, loaded on demand; json-c), after the
 * Bugzilla project's WebService documentation (docs/en/rst/api/core/v1).
 * The API key travels only in the X-BUGZILLA-API-KEY header, never in a
 * URL; TLS is always verified; plain http:// is refused unless the host
 * is loopback or the caller opted in. Redirects are not followed (they
 * would carry the key elsewhere).
 *
 * Every call returns 0 or -errno and leaves a one-line explanation in
 * kbug_bz_error() (also logged at DBG level): callers print it. The
 * errors are:
 *   -ECONNREFUSED  not connected: the request surely did not arrive
 *   -ETIMEDOUT     no reply in time: the request may have been acted on
 *   -ECONNRESET    connection closed without a reply: the same
 *   -EPROTO        a reply that is not JSON, or an HTTP error without a
 *                  Bugzilla envelope (500 from a proxy...)
 *   -EREMOTEIO     a Bugzilla error envelope: kbug_bz_code() has its code
 *   -EACCES        the envelope says the API key or login is wrong
 *   -EINVAL        bad arguments (a URL kbug refuses, ...)
 */
struct kbug_bz;

struct kbug_bz_open_opts {
	const char *url;		/* https://bugzilla.kernel.org (or .../rest) */
	const char *api_key;		/* may be NULL for anonymous reads */
	unsigned int timeout_s;		/* whole request; 0: 60 */
	bool insecure_http;		/* allow http:// to a non-loopback host */
};

int kbug_bz_open(const struct kbug_bz_open_opts *o, struct kbug_bz **out);
void kbug_bz_free(struct kbug_bz *bz);	/* wipes the key */

const char *kbug_bz_error(const struct kbug_bz *bz);
int kbug_bz_code(const struct kbug_bz *bz);	/* last Bugzilla code, 0 if none */
long kbug_bz_status(const struct kbug_bz *bz);	/* last HTTP status, 0 if none */
/* The site's base URL, without /rest: "https://bugzilla.kernel.org". */
const char *kbug_bz_base(const struct kbug_bz *bz);
/* "BASE/show_bug.cgi?id=N" into out (reset first). */
const char *kbug_bz_bug_url(const struct kbug_bz *bz, long id, struct strbuf *out);

/*
 * One REST call: method "GET"/"POST", path below /rest ("/bug/7/comment"),
 * query already escaped (NULL for none), body NULL or a JSON object to
 * send. On success *reply is the parsed object (caller puts it).
 */
int kbug_bz_call(struct kbug_bz *bz, const char *method, const char *path, const char *query,
		 struct json_object *body, struct json_object **reply);

/* GET /rest/version: the server's version string ("5.0.6") into out. */
int kbug_bz_version(struct kbug_bz *bz, struct strbuf *out);

/*
 * Check the API key: GET /rest/whoami (Bugzilla 5.1+), or where that
 * resource does not exist, GET /rest/valid_login?login=LOGIN (any answer
 * but an error proves the key is accepted). `login` (may be NULL) is a
 * hint for the fallback. On success login_out gets the login name (or
 * the hint, or "" when the server cannot tell), *id the user id or 0.
 */
int kbug_bz_whoami(struct kbug_bz *bz, const char *login, struct strbuf *login_out,
		   long *id, struct strbuf *real_name);

/* GET /rest/product?names=P: the product object, or -ENOENT. */
int kbug_bz_product(struct kbug_bz *bz, const char *name, struct json_object **product);
/* GET /rest/field/bug: the "fields" array. */
int kbug_bz_fields(struct kbug_bz *bz, struct json_object **fields);
/*
 * GET /rest/bug?product=P&summary=S[&creator=C]: the "bugs" array. Any
 * of the criteria may be NULL (all NULL is refused: -EINVAL).
 */
int kbug_bz_search(struct kbug_bz *bz, const char *product, const char *summary,
		   const char *creator, struct json_object **bugs);
/* POST /rest/bug: the new bug's id. */
int kbug_bz_create(struct kbug_bz *bz, struct json_object *bug, long *id);
/* POST /rest/bug/ID/comment. */
int kbug_bz_comment(struct kbug_bz *bz, long bug, const char *text, long *comment_id);
/* GET /rest/bug/ID/comment: the bug's "comments" array. */
int kbug_bz_comments(struct kbug_bz *bz, long bug, struct json_object **comments);
/* POST /rest/bug/ID/attachment, data base64-encoded here. */
int kbug_bz_attach(struct kbug_bz *bz, long bug, const char *file_name, const char *summary,
		   const char *content_type, const void *data, size_t len, const char *comment,
		   long *attachment_id);
/* GET /rest/bug/ID/attachment without the data: the array for the bug. */
int kbug_bz_attachments(struct kbug_bz *bz, long bug, struct json_object **atts);

/*
 * Parse one reply (pure: the fuzz target). status is the HTTP status,
 * content_type may be NULL. Returns 0 with *out an object, or an error
 * as above with an explanation in msg (size msgsz) and *code the
 * Bugzilla code (0 when the reply had none). `site` names the server in
 * messages. `what` names the call ("filing the bug").
 */
int kbug_bz_parse_reply(long status, const char *content_type, const char *body, size_t len,
			const char *site, const char *what, struct json_object **out,
			int *code, char *msg, size_t msgsz);

/* Base64 (RFC 4648, with padding) of data, appended to out. */
void kbug_base64(struct strbuf *out, const void *data, size_t len);

/* A URL kbug may send a key to: https, or http to loopback or when allowed. */
int kbug_bz_url_ok(const char *url, bool insecure_http, char *msg, size_t msgsz);

/*
 * Product and component for a Bugzilla destination (bugzilla-map.c).
 * From a B: URI's query (enter_bug.cgi?product=File%20System&component=
 * f2fs, buglist.cgi?component=..&product=..), percent- and '+'-decoded:
 * 0 when it names a product (component may stay empty), -ENOENT if not.
 */
int kbug_bz_uri_product(const char *uri, struct strbuf *product, struct strbuf *component);

/*
 * The section -> product/component table for a Bugzilla host, from
 * data/bugzilla-kernel-org.map (format documented there) and then the
 * config: [bugzilla-map] "SECTION TITLE" = Product / Component. 0 when
 * found, -ENOENT when the section is not mapped.
 */
int kbug_bz_map_lookup(const char *host_url, const char *section, struct strbuf *product,
		       struct strbuf *component);
/* Parse a map file's text (the fuzz target); calls fn for every row. */
int kbug_bz_map_parse(const char *text, size_t len, const char *name,
		      int (*fn)(void *data, const char *section, const char *product,
				const char *component),
		      void *data);

/*
 * Open a client for url with the deliver options: the API key from
 * --api-key-file, else the config ([bugzilla] api-key, api-key-file,
 * api-key-command), else $KBUG_BUGZILLA_API_KEY (need_key: fail without
 * one); the timeout from the options or [bugzilla] timeout; plain http://
 * beyond loopback only with bz_insecure_http or [bugzilla] insecure-http.
 */
int kbug_bugzilla_connect(const char *url, const struct kbug_deliver_opts *o, bool need_key,
			  struct kbug_bz **out);
