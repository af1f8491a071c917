// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel probe: release, version, machine, compiler, command line,
 * the taint value decoded as kernel/panic.c prints it (unknown bits are
 * kept as "bit N", never dropped), the modules that tainted it, and a
 * guess whether the kernel is a distribution's build or mainline/stable.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/pcre2.h"
#include "util/strbuf.h"

/* taint_flags[] of kernel/panic.c (6.12), with the documented reasons. */
const struct kbug_taint_flag kbug_taint_flags[] = {
	{ 0, 'P', "PROPRIETARY_MODULE", "proprietary module was loaded" },
	{ 1, 'F', "FORCED_MODULE", "module was force loaded" },
	{ 2, 'S', "CPU_OUT_OF_SPEC", "kernel running on an out of specification system" },
	{ 3, 'R', "FORCED_RMMOD", "module was force unloaded" },
	{ 4, 'M', "MACHINE_CHECK", "processor reported a Machine Check Exception (MCE)" },
	{ 5, 'B', "BAD_PAGE", "bad page referenced or some unexpected page flags" },
	{ 6, 'U', "USER", "taint requested by userspace application" },
	{ 7, 'D', "DIE", "kernel died recently, i.e. there was an OOPS or BUG" },
	{ 8, 'A', "OVERRIDDEN_ACPI_TABLE", "ACPI table overridden by user" },
	{ 9, 'W', "WARN", "kernel issued warning" },
	{ 10, 'C', "CRAP", "staging driver was loaded" },
	{ 11, 'I', "FIRMWARE_WORKAROUND", "workaround for bug in platform firmware applied" },
	{ 12, 'O', "OOT_MODULE", "externally-built (\"out-of-tree\") module was loaded" },
	{ 13, 'E', "UNSIGNED_MODULE", "unsigned module was loaded" },
	{ 14, 'L', "SOFTLOCKUP", "soft lockup occurred" },
	{ 15, 'K', "LIVEPATCH", "kernel has been live patched" },
	{ 16, 'X', "AUX", "auxiliary taint, defined for and used by distros" },
	{ 17, 'T', "RANDSTRUCT", "kernel was built with the struct randomization plugin" },
	{ 18, 'N', "TEST", "an in-kernel test has been run" },
};

const size_t kbug_taint_flags_nr = ARRAY_SIZE(kbug_taint_flags);

int kbug_taint_parse(const char *text, uint64_t *value)
{
	char *end;
	unsigned long long v;

	while (*text == ' ' || *text == '\t')
		text++;
	if (!isdigit((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno)
		return -EINVAL;
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (*end)
		return -EINVAL;
	*value = v;
	return 0;
}

struct json_object *kbug_taint_decode(uint64_t value)
{
	struct json_object *t = json_object_new_object();
	struct json_object *reasons = json_object_new_array();
	char flags[80];
	size_t nf = 0;
	unsigned int bit;

	for (bit = 0; bit < 64; bit++) {
		struct json_object *e;
		char name[16];

		if (!(value & (1ull << bit)))
			continue;
		e = json_object_new_object();
		kj_set_int(e, "bit", bit);
		if (bit < kbug_taint_flags_nr) {
			char l[2] = { kbug_taint_flags[bit].letter, '\0' };

			kj_set_str(e, "letter", l);
			kj_set_str(e, "name", kbug_taint_flags[bit].name);
			kj_set_str(e, "reason", kbug_taint_flags[bit].reason);
			flags[nf++] = kbug_taint_flags[bit].letter;
		} else {
			/* a bit this table does not know: kept, by number */
			snprintf(name, sizeof(name), "bit %u", bit);
			json_object_object_add(e, "letter", NULL);
			kj_set_str(e, "reason", name);
		}
		kj_append(reasons, e);
	}
	flags[nf] = '\0';
	kj_set_int(t, "value", (int64_t)value);
	kj_set_str(t, "flags", flags);
	kj_set(t, "reasons", reasons);
	return t;
}

/* The shapes of a release string the origin guess looks for. */
enum release_kind {
	REL_DEB, REL_DEBIAN_FLAVOUR, REL_UBUNTU_FLAVOUR, REL_FEDORA, REL_RHEL, REL_MAGEIA,
	REL_ARCH, REL_SUSE, REL_MANJARO, REL_RC, REL_NEXT, REL_STABLE, REL_MAINLINE, REL_LOCAL,
	REL_NEXT_ANY, REL_NR,
};

static const char *const release_re[REL_NR] = {
	[REL_DEB] = "\\+deb[0-9]+",
	[REL_DEBIAN_FLAVOUR] =
		"-(amd64|arm64|686|686-pae|armmp|cloud-amd64|rt-amd64|powerpc64le|s390x)$",
	[REL_UBUNTU_FLAVOUR] = "-(generic|lowlatency|aws|azure|gcp|oracle|raspi|kvm)(-.*)?$",
	[REL_FEDORA] = "\\.fc[0-9]+",
	[REL_RHEL] = "\\.el[0-9]+",
	[REL_MAGEIA] = "\\.mga[0-9]+",
	[REL_ARCH] = "-arch[0-9]+-",
	[REL_SUSE] = "-(default|preempt)$",
	[REL_MANJARO] = "-MANJARO$",
	[REL_RC] = "^[0-9]+\\.[0-9]+(\\.0)?-rc[0-9]+",
	[REL_NEXT] = "-next-20[0-9]{6}",
	[REL_STABLE] = "^[0-9]+\\.[0-9]+\\.[1-9][0-9]*([-+].*)?$",
	[REL_MAINLINE] = "^[0-9]+\\.[0-9]+(\\.0)?\\+?$",
	/* possessive: an -rcN is not taken for the local part */
	[REL_LOCAL] = "^[0-9.]+(-rc[0-9]+)?+[-+].",
	[REL_NEXT_ANY] = "-next-",
};

/* Does the release (one line, as read) have shape k? Compiled when first asked. */
static bool rmatch(enum release_kind k, const char *s)
{
	static pcre2_code *re[REL_NR];
	static pcre2_match_data *md;
	PCRE2_SIZE off;
	int err;

	if (!re[k])
		re[k] = pcre2_compile((PCRE2_SPTR)release_re[k], PCRE2_ZERO_TERMINATED, 0, &err,
				      &off, NULL);
	if (!md)
		md = pcre2_match_data_create(1, NULL);
	if (!s || !re[k] || !md)
		return false;
	return pcre2_match(re[k], (PCRE2_SPTR)s, strlen(s), 0, 0, md, NULL) >= 0;
}

/* Append "<pre><arg><post>" to the evidence list. */
static void evidence(struct json_object *ev, const char *pre, const char *arg, const char *post)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, pre);
	strbuf_addstr(&sb, arg);
	strbuf_addstr(&sb, post);
	kj_append_str(ev, sb.buf);
	strbuf_release(&sb);
}

struct json_object *kbug_kernel_origin(const char *release, const char *pv)
{
	static const struct {
		enum release_kind kind;	/* on the release */
		const char *what;
	} rel_marks[] = {
		{ REL_DEB, "Debian's '+debN' suffix" },
		{ REL_DEBIAN_FLAVOUR, "Debian's flavour suffix" },
		{ REL_UBUNTU_FLAVOUR, "Ubuntu's flavour suffix" },
		{ REL_FEDORA, "Fedora's '.fcN' tag" },
		{ REL_RHEL, "Red Hat Enterprise Linux's '.elN' tag" },
		{ REL_MAGEIA, "Mageia's '.mgaN' tag" },
		{ REL_ARCH, "Arch Linux's '-archN' tag" },
		{ REL_SUSE, "SUSE's flavour suffix" },
		{ REL_MANJARO, "Manjaro's suffix" },
	};
	static const char *const pv_marks[] = {
		"Debian", "Ubuntu", "Red Hat", "Fedora", "SUSE", "Mageia", "Arch Linux",
		"Gentoo", "Alpine",
	};
	struct json_object *o = json_object_new_object();
	struct json_object *ev = json_object_new_array();
	const char *guess = "unknown", *err = NULL;
	size_t i;

	if (release && kbug_pcre2_load(&err)) {
		evidence(ev, "the release's shape is unknown: ", err, "");
		release = NULL;
	}

	for (i = 0; release && i < ARRAY_SIZE(rel_marks); i++)
		if (rmatch(rel_marks[i].kind, release)) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "release '%s' has %s", release, rel_marks[i].what);
			kj_append_str(ev, sb.buf);
			strbuf_release(&sb);
			guess = "distribution";
		}
	for (i = 0; pv && i < ARRAY_SIZE(pv_marks); i++)
		if (strstr(pv, pv_marks[i])) {
			evidence(ev, "/proc/version names ", pv_marks[i], "");
			guess = "distribution";
		}
	if (!strcmp(guess, "unknown") && release) {
		if (rmatch(REL_RC, release)) {
			evidence(ev, "release '", release, "' is a release candidate (-rcN)");
			guess = "mainline";
		} else if (rmatch(REL_NEXT, release)) {
			evidence(ev, "release '", release, "' is a linux-next snapshot");
			guess = "mainline";
		} else if (rmatch(REL_STABLE, release)) {
			evidence(ev, "release '", release, "' is a stable point release (x.y.z)");
			guess = "stable";
		} else if (rmatch(REL_MAINLINE, release)) {
			evidence(ev, "release '", release, "' is a mainline release (x.y)");
			guess = "mainline";
		}
		if (strcmp(guess, "unknown") && rmatch(REL_LOCAL, release) &&
		    !rmatch(REL_NEXT_ANY, release))
			evidence(ev, "release '", release, "' carries a local version suffix");
	}
	if (!json_object_array_length(ev))
		kj_append_str(ev, "no distribution marks and no mainline/stable version shape");
	kj_set_str(o, "guess", guess);
	kj_set(o, "evidence", ev);
	return o;
}

char *kbug_kernel_compiler(const char *pv)
{
	const char *p, *q;
	int depth = 0;

	/* "Linux version R (user@host) (COMPILER, LINKER) #1 ..." */
	if (!pv)
		return NULL;
	p = strstr(pv, ") (");
	if (!p)
		return NULL;
	p += 3;
	for (q = p; *q && *q != '\n'; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')' && depth-- == 0)
			break;
	}
	if (*q != ')' || q == p)
		return NULL;
	return strndup(p, (size_t)(q - p));
}

static int name_cmp(const void *a, const void *b)
{
	const char *x = kj_get_str(*(struct json_object *const *)a, "name");
	const char *y = kj_get_str(*(struct json_object *const *)b, "name");

	return strcmp(x ? x : "", y ? y : "");
}

/* The modules whose /sys/module/NAME/taint is not empty. */
static struct json_object *taint_modules(void)
{
	struct json_object *arr = json_object_new_array();
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	struct dirent *de;
	DIR *d = kbug_path_opendir("/sys/module");
	int n = 0;

	while (d && (de = readdir(d)) && n < 100000) {
		n++;
		if (de->d_name[0] == '.')
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "/sys/module/%s/taint", de->d_name);
		if (kbug_path_read_line(&v, p.buf) || !v.len) {
			continue;
		} else {
			struct json_object *m = json_object_new_object();

			kj_set_str(m, "name", de->d_name);
			kj_set_str(m, "flags", v.buf);
			kj_append(arr, m);
		}
	}
	if (d)
		closedir(d);
	json_object_array_sort(arr, name_cmp);
	strbuf_release(&p);
	strbuf_release(&v);
	return arr;
}

static int read_or_error(struct kbug_report *r, struct strbuf *sb, const char *path)
{
	int ret = kbug_path_read_line(sb, path);

	if (ret)
		kbug_report_error(r, "kernel", "cannot read '%s': %s", path, strerror(-ret));
	return ret;
}

static int kernel_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct kbug_report *r = ctx->report;
	struct strbuf sb = STRBUF_INIT, pv = STRBUF_INIT;
	struct utsname u;
	bool have_uts = uname(&u) == 0, real = !*kbug_path_root();
	char *compiler;
	uint64_t taint;
	int ret = 0;
	long n;

	/*
	 * This machine's kernel names itself by uname(), which is what
	 * /proc/sys/kernel/{osrelease,version,arch} print (kernel/utsname_sysctl.c);
	 * a fixture root has the files
	 */
	if (real && have_uts) {
		kj_set_str(*out, "release", u.release);
		kj_set_str(*out, "version", u.version);
		kj_set_str(*out, "machine", u.machine);
	} else {
		if (!read_or_error(r, &sb, "/proc/sys/kernel/osrelease"))
			kj_set_str(*out, "release", sb.buf);
		if (!read_or_error(r, &sb, "/proc/sys/kernel/version"))
			kj_set_str(*out, "version", sb.buf);
		/* a fixture root may name its machine; else it is the running kernel's */
		if (!kbug_path_read_line(&sb, "/proc/sys/kernel/arch") && sb.len)
			kj_set_str(*out, "machine", sb.buf);
		else if (have_uts)
			kj_set_str(*out, "machine", u.machine);
	}

	n = kbug_path_read(&pv, "/proc/version", 4096);
	if (n < 0 && n != -EFBIG) {
		kbug_report_error(r, "kernel", "cannot read '/proc/version': %s",
				  strerror((int)-n));
	} else {
		strbuf_rtrim(&pv);
		kj_set_str(*out, "proc_version", pv.buf);
		compiler = kbug_kernel_compiler(pv.buf);
		kj_set_str(*out, "compiler", compiler);
		free(compiler);
	}
	if (!read_or_error(r, &sb, "/proc/cmdline"))
		kj_set_str(*out, "cmdline", sb.buf);

	if (read_or_error(r, &sb, "/proc/sys/kernel/tainted")) {
		ret = -EIO;
	} else if (kbug_taint_parse(sb.buf, &taint)) {
		kbug_report_error(r, "kernel", "'/proc/sys/kernel/tainted' holds '%.40s', not a number",
				  sb.buf);
		ret = -EINVAL;
	} else {
		struct json_object *t = kbug_taint_decode(taint);

		/*
		 * A module's taint also taints the kernel (add_taint_module()
		 * in kernel/module/main.c), and no write clears a bit: an
		 * untainted kernel has no module to look for.
		 */
		kj_set(t, "modules", taint ? taint_modules() : json_object_new_array());
		kj_set(*out, "tainted", t);
	}
	kj_set(*out, "origin",
	       kbug_kernel_origin(kj_get_str(*out, "release"), pv.len ? pv.buf : NULL));
	strbuf_release(&sb);
	strbuf_release(&pv);
	return ret;
}

const struct kbug_probe kbug_probe_kernel = {
	.name = "kernel",
	.help = "the running kernel: release, version, compiler, command line, taint, origin",
	.reads = "uname(2) (under --sysroot: /proc/sys/kernel/{osrelease,version,arch}), /proc/sys/kernel/tainted, /proc/version, /proc/cmdline, /sys/module/*/taint",
	.run = kernel_run,
};
