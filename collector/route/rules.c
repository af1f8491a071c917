// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Routing rules of the distribution or the admin: /etc/kbug/routes.d/
 * *.conf (below --sysroot), read in name order, the first rule that
 * matches wins. One rule a line, '#' comments:
 *
 *   MATCH PATTERN -> KIND TARGET [product=NAME] [component=NAME]
 *
 * MATCH is section (a MAINTAINERS section's name), path (a source path
 * glob), module (a module name glob) or origin ("distribution", a kernel
 * origin such as "stable", or the maker's os-release ID); KIND is
 * bugzilla (TARGET the Bugzilla's URL), mail (an address) or url (a web
 * page or an issue tracker). Words may be double-quoted. A file that
 * group or others can write, or that another user owns, is refused, as
 * the config is (core/settings.c: kbug_config_untrusted).
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/report.h"
#include "core/settings.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/path.h"
#include "util/strbuf.h"

#define RULES_DIR "/etc/kbug/routes.d"
#define RULES_FILE_MAX (1u << 20)
#define RULES_FILES_MAX 256
#define RULE_WORDS_MAX 8

/*
 * key="quoted value": the quotes go. A value with spaces was cut at the
 * first one: read on to the closing quote. 0, or -EINVAL when unclosed.
 */
static int unquote_value(struct strbuf *w, const char **p, const char *end)
{
	char *eq = strchr(w->buf, '=');
	size_t at;

	if (!eq || eq[1] != '"')
		return 0;
	at = (size_t)(eq - w->buf) + 1;	/* the opening quote */
	if (w->len > at + 1 && w->buf[w->len - 1] == '"') {
		strbuf_setlen(w, w->len - 1);
	} else {
		const char *q = memchr(*p, '"', (size_t)(end - *p));

		if (!q)
			return -EINVAL;
		strbuf_add(w, *p, (size_t)(q - *p));
		*p = q + 1;
	}
	memmove(w->buf + at, w->buf + at + 1, w->len - at - 1);
	strbuf_setlen(w, w->len - 1);
	return 0;
}

/* Split a line into words ("quoted" words keep their spaces); the count or -EINVAL. */
static int split_words(const char *p, const char *end, struct strbuf *w, int max)
{
	int n = 0;

	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end || *p == '#')
			break;
		if (n == max)
			return -EINVAL;
		strbuf_reset(&w[n]);
		if (*p == '"') {
			const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));

			if (!q)
				return -EINVAL;
			strbuf_add(&w[n], p + 1, (size_t)(q - p - 1));
			p = q + 1;
			if (p < end && *p != ' ' && *p != '\t')
				return -EINVAL;
		} else {
			const char *s = p;

			while (p < end && *p != ' ' && *p != '\t')
				p++;
			strbuf_add(&w[n], s, (size_t)(p - s));
			if (unquote_value(&w[n], &p, end))
				return -EINVAL;
		}
		n++;
	}
	return n;
}

static bool one_of(const char *s, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(s, *set))
			return true;
	return false;
}

/* A rule's target fits its kind: 0, or -EINVAL with the reason in err. */
static int rule_check(struct json_object *rule, const char *file, int line, struct strbuf *err)
{
	const char *kind = kj_get_str(rule, "kind"), *t = kj_get_str(rule, "target");

	if (strcmp(kind, "bugzilla") &&
	    (kj_get_str(rule, "product") || kj_get_str(rule, "component")))
		strbuf_addf(err, "%s:%d: product= and component= go with bugzilla only", file,
			    line);
	else if (!strcmp(kind, "mail") && !strchr(t, '@'))
		strbuf_addf(err, "%s:%d: '%.60s' is not a mail address", file, line, t);
	else if (strcmp(kind, "mail") && strncmp(t, "https://", 8) && strncmp(t, "http://", 7))
		strbuf_addf(err, "%s:%d: '%.60s' is not an http(s) URL", file, line, t);
	else
		return 0;
	return -EINVAL;
}

int kbug_route_rules_parse(const char *text, size_t len, const char *file,
			   struct json_object *rules, struct strbuf *err)
{
	static const char *const matches[] = { "section", "path", "module", "origin", NULL };
	static const char *const kinds[] = { "bugzilla", "mail", "url", NULL };
	struct strbuf w[RULE_WORDS_MAX];
	const char *p = text, *end = text + len;
	int line = 0, n, i, ret = 0;

	for (i = 0; i < RULE_WORDS_MAX; i++)
		strbuf_init(&w[i], 0);
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		struct json_object *rule;

		line++;
		if (memchr(p, '\0', (size_t)(le - p))) {
			strbuf_addf(err, "%s:%d: a NUL byte", file, line);
			ret = -EINVAL;
			break;
		}
		n = split_words(p, le > p && le[-1] == '\r' ? le - 1 : le, w, RULE_WORDS_MAX);
		p = nl ? nl + 1 : end;
		if (!n)
			continue;
		if (n < 0 || n < 5 || strcmp(w[2].buf, "->") || !one_of(w[0].buf, matches) ||
		    !one_of(w[3].buf, kinds) || !w[1].len || !w[4].len) {
			strbuf_addf(err, "%s:%d: not a rule: want MATCH PATTERN -> KIND TARGET [product=NAME] [component=NAME], MATCH one of section, path, module, origin, KIND one of bugzilla, mail, url",
				    file, line);
			ret = -EINVAL;
			break;
		}
		rule = json_object_new_object();
		kj_set_str(rule, "file", file);
		kj_set_int(rule, "line", line);
		kj_set_str(rule, "match", w[0].buf);
		kj_set_str(rule, "pattern", w[1].buf);
		kj_set_str(rule, "kind", w[3].buf);
		kj_set_str(rule, "target", w[4].buf);
		for (i = 5; i < n; i++) {
			if (!strncmp(w[i].buf, "product=", 8) && w[i].len > 8) {
				kj_set_str(rule, "product", w[i].buf + 8);
			} else if (!strncmp(w[i].buf, "component=", 10) && w[i].len > 10) {
				kj_set_str(rule, "component", w[i].buf + 10);
			} else {
				strbuf_addf(err, "%s:%d: unknown option '%.40s' (product=, component=)",
					    file, line, w[i].buf);
				ret = -EINVAL;
			}
		}
		if (!ret)
			ret = rule_check(rule, file, line, err);
		if (ret)
			json_object_put(rule);
		else
			kj_append(rules, rule);
	}
	for (i = 0; i < RULE_WORDS_MAX; i++)
		strbuf_release(&w[i]);
	return ret;
}

static int conf_only(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 5 && !strcmp(d->d_name + n - 5, ".conf");
}

/* Every rule of routes.d, in order; files refused or wrong are said and skipped. */
static struct json_object *load_rules(void)
{
	struct json_object *rules = json_object_new_array();
	struct dirent **names = NULL;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;
	int n = kbug_path_scandir(RULES_DIR, &names, alphasort), i;

	for (i = 0; i < n; i++) {
		struct stat st;
		const char *bad;
		int fd;

		if (i >= RULES_FILES_MAX || !conf_only(names[i]))
			goto next;
		strbuf_reset(&path);
		strbuf_addf(&path, RULES_DIR "/%s", names[i]->d_name);
		fd = kbug_path_open(path.buf, O_RDONLY | O_NONBLOCK | O_NOCTTY);
		if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
			WARN("routing rules '%s': not a readable regular file, skipped", path.buf);
			if (fd >= 0)
				close(fd);
			goto next;
		}
		bad = kbug_config_untrusted(&st);
		if (bad) {
			ERR("refusing routing rules '%s': %s it (run 'chmod go-w' on it, or own it)",
			    path.buf, bad);
			close(fd);
			goto next;
		}
		strbuf_reset(&text);
		if (strbuf_read_fd(&text, fd, RULES_FILE_MAX) < 0) {
			WARN("routing rules '%s': cannot read it (or larger than 1 MiB), skipped",
			     path.buf);
		} else {
			struct json_object *one = json_object_new_array();

			strbuf_reset(&err);
			if (kbug_route_rules_parse(text.buf, text.len, path.buf, one, &err)) {
				ERR("routing rules: %s: the file is skipped", err.buf);
			} else {
				size_t k;

				for (k = 0; k < json_object_array_length(one); k++) {
					struct json_object *x = json_object_array_get_idx(one, k);

					kj_append(rules, json_object_get(x));
				}
			}
			json_object_put(one);
		}
		close(fd);
next:
		free(names[i]);
	}
	free(names);
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&err);
	return rules;
}

static bool glob_is(const char *pat, const char *s)
{
	return s && !fnmatch(pat, s, FNM_CASEFOLD);
}

static bool rule_matches(struct kbug_report *r, struct json_object *rule)
{
	struct json_object *rt = kbug_report_get(r, "route");
	const char *m = kj_get_str(rule, "match"), *pat = kj_get_str(rule, "pattern");

	if (!strcmp(m, "section")) {
		struct json_object *secs = kj_get(rt, "sections");
		size_t i, n = secs && json_object_is_type(secs, json_type_array) ?
			      json_object_array_length(secs) : 0;

		for (i = 0; i < n; i++)
			if (glob_is(pat, kj_get_str(json_object_array_get_idx(secs, i), "name")))
				return true;
		return false;
	}
	if (!strcmp(m, "path"))
		return glob_is(pat, kj_get_str(rt, "path")) ||
		       glob_is(pat, kj_get_str(kj_get(rt, "suspect"), "path"));
	if (!strcmp(m, "module"))
		return glob_is(pat, kj_get_str(kj_get(rt, "suspect"), "module")) ||
		       glob_is(pat, kj_get_str(rt, "module"));
	/* origin */
	{
		struct json_object *dk = kj_path(r->root, "distro.kernel");

		if (!strcmp(pat, "distribution"))
			return kj_get_bool(dk, "distribution_kernel", false);
		return glob_is(pat, kj_get_str(kj_path(r->root, "kernel.origin"), "guess")) ||
		       glob_is(pat, kj_get_str(dk, "maker"));
	}
}

bool kbug_route_rules(struct kbug_report *r, bool upstream)
{
	struct json_object *rt = kbug_report_get(r, "route");
	struct json_object *rules, *hit = NULL, *d;
	size_t i, n;
	const char *kind, *target;

	if (!rt)
		return false;
	rules = load_rules();
	n = json_object_array_length(rules);
	for (i = 0; i < n && !hit; i++) {
		struct json_object *rule = json_object_array_get_idx(rules, i);

		/* --upstream: the kernel's origin no longer decides */
		if (upstream && !strcmp(kj_get_str(rule, "match"), "origin"))
			continue;
		if (rule_matches(r, rule))
			hit = rule;
	}
	if (!hit) {
		json_object_put(rules);
		return false;
	}
	kind = kj_get_str(hit, "kind");
	target = kj_get_str(hit, "target");
	d = json_object_new_object();
	if (!strcmp(kind, "bugzilla")) {
		kj_set_str(d, "kind", "bugzilla");
		kj_set_str(d, "url", target);
		kj_set_str(d, "product", kj_get_str(hit, "product"));
		kj_set_str(d, "component", kj_get_str(hit, "component"));
	} else if (!strcmp(kind, "mail")) {
		struct json_object *to = json_object_new_array();

		/* the rule's address alone (email.c: the route's own To) */
		kj_set_str(d, "kind", "email");
		kj_append_str(to, target);
		kj_set(d, "to", to);
	} else {
		bool forge = strcasestr(target, "gitlab") || strcasestr(target, "github.com");

		kj_set_str(d, "kind", forge ? "issue-tracker" : "web");
		kj_set_str(d, "url", target);
	}
	kj_set(rt, "upstream_destination", json_object_get(kj_get(rt, "destination")));
	kj_set(rt, "destination", d);
	kj_set(rt, "rule", json_object_get(hit));
	json_object_put(rules);
	return true;
}
