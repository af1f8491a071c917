// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A request is outside input: anyone can comment on a bug. Find and parse
 * the newest request in any text; what parses must name only built-in
 * probes and the log choices, and write back to a line that parses to the
 * same request. Never a crash, never an accepted path.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/request.h"
#include "probes/probe.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kbug_request r, back;
	struct strbuf sb = STRBUF_INIT;
	char msg[256];
	size_t i;

	kbug_log_level = -1;
	if (kbug_request_find((const char *)data, size, &r, msg, sizeof(msg)))
		return 0;
	if (!r.id[0] || r.nprobes > KBUG_REQ_MAX_PROBES || r.logs > 7)
		abort();
	for (i = 0; i < r.nprobes; i++)
		if (!kbug_probe_find(r.probes[i]) || strchr(r.probes[i], '/'))
			abort();
	kbug_request_line(&r, &sb);
	if (kbug_request_parse(sb.buf, sb.len, &back, msg, sizeof(msg)) ||
	    strcmp(back.id, r.id) || back.nprobes != r.nprobes || back.logs != r.logs ||
	    back.config != r.config)
		abort();
	kbug_request_text(&r, "note", NULL, &sb);
	strbuf_release(&sb);
	return 0;
}
