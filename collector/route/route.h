/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stdio.h>
#include <json-c/json.h>

struct kbug_report;
struct strbuf;

/*
 * The route stage: a MAINTAINERS engine that answers what the kernel's
 * scripts/get_maintainer.pl --no-git --no-git-fallback answers, and
 * classifies the B: entry of the best section into a destination.
 * JSON shapes: docs/pipeline.md, "route".
 */
struct kbug_maint;			/* a parsed MAINTAINERS */

/* Where kbug_maint_open() looks for MAINTAINERS, and how. */
struct kbug_maint_opts {
	const char *file;		/* --maintainers FILE: only this one */
	const char *tree;		/* kernel tree for -d/-f, .mailmap (default: FILE's dir) */
	const char *release;		/* running release; NULL: uname -r */
	const char *cache_dir;		/* NULL: $XDG_CACHE_HOME/kbug (~/.cache/kbug) */
	bool no_sysfs;			/* skip /sys/kernel/maintainers.gz */
	bool no_tree;			/* skip /lib/modules/R/build, /usr/src/linux-* */
	bool no_cache;			/* skip the cached copy */
	bool no_embedded;		/* never fall back to the built-in copy */
	bool strict;			/* malformed input is an error, not a warning */
};

/*
 * Find, read and parse MAINTAINERS: opts->file, else
 * /sys/kernel/maintainers.gz (through util/path.h), the running
 * release's tree, a cached copy, and the copy embedded at build time.
 * opts may be NULL (all defaults). Returns 0 or -errno.
 */
int kbug_maint_open(const struct kbug_maint_opts *o, struct kbug_maint **out);
/* Parse a MAINTAINERS text held in memory (copied); name is for messages. */
int kbug_maint_parse(const char *text, size_t len, const char *name,
		     struct kbug_maint **out);
/*
 * {"kind": "file"|"sysfs"|"tree"|"cache"|"embedded", "path", "version",
 *  "running", "older_than_running", "sections", "warnings"}; new reference.
 */
struct json_object *kbug_maint_source(const struct kbug_maint *m);
/* Number of sections parsed; number of warnings given while parsing. */
unsigned int kbug_maint_nr_sections(const struct kbug_maint *m);
unsigned int kbug_maint_nr_warnings(const struct kbug_maint *m);
/*
 * How many N: regexes hit PCRE2's bounds on paths made to find out
 * (catastrophic backtracking, as (a+)+$); the line of the first in
 * *first_line. They are reported, and ignored from then on.
 */
unsigned int kbug_maint_costly_n(struct kbug_maint *m, unsigned int *first_line);

/* Route one path relative to the kernel tree ("drivers/net/e1000/e1000_main.c"). */
int kbug_route_path(struct kbug_maint *m, const char *path, struct json_object **out);
/* Route through a module's source directory (probes/lookup.h). */
int kbug_route_module(struct kbug_maint *m, const char *module, struct json_object **out);
/* Route a device: "0000:00:02.0" (PCI) or "usb:1-1", through its driver's module. */
int kbug_route_device(struct kbug_maint *m, const char *device, struct json_object **out);
/*
 * What to route for a report (route/suspect.c): what the user named (at
 * most one of file, module, driver, device), else the picked analysis
 * report's guilty file (or, when this MAINTAINERS' tree lacks it, its
 * nearest directory that exists) or guilty module.
 */
struct kbug_suspect {
	const char *file, *module, *driver, *device;
	struct json_object *report;	/* the picked analysis report (borrowed), or NULL */
};

/*
 * The one writer of the report's "route" section: routes the suspect and
 * sets "route" to {"source", "suspect": {"path", "from", "why", "module" |
 * "device"}, ...the routed path...} once. Returns 0 or -errno (logged);
 * -ENOENT when a module or device has no known sources here.
 */
int kbug_route_suspect(struct kbug_report *r, struct kbug_maint *m,
		       const struct kbug_suspect *s);

/*
 * Distribution routing (route/distro.c), after kbug_route_suspect: a
 * routes.d rule, else a distribution's kernel goes to its tracker unless
 * upstream (the user says a vanilla kernel has it too). Sets
 * route.distribution {"id", "kernel", "goes": "distribution"|"upstream"|
 * "rule"|"vendor", "tracker", "reason"}; a new route.destination keeps
 * the MAINTAINERS one as route.upstream_destination.
 */
struct kbug_distro_opts {
	bool upstream;
	const char *upstream_why;	/* NULL: --upstream's */
};
int kbug_route_distro(struct kbug_report *r, const struct kbug_distro_opts *o);
/*
 * routes.d (route/rules.c): parse one file's text into rules (an array of
 * {"file", "line", "match", "pattern", "kind", "target", "product",
 * "component"}); 0, or -EINVAL with the reason in err. kbug_route_rules
 * applies the first matching rule of /etc/kbug/routes.d/<name>.conf
 * (route.rule, route.destination); true when one matched.
 */
struct strbuf;
int kbug_route_rules_parse(const char *text, size_t len, const char *file,
			   struct json_object *rules, struct strbuf *err);
bool kbug_route_rules(struct kbug_report *r, bool upstream);
/*
 * Route a report: `path` if given, else the newest analysis report's
 * guilty file or module; sets the report's "route" section (suspect.c).
 */
int kbug_route_report(struct kbug_report *r, struct kbug_maint *m, const char *path);
/*
 * An out-of-tree module (route/vendor.c): *out gets {"module", "out_of_tree":
 * true, "sections": [], "vendor": {"name", "url"} | null, "destination":
 * {"kind": "issue-tracker"|"web", "url"} | null}; -ENOENT when kbug does not
 * know where its vendor takes reports. taint (the report's, may be NULL)
 * picks an open-source edition's tracker when it has no P.
 */
int kbug_route_vendor(const char *module, const char *taint, struct json_object **out);
bool kbug_route_vendor_known(const char *module);
/*
 * The section titled name (case-insensitive) as a path to route: the part
 * of its first F: pattern before any wildcard (route/section.c). 0, or
 * -ENOENT when no section has that title or it has no such F:.
 */
int kbug_maint_section_path(const struct kbug_maint *m, const char *name, struct strbuf *path);
/* Does this MAINTAINERS name the module in a path ("/NAME/", "/NAME.")? */
bool kbug_maint_knows_module(const struct kbug_maint *m, const char *module);

/*
 * A blame that is a guess (route "confidence": "low"; route/confidence.c).
 * kbug_route_is_guess: is it? kbug_route_explain: why, and the runner-up
 * sections. kbug_route_widen: the runner-ups' lists and LKML join the Cc,
 * and route "subject_tag" gets the guessed subsystem marked as syzbot
 * marks it ("iwlwifi?"). The question between them is the front end's
 * (front.h: kbug_front_confirm_route).
 */
bool kbug_route_is_guess(struct kbug_report *r);
void kbug_route_explain(FILE *f, struct kbug_report *r);
void kbug_route_widen(struct kbug_report *r);
/* For the user: the suspect, the MAINTAINERS used, the sections, B:, To:, Cc:, the channel. */
void kbug_route_show(FILE *f, struct kbug_report *r, const char *channel,
		     const char *why_channel);
void kbug_maint_free(struct kbug_maint *m);

/*
 * Append to out exactly what `scripts/get_maintainer.pl --no-git
 * --no-git-fallback [--bug] -f PATH` prints for one path (run from the
 * tree's top directory). Returns 0 or -errno.
 */
int kbug_route_format_gm(struct kbug_maint *m, const char *path, bool bug,
			 struct strbuf *out);

/* The destination a B: value means, as in the "destination" object. */
struct json_object *kbug_route_classify_bug(const char *b_entry, const char *section);
