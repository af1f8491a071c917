// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Who built the running kernel, from files only (below --sysroot): the
 * Debian source version in uname -v, Ubuntu's /proc/version_signature,
 * and the package that owns /boot/vmlinuz-RELEASE (dpkg's info/NAME.list
 * and status, pacman's local database). The rpm database is SQLite with
 * binary headers (Fedora since F33): it cannot be read without librpm,
 * so on Fedora and openSUSE the package is inferred from the release
 * string, and marked "inferred". Written into the distro section as
 * "kernel" (docs/distro-routing.md).
 */
#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/path.h"
#include "util/strbuf.h"

#define DPKG_LIST_MAX (4u << 20)
#define DPKG_STATUS_MAX (64u << 20)
#define DPKG_LISTS_MAX 4096	/* linux-* lists looked at, at most */
#define PACMAN_DESC_MAX 65536

static void add_ev(struct json_object *ev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_ev(struct json_object *ev, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	kj_append_str(ev, sb.buf);
	strbuf_release(&sb);
}

/*
 * The Debian source version in uname -v: "#1 SMP PREEMPT_DYNAMIC Debian
 * 6.1.115-1 (2024-11-01)". Debian's kernel build puts the distributor
 * and the version into the build stamp (debian/rules.real, KBUILD_BUILD_
 * VERSION_TIMESTAMP), which init/version-timestamp.c prints after '#'.
 * From /proc/version only after its " #": before it the compiler may
 * say "(Debian 12.2.0-14)".
 */
int kbug_debian_kernel_version(const char *uts_version, struct strbuf *out)
{
	const char *p = uts_version, *e;

	strbuf_reset(out);
	if (!p)
		return -ENOENT;
	e = strstr(p, " #");
	if (e && strncmp(p, "#", 1))
		p = e + 1;
	p = strstr(p, " Debian ");
	if (!p)
		return -ENOENT;
	p += 8;
	for (e = p; *e && *e != ' ' && *e != '\n' && e - p < 64; e++)
		if (!isalnum((unsigned char)*e) && !strchr(".+-~:", *e))
			return -EINVAL;
	/* a Debian version starts with a digit (deb-version(7)) */
	if (e == p || *p < '0' || *p > '9')
		return -EINVAL;
	strbuf_add(out, p, (size_t)(e - p));
	return 0;
}

/*
 * One stanza of dpkg's status file (deb822: "Field: value" lines, a
 * blank line between stanzas): Version, Source, Maintainer, Status of
 * package pkg into obj. 0, or -ENOENT when no stanza names it.
 */
int kbug_dpkg_status_find(const char *text, size_t len, const char *pkg,
			  struct json_object *obj)
{
	const char *p = text, *end = text + len;
	size_t pl = strlen(pkg);
	bool in = false, found = false;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		size_t n = (size_t)(le - p);

		if (!n) {
			if (in)
				break;
		} else if (n > 9 && !strncmp(p, "Package: ", 9)) {
			if (in)
				break;
			in = n - 9 == pl && !memcmp(p + 9, pkg, pl);
			found |= in;
		} else if (in && *p != ' ' && *p != '\t') {
			static const char *const fields[] = { "Version", "Source", "Maintainer",
							      "Status" };
			size_t i;

			for (i = 0; i < 4; i++) {
				size_t fl = strlen(fields[i]);

				if (n > fl + 2 && !strncmp(p, fields[i], fl) && p[fl] == ':' &&
				    p[fl + 1] == ' ') {
					char key[16];
					size_t k;

					for (k = 0; k < fl; k++)
						key[k] = (char)(fields[i][k] | 0x20);
					key[fl] = '\0';
					kj_set(obj, key,
					       json_object_new_string_len(p + fl + 2,
									  (int)(n - fl - 2)));
				}
			}
		}
		p = nl ? nl + 1 : end;
	}
	return found ? 0 : -ENOENT;
}

/* Does a dpkg .list (one path a line) hold the line want? */
static bool list_has(const char *text, size_t len, const char *want)
{
	size_t wl = strlen(want);
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);

		if (n == wl && !memcmp(p, want, wl))
			return true;
		p = nl ? nl + 1 : end;
	}
	return false;
}

/*
 * dpkg: the package whose /var/lib/dpkg/info/NAME[:ARCH].list names the
 * image. Only lists named linux-* are read: every kernel image package,
 * Debian's, Ubuntu's and kbuild's deb-pkg, is linux-image-*
 * (scripts/package/mkdebian; debian/rules.real).
 */
static int dpkg_owner(const char *image, struct json_object *pkg, struct json_object *ev)
{
	struct dirent **names = NULL;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, name = STRBUF_INIT;
	int n = kbug_path_scandir("/var/lib/dpkg/info", &names, alphasort), i, seen = 0;
	int ret = -ENOENT;

	for (i = 0; i < n; i++) {
		const char *d = names[i]->d_name;
		size_t dl = strlen(d);

		if (ret && seen < DPKG_LISTS_MAX && !strncmp(d, "linux-", 6) && dl > 5 &&
		    !strcmp(d + dl - 5, ".list")) {
			seen++;
			strbuf_reset(&path);
			strbuf_addf(&path, "/var/lib/dpkg/info/%s", d);
			if (kbug_path_read(&text, path.buf, DPKG_LIST_MAX) >= 0 &&
			    list_has(text.buf, text.len, image)) {
				strbuf_add(&name, d, dl - 5);
				ret = 0;
			}
		}
		free(names[i]);
	}
	free(names);
	if (!ret) {
		char *colon = strchr(name.buf, ':');

		if (colon)	/* multi-arch: NAME:ARCH.list */
			strbuf_setlen(&name, (size_t)(colon - name.buf));
		kj_set_str(pkg, "manager", "dpkg");
		kj_set_str(pkg, "name", name.buf);
		add_ev(ev, "dpkg: /var/lib/dpkg/info/%s.list lists %s", name.buf, image);
		if (kbug_path_read(&text, "/var/lib/dpkg/status", DPKG_STATUS_MAX) >= 0 &&
		    !kbug_dpkg_status_find(text.buf, text.len, name.buf, pkg))
			add_ev(ev, "dpkg: /var/lib/dpkg/status has %s %s (source %s)", name.buf,
			       kj_get_str(pkg, "version") ?: "?",
			       kj_get_str(pkg, "source") ?: name.buf);
	}
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&name);
	return ret;
}

/*
 * pacman: /usr/lib/modules/RELEASE/pkgbase names the package (Arch's
 * PKGBUILDs write it, and so does kbuild's pacman-pkg), and
 * /var/lib/pacman/local/NAME-VERSION/desc holds %NAME%, %VERSION%,
 * %PACKAGER% blocks (alpm-db(7)).
 */
static int pacman_owner(const char *release, struct json_object *pkg, struct json_object *ev)
{
	struct strbuf path = STRBUF_INIT, base = STRBUF_INIT, text = STRBUF_INIT;
	struct dirent **names = NULL;
	int n, i, ret = -ENOENT;

	strbuf_addf(&path, "/usr/lib/modules/%s/pkgbase", release);
	if (kbug_path_read_line(&base, path.buf) || !base.len || strchr(base.buf, '/'))
		goto out;
	kj_set_str(pkg, "manager", "pacman");
	kj_set_str(pkg, "name", base.buf);
	add_ev(ev, "pacman: %s names the package %s", path.buf, base.buf);
	ret = 0;
	n = kbug_path_scandir("/var/lib/pacman/local", &names, alphasort);
	for (i = 0; i < n; i++) {
		const char *d = names[i]->d_name, *p = NULL;

		if (!strncmp(d, base.buf, base.len) && d[base.len] == '-' &&
		    isdigit((unsigned char)d[base.len + 1]) && !kj_get_str(pkg, "version")) {
			strbuf_reset(&path);
			strbuf_addf(&path, "/var/lib/pacman/local/%s/desc", d);
			if (kbug_path_read(&text, path.buf, PACMAN_DESC_MAX) >= 0)
				p = text.buf;
		}
		while (p && *p) {
			const char *nl = strchr(p, '\n');
			const char *v = nl ? nl + 1 : NULL, *ve = v ? strchr(v, '\n') : NULL;

			if (!v || !ve)
				break;
			if (!strncmp(p, "%VERSION%\n", 10))
				kj_set(pkg, "version",
				       json_object_new_string_len(v, (int)(ve - v)));
			else if (!strncmp(p, "%PACKAGER%\n", 11))
				kj_set(pkg, "maintainer",
				       json_object_new_string_len(v, (int)(ve - v)));
			p = nl + 1;
		}
		free(names[i]);
	}
	free(names);
out:
	strbuf_release(&path);
	strbuf_release(&base);
	strbuf_release(&text);
	return ret;
}

/* The rpm package, inferred from the release: kernel-core (Fedora), kernel-FLAVOUR (SUSE). */
static void rpm_inferred(const char *release, const char *maker, struct json_object *pkg,
			 struct json_object *ev)
{
	const char *dash = strrchr(release, '-');

	kj_set_str(pkg, "manager", "rpm");
	kj_set_bool(pkg, "inferred", true);
	if (!strcmp(maker, "fedora")) {
		/* kernel.spec: kernel-core provides kernel-uname-r = %{KVERREL} */
		struct strbuf v = STRBUF_INIT;
		const char *dot = strrchr(release, '.');

		kj_set_str(pkg, "name", "kernel-core");
		strbuf_add(&v, release, dot && dot > release ? (size_t)(dot - release) :
			   strlen(release));
		kj_set_str(pkg, "version", v.buf);
		strbuf_release(&v);
	} else if (dash) {
		/* kernel-binary.spec: CONFIG_LOCALVERSION=-%source_rel-%build_flavor */
		struct strbuf nm = STRBUF_INIT, v = STRBUF_INIT;

		strbuf_addf(&nm, "kernel-%s", dash + 1);
		strbuf_add(&v, release, (size_t)(dash - release));
		kj_set_str(pkg, "name", nm.buf);
		kj_set_str(pkg, "version", v.buf);
		strbuf_release(&nm);
		strbuf_release(&v);
	}
	add_ev(ev, "rpm: the database needs librpm to read, so the package (%s) is inferred from the release",
	       kj_get_str(pkg, "name") ?: "?");
}

/* Ubuntu mainline builds: ABI 999 or 0N in "6.8.0-ABI-flavour" (Ubuntu's source_linux.py). */
static bool ubuntu_mainline_abi(const char *release)
{
	const char *d = strchr(release, '-');

	if (!d)
		return false;
	d++;
	return !strncmp(d, "999", 3) || (d[0] == '0' && d[1] >= '0' && d[1] <= '9');
}

/* Who made the kernel: a maker id (as os-release's ID), and whether it is the distribution's. */
static const char *kernel_maker(const char *release, const char *uts, const char *pv,
				const char *sig, const char *debver, struct json_object *pkg,
				const char *os_id, bool *self_built, struct json_object *ev)
{
	const char *src = kj_get_str(pkg, "source") ?: kj_get_str(pkg, "name");
	const char *mnt = kj_get_str(pkg, "maintainer");

	*self_built = false;
	/* kbuild's deb-pkg and pacman-pkg: source/pkgbase linux-upstream (scripts/package/) */
	if (src && !strncmp(src, "linux-upstream", 14)) {
		add_ev(ev, "the package's source is %s: built by kbuild's own packaging, not a distribution",
		       src);
		*self_built = true;
		return NULL;
	}
	if (sig && !strncmp(sig, "Ubuntu ", 7)) {
		if (ubuntu_mainline_abi(release)) {
			add_ev(ev, "release %s has ABI 999 or 0N: an Ubuntu mainline build of kernel.org's code",
			       release);
			*self_built = true;
			return NULL;
		}
		add_ev(ev, "/proc/version_signature is Ubuntu's: '%s'", sig);
		return "ubuntu";
	}
	if (uts && strstr(uts, "-Ubuntu ")) {
		add_ev(ev, "uname -v has Launchpad's '-Ubuntu' build mark");
		return "ubuntu";
	}
	if (debver) {
		add_ev(ev, "uname -v names the Debian source version %s", debver);
		if (mnt && !strstr(mnt, "debian-kernel@lists.debian.org"))
			add_ev(ev, "the package's maintainer is %s, not Debian's kernel team", mnt);
		return "debian";
	}
	if (release && strstr(release, ".fc")) {
		const char *f = strstr(release, ".fc");

		if (f[3] >= '0' && f[3] <= '9') {
			add_ev(ev, "release %s has Fedora's dist tag", release);
			return "fedora";
		}
	}
	if (pv && strstr(pv, "(geeko@buildhost)")) {
		add_ev(ev, "/proc/version names openSUSE's build user geeko@buildhost");
		return os_id && !strncmp(os_id, "sle", 3) ? "sles" : "opensuse";
	}
	if (release && strstr(release, "-arch") && kj_get_str(pkg, "name")) {
		add_ev(ev, "release %s has Arch's -archN tag and pacman owns it", release);
		return "arch";
	}
	if (release && strstr(release, "-arch")) {
		add_ev(ev, "release %s has Arch's -archN tag", release);
		return "arch";
	}
	return NULL;
}

void kbug_kernel_package_facts(struct kbug_report *r, struct json_object *distro)
{
	struct json_object *k = kbug_report_get(r, "kernel");
	struct json_object *o = json_object_new_object(), *ev = json_object_new_array();
	struct json_object *pkg = json_object_new_object();
	struct strbuf rel = STRBUF_INIT, sig = STRBUF_INIT, dv = STRBUF_INIT, img = STRBUF_INIT;
	const char *release = kj_get_str(k, "release"), *uts = kj_get_str(k, "version");
	const char *pv = kj_get_str(k, "proc_version"), *maker, *guess;
	const char *os_id = kj_get_str(distro, "id");
	bool self_built;

	if (!release && !kbug_os_release(&rel))
		release = rel.buf;
	kj_set_str(o, "release", release);
	if (!kbug_debian_kernel_version(uts, &dv) || !kbug_debian_kernel_version(pv, &dv))
		kj_set_str(o, "debian_version", dv.buf);
	if (!kbug_path_read_line(&sig, "/proc/version_signature") && sig.len)
		kj_set_str(o, "version_signature", sig.buf);
	if (release) {
		strbuf_addf(&img, "/boot/vmlinuz-%s", release);
		kj_set_str(o, "image", img.buf);
		if (dpkg_owner(img.buf, pkg, ev) && pacman_owner(release, pkg, ev))
			add_ev(ev, "no dpkg or pacman package owns %s", img.buf);
	}
	maker = kernel_maker(release ?: "", uts, pv, kj_get_str(o, "version_signature"),
			     kj_get_str(o, "debian_version"), pkg, os_id, &self_built, ev);
	if (maker && !kj_get_str(pkg, "manager") &&
	    (!strcmp(maker, "fedora") || !strcmp(maker, "opensuse") || !strcmp(maker, "sles")))
		rpm_inferred(release, maker, pkg, ev);
	guess = kj_get_str(kj_get(k, "origin"), "guess");
	if (!maker && !self_built && guess && !strcmp(guess, "distribution")) {
		/* the kernel's own marks say distribution, of a maker kbug has no table for */
		maker = os_id;
		add_ev(ev, "the kernel's origin guess is a distribution's: taken as %s's",
		       os_id ?: "?");
	}
	kj_set_str(o, "maker", maker);
	kj_set_bool(o, "distribution_kernel", maker && !self_built);
	kj_set(o, "package", kj_get_str(pkg, "manager") ? json_object_get(pkg) : NULL);
	if (!json_object_array_length(ev))
		kj_append_str(ev, "no distribution marks: a self-built or kernel.org kernel");
	kj_set(o, "evidence", ev);
	kj_set(distro, "kernel", o);
	json_object_put(pkg);
	strbuf_release(&rel);
	strbuf_release(&sig);
	strbuf_release(&dv);
	strbuf_release(&img);
}
