// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "report.h"

#define REPORT_MAX_LOAD (256u << 20)

int kbug_report_init(struct kbug_report *r)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	memset(r, 0, sizeof(*r));
	r->redact = true;
	if (getrandom(r->redact_key, sizeof(r->redact_key), 0) != sizeof(r->redact_key))
		return -EIO;
	r->root = json_object_new_object();
	if (!r->root)
		return -ENOMEM;
	kj_set_str(r->root, "schema", KBUG_REPORT_SCHEMA);
	kj_set_str(r->root, "generator", "kbug " KBUG_VERSION);
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	kj_set_str(r->root, "created", stamp);
	kj_set(r->root, "errors", json_object_new_array());
	return 0;
}

static void attachment_release(struct kbug_attachment *a)
{
	free(a->name);
	free(a->content_type);
	free(a->description);
	free(a->data);
}

void kbug_report_release(struct kbug_report *r)
{
	size_t i;

	for (i = 0; i < r->att_nr; i++)
		attachment_release(&r->att[i]);
	free(r->att);
	json_object_put(r->root);
	explicit_bzero(r->redact_key, sizeof(r->redact_key));
	memset(r, 0, sizeof(*r));
}

struct json_object *kbug_report_get(struct kbug_report *r, const char *name)
{
	return kj_get(r->root, name);
}

void kbug_report_set(struct kbug_report *r, const char *name, struct json_object *obj)
{
	kj_set(r->root, name, obj);
}

void kbug_report_error(struct kbug_report *r, const char *who, const char *fmt, ...)
{
	struct json_object *errs = kj_get(r->root, "errors");
	struct json_object *e;
	struct strbuf msg = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	if (!errs) {
		errs = json_object_new_array();
		kj_set(r->root, "errors", errs);
	}
	e = json_object_new_object();
	kj_set_str(e, "probe", who);
	kj_set_str(e, "message", msg.buf);
	kj_append(errs, e);
	DBG("%s: %s", who, msg.buf);
	strbuf_release(&msg);
}

int kbug_report_attach(struct kbug_report *r, const char *name, const char *content_type,
		       const char *description, const char *data, size_t len)
{
	struct kbug_attachment *a = NULL;
	size_t i;

	for (i = 0; i < r->att_nr; i++) {
		if (!strcmp(r->att[i].name, name)) {
			a = &r->att[i];
			attachment_release(a);
			break;
		}
	}
	if (!a) {
		if (r->att_nr == r->att_alloc) {
			size_t n = r->att_alloc ? r->att_alloc * 2 : 8;
			struct kbug_attachment *na = realloc(r->att, n * sizeof(*na));

			if (!na)
				return -ENOMEM;
			r->att = na;
			r->att_alloc = n;
		}
		a = &r->att[r->att_nr++];
	}
	a->name = strdup(name);
	a->content_type = strdup(content_type ? content_type : "text/plain");
	a->description = description ? strdup(description) : NULL;
	a->data = malloc(len + 1);
	if (!a->name || !a->content_type || !a->data)
		return -ENOMEM;
	memcpy(a->data, data, len);
	a->data[len] = '\0';
	a->len = len;
	return 0;
}

const struct kbug_attachment *kbug_report_attachment(const struct kbug_report *r,
						     const char *name)
{
	size_t i;

	for (i = 0; i < r->att_nr; i++)
		if (!strcmp(r->att[i].name, name))
			return &r->att[i];
	return NULL;
}

/*
 * An attachment's text as a JSON string, escaped as json-c escapes (its
 * own escaping goes a byte at a time): runs of plain bytes are copied
 * whole, straight from the attachment. Attachments are most of a report.
 */
static int attachment_text_to_json(struct json_object *jso, struct printbuf *pb, int level,
				   int flags)
{
	static const char hex[] = "0123456789abcdef";
	static const char short_esc[256] = {
		['\b'] = 'b', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't', ['\f'] = 'f',
		['"'] = '"', ['\\'] = '\\', ['/'] = '/',
	};
	static const bool plain[256] = {
		/* all but control characters, '"' (0x22), '/' (0x2f) and '\\' (0x5c) */
		[0x20 ... 0x21] = true, [0x23 ... 0x2e] = true, [0x30 ... 0x5b] = true,
		[0x5d ... 0xff] = true,
	}, plain_slash[256] = {
		[0x20 ... 0x21] = true, [0x23 ... 0x5b] = true, [0x5d ... 0xff] = true,
	};
	const struct kbug_attachment *a = json_object_get_userdata(jso);
	const unsigned char *p = (const unsigned char *)a->data, *end = p + a->len, *run;
	const bool *ok = (flags & JSON_C_TO_STRING_NOSLASHESCAPE) ? plain_slash : plain;
	char esc[6] = { '\\', 'u', '0', '0' };

	printbuf_memappend(pb, "\"", 1);
	while (p < end) {
		unsigned char c;
		int n = 2;

		for (run = p; p < end && ok[*p]; p++)
			;
		if (p > run)
			printbuf_memappend(pb, (const char *)run, (int)(p - run));
		if (p == end)
			break;
		c = *p++;
		esc[1] = short_esc[c];
		if (!esc[1]) {
			esc[1] = 'u';
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			n = 6;
		}
		printbuf_memappend(pb, esc, n);
	}
	printbuf_memappend(pb, "\"", 1);
	return 0;
}

char *kbug_report_to_json(struct kbug_report *r, bool pretty, bool with_attachments)
{
	struct json_object *list = json_object_new_array();
	int flags = JSON_C_TO_STRING_NOSLASHESCAPE |
		    (pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : 0);
	char *out;
	size_t i;

	for (i = 0; i < r->att_nr; i++) {
		struct json_object *a = json_object_new_object();

		kj_set_str(a, "name", r->att[i].name);
		kj_set_str(a, "content_type", r->att[i].content_type);
		kj_set_str(a, "description", r->att[i].description);
		kj_set_int(a, "size", (int64_t)r->att[i].len);
		if (with_attachments) {
			struct json_object *t = json_object_new_string("");

			json_object_set_serializer(t, attachment_text_to_json, &r->att[i], NULL);
			kj_set(a, "text", t);
		}
		kj_append(list, a);
	}
	kj_set(r->root, "attachments", list);
	out = strdup(json_object_to_json_string_ext(r->root, flags));
	json_object_object_del(r->root, "attachments");
	return out;
}

int kbug_report_load_string(struct kbug_report *r, const char *json, const char *name)
{
	struct json_tokener *tok = json_tokener_new_ex(64);
	struct json_object *root, *atts;
	enum json_tokener_error jerr;
	const char *schema;
	size_t i, n, len, end;

	if (!tok)
		return -ENOMEM;
	len = strlen(json);
	root = json_tokener_parse_ex(tok, json, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	while (end < len && strchr(" \t\r\n", json[end]))
		end++;
	if (!root || jerr != json_tokener_success || end < len) {
		ERR("'%s' is not a kbug report: %s", name,
		    jerr == json_tokener_continue ? "the JSON is truncated" :
		    jerr != json_tokener_success ? json_tokener_error_desc(jerr) :
		    "data after the JSON object");
		json_object_put(root);
		return -EINVAL;
	}
	schema = kj_get_str(root, "schema");
	if (!json_object_is_type(root, json_type_object) || !schema ||
	    strncmp(schema, "kbug-report/", 12)) {
		ERR("'%s' is not a kbug report: no \"schema\": \"kbug-report/N\"", name);
		json_object_put(root);
		return -EINVAL;
	}
	if (strcmp(schema, KBUG_REPORT_SCHEMA))
		WARN("'%s' has schema '%s'; this kbug writes '%s'", name, schema,
		     KBUG_REPORT_SCHEMA);
	json_object_put(r->root);
	r->root = root;
	atts = kj_get(root, "attachments");
	n = atts && json_object_is_type(atts, json_type_array) ?
		json_object_array_length(atts) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *a = json_object_array_get_idx(atts, i);
		const char *an = kj_get_str(a, "name");
		struct json_object *t = kj_get(a, "text");

		if (!an || !t || !json_object_is_type(t, json_type_string))
			continue;
		kbug_report_attach(r, an, kj_get_str(a, "content_type"),
				   kj_get_str(a, "description"), json_object_get_string(t),
				   (size_t)json_object_get_string_len(t));
	}
	json_object_object_del(root, "attachments");
	if (!kj_get(root, "errors"))
		kj_set(root, "errors", json_object_new_array());
	return 0;
}

int kbug_report_load(struct kbug_report *r, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	long n = strbuf_read_file(&sb, path, REPORT_MAX_LOAD);
	int ret;

	if (n < 0) {
		ERR("cannot read '%s': %s", path,
		    n == -EFBIG ? "file too large" : strerror((int)-n));
		strbuf_release(&sb);
		return (int)n;
	}
	if (memchr(sb.buf, '\0', sb.len)) {
		ERR("'%s' is not a kbug report: it holds a NUL byte", path);
		strbuf_release(&sb);
		return -EINVAL;
	}
	ret = kbug_report_load_string(r, sb.buf, path);
	strbuf_release(&sb);
	return ret;
}
