// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The draft (deliver.h: kbug_draft_make), the one writer of the report's
 * "draft" section: the title, what the user asked for, and the notes of
 * Documentation/admin-guide/reporting-issues.rst's checks (a tainted, a
 * distribution, an old kernel). And the channel for the route.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "analyze/analyze.h"
#include "core/settings.h"
#include "deliver/deliver.h"
#include "deliver/template.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

/* A build date "YYYY-MM-DD" or "Mon DD hh:mm:ss ZZZ YYYY" in the version string. */
static time_t iso_date(const char *v)
{
	struct tm tm = { 0 };
	const char *p;
	int y, m, d;

	for (p = v; p && *p; p++) {
		if (sscanf(p, "%4d-%2d-%2d", &y, &m, &d) == 3 && y > 1990 && y < 2200 &&
		    m >= 1 && m <= 12 && d >= 1 && d <= 31) {
			tm.tm_year = y - 1900;
			tm.tm_mon = m - 1;
			tm.tm_mday = d;
			return timegm(&tm);
		}
	}
	return 0;
}

static time_t version_date(const char *v)
{
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm = { 0 };
	time_t t = iso_date(v);
	const char *p;
	int y, d;
	size_t i;

	for (i = 0; !t && v && i < 12; i++) {
		p = strstr(v, mon[i]);
		while (p) {
			const char *yr = p + strlen(p);

			while (yr > p && !isdigit((unsigned char)yr[-1]))
				yr--;
			if (yr - p > 4 && sscanf(yr - 4, "%4d", &y) == 1 && y > 1990 &&
			    sscanf(p + 3, "%d", &d) == 1 && d >= 1 && d <= 31) {
				tm.tm_year = y - 1900;
				tm.tm_mon = (int)i;
				tm.tm_mday = d;
				return timegm(&tm);
			}
			p = strstr(p + 3, mon[i]);
		}
	}
	return t;
}

static void add_note(struct json_object *notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_note(struct json_object *notes, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	kj_append_str(notes, sb.buf);
	strbuf_release(&sb);
}

/*
 * The check that made the note just added, by its index in "notes": a
 * front end asks its question instead (front-guide.c's table).
 */
static void mark_check(struct json_object *checks, const char *id, struct json_object *notes)
{
	kj_set_int(checks, id, (int64_t)json_object_array_length(notes) - 1);
}

static void check_guidelines(struct kbug_report *r, struct json_object *rep,
			     struct json_object *notes, struct json_object *checks)
{
	struct json_object *k = kbug_report_get(r, "kernel");
	struct json_object *t = kj_get(k, "tainted"), *o = kj_get(k, "origin");
	const char *flags = kj_get_str(t, "flags") ?: kj_get_str(rep, "taint");
	const char *guess = kj_get_str(o, "guess");
	const char *bugs = kbug_config_get("distro", "bugs");
	const char *pretty = kj_get_str(kbug_report_get(r, "distro"), "pretty_name");
	struct json_object *dist = kj_path(r->root, "route.distribution");
	const char *dgoes = kj_get_str(dist, "goes");
	struct strbuf mods = STRBUF_INIT;
	time_t built = version_date(kj_get_str(k, "version"));
	struct json_object *tm = kj_get(t, "modules");

	/* tainted: which module, and that upstream may refuse it */
	if ((t && kj_get_int(t, "value", 0)) || (!t && flags && *flags && strcmp(flags, "G"))) {
		kbug_taint_modules(&mods, tm);
		add_note(notes,
			 "the kernel is tainted (%s)%s%s: if a proprietary or out-of-tree module (P, O, E) tainted it, upstream developers may ignore the report; reproduce it without that module loaded if you can",
			 flags ?: "?", mods.len ? ", by " : "", mods.buf);
		mark_check(checks, "tainted", notes);
	}
	/* a distribution kernel: where route/distro.c sent it */
	if (dgoes && !strcmp(dgoes, "distribution")) {
		add_note(notes,
			 "this is %s's kernel (%s): the report goes to the distribution's tracker, %s; reproduce it with a vanilla kernel from kernel.org before reporting it upstream (kbug report --upstream)",
			 kj_get_str(dist, "id") ?: "a distribution", pretty ?: "?",
			 kj_get_str(dist, "tracker") ?: "?");
	} else if (dgoes && !strcmp(dgoes, "upstream") &&
		   !strcmp(kj_get_str(dist, "kernel") ?: "", "distribution")) {
		add_note(notes,
			 "this is %s's kernel, reported upstream because %s: say in the report which vanilla kernel shows the problem too",
			 kj_get_str(dist, "id") ?: "a distribution",
			 kj_get_str(dist, "reason") ?: "you said a vanilla kernel has it too");
	} else if (!dist && guess && (strstr(guess, "distr") || strstr(guess, "vendor"))) {
		add_note(notes,
			 "this looks like a distribution kernel (%s%s%s): upstream wants reports against a current mainline or stable kernel; %s%s",
			 guess, pretty ? ", " : "", pretty ?: "",
			 bugs ? "the distribution takes reports at " : "report it to your distribution first, or reproduce it with a vanilla kernel",
			 bugs ?: "");
	}
	/* an old kernel */
	if (built && time(NULL) - built > 180L * 24 * 3600) {
		char d[16];
		struct tm tmv;

		gmtime_r(&built, &tmv);
		strftime(d, sizeof(d), "%Y-%m-%d", &tmv);
		add_note(notes,
			 "this kernel was built on %s, more than six months ago: check whether the problem still happens with the latest stable or mainline release (https://kernel.org)",
			 d);
		mark_check(checks, "old", notes);
	}
	strbuf_release(&mods);
}

int kbug_draft_make(struct kbug_report *r, const struct kbug_draft_opts *o)
{
	struct json_object *d = json_object_new_object(), *notes, *checks;
	struct json_object *rep = kbug_analyze_report_at(r, o->report_index);
	struct strbuf title = STRBUF_INIT;

	if (rep && kj_get_str(rep, "title"))
		strbuf_addstr(&title, kj_get_str(rep, "title"));
	else if (o->module || o->driver)
		strbuf_addf(&title, "problem with the %s %s", o->module ? "module" : "driver",
			    o->module ?: o->driver);
	else if (o->device)
		strbuf_addf(&title, "problem with the device %s", o->device);
	else if (o->file)
		strbuf_addf(&title, "problem in %s", o->file);
	kj_set_str(d, "title", title.buf);
	/* no report's title: kbug made one up, the user is asked for a better one */
	kj_set_bool(d, "title_invented", !(rep && kj_get_str(rep, "title")));
	kj_set_str(d, "summary", o->summary);
	kj_set_str(d, "why", o->why);
	if (rep)
		kj_set_int(d, "report_index", o->report_index);
	kj_set_str(d, "module", o->module);
	kj_set_str(d, "driver", o->driver);
	kj_set_str(d, "device", o->device);
	if (o->last_good) {
		struct json_object *reg = json_object_new_object();

		kj_set_str(reg, "last_good", o->last_good);
		kj_set(d, "regression", reg);
	}
	notes = json_object_new_array();
	checks = json_object_new_object();
	check_guidelines(r, rep, notes, checks);
	kj_set(d, "notes", notes);
	kj_set(d, "checks", checks);
	kbug_report_set(r, "draft", d);
	strbuf_release(&title);
	return 0;
}

void kbug_draft_describe(struct kbug_report *r, const char *text)
{
	struct json_object *d = kbug_report_get(r, "draft");

	if (d && text && *text)
		kj_set_str(d, "description", text);
}

static const char *const why_kind[][2] = {
	{ "bugzilla", "the section's B: is a Bugzilla" },
	{ "mailto", "the section's B: is a mail address" },
	{ "issue-tracker", "the section's B: is an issue tracker" },
	{ "web", "the section's B: is a web page" },
};

const struct kbug_channel *kbug_channel_pick(struct kbug_report *r, const char *to,
					     struct strbuf *why)
{
	const char *kind = kj_get_str(kj_path(r->root, "route.destination"), "kind") ?: "email";
	const char *goes;
	const struct kbug_channel *c;
	size_t i;

	if (to && (!strcmp(to, "email") || !strcmp(to, "bugzilla"))) {
		c = kbug_channel_find(to);
		strbuf_addf(why, "--to %s", to);
		if (!c)
			ERR("this kbug has no '%s' channel", to);
		return c;
	}
	c = kbug_channel_for(kind);
	/* route/distro.c put a distribution's tracker or a routes.d rule's destination there */
	goes = kj_get_str(kj_path(r->root, "route.distribution"), "goes");
	if (c && goes && (!strcmp(goes, "distribution") || !strcmp(goes, "rule"))) {
		strbuf_addstr(why, strcmp(goes, "rule") ? "the distribution's tracker" :
			      "a routes.d rule");
		return c;
	}
	for (i = 0; i < ARRAY_SIZE(why_kind); i++)
		if (!strcmp(kind, why_kind[i][0]))
			break;
	strbuf_addstr(why, i < ARRAY_SIZE(why_kind) ? why_kind[i][1] :
		      "no B: entry: email the maintainers and lists");
	if (!c) {
		strbuf_addstr(why, ", but this kbug has no channel for it: sending email instead");
		c = &kbug_channel_email;
	}
	return c;
}
