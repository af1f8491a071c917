// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Out-of-tree modules (route.h: kbug_route_vendor): a module the kernel
 * tree does not build has no maintainer in MAINTAINERS, and the
 * maintainers of whatever in-tree file its trace passes through cannot
 * fix it. Its report goes to its vendor; this table says where each
 * vendor takes reports, for the modules users most often run.
 */
#include <errno.h>
#include <string.h>

#include "route/internal.h"
#include "route/route.h"
#include "util/json.h"
#include "util/macro.h"

/*
 * `module` matches a module name exactly, or any name it begins with
 * when it ends in '*'. `open_url`, when set, is where the open-source
 * edition takes reports: used when the kernel's taint has no P (no
 * proprietary module loaded).
 */
static const struct vendor {
	const char *module, *vendor, *kind, *url, *open_url;
} vendors[] = {
	/*
	 * NVIDIA's driver: nvidia.ko with nvidia_drm, nvidia_modeset,
	 * nvidia_uvm, nvidia_peermem. The proprietary build is supported in
	 * NVIDIA's Linux forum; the open kernel modules take issues on GitHub.
	 */
	{ "nvidia*", "NVIDIA", "web", "https://forums.developer.nvidia.com/c/gpu-graphics/linux/",
	  "https://github.com/NVIDIA/open-gpu-kernel-modules/issues" },
	/* OpenZFS: zfs.ko and spl.ko (older releases split zfs into more modules) */
	{ "zfs", "OpenZFS", "issue-tracker", "https://github.com/openzfs/zfs/issues", NULL },
	{ "spl", "OpenZFS", "issue-tracker", "https://github.com/openzfs/zfs/issues", NULL },
	{ "zcommon", "OpenZFS", "issue-tracker", "https://github.com/openzfs/zfs/issues", NULL },
	{ "znvpair", "OpenZFS", "issue-tracker", "https://github.com/openzfs/zfs/issues", NULL },
	{ "zavl", "OpenZFS", "issue-tracker", "https://github.com/openzfs/zfs/issues", NULL },
	{ "icp", "OpenZFS", "issue-tracker", "https://github.com/openzfs/zfs/issues", NULL },
	/*
	 * VirtualBox's host modules (vboxguest and vboxsf are in the tree:
	 * drivers/virt/vboxguest, fs/vboxsf; not these)
	 */
	{ "vboxdrv", "Oracle VirtualBox", "web", "https://www.virtualbox.org/wiki/Bugtracker", NULL },
	{ "vboxnetflt", "Oracle VirtualBox", "web", "https://www.virtualbox.org/wiki/Bugtracker",
	  NULL },
	{ "vboxnetadp", "Oracle VirtualBox", "web", "https://www.virtualbox.org/wiki/Bugtracker",
	  NULL },
	/* DisplayLink's evdi, the v4l2loopback device, the Xbox adapter driver xone */
	{ "evdi", "DisplayLink", "issue-tracker", "https://github.com/DisplayLink/evdi/issues",
	  NULL },
	{ "v4l2loopback", "v4l2loopback", "issue-tracker",
	  "https://github.com/umlaeute/v4l2loopback/issues", NULL },
	{ "xone*", "xone", "issue-tracker", "https://github.com/medusalix/xone/issues", NULL },
};

static const struct vendor *vendor_find(const char *module)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(vendors); i++) {
		const char *p = vendors[i].module;
		size_t n = strlen(p);

		if (p[n - 1] == '*' ? !strncmp(p, module, n - 1) : !strcmp(p, module))
			return &vendors[i];
	}
	return NULL;
}

bool kbug_route_vendor_known(const char *module)
{
	return module && vendor_find(module);
}

int kbug_route_vendor(const char *module, const char *taint, struct json_object **out)
{
	const struct vendor *v = vendor_find(module);
	struct json_object *o = json_object_new_object(), *dest, *vo;
	bool open = v && v->open_url && taint && !strchr(taint, 'P');

	kj_set_str(o, "module", module);
	kj_set_bool(o, "out_of_tree", true);
	kj_set(o, "sections", json_object_new_array());
	*out = o;
	if (!v) {
		json_object_object_add(o, "vendor", NULL);
		json_object_object_add(o, "destination", NULL);
		return -ENOENT;
	}
	vo = json_object_new_object();
	kj_set_str(vo, "name", v->vendor);
	kj_set_str(vo, "url", open ? v->open_url : v->url);
	kj_set(o, "vendor", vo);
	dest = json_object_new_object();
	kj_set_str(dest, "kind", open ? "issue-tracker" : v->kind);
	kj_set_str(dest, "url", open ? v->open_url : v->url);
	kj_set(o, "destination", dest);
	return 0;
}

/* "/NAME/" or "/NAME." in the text, with '_' in NAME matching '_' or '-'. */
static bool maint_has_path_word(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name), i, k;

	if (!n || n + 2 > len)
		return false;
	for (i = 0; i + n + 2 <= len; i++) {
		const char *p = memchr(text + i, '/', len - n - 1 - i);

		if (!p)
			return false;
		i = (size_t)(p - text);
		for (k = 0; k < n; k++)
			if (p[1 + k] != name[k] && !(name[k] == '_' && p[1 + k] == '-'))
				break;
		if (k == n && (p[1 + n] == '/' || p[1 + n] == '.'))
			return true;
	}
	return false;
}

bool kbug_maint_knows_module(const struct kbug_maint *m, const char *module)
{
	return m && module && maint_has_path_word(m->text, m->len, module);
}
