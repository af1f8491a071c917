// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Module and device lookups (lookup.h): libkmod's module path for loadable
 * modules, modules.builtin for built-in ones, and the sysfs driver and
 * driver/module links for devices.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probes/internal.h"
#include "probes/libs.h"
#include "probes/lookup.h"
#include "util/log.h"
#include "util/path.h"
#include "util/strbuf.h"

static struct kmod_ctx *kctx;
static char *kctx_dir;		/* the directory kctx was made for */
static char *kctx_release;

static void kmod_log_dbg(void *data, int priority, const char *file, int line,
			 const char *fn, const char *format, va_list args)
	__attribute__((format(printf, 6, 0)));
static void kmod_log_dbg(void *data, int priority, const char *file, int line,
			 const char *fn, const char *format, va_list args)
{
	struct strbuf sb = STRBUF_INIT;

	if (kbug_log_level < KBUG_LOG_DBG)
		return;
	strbuf_vaddf(&sb, format, args);
	strbuf_rtrim(&sb);
	DBG("libkmod: %s", sb.buf);
	strbuf_release(&sb);
}

struct kmod_ctx *kbug_kmod_ctx(struct strbuf *release)
{
	struct strbuf rel = STRBUF_INIT, dir = STRBUF_INIT;
	struct kmod_ctx *ctx = NULL;

	if (kbug_os_release(&rel) || !rel.len ||
	    strchr(rel.buf, '/')) {
		strbuf_release(&rel);
		return NULL;
	}
	strbuf_addf(&dir, "/lib/modules/%s", rel.buf);
	kbug_path_resolve(&dir, dir.buf);	/* a link to /srv/... stays in the root */
	/*
	 * no module directory (a container, a VM booted without modules):
	 * libkmod would find nothing, and loading it (with libcrypto,
	 * liblzma, libzstd) costs more than the rest of the probe
	 */
	if (access(dir.buf, F_OK))
		goto out;
	if (!kctx || !kctx_dir || strcmp(kctx_dir, dir.buf)) {
		if (kctx)
			kbug_libs.kmod_unref(kctx);
		free(kctx_dir);
		free(kctx_release);
		kctx = kbug_lib_load(KBUG_LIB_KMOD, NULL) ? NULL :
		       kbug_libs.kmod_new(dir.buf, NULL);
		if (kctx)
			kbug_libs.kmod_set_log_fn(kctx, kmod_log_dbg, NULL);
		kctx_dir = strbuf_detach(&dir, NULL);
		kctx_release = strdup(rel.buf);
	}
	ctx = kctx;
out:
	if (release) {
		strbuf_reset(release);
		strbuf_addstr(release, rel.buf);
	}
	strbuf_release(&rel);
	strbuf_release(&dir);
	return ctx;
}

/* Compare module names with '-' and '_' the same; n bytes of b. */
static bool name_eq(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++, a++) {
		char x = *a == '-' ? '_' : *a, y = b[i] == '-' ? '_' : b[i];

		if (!*a || x != y)
			return false;
	}
	return *a == '\0';
}

int kbug_module_path_source_dir(const char *path, struct strbuf *out)
{
	const char *k, *p, *slash;

	strbuf_reset(out);
	/* /lib/modules/RELEASE/kernel/..., kernel/... (modules.builtin), .../kernel/... */
	p = strstr(path, "/lib/modules/");
	if (p) {
		p = strchr(p + strlen("/lib/modules/"), '/');
		if (!p || strncmp(p + 1, "kernel/", 7))
			return -ENOENT;
		k = p + 1 + 7;
	} else if (!strncmp(path, "kernel/", 7)) {
		k = path + 7;
	} else {
		p = strstr(path, "/kernel/");
		if (!p)
			return -ENOENT;
		k = p + 8;
	}
	slash = strrchr(k, '/');
	if (!slash)
		return -ENOENT;	/* a module directly in kernel/: no directory */
	strbuf_add(out, k, (size_t)(slash - k) + 1);
	return 0;
}

/* The module's base name in a path: ".../e1000.ko.xz" -> "e1000", length n. */
static const char *path_modname(const char *path, size_t *n)
{
	const char *b = strrchr(path, '/'), *ko;

	b = b ? b + 1 : path;
	ko = strstr(b, ".ko");
	*n = ko ? (size_t)(ko - b) : strlen(b);
	return b;
}

/*
 * Find `module` in the running release's /lib/modules/RELEASE/FILE, a list
 * of module paths one a line (modules.builtin; modules.dep, whose lines
 * go on after a ':'). The release is uname()'s (osrelease under a root): no
 * libkmod needed.
 */
static int modlist_find(const char *file, const char *module, struct strbuf *path)
{
	struct strbuf rel = STRBUF_INIT, p = STRBUF_INIT, line = STRBUF_INIT;
	unsigned long lines = 0;
	int ret = -ENOENT;
	FILE *f;

	if (kbug_os_release(&rel) || !rel.len ||
	    strchr(rel.buf, '/')) {
		strbuf_release(&rel);
		return -ENOENT;
	}
	strbuf_addf(&p, "/lib/modules/%s/%s", rel.buf, file);
	f = kbug_path_fopen(p.buf, "re");
	while (f && strbuf_getline(&line, f) != EOF && lines++ < 1000000ul) {
		char *colon = strchr(line.buf, ':');
		const char *b;
		size_t n;

		if (colon)
			strbuf_setlen(&line, (size_t)(colon - line.buf));
		b = path_modname(line.buf, &n);
		if (name_eq(module, b, n)) {
			strbuf_reset(path);
			strbuf_addstr(path, line.buf);
			ret = 0;
			break;
		}
	}
	if (f)
		fclose(f);
	strbuf_release(&rel);
	strbuf_release(&p);
	strbuf_release(&line);
	return ret;
}

int kbug_module_builtin_path(const char *module, struct strbuf *path)
{
	return modlist_find("modules.builtin", module, path);
}

/* modules.dep as text, for trees without the .bin indexes libkmod reads. */
static int moddep_text_path(const char *module, struct strbuf *path)
{
	return modlist_find("modules.dep", module, path);
}

static bool valid_name(const char *s)
{
	size_t n = strlen(s), i;

	if (!n || n >= 64)
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-')
			return false;
	return true;
}

const char *kbug_path_unroot(const char *path)
{
	const char *root = kbug_path_root();
	size_t n = strlen(root);

	if (n && path && !strncmp(path, root, n) && path[n] == '/')
		return path + n;
	return path;
}

int kbug_module_path(const char *module, struct strbuf *path)
{
	struct kmod_ctx *ctx;
	struct kmod_module *mod = NULL;
	const char *p = NULL;
	int ret = 0;

	strbuf_reset(path);
	if (!module || !valid_name(module))
		return -EINVAL;
	ctx = kbug_kmod_ctx(NULL);
	if (ctx && kbug_libs.kmod_module_new_from_name(ctx, module, &mod) == 0)
		p = kbug_libs.kmod_module_get_path(mod);
	if (p && *p)
		strbuf_addstr(path, kbug_path_unroot(p));
	else if (moddep_text_path(module, path))
		ret = kbug_module_builtin_path(module, path) ? -ENOENT : 1;
	if (!ret && path->buf[0] != '/') {
		struct strbuf rel = STRBUF_INIT, abs = STRBUF_INIT;

		/* modules.dep's paths are relative to /lib/modules/RELEASE */
		kbug_kmod_ctx(&rel);
		strbuf_addf(&abs, "/lib/modules/%s/%s", rel.buf, path->buf);
		strbuf_reset(path);
		strbuf_addstr(path, abs.buf);
		strbuf_release(&rel);
		strbuf_release(&abs);
	}
	if (mod)
		kbug_libs.kmod_module_unref(mod);
	return ret;
}

int kbug_module_source_dir(const char *module, struct strbuf *out)
{
	struct strbuf path = STRBUF_INIT;
	int ret;

	strbuf_reset(out);
	ret = kbug_module_path(module, &path);
	if (ret >= 0) {
		ret = kbug_module_path_source_dir(path.buf, out);
		if (ret)
			DBG("module '%s' at '%s' is not from the kernel tree", module, path.buf);
	}
	strbuf_release(&path);
	return ret;
}

int kbug_sysfs_link_base(const char *dir, const char *name, struct strbuf *out)
{
	struct strbuf q = STRBUF_INIT;
	char target[PATH_MAX];
	ssize_t n;
	const char *b;

	strbuf_addf(&q, "%s/%s", dir, name);
	n = kbug_path_readlink(q.buf, target, sizeof(target) - 1);
	strbuf_release(&q);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	while (n > 1 && target[n - 1] == '/')
		target[--n] = '\0';
	b = strrchr(target, '/');
	b = b ? b + 1 : target;
	if (!*b)
		return -EINVAL;
	strbuf_reset(out);
	strbuf_addstr(out, b);
	return 0;
}

/* driver and module of a sysfs device directory; -ENOENT when unbound. */
static int dev_driver(const char *dir, struct strbuf *driver, struct strbuf *module)
{
	struct strbuf d = STRBUF_INIT;
	int ret;

	ret = kbug_sysfs_link_base(dir, "driver", driver);
	if (ret)
		return -ENOENT;
	strbuf_addf(&d, "%s/driver", dir);
	if (kbug_sysfs_link_base(d.buf, "module", module)) {
		strbuf_reset(module);
		strbuf_addstr(module, driver->buf);	/* built in */
	}
	strbuf_release(&d);
	return 0;
}

static bool pci_slot_ok(const char *s)
{
	unsigned int dom, bus, slot, fn;
	char end;

	return sscanf(s, "%4x:%2x:%2x.%1x%c", &dom, &bus, &slot, &fn, &end) == 4 &&
	       strlen(s) == 12 && s[4] == ':' && s[7] == ':' && s[10] == '.';
}

static bool usb_path_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (!n || n > 32)
		return false;
	if (!strncmp(s, "usb", 3) && n > 3 && strspn(s + 3, "0123456789") == n - 3)
		return true;	/* a root hub, "usb1" */
	if (!isdigit((unsigned char)s[0]))
		return false;
	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]) && s[i] != '-' && s[i] != '.')
			return false;
	return strchr(s, '-');
}

static int usb_device_module(const char *port, struct strbuf *driver, struct strbuf *module)
{
	struct strbuf dir = STRBUF_INIT, p = STRBUF_INIT, d = STRBUF_INIT, m = STRBUF_INIT;
	struct strbuf pfx = STRBUF_INIT;
	struct dirent **ents = NULL;
	int n, i, ret = -ENOENT;
	size_t plen;
	bool hub = false;

	strbuf_addf(&dir, "/sys/bus/usb/devices/%s", port);
	if (!kbug_path_exists(dir.buf)) {
		strbuf_release(&dir);
		return -ENODEV;
	}
	/* the interfaces of root hub "usb1" are "1-0:1.0" */
	if (!strncmp(port, "usb", 3))
		strbuf_addf(&pfx, "%s-0", port + 3);
	else
		strbuf_addstr(&pfx, port);
	plen = pfx.len;
	n = kbug_path_scandir("/sys/bus/usb/devices", &ents, alphasort);
	for (i = 0; i < n; i++) {
		const char *e = ents[i]->d_name;

		/* the interfaces: "1-1:1.0", "1-1:1.1" */
		if (ret && !strncmp(e, pfx.buf, plen) && e[plen] == ':') {
			strbuf_reset(&dir);
			strbuf_addf(&dir, "/sys/bus/usb/devices/%s", e);
			if (!dev_driver(dir.buf, &d, &m)) {
				if (strcmp(d.buf, "usb") && strcmp(d.buf, "hub")) {
					strbuf_reset(driver);
					strbuf_addstr(driver, d.buf);
					strbuf_reset(module);
					strbuf_addstr(module, m.buf);
					ret = 0;
				} else if (!strcmp(d.buf, "hub") && !hub) {
					hub = true;
					strbuf_reset(driver);
					strbuf_addstr(driver, d.buf);
					strbuf_reset(module);
					strbuf_addstr(module, m.buf);
				}
			}
		}
		free(ents[i]);
	}
	free(ents);
	if (ret && hub)
		ret = 0;	/* a hub: its only driver is "hub" */
	strbuf_release(&dir);
	strbuf_release(&pfx);
	strbuf_release(&p);
	strbuf_release(&d);
	strbuf_release(&m);
	return ret;
}

int kbug_device_module(const char *device, struct strbuf *driver, struct strbuf *module)
{
	struct strbuf slot = STRBUF_INIT, dir = STRBUF_INIT;
	int ret;

	strbuf_reset(driver);
	strbuf_reset(module);
	if (!device)
		return -EINVAL;
	if (!strncmp(device, "usb:", 4))
		return usb_path_ok(device + 4) ? usb_device_module(device + 4, driver, module) :
						 -EINVAL;
	if (!strncmp(device, "pci:", 4))
		device += 4;
	if (strlen(device) == 7)
		strbuf_addstr(&slot, "0000:");
	strbuf_addstr(&slot, device);
	for (size_t i = 0; i < slot.len; i++)
		slot.buf[i] = (char)tolower((unsigned char)slot.buf[i]);
	if (!pci_slot_ok(slot.buf)) {
		strbuf_release(&slot);
		return -EINVAL;
	}
	strbuf_addf(&dir, "/sys/bus/pci/devices/%s", slot.buf);
	if (!kbug_path_exists(dir.buf))
		ret = -ENODEV;
	else
		ret = dev_driver(dir.buf, driver, module);
	strbuf_release(&slot);
	strbuf_release(&dir);
	return ret;
}
