// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /dev/kmsg records and syslog(2) lines are outside input: parse every
 * line both ways and format it, then run the dmesg probe over the input
 * as a fixture root's /dev/kmsg (a regular file) under a small output
 * budget. Never a crash, a leak or an unbounded loop.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/log.h"
#include "util/path.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[64];

static void make_root(void)
{
	char dev[96];

	if (root[0])
		return;
	strcpy(root, "/tmp/kbug-fuzz-kmsg.XXXXXX");
	if (!mkdtemp(root))
		abort();
	snprintf(dev, sizeof(dev), "%s/dev", root);
	mkdir(dev, 0700);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	const char *p = (const char *)data, *end = p + size;
	struct kbug_probe_ctx ctx = { .timeout_ms = 2000 };
	struct kbug_report r;
	char path[128];
	FILE *f;

	kbug_log_level = -1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);

		if (!kbug_kmsg_parse(p, n, &m))
			kbug_kmsg_format(&out, &m);
		if (!kbug_klog_parse_line(p, n, &m))
			kbug_kmsg_format(&out, &m);
		p = nl ? nl + 1 : end;
	}
	make_root();
	snprintf(path, sizeof(path), "%s/dev/kmsg", root);
	f = fopen(path, "w");
	if (f) {
		fwrite(data, 1, size, f);
		fclose(f);
		kbug_path_set_root(root);
		if (!kbug_report_init(&r)) {
			ctx.report = &r;
			ctx.max_output = size > 0 && data[0] & 1 ? 256 : 1 << 20;
			kbug_probe_run_one(&ctx, &kbug_probe_dmesg);
			free(kbug_report_to_json(&r, false, true));
			kbug_report_release(&r);
		}
		kbug_path_set_root(NULL);
	}
	strbuf_release(&text);
	strbuf_release(&out);
	return 0;
}
