// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Bugzilla channel: file the report as a bug over Bugzilla 5 REST,
 * the way Fedora's reporter-bugzilla does.
 *
 * prepare() settles the product and component (never by a guess) and
 * writes request.json and the attachments into the outbox item. send()
 * checks the server and the key, reads the product and the bug fields so
 * that only legal values and existing custom fields are sent, looks for a
 * duplicate by title, files (or comments on the duplicate) and uploads
 * the attachments. Every step that changes the server is recorded in the
 * item's state.json first ("bugzilla": {...}) and its result the moment
 * it is known, so that `kbug outbox --retry` never files twice: after an
 * unknown outcome it first looks for the bug by its summary and the
 * "kbug-report-id:" marker in its description.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyze/analyze.h"
#include "core/settings.h"
#include "core/report.h"
#include "deliver/bugzilla.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/template.h"
#include "util/http.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define BZ_DESC_MAX 60000	/* Bugzilla takes 65535 characters in a comment */
#define BZ_SUMMARY_MAX 255
#define BZ_MARKER "kbug-report-id: "

static bool bz_accepts(const char *kind)
{
	return kind && !strcmp(kind, "bugzilla");
}

/* ---- prepare ------------------------------------------------------------ */

struct bz_where {
	struct strbuf product, component;
	const char *from;
};

/*
 * What the user answered for the product and component, or the next
 * question (true: return KBUG_DELIVER_CHOICE). A question is asked once.
 */
static bool ask_product(struct kbug_choice *c, const char *section, struct bz_where *w)
{
	static const struct {
		enum kbug_choice_kind kind;
		const char *prompt;
	} q[] = {
		{ KBUG_CHOICE_PRODUCT, "Bugzilla product: " },
		{ KBUG_CHOICE_COMPONENT, "Bugzilla component: " },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(q); i++) {
		struct strbuf *v = i ? &w->component : &w->product;
		const char *ans = i ? c->component : c->product;

		if (v->len && !(c->asked & (1u << q[i].kind)))
			continue;
		if (c->asked & (1u << q[i].kind)) {
			strbuf_reset(v);
			strbuf_addstr(v, ans);
			w->from = "asked";
			continue;
		}
		c->context[0] = '\0';
		if (!c->asked && section)
			snprintf(c->context, sizeof(c->context),
				 "the MAINTAINERS section \"%s\" names no Bugzilla product and component (and the map has none)",
				 section);
		else if (!c->asked)
			snprintf(c->context, sizeof(c->context),
				 "the route names no Bugzilla product and component");
		c->kind = q[i].kind;
		c->prompt = q[i].prompt;
		return true;
	}
	return false;
}

static int resolve_product(struct kbug_report *r, const struct kbug_deliver_opts *o,
			   const char *site, struct bz_where *w)
{
	struct json_object *dest = kj_path(r->root, "route.destination");
	const char *section = kj_get_str(dest, "section");
	const char *b = kj_get_str(dest, "b_entry");

	strbuf_reset(&w->product);
	strbuf_reset(&w->component);
	if (o->product && *o->product) {
		strbuf_addstr(&w->product, o->product);
		strbuf_addstr(&w->component, o->component ? o->component : "");
		w->from = "command line";
	} else if (kj_get_str(dest, "product") && *kj_get_str(dest, "product")) {
		strbuf_addstr(&w->product, kj_get_str(dest, "product"));
		strbuf_addstr(&w->component, kj_get_str(dest, "component") ?: "");
		w->from = "the MAINTAINERS B: entry";
	} else if (b && !kbug_bz_uri_product(b, &w->product, &w->component)) {
		w->from = "the MAINTAINERS B: entry";
	} else if (section && !kbug_bz_map_lookup(site, section, &w->product, &w->component)) {
		w->from = "the Bugzilla map";
	}
	if (o->component && *o->component && w->product.len) {
		strbuf_reset(&w->component);
		strbuf_addstr(&w->component, o->component);
	}
	if (w->product.len && w->component.len)
		return 0;
	if (o->choice && ask_product(o->choice, section, w))
		return KBUG_DELIVER_CHOICE;
	if (w->product.len && w->component.len)
		return 0;
	ERR("no Bugzilla %s for %s%s%s: give --product and --component, or map the section in a [bugzilla] map-file",
	    w->product.len ? "component" : "product and component",
	    section ? "MAINTAINERS section '" : "this report", section ? section : "",
	    section ? "'" : "");
	return -EINVAL;
}

/* Shorten sb to at most max bytes without splitting a UTF-8 character. */
static void utf8_cut(struct strbuf *sb, size_t max)
{
	size_t n = max;

	if (sb->len <= max)
		return;
	while (n && ((unsigned char)sb->buf[n] & 0xc0) == 0x80)
		n--;
	strbuf_setlen(sb, n);
}

/* Bugzilla's summary limit, with a visible cut: "..." would need 3 bytes too */
static void summary_cut(struct strbuf *sb)
{
	if (sb->len <= BZ_SUMMARY_MAX)
		return;
	utf8_cut(sb, BZ_SUMMARY_MAX - 3);
	strbuf_rtrim(sb);
	strbuf_addstr(sb, "\xe2\x80\xa6");	/* U+2026 ... */
}

static const char *severity_for(const char *kind)
{
	static const char *const high[] = { "BUG", "Oops", "panic", "KASAN", "KFENCE",
					    "general protection", "UBSAN", "kernel BUG" };
	size_t i;

	for (i = 0; kind && i < ARRAY_SIZE(high); i++)
		if (!strncasecmp(kind, high[i], strlen(high[i])))
			return "high";
	return "normal";
}

/* An lspci-like list from the report's "pci" section, when it has one. */
static void render_devices(struct kbug_report *r, struct strbuf *out)
{
	struct json_object *pci = kbug_report_get(r, "pci"), *devs, *d;
	size_t i, n;

	devs = json_object_is_type(pci, json_type_array) ? pci : kj_get(pci, "devices");
	if (!devs || !json_object_is_type(devs, json_type_array))
		return;
	n = json_object_array_length(devs);
	for (i = 0; i < n && i < 4096; i++) {
		const char *v;

		d = json_object_array_get_idx(devs, i);
		if (!json_object_is_type(d, json_type_object))
			continue;
		strbuf_addf(out, "%s %s: %s %s", kj_get_str(d, "slot") ?: "?",
			    kj_get_str(d, "class_name") ?: kj_get_str(d, "class") ?: "Device",
			    kj_get_str(d, "vendor_name") ?: "", kj_get_str(d, "device_name") ?: "");
		if (kj_get_str(d, "vendor_id") && kj_get_str(d, "device_id"))
			strbuf_addf(out, " [%s:%s]", kj_get_str(d, "vendor_id"),
				    kj_get_str(d, "device_id"));
		v = kj_get_str(d, "driver");
		if (v)
			strbuf_addf(out, " (driver: %s)", v);
		strbuf_addch(out, '\n');
	}
}

/* The analysis report being filed: the draft's pick, else the stage's. */
static struct json_object *picked_report(struct kbug_report *r)
{
	struct kbug_analyze_pick p;
	int64_t idx = kj_get_int(kbug_report_get(r, "draft"), "report_index", -1);

	if (idx < 0 && !kbug_analyze_pick(r, 0, &p))
		idx = p.index;
	return idx < 0 || idx > INT_MAX ? NULL : kbug_analyze_report_at(r, (int)idx);
}

static int add_file(struct kbug_outbox_item *item, struct json_object *list, size_t n,
		    const char *file_name, const char *summary, const char *ctype,
		    const char *data, size_t len)
{
	struct json_object *e;
	char file[32];
	int ret;

	snprintf(file, sizeof(file), "bz-att-%zu", n);
	ret = kbug_outbox_write(item, file, data, len);
	if (ret)
		return ret;
	e = json_object_new_object();
	kj_set_str(e, "file", file);
	kj_set_str(e, "file_name", file_name);
	kj_set_str(e, "summary", summary);
	kj_set_str(e, "content_type", ctype);
	kj_set_int(e, "size", (int64_t)len);
	kj_append(list, e);
	return 0;
}

/* The bug's description: the template, cut to what Bugzilla takes, the marker. */
static void bz_description(struct kbug_report *r, struct kbug_outbox_item *item,
			   struct strbuf *desc)
{
	if (kbug_draft_render(r, "bugzilla", desc)) {
		strbuf_reset(desc);
		kbug_report_render_text(r, desc);
	}
	if (desc->len > BZ_DESC_MAX) {
		utf8_cut(desc, BZ_DESC_MAX);
		strbuf_addstr(desc, "\n[... cut here: the whole report is attached ...]\n");
	}
	strbuf_rtrim(desc);
	strbuf_addf(desc, "\n\n" BZ_MARKER "%s\n", kbug_outbox_item_id(item));
}

/* The report's attachments, a devices list, and the report itself as JSON. */
static int bz_attachments(struct kbug_report *r, struct kbug_outbox_item *item,
			  struct json_object *atts)
{
	struct strbuf dev = STRBUF_INIT;
	size_t i, n = 0;
	char *json;
	int ret = 0;

	for (i = 0; i < r->att_nr && !ret; i++)
		ret = add_file(item, atts, n++, r->att[i].name,
			       r->att[i].description ?: r->att[i].name,
			       r->att[i].content_type ?: "text/plain", r->att[i].data,
			       r->att[i].len);
	render_devices(r, &dev);
	if (!ret && dev.len && !kbug_report_attachment(r, "devices.txt"))
		ret = add_file(item, atts, n++, "devices.txt", "PCI devices (lspci-style)",
			       "text/plain", dev.buf, dev.len);
	if (!ret) {
		json = kbug_report_to_json(r, true, false);
		ret = json ? add_file(item, atts, n++, "kbug-report.json",
				      "the kbug report (JSON)", "application/json", json,
				      strlen(json)) : -ENOMEM;
		free(json);
	}
	strbuf_release(&dev);
	return ret;
}

/* ---- whose key ---------------------------------------------------------- */

/* Do URLs a and b share an origin (scheme, host, port)? */
static bool same_origin(const char *a, const char *b)
{
	struct strbuf oa = STRBUF_INIT, ob = STRBUF_INIT;
	bool same = a && b && !kbug_url_origin(a, &oa) && !kbug_url_origin(b, &ob) &&
		    !strcmp(oa.buf, ob.buf);

	strbuf_release(&oa);
	strbuf_release(&ob);
	return same;
}

/*
 * May the key the user gave for this run (--api-key-file,
 * $KBUG_BUGZILLA_API_KEY) go to url? Only to --bugzilla-url's origin, else
 * [bugzilla] url's; when neither is set, to the one Bugzilla in play.
 */
static bool explicit_key_for(const char *url, const struct kbug_deliver_opts *o)
{
	const char *home = o->bugzilla_url && *o->bugzilla_url ? o->bugzilla_url :
			   kbug_config_get("bugzilla", "url");

	return !home || !*home || same_origin(home, url);
}

/*
 * The config section holding url's key, or NULL: [bugzilla "ORIGIN"] for
 * url's origin, else [bugzilla] when its url (without one: --bugzilla-url)
 * has url's origin. Never another tracker's key.
 */
static const char *key_section(const char *url, const struct kbug_deliver_opts *o,
			       struct strbuf *sect)
{
	static const char *const keys[] = { "api-key", "api-key-file", "api-key-command" };
	const char *home = kbug_config_get("bugzilla", "url") ?: o->bugzilla_url;
	struct strbuf org = STRBUF_INIT;
	bool here = false, there = false;
	size_t i;

	strbuf_reset(sect);
	if (!url || kbug_url_origin(url, &org)) {
		strbuf_release(&org);
		return NULL;
	}
	strbuf_addf(sect, "bugzilla \"%s\"", org.buf);
	strbuf_release(&org);
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		here = here || kbug_config_get(sect->buf, keys[i]);
		there = there || kbug_config_get("bugzilla", keys[i]);
	}
	if (here)
		return sect->buf;
	return there && home && same_origin(home, url) ? "bugzilla" : NULL;
}

/* Is there a key for url (none is read)? */
static bool have_key(const char *url, const struct kbug_deliver_opts *o)
{
	struct strbuf sect = STRBUF_INIT;
	const char *env = getenv("KBUG_BUGZILLA_API_KEY");
	bool have = key_section(url, o, &sect) ||
		    (explicit_key_for(url, o) &&
		     ((o->api_key_file && *o->api_key_file) || (env && *env)));

	strbuf_release(&sect);
	return have;
}

/*
 * A B: naming a Bugzilla we hold no key for is filed by hand: the item
 * becomes the web channel's (the saved body and the tracker's URL).
 */
static int bz_hand_filing(struct kbug_report *r, struct kbug_outbox_item *item,
			  const struct kbug_deliver_opts *o, const char *url)
{
	struct strbuf org = STRBUF_INIT;

	kbug_url_origin(url, &org);
	WARN("no Bugzilla API key for %s (set one in a [bugzilla \"%s\"] config section): the report is saved to file there by hand",
	     org.buf, org.buf);
	strbuf_release(&org);
	kj_set_str(kbug_outbox_state(item), "channel", kbug_channel_web.name);
	return kbug_channel_web.prepare(r, item, o);
}

static bool bz_is_hand_filing(struct kbug_outbox_item *item)
{
	const char *c = kbug_outbox_item_channel(item);

	return c && !strcmp(c, kbug_channel_web.name);
}

static int bz_prepare(struct kbug_report *r, struct kbug_outbox_item *item,
		      const struct kbug_deliver_opts *o)
{
	struct json_object *dest = kj_path(r->root, "route.destination");
	struct json_object *vars = NULL, *req, *bug, *hints, *atts, *rep;
	struct bz_where w = { STRBUF_INIT, STRBUF_INIT, NULL };
	struct strbuf desc = STRBUF_INIT, title = STRBUF_INIT;
	const char *site, *url, *s;
	int ret;

	url = o->bugzilla_url && *o->bugzilla_url ? o->bugzilla_url :
	      kj_get_str(dest, "url") ?: kbug_config_get("bugzilla", "url");
	site = kj_get_str(dest, "url") ?: url;
	if (!url || !*url) {
		ERR("no Bugzilla URL: give --bugzilla-url or set [bugzilla] url in the config");
		return -EINVAL;
	}
	if (!(o->bugzilla_url && *o->bugzilla_url) && !have_key(url, o))
		return bz_hand_filing(r, item, o, url);
	ret = resolve_product(r, o, site, &w);
	if (ret)
		goto out;
	INFO("Bugzilla product '%s', component '%s' (from %s)", w.product.buf, w.component.buf,
	     w.from);

	vars = kbug_draft_vars(r);
	strbuf_addstr(&title, kbug_draft_title(r));
	summary_cut(&title);
	bz_description(r, item, &desc);

	bug = json_object_new_object();
	kj_set_str(bug, "product", w.product.buf);
	kj_set_str(bug, "component", w.component.buf);
	kj_set_str(bug, "summary", title.buf);
	kj_set_str(bug, "description", desc.buf);
	kj_set_str(bug, "op_sys", "Linux");
	kj_set_str(bug, "platform", kj_get_str(vars, "kernel_machine") ?: "All");
	rep = picked_report(r);
	kj_set_str(bug, "severity", severity_for(kj_get_str(rep, "kind") ?:
						 kj_get_str(vars, "report_kind")));

	/* the kernel that reported the problem, which a --log may not be this one */
	hints = json_object_new_object();
	kj_set_str(hints, "kernel_release", kj_get_str(rep, "release") ?:
		   kj_get_str(vars, "kernel_release"));
	kj_set_str(hints, "arch", kj_get_str(vars, "kernel_machine"));
	kj_set_str(hints, "product_version", kj_get_str(dest, "version"));
	s = kj_get_str(vars, "regression");
	kj_set_bool(hints, "regression", s && *s);
	kj_set_str(hints, "last_good", kj_get_str(vars, "last_good"));

	atts = json_object_new_array();
	ret = bz_attachments(r, item, atts);

	req = json_object_new_object();
	kj_set_str(req, "site", site);
	kj_set_str(req, "url", url);
	kj_set_str(req, "section", kj_get_str(dest, "section"));
	kj_set_str(req, "from", w.from);
	strbuf_reset(&title);
	strbuf_addf(&title, BZ_MARKER "%s", kbug_outbox_item_id(item));
	kj_set_str(req, "marker", title.buf);
	kj_set(req, "bug", bug);
	kj_set(req, "hints", hints);
	kj_set(req, "attachments", atts);
	/* for `kbug outbox` listings: what the item is */
	kj_set_str(kbug_outbox_state(item), "subject", kj_get_str(bug, "summary"));
	if (!ret) {
		s = json_object_to_json_string_ext(req, JSON_C_TO_STRING_PRETTY |
						   JSON_C_TO_STRING_NOSLASHESCAPE);
		ret = kbug_outbox_write(item, "request.json", s, strlen(s));
	}
	json_object_put(req);
out:
	json_object_put(vars);
	strbuf_release(&w.product);
	strbuf_release(&w.component);
	strbuf_release(&desc);
	strbuf_release(&title);
	return ret;
}

/* ---- send --------------------------------------------------------------- */

struct bz_send {
	struct kbug_outbox_item *item;
	const struct kbug_deliver_opts *o;
	struct json_object *req;	/* request.json */
	struct json_object *st;		/* state.json's "bugzilla" (borrowed) */
	struct kbug_bz *bz;
	struct strbuf login;
	const char *marker;
	const char *product, *component, *summary;
};

static int st_save(struct bz_send *s)
{
	return kbug_outbox_save_state(s->item);
}

/* A failure that left the server unchanged: stays queued for a retry. */
static int fail_known(struct bz_send *s, const char *why)
{
	ERR("%s", why);
	kbug_outbox_set_state(s->item, KBUG_STATE_FAILED, why);
	return -EAGAIN;
}

/* A failure after which the server may have acted: look before redoing. */
static int fail_unknown(struct bz_send *s, const char *why)
{
	ERR("%s", why);
	ERR("the outcome is unknown: the next 'kbug outbox --retry' looks for the bug on the server before filing again");
	kbug_outbox_set_state(s->item, KBUG_STATE_UNKNOWN, why);
	return KBUG_DELIVER_UNKNOWN;
}

/* After a failed call: was the request possibly acted on? */
static bool maybe_done(int err)
{
	return err == -ETIMEDOUT || err == -ECONNRESET || err == -EPROTO;
}

static int fail_call(struct bz_send *s, int err, bool changes_server)
{
	int code = kbug_bz_code(s->bz);

	/*
	 * A server-side failure may come after the change was committed (a
	 * mail that could not be sent after the bug was filed): unknown too.
	 */
	if (changes_server && err == -EREMOTEIO && (code < 0 || kbug_bz_status(s->bz) >= 500))
		return fail_unknown(s, kbug_bz_error(s->bz));
	if (changes_server && maybe_done(err))
		return fail_unknown(s, kbug_bz_error(s->bz));
	return fail_known(s, kbug_bz_error(s->bz));
}

static long state_bug_id(struct kbug_outbox_item *item)
{
	const char *v = kj_get_str(kbug_outbox_state(item), "bug_id");

	return v ? strtol(v, NULL, 10) : 0;
}

static int record_bug(struct bz_send *s, long id)
{
	struct strbuf u = STRBUF_INIT;
	char num[24];
	int ret;

	snprintf(num, sizeof(num), "%ld", id);
	kj_set_str(kbug_outbox_state(s->item), "url", kbug_bz_bug_url(s->bz, id, &u));
	ret = kbug_outbox_record(s->item, "bug_id", num);
	strbuf_release(&u);
	return ret;
}

static struct json_object *field_find(struct json_object *fields, const char *name)
{
	size_t i, n = json_object_array_length(fields);

	for (i = 0; i < n; i++) {
		struct json_object *f = json_object_array_get_idx(fields, i);
		const char *fn = kj_get_str(f, "name");

		if (fn && !strcmp(fn, name))
			return f;
	}
	return NULL;
}

static bool field_has(struct json_object *f, const char *value)
{
	struct json_object *vals = kj_get(f, "values");
	size_t i, n = vals && json_object_is_type(vals, json_type_array) ?
		      json_object_array_length(vals) : 0;

	for (i = 0; i < n; i++) {
		const char *v = kj_get_str(json_object_array_get_idx(vals, i), "name");

		if (v && !strcmp(v, value))
			return true;
	}
	return false;
}

/*
 * Set bug[param] to the first of cands the server's field `fname` allows;
 * without one, leave the parameter out (the server's default applies).
 */
static void pick_value(struct json_object *bug, struct json_object *fields, const char *param,
		       const char *fname, const char *const *cands)
{
	struct json_object *f = field_find(fields, fname);
	const char *had = kj_get_str(bug, param);
	size_t i;

	for (i = 0; f && cands[i]; i++) {
		if (field_has(f, cands[i])) {
			if (!had || strcmp(had, cands[i]))
				DBG("bugzilla: %s '%s' -> '%s'", param, had ?: "", cands[i]);
			kj_set_str(bug, param, cands[i]);
			return;
		}
	}
	if (had)
		INFO("Bugzilla field %s: '%s' is not a legal value here, leaving it to the server's default",
		     fname, had);
	json_object_object_del(bug, param);
}

static bool contains_ci(const char *hay, const char *needle)
{
	return hay && strcasestr(hay, needle);
}

static int pick_version(struct bz_send *s, struct json_object *product, const char *release,
			const char *route_version, struct strbuf *out)
{
	struct json_object *vers = kj_get(product, "versions");
	/* the config, else the route's (a distribution's release: route/distro.c) */
	const char *want = kbug_config_get("bugzilla", "version") ?: route_version;
	size_t i, n = vers && json_object_is_type(vers, json_type_array) ?
		      json_object_array_length(vers) : 0, active = 0;
	const char *only = NULL, *mm_match = NULL, *unspec = NULL, *exact = NULL;
	char mm[32] = "";
	struct strbuf list = STRBUF_INIT;

	if (release) {
		unsigned int maj, min;

		if (sscanf(release, "%u.%u", &maj, &min) == 2)
			snprintf(mm, sizeof(mm), "%u.%u", maj, min);
	}
	for (i = 0; i < n; i++) {
		struct json_object *v = json_object_array_get_idx(vers, i);
		const char *name = kj_get_str(v, "name");

		if (!name || !kj_get_bool(v, "is_active", true))
			continue;
		active++;
		only = name;
		strbuf_addf(&list, "%s'%s'", list.len ? ", " : "", name);
		if (want && !strcmp(name, want))
			exact = name;
		if (release && !strcmp(name, release) && !exact)
			exact = name;
		if (*mm && !strcmp(name, mm))
			mm_match = name;
		if (!strcmp(name, "unspecified"))
			unspec = name;
	}
	strbuf_reset(out);
	if (want && !exact) {
		ERR("%s version '%s' is not a version of product '%s' (it has %s)",
		    kbug_config_get("bugzilla", "version") ? "[bugzilla]" : "the distribution's",
		    want, s->product, list.len ? list.buf : "none");
		strbuf_release(&list);
		return -EINVAL;
	}
	if (exact ?: mm_match ?: unspec ?: (active == 1 ? only : NULL)) {
		strbuf_addstr(out, exact ?: mm_match ?: unspec ?: only);
		strbuf_release(&list);
		return 0;
	}
	ERR("cannot choose a version of product '%s' among %s: set [bugzilla] version in the config",
	    s->product, list.len ? list.buf : "none");
	strbuf_release(&list);
	return -EINVAL;
}

static const char *const *platforms_for(const char *arch)
{
	static const char *const x86_64[] = { "x86-64", "x86_64", "AMD64", "All", "Other",
					      NULL };
	static const char *const arm64[] = { "ARM64", "arm64", "aarch64", "ARM", "All",
					     "Other", NULL };
	static const char *const i386[] = { "i386", "IA-32", "x86", "All", "Other", NULL };
	static const char *const ppc[] = { "PPC-64", "PowerPC", "PPC", "All", "Other", NULL };
	static const char *const any[] = { "All", "Other", NULL };

	if (!arch)
		return any;
	if (!strcmp(arch, "x86_64"))
		return x86_64;
	if (!strcmp(arch, "aarch64") || !strcmp(arch, "arm64"))
		return arm64;
	if (arch[0] == 'i' && strstr(arch, "86"))
		return i386;
	if (!strncmp(arch, "ppc", 3))
		return ppc;
	return any;
}

/* The POST /rest/bug body: the prepared one, adjusted to what the server has. */
/* The component must be an active one of the product. */
static int check_component(struct bz_send *s, struct json_object *product)
{
	struct json_object *comps = kj_get(product, "components");
	size_t i, n = comps && json_object_is_type(comps, json_type_array) ?
		      json_object_array_length(comps) : 0;
	struct strbuf list = STRBUF_INIT, m = STRBUF_INIT;
	bool found = false;
	int ret = 0;

	for (i = 0; i < n; i++) {
		struct json_object *c = json_object_array_get_idx(comps, i);
		const char *name = kj_get_str(c, "name");

		if (!name || !kj_get_bool(c, "is_active", true))
			continue;
		if (!strcmp(name, s->component))
			found = true;
		if (list.len < 400)
			strbuf_addf(&list, "%s%s", list.len ? ", " : "", name);
	}
	if (!found) {
		strbuf_addf(&m, "unknown component '%s' in product '%s' at %s; its components: %s (give --component)",
			    s->component, s->product, kbug_bz_base(s->bz), list.len ? list.buf : "none");
		ret = fail_known(s, m.buf);
	} else if (!kj_get_bool(product, "is_active", true)) {
		ret = fail_known(s, "the product is closed for new bugs on this server");
	}
	strbuf_release(&list);
	strbuf_release(&m);
	return ret;
}

/*
 * The server's custom fields kbug can fill (the config's [bugzilla-fields],
 * a kernel version, a regression flag); a mandatory one it cannot: fail.
 */
static int custom_fields(struct bz_send *s, struct json_object *bug, struct json_object *fields,
			 struct json_object *hints)
{
	const char *release = kj_get_str(hints, "kernel_release");
	size_t i, n = json_object_array_length(fields);
	struct strbuf m = STRBUF_INIT;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		struct json_object *f = json_object_array_get_idx(fields, i);
		const char *name = kj_get_str(f, "name"), *disp = kj_get_str(f, "display_name");
		int64_t type = kj_get_int(f, "type", 0);

		if (!name || !kj_get_bool(f, "is_custom", false) || strncmp(name, "cf_", 3))
			continue;
		if (kbug_config_get("bugzilla-fields", name)) {
			kj_set_str(bug, name, kbug_config_get("bugzilla-fields", name));
		} else if (type == 1 && release &&
		    ((contains_ci(name, "kernel") && contains_ci(name, "version")) ||
		     (contains_ci(disp, "kernel") && contains_ci(disp, "version")))) {
			kj_set_str(bug, name, release);
		} else if (type == 2 && (contains_ci(name, "regression") ||
					 contains_ci(disp, "regression")) &&
			   kj_get_bool(hints, "regression", false) && field_has(f, "Yes")) {
			kj_set_str(bug, name, "Yes");
		}
		if (kj_get_bool(f, "is_mandatory", false) && !kj_get(bug, name)) {
			strbuf_addf(&m, "this Bugzilla requires the field '%s' (%s) on new bugs and kbug cannot fill it: set it in the config as [bugzilla-fields] %s = VALUE",
				    disp ?: name, name, name);
			ret = fail_known(s, m.buf);
		}
	}
	strbuf_release(&m);
	return ret;
}

static int finalize(struct bz_send *s, struct json_object **out)
{
	struct json_object *bug = NULL, *product = NULL, *fields = NULL;
	struct json_object *hints = kj_get(s->req, "hints");
	struct strbuf version = STRBUF_INIT;
	const char *sev_cands[4] = { NULL, "normal", "medium", NULL };
	static const char *const os_cands[] = { "Linux", "All", "Other", NULL };
	int ret;

	*out = NULL;
	ret = kbug_bz_product(s->bz, s->product, &product);
	if (ret == -ENOENT)
		return fail_known(s, kbug_bz_error(s->bz));
	if (ret)
		return fail_call(s, ret, false);
	ret = check_component(s, product);
	if (ret)
		goto out;
	ret = pick_version(s, product, kj_get_str(hints, "kernel_release"),
			   kj_get_str(hints, "product_version"), &version);
	if (ret) {
		ret = fail_known(s, "no version to file against");
		goto out;
	}
	ret = kbug_bz_fields(s->bz, &fields);
	if (ret) {
		ret = fail_call(s, ret, false);
		goto out;
	}
	if (json_object_deep_copy(kj_get(s->req, "bug"), &bug, NULL) || !bug) {
		ret = -ENOMEM;
		goto out;
	}
	kj_set_str(bug, "product", s->product);
	kj_set_str(bug, "component", s->component);
	kj_set_str(bug, "version", version.buf);
	pick_value(bug, fields, "op_sys", "op_sys", os_cands);
	pick_value(bug, fields, "platform", "rep_platform",
		   platforms_for(kj_get_str(hints, "arch")));
	sev_cands[0] = kj_get_str(bug, "severity") ?: "normal";
	pick_value(bug, fields, "severity", "bug_severity", sev_cands);
	ret = custom_fields(s, bug, fields, hints);
	if (!ret) {
		*out = bug;
		bug = NULL;
	}
out:
	json_object_put(bug);
	json_object_put(product);
	json_object_put(fields);
	strbuf_release(&version);
	return ret;
}

/* Does the bug's comment list hold our marker (in comment 0 only if first_only)? */
static int has_marker(struct bz_send *s, long bug, bool first_only, bool *yes)
{
	struct json_object *cs;
	size_t i, n;
	int ret = kbug_bz_comments(s->bz, bug, &cs);

	*yes = false;
	if (ret)
		return ret;
	n = json_object_array_length(cs);
	for (i = 0; i < n && !*yes; i++) {
		struct json_object *c = json_object_array_get_idx(cs, i);
		const char *t = kj_get_str(c, "text");

		if (first_only && kj_get_int(c, "count", (int64_t)i) != 0)
			continue;
		if (t && strstr(t, s->marker))
			*yes = true;
	}
	json_object_put(cs);
	return 0;
}

/* After an unknown outcome of POST /rest/bug: did it file our bug? */
static int find_own(struct bz_send *s, long *id)
{
	struct json_object *bugs;
	size_t i, n;
	int ret;

	*id = 0;
	ret = kbug_bz_search(s->bz, s->login.len ? NULL : s->product, s->summary,
			     s->login.len ? s->login.buf : NULL, &bugs);
	if (ret)
		return ret;
	n = json_object_array_length(bugs);
	for (i = n; i-- > 0 && !*id;) {
		long b = kj_get_int(json_object_array_get_idx(bugs, i), "id", 0);
		bool yes;

		if (b <= 0)
			continue;
		ret = has_marker(s, b, true, &yes);
		if (ret)
			break;
		if (yes)
			*id = b;
	}
	json_object_put(bugs);
	return ret;
}

/*
 * Open bugs in the product whose summary holds ours. The first is
 * returned in *dup (0 when none), its summary and status in info.
 */
static int find_duplicate(struct bz_send *s, long *dup, struct strbuf *info)
{
	struct json_object *bugs;
	size_t i, n;
	int ret;

	*dup = 0;
	ret = kbug_bz_search(s->bz, s->product, s->summary, NULL, &bugs);
	if (ret)
		return ret;
	n = json_object_array_length(bugs);
	for (i = 0; i < n && !*dup; i++) {
		struct json_object *b = json_object_array_get_idx(bugs, i);
		const char *status = kj_get_str(b, "status");
		bool closed = status && (!strcmp(status, "RESOLVED") ||
					 !strcmp(status, "VERIFIED") || !strcmp(status, "CLOSED"));
		bool open = kj_get(b, "is_open") ? kj_get_bool(b, "is_open", true) : !closed;

		if (!open || kj_get_int(b, "id", 0) <= 0)
			continue;
		*dup = kj_get_int(b, "id", 0);
		strbuf_reset(info);
		strbuf_addf(info, "[%s] %s", status ?: "?", kj_get_str(b, "summary") ?: "");
	}
	json_object_put(bugs);
	return 0;
}

static int comment_on(struct bz_send *s, long bug)
{
	struct json_object *bug_body = kj_get(s->req, "bug");
	struct strbuf text = STRBUF_INIT;
	long cid;
	bool yes = false;
	int ret;

	if (kj_get_bool(s->st, "commenting", false)) {
		ret = has_marker(s, bug, false, &yes);
		if (ret)
			return fail_call(s, ret, false);
	}
	if (!yes) {
		strbuf_addf(&text, "kbug found this bug matching a new report (\"%s\"); here it is.\n\n%s",
			    s->summary, kj_get_str(bug_body, "description") ?: "");
		kj_set_bool(s->st, "commenting", true);
		ret = kbug_outbox_set_state(s->item, KBUG_STATE_SENDING, "POST /rest/bug/ID/comment");
		if (!ret)
			ret = kbug_bz_comment(s->bz, bug, text.buf, &cid);
		strbuf_release(&text);
		if (ret)
			return fail_call(s, ret, true);
		kj_set_int(s->st, "comment_id", cid);
	}
	kj_set_bool(s->st, "commenting", false);
	return record_bug(s, bug);
}

static int create_bug(struct bz_send *s, struct json_object *body)
{
	long id;
	int ret;

	kj_set_bool(s->st, "creating", true);
	ret = kbug_outbox_set_state(s->item, KBUG_STATE_SENDING, "POST /rest/bug");
	if (ret)
		return ret;
	ret = kbug_bz_create(s->bz, body, &id);
	if (ret) {
		ret = fail_call(s, ret, true);
		if (ret != KBUG_DELIVER_UNKNOWN) {
			kj_set_bool(s->st, "creating", false);
			st_save(s);
		}
		return ret;
	}
	kj_set_bool(s->st, "creating", false);
	return record_bug(s, id);
}

static bool str_in(struct json_object *arr, const char *s)
{
	size_t i, n = arr ? json_object_array_length(arr) : 0;

	for (i = 0; i < n; i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s))
			return true;
	return false;
}

/* An upload whose reply was lost: is an attachment of that name by us there? */
static int attachment_there(struct bz_send *s, long bug, const char *name, bool *yes)
{
	struct json_object *atts;
	size_t i, n;
	int ret = kbug_bz_attachments(s->bz, bug, &atts);

	*yes = false;
	if (ret)
		return ret;
	n = json_object_array_length(atts);
	for (i = 0; i < n; i++) {
		struct json_object *a = json_object_array_get_idx(atts, i);
		const char *fn = kj_get_str(a, "file_name"), *who = kj_get_str(a, "creator");

		if (!fn || strcmp(fn, name))
			continue;
		if (!s->login.len || !who || !strcmp(who, s->login.buf))
			*yes = true;
	}
	json_object_put(atts);
	return 0;
}

static int upload_all(struct bz_send *s, long bug)
{
	struct json_object *atts = kj_get(s->req, "attachments"), *done = kj_get(s->st, "attached");
	struct strbuf data = STRBUF_INIT, comment = STRBUF_INIT;
	size_t i, n = atts && json_object_is_type(atts, json_type_array) ?
		      json_object_array_length(atts) : 0;
	int ret = 0;

	if (!done || !json_object_is_type(done, json_type_array)) {
		done = json_object_new_array();
		kj_set(s->st, "attached", done);
	}
	for (i = 0; i < n && !ret; i++) {
		struct json_object *a = json_object_array_get_idx(atts, i);
		const char *name = kj_get_str(a, "file_name"), *file = kj_get_str(a, "file");
		const char *pending = kj_get_str(s->st, "attaching");
		bool yes = false;
		long aid;

		if (!name || !file || str_in(done, name))
			continue;
		if (pending && !strcmp(pending, name)) {
			ret = attachment_there(s, bug, name, &yes);
			if (ret)
				return fail_call(s, ret, false);
		}
		if (!yes) {
			strbuf_reset(&data);
			ret = kbug_outbox_read(s->item, file, &data);
			if (ret) {
				ERR("cannot read '%s' of outbox item %s: %s", file,
				    kbug_outbox_item_id(s->item), strerror(-ret));
				break;
			}
			kj_set_str(s->st, "attaching", name);
			ret = st_save(s);
			if (ret)
				break;
			strbuf_reset(&comment);
			strbuf_addf(&comment, "%s (%s)", name, s->marker);
			ret = kbug_bz_attach(s->bz, bug, name, kj_get_str(a, "summary") ?: name,
					     kj_get_str(a, "content_type") ?: "text/plain",
					     data.buf, data.len, comment.buf, &aid);
			if (ret == -EREMOTEIO && kbug_bz_code(s->bz) == 600) {
				WARN("%s; skipping '%s'", kbug_bz_error(s->bz), name);
				ret = 0;
			} else if (ret) {
				ret = fail_call(s, ret, true);
				break;
			}
		}
		json_object_object_del(s->st, "attaching");
		kj_append_str(done, name);
		ret = st_save(s);
	}
	strbuf_release(&data);
	strbuf_release(&comment);
	return ret;
}

/*
 * A possible duplicate: comment on it (--yes, or the user's 'c'), file a
 * new bug ('n': *dup 0), stop, or ask (KBUG_DELIVER_CHOICE).
 */
static int on_duplicate(struct bz_send *s, long *dup, const char *info)
{
	struct kbug_choice *c = s->o->choice;
	struct strbuf u = STRBUF_INIT;

	if (!c || !(c->asked & (1u << KBUG_CHOICE_DUPLICATE)))
		WARN("possible duplicate: %s %s", kbug_bz_bug_url(s->bz, *dup, &u), info);
	strbuf_release(&u);
	if (c && (c->asked & (1u << KBUG_CHOICE_DUPLICATE))) {
		if (c->duplicate == 'n' || c->duplicate == 'N')
			*dup = 0;
		else if (c->duplicate != 'c' && c->duplicate != 'C')
			return fail_known(s, "stopped at a possible duplicate");
		return 0;
	}
	if (c) {
		c->kind = KBUG_CHOICE_DUPLICATE;
		c->context[0] = '\0';
		c->prompt =
			"Add this report to it as a comment [c], file a new bug [n], or stop [q]? ";
		return KBUG_DELIVER_CHOICE;
	}
	if (!s->o->yes)
		return fail_known(s, "a possible duplicate exists: rerun with --yes to add the report to it, or --new to file a new bug");
	return 0;
}

/* url's key (see key_section and explicit_key_for): 0 or -errno after a message */
static int get_key(const char *url, const struct kbug_deliver_opts *o, struct strbuf *key)
{
	struct strbuf sect = STRBUF_INIT, org = STRBUF_INIT;
	bool mine = explicit_key_for(url, o);
	const char *s = key_section(url, o, &sect);
	int ret = -ENOENT;

	if (mine && o->api_key_file && *o->api_key_file)
		ret = kbug_secret_get(key, o->api_key_file, NULL, NULL);
	else if (s)
		ret = kbug_config_secret(key, s, "api-key", mine ? "KBUG_BUGZILLA_API_KEY" : NULL);
	else if (mine)
		ret = kbug_secret_get(key, NULL, NULL, "KBUG_BUGZILLA_API_KEY");
	if (ret == -ENOENT) {
		kbug_url_origin(url, &org);
		ERR("no Bugzilla API key: give --api-key-file FILE (mode 0600), set api-key-file or api-key-command in a [bugzilla \"%s\"] section of the config (or [bugzilla] with url = %s), or KBUG_BUGZILLA_API_KEY",
		    org.buf, org.buf);
	}
	strbuf_release(&sect);
	strbuf_release(&org);
	return ret;
}

int kbug_bugzilla_connect(const char *url, const struct kbug_deliver_opts *o, bool need_key,
			  struct kbug_bz **out)
{
	struct strbuf key = STRBUF_INIT;
	struct kbug_bz_open_opts bo = { .url = url };
	const char *t = kbug_config_get("bugzilla", "timeout");
	int ret = 0;

	*out = NULL;
	if (need_key) {
		ret = get_key(url, o, &key);
		if (ret)
			goto out;
	}
	bo.api_key = key.len ? key.buf : NULL;
	bo.timeout_s = o->timeout_s ? o->timeout_s : t ? (unsigned int)strtoul(t, NULL, 10) : 0;
	bo.insecure_http = o->bz_insecure_http ||
			   kbug_config_get_bool("bugzilla", "insecure-http", false);
	ret = kbug_bz_open(&bo, out);
out:
	kbug_secret_wipe(&key);
	return ret;
}

/* request.json into s: the product, component and summary it files with. */
static int bz_load(struct bz_send *s, struct strbuf *sb)
{
	struct kbug_outbox_item *item = s->item;
	const struct kbug_deliver_opts *o = s->o;
	struct json_object *state = kbug_outbox_state(item);
	int ret = kbug_outbox_read(item, "request.json", sb);

	if (ret) {
		ERR("outbox item %s has no request.json: %s", kbug_outbox_item_id(item),
		    strerror(-ret));
		return ret;
	}
	s->req = json_tokener_parse(sb->buf);
	if (!s->req || !json_object_is_type(s->req, json_type_object)) {
		ERR("outbox item %s: request.json is not a JSON object", kbug_outbox_item_id(item));
		return -EINVAL;
	}
	s->st = kj_get(state, "bugzilla");
	if (!s->st) {
		s->st = json_object_new_object();
		kj_set(state, "bugzilla", s->st);
	}
	s->marker = kj_get_str(s->req, "marker") ?: "kbug-report-id: ?";
	s->product = o->product && *o->product ? o->product :
		     kj_get_str(kj_get(s->req, "bug"), "product");
	s->component = o->component && *o->component ? o->component :
		       kj_get_str(kj_get(s->req, "bug"), "component");
	s->summary = kj_get_str(kj_get(s->req, "bug"), "summary");
	if (!s->product || !s->component || !s->summary) {
		ERR("outbox item %s: request.json lacks the product, component or summary",
		    kbug_outbox_item_id(item));
		return -EINVAL;
	}
	return 0;
}

/* Connect, check the server and who the key is. */
static int bz_login(struct bz_send *s, struct strbuf *sb)
{
	const struct kbug_deliver_opts *o = s->o;
	const char *url = o->bugzilla_url && *o->bugzilla_url ? o->bugzilla_url :
			  kj_get_str(s->req, "url");
	long uid;
	int ret;

	kbug_log_forget();
	ret = kbug_bugzilla_connect(url, o, true, &s->bz);

	if (ret) {
		/* the reason kbug_bugzilla_connect() logged, kept as it is */
		kbug_outbox_set_state(s->item, KBUG_STATE_FAILED,
				      kbug_log_last_error() ?: "cannot connect to the Bugzilla");
		return ret == -ENOSYS || ret == -ENOMEM ? ret : -EAGAIN;
	}
	strbuf_reset(sb);
	ret = kbug_bz_version(s->bz, sb);
	if (ret)
		return fail_call(s, ret, false);
	INFO("Bugzilla %s at %s", sb->buf, kbug_bz_base(s->bz));
	ret = kbug_bz_whoami(s->bz, kbug_config_get("identity", "email"), &s->login, &uid, NULL);
	if (ret)
		return fail_call(s, ret, false);
	kj_set_str(s->st, "login", s->login.len ? s->login.buf : NULL);
	return 0;
}

/* What an earlier attempt left: the bug it filed, or the duplicate it chose. */
static int bz_resume(struct bz_send *s, long *bug)
{
	const struct kbug_deliver_opts *o = s->o;
	int ret;

	*bug = state_bug_id(s->item);
	if (!*bug && kj_get_bool(s->st, "creating", false)) {
		ret = find_own(s, bug);
		if (ret)
			return fail_call(s, ret, false);
		kj_set_bool(s->st, "creating", false);
		if (*bug) {
			WARN("the earlier attempt did file bug %ld: not filing it again", *bug);
			ret = record_bug(s, *bug);
			if (ret)
				return ret;
		} else {
			INFO("the earlier attempt did not file the bug: filing it now");
		}
	}
	if (!*bug && kj_get_int(s->st, "duplicate_of", 0) > 0 && !o->new_bug && !o->dry_run) {
		ret = comment_on(s, kj_get_int(s->st, "duplicate_of", 0));
		if (ret)
			return ret;
		*bug = state_bug_id(s->item);
	}
	return 0;
}

/* File the bug, or comment on a duplicate; dry run: print what would be POSTed. */
static int bz_file(struct bz_send *s, long *bug)
{
	struct strbuf info = STRBUF_INIT;
	struct json_object *body = NULL;
	long dup = 0;
	int ret = finalize(s, &body);

	if (ret)
		goto out;
	if (s->o->dry_run) {
		/* what would be POSTed, for the preview (KBUG_DELIVER_TRIAL) */
		const char *j = json_object_to_json_string_ext(body, JSON_C_TO_STRING_PRETTY |
							       JSON_C_TO_STRING_NOSLASHESCAPE);
		struct strbuf t = STRBUF_INIT;

		strbuf_addf(&t, "%s\n", j);
		ret = kbug_outbox_write(s->item, "bug.json", t.buf, t.len);
		strbuf_release(&t);
		goto out;
	}
	if (!s->o->new_bug) {
		ret = find_duplicate(s, &dup, &info);
		if (ret) {
			ret = fail_call(s, ret, false);
			goto out;
		}
	}
	if (dup)
		ret = on_duplicate(s, &dup, info.buf);
	if (!ret && dup) {
		kj_set_int(s->st, "duplicate_of", dup);
		ret = comment_on(s, dup);
	} else if (!ret) {
		ret = create_bug(s, body);
	}
	if (!ret)
		*bug = state_bug_id(s->item);
out:
	json_object_put(body);
	strbuf_release(&info);
	return ret;
}

static int bz_send(struct kbug_outbox_item *item, const struct kbug_deliver_opts *o)
{
	struct bz_send s = { .item = item, .o = o, .login = STRBUF_INIT };
	struct strbuf sb = STRBUF_INIT;
	long bug = 0;
	int ret;

	if (bz_is_hand_filing(item))
		return kbug_channel_web.send(item, o);
	ret = bz_load(&s, &sb);
	if (!ret)
		ret = bz_login(&s, &sb);
	if (!ret)
		ret = bz_resume(&s, &bug);
	if (ret)
		goto out;
	if (!bug) {
		ret = bz_file(&s, &bug);
		if (ret || o->dry_run)
			goto out;
	} else if (o->dry_run) {
		INFO("bug %ld is filed already; what remains: the attachments", bug);
		goto out;
	}
	ret = upload_all(&s, bug);
	if (ret)
		goto out;
	/* the callers print "filed: URL", the line scripts wait for */
	ret = kbug_outbox_mark_sent(item);
out:
	json_object_put(s.req);
	kbug_bz_free(s.bz);
	strbuf_release(&s.login);
	strbuf_release(&sb);
	return ret;
}

/*
 * What will be POSTed: request.json, the bug and its attachments' names
 * and sizes; after a trial send() (dry run), the bug as the server's
 * fields made it (bug.json).
 */
static int bz_preview(struct kbug_outbox_item *item, FILE *f, unsigned int flags)
{
	struct strbuf sb = STRBUF_INIT;
	int ret;

	if (bz_is_hand_filing(item))
		return kbug_channel_web.preview(item, f, flags);
	ret = kbug_outbox_read(item, "bug.json", &sb);
	if (ret == -ENOENT)
		ret = kbug_outbox_read(item, "request.json", &sb);

	(void)flags;
	if (!ret)
		fwrite(sb.buf, 1, sb.len, f);
	strbuf_release(&sb);
	return ret;
}

const struct kbug_channel kbug_channel_bugzilla = {
	.name = "bugzilla",
	.text = "bugzilla",
	.accepts = bz_accepts,
	.prepare = bz_prepare,
	.preview = bz_preview,
	.send = bz_send,
};
