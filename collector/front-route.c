// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The question a guessed blame asks before the report is sent (front.h:
 * kbug_front_confirm_route): routing knows the blame is a guess and who
 * else might own it (route/confidence.c); only a front end may ask.
 */
#include <errno.h>
#include <stdio.h>

#include "front.h"
#include "route/route.h"
#include "util/prompt.h"
#include "util/strbuf.h"

int kbug_front_confirm_route(struct kbug_report *r, bool yes)
{
	struct strbuf ans = STRBUF_INIT;
	int ret = 0, tries;

	if (!kbug_route_is_guess(r))
		return 0;
	kbug_route_explain(stderr, r);
	if (!kbug_interactive(yes)) {
		kbug_route_widen(r);
		fprintf(stderr, "Note:     so the report also goes to the runner-ups' lists and LKML, with a '?' on the subsystem in the subject\n");
		return 0;
	}
	for (tries = 0; tries < 10; tries++) {
		if (kbug_ask("Widen the recipients to the runner-ups' lists and LKML (w), keep the narrow list (n), or stop (q)? [w] ",
			     &ans) < 0) {
			ret = -ECANCELED;	/* EOF: no answer goes on with nothing said */
			break;
		}
		if (!ans.len || ans.buf[0] == 'w' || ans.buf[0] == 'W') {
			kbug_route_widen(r);
			break;
		}
		if (ans.buf[0] == 'n' || ans.buf[0] == 'N')
			break;
		if (ans.buf[0] == 'q' || ans.buf[0] == 'Q') {
			ret = -ECANCELED;
			break;
		}
		fprintf(stderr, "Type w, n or q.\n");
	}
	if (tries == 10)
		ret = -ECANCELED;
	if (ret)
		fprintf(stderr, "Stopped: nothing was sent or saved.\n");
	strbuf_release(&ans);
	return ret;
}
