// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MAINTAINERS text is outside input (a file, sysfs, a cache): parse it,
 * route a few paths through it (the matcher, get_maintainer.pl's output
 * rules, the JSON), and feed the same bytes to the e-mail, RFC 822,
 * .mailmap, *.yaml and B: parsers. None may crash, hang or leak.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "route/internal.h"
#include "route/route.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "drivers/net/ethernet/intel/e1000/e1000_main.c",
		"README", "a/b/c/d.c", "include/linux/", "x" };
	struct kbug_maint *m;
	struct strbuf out = STRBUF_INIT, n = STRBUF_INIT, a = STRBUF_INIT, first = STRBUF_INIT;
	struct json_object *j;
	char *s = malloc(size + 1), **v = NULL;
	size_t i;
	int k;

	kbug_log_level = -1;
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	strbuf_add(&first, s, strcspn(s, "\n"));
	if (!kbug_maint_parse(s, size, "fuzz", &m)) {
		for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
			strbuf_reset(&out);
			kbug_route_format_gm(m, paths[i], i & 1, &out);
			if (!kbug_route_path(m, paths[i], &j))
				json_object_put(j);
		}
		if (first.len && first.len < 200) {
			kbug_route_format_gm_many(m, (const char *const *)&first.buf, 1, true, true,
						  &out);
			if (!kbug_route_path(m, first.buf, &j))
				json_object_put(j);
		}
		kbug_maint_free(m);
	}
	if (first.len < 4096) {
		pl_parse_email(first.buf, &n, &a);
		k = pl_rfc822_list(first.buf, &v);
		while (k-- > 0)
			free(v[k]);
		free(v);
		j = kbug_route_classify_bug(first.buf, "fuzz");
		json_object_put(j);
	}
	kbug_mailmap_free(kbug_mailmap_parse(s, size, NULL));
	k = pl_file_emails(s, size, &v);
	while (k-- > 0)
		free(v[k]);
	free(v);
	strbuf_release(&out);
	strbuf_release(&n);
	strbuf_release(&a);
	strbuf_release(&first);
	free(s);
	return 0;
}
