// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bridge (issue 21): a bug filed in a Bugzilla is invisible to the
 * mailing lists where the subsystem's developers read. After kbug files
 * one, it offers one short notice to the section's L: lists (the title,
 * the guilty file, the bug's URL, two lines of the crash), never twice
 * for one bug, and none where the tracker already mirrors its bugs to
 * the lists (the table below). The notice goes through the outbox as a
 * mail of the channel mail-followup, which records the bug it is for.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyze/analyze.h"
#include "core/report.h"
#include "core/settings.h"
#include "deliver/bridge.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "deliver/public-inbox.h"
#include "util/argv.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/prompt.h"
#include "util/strbuf.h"

/*
 * Tracker components whose new bugs already reach the lists, so a notice
 * would only say it twice. Where each fact comes from:
 *  - bugzilla.kernel.org, Kernel/Kernel: the catch-all product of
 *    kernel.org's bugzilla, whose bugs kernel.org's bug bot ("bugbot",
 *    the bugspray service) mails to the lists of the MAINTAINERS entries
 *    once a triager has looked at them; the plan is Konstantin Ryabitsev's
 *    (LKML, 2022-10-04, "Re: Planned changes for bugzilla.kernel.org to
 *    reduce the 'Bugzilla blues'", steps 1-5). kernel.org documents the
 *    bot at https://korg.docs.kernel.org/bugspray.html.
 * A component set up for the bot later is added with the config's
 * [bridge] mirrored = PRODUCT/COMPONENT, ... (host-independent).
 */
static const struct {
	const char *host, *product, *component;
} mirrored[] = {
	{ "bugzilla.kernel.org", "Kernel", "Kernel" },
};

/* "PRODUCT/COMPONENT" in the config's comma-separated [bridge] mirrored. */
static bool config_mirrored(const char *product, const char *component)
{
	const char *v = kbug_config_get("bridge", "mirrored");
	struct strbuf want = STRBUF_INIT;
	const char *p;
	bool found = false;

	if (!v)
		return false;
	strbuf_addf(&want, "%s/%s", product, component);
	for (p = v; p && *p && !found; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, ",");
		while (n && p[n - 1] == ' ')
			n--;
		found = n == want.len && !strncasecmp(p, want.buf, n);
	}
	strbuf_release(&want);
	return found;
}

bool kbug_bridge_mirrored(const char *url, const char *product, const char *component)
{
	size_t i;

	if (!product || !component)
		return false;
	for (i = 0; i < ARRAY_SIZE(mirrored); i++)
		if (url && strstr(url, mirrored[i].host) && !strcmp(product, mirrored[i].product) &&
		    !strcmp(component, mirrored[i].component))
			return true;
	return config_mirrored(product, component);
}

/* A notice for this bug in the outbox already (waiting or sent): its id, or NULL. */
static char *noticed(const char *outbox, const char *url)
{
	static const enum kbug_outbox_where where[] = { KBUG_OUTBOX_WAITING, KBUG_OUTBOX_SENT };
	char *found = NULL;
	size_t w;

	for (w = 0; w < ARRAY_SIZE(where) && !found; w++) {
		char **ids = NULL;
		int i, n = kbug_outbox_list(outbox, where[w], &ids);

		for (i = 0; i < n && !found; i++) {
			struct kbug_outbox_item *it;
			const char *f;

			if (kbug_outbox_open(outbox, ids[i], where[w], &it))
				continue;
			f = kj_get_str(kbug_outbox_state(it), "notice_for");
			if (f && !strcmp(f, url))
				found = strdup(ids[i]);
			kbug_outbox_item_free(it);
		}
		kbug_argv_free(ids);
	}
	return found;
}

/* The product and component the bug was filed with (the item's request.json). */
static void filed_as(const char *outbox, const char *id, struct strbuf *product,
		     struct strbuf *component)
{
	struct kbug_outbox_item *it;
	struct strbuf sb = STRBUF_INIT;
	struct json_object *req = NULL, *bug;

	if (!id || kbug_outbox_open(outbox, id, KBUG_OUTBOX_SENT, &it))
		return;
	if (!kbug_outbox_read(it, "request.json", &sb))
		req = json_tokener_parse(sb.buf);
	bug = kj_get(req, "bug");
	strbuf_addstr(product, kj_get_str(bug, "product") ?: "");
	strbuf_addstr(component, kj_get_str(bug, "component") ?: "");
	json_object_put(req);
	strbuf_release(&sb);
	kbug_outbox_item_free(it);
}

/* Two lines of the crash: its first two lines that say something. */
static void two_lines(const char *text, struct strbuf *out)
{
	const char *p = text ?: "", *nl;
	int n = 0;

	while (*p && n < 2) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		if (nl - p > 2) {
			strbuf_addf(out, "  %.*s\n", (int)(nl - p > 100 ? 100 : nl - p), p);
			n++;
		}
		p = *nl ? nl + 1 : nl;
	}
}

int kbug_bridge_offer(struct kbug_report *r, const struct kbug_deliver_opts *o,
		      const char *outbox, int want)
{
	struct json_object *dl = kbug_report_get(r, "delivery"), *rt = kbug_report_get(r, "route");
	struct json_object *dest = kj_get(rt, "destination"), *lists = kj_get(rt, "lists");
	int idx = (int)kj_get_int(kbug_report_get(r, "draft"), "report_index", -1);
	struct json_object *rep = kbug_analyze_report_at(r, idx);
	struct json_object *fu = NULL, *to;
	struct kbug_delivery d = { .mode = KBUG_DELIVER_SEND, .outbox = outbox,
				   .channel = &kbug_channel_mail_followup };
	struct strbuf names = STRBUF_INIT, body = STRBUF_INIT, subj = STRBUF_INIT;
	struct strbuf dir = STRBUF_INIT;
	struct strbuf product = STRBUF_INIT, component = STRBUF_INIT;
	struct json_object *own = NULL;
	size_t sec = 0;
	const char *url = kj_get_str(dl, "url"), *title;
	struct kbug_report note;
	char *dup = NULL;
	size_t i, n = lists && json_object_is_type(lists, json_type_array) ?
		      json_object_array_length(lists) : 0;
	int ret = 0;

	if (!url || !kj_get_str(dl, "bug_id") || strcmp(kj_get_str(dl, "state") ?: "", "sent"))
		return 0;	/* no bug filed: nothing to tell */
	/* no --outbox: the user's (the item lookups below need a directory) */
	if (kbug_outbox_dir(&dir, outbox)) {
		strbuf_release(&dir);
		return 0;
	}
	outbox = dir.buf;
	d.outbox = outbox;
	own = json_object_new_array();
	/*
	 * The section's own lists: role "open list:SECTION" (route.c writes
	 * get_maintainer.pl's roles); LKML from THE REST ("open list") is not
	 * the section's and reads everything anyway.
	 */
	for (i = 0; i < n; i++) {
		struct json_object *l = json_object_array_get_idx(lists, i);
		const char *ad = kj_get_str(l, "address");

		if (ad && strchr(kj_get_str(l, "role") ?: "", ':')) {
			strbuf_addf(&names, "%s%s", sec ? ", " : "", ad);
			kj_append_str(own, ad);
			sec++;
		}
	}
	n = sec;
	if (!n) {
		INFO("the section has no L: list to tell about %s", url);
		goto out;
	}
	filed_as(outbox, kj_get_str(dl, "id"), &product, &component);
	if (!product.len) {	/* not recorded: what the route named */
		strbuf_addstr(&product, kj_get_str(dest, "product") ?: "");
		strbuf_addstr(&component, kj_get_str(dest, "component") ?: "");
	}
	if (kbug_bridge_mirrored(url, product.buf, component.buf)) {
		fprintf(stderr, "Note:     %s/%s is mirrored to the lists already: no notice to %s\n",
			product.buf, component.buf, names.buf);
		goto out;
	}
	dup = noticed(outbox, url);
	if (dup) {
		fprintf(stderr, "Note:     the lists were told about %s already (%s): not again\n",
			url, dup);
		goto out;
	}
	if (want < 0 && kbug_interactive(o->yes)) {
		fprintf(stderr, "The lists %s do not see Bugzilla.\n", names.buf);
		want = kbug_ask_yes("Send them a short notice with the bug's URL? [Y/n] ", true);
	} else if (want < 0) {
		fprintf(stderr, "Note:     the lists %s were not told about the bug: %s\n",
			names.buf, "kbug report --notify-lists sends them a short notice");
		goto out;
	}
	if (!want)
		goto out;
	title = kj_get_str(kbug_report_get(r, "draft"), "title") ?: "a kernel bug";
	strbuf_addf(&subj, "Bug filed: %s", title);
	strbuf_addf(&body, "A bug was filed in Bugzilla for this list's section:\n\n  %s\n  %s\n",
		    title, url);
	if (kj_get_str(rep, "guilty_file"))
		strbuf_addf(&body, "  Guilty file: %s\n", kj_get_str(rep, "guilty_file"));
	strbuf_addch(&body, '\n');
	two_lines(kj_get_str(rep, "text"), &body);
	strbuf_addf(&body, "\nThe report, its log and files are on the bug: please answer there.\n"
		    "(kbug sends one such notice per bug.)\n");
	fu = json_object_new_object();
	to = json_object_new_array();
	for (i = 0; i < n; i++) {
		struct json_object *p = json_object_new_object();

		kj_set_str(p, "addr", json_object_get_string(json_object_array_get_idx(own, i)));
		kj_append(to, p);
	}
	kj_set(fu, "to", to);
	kj_set_str(fu, "subject", subj.buf);
	kj_set_str(fu, "body", body.buf);
	kj_set_str(fu, "notice_for", url);
	kj_set(fu, "files", json_object_new_array());
	/* the notice holds only what the sealed report and the bug say: sealed empty */
	if (kbug_report_init(&note)) {
		ret = -ENOMEM;
		goto out;
	}
	if (!kbug_report_seal(&note)) {
		kbug_report_set(&note, "followup", json_object_get(fu));
		ret = kbug_deliver(&note, o, &d);
	} else {
		ret = -EINVAL;
	}
	if (!ret)
		fprintf(stderr, "Told the lists: %s (%s)\n", names.buf,
			kbug_outbox_item_id(d.item));
	else if (d.saved)
		fprintf(stderr, "The notice to %s waits in the outbox as %s: kbug outbox --retry %s\n",
			names.buf, kbug_outbox_item_id(d.item), kbug_outbox_item_id(d.item));
	kbug_outbox_item_free(d.item);
	kbug_report_release(&note);
out:
	json_object_put(fu);
	json_object_put(own);
	free(dup);
	strbuf_release(&product);
	strbuf_release(&component);
	strbuf_release(&names);
	strbuf_release(&body);
	strbuf_release(&subj);
	strbuf_release(&dir);
	return ret;
}
