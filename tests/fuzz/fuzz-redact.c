// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redaction scans every byte of kernel logs, sysfs strings and journal
 * text: any input must come out redacted once and for all (a second run
 * finds nothing), no longer than a bounded growth, and never crash.
 */
#include <stdint.h>
#include <string.h>

#include "util/strbuf.h"
#include "core/redact.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned char key[16] = "fuzzing-key-0000";
	struct kbug_redactor *rd = kbug_redactor_new(key);
	struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
	size_t n;

	if (!rd)
		return 0;
	kbug_redactor_add_literal(rd, REDACT_USER, "alice");
	kbug_redactor_add_literal(rd, REDACT_HOSTNAME, "vm");
	kbug_redactor_add_literal(rd, REDACT_USB_SERIAL, "SN0042");
	kbug_redactor_add_literal(rd, REDACT_HOME, "/srv/alice");
	n = kbug_redact_text(rd, (const char *)data, size, &out);
	/* redacting twice changes nothing more */
	if (kbug_redact_text(rd, out.buf, out.len, &again) || strcmp(out.buf, again.buf))
		__builtin_trap();
	/* each replacement is at most a placeholder longer than its value */
	if (out.len > size + n * 20)
		__builtin_trap();
	strbuf_release(&out);
	strbuf_release(&again);
	kbug_redactor_free(rd);
	return 0;
}
