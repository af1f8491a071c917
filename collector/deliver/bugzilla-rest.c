// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Bugzilla 5 REST client: one libcurl handle per server, JSON in and
 * out, every failure turned into one sentence that says what to do.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "deliver/bugzilla.h"
#include "util/http.h"
#include "util/json.h"
#include "util/json-limit.h"
#include "util/log.h"
#include "util/strbuf.h"

#define BZ_REPLY_MAX (32u << 20)	/* a reply larger than this is refused */

struct kbug_bz {
	CURL *h;
	char *base;		/* https://host[/path] without /rest */
	char *rest;		/* base + "/rest" (or the /rest.cgi given) */
	struct strbuf key;
	unsigned int timeout_s;
	int code;
	long status;
	char err[640];
};

const char *kbug_bz_error(const struct kbug_bz *bz)
{
	return bz->err[0] ? bz->err : "no error";
}

int kbug_bz_code(const struct kbug_bz *bz)
{
	return bz->code;
}

long kbug_bz_status(const struct kbug_bz *bz)
{
	return bz->status;
}

const char *kbug_bz_base(const struct kbug_bz *bz)
{
	return bz->base;
}

const char *kbug_bz_bug_url(const struct kbug_bz *bz, long id, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/show_bug.cgi?id=%ld", bz->base, id);
	return out->buf;
}

static void bz_seterr(struct kbug_bz *bz, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void bz_seterr(struct kbug_bz *bz, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(bz->err, sizeof(bz->err), fmt, ap);
	va_end(ap);
	DBG("bugzilla: %s", bz->err);
}

/* Is host (no brackets, no port) a loopback name or address? */
static bool host_is_loopback(const char *host)
{
	struct in6_addr a6;
	struct in_addr a4;

	if (!strcasecmp(host, "localhost") || !strcasecmp(host, "localhost."))
		return true;
	if (inet_pton(AF_INET, host, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (inet_pton(AF_INET6, host, &a6) == 1)
		return IN6_IS_ADDR_LOOPBACK(&a6);
	return false;
}

int kbug_bz_url_ok(const char *url, bool insecure_http, char *msg, size_t msgsz)
{
	const char *p, *end;
	char host[256];
	size_t n;

	if (!strncasecmp(url, "https://", 8)) {
		p = url + 8;
	} else if (!strncasecmp(url, "http://", 7)) {
		p = url + 7;
	} else {
		snprintf(msg, msgsz, "'%s' is not an https:// URL", url);
		return -EINVAL;
	}
	if (strpbrk(url, " \t\r\n") || strchr(p, '@') || strchr(url, '?') || strchr(url, '#')) {
		snprintf(msg, msgsz,
			 "'%s' is not a plain Bugzilla base URL (no spaces, user@, ?query or #)",
			 url);
		return -EINVAL;
	}
	if (*p == '[') {
		end = strchr(p, ']');
		if (!end) {
			snprintf(msg, msgsz, "'%s': unbalanced '[' in the host", url);
			return -EINVAL;
		}
		p++;
	} else {
		end = p + strcspn(p, ":/");
	}
	n = (size_t)(end - p);
	if (!n || n >= sizeof(host)) {
		snprintf(msg, msgsz, "'%s' has no host", url);
		return -EINVAL;
	}
	memcpy(host, p, n);
	host[n] = '\0';
	if (!strncasecmp(url, "http://", 7) && !host_is_loopback(host) && !insecure_http) {
		snprintf(msg, msgsz,
			 "refusing plain http:// to '%s': the API key would travel unencrypted; use https:// (http:// is only for loopback, or opt in with --insecure-http)",
			 host);
		return -EINVAL;
	}
	return 0;
}

int kbug_bz_open(const struct kbug_bz_open_opts *o, struct kbug_bz **out)
{
	struct kbug_bz *bz;
	size_t n;
	char msg[400];
	int ret;

	*out = NULL;
	if (!o->url || !*o->url) {
		ERR("no Bugzilla URL: give --bugzilla-url or set [bugzilla] url in the config");
		return -EINVAL;
	}
	ret = kbug_bz_url_ok(o->url, o->insecure_http, msg, sizeof(msg));
	if (ret) {
		ERR("%s", msg);
		return ret;
	}
	ret = kbug_curl_load();
	if (ret)
		return ret;
	bz = calloc(1, sizeof(*bz));
	if (!bz)
		return -ENOMEM;
	strbuf_init(&bz->key, 0);
	bz->base = strdup(o->url);
	if (!bz->base) {
		free(bz);
		return -ENOMEM;
	}
	n = strlen(bz->base);
	while (n && bz->base[n - 1] == '/')
		bz->base[--n] = '\0';
	if (n >= 9 && !strcmp(bz->base + n - 9, "/rest.cgi")) {
		bz->rest = strdup(bz->base);
		bz->base[n - 9] = '\0';
	} else if (n >= 5 && !strcmp(bz->base + n - 5, "/rest")) {
		bz->rest = strdup(bz->base);
		bz->base[n - 5] = '\0';
	} else if (asprintf(&bz->rest, "%s/rest", bz->base) < 0) {
		bz->rest = NULL;
	}
	bz->h = kbug_curl.easy_init();
	if (!bz->rest || !bz->h) {
		kbug_bz_free(bz);
		return -ENOMEM;
	}
	if (o->api_key)
		strbuf_addstr(&bz->key, o->api_key);
	bz->timeout_s = o->timeout_s ? o->timeout_s : 60;
	*out = bz;
	return 0;
}

void kbug_bz_free(struct kbug_bz *bz)
{
	if (!bz)
		return;
	if (bz->h)
		kbug_curl.easy_cleanup(bz->h);
	if (bz->key.alloc)
		explicit_bzero(bz->key.buf, bz->key.alloc);
	strbuf_release(&bz->key);
	free(bz->base);
	free(bz->rest);
	free(bz);
}

static const char *code_hint(int code)
{
	switch (code) {
	case 300: case 301: case 304: case 305: case 306: case 307: case 410:
		return "the API key was not accepted";
	case 50:
		return "a required field is missing";
	case 51:
		return "the server has no such value";
	case 100: case 101:
		return "no such bug";
	case 102: case 109:
		return "access denied";
	case 104:
		return "a field the server does not accept";
	case 105:
		return "unknown component";
	case 106:
		return "unknown product, or no permission to file in it";
	case 107:
		return "the summary is missing";
	case 114:
		return "the text is too long";
	case 600:
		return "the attachment is too large for this server";
	case 32614:
		return "this server has no such REST resource";
	default:
		/* ERROR_UNKNOWN_FATAL (-32000) and the WebService's own (326xx) */
		if (code < 0 || code > 32000)
			return "server-side failure";
		return "rejected by the server";
	}
}

int kbug_bz_parse_reply(long status, const char *content_type, const char *body, size_t len,
			const char *site, const char *what, struct json_object **out,
			int *code, char *msg, size_t msgsz)
{
	struct json_object *o;
	const char *m;
	int c;

	*out = NULL;
	*code = 0;
	msg[0] = '\0';
	if (!body || len == 0 || len > BZ_REPLY_MAX || memchr(body, '\0', len))
		o = NULL;
	else
		o = kbug_json_parse_bounded(body, len, site, NULL);
	if (!o || !json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		if (status >= 500)
			snprintf(msg, msgsz,
				 "%s failed at %s: server error (HTTP %ld, the reply is not Bugzilla JSON)",
				 what, site, status);
		else if (status >= 300 && status < 400)
			snprintf(msg, msgsz,
				 "%s failed at %s: redirected (HTTP %ld); give the final Bugzilla URL",
				 what, site, status);
		else
			snprintf(msg, msgsz,
				 "%s failed at %s: the reply is not JSON (HTTP %ld%s%s): is this a Bugzilla 5 REST server?",
				 what, site, status, content_type ? ", " : "",
				 content_type ? content_type : "");
		return -EPROTO;
	}
	if (kj_get_bool(o, "error", false) || status >= 400) {
		c = (int)kj_get_int(o, "code", 0);
		m = kj_get_str(o, "message");
		*code = c;
		if (!c && !m) {
			snprintf(msg, msgsz, "%s failed at %s: HTTP %ld", what, site, status);
			json_object_put(o);
			return -EPROTO;
		}
		snprintf(msg, msgsz, "%s failed at %s: %s (Bugzilla error %d, HTTP %ld): %s",
			 what, site, code_hint(c), c, status, m ? m : "(no message)");
		json_object_put(o);
		switch (c) {
		case 300: case 301: case 304: case 305: case 306: case 307: case 410:
			return -EACCES;
		default:
			return -EREMOTEIO;
		}
	}
	*out = o;
	return 0;
}

static const char *method_what(const char *method, const char *path)
{
	if (!strcmp(method, "POST") && !strcmp(path, "/bug"))
		return "filing the bug";
	if (!strcmp(method, "POST") && strstr(path, "/comment"))
		return "adding the comment";
	if (!strcmp(method, "POST") && strstr(path, "/attachment"))
		return "uploading the attachment";
	if (!strcmp(path, "/version"))
		return "asking the server version";
	if (!strcmp(path, "/whoami") || !strcmp(path, "/valid_login"))
		return "checking the API key";
	if (!strcmp(path, "/product"))
		return "reading the product";
	if (!strncmp(path, "/field", 6))
		return "reading the bug fields";
	if (!strcmp(path, "/bug"))
		return "searching bugs";
	return "the request";
}

/* The request's headers: JSON, no 100-continue, the key (wiped from our copy). */
static struct curl_slist *call_headers(struct kbug_bz *bz, bool body)
{
	struct strbuf hdr = STRBUF_INIT;
	struct curl_slist *hl = NULL;

	hl = kbug_curl.slist_append(hl, "Accept: application/json");
	if (body)
		hl = kbug_curl.slist_append(hl, "Content-Type: application/json");
	hl = kbug_curl.slist_append(hl, "Expect:");
	if (bz->key.len) {
		strbuf_addf(&hdr, "X-BUGZILLA-API-KEY: %s", bz->key.buf);
		hl = kbug_curl.slist_append(hl, hdr.buf);
		explicit_bzero(hdr.buf, hdr.alloc);
	}
	strbuf_release(&hdr);
	return hl;
}

/* A transfer that failed: what it means for the caller, in bz->err. */
static int call_failed(struct kbug_bz *bz, CURLcode cc, const char *errbuf, const char *what,
		       bool too_big)
{
	const char *why = errbuf[0] ? errbuf : kbug_curl.easy_strerror(cc);

	switch (cc) {
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_RESOLVE_PROXY:
	case CURLE_COULDNT_CONNECT:
		bz_seterr(bz, "%s failed: cannot reach Bugzilla at %s: %s", what,
			  bz->base, why);
		return -ECONNREFUSED;
	case CURLE_OPERATION_TIMEDOUT:
		bz_seterr(bz, "%s failed: Bugzilla at %s did not answer within %u s (timeout)",
			  what, bz->base, bz->timeout_s);
		return -ETIMEDOUT;
	case CURLE_GOT_NOTHING:
	case CURLE_RECV_ERROR:
	case CURLE_SEND_ERROR:
	case CURLE_PARTIAL_FILE:
		bz_seterr(bz,
			  "%s failed: Bugzilla at %s closed the connection without a complete reply (%s)",
			  what, bz->base, why);
		return -ECONNRESET;
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CONNECT_ERROR:
	case CURLE_SSL_CACERT_BADFILE:
		bz_seterr(bz, "%s failed: TLS with %s failed (the certificate is checked, always): %s",
			  what, bz->base, why);
		return -ECONNREFUSED;
	case CURLE_WRITE_ERROR:
		if (too_big) {
			bz_seterr(bz, "%s failed: the reply from %s is larger than %u MiB",
				  what, bz->base, BZ_REPLY_MAX >> 20);
			return -EPROTO;
		}
		/* fall through */
	default:
		bz_seterr(bz, "%s failed at %s: %s", what, bz->base, why);
		return -ECONNRESET;
	}
}

int kbug_bz_call(struct kbug_bz *bz, const char *method, const char *path, const char *query,
		 struct json_object *body, struct json_object **reply)
{
	struct kbug_curl_body rb = { .sb = STRBUF_INIT, .max = BZ_REPLY_MAX };
	struct strbuf url = STRBUF_INIT;
	struct curl_slist *hl;
	const char *json = NULL, *what = method_what(method, path);
	char *ctype = NULL, errbuf[CURL_ERROR_SIZE] = "";
	CURLcode cc;
	CURL *h = bz->h;
	int ret;

	*reply = NULL;
	bz->code = 0;
	bz->status = 0;
	bz->err[0] = '\0';
	strbuf_addf(&url, "%s%s", bz->rest, path);
	if (query && *query)
		strbuf_addf(&url, "?%s", query);
	hl = call_headers(bz, !!body);
	kbug_curl.easy_setopt(h, CURLOPT_URL, url.buf);
	kbug_curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "https,http");
	kbug_curl.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
	kbug_curl.easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
	kbug_curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_CONNECTTIMEOUT,
			      (long)(bz->timeout_s < 15 ? bz->timeout_s : 15));
	kbug_curl.easy_setopt(h, CURLOPT_TIMEOUT, (long)bz->timeout_s);
	kbug_curl.easy_setopt(h, CURLOPT_USERAGENT, "kbug/" KBUG_VERSION);
	kbug_curl.easy_setopt(h, CURLOPT_HTTPHEADER, hl);
	kbug_curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, kbug_curl_body_write);
	kbug_curl.easy_setopt(h, CURLOPT_WRITEDATA, &rb);
	kbug_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	kbug_curl.easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
	kbug_curl_proxy(h, bz->key.len && !strncasecmp(url.buf, "http://", 7));
	if (body) {
		json = json_object_to_json_string_ext(body, JSON_C_TO_STRING_PLAIN |
						      JSON_C_TO_STRING_NOSLASHESCAPE);
		kbug_curl.easy_setopt(h, CURLOPT_POST, 1L);
		/*
		 * Never on a reused connection: when one dies without a reply,
		 * libcurl silently sends the request again, and a POST that was
		 * acted on (a bug filed) would be acted on twice.
		 */
		kbug_curl.easy_setopt(h, CURLOPT_FRESH_CONNECT, 1L);
		kbug_curl.easy_setopt(h, CURLOPT_POSTFIELDS, json);
		kbug_curl.easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(json));
	} else {
		kbug_curl.easy_setopt(h, CURLOPT_HTTPGET, 1L);
		kbug_curl.easy_setopt(h, CURLOPT_FRESH_CONNECT, 0L);
	}
	DBG("bugzilla: %s %s%s%s", method, path, query ? "?" : "", query ? query : "");
	cc = kbug_curl.easy_perform(h);
	kbug_curl.easy_setopt(h, CURLOPT_HTTPHEADER, NULL);
	kbug_curl.slist_free_all(hl);	/* the key's copy inside goes with it */
	kbug_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, NULL);

	if (cc != CURLE_OK) {
		ret = call_failed(bz, cc, errbuf, what, rb.too_big);
		goto out;
	}
	kbug_curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &bz->status);
	kbug_curl.easy_getinfo(h, CURLINFO_CONTENT_TYPE, &ctype);
	ret = kbug_bz_parse_reply(bz->status, ctype, rb.sb.buf, rb.sb.len, bz->base, what,
				  reply, &bz->code, bz->err, sizeof(bz->err));
	if (ret)
		DBG("bugzilla: %s", bz->err);
out:
	strbuf_release(&rb.sb);
	strbuf_release(&url);
	return ret;
}

static void add_param(struct strbuf *q, const char *name, const char *value)
{
	char *e = kbug_curl.easy_escape(NULL, value, (int)strlen(value));

	if (q->len)
		strbuf_addch(q, '&');
	strbuf_addf(q, "%s=%s", name, e ? e : "");
	kbug_curl.free(e);
}

int kbug_bz_version(struct kbug_bz *bz, struct strbuf *out)
{
	struct json_object *r;
	const char *v;
	int ret = kbug_bz_call(bz, "GET", "/version", NULL, NULL, &r);

	if (ret)
		return ret;
	v = kj_get_str(r, "version");
	if (!v) {
		bz_seterr(bz, "asking the server version failed at %s: the reply has no \"version\"",
			  bz->base);
		json_object_put(r);
		return -EPROTO;
	}
	strbuf_reset(out);
	strbuf_addstr(out, v);
	json_object_put(r);
	return 0;
}

/* An id that Bugzilla may send as a number or as a string ("1234"). */
static long json_id(struct json_object *v)
{
	const char *s;
	char *end;
	long n;

	if (!v)
		return 0;
	if (json_object_is_type(v, json_type_int))
		return (long)json_object_get_int64(v);
	if (json_object_is_type(v, json_type_string)) {
		s = json_object_get_string(v);
		errno = 0;
		n = strtol(s, &end, 10);
		if (!errno && end != s && !*end && n > 0)
			return n;
	}
	return 0;
}

int kbug_bz_whoami(struct kbug_bz *bz, const char *login, struct strbuf *login_out,
		   long *id, struct strbuf *real_name)
{
	struct strbuf q = STRBUF_INIT;
	struct json_object *r;
	const char *name;
	int ret;

	*id = 0;
	strbuf_reset(login_out);
	if (real_name)
		strbuf_reset(real_name);
	if (!bz->key.len) {
		bz_seterr(bz, "no API key to check");
		return -EACCES;
	}
	ret = kbug_bz_call(bz, "GET", "/whoami", NULL, NULL, &r);
	if (!ret) {
		name = kj_get_str(r, "name");
		*id = json_id(kj_get(r, "id"));
		if (!name || !*id) {
			bz_seterr(bz, "checking the API key failed at %s: whoami did not name a user",
				  bz->base);
			json_object_put(r);
			return -EPROTO;
		}
		strbuf_addstr(login_out, name);
		if (real_name && kj_get_str(r, "real_name"))
			strbuf_addstr(real_name, kj_get_str(r, "real_name"));
		json_object_put(r);
		return 0;
	}
	/* Bugzilla 5.0 has no whoami: 32614, or a plain 404 from older ones */
	if (!(ret == -EREMOTEIO && bz->code == 32614) &&
	    !(ret == -EPROTO && bz->status == 404))
		return ret;
	DBG("bugzilla: no /rest/whoami at %s, trying valid_login", bz->base);
	add_param(&q, "login", login && *login ? login : "kbug");
	ret = kbug_bz_call(bz, "GET", "/valid_login", q.buf, NULL, &r);
	strbuf_release(&q);
	if (ret)
		return ret;
	/* The key was checked before valid_login ran: a bad one is a 306. */
	if (kj_get_bool(r, "result", false) && login)
		strbuf_addstr(login_out, login);
	json_object_put(r);
	return 0;
}

int kbug_bz_product(struct kbug_bz *bz, const char *name, struct json_object **product)
{
	struct strbuf q = STRBUF_INIT;
	struct json_object *r, *arr, *p;
	size_t i, n;
	int ret;

	*product = NULL;
	add_param(&q, "names", name);
	ret = kbug_bz_call(bz, "GET", "/product", q.buf, NULL, &r);
	strbuf_release(&q);
	if (ret)
		return ret;
	arr = kj_get(r, "products");
	n = arr && json_object_is_type(arr, json_type_array) ? json_object_array_length(arr) : 0;
	for (i = 0; i < n; i++) {
		p = json_object_array_get_idx(arr, i);
		if (kj_get_str(p, "name") && !strcasecmp(kj_get_str(p, "name"), name)) {
			*product = json_object_get(p);
			break;
		}
	}
	json_object_put(r);
	if (!*product) {
		bz_seterr(bz, "unknown product '%s' at %s (or you may not file bugs in it)",
			  name, bz->base);
		return -ENOENT;
	}
	return 0;
}

static int take_array(struct kbug_bz *bz, struct json_object *r, const char *key,
		      struct json_object **out, const char *what)
{
	struct json_object *a = kj_get(r, key);

	if (!a || !json_object_is_type(a, json_type_array)) {
		bz_seterr(bz, "%s failed at %s: the reply has no \"%s\" array", what, bz->base,
			  key);
		json_object_put(r);
		return -EPROTO;
	}
	*out = json_object_get(a);
	json_object_put(r);
	return 0;
}

int kbug_bz_fields(struct kbug_bz *bz, struct json_object **fields)
{
	struct json_object *r;
	int ret = kbug_bz_call(bz, "GET", "/field/bug", NULL, NULL, &r);

	*fields = NULL;
	if (ret)
		return ret;
	return take_array(bz, r, "fields", fields, "reading the bug fields");
}

int kbug_bz_search(struct kbug_bz *bz, const char *product, const char *summary,
		   const char *creator, struct json_object **bugs)
{
	struct strbuf q = STRBUF_INIT;
	struct json_object *r;
	int ret;

	*bugs = NULL;
	if (!product && !summary && !creator)
		return -EINVAL;
	if (product)
		add_param(&q, "product", product);
	if (summary)
		add_param(&q, "summary", summary);
	if (creator)
		add_param(&q, "creator", creator);
	add_param(&q, "include_fields", "id,summary,status,resolution,is_open,product,component,creator,creation_time");
	add_param(&q, "limit", "50");
	ret = kbug_bz_call(bz, "GET", "/bug", q.buf, NULL, &r);
	strbuf_release(&q);
	if (ret)
		return ret;
	return take_array(bz, r, "bugs", bugs, "searching bugs");
}

int kbug_bz_create(struct kbug_bz *bz, struct json_object *bug, long *id)
{
	struct json_object *r;
	int ret = kbug_bz_call(bz, "POST", "/bug", NULL, bug, &r);

	*id = 0;
	if (ret)
		return ret;
	*id = json_id(kj_get(r, "id"));
	json_object_put(r);
	if (*id <= 0) {
		bz_seterr(bz, "filing the bug at %s: the reply has no bug id", bz->base);
		return -EPROTO;
	}
	return 0;
}

int kbug_bz_comment(struct kbug_bz *bz, long bug, const char *text, long *comment_id)
{
	struct json_object *body = json_object_new_object(), *r;
	char path[64];
	int ret;

	*comment_id = 0;
	kj_set_str(body, "comment", text);
	snprintf(path, sizeof(path), "/bug/%ld/comment", bug);
	ret = kbug_bz_call(bz, "POST", path, NULL, body, &r);
	json_object_put(body);
	if (ret)
		return ret;
	*comment_id = json_id(kj_get(r, "id"));
	json_object_put(r);
	return 0;
}

int kbug_bz_comments(struct kbug_bz *bz, long bug, struct json_object **comments)
{
	struct json_object *r, *b;
	char path[64], key[24];
	int ret;

	*comments = NULL;
	snprintf(path, sizeof(path), "/bug/%ld/comment", bug);
	ret = kbug_bz_call(bz, "GET", path, NULL, NULL, &r);
	if (ret)
		return ret;
	snprintf(key, sizeof(key), "%ld", bug);
	b = kj_get(kj_get(r, "bugs"), key);
	if (!b) {
		bz_seterr(bz, "reading the comments of bug %ld at %s: not in the reply", bug,
			  bz->base);
		json_object_put(r);
		return -EPROTO;
	}
	json_object_get(b);
	json_object_put(r);
	return take_array(bz, b, "comments", comments, "reading the comments");
}

void kbug_base64(struct strbuf *out, const void *data, size_t len)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = data;
	size_t i;
	char *o;

	strbuf_grow(out, (len + 2) / 3 * 4);
	o = out->buf + out->len;
	for (i = 0; i + 2 < len; i += 3) {
		*o++ = tab[p[i] >> 2];
		*o++ = tab[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
		*o++ = tab[((p[i + 1] & 15) << 2) | (p[i + 2] >> 6)];
		*o++ = tab[p[i + 2] & 63];
	}
	if (i < len) {
		*o++ = tab[p[i] >> 2];
		if (i + 1 < len) {
			*o++ = tab[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
			*o++ = tab[(p[i + 1] & 15) << 2];
		} else {
			*o++ = tab[(p[i] & 3) << 4];
			*o++ = '=';
		}
		*o++ = '=';
	}
	/* strbuf_setlen() only shortens: the bytes were written in place */
	out->len = (size_t)(o - out->buf);
	out->buf[out->len] = '\0';
}

int kbug_bz_attach(struct kbug_bz *bz, long bug, const char *file_name, const char *summary,
		   const char *content_type, const void *data, size_t len, const char *comment,
		   long *attachment_id)
{
	struct json_object *body = json_object_new_object(), *ids, *r;
	struct strbuf b64 = STRBUF_INIT;
	char path[64];
	int ret;

	*attachment_id = 0;
	kbug_base64(&b64, data, len);
	ids = json_object_new_array();
	kj_append(ids, json_object_new_int64(bug));
	kj_set(body, "ids", ids);
	kj_set(body, "data", json_object_new_string_len(b64.buf, (int)b64.len));
	strbuf_release(&b64);
	kj_set_str(body, "file_name", file_name);
	kj_set_str(body, "summary", summary);
	kj_set_str(body, "content_type", content_type);
	kj_set_bool(body, "is_patch", false);
	if (comment)
		kj_set_str(body, "comment", comment);
	snprintf(path, sizeof(path), "/bug/%ld/attachment", bug);
	ret = kbug_bz_call(bz, "POST", path, NULL, body, &r);
	json_object_put(body);
	if (ret)
		return ret;
	ids = kj_get(r, "ids");
	if (ids && json_object_is_type(ids, json_type_array) && json_object_array_length(ids))
		*attachment_id = json_id(json_object_array_get_idx(ids, 0));
	json_object_put(r);
	return 0;
}

int kbug_bz_attachments(struct kbug_bz *bz, long bug, struct json_object **atts)
{
	struct json_object *r, *a;
	char path[64], key[24];
	int ret;

	*atts = NULL;
	snprintf(path, sizeof(path), "/bug/%ld/attachment", bug);
	ret = kbug_bz_call(bz, "GET", path,
			   "include_fields=id,file_name,size,creator,summary", NULL, &r);
	if (ret)
		return ret;
	snprintf(key, sizeof(key), "%ld", bug);
	a = kj_get(kj_get(r, "bugs"), key);
	if (!a || !json_object_is_type(a, json_type_array)) {
		bz_seterr(bz, "reading the attachments of bug %ld at %s: not in the reply", bug,
			  bz->base);
		json_object_put(r);
		return -EPROTO;
	}
	*atts = json_object_get(a);
	json_object_put(r);
	return 0;
}
