// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Report texts from templates/ (rendered by util/template.c, syntax in
 * util/template.h) and the variables a report offers them: the facts
 * kernel developers ask for first.
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "core/settings.h"
#include "deliver/template.h"
#include "core/redact.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

/* ---- the variables ------------------------------------------------------ */

int kbug_attachment_is_inline(const char *data, size_t len)
{
	size_t lines = 0, i;

	if (len > KBUG_INLINE_MAX)
		return 0;
	for (i = 0; i < len; i++)
		if (data[i] == '\n' && ++lines > KBUG_INLINE_LINES)
			return 0;
	return 1;
}

const char *kbug_draft_title(struct kbug_report *r)
{
	struct json_object *d = kbug_report_get(r, "draft");
	const char *s = kj_get_str(d, "summary");

	if (s && *s)
		return s;
	s = kj_get_str(d, "title");
	return s && *s ? s : "kernel problem report";
}

static struct json_object *draft_analysis_report(struct kbug_report *r)
{
	struct json_object *reps = kj_path(r->root, "analysis.reports");
	struct json_object *d = kbug_report_get(r, "draft");
	size_t n;
	int64_t idx;

	if (!reps || !json_object_is_type(reps, json_type_array))
		return NULL;
	n = json_object_array_length(reps);
	if (!n)
		return NULL;
	/* the report the user picked; none when the draft names none */
	idx = kj_get_int(d, "report_index", -1);
	if (idx < 0 || (size_t)idx >= n)
		return NULL;
	return json_object_array_get_idx(reps, (size_t)idx);
}

static void add_strings(struct strbuf *sb, struct json_object *arr, const char *prefix,
			const char *sep)
{
	size_t i, n;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);
		const char *s = json_object_is_type(e, json_type_string) ?
				json_object_get_string(e) : kj_get_str(e, "name");

		if (s && *s)
			strbuf_addf(sb, "%s%s%s", i ? sep : "", prefix, s);
	}
}

static bool in_list(struct json_object *arr, const char *s)
{
	size_t i, n;

	if (!s || !arr || !json_object_is_type(arr, json_type_array))
		return false;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);
		const char *v = json_object_is_type(e, json_type_string) ?
				json_object_get_string(e) : kj_get_str(e, "name");

		if (v && !strcmp(v, s))
			return true;
	}
	return false;
}

/* "nvidia (PO), vbox (O)" from [{"name", "flags"}] or ["name"] */
void kbug_taint_modules(struct strbuf *sb, struct json_object *arr)
{
	size_t i, n = arr && json_object_is_type(arr, json_type_array) ?
		      json_object_array_length(arr) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);
		const char *nm = json_object_is_type(e, json_type_string) ?
				 json_object_get_string(e) : kj_get_str(e, "name");
		const char *fl = kj_get_str(e, "flags");

		if (!nm)
			continue;
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", nm);
		if (fl && *fl)
			strbuf_addf(sb, " (%s)", fl);
	}
}

static void vars_kernel(struct kbug_report *r, struct json_object *v)
{
	struct json_object *k = kbug_report_get(r, "kernel");
	struct json_object *t = kj_get(k, "tainted");
	struct json_object *o = kj_get(k, "origin");
	struct strbuf sb = STRBUF_INIT;
	int64_t tv = kj_get_int(t, "value", 0);

	kj_set_str(v, "kernel_release", kj_get_str(k, "release"));
	kj_set_str(v, "kernel_version", kj_get_str(k, "version"));
	kj_set_str(v, "kernel_machine", kj_get_str(k, "machine"));
	if (o) {
		const char *g = kj_get_str(o, "guess");
		struct json_object *e = kj_get(o, "evidence");

		if (g)
			strbuf_addstr(&sb, g);
		if (e && json_object_is_type(e, json_type_array) && json_object_array_length(e)) {
			strbuf_addstr(&sb, sb.len ? " (" : "(");
			add_strings(&sb, e, "", "; ");
			strbuf_addch(&sb, ')');
		} else if (kj_get_str(o, "evidence")) {
			strbuf_addf(&sb, "%s(%s)", sb.len ? " " : "", kj_get_str(o, "evidence"));
		}
		if (sb.len)
			kj_set_str(v, "kernel_origin", sb.buf);
		strbuf_reset(&sb);
	}
	if (t) {
		if (tv)
			strbuf_addf(&sb, "%lld (%s)", (long long)tv, kj_get_str(t, "flags") ?: "");
		else
			strbuf_addstr(&sb, "no (0)");
		kj_set_str(v, "tainted", sb.buf);
		strbuf_reset(&sb);
		kbug_taint_modules(&sb, kj_get(t, "modules"));
		if (sb.len)
			kj_set_str(v, "taint_modules", sb.buf);
	}
	strbuf_release(&sb);
}

static void vars_hardware(struct kbug_report *r, struct json_object *rep,
			  struct json_object *v)
{
	struct json_object *d = kbug_report_get(r, "dmi");
	static const char *const keys[] = { "sys_vendor", "product_name", "product_version",
					    "board_vendor", "board_name" };
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		const char *s = kj_get_str(d, keys[i]);

		if (s && *s && !strstr(sb.buf, s))
			strbuf_addf(&sb, "%s%s", sb.len ? " " : "", s);
	}
	if (kj_get_str(d, "bios_version"))
		strbuf_addf(&sb, "%sBIOS %s %s", sb.len ? ", " : "", kj_get_str(d, "bios_version"),
			    kj_get_str(d, "bios_date") ?: "");
	strbuf_rtrim(&sb);
	if (!sb.len && kj_get_str(rep, "hardware"))
		strbuf_addstr(&sb, kj_get_str(rep, "hardware"));
	if (sb.len)
		kj_set_str(v, "hardware", sb.buf);
	strbuf_release(&sb);
}

/* PCI and USB devices whose driver is one of `mods`, or all when few. */
static void vars_devices(struct kbug_report *r, struct json_object *mods,
			 const char *device, struct json_object *v)
{
	struct json_object *pci = kbug_report_get(r, "pci"), *usb = kbug_report_get(r, "usb");
	struct strbuf sb = STRBUF_INIT;
	size_t i, n;

	n = pci && json_object_is_type(pci, json_type_array) ? json_object_array_length(pci) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *d = json_object_array_get_idx(pci, i);
		const char *drv = kj_get_str(d, "driver"), *mod = kj_get_str(d, "module");
		const char *slot = kj_get_str(d, "slot");

		if (!in_list(mods, drv) && !in_list(mods, mod) &&
		    !(device && slot && strstr(slot, device)))
			continue;
		strbuf_addf(&sb, "%s [%s:%s] %s %s%s%s\n", slot ?: "?",
			    kj_get_str(d, "vendor_id") ?: "????",
			    kj_get_str(d, "device_id") ?: "????", kj_get_str(d, "vendor_name") ?: "",
			    kj_get_str(d, "device_name") ?: "", drv ? ", driver " : "", drv ?: "");
	}
	n = usb && json_object_is_type(usb, json_type_array) ? json_object_array_length(usb) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *d = json_object_array_get_idx(usb, i);
		struct json_object *drvs = kj_get(d, "drivers");
		size_t j, m;
		bool hit = false;

		m = drvs && json_object_is_type(drvs, json_type_array) ?
		    json_object_array_length(drvs) : 0;
		for (j = 0; j < m; j++)
			hit |= in_list(mods, json_object_get_string(json_object_array_get_idx(drvs,
											      j)));
		if (!hit)
			continue;
		strbuf_addf(&sb, "usb %03lld:%03lld [%s:%s] %s\n",
			    (long long)kj_get_int(d, "busnum", 0),
			    (long long)kj_get_int(d, "devnum", 0),
			    kj_get_str(d, "vendor_id") ?: "????",
			    kj_get_str(d, "product_id") ?: "????",
			    kj_get_str(d, "product") ?: "");
	}
	if (sb.len)
		kj_set_str(v, "devices", sb.buf);
	strbuf_release(&sb);
}

static void vars_attachments(struct kbug_report *r, struct json_object *v)
{
	struct strbuf att = STRBUF_INIT, inl = STRBUF_INIT;
	size_t i;

	for (i = 0; i < r->att_nr; i++) {
		const struct kbug_attachment *a = &r->att[i];

		if (kbug_attachment_is_inline(a->data, a->len)) {
			strbuf_addf(&inl, "--- %s%s%s ---\n%s", a->name, a->description ? ": " : "",
				    a->description ?: "", a->data);
			if (a->len && a->data[a->len - 1] != '\n')
				strbuf_addch(&inl, '\n');
			strbuf_addch(&inl, '\n');
		} else {
			strbuf_addf(&att, "  %s (%zu bytes)%s%s\n", a->name, a->len,
				    a->description ? ": " : "", a->description ?: "");
		}
	}
	if (att.len)
		kj_set_str(v, "attachments", att.buf);
	if (inl.len)
		kj_set_str(v, "inline_logs", inl.buf);
	strbuf_release(&att);
	strbuf_release(&inl);
}

static void vars_regression(struct json_object *d, const char *release, struct json_object *v)
{
	const char *lg = kj_get_str(kj_get(d, "regression"), "last_good");
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	bool plain = release && *release;

	if (!lg)
		return;
	kj_set_str(v, "regression", "yes");
	kj_set_str(v, "last_good", lg);
	/* a tag regzbot knows only for a plain release ("6.12.3", "6.13-rc2") */
	for (p = release; plain && *p; p++)
		if (!(isdigit((unsigned char)*p) || *p == '.' || !strncmp(p, "-rc", 3)))
			plain = false;
		else if (*p == '-')
			p += 2;
	strbuf_addf(&sb, "#regzbot introduced: %s%s..", isdigit((unsigned char)*lg) ? "v" : "",
		    lg);
	if (plain)
		strbuf_addf(&sb, "v%s", release);
	kj_set_str(v, "regzbot", sb.buf);
	strbuf_release(&sb);
}

/* "- note" lines wrapped at 72 columns, continuation lines indented */
static void wrap_notes(struct strbuf *sb, struct json_object *arr)
{
	size_t i, n = arr && json_object_is_type(arr, json_type_array) ?
		      json_object_array_length(arr) : 0;

	for (i = 0; i < n; i++) {
		const char *p = json_object_get_string(json_object_array_get_idx(arr, i));
		size_t col = 2;

		if (!p)
			continue;
		strbuf_addstr(sb, "- ");
		while (*p) {
			size_t w = strcspn(p, " ");

			if (col > 2 && col + 1 + w > 72) {
				strbuf_addstr(sb, "\n  ");
				col = 2;
			} else if (col > 2) {
				strbuf_addch(sb, ' ');
				col++;
			}
			strbuf_add(sb, p, w);
			col += w;
			p += w;
			while (*p == ' ')
				p++;
		}
		strbuf_addch(sb, '\n');
	}
}

/*
 * The kind as the templates' sentence reads it ("The kernel reported a
 * KIND"): analysis names trace-less driver signatures "driver" and lockdep
 * reports "lockdep" (analyze/sig-driver.c, sig-info.c), which are no nouns
 * for a failure.
 */
static const char *report_kind_words(const char *kind)
{
	if (kind && !strcmp(kind, "driver"))
		return "driver failure";
	if (kind && !strcmp(kind, "lockdep"))
		return "locking problem (lockdep)";
	return kind;
}

/* The kernel report's kind, lines and what it blames. */
static void vars_report(struct json_object *rep, struct json_object *v)
{
	const char *gf = kj_get_str(rep, "guilty_file");
	const char *fn = kj_get_str(rep, "guilty_function");
	const char *s = kj_get_str(rep, "text");
	struct strbuf sb = STRBUF_INIT;

	if (!rep)
		return;
	kj_set_str(v, "report_kind", report_kind_words(kj_get_str(rep, "kind")));
	if (s && *s) {
		strbuf_addstr(&sb, s);
		if (sb.buf[sb.len - 1] != '\n')
			strbuf_addch(&sb, '\n');
		kj_set_str(v, "report_lines", sb.buf);
		strbuf_reset(&sb);
	}
	if (gf || fn) {
		strbuf_addf(&sb, "%s%s%s", fn ?: "", fn && gf ? " in " : "", gf ?: "");
		if (kj_get_str(rep, "guilty_module"))
			strbuf_addf(&sb, " (module %s)", kj_get_str(rep, "guilty_module"));
		kj_set_str(v, "guilty", sb.buf);
	}
	strbuf_release(&sb);
}

/* The modules (the report's, else the loaded ones) and the devices they drive. */
static void vars_modules(struct kbug_report *r, struct json_object *rep, struct json_object *d,
			 struct json_object *v)
{
	struct json_object *mods = kj_get(rep, "modules"), *want = json_object_new_array();
	const char *gm = kj_get_str(rep, "guilty_module");
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	add_strings(&sb, mods ?: kbug_report_get(r, "modules"), "", " ");
	if (sb.len)
		kj_set_str(v, "modules", sb.buf);
	strbuf_release(&sb);
	if (mods && json_object_is_type(mods, json_type_array))
		for (i = 0; i < json_object_array_length(mods); i++)
			kj_append(want, json_object_get(json_object_array_get_idx(mods, i)));
	if (gm)
		kj_append_str(want, gm);
	if (kj_get_str(d, "module"))
		kj_append_str(want, kj_get_str(d, "module"));
	if (kj_get_str(d, "driver"))
		kj_append_str(want, kj_get_str(d, "driver"));
	vars_devices(r, want, kj_get_str(d, "device"), v);
	json_object_put(want);
}

struct json_object *kbug_draft_vars(struct kbug_report *r)
{
	struct json_object *v = json_object_new_object();
	struct json_object *d = kbug_report_get(r, "draft");
	struct json_object *rep = draft_analysis_report(r);
	struct json_object *route = kbug_report_get(r, "route");
	struct json_object *secs = kj_get(route, "sections");
	struct json_object *sec0 = NULL;
	struct strbuf sb = STRBUF_INIT;
	const char *s, *rel;

	/* a replayed report may hold anything: json-c asserts on non-arrays */
	if (secs && json_object_is_type(secs, json_type_array))
		sec0 = json_object_array_get_idx(secs, 0);
	kj_set_str(v, "title", kbug_draft_title(r));
	s = kj_get_str(d, "description");
	kj_set_str(v, "description", s && *s ? s : NULL);
	vars_kernel(r, v);
	rel = kj_get_str(v, "kernel_release") ?: kj_get_str(rep, "release");
	if (!kj_get_str(v, "kernel_release"))
		kj_set_str(v, "kernel_release", rel);
	/* a log from another kernel (--log): say which kernel printed the report */
	if (kj_get_str(rep, "release") && strcmp(kj_get_str(rep, "release"), rel ?: ""))
		kj_set_str(v, "log_release", kj_get_str(rep, "release"));
	s = kj_get_str(kbug_report_get(r, "distro"), "pretty_name");
	kj_set_str(v, "distro", s);
	kj_set_str(v, "distro_bugs", kbug_config_get("distro", "bugs"));
	vars_hardware(r, rep, v);
	vars_report(rep, v);
	vars_modules(r, rep, d, v);
	vars_regression(d, rel, v);
	wrap_notes(&sb, kj_get(d, "notes"));
	if (sb.len)
		kj_set_str(v, "notes", sb.buf);
	strbuf_reset(&sb);
	vars_attachments(r, v);
	kj_set_str(v, "section", kj_get_str(sec0, "name"));
	kj_set_str(v, "route_why", kj_get_str(kj_get(route, "suspect"), "why"));
	kj_set_str(v, "suspect", kj_get_str(kj_get(route, "suspect"), "path") ?:
		   kj_get_str(route, "path"));
	kbug_report_render_text(r, &sb);
	if (sb.len)
		kj_set_str(v, "facts", sb.buf);
	strbuf_reset(&sb);
	kbug_report_render_dropins(r, &sb);
	strbuf_rtrim(&sb);
	if (sb.len)
		kj_set_str(v, "dropin_facts", sb.buf);
	strbuf_reset(&sb);
	kbug_redact_summary(r, &sb);
	if (sb.len)
		kj_set_str(v, "redactions", sb.buf);
	strbuf_release(&sb);
	kj_set_str(v, "kbug_version", KBUG_VERSION);
	return v;
}

static void section_slug(const char *name, struct strbuf *out)
{
	bool dash = false;

	for (; *name; name++) {
		unsigned char c = (unsigned char)tolower((unsigned char)*name);

		if (isalnum(c) && c < 0x80) {
			if (dash && out->len)
				strbuf_addch(out, '-');
			strbuf_addch(out, (char)c);
			dash = false;
		} else {
			dash = true;
		}
	}
}

static int render_file(const char *rel, struct json_object *vars, struct strbuf *out,
		       bool must)
{
	struct strbuf p = STRBUF_INIT, t = STRBUF_INIT;
	long n;
	int ret;

	if (!kbug_data_path(&p, rel)) {
		strbuf_release(&p);
		if (must)
			ERR("cannot find the template '%s' (set KBUG_DATADIR)", rel);
		return must ? -ENOENT : 0;
	}
	n = strbuf_read_file(&t, p.buf, KBUG_TEMPLATE_MAX);
	if (n < 0) {
		ERR("cannot read the template '%s': %s", p.buf,
		    n == -EFBIG ? "too large" : strerror((int)-n));
		ret = (int)n;
	} else {
		ret = kbug_template_render(t.buf, vars, out, p.buf);
	}
	strbuf_release(&p);
	strbuf_release(&t);
	return ret;
}

int kbug_draft_render(struct kbug_report *r, const char *channel, struct strbuf *out)
{
	struct json_object *vars;
	struct strbuf rel = STRBUF_INIT;
	const char *sec, *body = kj_get_str(kbug_report_get(r, "draft"), "body");
	int ret;

	/* the words the user edited in the review stand as they are */
	if (body) {
		strbuf_addstr(out, body);
		if (out->len && out->buf[out->len - 1] != '\n')
			strbuf_addch(out, '\n');
		return 0;
	}
	vars = kbug_draft_vars(r);
	sec = kj_get_str(vars, "section");
	strbuf_addf(&rel, "templates/%s.txt", channel);
	ret = render_file(rel.buf, vars, out, true);
	if (!ret && sec) {
		strbuf_reset(&rel);
		strbuf_addstr(&rel, "templates/sections/");
		section_slug(sec, &rel);
		strbuf_addstr(&rel, ".txt");
		ret = render_file(rel.buf, vars, out, false);
	}
	strbuf_release(&rel);
	json_object_put(vars);
	return ret;
}
