/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>

#include "util/strbuf.h"

/*
 * The MAINTAINERS of a kernel version, fetched into the cache that
 * `kbug route` reads ($XDG_CACHE_HOME/kbug/MAINTAINERS): `kbug
 * maintainers --update`. Each call returns 0, or a negative errno with
 * the reason, in words, in why.
 */

#define KBUG_MAINT_FETCH_TIMEOUT 60L	/* seconds, unless the user says */

/* The version to fetch, and where it came from (for the user). */
struct kbug_maint_pick {
	struct strbuf ver;	/* "6.18.44", "6.13", "6.13-rc3": the tag without its 'v' */
	struct strbuf from;	/* "the release '6.18.44-foo'" */
	bool stable;		/* X.Y.Z with Z > 0: the stable tree has the tag */
};

#define KBUG_MAINT_PICK_INIT { STRBUF_INIT, STRBUF_INIT, false }

void kbug_maint_pick_release(struct kbug_maint_pick *p);

/*
 * The running kernel's tag, from its release (through --sysroot): "6.18.44-foo"
 * -> 6.18.44, "6.13.0-rc3" -> 6.13-rc3, Fedora's "6.12.0-0.rc3.31.fc42" ->
 * 6.12-rc3; a release without a stable level ("6.1.0-27-amd64") takes it
 * from /proc/version's distribution version ("Debian 6.1.115-1") when X.Y agree.
 */
int kbug_maint_pick_running(struct kbug_maint_pick *p, struct strbuf *why);
/* The same from a release and a /proc/version text (NULL: none). */
int kbug_maint_pick_from(const char *rel, const char *pv, struct kbug_maint_pick *p,
			 struct strbuf *why);
/* --version V: X.Y, X.Y.Z or X.Y-rcN, a 'v' before it allowed; -EINVAL otherwise. */
int kbug_maint_pick_version(const char *arg, struct kbug_maint_pick *p);

/* A URL template: http:// or https://, a host, exactly one %v and no other %, no blanks. */
int kbug_maint_url_check(const char *t, struct strbuf *why);
/*
 * The URL of p's version: from the template arg (--url), else the config's
 * [route] maintainers-url, else git.kernel.org's stable or mainline tree.
 */
int kbug_maint_url(const char *arg, const struct kbug_maint_pick *p, struct strbuf *url,
		   struct strbuf *why);

/* GET url into body: bounded in time (seconds), size and redirects; TLS verified. */
int kbug_maint_fetch(const char *url, long timeout, struct strbuf *body, struct strbuf *why);
/*
 * Is body (inflated in place if gzip'd) a whole MAINTAINERS: parsed, enough
 * sections, few warnings, THE REST present? *nsec gets its section count.
 */
int kbug_maint_check_text(struct strbuf *body, const char *url, unsigned int *nsec,
			  struct strbuf *why);
/* text and version into dir/MAINTAINERS and dir/MAINTAINERS.version, atomically. */
int kbug_maint_install(const char *dir, const struct strbuf *text, const char *version,
		       struct strbuf *why);
