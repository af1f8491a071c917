// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * No kernel report in the log, in a terminal (front.h:
 * kbug_front_no_crash_menu): instead of a list of options and exit 1, a
 * short menu of what the report can be about: a device from the collected
 * lists (PCI slots and USB ports, in the names --device takes), a module,
 * the boot before, a saved log, or the problem in the user's words.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/report.h"
#include "front.h"
#include "util/prompt.h"
#include "util/strbuf.h"
#include "util/term.h"

#define MENU_DEVICES 16
#define MENU_TRIES 10

/* One line asked for a value: 0 with it in pick->value, -ECANCELED at EOF or empty */
static int ask_value(const char *prompt, struct kbug_front_pick *pick)
{
	struct strbuf ans = STRBUF_INIT;
	int ret = -ECANCELED;

	if (!kbug_ask(prompt, &ans) && ans.len && ans.len < sizeof(pick->value)) {
		snprintf(pick->value, sizeof(pick->value), "%s", ans.buf);
		ret = 0;
	}
	strbuf_release(&ans);
	return ret;
}

int kbug_front_no_crash_menu(struct kbug_report *r, bool offer_boot, struct kbug_front_pick *pick)
{
	struct kbug_device dev[MENU_DEVICES];
	size_t i, n = kbug_report_devices(r, dev, MENU_DEVICES);
	struct strbuf ans = STRBUF_INIT;
	int ret = -ECANCELED, tries;

	memset(pick, 0, sizeof(*pick));
	fprintf(stderr, "\nWhat is the report about? kbug sends it to the people who look after that part.\n");
	for (i = 0; i < n; i++)
		kbug_tprintf(stderr, "  %2zu) %-14s %-14s %s\n", i + 1, dev[i].name, dev[i].driver,
			     dev[i].what);
	fprintf(stderr, "   m) a module, by its name (lsmod lists them)\n");
	if (offer_boot)
		fprintf(stderr, "   b) the boot before this one: a freeze, or a crash that rebooted the machine\n");
	fprintf(stderr, "   l) a saved kernel log (a file, or a pstore record)\n"
		"   d) none of these: describe the problem; it goes to the kernel's mailing list (LKML)\n"
		"   q) quit, nothing is saved or sent\n");
	for (tries = 0; tries < MENU_TRIES && ret == -ECANCELED; tries++) {
		char *end;
		long k;

		if (kbug_ask("Choose: ", &ans) < 0 || !strcmp(ans.buf, "q"))
			break;
		k = strtol(ans.buf, &end, 10);
		if (ans.len && !*end && k >= 1 && (size_t)k <= n) {
			pick->what = KBUG_PICK_DEVICE;
			snprintf(pick->value, sizeof(pick->value), "%s", dev[k - 1].name);
			ret = 0;
		} else if (!strcmp(ans.buf, "m")) {
			pick->what = KBUG_PICK_MODULE;
			ret = ask_value("Module name: ", pick);
		} else if (!strcmp(ans.buf, "b") && offer_boot) {
			pick->what = KBUG_PICK_BOOT;
			ret = 0;
		} else if (!strcmp(ans.buf, "l")) {
			pick->what = KBUG_PICK_LOG;
			ret = ask_value("The log file: ", pick);
		} else if (!strcmp(ans.buf, "d")) {
			pick->what = KBUG_PICK_DESCRIBE;
			ret = 0;
		} else {
			fprintf(stderr, "Type a number from the list, or m, %sl, d or q.\n",
				offer_boot ? "b, " : "");
		}
	}
	if (ret)
		fprintf(stderr, "Nothing was saved or sent.\n");
	strbuf_release(&ans);
	return ret;
}
