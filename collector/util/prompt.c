// SPDX-License-Identifier: GPL-2.0-or-later
/* Questions on the terminal, for the front ends (util/prompt.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "deliver/deliver.h"
#include "util/prompt.h"
#include "util/strbuf.h"

bool kbug_interactive(bool yes)
{
	return !yes && isatty(STDIN_FILENO) && isatty(STDERR_FILENO);
}

int kbug_ask(const char *prompt, struct strbuf *out)
{
	fputs(prompt, stderr);
	fflush(stderr);
	strbuf_reset(out);
	if (strbuf_getline(out, stdin) == EOF) {
		strbuf_reset(out);
		return -EIO;
	}
	strbuf_trim(out);
	return 0;
}

bool kbug_ask_yes(const char *prompt, bool dflt)
{
	struct strbuf ans = STRBUF_INIT;
	bool yes;

	if (kbug_ask(prompt, &ans) < 0)
		yes = false;
	else if (!ans.len)
		yes = dflt;
	else
		yes = tolower((unsigned char)ans.buf[0]) == 'y';
	strbuf_release(&ans);
	return yes;
}

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
