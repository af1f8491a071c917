// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text rendering of a report: the facts a kernel developer asks for
 * first, in the order they ask (kernel, taint, distribution, machine,
 * devices, modules), then the errors, then what redaction replaced.
 * Email and Bugzilla bodies embed it.
 */
#include <stdbool.h>
#include <string.h>

#include "util/json.h"
#include "util/macro.h"
#include "util/strbuf.h"
#include "core/redact.h"
#include "core/report.h"

static void render_kv(struct strbuf *out, const char *label, const char *val)
{
	if (val && *val)
		strbuf_addf(out, "%-18s %s\n", label, val);
}

static void render_kernel(struct json_object *k, struct strbuf *out)
{
	struct json_object *t = kj_get(k, "tainted");
	struct json_object *o = kj_get(k, "origin");

	if (!k)
		return;
	strbuf_addstr(out, "Kernel\n");
	render_kv(out, "  release:", kj_get_str(k, "release"));
	render_kv(out, "  version:", kj_get_str(k, "version"));
	render_kv(out, "  machine:", kj_get_str(k, "machine"));
	render_kv(out, "  compiler:", kj_get_str(k, "compiler"));
	render_kv(out, "  cmdline:", kj_get_str(k, "cmdline"));
	if (t) {
		int64_t v = kj_get_int(t, "value", 0);
		const char *f = kj_get_str(t, "flags");

		if (v)
			strbuf_addf(out, "  %-16s %lld (%s)\n", "tainted:", (long long)v,
				    f ? f : "");
		else
			render_kv(out, "  tainted:", "no");
	}
	if (o)
		render_kv(out, "  origin:", kj_get_str(o, "guess"));
	strbuf_addch(out, '\n');
}

static void render_obj(struct strbuf *out, const char *title, struct json_object *o)
{
	if (!o || !json_object_is_type(o, json_type_object))
		return;
	strbuf_addf(out, "%s\n", title);
	json_object_object_foreach(o, key, val) {
		char label[64];

		if (!json_object_is_type(val, json_type_string))
			continue;
		snprintf(label, sizeof(label), "  %s:", key);
		render_kv(out, label, json_object_get_string(val));
	}
	strbuf_addch(out, '\n');
}

void kbug_report_render_dropins(struct kbug_report *r, struct strbuf *out)
{
	struct json_object *o = kbug_report_get(r, "dropin");
	char title[96];

	if (!o || !json_object_is_type(o, json_type_object))
		return;
	json_object_object_foreach(o, name, facts) {
		if (!json_object_is_type(facts, json_type_object) ||
		    !json_object_object_length(facts))
			continue;	/* it printed no fact (its files are attachments) */
		snprintf(title, sizeof(title), "Drop-in probe %s", name);
		render_obj(out, title, facts);
	}
}

static void render_pci(struct json_object *arr, struct strbuf *out)
{
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	strbuf_addf(out, "PCI devices (%zu)\n", n);
	for (i = 0; i < n; i++) {
		struct json_object *d = json_object_array_get_idx(arr, i);
		const char *drv = kj_get_str(d, "driver");

		strbuf_addf(out, "  %s [%s:%s] %s %s%s%s\n", kj_get_str(d, "slot") ?: "?",
			    kj_get_str(d, "vendor_id") ?: "????",
			    kj_get_str(d, "device_id") ?: "????",
			    kj_get_str(d, "vendor_name") ?: "",
			    kj_get_str(d, "device_name") ?: "",
			    drv ? ", driver " : "", drv ? drv : "");
	}
	strbuf_addch(out, '\n');
}

static void render_usb(struct json_object *arr, struct strbuf *out)
{
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	strbuf_addf(out, "USB devices (%zu)\n", n);
	for (i = 0; i < n; i++) {
		struct json_object *d = json_object_array_get_idx(arr, i);
		struct json_object *drv = kj_get(d, "drivers");

		strbuf_addf(out, "  %03lld:%03lld [%s:%s] %s",
			    (long long)kj_get_int(d, "busnum", 0),
			    (long long)kj_get_int(d, "devnum", 0),
			    kj_get_str(d, "vendor_id") ?: "????",
			    kj_get_str(d, "product_id") ?: "????",
			    kj_get_str(d, "product") ?: "");
		if (drv && json_object_is_type(drv, json_type_array) &&
		    json_object_array_length(drv)) {
			size_t j;

			strbuf_addstr(out, ", drivers");
			for (j = 0; j < json_object_array_length(drv); j++) {
				struct json_object *s = json_object_array_get_idx(drv, j);

				strbuf_addf(out, " %s", json_object_get_string(s));
			}
		}
		strbuf_addch(out, '\n');
	}
	strbuf_addch(out, '\n');
}

static void render_modules(struct json_object *arr, struct strbuf *out)
{
	size_t i, n, col = 0;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	strbuf_addf(out, "Loaded modules (%zu)\n ", n);
	for (i = 0; i < n; i++) {
		const char *name = kj_get_str(json_object_array_get_idx(arr, i), "name");
		size_t len = name ? strlen(name) : 0;

		if (!len)
			continue;
		if (col + len + 1 > 72) {
			strbuf_addstr(out, "\n ");
			col = 0;
		}
		strbuf_addf(out, " %s", name);
		col += len + 1;
	}
	strbuf_addstr(out, "\n\n");
}

static void render_errors(struct json_object *arr, struct strbuf *out)
{
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	if (!n)
		return;
	strbuf_addstr(out, "What kbug could not collect\n");
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);

		strbuf_addf(out, "  %s: %s\n", kj_get_str(e, "probe") ?: "?",
			    kj_get_str(e, "message") ?: "");
	}
	strbuf_addch(out, '\n');
}

/* What each kind of the "redactions" section is, in words: one, many. */
static const struct {
	const char *kind, *one, *many;
} redaction_words[] = {
	{ "mac", "MAC address", "MAC addresses" },
	{ "ipv4", "IPv4 address", "IPv4 addresses" },
	{ "ipv6", "IPv6 address", "IPv6 addresses" },
	{ "hostname", "host name", "host names" },
	{ "user", "user name", "user names" },
	{ "home", "home directory", "home directories" },
	{ "serial", "serial number", "serial numbers" },
	{ "uuid", "UUID", "UUIDs" },
	{ "usb-serial", "USB serial number", "USB serial numbers" },
	{ "ssid", "wireless network name", "wireless network names" },
	{ "email", "e-mail address", "e-mail addresses" },
	{ "machine-id", "machine or boot id", "machine or boot ids" },
};

/* "3 MAC addresses" for one entry of "redactions"; false for a malformed one. */
static bool redaction_phrase(struct json_object *e, struct strbuf *out)
{
	const char *kind = kj_get_str(e, "kind");
	int64_t n = kj_get_int(e, "count", 0);
	size_t i;

	if (!kind || n <= 0)
		return false;
	for (i = 0; i < ARRAY_SIZE(redaction_words); i++)
		if (!strcmp(kind, redaction_words[i].kind))
			break;
	if (i < ARRAY_SIZE(redaction_words))
		strbuf_addf(out, "%lld %s", (long long)n,
			    n == 1 ? redaction_words[i].one : redaction_words[i].many);
	else
		strbuf_addf(out, "%lld %s", (long long)n, kind);
	return true;
}

/* The counts of "redactions", as a table: one kind a line. */
static void render_redactions(struct json_object *arr, struct strbuf *out)
{
	struct strbuf phrase = STRBUF_INIT;
	bool head = false;
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);

		strbuf_reset(&phrase);
		if (!redaction_phrase(e, &phrase))
			continue;
		if (!head)
			strbuf_addstr(out, "Redacted (each value replaced by a [kind-xxxxxx] placeholder)\n");
		head = true;
		strbuf_addf(out, "  %-18s %s\n", kj_get_str(e, "kind"), phrase.buf);
	}
	if (head)
		strbuf_addch(out, '\n');
	strbuf_release(&phrase);
}

/* text, its words on lines of at most 72 columns (no newline after the last) */
static void wrap72(const char *text, struct strbuf *out)
{
	size_t col = 0;

	while (*text) {
		size_t w = strcspn(text, " ");

		if (col && col + 1 + w > 72) {
			strbuf_addch(out, '\n');
			col = 0;
		} else if (col) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, text, w);
		col += w;
		text += w;
		text += strspn(text, " ");
	}
}

void kbug_redact_summary(struct kbug_report *r, struct strbuf *out)
{
	struct json_object *arr = kbug_report_get(r, "redactions");
	struct strbuf text = STRBUF_INIT, phrase = STRBUF_INIT;
	size_t i, n, found = 0;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	strbuf_addstr(&text, "Before this report left the reporter's machine, kbug replaced");
	for (i = 0; i < n; i++) {
		strbuf_reset(&phrase);
		if (!redaction_phrase(json_object_array_get_idx(arr, i), &phrase))
			continue;
		strbuf_addf(&text, "%s %s", found++ ? "," : "", phrase.buf);
	}
	strbuf_addstr(&text, " with placeholders such as [mac-1f3a9c]; one value reads the same"
		      " everywhere in the report.");
	if (found)
		wrap72(text.buf, out);
	strbuf_release(&text);
	strbuf_release(&phrase);
}

/* distro.kernel (probes/kpkg.c): who built the running kernel, and its package */
static void render_distro_kernel(struct json_object *k, struct strbuf *out)
{
	struct json_object *p = kj_get(k, "package");
	struct strbuf sb = STRBUF_INIT;

	if (!k)
		return;
	strbuf_addstr(&sb, kj_get_bool(k, "distribution_kernel", false) ?
		      kj_get_str(k, "maker") ?: "a distribution" : "not a distribution's");
	if (kj_get_str(p, "name"))
		strbuf_addf(&sb, " (%s %s%s%s)", kj_get_str(p, "manager") ?: "",
			    kj_get_str(p, "name"), kj_get_str(p, "version") ? " " : "",
			    kj_get_str(p, "version") ?: "");
	if (kj_get_bool(p, "inferred", false))
		strbuf_addstr(&sb, ", package inferred from the release");
	render_kv(out, "  kernel by:", sb.buf);
	strbuf_release(&sb);
}

void kbug_report_render_text(struct kbug_report *r, struct strbuf *out)
{
	struct json_object *d = kbug_report_get(r, "distro");

	render_kernel(kbug_report_get(r, "kernel"), out);
	if (d) {
		strbuf_addstr(out, "Distribution\n");
		render_kv(out, "  name:", kj_get_str(d, "pretty_name"));
		render_distro_kernel(kj_get(d, "kernel"), out);
		strbuf_addch(out, '\n');
	}
	render_obj(out, "Machine (DMI)", kbug_report_get(r, "dmi"));
	render_pci(kbug_report_get(r, "pci"), out);
	render_usb(kbug_report_get(r, "usb"), out);
	render_modules(kbug_report_get(r, "modules"), out);
	kbug_report_render_dropins(r, out);
	render_errors(kbug_report_get(r, "errors"), out);
	render_redactions(kbug_report_get(r, "redactions"), out);
}
