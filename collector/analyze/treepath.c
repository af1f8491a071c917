// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Source paths as logs print them, made tree-relative. The kernel prints
 * __FILE__, which is what the build passed to the compiler: relative to
 * the tree for an in-tree build ("fs/ext4/inode.c"), but it can hold
 * "dir/../" segments (a Makefile that names files in a sibling
 * directory: amdgpu's "../display/"), start with the build root of a
 * package build (/home/u/rpmbuild/BUILD/kernel-X/linux-X/,
 * /build/linux-XXXX/, /usr/src/kernels/X/), or be a module's own build
 * directory outside any tree (DKMS: /var/lib/dkms/NAME/VER/build/).
 */
#include <stdio.h>
#include <string.h>

#include "analyze/index.h"
#include "analyze/internal.h"

#define TP_MAX_PARTS 64

/*
 * The top-level directories of the kernel tree that hold code built
 * into the kernel or its modules (the tree's Makefile and Kbuild descend
 * into these). A relative path starting with one is taken as
 * tree-relative without the index, so that logs with file:line never
 * load it (and a file that moved since 6.12 keeps its directory).
 */
static const char *const tp_top[] = {
	"arch", "block", "certs", "crypto", "drivers", "fs", "include", "init", "io_uring",
	"ipc", "kernel", "lib", "mm", "net", "rust", "samples", "security", "sound", "usr",
	"virt", NULL,
};

static bool tp_is_top(const char *s, size_t n)
{
	size_t i;

	for (i = 0; tp_top[i]; i++)
		if (strlen(tp_top[i]) == n && !memcmp(tp_top[i], s, n))
			return true;
	return false;
}

struct tp_parts {
	const char *s[TP_MAX_PARTS];
	size_t n[TP_MAX_PARTS];
	size_t nr;
};

/* Split at '/', dropping "" and "." and letting ".." take back one part. */
static void tp_split(const char *in, struct tp_parts *p)
{
	p->nr = 0;
	while (*in) {
		size_t n = strcspn(in, "/");

		if (n == 2 && in[0] == '.' && in[1] == '.') {
			if (p->nr)
				p->nr--;
		} else if (n && !(n == 1 && in[0] == '.') && p->nr < TP_MAX_PARTS) {
			p->s[p->nr] = in;
			p->n[p->nr++] = n;
		}
		in += n;
		while (*in == '/')
			in++;
	}
}

/* parts[from..] joined by '/' into out; false when it does not fit. */
static bool tp_join(const struct tp_parts *p, size_t from, char *out, size_t size)
{
	size_t i, o = 0;

	for (i = from; i < p->nr; i++) {
		if (o + p->n[i] + 2 > size)
			return false;
		if (i > from)
			out[o++] = '/';
		memcpy(out + o, p->s[i], p->n[i]);
		o += p->n[i];
	}
	if (o >= size)
		return false;
	out[o] = '\0';
	return true;
}

static size_t tp_slashes(const char *s, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += s[i] == '/';
	return k;
}

/*
 * A build root's file whose directory 6.12 no longer has: the driver
 * moved ("drivers/net/wireless/iwlwifi/" became ".../intel/iwlwifi/").
 * The deepest directory of the path whose name one directory of the
 * same top-level one still has is that directory, with a final '/'.
 */
static bool tp_moved(const struct kb_index *ix, const struct tp_parts *p, size_t top,
		     char *out, size_t size)
{
	char t[32];
	size_t j, len;
	const char *dir;

	if (p->n[top] >= sizeof(t))
		return false;
	memcpy(t, p->s[top], p->n[top]);
	t[p->n[top]] = '\0';
	for (j = p->nr - 2; j > top; j--) {
		len = kb_index_dir_named(ix, t, p->s[j], p->n[j], &dir);
		/* a driver's or a filesystem's own directory, not "drivers/staging" */
		if (len && len + 2 <= size && tp_slashes(dir, len) >= 2) {
			memcpy(out, dir, len);
			out[len] = '/';
			out[len + 1] = '\0';
			return true;
		}
	}
	return false;
}

bool kb_path_tree(const char *in, char *out, size_t size)
{
	const struct kb_index *ix;
	struct tp_parts p;
	char buf[512];
	size_t k;

	/*
	 * "../../kernel/sony/msm/drivers/mmc/host/sdhci.c": a path relative
	 * to a build directory outside the tree (Android's, make O=) is no
	 * tree-relative one even when its first part is a top directory
	 */
	bool rooted = in[0] == '/' || kb_starts(in, "../");

	tp_split(in, &p);
	if (p.nr < 2)
		return false;
	if (!rooted && tp_is_top(p.s[0], p.n[0]) && tp_join(&p, 0, out, size))
		return true;
	for (k = 0; k + 1 < p.nr; k++)
		if (p.n[k] == 4 && !memcmp(p.s[k], "dkms", 4))
			return false;	/* a DKMS module's own tree */
	/* a build root before the tree: the longest suffix that is a file of the tree */
	ix = kb_index_get();
	for (k = in[0] == '/' ? 1 : 0; ix && k < p.nr; k++)
		if (tp_join(&p, k, buf, sizeof(buf)) && kb_index_has_file(ix, buf))
			return tp_join(&p, k, out, size);
	/*
	 * A build root's file not in 6.12 (moved, another version): a
	 * directory of the tree will do. Relative paths are not cut so:
	 * "driver/foo/lib/foo.c" is no file of lib/.
	 */
	for (k = in[0] == '/' ? 1 : 0; rooted && k + 1 < p.nr; k++) {
		if (!tp_is_top(p.s[k], p.n[k]) || !tp_join(&p, k, buf, sizeof(buf)))
			continue;
		if (!ix || kb_index_has_dir(ix, buf, strrchr(buf, '/') - buf))
			return tp_join(&p, k, out, size);
	}
	for (k = in[0] == '/' ? 1 : 0; ix && rooted && k + 1 < p.nr; k++)
		if (tp_is_top(p.s[k], p.n[k]) && tp_moved(ix, &p, k, out, size))
			return true;
	return false;
}

bool kb_path_outside(const char *path)
{
	/*
	 * kb_path_norm() made every path it could place tree-relative: an
	 * absolute one left is a build directory of no tree (a DKMS or
	 * vendor module's); a relative one it could not place is left to
	 * the old rules (it may be a tree of another version).
	 */
	/*
	 * A bare file name is an external module's own (make M=dir prints its
	 * __FILE__ relative to that directory): the tree has no top-level .c.
	 */
	return path[0] == '/' || strstr(path, "dkms/") || !strchr(path, '/');
}

/*
 * Outside the tree, or relative with a first directory none of the
 * tree's top ones: a build directory's path (OpenWrt prints its packages'
 * "target-mipsel_24kc_musl/linux-ramips_mt7621/mt76-.../mac.c").
 */
bool kb_path_built_elsewhere(const char *path)
{
	return kb_path_outside(path) || !tp_is_top(path, strcspn(path, "/"));
}

/* words packagers add to a module's name: "leetmouse-driver", "v4l2loopback-dkms" */
static bool tp_pkg_word(const char *s, size_t n)
{
	static const char *const words[] = { "driver", "drivers", "dkms", "kmod", "module",
		"modules", "kernel", "src", NULL };
	size_t i;

	for (i = 0; words[i]; i++)
		if (strlen(words[i]) == n && !memcmp(s, words[i], n))
			return true;
	return false;
}

/*
 * /var/lib/dkms/PACKAGE/VERSION/build/...: the package names the module,
 * less a packager's word at its end ("leetmouse-driver"), unless a
 * directory of its build is the module's own and the package adds a
 * vendor's word before it ("xrt-amdxdna/2.17.0/build/driver/amdxdna/"):
 * the longest such directory the package's name ends with, after a '-'
 * or '_'.
 */
bool kb_path_dkms_module(const char *path, char *name, size_t size)
{
	const char *p = strstr(path, "/dkms/"), *c, *best = NULL;
	size_t n, k, bn = 0;

	if (!p)
		return false;
	p += 6;
	n = strcspn(p, "/");
	if (!n || !p[n] || n >= size)
		return false;
	for (c = p + n; *c == '/' && strchr(c + 1, '/'); c += k + 1) {
		k = strcspn(c + 1, "/");
		if (k > bn && k + 1 < n && !memcmp(p + n - k, c + 1, k) &&
		    (p[n - k - 1] == '-' || p[n - k - 1] == '_') && !tp_pkg_word(c + 1, k))
			best = c + 1, bn = k;
	}
	if (best) {
		p = best;
		n = bn;
	} else {
		for (k = n; k && p[k - 1] != '-' && p[k - 1] != '_'; k--)
			;
		if (k > 1 && tp_pkg_word(p + k, n - k))
			n = k - 1;
	}
	memcpy(name, p, n);
	name[n] = '\0';
	return true;
}

void kb_path_norm(char *path, size_t size)
{
	char buf[256];

	/* the common case, a clean tree-relative path, costs a scan */
	if (path[0] != '/' && !strstr(path, "/.") && !strstr(path, "//") &&
	    tp_is_top(path, strcspn(path, "/")))
		return;
	if (kb_path_tree(path, buf, sizeof(buf)))
		snprintf(path, size, "%s", buf);
}
