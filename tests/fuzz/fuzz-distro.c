// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Distribution routing's parsers of outside input: a routes.d rule file
 * (route/rules.c), dpkg's status file and the Debian version in uname -v
 * (probes/kpkg.c). The first byte picks which; the rest is the text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "route/route.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_object *o;
	char *s;

	kbug_log_level = -1;
	if (!size)
		return 0;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0:
		o = json_object_new_array();
		kbug_route_rules_parse((const char *)data + 1, size - 1, "fuzz.conf", o, &sb);
		json_object_put(o);
		break;
	case 1:
		o = json_object_new_object();
		kbug_dpkg_status_find((const char *)data + 1, size - 1, "linux-image-6.1.0-27-amd64",
				      o);
		json_object_put(o);
		break;
	default:
		kbug_debian_kernel_version(s, &sb);
		break;
	}
	strbuf_release(&sb);
	free(s);
	return 0;
}
