// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Out-of-tree modules: a report whose guilty frame lies in a module not
 * built from the kernel tree belongs to the module's vendor, never to the
 * maintainers of an in-tree file. What the log tells, most certain first:
 *
 * 1. "Modules linked in: nvidia(POE) ..." (kernel/module/main.c,
 *    print_modules() and module_flags_taint()): each module's own taint
 *    letters, P proprietary, O out-of-tree, E unsigned; a module listed
 *    without them was built with the kernel and stays in the tree, even
 *    in a tainted kernel.
 * 2. The module's load messages (kernel/module/main.c, signing.c):
 *    "MOD: loading out-of-tree module taints kernel.", "MOD: module
 *    license 'X' taints kernel.", "MOD: module verification failed".
 * 3. A DKMS or vendor path naming the module: /var/lib/dkms/MOD/...,
 *    .../updates/dkms/MOD.ko, /lib/modules/.../extra/MOD.ko.
 * 4. No Makefile of linux 6.12 builds a module of that name (the `m`
 *    records of the tree index, index.h): a vendor's module,
 *    or one gone from the tree; low confidence, medium when the Tainted:
 *    line has P or O.
 *
 * The Tainted: line alone (kernel/panic.c taint_flags: P, O, E) does not
 * say which module set its letters: an in-tree module in a kernel that
 * some other module tainted stays in the tree, so it decides nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/index.h"
#include "analyze/internal.h"
#include "analyze/sig-driver.h"
#include "util/macro.h"

/* Module names: '-' and '_' are the same (kmod's rule). */
static bool oot_same(const char *a, size_t n, const char *b)
{
	size_t i;

	for (i = 0; i < n && b[i]; i++)
		if (a[i] != b[i] && !(strchr("-_", a[i]) && strchr("-_", b[i])))
			return false;
	return i == n && !b[i];
}

static bool oot_namech(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-';
}

/*
 * A DKMS package is named like its module, or holds it: the package
 * rtl8192eu builds 8192eu.ko, amdgpu builds amdgpu.ko.
 */
static bool oot_names(const char *pkg, size_t n, const char *module)
{
	size_t m = strlen(module), i;

	if (oot_same(pkg, n, module))
		return true;
	for (i = 0; m >= 4 && i + m <= n; i++)
		if (oot_same(pkg + i, m, module))
			return true;
	return false;
}

/*
 * "Modules linked in:" lists: 1 the module is listed with P, O or E,
 * 0 listed without them, -1 not listed (or no list).
 */
static int oot_listed(const struct kb_rep *r, const char *module, char *flags, size_t size)
{
	struct kb_modlist it;
	char name[64];
	const char *fl;
	size_t f, k, m = 0;

	if (!kb_modlist_start(r, &it))
		return -1;
	while (kb_modlist_next(&it, name, sizeof(name), &fl, &f)) {
		if (!oot_same(name, strlen(name), module))
			continue;
		for (k = 0; k < f && m + 1 < size; k++)
			if (strchr("POE", fl[k]))
				flags[m++] = fl[k];
		flags[m] = '\0';
		return m ? 1 : 0;
	}
	return -1;
}

bool kb_oot_listed(const struct kb_rep *r, const char *module)
{
	char flags[8];

	return oot_listed(r, module, flags, sizeof(flags)) >= 0;
}

/* "MOD: loading out-of-tree module taints kernel." and its kin. */
static bool oot_load_message(const struct kb_rep *r, const char *module)
{
	static const char *const msgs[] = { ": loading out-of-tree module taints kernel",
		": module license '", ": module license taints kernel",
		": module verification failed", NULL };
	size_t i, k;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i);

		for (k = 0; msgs[k]; k++) {
			const char *p = strstr(l, msgs[k]);
			const char *b = p;

			if (!p || (k == 1 && !strstr(p, "taints kernel")))
				continue;
			while (b > l && oot_namech(b[-1]))
				b--;
			if (oot_same(b, p - b, module))
				return true;
		}
	}
	return false;
}

/* /var/lib/dkms/MOD/, .../dkms/MOD.ko, .../extra/MOD.ko in the report. */
static bool oot_path(const struct kb_rep *r, const char *module)
{
	static const char *const dirs[] = { "/dkms/", "/extra/", NULL };
	size_t i, k;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i);

		for (k = 0; dirs[k]; k++) {
			const char *p = l;

			while ((p = strstr(p, dirs[k]))) {
				size_t n;

				p += strlen(dirs[k]);
				for (n = 0; oot_namech(p[n]); n++)
					;
				if (n && (p[n] == '/' || !strncmp(p + n, ".ko", 3)) &&
				    oot_names(p, n, module))
					return true;
			}
		}
	}
	return false;
}

/* Does a Makefile of the tree build an object of this name? true without an index. */
static bool oot_tree_builds(const char *module)
{
	const struct kb_index *ix = kb_index_get();
	const char *dir;

	return !ix || kb_index_module(ix, module, 0, &dir, NULL, 0) >= 0;
}

bool kb_oot_module(const char *module)
{
	return module[0] && kb_index_get() && !oot_tree_builds(module);
}

bool kb_release_newer(const char *release)
{
	unsigned int maj, min, imaj, imin;

	if (!release || sscanf(release, "%u.%u", &maj, &min) != 2 ||
	    sscanf(KB_INDEX_RELEASE, "%u.%u", &imaj, &imin) != 2)
		return false;
	return maj > imaj || (maj == imaj && min > imin);
}

bool kb_oot_unknown_name(const char *name)
{
	static const char *const bus[] = { "_pci", "_usb", "_sdio", "_spi", "_i2c", "_platform" };
	const struct kb_index *ix = kb_index_get();
	const char *files[1];
	char c[80];
	size_t i, k, n;

	if (!kb_oot_module(name) || kb_index_driver(ix, name, files, 1))
		return false;
	/* the driver's own name, '_' as the tree's file names write it */
	for (i = 0; name[i] && i + 3 < sizeof(c); i++)
		c[i] = name[i] == '-' ? '_' : name[i];
	memcpy(c + i, ".c", 3);
	if (kb_index_files_named(ix, c, files, 1))
		return false;
	/* a bus's glue named after its module ("ath5k_pci" of ath5k, before 6.12) */
	for (k = 0; k < ARRAY_SIZE(bus); k++) {
		n = strlen(bus[k]);
		if (i > n && !memcmp(c + i - n, bus[k], n)) {
			c[i - n] = '\0';
			return !oot_tree_builds(c);
		}
	}
	return true;
}

bool kb_oot_hinted(const struct kb_rep *r, const char *module)
{
	return r->oot_hint && r->oot_hint[0] && module[0] &&
	       oot_same(r->oot_hint, strlen(r->oot_hint), module);
}

/* The Tainted: line's module letters (P, O). */
static bool oot_tainted(const struct kb_rep *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		const char *p = strstr(kb_rep_line(r, i), " Tainted: ");

		if (!p)
			continue;
		for (p += strlen(" Tainted: "); *p == ' ' || isupper((unsigned char)*p); p++) {
			if ((*p == 'P' || *p == 'O') && (p[1] == ' ' || !p[1]))
				return true;
			if (isupper((unsigned char)p[0]) && isupper((unsigned char)p[1]))
				break;	/* a word: the release follows */
		}
		return false;
	}
	return false;
}

bool kb_oot_blame(struct kb_rep *r, const char *module)
{
	char flags[8];
	int listed;

	if (!module || !module[0])
		return false;
	listed = oot_listed(r, module, flags, sizeof(flags));
	if (listed == 1) {
		r->blame_reason = "out-of-tree module: its taint flags in 'Modules linked in' "
				  "mark it as not built from the kernel tree; "
				  "report it to its vendor";
		r->confidence = KB_CONF_HIGH;
	} else if (oot_load_message(r, module)) {
		r->blame_reason = "out-of-tree module: its load message says it taints the kernel; "
				  "report it to its vendor";
		r->confidence = KB_CONF_HIGH;
	} else if (oot_path(r, module)) {
		r->blame_reason = "out-of-tree module: the log names its DKMS or vendor path; "
				  "report it to its vendor";
		r->confidence = KB_CONF_MEDIUM;
	} else if ((!oot_tree_builds(module) || kb_index_old_stranger(r, module)) &&
		   !kb_index_merged_object(r, module)) {
		r->blame_reason = "out-of-tree module: no Makefile of linux 6.12 builds a module of "
				  "this name (a vendor's module, or one gone from the tree)";
		r->confidence = oot_tainted(r) ? KB_CONF_MEDIUM : KB_CONF_LOW;
	} else {
		return false;
	}
	snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", module);
	kb_oot_mark(r, r->blame_reason, KB_SRC_MODULE, r->confidence);
	return true;
}

void kb_oot_mark(struct kb_rep *r, const char *reason, const char *source, const char *conf)
{
	r->out_of_tree = true;
	r->guilty_file[0] = '\0';
	r->own_file = false;
	r->blame_reason = reason;
	r->blame_source = source;
	r->confidence = conf;
}

/* The modules of the list marked P or O: their number, the first (loaded last) into name. */
static size_t oot_flagged(const struct kb_rep *r, char *name, size_t size)
{
	struct kb_modlist it;
	char m[64];
	const char *fl;
	size_t f, cnt = 0;

	if (!kb_modlist_start(r, &it))
		return 0;
	while (kb_modlist_next(&it, m, sizeof(m), &fl, &f))
		if ((memchr(fl, 'P', f) || memchr(fl, 'O', f)) && !cnt++)
			snprintf(name, size, "%s", m);
	return cnt;
}

/*
 * The report's frames named only code that serves its clients (a
 * framework's check of what a driver handed it, machinery, or nothing):
 * a module the list names. load_module() adds a module at the head of
 * the module list (kernel/module/main.c, add_unformed_module()), and
 * print_modules() walks it from the head, so the first name after
 * "Modules linked in:" is the module loaded last, marked "+" while its
 * init still runs (MODULE_STATE_COMING). First a vendor's module (P or
 * O) loaded last, then any module in its init, then the only vendor's
 * module loaded: each goes with a framework complaining about its
 * client or a crash with no frame of its own; last, when nothing placed
 * the report at all, the vendor's module loaded last; low confidence.
 */
bool kb_blame_listed_module(struct kb_rep *r)
{
	char name[sizeof(r->guilty_module)], flags[8];
	struct kb_modlist it;
	const char *fl;
	size_t f = 0;

	if (!kb_modlist_start(r, &it))
		return false;
	if (!kb_modlist_next(&it, name, sizeof(name), &fl, &f))
		f = 0;
	if (f && oot_listed(r, name, flags, sizeof(flags)) == 1 && strpbrk(flags, "PO") &&
	    oot_tree_builds(name) && !strchr(flags, 'P')) {
		/* the tree's own driver built outside it (OpenWrt's backports, a DKMS rebuild) */
		kb_drv_blame(r, name, NULL, false);
		if (!r->guilty_file[0])
			return false;
		r->blame_reason = "a module the tree builds, loaded last and built out of the tree "
				  "(O: backports), and the report's frames named only code that "
				  "serves its clients";
		r->blame_source = KB_SRC_MODULE;
	} else if (f && oot_listed(r, name, flags, sizeof(flags)) == 1 && strpbrk(flags, "PO") &&
		   kb_oot_blame(r, name)) {
		r->blame_reason = "out-of-tree module loaded last (the first in 'Modules "
				  "linked in'), and the report's frames named only code that "
				  "serves its clients; report it to its vendor";
	} else if (f && memchr(fl, '+', f) && oot_tree_builds(name)) {
		kb_drv_blame(r, name, NULL, false);
		if (!r->guilty_file[0])
			return false;
		r->blame_reason = "the module whose init was running ('+' in 'Modules linked "
				  "in'): the report's frames named no code of its own";
		r->blame_source = KB_SRC_MODULE;
	} else if (oot_flagged(r, name, sizeof(name)) == 1 && kb_oot_blame(r, name)) {
		r->blame_reason = "the only out-of-tree module in 'Modules linked in', and the "
				  "report's frames named only code that serves its clients; "
				  "report it to its vendor";
	} else if (!r->guilty_file[0] && !r->guilty_module[0] &&
		   oot_flagged(r, name, sizeof(name)) > 1 && kb_oot_blame(r, name)) {
		r->blame_reason = "nothing in the report places it, and out-of-tree modules taint "
				  "the kernel: the one loaded last (the first of them in 'Modules "
				  "linked in'); report it to its vendor";
	} else {
		return false;
	}
	r->confidence = KB_CONF_LOW;
	return true;
}

/* Is the n characters at s a component of the directory dir? */
static bool oot_dir_has(const char *dir, const char *s, size_t n)
{
	const char *p = dir;

	while (*p) {
		size_t k = strcspn(p, "/");

		if (k == n && !strncmp(p, s, n))
			return true;
		p += k + (p[k] == '/');
	}
	return false;
}

/*
 * A frame's file outside the tree, on a line whose "[module]" tag names
 * a module the tree builds, listed without P or O in a kernel without
 * them: the tree's own driver built from its upstream repository, as
 * OpenWrt packages mt76 ("build_dir/.../mt76-2017-10-12-37654d70/
 * mt7603_mac.c" for drivers/net/wireless/mediatek/mt76/mt7603/): a
 * versioned directory of the path ("NAME-DIGITS...") is named as one of
 * the module's directories in the tree, and none is named as a fork
 * names itself, the tree's name with a suffix ("ath10k-ct-2019-08-14").
 * It stays in the tree, placed by the index.
 */
/* The "[module]" that ends a frame's line ("[mt7603e]()", "[mt7603e@3e6ee6ae+0x96e0]"). */
static bool oot_line_module(const char *line, char *name, size_t size)
{
	const char *e = strrchr(line, ']'), *b;

	/* an old WARN() adds "()" */
	if (!e || (e[strspn(e + 1, " \t") + 1] && strcmp(e + 1, "()")))
		return false;
	for (b = e; b > line && b[-1] != '['; b--)
		;
	if (b == line || b == e || (size_t)(e - b) >= size)
		return false;
	/* "@...": a module address %pS could not name */
	snprintf(name, size, "%.*s", (int)strcspn(b, "@]"), b);
	return true;
}

bool kb_oot_tree_copy(const struct kb_rep *r, const char *line, const char *path)
{
	const struct kb_index *ix;
	const char *dir, *p;
	char name[64], flags[8];
	bool named = false;

	/* a tree path first: a log of them never loads the index */
	if (!kb_path_built_elsewhere(path) || !oot_line_module(line, name, sizeof(name)))
		return false;
	ix = kb_index_get();
	if (!ix)
		return false;
	if (kb_index_module(ix, name, 0, &dir, NULL, 0) < 0 ||
	    oot_listed(r, name, flags, sizeof(flags)) == 1 || oot_tainted(r) ||
	    oot_load_message(r, name))
		return false;
	for (p = path; *p; ) {
		size_t k = strcspn(p, "/"), v;

		for (v = 1; v + 1 < k && !(p[v] == '-' && isdigit((unsigned char)p[v + 1])); v++)
			;
		if (v + 1 < k) {
			size_t d = strcspn(p, "-");

			if (oot_dir_has(dir, p, v))
				named = true;
			else if (d < v && oot_dir_has(dir, p, d))
				return false;	/* "ath10k-ct": a fork of the tree's ath10k */
		}
		p += k + (p[k] == '/');
	}
	return named;
}

/* A tree copy's line that names no function: the module's directory in the tree. */
bool kb_oot_tree_copy_place(struct kb_rep *r, const char *line)
{
	const struct kb_index *ix = kb_index_get();
	const char *dir, *files[2];
	char name[64];
	int n;

	if (!ix || !oot_line_module(line, name, sizeof(name)))
		return false;
	n = kb_index_module(ix, name, 0, &dir, files, 2);
	if (n < 0)
		return false;
	snprintf(r->guilty_file, sizeof(r->guilty_file), n == 1 ? "%s" : "%s/",
		 n == 1 ? files[0] : dir);
	snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", name);
	r->blame_reason = "the tree's sources of the module the report's first line names "
			  "(built from its upstream repository)";
	r->blame_source = KB_SRC_MODULE;
	r->confidence = KB_CONF_MEDIUM;
	return true;
}
