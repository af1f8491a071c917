// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Email input from outside: a --from address, a message the user edited
 * in $EDITOR (headers read back into the envelope), text bodies with any
 * bytes, templates (KBUG_DATADIR may point anywhere). Parse, encode,
 * quote and render them; never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/mime.h"
#include "deliver/template.h"
#include "util/json.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, o = STRBUF_INIT;
	char *s = malloc(size + 1);

	kbug_log_level = -1;
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!kbug_mime_parse_address(s, &a, &b))
		kbug_mime_format_address(&o, a.buf, b.buf);
	kbug_mime_get_header(s, "To", &a);
	kbug_mime_get_header(s, "Subject", &a);
	kbug_mime_header(&o, "Subject", s);
	kbug_mime_clean_text(&o, s, size);
	kbug_mime_qp(&o, s, size);
	kbug_mbox_append(&o, s, size, "a@b");
	kbug_mime_crlf(&o, s, size);
	{
		struct json_object *v = json_object_new_object();

		kj_set_str(v, "title", "WARNING in x");
		kj_set_str(v, "empty", "");
		kj_set_str(v, "a", s);
		strbuf_reset(&o);
		kbug_template_render(s, v, &o, "fuzz");
		json_object_put(v);
	}
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&o);
	free(s);
	return 0;
}
