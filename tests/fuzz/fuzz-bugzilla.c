// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a Bugzilla server sends back is outside input, and so are the B:
 * URIs of MAINTAINERS and the section map: the reply parser, the URI
 * query reader and the map parser must never crash, hang or leak.
 * The first byte picks the parser; the rest is its input.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/bugzilla.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count_row(void *data, const char *section, const char *product, const char *component)
{
	size_t *n = data;

	if (section && product && component)
		(*n)++;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf p = STRBUF_INIT, c = STRBUF_INIT;
	struct json_object *o = NULL;
	char msg[512], *s;
	size_t rows = 0;
	long status;
	int code;

	kbug_log_level = -1;
	if (size < 2)
		return 0;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 4) {
	case 0:
	case 1:
		/* a reply body with a status from the first byte */
		status = data[0] < 128 ? 200 : 100 + data[0];
		if (!kbug_bz_parse_reply(status, "application/json", s, size - 1,
					 "https://bz.example", "fuzzing", &o, &code, msg,
					 sizeof(msg)))
			json_object_put(o);
		break;
	case 2:
		kbug_bz_uri_product(s, &p, &c);
		break;
	default:
		kbug_bz_map_parse(s, size - 1, "fuzz", count_row, &rows);
		break;
	}
	strbuf_release(&p);
	strbuf_release(&c);
	free(s);
	return 0;
}
