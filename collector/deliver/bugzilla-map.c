// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where in a Bugzilla a MAINTAINERS section's bugs go: the product and
 * component named by a B: URI's query, or the mapping table shipped in
 * data/bugzilla-kernel-org.map (and a user's own, [bugzilla] map-file).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/settings.h"
#include "deliver/bugzilla.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

#define MAP_MAX_FILE (1 << 20)
#define MAP_MAX_LINE 1024

/* Percent- and '+'-decode s[0..n) into out. */
static void url_decode(struct strbuf *out, const char *s, size_t n)
{
	size_t i;

	strbuf_reset(out);
	for (i = 0; i < n; i++) {
		if (s[i] == '+') {
			strbuf_addch(out, ' ');
		} else if (s[i] == '%' && i + 2 < n && kbug_hexval(s[i + 1]) >= 0 &&
			   kbug_hexval(s[i + 2]) >= 0) {
			char c = (char)(kbug_hexval(s[i + 1]) * 16 + kbug_hexval(s[i + 2]));

			if (c)
				strbuf_addch(out, c);
			i += 2;
		} else {
			strbuf_addch(out, s[i]);
		}
	}
	strbuf_trim(out);
}

int kbug_bz_uri_product(const char *uri, struct strbuf *product, struct strbuf *component)
{
	const char *q = strchr(uri, '?'), *p, *end, *eq;
	struct strbuf v = STRBUF_INIT;

	strbuf_reset(product);
	strbuf_reset(component);
	if (!q)
		return -ENOENT;
	for (p = q + 1; *p && *p != '#'; p = end + 1) {
		end = p + strcspn(p, "&;#");
		eq = memchr(p, '=', (size_t)(end - p));
		if (eq) {
			url_decode(&v, eq + 1, (size_t)(end - eq - 1));
			if (eq - p == 7 && !strncmp(p, "product", 7) && !product->len)
				strbuf_addstr(product, v.buf);
			else if (eq - p == 9 && !strncmp(p, "component", 9) && !component->len)
				strbuf_addstr(component, v.buf);
		}
		if (*end != '&' && *end != ';')
			break;
	}
	strbuf_release(&v);
	if (!product->len) {
		strbuf_reset(component);
		return -ENOENT;
	}
	return 0;
}

/* The host of a URL, lower-cased, without port or userinfo, into out. */
static void url_host(struct strbuf *out, const char *url)
{
	const char *p = strstr(url, "://"), *e;

	strbuf_reset(out);
	if (!p)
		return;
	p += 3;
	e = p + strcspn(p, "/?#");
	if (memchr(p, '@', (size_t)(e - p)))
		p = (const char *)memchr(p, '@', (size_t)(e - p)) + 1;
	if (*p == '[') {
		const char *rb = memchr(p, ']', (size_t)(e - p));

		if (rb)
			e = rb + 1;
	} else {
		const char *colon = memchr(p, ':', (size_t)(e - p));

		if (colon)
			e = colon;
	}
	for (; p < e; p++)
		strbuf_addch(out, (char)tolower((unsigned char)*p));
}

static void trim_field(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_reset(sb);
	strbuf_add(sb, s, n);
	strbuf_trim(sb);
}

int kbug_bz_map_parse(const char *text, size_t len, const char *name,
		      int (*fn)(void *data, const char *section, const char *product,
				const char *component),
		      void *data)
{
	struct strbuf line = STRBUF_INIT, sec = STRBUF_INIT, prod = STRBUF_INIT,
		      comp = STRBUF_INIT;
	size_t pos = 0;
	unsigned int lineno = 0;
	int ret = 0;

	if (len > MAP_MAX_FILE) {
		ERR("map '%s' is larger than %d bytes", name, MAP_MAX_FILE);
		return -EINVAL;
	}
	while (pos < len && !ret) {
		const char *l = text + pos, *nl = memchr(l, '\n', len - pos), *b1, *b2;
		size_t n = nl ? (size_t)(nl - l) : len - pos;

		pos += n + (nl ? 1 : 0);
		lineno++;
		if (n > MAP_MAX_LINE || memchr(l, '\0', n)) {
			ERR("map '%s' line %u: too long or holds a NUL byte", name, lineno);
			ret = -EINVAL;
			break;
		}
		trim_field(&line, l, n);
		if (!line.len || line.buf[0] == '#')
			continue;
		if (line.buf[0] == '@') {
			ret = fn(data, line.buf, NULL, NULL);
			continue;
		}
		b1 = strchr(line.buf, '|');
		b2 = b1 ? strchr(b1 + 1, '|') : NULL;
		if (!b2 || strchr(b2 + 1, '|')) {
			ERR("map '%s' line %u: expected 'SECTION | Product | Component'", name,
			    lineno);
			ret = -EINVAL;
			break;
		}
		trim_field(&sec, line.buf, (size_t)(b1 - line.buf));
		trim_field(&prod, b1 + 1, (size_t)(b2 - b1 - 1));
		trim_field(&comp, b2 + 1, strlen(b2 + 1));
		if (!sec.len || !prod.len || !comp.len) {
			ERR("map '%s' line %u: section, product and component must all be given",
			    name, lineno);
			ret = -EINVAL;
			break;
		}
		ret = fn(data, sec.buf, prod.buf, comp.buf);
	}
	strbuf_release(&line);
	strbuf_release(&sec);
	strbuf_release(&prod);
	strbuf_release(&comp);
	return ret < 0 ? ret : 0;
}

struct map_find {
	const char *host;	/* of the destination */
	const char *section;
	bool in_scope;		/* rows before any @url apply everywhere */
	struct strbuf *product, *component;
	bool found;
};

static int map_row(void *data, const char *section, const char *product, const char *component)
{
	struct map_find *f = data;
	struct strbuf h = STRBUF_INIT;

	if (!product) {			/* "@url https://bugzilla.kernel.org" */
		const char *u = section + 1;

		if (strncmp(u, "url", 3) || !isspace((unsigned char)u[3])) {
			ERR("bugzilla map: unknown directive '%s'", section);
			return -EINVAL;
		}
		u += 3;
		while (isspace((unsigned char)*u))
			u++;
		url_host(&h, u);
		f->in_scope = h.len && !strcmp(h.buf, f->host);
		strbuf_release(&h);
		return 0;
	}
	if (f->found || !f->in_scope || strcasecmp(section, f->section))
		return 0;
	strbuf_addstr(f->product, product);
	strbuf_addstr(f->component, component);
	f->found = true;
	return 0;
}

static int map_lookup_file(const char *path, struct map_find *f, bool must)
{
	struct strbuf text = STRBUF_INIT;
	long n = strbuf_read_file(&text, path, MAP_MAX_FILE + 1);
	int ret;

	if (n < 0) {
		if (!must && n == -ENOENT)
			return 0;
		ERR("cannot read the Bugzilla map '%s': %s", path,
		    n == -EFBIG ? "too large" : strerror((int)-n));
		strbuf_release(&text);
		return (int)n;
	}
	f->in_scope = true;
	ret = kbug_bz_map_parse(text.buf, text.len, path, map_row, f);
	strbuf_release(&text);
	return ret;
}

int kbug_bz_map_lookup(const char *host_url, const char *section, struct strbuf *product,
		       struct strbuf *component)
{
	struct strbuf host = STRBUF_INIT, path = STRBUF_INIT;
	struct map_find f = { .section = section, .product = product,
			      .component = component };
	const char *user = kbug_config_get("bugzilla", "map-file");
	int ret = 0;

	strbuf_reset(product);
	strbuf_reset(component);
	if (!section || !*section)
		return -ENOENT;
	url_host(&host, host_url ? host_url : "");
	f.host = host.buf;
	if (user && *user)
		ret = map_lookup_file(user, &f, true);
	if (!ret && !f.found) {
		if (kbug_data_path(&path, "data/bugzilla-kernel-org.map"))
			ret = map_lookup_file(path.buf, &f, false);
		else
			DBG("bugzilla: no data/bugzilla-kernel-org.map installed");
	}
	strbuf_release(&host);
	strbuf_release(&path);
	if (ret)
		return ret;
	if (f.found)
		DBG("bugzilla: section '%s' maps to %s / %s", section, product->buf,
		    component->buf);
	return f.found ? 0 : -ENOENT;
}
