// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A thread from a public-inbox (raw, t.mbox.gz inflated) is outside
 * input: anyone can post to a list. Parse it as kbug followup does, find
 * the newest request and build a reply's threading from any message:
 * never a crash, never a Message-ID kbug would refuse, never a probe
 * that is not built in.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/public-inbox.h"
#include "deliver/request.h"
#include "probes/probe.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void count(const char *name, const char *addr, void *data)
{
	size_t *n = data;

	if (!addr || !strchr(addr, '@'))
		abort();
	(*n)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kbug_pi_thread t;
	struct kbug_request r;
	struct strbuf sb = STRBUF_INIT;
	char msg[320];
	size_t i, which, n;

	kbug_log_level = -1;
	if (kbug_pi_parse_mbox((const char *)data, size, &t, msg, sizeof(msg)))
		return 0;
	if (!t.n || t.n > KBUG_PI_MAX_MSGS)
		abort();
	for (i = 0; i < t.n; i++) {
		const struct kbug_pi_msg *m = &t.m[i];

		if ((m->message_id && !kbug_pi_msgid_ok(m->message_id)) ||
		    (m->in_reply_to && !kbug_pi_msgid_ok(m->in_reply_to)))
			abort();
		n = 0;
		kbug_pi_addresses(m->to, 64, count, &n);
		kbug_pi_addresses(m->cc, 64, count, &n);
		if (n > 128)
			abort();
		strbuf_reset(&sb);
		kbug_pi_reply_subject(m->subject, &sb);
		if (strncmp(sb.buf, "Re: ", 4))
			abort();
		strbuf_reset(&sb);
		kbug_pi_reply_references(m, &sb);
		if (m->message_id && !strstr(sb.buf, m->message_id))
			abort();
	}
	if (!kbug_pi_find_request(&t, &r, &which, msg, sizeof(msg))) {
		if (which >= t.n)
			abort();
		for (i = 0; i < r.nprobes; i++)
			if (!kbug_probe_find(r.probes[i]))
				abort();
	}
	kbug_pi_thread_free(&t);
	strbuf_release(&sb);
	return 0;
}
