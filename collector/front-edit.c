// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The file `kbug outbox --edit` opens in $EDITOR, read back (front.h:
 * kbug_edit_parse): header lines (Subject, To, Cc, Product, Component;
 * '#' lines left out), an empty line, the text as it is sent. What the
 * user saved is outside input: any bytes, any length up to the caller's
 * limit (tests/fuzz/fuzz-outbox-edit.c).
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "front.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

void kbug_edit_fields_release(struct kbug_edit_fields *e)
{
	strbuf_release(&e->subject);
	strbuf_release(&e->to);
	strbuf_release(&e->cc);
	strbuf_release(&e->product);
	strbuf_release(&e->component);
	strbuf_release(&e->body);
}

int kbug_edit_parse(const char *text, const char *channel, struct kbug_edit_fields *e)
{
	static const char *const names[] = { "Subject", "To", "Cc", "Product", "Component" };
	struct strbuf *fields[] = { &e->subject, &e->to, &e->cc, &e->product, &e->component };
	const char *p = text;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fields); i++)
		strbuf_reset(fields[i]);
	strbuf_reset(&e->body);
	while (*p && *p != '\n') {
		const char *nl = strchr(p, '\n') ?: p + strlen(p);
		const char *colon = memchr(p, ':', (size_t)(nl - p));

		if (*p != '#') {
			for (i = 0; colon && i < ARRAY_SIZE(names); i++)
				if ((size_t)(colon - p) == strlen(names[i]) &&
				    !strncasecmp(p, names[i], strlen(names[i])))
					break;
			if (!colon || i == ARRAY_SIZE(names)) {
				ERR("the edited header line '%.*s' is not Subject, To, Cc, Product or Component (an empty line goes before the text)",
				    (int)(nl - p), p);
				return -EINVAL;
			}
			strbuf_add(fields[i], colon + 1, (size_t)(nl - colon - 1));
			strbuf_trim(fields[i]);
		}
		p = *nl ? nl + 1 : nl;
	}
	while (*p == '\n')
		p++;
	strbuf_addstr(&e->body, p);
	strbuf_rtrim(&e->body);
	strbuf_addch(&e->body, '\n');
	if (!e->subject.len || e->body.len < 2) {
		ERR("the edited item needs a subject and a text");
		return -EINVAL;
	}
	if (!strcmp(channel, "email") && !e->to.len && !e->cc.len) {
		ERR("the edited item has no recipients (To:, Cc:)");
		return -EINVAL;
	}
	return 0;
}

struct json_object *kbug_edit_addresses(const char *list)
{
	struct json_object *a = json_object_new_array();
	struct strbuf one = STRBUF_INIT;
	const char *p = list;

	while (*p) {
		const char *end = strchr(p, ',') ?: p + strlen(p);

		strbuf_reset(&one);
		strbuf_add(&one, p, (size_t)(end - p));
		strbuf_trim(&one);
		if (one.len)
			kj_append_str(a, one.buf);
		p = *end ? end + 1 : end;
	}
	strbuf_release(&one);
	return a;
}
