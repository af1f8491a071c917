// SPDX-License-Identifier: GPL-2.0-or-later
/* A saved report.json is outside input (replay, the outbox): it must never crash kbug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "deliver/template.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "core/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kbug_report r;
	struct strbuf text = STRBUF_INIT;
	char *s = malloc(size + 1);
	char *json;

	kbug_log_level = -1;
	if (!s || kbug_report_init(&r)) {
		free(s);
		return 0;
	}
	memcpy(s, data, size);
	s[size] = '\0';
	if (!kbug_report_load_string(&r, s, "fuzz")) {
		struct kbug_analyze_opts ao = { 0 };

		kbug_report_render_text(&r, &text);
		/* what replay and `kbug outbox --retry` do with a saved report */
		kbug_draft_render(&r, "email", &text);
		kbug_draft_render(&r, "bugzilla", &text);
		kbug_analyze_report(&r, &ao);
		json = kbug_report_to_json(&r, true, true);
		free(json);
	}
	strbuf_release(&text);
	kbug_report_release(&r);
	free(s);
	return 0;
}
