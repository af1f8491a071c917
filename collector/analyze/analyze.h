/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <json-c/json.h>

struct kbug_report;

/*
 * The analyze stage: find the kernel reports (oopses, WARNINGs, KASAN,
 * lockdep, stalls, hung tasks, panics and the well-known driver
 * failures) in a kernel log, title them the way syzbot does, and blame
 * a function and a source file. The JSON shape is docs/pipeline.md's
 * "analysis" section: {"reports": [ {title, kind, guilty_file, ...} ]}.
 *
 * The log may be plain dmesg (with or without "[ 12.345678]" stamps and
 * "[T123]"/"[C1]" caller ids), syslog or journalctl -k lines, /dev/kmsg
 * records ("6,123,456789,-;text"), with CRLF ends, interleaved or cut
 * short. It is read as a stream in bounded memory, whatever its size.
 */
struct kbug_analyze_opts {
	/*
	 * The report's "modules" section (borrowed, may be NULL): an array
	 * of {"name", "source_dir"} objects, or an object holding such an
	 * array under "modules" or "loaded". Used to blame frames that only
	 * name a [module].
	 */
	struct json_object *modules;
	const char *vmlinux;		/* --vmlinux: DWARF for built-in frames */
	const char *modules_dir;	/* --modules-dir: where .ko files with DWARF are */
	bool debuginfo;			/* try libdw (vmlinux, modules_dir, Debian's debug path) */
	bool with_text;			/* put each report's lines in "text" */
	bool explain;			/* put each report's "explain" array (skipped frames) */
	unsigned int max_reports;	/* stop keeping reports after this many; 0: 1000 */
	/* a kernel tree to find a module function's file in; NULL: $KBUG_KERNEL_SRC */
	const char *kernel_src;
};

/* Defaults: with_text true, debuginfo true, the rest empty. */
void kbug_analyze_opts_init(struct kbug_analyze_opts *o);

/*
 * Scan a whole log from `in` (`name` names it in messages). On success
 * *out is a new {"reports": [...]} object (the caller puts it) and the
 * number of reports is returned; -errno when the stream cannot be read
 * (nothing is stored in *out then). o may be NULL for the defaults.
 */
int kbug_analyze_stream(FILE *in, const char *name, const struct kbug_analyze_opts *o,
			struct json_object **out);

/* The same over a buffer in memory (a dmesg attachment, a test case). */
int kbug_analyze_buffer(const char *buf, size_t len, const char *name,
			const struct kbug_analyze_opts *o, struct json_object **out);

/*
 * Scan the report's kernel log: the "dmesg.txt" attachment, else the
 * "dmesg" section's "text", else its "records" ([{"message"|"text"}] or
 * strings). Blames module-only frames through the report's "modules"
 * section unless o->modules is set. Sets the "analysis" section to
 * {"source": "dmesg", "reports": [...]} and returns the number of
 * reports, or -ENOENT when the report holds no kernel log.
 */
int kbug_analyze_report(struct kbug_report *r, const struct kbug_analyze_opts *o);

/* docs/blame-rules.md: the table of frames and files never blamed, as Markdown. */
void kbug_analyze_rules_doc(FILE *out);

/*
 * Which of the report's analysis reports to send (analyze/pick.c): what
 * the stage proposes; the front end may let the user choose another.
 */
struct kbug_analyze_pick {
	int index;		/* into analysis.reports, -1: none */
	size_t count;		/* reports in the log */
	bool blames;		/* some report names a guilty file or module */
};

/*
 * nth > 0: the nth newest report (--report N). nth == 0: the first one
 * that is whole (not "corrupted") and blames something (a guilty
 * file or module), else the first that blames, else the first.
 * Returns 0 with p filled,
 * -ENOENT when the log holds no report (p->index -1), -ERANGE when nth
 * is past the count (p->count says how many there are).
 */
int kbug_analyze_pick(struct kbug_report *r, int nth, struct kbug_analyze_pick *p);
/* The analysis report at index (borrowed), NULL when there is none. */
struct json_object *kbug_analyze_report_at(struct kbug_report *r, int index);
