// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Drop-in probes (docs/dropin-probes.md) bring two kinds of outside
 * input: their manifests (INI, read from probes.d directories) and what
 * they print ("key: value" lines). The first byte picks which; the rest
 * is the text. Neither may crash, and a manifest that parses has a
 * well-formed when= and a bounded timeout.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "probes/dropin.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kbug_dropin_manifest m;
	struct json_object *o;
	size_t dropped = 0;

	kbug_log_level = -1;
	if (!size)
		return 0;
	if (data[0] % 2) {
		if (!kbug_dropin_manifest_parse((const char *)data + 1, size - 1, "fuzz", &m)) {
			if (!m.when || kbug_dropin_when_check(m.when) ||
			    m.timeout_s < 1 || m.timeout_s > KBUG_DROPIN_TIMEOUT_MAX_S)
				abort();
			kbug_dropin_manifest_free(&m);
		}
		return 0;
	}
	o = json_object_new_object();
	kbug_dropin_facts_parse((const char *)data + 1, size - 1, data[0] & 2, o, &dropped);
	/* every value must serialise: valid UTF-8, no raw control characters */
	if (!json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN))
		abort();
	json_object_put(o);
	return 0;
}
