// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The file `kbug outbox --edit` reads back from $EDITOR is whatever the
 * user saved: parse it as an email item and as a Bugzilla item, turn the
 * recipients into the route's lists, and never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "front.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const channels[] = { "email", "bugzilla" };
	char *s = malloc(size + 1);
	size_t i;

	kbug_log_level = -1;
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	for (i = 0; i < 2; i++) {
		struct kbug_edit_fields e = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
					      STRBUF_INIT, STRBUF_INIT };

		if (!kbug_edit_parse(s, channels[i], &e)) {
			json_object_put(kbug_edit_addresses(e.to.buf));
			json_object_put(kbug_edit_addresses(e.cc.buf));
		}
		kbug_edit_fields_release(&e);
	}
	free(s);
	return 0;
}
