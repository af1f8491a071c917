// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The MAINTAINERS of a kernel version, fetched for `kbug maintainers
 * --update`: which version the running kernel's tag is, the URL it is
 * fetched from (a template with %v), the bounded download (libcurl,
 * loaded on demand), the checks that the body is a whole MAINTAINERS,
 * and its atomic installation as the cached copy that kbug route reads.
 * Errors come back as words in a strbuf; the command does the talking.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/settings.h"
#include "util/http.h"
#include "route/fetch.h"
#include "route/route.h"
#include "util/fs.h"
#include "util/gz.h"
#include "util/json.h"
#include "util/log.h"
#include "util/path.h"
#include "util/pcre2.h"
#include "util/strbuf.h"

#define DL_MAX (16u << 20)		/* a larger download is refused */
#define DL_REDIRS 5L
#define MIN_SECTIONS 100u		/* a kernel's MAINTAINERS has thousands */

#define GITWEB "https://git.kernel.org/pub/scm/linux/kernel/git/"
#define STABLE_URL GITWEB "stable/linux.git/plain/MAINTAINERS?h=v%v"
#define MAINLINE_URL GITWEB "torvalds/linux.git/plain/MAINTAINERS?h=v%v"


void kbug_maint_pick_release(struct kbug_maint_pick *p)
{
	strbuf_release(&p->ver);
	strbuf_release(&p->from);
}

/* A kernel version as its git tag names it: v6.18.44, v6.13, v6.13-rc3 */
struct kver {
	long x, y, z;		/* z 0: a mainline tag */
	long rc;		/* 0: not a release candidate */
};

/* A decimal number of 1 to 6 digits at *s, which moves past it; -1 if none. */
static long kver_num(const char **s)
{
	long n = 0;
	int i;

	for (i = 0; i < 6 && isdigit((unsigned char)**s); i++, (*s)++)
		n = n * 10 + (**s - '0');
	return i && !isdigit((unsigned char)**s) ? n : -1;
}

/*
 * "X.Y[.Z][-rcN]" at the start of s (Debian writes "~rcN"); *end points
 * past it. An -rcN after a stable level (a stable-rc build) is dropped.
 */
static int kver_parse(const char *s, struct kver *v, const char **end)
{
	const char *r;

	memset(v, 0, sizeof(*v));
	v->x = kver_num(&s);
	if (v->x < 0 || *s++ != '.')
		return -EINVAL;
	v->y = kver_num(&s);
	if (v->y < 0)
		return -EINVAL;
	if (s[0] == '.' && isdigit((unsigned char)s[1])) {
		s++;
		v->z = kver_num(&s);
		if (v->z < 0)
			return -EINVAL;
	}
	if ((s[0] == '-' || s[0] == '~') && !strncmp(s + 1, "rc", 2)) {
		r = s + 3;
		v->rc = kver_num(&r);
		if (v->rc > 0)
			s = r;
		if (v->rc < 0 || v->z)
			v->rc = 0;
	}
	*end = s;
	return 0;
}

static void kver_format(const struct kver *v, struct kbug_maint_pick *p)
{
	strbuf_reset(&p->ver);
	strbuf_addf(&p->ver, "%ld.%ld", v->x, v->y);
	if (v->z)
		strbuf_addf(&p->ver, ".%ld", v->z);
	else if (v->rc)
		strbuf_addf(&p->ver, "-rc%ld", v->rc);
	p->stable = v->z > 0;
}

/*
 * The upstream version a distribution names in /proc/version, after the
 * build number: "#1 SMP ... Debian 6.1.115-1 (2024-11-01)", Ubuntu's
 * "(Ubuntu 6.8.0-45.45-generic 6.8.12)". The compiler's "(Debian 12.2.0-14)"
 * comes before the '#'. Its text goes to label.
 */
static int distro_version(const char *pv, struct kver *v, struct strbuf *label)
{
	const char *start = strrchr(pv, '#'), *p, *q, *w, *end;

	start = start ? start : pv;
	p = strstr(start, " Debian ");
	if (p && !kver_parse(p + 8, v, &end)) {
		strbuf_add(label, p + 1, 7 + strcspn(p + 8, "\n "));
		return 0;
	}
	p = strstr(start, "(Ubuntu ");
	q = p ? strchr(p, ')') : NULL;
	if (q) {
		for (w = q; w > p && w[-1] != ' '; w--)
			;
		if (w > p + 8 && !kver_parse(w, v, &end) && end == q) {
			strbuf_add(label, p + 1, (size_t)(q - p - 1));
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * The tag of a kernel whose release is rel ("6.18.44-foo", "6.13.0-rc3",
 * Fedora's "6.12.0-0.rc3.31.fc42") and whose /proc/version is pv (NULL if
 * unread): pv's distribution version when the release has no stable
 * level (Debian's "6.1.0-27-amd64"). 0, or -EINVAL with the reason in why.
 */
int kbug_maint_pick_from(const char *rel, const char *pv, struct kbug_maint_pick *p,
			 struct strbuf *why)
{
	struct strbuf label = STRBUF_INIT;
	struct kver v, d;
	const char *end;

	if (kver_parse(rel, &v, &end)) {
		strbuf_addf(why, "cannot tell a kernel version from the release '%s'", rel);
		return -EINVAL;
	}
	if (!v.z && !v.rc && !strncmp(end, "-0.rc", 5)) {
		const char *r = end + 5;
		long rc = kver_num(&r);

		v.rc = rc > 0 && *r == '.' ? rc : 0;
	}
	strbuf_addf(&p->from, "the release '%s'", rel);
	if (!v.z && !v.rc && pv && !distro_version(pv, &d, &label) && d.x == v.x &&
	    d.y == v.y && (d.z || d.rc)) {
		v = d;
		strbuf_addf(&p->from, " and /proc/version's '%s'", label.buf);
	}
	kver_format(&v, p);
	strbuf_release(&label);
	return 0;
}

int kbug_maint_pick_running(struct kbug_maint_pick *p, struct strbuf *why)
{
	struct strbuf rel = STRBUF_INIT, pv = STRBUF_INIT;
	int ret = kbug_os_release(&rel);

	if (ret)
		strbuf_addf(why, "cannot read the running kernel's release: %s", strerror(-ret));
	else
		ret = kbug_maint_pick_from(rel.buf, kbug_path_read(&pv, "/proc/version", 4096) > 0 ?
					   pv.buf : NULL, p, why);
	strbuf_release(&rel);
	strbuf_release(&pv);
	return ret;
}

/* --version V: X.Y, X.Y.Z or X.Y-rcN, a 'v' before it allowed */
int kbug_maint_pick_version(const char *arg, struct kbug_maint_pick *p)
{
	struct kver v;
	const char *end;

	if (kver_parse(arg + (*arg == 'v'), &v, &end) || *end)
		return -EINVAL;
	kver_format(&v, p);
	strbuf_addstr(&p->from, "--version");
	return 0;
}

/* http:// or https://, a host, exactly one %v and no other %, no blanks */
int kbug_maint_url_check(const char *t, struct strbuf *why)
{
	const char *rest = NULL, *pct = strchr(t, '%');
	size_t i;

	if (!strncasecmp(t, "https://", 8))
		rest = t + 8;
	else if (!strncasecmp(t, "http://", 7))
		rest = t + 7;
	if (!rest) {
		strbuf_addf(why, "'%s' is not an http:// or https:// URL", t);
		return -EINVAL;
	}
	if (!*rest || strchr("/:?#", *rest)) {
		strbuf_addf(why, "'%s' has no host", t);
		return -EINVAL;
	}
	for (i = 0; t[i]; i++) {
		if ((unsigned char)t[i] <= ' ' || t[i] == 0x7f) {
			strbuf_addf(why, "'%s' holds a blank or a control character", t);
			return -EINVAL;
		}
	}
	if (!pct || pct[1] != 'v' || strchr(pct + 2, '%')) {
		strbuf_addf(why, "'%s' needs exactly one %%v (where the version goes) and no other %%",
			    t);
		return -EINVAL;
	}
	return 0;
}

/*
 * The URL to fetch p's version from: the template --url, else the
 * config's [route] maintainers-url, else git.kernel.org's. 0, or -EINVAL
 * with the reason in why, which names the template's origin.
 */
int kbug_maint_url(const char *arg, const struct kbug_maint_pick *p, struct strbuf *url,
		   struct strbuf *why)
{
	const char *t = arg ? arg : kbug_config_get("route", "maintainers-url");
	const char *pct;

	if (!t)
		t = p->stable ? STABLE_URL : MAINLINE_URL;
	else
		strbuf_addstr(why, arg ? "--url " : "[route] maintainers-url in the config: ");
	if (kbug_maint_url_check(t, why))
		return -EINVAL;
	strbuf_reset(why);
	pct = strchr(t, '%');
	strbuf_reset(url);
	strbuf_add(url, t, (size_t)(pct - t));
	strbuf_addstr(url, p->ver.buf);
	strbuf_addstr(url, pct + 2);
	return 0;
}

/* Why a transfer failed, in words, from its CURLcode. */
static void dl_explain(CURLcode cc, const struct kbug_curl_body *b, const char *errbuf,
		       long timeout, struct strbuf *why)
{
	const char *detail = *errbuf ? errbuf : kbug_curl.easy_strerror(cc);

	if (cc == CURLE_OPERATION_TIMEDOUT)
		strbuf_addf(why, "no complete answer within %ld s (--timeout)", timeout);
	else if (b->too_big || cc == CURLE_FILESIZE_EXCEEDED)
		strbuf_addf(why, "larger than %u MiB", DL_MAX >> 20);
	else if (cc == CURLE_PARTIAL_FILE)
		strbuf_addf(why, "the file was cut short (%s)", detail);
	else if (cc == CURLE_TOO_MANY_REDIRECTS)
		strbuf_addf(why, "more than %ld redirects", DL_REDIRS);
	else
		strbuf_addstr(why, detail);
}

/*
 * GET url into body: HTTP(S) only (an https:// URL is redirected to
 * https:// only), certificates checked, at most DL_REDIRS redirects,
 * DL_MAX bytes and timeout seconds. 0, or -errno with the reason in why.
 */
int kbug_maint_fetch(const char *url, long timeout, struct strbuf *body, struct strbuf *why)
{
	const char *protos = strncasecmp(url, "https://", 8) ? "http,https" : "https";
	struct kbug_curl_body b = { .sb = STRBUF_INIT, .max = DL_MAX };
	char errbuf[CURL_ERROR_SIZE] = "";
	long status = 0;
	CURLcode cc;
	CURL *h;

	if (kbug_curl_load()) {
		strbuf_addstr(why, "libcurl (libcurl.so.4) cannot be loaded: install it, or fetch the file yourself and give it to kbug route --maintainers");
		return -ENOSYS;
	}
	h = kbug_curl.easy_init();
	if (!h) {
		strbuf_addstr(why, "cannot start libcurl");
		return -ENOMEM;
	}
	kbug_curl.easy_setopt(h, CURLOPT_URL, url);
	kbug_curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, protos);
	kbug_curl.easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, protos);
	kbug_curl.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_MAXREDIRS, DL_REDIRS);
	kbug_curl.easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
	kbug_curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_CONNECTTIMEOUT, timeout < 15 ? timeout : 15L);
	kbug_curl.easy_setopt(h, CURLOPT_TIMEOUT, timeout);
	kbug_curl.easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)DL_MAX);
	kbug_curl.easy_setopt(h, CURLOPT_USERAGENT, "kbug/" KBUG_VERSION);
	kbug_curl.easy_setopt(h, CURLOPT_HTTPGET, 1L);
	kbug_curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, kbug_curl_body_write);
	kbug_curl.easy_setopt(h, CURLOPT_WRITEDATA, &b);
	kbug_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	cc = kbug_curl.easy_perform(h);
	if (cc == CURLE_OK)
		kbug_curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	kbug_curl.easy_cleanup(h);
	if (cc != CURLE_OK)
		dl_explain(cc, &b, errbuf, timeout, why);
	else if (status != 200)
		strbuf_addf(why, "HTTP status %ld%s", status,
			    status == 404 ? " (no such file or version)" : "");
	if (cc != CURLE_OK || status != 200) {
		strbuf_release(&b.sb);
		return -EIO;
	}
	strbuf_swap(body, &b.sb);
	strbuf_release(&b.sb);
	return 0;
}

/* Is THE REST (F: *), the last section of every MAINTAINERS, among a top-level file's? */
static bool maint_has_the_rest(struct kbug_maint *m)
{
	struct json_object *r = NULL, *secs;
	bool found = false;
	size_t i, n;

	if (kbug_route_path(m, "Makefile", &r))
		return false;
	secs = kj_get(r, "sections");
	n = secs ? json_object_array_length(secs) : 0;
	for (i = 0; i < n && !found; i++) {
		const char *name = kj_get_str(json_object_array_get_idx(secs, i), "name");

		found = name && !strcmp(name, "THE REST");
	}
	json_object_put(r);
	return found;
}

/*
 * Is body (inflated here if it is gzip) a MAINTAINERS kbug can route
 * with: parsed by the route stage, MIN_SECTIONS sections or more, a
 * warning per hundred at most, and THE REST last (a file cut short lacks
 * it)? 0, or -EINVAL with the reason in why.
 */
int kbug_maint_check_text(struct strbuf *body, const char *url, unsigned int *nsec,
			  struct strbuf *why)
{
	struct kbug_maint *m = NULL;
	int level = kbug_log_level, ret = 0;
	unsigned int ns, nw, nc, line;
	size_t lead;

	if (body->len >= 2 && (unsigned char)body->buf[0] == 0x1f &&
	    (unsigned char)body->buf[1] == 0x8b) {
		struct strbuf text = STRBUF_INIT;

		ret = kbug_gunzip(body->buf, body->len, &text, DL_MAX);
		strbuf_swap(body, &text);
		strbuf_release(&text);
		if (ret) {
			strbuf_addstr(why, ret == -EFBIG ? "gzip data larger than 16 MiB inflated" :
				      "gzip data that does not inflate");
			return -EINVAL;
		}
	}
	lead = strspn(body->buf, " \t\r\n");
	if (!body->len || lead == body->len)
		strbuf_addstr(why, "an empty file");
	else if (body->buf[lead] == '<')
		strbuf_addstr(why, "an HTML or XML page");
	else if (memchr(body->buf, '\0', body->len))
		strbuf_addstr(why, "binary data");
	if (why->len)
		return -EINVAL;
	/* the reasons are given below, once, not a warning per line (-v: both) */
	if (level < KBUG_LOG_INFO)
		kbug_log_level = KBUG_LOG_ERR;
	ret = kbug_maint_parse(body->buf, body->len, url, &m);
	if (ret) {
		strbuf_addstr(why, ret == -EINVAL ? "no MAINTAINERS section in it" :
			      strerror(-ret));
		goto out;
	}
	ns = kbug_maint_nr_sections(m);
	nw = kbug_maint_nr_warnings(m);
	nc = ns >= MIN_SECTIONS && nw <= ns / 100 ? kbug_maint_costly_n(m, &line) : 0;
	if (ns < MIN_SECTIONS)
		strbuf_addf(why, "only %u section%s (a kernel's has thousands)", ns,
			    ns == 1 ? "" : "s");
	else if (nw > ns / 100)
		strbuf_addf(why, "%u warnings in %u sections", nw, ns);
	else if (nc)
		strbuf_addf(why, "%u N: regex%s too costly to match (over %u steps on a path), the first at line %u",
			    nc, nc == 1 ? "" : "es", KBUG_PCRE2_MATCH_LIMIT, line);
	else if (!maint_has_the_rest(m))
		strbuf_addstr(why, "no THE REST, the last section of every MAINTAINERS: cut short?");
	*nsec = ns;
out:
	kbug_log_level = level;
	kbug_maint_free(m);
	return why->len ? -EINVAL : 0;
}

/* data into a new file DIR/.NAME.XXXXXX, on disk; its path in tmp */
static int write_temp(const char *dir, const char *name, const char *data, size_t len,
		      struct strbuf *tmp)
{
	int fd, ret = 0;

	strbuf_reset(tmp);
	strbuf_addf(tmp, "%s/.%s.XXXXXX", dir, name);
	fd = mkostemp(tmp->buf, O_CLOEXEC);
	if (fd < 0) {
		strbuf_reset(tmp);
		return -errno;
	}
	ret = kbug_write_all(fd, data, len);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (ret) {
		unlink(tmp->buf);
		strbuf_reset(tmp);
	}
	return ret;
}

/*
 * Put text and its version in DIR/MAINTAINERS and DIR/MAINTAINERS.version,
 * each by a rename over the old one. The old version file goes first: a
 * crash between the renames leaves a version unknown, never a wrong one.
 * Two updates at once take turns (flock on the directory).
 */
int kbug_maint_install(const char *dir, const struct strbuf *text, const char *version,
		       struct strbuf *why)
{
	struct strbuf tt = STRBUF_INIT, tv = STRBUF_INIT, pt = STRBUF_INIT, pv = STRBUF_INIT;
	const char *what = dir;
	int dfd = -1, ret = kbug_mkdir_p(dir, 0700);	/* the XDG base directory rule */
	bool replaced = false;

	if (ret)
		goto out_remove_temps;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || flock(dfd, LOCK_EX))
		goto out_errno;
	strbuf_addf(&pv, "%s\n", version);
	ret = write_temp(dir, "MAINTAINERS", text->buf, text->len, &tt);
	if (!ret)
		ret = write_temp(dir, "MAINTAINERS.version", pv.buf, pv.len, &tv);
	if (ret)
		goto out_remove_temps;
	strbuf_reset(&pv);
	strbuf_addf(&pt, "%s/MAINTAINERS", dir);
	strbuf_addf(&pv, "%s/MAINTAINERS.version", dir);
	what = pv.buf;
	if (unlink(pv.buf) && errno != ENOENT)
		goto out_errno;
	what = pt.buf;
	if (rename(tt.buf, pt.buf))
		goto out_errno;
	strbuf_reset(&tt);
	replaced = true;
	what = pv.buf;
	if (rename(tv.buf, pv.buf))
		goto out_errno;
	strbuf_reset(&tv);
	what = dir;
	if (fsync(dfd))
		goto out_errno;
	goto out;
out_errno:
	ret = -errno;
out_remove_temps:
	strbuf_addf(why, "cannot write '%s': %s; %s", what, strerror(-ret), replaced ?
		    "the new copy is stored, its version is unknown" : "the cached copy is unchanged");
	if (tt.len)
		unlink(tt.buf);
	if (tv.len)
		unlink(tv.buf);
out:
	if (dfd >= 0)
		close(dfd);
	strbuf_release(&tt);
	strbuf_release(&tv);
	strbuf_release(&pt);
	strbuf_release(&pv);
	return ret;
}
