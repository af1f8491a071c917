// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "util/json.h"
#include "util/json-limit.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "util/term.h"
#include "core/report.h"

#define REPORT_MAX_LOAD (256u << 20)

/* "YYYY-MM-DDTHH:MM:SSZ" of t */
void kbug_utc_stamp(long long t, char out[KBUG_UTC_STAMP_LEN])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(out, KBUG_UTC_STAMP_LEN, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(out, KBUG_UTC_STAMP_LEN, "1970-01-01T00:00:00Z");
}

int kbug_report_init(struct kbug_report *r)
{
	char stamp[KBUG_UTC_STAMP_LEN];

	memset(r, 0, sizeof(*r));
	r->redact = true;
	if (getrandom(r->redact_key, sizeof(r->redact_key), 0) != sizeof(r->redact_key))
		return -EIO;
	r->root = json_object_new_object();
	if (!r->root)
		return -ENOMEM;
	kj_set_str(r->root, "schema", KBUG_REPORT_SCHEMA);
	kj_set_str(r->root, "generator", "kbug " KBUG_VERSION);
	kbug_utc_stamp((long long)time(NULL), stamp);
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

int kbug_report_attach_take(struct kbug_report *r, const char *name, const char *content_type,
			    const char *description, char *data, size_t len)
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

			if (!na) {
				free(data);
				return -ENOMEM;
			}
			r->att = na;
			r->att_alloc = n;
		}
		a = &r->att[r->att_nr++];
	}
	a->name = strdup(name);
	a->content_type = strdup(content_type ? content_type : "text/plain");
	a->description = description ? strdup(description) : NULL;
	a->data = data;
	a->len = data ? len : 0;
	if (!a->name || !a->content_type || !a->data)
		return -ENOMEM;
	return 0;
}

int kbug_report_attach(struct kbug_report *r, const char *name, const char *content_type,
		       const char *description, const char *data, size_t len)
{
	char *copy = malloc(len + 1);

	if (copy) {
		memcpy(copy, data, len);
		copy[len] = '\0';
	}
	return kbug_report_attach_take(r, name, content_type, description, copy, len);
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
 * The report as one json-c tree to write: the sections of r->root (shared,
 * not copied) and last "attachments", each with its text if asked for.
 * The caller puts it, and with it the text json-c wrote into it.
 */
static struct json_object *report_tree(struct kbug_report *r, bool with_attachments)
{
	struct json_object *top = json_object_new_object(), *list = json_object_new_array();
	size_t i;

	if (!top || !list) {
		json_object_put(top);
		json_object_put(list);
		return NULL;
	}
	json_object_object_foreach(r->root, key, val)
		json_object_object_add(top, key, json_object_get(val));
	for (i = 0; i < r->att_nr; i++) {
		struct json_object *a = json_object_new_object();

		kj_set_str(a, "name", r->att[i].name);
		kj_set_str(a, "content_type", r->att[i].content_type);
		kj_set_str(a, "description", r->att[i].description);
		kj_set_int(a, "size", (int64_t)r->att[i].len);
		if (with_attachments)
			kj_set(a, "text", json_object_new_string_len(r->att[i].data,
								     (int)r->att[i].len));
		kj_append(list, a);
	}
	kj_set(top, "attachments", list);
	return top;
}

static int report_flags(bool pretty)
{
	return JSON_C_TO_STRING_NOSLASHESCAPE |
	       (pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : 0);
}

char *kbug_report_to_json(struct kbug_report *r, bool pretty, bool with_attachments)
{
	struct json_object *top = report_tree(r, with_attachments);
	const char *text = top ? json_object_to_json_string_ext(top, report_flags(pretty)) : NULL;
	char *copy = text ? strdup(text) : NULL;

	json_object_put(top);
	return copy;
}

int kbug_report_write(struct kbug_report *r, bool pretty, bool with_attachments, FILE *f)
{
	struct json_object *top = report_tree(r, with_attachments);
	const char *text;
	size_t len = 0;
	int ret = -ENOMEM;

	text = top ? json_object_to_json_string_length(top, report_flags(pretty), &len) : NULL;
	if (text)
		ret = fwrite(text, 1, len, f) == len ? 0 : -EIO;
	json_object_put(top);
	return ret;
}

int kbug_report_load_string(struct kbug_report *r, const char *json, const char *name)
{
	struct json_object *root, *atts;
	const char *schema, *why;
	size_t i, n;

	root = kbug_json_parse_bounded(json, strlen(json), name, &why);
	if (!root) {
		ERR("'%s' is not a kbug report: %s", name, why);
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

static size_t array_len(struct json_object *o)
{
	return o && json_object_is_type(o, json_type_array) ? json_object_array_length(o) : 0;
}

/*
 * The pci probe's "slot" and "driver"; the usb probe's "path" (the sysfs
 * name under /sys/bus/usb/devices, which --device takes as usb:PATH) and
 * its interfaces' "drivers". A hub is the USB core's own, never the
 * suspect: left out.
 */
size_t kbug_report_devices(struct kbug_report *r, struct kbug_device *dev, size_t max)
{
	struct json_object *pci = kbug_report_get(r, "pci"), *usb = kbug_report_get(r, "usb");
	size_t i, n = 0;

	for (i = 0; i < array_len(pci) && n < max; i++) {
		struct json_object *d = json_object_array_get_idx(pci, i);

		if (!kj_get_str(d, "driver") || !kj_get_str(d, "slot"))
			continue;
		snprintf(dev[n].name, sizeof(dev[n].name), "%s", kj_get_str(d, "slot"));
		dev[n].driver = kj_get_str(d, "driver");
		dev[n].what = kj_get_str(d, "device_name") ?: kj_get_str(d, "vendor_name") ?: "";
		n++;
	}
	for (i = 0; i < array_len(usb) && n < max; i++) {
		struct json_object *d = json_object_array_get_idx(usb, i);
		struct json_object *drv = kj_get(d, "drivers");
		const char *first = NULL;

		if (array_len(drv))
			first = json_object_get_string(json_object_array_get_idx(drv, 0));
		if (!first || !strcmp(first, "hub") || !kj_get_str(d, "path"))
			continue;
		snprintf(dev[n].name, sizeof(dev[n].name), "usb:%s", kj_get_str(d, "path"));
		dev[n].driver = first;
		dev[n].what = kj_get_str(d, "product") ?: "";
		n++;
	}
	return n;
}

/* The devices with a driver, so that the user can name one with --device. */
static void show_devices(FILE *f, struct kbug_report *r)
{
	struct kbug_device dev[12];
	size_t i, n = kbug_report_devices(r, dev, 12);

	if (n)
		kbug_tprintf(f, "Devices with a driver (for --device or --driver NAME):\n");
	for (i = 0; i < n; i++)
		kbug_tprintf(f, "  %-14s %-13s %s\n", dev[i].name, dev[i].driver, dev[i].what);
}

void kbug_report_summary(FILE *f, struct kbug_report *r)
{
	struct json_object *k = kbug_report_get(r, "kernel");
	struct json_object *t = kj_get(k, "tainted");
	const struct kbug_attachment *log = kbug_report_attachment(r, "dmesg.txt");
	const char *distro = kj_get_str(kbug_report_get(r, "distro"), "pretty_name");
	size_t lines = 0, i;

	for (i = 0; log && i < log->len; i++)
		lines += log->data[i] == '\n';
	kbug_tprintf(f, "\nCollected: kernel %s%s%s, %zu PCI and %zu USB devices, %zu modules, %zu log lines.\n",
		     kj_get_str(k, "release") ?: "(unknown)",
		     t ? (kj_get_int(t, "value", 0) ? ", tainted " : ", not tainted") : "",
		     t && kj_get_int(t, "value", 0) ? kj_get_str(t, "flags") ?: "" : "",
		     array_len(kbug_report_get(r, "pci")),
		     array_len(kbug_report_get(r, "usb")), array_len(kbug_report_get(r, "modules")),
		     lines);
	if (distro)
		kbug_tprintf(f, "Distribution: %s\n", distro);
	show_devices(f, r);
}
