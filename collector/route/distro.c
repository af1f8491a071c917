// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Distribution routing (route.h: kbug_route_distro): a distribution's
 * kernel goes to that distribution's tracker, a kernel.org or self-built
 * one upstream. Documentation/admin-guide/reporting-issues.rst: with a
 * vendor kernel, report to the vendor unless the problem happens with a
 * vanilla kernel too. The facts are the collect stage's: distro.kernel
 * (probes/kpkg.c: the maker, the owning package) and kernel.origin
 * (probes/kernel.c); the trackers are the table below, sourced in
 * docs/distro-routing.md. An admin's rule (routes.d, route/rules.c)
 * comes first; [distro] bugs overrides the table's tracker.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/report.h"
#include "core/settings.h"
#include "route/route.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/strbuf.h"

/* One distribution's tracker for kernel bugs (docs/distro-routing.md has the sources). */
struct distro_tracker {
	const char *maker;	/* distro.kernel.maker, os-release's ID */
	const char *name;
	const char *kind;	/* the destination kind: a channel's (deliver/channels.c) */
	const char *url;
	const char *product, *component, *version;	/* Bugzillas; version NULL: the release's */
	const char *address;	/* debbts */
};

static const struct distro_tracker trackers[] = {
	/* debbugs Reporting.html: mail to submit@ with a pseudo-header */
	{ "debian", "Debian", "debbts", "https://bugs.debian.org/", NULL, NULL, NULL,
	  "submit@bugs.debian.org" },
	/* apport's launchpad.py: the linux source package's +filebug page */
	{ "ubuntu", "Ubuntu", "issue-tracker",
	  "https://bugs.launchpad.net/ubuntu/+source/linux/+filebug", NULL, NULL, NULL, NULL },
	/* REDHAT_BUGZILLA_PRODUCT; the spec's Name: kernel; version = VERSION_ID */
	{ "fedora", "Fedora", "bugzilla", "https://bugzilla.redhat.com", "Fedora", "kernel", NULL,
	  NULL },
	/* a Tumbleweed kernel bug's notification (kernel-bugs@opensuse.org) */
	{ "opensuse", "openSUSE", "bugzilla", "https://bugzilla.opensuse.org",
	  "openSUSE Tumbleweed", "Kernel", "Current", NULL },
	/* each package's GitLab project since the bugs.archlinux.org migration */
	{ "arch", "Arch Linux", "issue-tracker",
	  "https://gitlab.archlinux.org/archlinux/packaging/packages/linux/-/issues", NULL, NULL,
	  NULL, NULL },
};

static bool str_is(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static const struct distro_tracker *tracker_for(const char *maker)
{
	size_t i;

	for (i = 0; maker && i < ARRAY_SIZE(trackers); i++)
		if (!strcmp(trackers[i].maker, maker))
			return &trackers[i];
	return NULL;
}

static bool is_forge(const char *url)
{
	return strcasestr(url, "gitlab") || strcasestr(url, "github.com") ||
	       strcasestr(url, "launchpad.net");
}

/* [distro] bugs: a mailto: or a URL instead of the table's tracker. */
static void apply_override(struct json_object *d, const char *bugs, struct strbuf *why)
{
	const char *kind = kj_get_str(d, "kind") ?: "";

	if (!strncasecmp(bugs, "mailto:", 7)) {
		kj_set_str(d, "address", bugs + 7);
		if (strcmp(kind, "debbts")) {
			struct json_object *to = json_object_new_array();

			/* the distribution's address alone (email.c: the route's own To) */
			kj_append_str(to, bugs + 7);
			kj_set(d, "to", to);
			kj_set_str(d, "kind", "email");
		}
	} else if (!strcmp(kind, "debbts") && strcasestr(bugs, "://bugs.debian.org")) {
		/* a page of the BTS itself: filing there is still by mail */
		strbuf_addf(why, "; [distro] bugs = %s is the BTS: filed by mail", bugs);
		return;
	} else {
		kj_set_str(d, "url", bugs);
		if (strcmp(kind, "bugzilla")) {
			static const char *const mail_only[] = { "address", "package", "version",
								 "severity" };
			size_t i;

			/* a web page or a forge instead of the BTS: no mail, no pseudo-header */
			for (i = 0; i < ARRAY_SIZE(mail_only); i++)
				json_object_object_del(d, mail_only[i]);
			kj_set_str(d, "kind", is_forge(bugs) ? "issue-tracker" : "web");
		}
	}
	strbuf_addf(why, "; [distro] bugs = %s overrides the tracker", bugs);
}

/* The Arch tracker of the package that owns the kernel (linux-lts, linux-zen...). */
static void arch_project(struct json_object *d, struct json_object *dk)
{
	const char *pkg = kj_get_str(kj_get(dk, "package"), "name");
	struct strbuf u = STRBUF_INIT;

	/* an Arch package name: lower-case letters, digits, - _ . (alpm's rules) */
	if (!pkg || !strncmp(pkg, "linux-upstream", 14) ||
	    strspn(pkg, "abcdefghijklmnopqrstuvwxyz0123456789-_.") != strlen(pkg))
		return;
	strbuf_addf(&u, "https://gitlab.archlinux.org/archlinux/packaging/packages/%s/-/issues",
		    pkg);
	kj_set_str(d, "url", u.buf);
	strbuf_release(&u);
}

/* The destination for a distribution kernel, or NULL when kbug knows no tracker. */
static struct json_object *distro_destination(struct json_object *os, struct json_object *dk,
					      const char *maker, struct strbuf *why)
{
	const struct distro_tracker *t = tracker_for(maker);
	const char *id = kj_get_str(os, "id") ?: "";
	const char *bug_url = kj_get_str(os, "bug_report_url");
	struct json_object *d = json_object_new_object();

	/* openSUSE: only Tumbleweed's product is confirmed (docs/distro-routing.md) */
	if (t && !strcmp(t->maker, "opensuse") && strcmp(id, "opensuse-tumbleweed"))
		t = NULL;
	if (!t) {
		if (!bug_url) {
			json_object_put(d);
			return NULL;
		}
		kj_set_str(d, "kind", is_forge(bug_url) ? "issue-tracker" : "web");
		kj_set_str(d, "url", bug_url);
		strbuf_addf(why, "kbug has no table entry for %s: os-release's BUG_REPORT_URL",
			    maker ?: id);
		return d;
	}
	kj_set_str(d, "kind", t->kind);
	kj_set_str(d, "url", t->url);
	strbuf_addf(why, "%s's tracker for its kernels", t->name);
	if (!strcmp(t->kind, "bugzilla")) {
		kj_set_str(d, "product", kj_get_str(os, "redhat_bugzilla_product") ?: t->product);
		kj_set_str(d, "component", t->component);
		kj_set_str(d, "version", t->version ?:
			   kj_get_str(os, "redhat_bugzilla_product_version") ?:
			   kj_get_str(os, "version_id"));
	} else if (!strcmp(t->kind, "debbts")) {
		kj_set_str(d, "address", t->address);
		/* reportbug: Submit-As: src:linux (the image's bug control file) */
		kj_set_str(d, "package", "src:linux");
		kj_set_str(d, "version", kj_get_str(dk, "debian_version") ?:
			   kj_get_str(kj_get(dk, "package"), "version"));
		kj_set_str(d, "severity", "normal");
	} else if (!strcmp(t->maker, "arch")) {
		arch_project(d, dk);
	}
	return d;
}

/* Is the running kernel a distribution's? From distro.kernel, else kernel.origin. */
static bool distro_kernel(struct kbug_report *r, struct json_object *dk, const char **maker)
{
	const char *guess = kj_get_str(kj_path(r->root, "kernel.origin"), "guess");

	*maker = kj_get_str(dk, "maker");
	if (dk)
		return kj_get_bool(dk, "distribution_kernel", false);
	*maker = kj_get_str(kbug_report_get(r, "distro"), "id");
	return guess && !strcmp(guess, "distribution");
}

int kbug_route_distro(struct kbug_report *r, const struct kbug_distro_opts *o)
{
	struct json_object *rt = kbug_report_get(r, "route");
	struct json_object *os = kbug_report_get(r, "distro"), *dk = kj_get(os, "kernel");
	struct json_object *info, *dest = NULL;
	struct strbuf why = STRBUF_INIT;
	const char *maker = NULL, *bugs;
	bool dist;

	if (!rt)
		return 0;
	info = json_object_new_object();
	dist = distro_kernel(r, dk, &maker);
	kj_set_str(info, "id", maker ?: kj_get_str(os, "id"));
	kj_set_str(info, "kernel", dist ? "distribution" :
		   kj_get_str(kj_path(r->root, "kernel.origin"), "guess") ?: "unknown");
	if (kbug_route_rules(r, o ? o->upstream : false)) {
		kj_set_str(info, "goes", "rule");
		kj_set_str(info, "reason", "a routing rule matched (routes.d)");
	} else if (kj_get_bool(rt, "out_of_tree", false)) {
		kj_set_str(info, "goes", "vendor");
		kj_set_str(info, "reason", "an out-of-tree module's vendor takes it, whoever built the kernel");
	} else if (!dist) {
		kj_set_str(info, "goes", "upstream");
		kj_set_str(info, "reason", dk || maker ? "not a distribution's kernel (kernel.org's or "
			   "self-built): upstream takes it" :
			   "no sign of a distribution's kernel: upstream takes it");
	} else if (o && o->upstream) {
		kj_set_str(info, "goes", "upstream");
		kj_set_str(info, "reason", o->upstream_why ?: "--upstream: the problem happens with a vanilla kernel too");
	} else {
		dest = distro_destination(os, dk, maker, &why);
		bugs = kbug_config_get("distro", "bugs");
		if (!dest && bugs && *bugs) {
			dest = json_object_new_object();
			kj_set_str(dest, "kind", "web");
		}
		if (dest && bugs && *bugs)
			apply_override(dest, bugs, &why);
		if (dest) {
			kj_set_str(info, "goes", "distribution");
			kj_set_str(info, "tracker", str_is(kj_get_str(dest, "kind"), "debbts") ?
				   kj_get_str(dest, "address") : kj_get_str(dest, "url") ?:
				   kj_get_str(dest, "address"));
			strbuf_addstr(&why, "; reporting-issues.rst: a distribution's kernel is reported to the distribution unless it also happens with a vanilla kernel (--upstream)");
			kj_set_str(info, "reason", why.buf);
			kj_set_str(dest, "distribution", maker);
			/* the upstream route stays, for --upstream and the BTS's X-Debbugs-Cc */
			kj_set(rt, "upstream_destination",
			       json_object_get(kj_get(rt, "destination")));
			kj_set(rt, "destination", dest);
		} else {
			kj_set_str(info, "goes", "upstream");
			kj_set_str(info, "reason", "a distribution's kernel, but kbug knows no tracker for it (no BUG_REPORT_URL, no [distro] bugs): upstream");
		}
	}
	kj_set(rt, "distribution", info);
	strbuf_release(&why);
	return 0;
}
