// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Debian bug tracking system takes bugs by mail: the email channel
 * (deliver/email.c) sends a destination of kind "debbts" (route/distro.c)
 * To its submit address, with the pseudo-header block first in the body,
 * as reportbug writes it for a running kernel (bin/reportbug, reportbug/
 * bugreport.py): Package (the image's bug control file says Submit-As:
 * src:linux), Version (the Debian source version), Severity, Tags when
 * any, X-Debbugs-Cc when the user asked for a copy to the upstream lists
 * ([distro] cc-upstream). debbugs' scripts/process reads "Name: value"
 * lines from the top of the body up to the first line that is not one.
 */
#include <errno.h>
#include <string.h>

#include "core/report.h"
#include "core/settings.h"
#include "deliver/deliver.h"
#include "util/json.h"
#include "util/strbuf.h"

bool kbug_debbts_is(struct json_object *dest)
{
	return !strcmp(kj_get_str(dest, "kind") ?: "", "debbts");
}

/* A pseudo-header value: one line, no control characters (a newline would end the block). */
static void add_field(struct strbuf *h, const char *name, const char *v)
{
	if (!v || !*v)
		return;
	strbuf_addf(h, "%s: ", name);
	for (; *v; v++)
		strbuf_addch(h, (unsigned char)*v < 0x20 ? ' ' : *v);
	strbuf_addch(h, '\n');
}

int kbug_debbts_head(struct kbug_report *r, struct json_object *dest, struct strbuf *head)
{
	struct json_object *lists = kj_path(r->root, "route.lists"), *tags = kj_get(dest, "tags");
	struct strbuf cc = STRBUF_INIT, t = STRBUF_INIT;
	size_t i, n;

	if (!kj_get_str(dest, "version")) {
		/* the BTS files a bug without Version: as found in no version at all */
		return -ENOENT;
	}
	add_field(head, "Package", kj_get_str(dest, "package") ?: "src:linux");
	add_field(head, "Version", kj_get_str(dest, "version"));
	add_field(head, "Severity", kj_get_str(dest, "severity") ?: "normal");
	n = tags && json_object_is_type(tags, json_type_array) ? json_object_array_length(tags) : 0;
	for (i = 0; i < n; i++)
		strbuf_addf(&t, "%s%s", i ? " " : "",
			    json_object_get_string(json_object_array_get_idx(tags, i)));
	add_field(head, "Tags", t.buf);
	if (kbug_config_get_bool("distro", "cc-upstream", false)) {
		n = lists && json_object_is_type(lists, json_type_array) ?
		    json_object_array_length(lists) : 0;
		for (i = 0; i < n; i++) {
			const char *a = kj_get_str(json_object_array_get_idx(lists, i), "address");

			if (a)
				strbuf_addf(&cc, "%s%s", cc.len ? ", " : "", a);
		}
		add_field(head, "X-Debbugs-Cc", cc.buf);
	}
	strbuf_addch(head, '\n');
	strbuf_release(&cc);
	strbuf_release(&t);
	return 0;
}

void kbug_debbts_subject(struct kbug_report *r, struct strbuf *subject)
{
	const char *pkg = kj_get_str(kj_path(r->root, "distro.kernel.package"), "name");
	const char *s = subject->buf, *colon = strchr(s, ':'), *sp = strchr(s, ' ');
	struct strbuf out = STRBUF_INIT;

	/* reportbug: "PACKAGE: " first, unless the subject starts "word: " already */
	if (colon && colon[1] == ' ' && (!sp || colon < sp))
		return;
	strbuf_addf(&out, "%s: %s", pkg && !strncmp(pkg, "linux-image-", 12) ? pkg : "linux",
		    subject->buf);
	strbuf_swap(&out, subject);
	strbuf_release(&out);
}
