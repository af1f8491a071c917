// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The MAINTAINERS engine, rule by rule: F:/X:/N: matching, ranking, roles,
 * lists, de-duplication and the mailmap, get_maintainer.pl's e-mail
 * formatting, the B: classifier, malformed input, and parse speed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/report.h"
#include "route/internal.h"
#include "route/route.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"
#include "util/dl.h"
#include "util/pcre2.h"

static const char mini[] =
	"List of maintainers\n"
	"===================\n"
	"\n"
	"\tM: *Mail* patches to: FullName <address@domain>\n"
	"\tF: drivers/net/\tall files in and below drivers/net\n"
	"\n"
	"Maintainers List\n"
	"----------------\n"
	"\n"
	"ALPHA DRIVER\n"
	"M:\tAnn Alpha <ann@example.org>\n"
	"R:\tRob Review <rob@example.org>\n"
	"L:\talpha@lists.example.org\n"
	"S:\tMaintained\n"
	"F:\tdrivers/alpha/\n"
	"X:\tdrivers/alpha/excluded/\n"
	"\n"
	"ALPHA CORE FILES\n"
	"M:\tCarl Core <carl@example.org>\n"
	"M:\tAnn Alpha <ANN@example.org>\n"
	"L:\talpha@LISTS.example.org\n"
	"L:\tcore-mod@lists.example.org (moderated for non-subscribers)\n"
	"L:\tsecret@lists.example.org (subscribers-only)\n"
	"S:\tSupported\n"
	"B:\thttps://bugzilla.kernel.org/enter_bug.cgi?product=Drivers&component=Alpha\n"
	"F:\tdrivers/alpha/core*.c\n"
	"F:\tdrivers/alpha/cor?.h\n"
	"\n"
	"GAMMA (REGEX)\n"
	"M:\t\"Gina Q. Gamma\" <gina@example.org>\n"
	"S:\tOdd Fixes\n"
	"N:\t[^a-z] (g)amma   # Perl /x: blanks and comments do not count; a group\n"
	"\n"
	"DELTA STARS\n"
	"M:\tDan Delta <dan@example.org>\n"
	"S:\tOrphan\n"
	"F:\tinclude/*/delta.h\n"
	"F:\tinclude/[dx]elta-[0-9].h\n"
	"\n"
	"OBSOLETE THING\n"
	"M:\tOld Timer <old@example.org>\n"
	"S:\tObsolete\n"
	"F:\tdrivers/old\n"
	"\n"
	"A SECTION WHOSE NAME IS MUCH LONGER THAN FIFTY CHARACTERS, REALLY\n"
	"M:\tLen Long <len@example.org>\n"
	"S:\tWhatever Status\n"
	"F:\tlong/\n"
	"\n"
	"THE REST\n"
	"M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\n"
	"S:\tBuried alive in reporters\n"
	"F:\t*\n"
	"F:\t*/\n";

static char tree[64];

static int mk(const char *rel, bool dir)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", tree, rel);
	if (dir)
		return mkdir(p, 0755);
	f = fopen(p, "w");
	if (!f)
		return -1;
	fputs("x\n", f);
	return fclose(f);
}

static struct kbug_maint *open_mini(void)
{
	struct kbug_maint *m;

	assert_int_equal(kbug_maint_parse(mini, strlen(mini), "mini", &m), 0);
	m->tree = strdup(tree);
	return m;
}

static int setup(void **state)
{
	static const char *const dirs[] = { "drivers", "drivers/alpha", "drivers/alpha/excluded",
		"drivers/old", "drivers/gamma", "include", "include/x", "long" };
	static const char *const files[] = { "drivers/alpha/a.c", "drivers/alpha/core1.c",
		"drivers/alpha/core.h", "drivers/alpha/excluded/e.c", "drivers/old/o.c",
		"drivers/gamma/g.c", "include/x/delta.h", "include/delta-1.h", "long/l.c",
		"README", "drivers/alpha/coreX.c.orig" };
	size_t i;

	snprintf(tree, sizeof(tree), "%s", "/tmp/kbug-test-route.XXXXXX");
	if (!mkdtemp(tree))
		return -1;
	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		if (mk(dirs[i], true))
			return -1;
	for (i = 0; i < ARRAY_SIZE(files); i++)
		if (mk(files[i], false))
			return -1;
	kbug_log_level = -1;
	/* what kbug caches goes here, not into the user's cache */
	{
		char c[300];

		snprintf(c, sizeof(c), "%s/xdg-cache", tree);
		setenv("XDG_CACHE_HOME", c, 1);
	}
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tree);
	return system(cmd) ? -1 : 0;
}

static const char *kj_path_str(struct json_object *o, const char *dotted)
{
	return json_object_get_string(kj_path(o, dotted));
}

static void gm(struct kbug_maint *m, const char *path, bool bug, struct strbuf *out)
{
	strbuf_reset(out);
	assert_int_equal(kbug_route_format_gm(m, path, bug, out), 0);
}

static void test_glob_trailing_slash_and_exclusion(void **state)
{
	struct kbug_maint *m = open_mini();
	struct strbuf out = STRBUF_INIT;
	const char *want;

	gm(m, "drivers/alpha/a.c", false, &out);
	want = "Ann Alpha <ann@example.org> (maintainer:ALPHA DRIVER)\n"
		"Rob Review <rob@example.org> (reviewer:ALPHA DRIVER)\n"
		"alpha@lists.example.org (open list:ALPHA DRIVER)\n"
		"linux-kernel@vger.kernel.org (open list)\n";
	assert_string_equal(out.buf, want);
	/* X: drops the whole section: only THE REST is left */
	gm(m, "drivers/alpha/excluded/e.c", false, &out);
	assert_string_equal(out.buf, "linux-kernel@vger.kernel.org (open list)\n");
	strbuf_release(&out);
	kbug_maint_free(m);
}

static void test_rank_dedup_lists(void **state)
{
	struct kbug_maint *m = open_mini();
	struct strbuf out = STRBUF_INIT;
	const char *want;

	/* depth 3 (core*.c) before depth 2 (drivers/alpha/); ANN@ is Ann again */
	gm(m, "drivers/alpha/core1.c", true, &out);
	want = "Carl Core <carl@example.org> (supporter:ALPHA CORE FILES)\n"
		"Ann Alpha <ANN@example.org> (supporter:ALPHA CORE FILES)\n"
		"Rob Review <rob@example.org> (reviewer:ALPHA DRIVER)\n"
		"alpha@LISTS.example.org (open list:ALPHA CORE FILES)\n"
		"core-mod@lists.example.org (moderated list:ALPHA CORE FILES)\n"
		"linux-kernel@vger.kernel.org (open list)\n"
		"https://bugzilla.kernel.org/enter_bug.cgi?product=Drivers&component=Alpha\n";
	assert_string_equal(out.buf, want);
	/* '?' is one character; '*' stops at nothing but the slash count */
	gm(m, "drivers/alpha/core.h", false, &out);
	assert_non_null(strstr(out.buf, "(supporter:ALPHA CORE FILES)"));
	gm(m, "drivers/alpha/coreX.c.orig", false, &out);
	assert_non_null(strstr(out.buf, "(supporter:ALPHA CORE FILES)"));	/* prefix match */
	strbuf_release(&out);
	kbug_maint_free(m);
}

static void test_star_one_component_and_class(void **state)
{
	struct kbug_maint *m = open_mini();
	struct strbuf out = STRBUF_INIT;

	gm(m, "include/x/delta.h", false, &out);
	assert_non_null(strstr(out.buf, "Dan Delta <dan@example.org> (orphan minder:DELTA STARS)"));
	gm(m, "include/delta-1.h", false, &out);
	assert_non_null(strstr(out.buf, "(orphan minder:DELTA STARS)"));
	/* the glob itself crosses '/', the slash count then rejects it */
	gm(m, "include/x/delta.h", false, &out);
	assert_true(kbug_glob_prefix_match("include/*/delta.h", "include/x/y/delta.h"));
	assert_true(kbug_glob_prefix_match("include/[dx]elta-[0-9].h", "include/xelta-7.h"));
	assert_false(kbug_glob_prefix_match("include/[dx]elta-[0-9].h", "include/yelta-7.h"));
	assert_true(kbug_glob_prefix_match("drivers/*", "drivers/x/y"));
	assert_true(kbug_glob_prefix_match("a?c", "abc"));
	assert_false(kbug_glob_prefix_match("a?c", "ac"));
	assert_int_equal(kbug_glob_form("drivers/gpu/drm/amd/amdgpu_amdkfd*.[ch]"), PAT_GLOB);
	assert_int_equal(kbug_glob_form("drivers/(a|b)/"), PAT_REGEX);
	assert_int_equal(kbug_glob_form("x[^a]y"), PAT_GLOB);
	strbuf_release(&out);
	kbug_maint_free(m);
}

static void test_bare_directory_and_roles(void **state)
{
	struct kbug_maint *m = open_mini();
	struct strbuf out = STRBUF_INIT;

	/* "F: drivers/old" is a directory in the tree: it covers what is below */
	gm(m, "drivers/old/o.c", false, &out);
	assert_non_null(strstr(out.buf, "Old Timer <old@example.org> (obsolete minder:OBSOLETE "
				"THING)"));
	gm(m, "long/l.c", false, &out);
	assert_non_null(strstr(out.buf, "(whatever status:A SECTION WHOSE NAME IS MUCH LONGER "
				"THAN FIFTY...)"));
	/* THE REST: Linus is dropped, LKML stays */
	gm(m, "README", false, &out);
	assert_string_equal(out.buf, "linux-kernel@vger.kernel.org (open list)\n");
	/* a directory argument gets its slash */
	gm(m, "drivers/alpha", false, &out);
	assert_non_null(strstr(out.buf, "(maintainer:ALPHA DRIVER)"));
	strbuf_release(&out);
	kbug_maint_free(m);
}

static void test_n_regex_perl_x(void **state)
{
	struct kbug_maint *m = open_mini();
	struct strbuf out = STRBUF_INIT;
	const char *want;

	gm(m, "drivers/gamma/g.c", false, &out);
	want = "\"Gina Q. Gamma\" <gina@example.org> (odd fixer:GAMMA (REGEX))\n"
		"linux-kernel@vger.kernel.org (open list)\n";
	assert_string_equal(out.buf, want);
	strbuf_release(&out);
	kbug_maint_free(m);
}

static void test_missing_file_is_an_error(void **state)
{
	struct kbug_maint *m = open_mini();
	struct strbuf out = STRBUF_INIT;

	assert_int_equal(kbug_route_format_gm(m, "drivers/nope.c", false, &out), -ENOENT);
	assert_int_equal(kbug_route_format_gm(m, "a\nb", false, &out), -EINVAL);
	strbuf_release(&out);
	kbug_maint_free(m);
}

static void test_json_shape(void **state)
{
	struct kbug_maint *m = open_mini();
	struct json_object *o, *secs, *d;

	assert_int_equal(kbug_route_path(m, "drivers/alpha/core1.c", &o), 0);
	secs = kj_get(o, "sections");
	assert_int_equal(json_object_array_length(secs), 3);
	assert_string_equal(kj_get_str(json_object_array_get_idx(secs, 0), "name"),
			    "ALPHA CORE FILES");
	assert_string_equal(kj_get_str(json_object_array_get_idx(secs, 0), "why"),
			    "F: drivers/alpha/core*.c");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(o, "maintainers"), 0),
				       "name"), "Carl Core");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(o, "reviewers"), 0),
				       "role"), "reviewer:ALPHA DRIVER");
	d = kj_get(o, "destination");
	assert_string_equal(kj_get_str(d, "kind"), "bugzilla");
	assert_string_equal(kj_get_str(d, "product"), "Drivers");
	assert_string_equal(kj_get_str(d, "component"), "Alpha");
	assert_string_equal(kj_get_str(d, "section"), "ALPHA CORE FILES");
	json_object_put(o);
	assert_int_equal(kbug_route_path(m, "drivers/gamma/g.c", &o), 0);
	assert_string_equal(kj_get_str(kj_get(o, "destination"), "kind"), "email");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(o, "maintainers"), 0),
				       "name"), "Gina Q. Gamma");
	json_object_put(o);
	kbug_maint_free(m);
}

/* route/suspect.c: what was named, else the picked report; written once. */
static void test_route_suspect(void **state)
{
	struct kbug_maint *m = open_mini();
	struct kbug_report r;
	struct json_object *rep = json_object_new_object(), *route;
	struct kbug_suspect s = { .report = rep };

	assert_int_equal(kbug_report_init(&r), 0);
	/* the picked report's guilty file, not the newest's */
	kj_set_str(rep, "guilty_file", "drivers/alpha/a.c");
	kj_set_str(rep, "blame_reason", "first frame outside the reporting machinery");
	assert_int_equal(kbug_route_suspect(&r, m, &s), 0);
	route = kbug_report_get(&r, "route");
	assert_string_equal(kj_path_str(route, "suspect.from"), "crash");
	assert_string_equal(kj_path_str(route, "suspect.path"), "drivers/alpha/a.c");
	assert_string_equal(kj_path_str(route, "suspect.why"),
			    "first frame outside the reporting machinery");
	assert_string_equal(kj_path_str(route, "source.kind"), "file");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(route, "maintainers"), 0),
				       "address"), "ann@example.org");
	/* a file this tree does not have: its nearest directory that exists */
	json_object_object_del(rep, "guilty_file");
	json_object_object_del(rep, "blame_reason");
	kj_set_str(rep, "guilty_file", "drivers/alpha/gone/new.c");
	assert_int_equal(kbug_route_suspect(&r, m, &s), 0);
	route = kbug_report_get(&r, "route");
	assert_string_equal(kj_path_str(route, "suspect.path"), "drivers/alpha/");
	assert_string_equal(kj_path_str(route, "suspect.why"), "the guilty file of the report");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(route, "maintainers"), 0),
				       "address"), "ann@example.org");
	/* --file wins over the report, and is routed as given */
	s.file = "drivers/gamma/g.c";
	assert_int_equal(kbug_route_suspect(&r, m, &s), 0);
	route = kbug_report_get(&r, "route");
	assert_string_equal(kj_path_str(route, "suspect.from"), "file");
	assert_string_equal(kj_path_str(route, "suspect.path"), "drivers/gamma/g.c");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(route, "maintainers"), 0),
				       "name"), "Gina Q. Gamma");
	/* nothing named and no report: an error, and "route" is not written */
	json_object_object_del(r.root, "route");
	s.file = NULL;
	s.report = NULL;
	assert_int_equal(kbug_route_suspect(&r, m, &s), -EINVAL);
	assert_null(kbug_report_get(&r, "route"));
	json_object_put(rep);
	kbug_report_release(&r);
	kbug_maint_free(m);
}

static void test_route_report(void **state)
{
	struct kbug_maint *m = open_mini();
	struct kbug_report r;
	struct json_object *an, *reps, *rep, *route;

	assert_int_equal(kbug_report_init(&r), 0);
	/* nothing to blame */
	assert_int_equal(kbug_route_report(&r, m, NULL), -ENOENT);
	route = kbug_report_get(&r, "route");
	assert_non_null(kj_get_str(route, "error"));
	assert_string_equal(kj_get_str(kj_get(route, "source"), "kind"), "file");
	/* the newest report's guilty file */
	an = json_object_new_object();
	reps = json_object_new_array();
	rep = json_object_new_object();
	kj_set_str(rep, "guilty_file", "drivers/old/o.c");
	kj_append(reps, rep);
	rep = json_object_new_object();
	kj_set_str(rep, "guilty_file", "drivers/alpha/a.c");
	kj_set_str(rep, "blame_reason", "first frame outside the reporting machinery");
	kj_append(reps, rep);
	kj_set(an, "reports", reps);
	kbug_report_set(&r, "analysis", an);
	assert_int_equal(kbug_route_report(&r, m, NULL), 0);
	route = kbug_report_get(&r, "route");
	assert_string_equal(kj_path_str(route, "suspect.from"), "crash");
	assert_string_equal(kj_path_str(route, "suspect.path"), "drivers/alpha/a.c");
	assert_string_equal(kj_get_str(route, "path"), "drivers/alpha/a.c");
	assert_string_equal(kj_get_str(json_object_array_get_idx(kj_get(route, "maintainers"), 0),
				       "address"), "ann@example.org");
	/* a path given wins */
	assert_int_equal(kbug_route_report(&r, m, "drivers/gamma/g.c"), 0);
	route = kbug_report_get(&r, "route");
	assert_string_equal(kj_path_str(route, "suspect.from"), "file");
	assert_string_equal(kj_get_str(kj_get(route, "destination"), "kind"), "email");
	kbug_report_release(&r);
	kbug_maint_free(m);
}

static void test_perl_email_rules(void **state)
{
	struct strbuf n = STRBUF_INIT, a = STRBUF_INIT, f = STRBUF_INIT;

	pl_parse_email("\"James E.J. Bottomley\" <James.Bottomley@HansenPartnership.com>", &n, &a);
	assert_string_equal(n.buf, "\"James E.J. Bottomley\"");
	assert_string_equal(a.buf, "James.Bottomley@HansenPartnership.com");
	pl_parse_email("nic_swsd@realtek.com", &n, &a);
	assert_string_equal(n.buf, "");
	assert_string_equal(a.buf, "nic_swsd@realtek.com");
	pl_parse_email("Paulo Alcantara <pc@manguebit.com> (DFS, global name space)", &n, &a);
	assert_string_equal(n.buf, "Paulo Alcantara");
	assert_string_equal(a.buf, "pc@manguebit.com");
	pl_parse_email("  <x@y.org> trailing", &n, &a);
	assert_string_equal(a.buf, "x@y.org");
	pl_format_email("Rafał Miłecki", "r@m.pl", true, &f);
	assert_string_equal(f.buf, "\"Rafał Miłecki\" <r@m.pl>");
	pl_format_email("Lee, Chun-Yi", "jlee@suse.com", true, &f);
	assert_string_equal(f.buf, "\"Lee, Chun-Yi\" <jlee@suse.com>");
	pl_format_email("", "a@b.c", true, &f);
	assert_string_equal(f.buf, "a@b.c");
	pl_lc("ÀÉ Ünïcode ABC", &f);
	assert_string_equal(f.buf, "àé ünïcode abc");
	strbuf_reset(&n);
	strbuf_addstr(&n, "\xc2\xa0 x \xe3\x80\x80");	/* NBSP and ideographic space are \s */
	pl_trim(&n);
	assert_string_equal(n.buf, "x");
	strbuf_release(&n);
	strbuf_release(&a);
	strbuf_release(&f);
}

static void test_rfc822_lists(void **state)
{
	char **v;
	int n;

	/* an unquoted comma inside a name is no list: the value is one address */
	n = pl_rfc822_list("Enrico Weigelt, metux IT consult <info@metux.net>", &v);
	assert_int_equal(n, 0);
	n = pl_rfc822_list("A One <a@one.org>, B Two <b@two.org>", &v);
	assert_int_equal(n, 2);
	assert_string_equal(v[0], "A One <a@one.org>");
	assert_string_equal(v[1], "B Two <b@two.org>");
	free(v[0]);
	free(v[1]);
	free(v);
}

static void test_mailmap(void **state)
{
	static const char mm_text[] =
		"# comment\n"
		"Proper Name <proper@example.org> <old@example.org>\n"
		"<new@example.org> <older@example.org>\n"
		"Only Name <named@example.org>\n"
		"Real Person <real@example.org> Wrong Person <wrong@example.org>\n";
	struct mailmap *mm = kbug_mailmap_parse(mm_text, strlen(mm_text), NULL);
	struct strbuf o = STRBUF_INIT;

	kbug_mailmap_email(mm, "Whoever <old@example.org>", &o);
	assert_string_equal(o.buf, "Proper Name <proper@example.org>");
	kbug_mailmap_email(mm, "X Y <older@example.org>", &o);
	assert_string_equal(o.buf, "X Y <new@example.org>");
	kbug_mailmap_email(mm, "named@example.org", &o);
	assert_string_equal(o.buf, "Only Name <named@example.org>");
	kbug_mailmap_email(mm, "Wrong Person <wrong@example.org>", &o);
	assert_string_equal(o.buf, "Real Person <real@example.org>");
	kbug_mailmap_email(mm, "Other <wrong@example.org>", &o);
	assert_string_equal(o.buf, "Other <wrong@example.org>");
	strbuf_release(&o);
	kbug_mailmap_free(mm);
}

static void test_file_emails(void **state)
{
	static const char yaml[] =
		"maintainers:\n"
		"  - Jose Abreu <joabreu@synopsys.com>\n"
		"  - \"J. R. R. Tolkien\" <jrr@middle.earth>\n";
	char **v;
	int n = pl_file_emails(yaml, strlen(yaml), &v), i;

	assert_int_equal(n, 2);
	assert_string_equal(v[0], "Jose Abreu <joabreu@synopsys.com>");
	assert_string_equal(v[1], "\"R. R. Tolkien\" <jrr@middle.earth>");
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void check_dest(const char *b, const char *kind, const char *key, const char *val)
{
	struct json_object *d = kbug_route_classify_bug(b, "S");

	assert_string_equal(kj_get_str(d, "kind"), kind);
	if (key && val)
		assert_string_equal(kj_get_str(d, key), val);
	else if (key)
		assert_null(kj_get_str(d, key));
	assert_string_equal(kj_get_str(d, "b_entry"), b);
	json_object_put(d);
}

/* Every form of B: in the 6.12 MAINTAINERS */
static void test_bug_classifier(void **state)
{
	check_dest("https://bugzilla.kernel.org", "bugzilla", "url", "https://bugzilla.kernel.org");
	check_dest("https://bugzilla.kernel.org", "bugzilla", "product", NULL);
	check_dest("https://bugzilla.kernel.org/enter_bug.cgi?product=File%20System&component=f2fs",
		   "bugzilla", "product", "File System");
	check_dest("https://bugzilla.kernel.org/enter_bug.cgi?product=File%20System&component=f2fs",
		   "bugzilla", "component", "f2fs");
	check_dest("https://bugzilla.kernel.org/buglist.cgi?component=Sanitizers&product=Memory%20Management",
		   "bugzilla", "product", "Memory Management");
	check_dest("https://bugzilla.kernel.org/enter_bug.cgi?component=Sparse&product=Tools",
		   "bugzilla", "component", "Sparse");
	check_dest("mailto:linux-samsung-soc@vger.kernel.org", "mailto", "address",
		   "linux-samsung-soc@vger.kernel.org");
	check_dest("mailto:linux-next@vger.kernel.org and the appropriate development tree",
		   "mailto", "address", "linux-next@vger.kernel.org");
	check_dest("https://github.com/ClangBuiltLinux/linux/issues", "issue-tracker", "url",
		   "https://github.com/ClangBuiltLinux/linux/issues/new");
	check_dest("https://gitlab.freedesktop.org/drm/msm/-/issues", "issue-tracker", "url",
		   "https://gitlab.freedesktop.org/drm/msm/-/issues/new");
	check_dest("https://gitlab.freedesktop.org/drm/xe/kernel/-/issues", "issue-tracker", "url",
		   "https://gitlab.freedesktop.org/drm/xe/kernel/-/issues/new");
	check_dest("https://www.open-mesh.org/projects/batman-adv/issues", "issue-tracker", "url",
		   "https://www.open-mesh.org/projects/batman-adv/issues/new");
	check_dest("https://drm.pages.freedesktop.org/intel-docs/how-to-file-i915-bugs.html", "web",
		   "url", "https://drm.pages.freedesktop.org/intel-docs/how-to-file-i915-bugs.html");
	check_dest("https://wireless.wiki.kernel.org/en/users/Drivers/ath11k/bugreport", "web",
		   NULL, NULL);
	check_dest("https://gitlab.freedesktop.org/drm", "web", NULL, NULL);
	check_dest("https://bugs.acpica.org", "web", NULL, NULL);
}

static void test_malformed_input(void **state)
{
	static const char bad[] =
		"SECTION ONE\n"
		"M:\tA <a@b.c>\n"
		"Z:\tunknown letter\n"
		"stray text inside the section\n"
		"N:\t(unclosed\n"
		"F:\tfoo/[bar\n"
		"F:\tnul\0byte\n"
		"\n"
		"THE REST\n"
		"F:\t*\n";
	struct kbug_maint *m;
	struct strbuf out = STRBUF_INIT, huge = STRBUF_INIT;
	size_t i;

	assert_int_equal(kbug_maint_parse(bad, sizeof(bad) - 1, "bad", &m), 0);
	assert_true(kbug_maint_nr_warnings(m) >= 3);	/* Z:, stray line, NUL */
	assert_int_equal(kbug_route_format_gm(m, "foo/x", false, &out), 0);
	assert_true(kbug_maint_nr_warnings(m) >= 5);	/* and the two bad patterns */
	kbug_maint_free(m);
	/* a 1 MB line and no sections at all */
	strbuf_addstr(&huge, "TITLE\nF:\t");
	for (i = 0; i < (1 << 20); i++)
		strbuf_addch(&huge, 'a');
	strbuf_addch(&huge, '\n');
	assert_int_equal(kbug_maint_parse(huge.buf, huge.len, "huge", &m), 0);
	assert_true(kbug_maint_nr_warnings(m) >= 1);
	kbug_maint_free(m);
	assert_int_equal(kbug_maint_parse("just text\n", 10, "none", &m), -EINVAL);
	strbuf_release(&out);
	strbuf_release(&huge);
}

/* N: (a+)+$ on a path of a's: reported at its line, bounded, ignored after (issue 18, item 6) */
static void test_costly_regex_reported(void **state)
{
	static const char text[] =
		"THE REST\n"
		"M:\tA <a@b.c>\n"
		"F:\t*\n"
		"F:\t*/\n"
		"\n"
		"CATASTROPHIC\n"
		"M:\tC <c@d.e>\n"
		"N:\t(a+)+$\n"
		"F:\tdrivers/(a|aa)+$\n";
	struct kbug_maint *m;
	struct json_object *r;
	struct timespec t0, t1;
	double s;

	assert_int_equal(kbug_maint_parse(text, sizeof(text) - 1, "costly", &m), 0);
	assert_int_equal(kbug_maint_nr_warnings(m), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(kbug_route_path(m, "drivers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", &r), 0);
	json_object_put(r);
	assert_int_equal(kbug_route_path(m, "drivers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", &r), 0);
	json_object_put(r);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	assert_int_equal(kbug_maint_nr_warnings(m), 2);	/* the N: and the F:, once each */
	assert_true(s < 0.1);
	kbug_maint_free(m);
}

static void test_canonpath(void **state)
{
	struct strbuf o = STRBUF_INIT;

	kbug_route_canon_path("./drivers//net/./e1000/", NULL, &o);
	assert_string_equal(o.buf, "drivers/net/e1000");
	kbug_route_canon_path("/src/linux/kernel/fork.c", "/src/linux", &o);
	assert_string_equal(o.buf, "kernel/fork.c");
	kbug_route_canon_path("/../../x", NULL, &o);
	assert_string_equal(o.buf, "/x");
	strbuf_release(&o);
}

/* The real 6.12 file: all of it, well under 10 ms (optimized build). */
static void test_parse_612_speed(void **state)
{
	struct kbug_maint_opts o = { .no_sysfs = true, .no_tree = true, .no_cache = true };
	struct kbug_maint *m;
	struct json_object *src;
	const char *text = NULL;
	char *own = NULL;
	size_t len = 0;
	struct timespec a, b;
	double ms;
	int i, rounds = 20;

	if (kbug_embedded_get("maintainers", &text, &len, &own) || !text) {
		skip();
		return;
	}
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
	for (i = 0; i < rounds; i++) {
		assert_int_equal(kbug_maint_parse(text, len, "6.12", &m), 0);
		if (i < rounds - 1)
			kbug_maint_free(m);
	}
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
	ms = ((double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6) / rounds;
	printf("# parse of the 6.12 MAINTAINERS (%zu bytes, %u sections): %.3f ms of CPU\n", len,
	       kbug_maint_nr_sections(m), ms);
	assert_true(kbug_maint_nr_sections(m) > 2500);
	assert_int_equal(kbug_maint_nr_warnings(m), 0);
	kbug_maint_free(m);
	free(own);
	/* and the embedded copy opens as a source of its own */
	assert_int_equal(kbug_maint_open(&o, &m), 0);
	src = kbug_maint_source(m);
	assert_string_equal(kj_get_str(src, "kind"), "embedded");
	assert_non_null(strstr(kj_get_str(src, "version"), "6.12."));
	json_object_put(src);
	/* the embedded tree answers -d: "drivers/net" is a directory there */
	assert_true(maint_isdir(m, "drivers/net"));
	assert_false(maint_isdir(m, "drivers/net/Kconfig"));
	kbug_maint_free(m);
}


/* Route many paths, each answer ended by \x1e; every answer's return code in rc. */
static void route_many(struct kbug_maint *m, char **paths, size_t n, struct strbuf *out,
		       int *bad)
{
	struct strbuf one = STRBUF_INIT;
	size_t i;

	strbuf_reset(out);
	*bad = 0;
	for (i = 0; i < n; i++) {
		int r;

		strbuf_reset(&one);
		r = kbug_route_format_gm(m, paths[i], false, &one);
		if (r)
			(*bad)++;
		strbuf_add(out, one.buf, one.len);
		strbuf_addch(out, '\x1e');
	}
	strbuf_release(&one);
}

/* Paths of the built-in tree: every 11th directory, and a Makefile in it. */
static char **tree_paths(const char *dirs, size_t dlen, size_t *np)
{
	char **paths = calloc(dlen / 11 * 2 + 8, sizeof(*paths));
	size_t i, k, n = 0;

	assert_non_null(paths);
	for (i = 0, k = 0; i < dlen; k++) {
		const char *nl = memchr(dirs + i, '\n', dlen - i);
		size_t l = nl ? (size_t)(nl - dirs) - i : dlen - i;

		if (k % 11 == 0 && l) {
			paths[n++] = strndup(dirs + i, l);
			assert_true(asprintf(&paths[n], "%.*s/Makefile", (int)l, dirs + i) > 0);
			n++;
		}
		i += l + 1;
	}
	assert_true(n > 500);
	*np = n;
	return paths;
}

static void write_file(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static bool same(const struct strbuf *a, const struct strbuf *b)
{
	return a->len == b->len && !memcmp(a->buf, b->buf, a->len);
}

/* text[0..len) gzip'd by zlib at level (0: stored blocks, so its length is the text's) */
static void gzip_text(const char *text, size_t len, int level, struct strbuf *out)
{
	z_stream zs = { 0 };
	uLong bound;

	assert_int_equal(deflateInit2(&zs, level, Z_DEFLATED, 16 + MAX_WBITS, 8,
				      Z_DEFAULT_STRATEGY), Z_OK);
	bound = deflateBound(&zs, len);
	strbuf_reset(out);
	strbuf_grow(out, bound);
	zs.next_in = (unsigned char *)text;
	zs.avail_in = (uInt)len;
	zs.next_out = (unsigned char *)out->buf;
	zs.avail_out = (uInt)bound;
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	assert_true(zs.total_out > 18);
	out->len = zs.total_out;	/* strbuf_setlen() only shortens */
	out->buf[out->len] = '\0';
	deflateEnd(&zs);
}

/* Open o, route every path into got. */
static void open_route(const struct kbug_maint_opts *o, char **paths, size_t n,
		       struct strbuf *got, int *bad)
{
	struct kbug_maint *m;

	assert_int_equal(kbug_maint_open(o, &m), 0);
	route_many(m, paths, n, got, bad);
	kbug_maint_free(m);
}

/*
 * A gzip'd MAINTAINERS (/sys/kernel/maintainers.gz, MAINTAINERS.gz in the
 * cache, --maintainers FILE.gz) answers as its plain text does, whether
 * compressed well or in stored blocks, and every time it is opened.
 */
static void test_gz_source(void **state)
{
	struct kbug_maint_opts o = { .no_sysfs = true, .no_tree = true, .no_cache = true };
	struct strbuf file = STRBUF_INIT, plain = STRBUF_INIT, want = STRBUF_INIT,
		got = STRBUF_INIT, gz = STRBUF_INIT;
	const char *text, *dirs;
	char *own = NULL, *downs = NULL, **paths = NULL;
	size_t len, dlen, n = 0, i;
	int bad, level;

	if (kbug_embedded_get("maintainers", &text, &len, &own) || !text || !len ||
	    kbug_embedded_get("dirs", &dirs, &dlen, &downs) || !dirs) {
		skip();
		return;
	}
	paths = tree_paths(dirs, dlen, &n);
	strbuf_addf(&file, "%s/MAINTAINERS.gz", tree);
	strbuf_addf(&plain, "%s/MAINTAINERS.plain", tree);
	write_file(plain.buf, text, len);
	o.file = plain.buf;
	open_route(&o, paths, n, &want, &bad);
	assert_int_equal(bad, 0);
	o.file = file.buf;
	for (level = 0; level <= 9; level += 9) {
		gzip_text(text, len, level, &gz);
		write_file(file.buf, gz.buf, gz.len);
		for (i = 0; i < 2; i++) {
			open_route(&o, paths, n, &got, &bad);
			assert_int_equal(bad, 0);
			assert_true(same(&got, &want));
		}
	}
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(own);
	free(downs);
	strbuf_release(&file);
	strbuf_release(&plain);
	strbuf_release(&want);
	strbuf_release(&got);
	strbuf_release(&gz);
}

/* The loading helper: a missing library is an error, said once and kept; nothing exits. */
static void test_dl_load(void **state)
{
	static const char *const syms[] = { "inflate" };
	void *fn = NULL, *none = NULL;
	struct kbug_dl z = { .soname = "libz.so.1", .syms = syms, .n = 1, .ptrs = &fn };
	struct kbug_dl missing = {
		.soname = "libkbug-test-none.so.0", .syms = syms, .n = 1, .ptrs = &none,
	};
	const char *err = NULL, *again = NULL;

	assert_int_equal(kbug_dl_load(&z, &err), 0);
	assert_non_null(fn);
	assert_int_equal(kbug_dl_load(&z, NULL), 0);
	assert_non_null(kbug_dl_sym(&z, "inflateEnd"));
	assert_null(kbug_dl_sym(&z, "kbug_test_none"));
	assert_int_equal(kbug_dl_load(&missing, &err), -ENOSYS);
	assert_non_null(strstr(err, "cannot load 'libkbug-test-none.so.0'"));
	assert_int_equal(kbug_dl_load(&missing, &again), -ENOSYS);
	assert_string_equal(again, err);
	assert_null(none);
	assert_null(kbug_dl_sym(&missing, "inflate"));
	free(missing.why);	/* a static one's stays for the process's life */
	/* PCRE2 is there: routing loads it */
	assert_int_equal(kbug_pcre2_load(&err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glob_trailing_slash_and_exclusion),
		cmocka_unit_test(test_rank_dedup_lists),
		cmocka_unit_test(test_star_one_component_and_class),
		cmocka_unit_test(test_bare_directory_and_roles),
		cmocka_unit_test(test_n_regex_perl_x),
		cmocka_unit_test(test_missing_file_is_an_error),
		cmocka_unit_test(test_json_shape),
		cmocka_unit_test(test_route_report),
		cmocka_unit_test(test_route_suspect),
		cmocka_unit_test(test_perl_email_rules),
		cmocka_unit_test(test_rfc822_lists),
		cmocka_unit_test(test_mailmap),
		cmocka_unit_test(test_file_emails),
		cmocka_unit_test(test_bug_classifier),
		cmocka_unit_test(test_malformed_input),
		cmocka_unit_test(test_costly_regex_reported),
		cmocka_unit_test(test_canonpath),
		cmocka_unit_test(test_parse_612_speed),
		cmocka_unit_test(test_gz_source),
		cmocka_unit_test(test_dl_load),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
