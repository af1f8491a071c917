// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the cmd-*.c front ends share in talking to the user about a
 * delivery: the answers to a channel's questions (util/prompt.c asks).
 */
#include <stdio.h>

#include "deliver/deliver.h"
#include "front.h"
#include "util/prompt.h"
#include "util/strbuf.h"

int kbug_ask_choice(struct kbug_choice *c, void *data)
{
	struct strbuf ans = STRBUF_INIT;

	(void)data;
	if (c->context[0])
		fprintf(stderr, "kbug: %s\n", c->context);
	kbug_ask(c->prompt, &ans);
	switch (c->kind) {
	case KBUG_CHOICE_PRODUCT:
		snprintf(c->product, sizeof(c->product), "%s", ans.buf);
		break;
	case KBUG_CHOICE_COMPONENT:
		snprintf(c->component, sizeof(c->component), "%s", ans.buf);
		break;
	case KBUG_CHOICE_DUPLICATE:
		c->duplicate = ans.buf[0];
		break;
	case KBUG_CHOICE_NONE:
		break;
	}
	strbuf_release(&ans);
	return 0;
}
