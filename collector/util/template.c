// SPDX-License-Identifier: GPL-2.0-or-later
/* A small subset of Mustache over a JSON object's strings (util/template.h). */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "util/template.h"

#define TEMPLATE_DEPTH 16
#define TEMPLATE_NAME_MAX 64

struct tpl {
	const char *s;
	size_t len;
	struct json_object *vars;
	const char *name;
};

struct tag {
	size_t start, end;	/* "{{" .. after "}}" */
	char sigil;		/* 0, '#', '^', '/', '!' */
	char name[TEMPLATE_NAME_MAX];
};

/* Parse a tag at t->s[p] ("{{" there); false when it is not a tag. */
static bool tag_parse(const struct tpl *t, size_t p, size_t end, struct tag *tg)
{
	size_t i = p + 2, n = 0;
	const char *close;

	tg->start = p;
	tg->sigil = 0;
	if (i < end && strchr("#^/!", t->s[i]))
		tg->sigil = t->s[i++];
	close = memmem(t->s + i, end - i, "}}", 2);
	if (!close)
		return false;
	tg->end = (size_t)(close - t->s) + 2;
	if (tg->sigil == '!')
		return true;
	while (i < end && t->s + i < close && t->s[i] == ' ')
		i++;
	while (t->s + i < close && t->s[i] != ' ') {
		char c = t->s[i++];

		if (!(isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.') ||
		    n + 1 >= sizeof(tg->name))
			return false;
		tg->name[n++] = c;
	}
	while (t->s + i < close && t->s[i] == ' ')
		i++;
	if (t->s + i != close || !n)
		return false;
	tg->name[n] = '\0';
	return true;
}

/* A section/comment tag alone on its line: [*ls, *next) is the whole line. */
static bool tag_standalone(const struct tpl *t, const struct tag *tg, size_t *ls,
			   size_t *next)
{
	size_t a = tg->start, b = tg->end;

	if (!tg->sigil)
		return false;
	while (a > 0 && (t->s[a - 1] == ' ' || t->s[a - 1] == '\t'))
		a--;
	if (a > 0 && t->s[a - 1] != '\n')
		return false;
	while (b < t->len && (t->s[b] == ' ' || t->s[b] == '\t' || t->s[b] == '\r'))
		b++;
	if (b < t->len && t->s[b] != '\n')
		return false;
	*ls = a;
	*next = b < t->len ? b + 1 : b;
	return true;
}

static const char *tpl_var(const struct tpl *t, const char *name)
{
	struct json_object *v = kj_get(t->vars, name);

	if (!v)
		return NULL;
	if (json_object_is_type(v, json_type_string))
		return json_object_get_string(v);
	return NULL;
}

static int find_close(const struct tpl *t, size_t from, size_t end, const char *name,
		      struct tag *close)
{
	int depth = 0;
	size_t i = from;

	while (i < end) {
		const char *p = memmem(t->s + i, end - i, "{{", 2);
		struct tag tg;

		if (!p)
			break;
		if (!tag_parse(t, (size_t)(p - t->s), end, &tg)) {
			i = (size_t)(p - t->s) + 2;
			continue;
		}
		if ((tg.sigil == '#' || tg.sigil == '^') && !strcmp(tg.name, name))
			depth++;
		if (tg.sigil == '/' && !strcmp(tg.name, name)) {
			if (!depth) {
				*close = tg;
				return 0;
			}
			depth--;
		}
		i = tg.end;
	}
	return -EINVAL;
}

static int render_range(const struct tpl *t, size_t from, size_t end, struct strbuf *out,
			int depth)
{
	size_t i = from, text = from;

	if (depth > TEMPLATE_DEPTH) {
		ERR("template '%s': sections nest deeper than %d", t->name, TEMPLATE_DEPTH);
		return -EINVAL;
	}
	while (i < end) {
		const char *p = memmem(t->s + i, end - i, "{{", 2);
		size_t ls, next, body, body_end, after;
		struct tag tg, cl;
		const char *v;
		bool on;
		int ret;

		if (!p)
			break;
		if (!tag_parse(t, (size_t)(p - t->s), end, &tg)) {
			i = (size_t)(p - t->s) + 2;
			continue;
		}
		if (!tg.sigil) {
			strbuf_add(out, t->s + text, tg.start - text);
			v = tpl_var(t, tg.name);
			if (v)
				strbuf_addstr(out, v);
			i = tg.end;
			text = i;
			continue;
		}
		if (tag_standalone(t, &tg, &ls, &next) && ls >= text) {
			strbuf_add(out, t->s + text, ls - text);
		} else {
			strbuf_add(out, t->s + text, tg.start - text);
			next = tg.end;
		}
		if (tg.sigil == '!') {
			i = next;
			text = i;
			continue;
		}
		if (tg.sigil == '/') {
			ERR("template '%s': '{{/%s}}' closes no section", t->name, tg.name);
			return -EINVAL;
		}
		body = next;
		if (find_close(t, body, end, tg.name, &cl)) {
			ERR("template '%s': '{{%c%s}}' is never closed", t->name, tg.sigil,
			    tg.name);
			return -EINVAL;
		}
		if (tag_standalone(t, &cl, &ls, &after) && ls >= body) {
			body_end = ls;
		} else {
			body_end = cl.start;
			after = cl.end;
		}
		v = tpl_var(t, tg.name);
		on = v && *v;
		if (tg.sigil == '^')
			on = !on;
		if (on) {
			ret = render_range(t, body, body_end, out, depth + 1);
			if (ret)
				return ret;
		}
		i = after;
		text = i;
	}
	strbuf_add(out, t->s + text, end - text);
	return 0;
}

int kbug_template_render(const char *tmpl, struct json_object *vars, struct strbuf *out,
			 const char *name)
{
	struct tpl t = { .s = tmpl, .len = strlen(tmpl), .vars = vars, .name = name };

	if (t.len > KBUG_TEMPLATE_MAX) {
		ERR("template '%s' is larger than %d bytes", name, KBUG_TEMPLATE_MAX);
		return -EINVAL;
	}
	return render_range(&t, 0, t.len, out, 0);
}
