// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The pci probe: every PCI device with its IDs, revision, names from
 * pci.ids and the bound driver and its module.
 *
 * libpci's sysfs method (pointed below --sysroot) lists the devices and
 * reads their IDs, class and revision; the device's sysfs driver and
 * driver/module links name the rest. The names come from one pass over
 * pci.ids (pci-ids.c).
 *
 * libpci's error hook must not return; it would exit(). Ours longjmp()s
 * back into the probe, which then records the message as an error.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "probes/internal.h"
#include "probes/libs.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

static sigjmp_buf pci_jmp;
static char pci_errmsg[256];

static void __attribute__((noreturn, format(printf, 1, 2))) pci_error_hook(char *msg, ...)
{
	va_list ap;

	va_start(ap, msg);
	vsnprintf(pci_errmsg, sizeof(pci_errmsg), msg, ap);
	va_end(ap);
	siglongjmp(pci_jmp, 1);
}

static void __attribute__((format(printf, 1, 2))) pci_warning_hook(char *msg, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, msg);
	strbuf_vaddf(&sb, msg, ap);
	va_end(ap);
	DBG("libpci: %s", sb.buf);
	strbuf_release(&sb);
}

static void __attribute__((format(printf, 1, 2))) pci_debug_hook(char *msg, ...)
{
}

static void set_hex(struct json_object *o, const char *key, unsigned int v, int digits)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%0*x", digits, v);
	kj_set_str(o, key, buf);
}

/* the basename of the link dfd/name, else "" */
static void link_base_at(int dfd, const char *name, char *out, size_t size)
{
	char target[PATH_MAX];
	ssize_t n = readlinkat(dfd, name, target, sizeof(target) - 1);
	const char *b;

	out[0] = '\0';
	if (n <= 0)
		return;
	target[n] = '\0';
	while (n > 1 && target[n - 1] == '/')
		target[--n] = '\0';
	b = strrchr(target, '/');
	b = b ? b + 1 : target;
	if (strlen(b) < size)
		strcpy(out, b);
}

/* the device's sysfs directory (below --sysroot), else -1 */
static int device_dir(const char *slot)
{
	struct strbuf dir = STRBUF_INIT;
	int dfd;

	strbuf_addf(&dir, "/sys/bus/pci/devices/%s", slot);
	dfd = kbug_path_open(dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	strbuf_release(&dir);
	return dfd;
}

/* A device libpci found: its IDs from libpci, its driver and module from sysfs. */
static struct json_object *pci_device(struct pci_dev *d)
{
	struct json_object *o = json_object_new_object();
	char slot[32], drv[128], mod[128];
	int dfd;

	kbug_libs.pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_CLASS_EXT |
				PCI_FILL_SUBSYS);
	snprintf(slot, sizeof(slot), "%04x:%02x:%02x.%x", (unsigned int)d->domain, d->bus, d->dev,
		 d->func);
	kj_set_str(o, "slot", slot);
	set_hex(o, "class_id", d->device_class, 4);
	set_hex(o, "vendor_id", d->vendor_id, 4);
	set_hex(o, "device_id", d->device_id, 4);
	if (d->known_fields & PCI_FILL_SUBSYS) {
		set_hex(o, "subsystem_vendor_id", d->subsys_vendor_id, 4);
		set_hex(o, "subsystem_device_id", d->subsys_id, 4);
	}
	if (d->known_fields & PCI_FILL_CLASS_EXT) {
		set_hex(o, "revision", d->rev_id, 2);
		set_hex(o, "prog_if", d->prog_if, 2);
	}
	dfd = device_dir(slot);
	link_base_at(dfd, "driver", drv, sizeof(drv));
	link_base_at(dfd, "driver/module", mod, sizeof(mod));
	if (dfd >= 0)
		close(dfd);
	json_object_object_add(o, "driver", drv[0] ? json_object_new_string(drv) : NULL);
	/* bound without a module link: built in */
	json_object_object_add(o, "module", drv[0] && mod[0] ? json_object_new_string(mod) : NULL);
	return o;
}

/* pci.ids: the --sysroot tree's, else this system's; NULL if none */
static FILE *open_ids(void)
{
	static const char *const files[] = {
		"/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids", "/usr/share/pci.ids",
	};
	FILE *f = NULL;
	size_t i;

	if (*kbug_path_root())
		f = kbug_path_fopen(files[0], "re");
	for (i = 0; i < ARRAY_SIZE(files) && !f; i++)
		f = fopen(files[i], "re");
	return f;
}

static int slot_cmp(const void *a, const void *b)
{
	const char *x = kj_get_str(*(struct json_object *const *)a, "slot");
	const char *y = kj_get_str(*(struct json_object *const *)b, "slot");

	return strcmp(x ? x : "", y ? y : "");
}

static int pci_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct strbuf path = STRBUF_INIT;
	struct json_object *arr = json_object_new_array();
	struct pci_access *volatile pacc = NULL;
	struct pci_dev *d;
	volatile int ret = 0;
	size_t n = 0;
	const char *err = NULL;
	FILE *ids;

	json_object_put(*out);
	*out = arr;
	if (!kbug_path_exists("/sys/bus/pci/devices")) {
		kbug_report_error(ctx->report, "pci", "cannot read '/sys/bus/pci/devices': %s",
				  strerror(ENOENT));
		return -ENOENT;
	}
	if (kbug_lib_load(KBUG_LIB_PCI, &err)) {
		kbug_report_error(ctx->report, "pci", "%s", err);
		return -ENOSYS;
	}
	if (sigsetjmp(pci_jmp, 0)) {
		kbug_report_error(ctx->report, "pci", "libpci: %s", pci_errmsg);
		ret = -EIO;
		goto out;
	}
	pacc = kbug_libs.pci_alloc();
	pacc->error = pci_error_hook;
	pacc->warning = pci_warning_hook;
	pacc->debug = pci_debug_hook;
	pacc->method = PCI_ACCESS_SYS_BUS_PCI;
	kbug_path(&path, "/sys/bus/pci");
	kbug_libs.pci_set_param(pacc, "sysfs.path", path.buf);
	kbug_libs.pci_init(pacc);
	kbug_libs.pci_scan_bus(pacc);
	for (d = pacc->devices; d && n < 65536; d = d->next, n++) {
		kj_append(arr, pci_device(d));
		if (kbug_probe_expired(ctx))
			break;
	}
	json_object_array_sort(arr, slot_cmp);
	ids = open_ids();
	if (ids) {
		kbug_pci_ids_names(ids, arr);
		fclose(ids);
	}
	for (n = 0; n < json_object_array_length(arr); n++) {
		struct json_object *o = json_object_array_get_idx(arr, n);
		static const char *const keys[] = { "class_name", "vendor_name", "device_name" };
		size_t k;

		for (k = 0; k < 3; k++)	/* unknown to the database: null */
			if (!json_object_object_get_ex(o, keys[k], NULL))
				json_object_object_add(o, keys[k], NULL);
	}
out:
	if (pacc && !sigsetjmp(pci_jmp, 0))
		kbug_libs.pci_cleanup(pacc);
	strbuf_release(&path);
	return ret;
}

const struct kbug_probe kbug_probe_pci = {
	.name = "pci",
	.help = "every PCI device: slot, class and IDs, names from pci.ids, driver and module",
	.reads = "/sys/bus/pci/devices (libpci's sysfs method), each device's driver and driver/module links, pci.ids",
	.run = pci_run,
};
