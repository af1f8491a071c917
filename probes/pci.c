// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The pci probe: every PCI device with its IDs, revision, names from
 * pci.ids (or the hwdb) and the bound driver and its module.
 *
 * Where sysfs answers it all (each device's uevent has its IDs, class and
 * driver; its revision attribute and driver/module link the rest) the
 * probe reads sysfs alone: loading libpci and the libudev it needs costs
 * a quarter of a millisecond, more than reading every device here. When
 * a device's uevent does not answer or there is no /sys/bus/pci, libpci's
 * sysfs method (pointed below --sysroot) lists the devices and fills in
 * what their uevents lack. test-probe-run holds both ways to one result.
 * Either way the names come from one pass over pci.ids (pci-ids.c).
 *
 * libpci's error hook must not return; it would exit(). Ours longjmp()s
 * back into the probe, which then records the message as an error.
 */
#include <dirent.h>
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
#include "report.h"
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

/* What the probe reports of a device: pci_fill_info()'s fields, and the driver. */
struct pci_ident {
	unsigned int vendor, device, cls24, sub_vendor, sub_device, rev;
	bool subsys, ext;
	bool from_uevent;
	char driver[128];	/* "" when unbound */
};

static bool use_uevent = true;

void kbug_pci_use_uevent(bool on)
{
	use_uevent = on;
}

/* "VALUE" of "KEY=VALUE" as at most `digits` hex digits up to `end`, else -1 */
static long hex_field(const char *p, const char *end, int digits)
{
	unsigned long v = 0;
	int n = 0;

	for (; p < end && n <= digits; p++, n++) {
		int c = *p, x = c >= '0' && c <= '9' ? c - '0' :
				c >= 'a' && c <= 'f' ? c - 'a' + 10 :
				c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (x < 0)
			break;
		v = v << 4 | (unsigned long)x;
	}
	return n && n <= digits && p == end ? (long)v : -1;
}

/* "XXXX:YYYY" */
static bool hex_pair(const char *p, const char *end, unsigned int *a, unsigned int *b)
{
	const char *colon = memchr(p, ':', (size_t)(end - p));
	long x = colon ? hex_field(p, colon, 4) : -1, y = colon ? hex_field(colon + 1, end, 4) : -1;

	if (x < 0 || y < 0)
		return false;
	*a = (unsigned int)x;
	*b = (unsigned int)y;
	return true;
}

static ssize_t read_at(int dfd, const char *name, char *buf, size_t size)
{
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n >= 0)
		buf[n] = '\0';
	return n;
}

/*
 * The device's uevent holds in one read what pci_fill_info() reads from
 * six attributes (the kernel's pci_uevent(): PCI_CLASS, PCI_ID,
 * PCI_SUBSYS_ID; dev_uevent(): DRIVER when bound); the revision is its
 * own attribute. False when any of it is missing or malformed: the
 * caller then asks libpci.
 */
static bool ident_from_uevent(int dfd, struct pci_ident *id)
{
	char buf[2048], rev[16];
	const char *p = buf, *end;
	bool cls = false, ids = false;
	long v;

	if (read_at(dfd, "uevent", buf, sizeof(buf)) <= 0)
		return false;
	end = buf + strlen(buf);
	id->driver[0] = '\0';
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
		size_t n = (size_t)(le - p);

		if (n > 10 && !memcmp(p, "PCI_CLASS=", 10)) {
			v = hex_field(p + 10, le, 6);
			cls = v >= 0;
			id->cls24 = (unsigned int)v;
		} else if (n > 7 && !memcmp(p, "PCI_ID=", 7)) {
			ids = hex_pair(p + 7, le, &id->vendor, &id->device);
		} else if (n > 14 && !memcmp(p, "PCI_SUBSYS_ID=", 14)) {
			id->subsys = hex_pair(p + 14, le, &id->sub_vendor, &id->sub_device);
		} else if (n > 7 && !memcmp(p, "DRIVER=", 7) && n - 7 < sizeof(id->driver)) {
			memcpy(id->driver, p + 7, n - 7);
			id->driver[n - 7] = '\0';
		}
		p = nl ? nl + 1 : end;
	}
	if (!cls || !ids || read_at(dfd, "revision", rev, sizeof(rev)) <= 0)
		return false;
	end = rev + strcspn(rev, "\n");
	v = rev[0] == '0' && rev[1] == 'x' ? hex_field(rev + 2, end, 2) : -1;
	if (v < 0)
		return false;
	id->rev = (unsigned int)v;
	id->ext = true;
	id->from_uevent = true;
	return true;
}

static void ident_from_libpci(struct pci_dev *d, struct pci_ident *id)
{
	kl.pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_CLASS_EXT | PCI_FILL_SUBSYS);
	id->vendor = d->vendor_id;
	id->device = d->device_id;
	id->cls24 = (unsigned int)d->device_class << 8;
	id->subsys = d->known_fields & PCI_FILL_SUBSYS;
	id->sub_vendor = d->subsys_vendor_id;
	id->sub_device = d->subsys_id;
	id->ext = d->known_fields & PCI_FILL_CLASS_EXT;
	if (id->ext) {
		id->cls24 |= d->prog_if;
		id->rev = d->rev_id;
	}
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

/* The device's object from what is known of it; dfd is its sysfs directory (or -1). */
static struct json_object *device_json(const char *slot, const struct pci_ident *id, int dfd)
{
	struct json_object *o = json_object_new_object();
	unsigned int cls = id->cls24 >> 8;
	char mod[128];

	kj_set_str(o, "slot", slot);
	set_hex(o, "class_id", cls, 4);
	set_hex(o, "vendor_id", id->vendor, 4);
	set_hex(o, "device_id", id->device, 4);
	if (id->subsys) {
		set_hex(o, "subsystem_vendor_id", id->sub_vendor, 4);
		set_hex(o, "subsystem_device_id", id->sub_device, 4);
	}
	if (id->ext) {
		set_hex(o, "revision", id->rev, 2);
		set_hex(o, "prog_if", id->cls24 & 0xff, 2);
	}
	if (id->driver[0]) {
		kj_set_str(o, "driver", id->driver);
		link_base_at(dfd, "driver/module", mod, sizeof(mod));
		/* no module link: built in */
		json_object_object_add(o, "module", mod[0] ? json_object_new_string(mod) : NULL);
	} else {
		json_object_object_add(o, "driver", NULL);
		json_object_object_add(o, "module", NULL);
	}
	return o;
}

static int device_dir(const char *slot)
{
	struct strbuf dir = STRBUF_INIT;
	int dfd;

	strbuf_addf(&dir, "/sys/bus/pci/devices/%s", slot);
	dfd = kbug_path_open(dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	strbuf_release(&dir);
	return dfd;
}

/* A device libpci found: its uevent where it answers, else libpci's fields. */
static struct json_object *pci_device(struct pci_dev *d)
{
	struct json_object *o;
	struct pci_ident id = { 0 };
	char slot[32];
	int dfd;

	snprintf(slot, sizeof(slot), "%04x:%02x:%02x.%x", (unsigned int)d->domain, d->bus, d->dev,
		 d->func);
	dfd = device_dir(slot);
	if (dfd < 0 || !use_uevent || !ident_from_uevent(dfd, &id)) {
		memset(&id, 0, sizeof(id));
		ident_from_libpci(d, &id);
		if (dfd >= 0)
			link_base_at(dfd, "driver", id.driver, sizeof(id.driver));
	}
	o = device_json(slot, &id, dfd);
	if (dfd >= 0)
		close(dfd);
	return o;
}

/* "DOMAIN:BB:DD.F" as the kernel names a device (pci_setup_device()) */
static bool slot_name_ok(const char *s)
{
	size_t d = strspn(s, "0123456789abcdef");

	return d >= 4 && d <= 8 && s[d] == ':' && strspn(s + d + 1, "0123456789abcdef") == 2 &&
	       s[d + 3] == ':' && strspn(s + d + 4, "0123456789abcdef") == 2 && s[d + 6] == '.' &&
	       s[d + 7] >= '0' && s[d + 7] <= '7' && !s[d + 8];
}

/*
 * Every device from sysfs alone, when each one's uevent answers: without
 * loading libpci (and libudev with it), a quarter of a millisecond.
 * -EAGAIN when a device needs libpci after all.
 */
static int sysfs_devices(struct kbug_probe_ctx *ctx, struct json_object *arr)
{
	struct strbuf p = STRBUF_INIT;
	struct dirent *de;
	DIR *dir = opendir(kbug_path(&p, "/sys/bus/pci/devices"));
	size_t n = 0;
	int ret = 0;

	strbuf_release(&p);
	if (!dir)
		return -EAGAIN;
	while ((de = readdir(dir)) && n < 65536) {
		struct pci_ident id = { 0 };
		int dfd;

		if (de->d_name[0] == '.')
			continue;
		if (!slot_name_ok(de->d_name)) {
			DBG("pci: '%s' is not a device's name", de->d_name);
			continue;
		}
		dfd = openat(dirfd(dir), de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd < 0 || !ident_from_uevent(dfd, &id)) {
			if (dfd >= 0)
				close(dfd);
			ret = -EAGAIN;
			break;
		}
		kj_append(arr, device_json(de->d_name, &id, dfd));
		close(dfd);
		n++;
		if (kbug_probe_expired(ctx))
			break;
	}
	closedir(dir);
	return ret;
}

/* pci.ids: the --sysroot tree's, else this system's; NULL if none */
static FILE *open_ids(void)
{
	static const char *const files[] = {
		"/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids", "/usr/share/pci.ids",
	};
	struct strbuf p = STRBUF_INIT;
	FILE *f = NULL;
	size_t i;

	if (*kbug_path_root())
		f = fopen(kbug_path(&p, files[0]), "re");
	strbuf_release(&p);
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
	/* sysfs alone where it answers everything */
	if (use_uevent && sysfs_devices(ctx, arr) == 0)
		goto names;
	json_object_array_del_idx(arr, 0, json_object_array_length(arr));
	if (kbug_lib_load(KBUG_LIB_PCI, &err)) {
		kbug_report_error(ctx->report, "pci", "%s", err);
		return -ENOSYS;
	}
	if (!kbug_path_exists("/sys/bus/pci/devices")) {
		kbug_report_error(ctx->report, "pci", "cannot read '/sys/bus/pci/devices': %s",
				  strerror(ENOENT));
		return -ENOENT;
	}
	if (sigsetjmp(pci_jmp, 0)) {
		kbug_report_error(ctx->report, "pci", "libpci: %s", pci_errmsg);
		ret = -EIO;
		goto out;
	}
	pacc = kl.pci_alloc();
	pacc->error = pci_error_hook;
	pacc->warning = pci_warning_hook;
	pacc->debug = pci_debug_hook;
	pacc->method = PCI_ACCESS_SYS_BUS_PCI;
	kbug_path(&path, "/sys/bus/pci");
	kl.pci_set_param(pacc, "sysfs.path", path.buf);
	kl.pci_init(pacc);
	kl.pci_scan_bus(pacc);
	for (d = pacc->devices; d && n < 65536; d = d->next, n++) {
		kj_append(arr, pci_device(d));
		if (kbug_probe_expired(ctx))
			break;
	}
names:
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
		kl.pci_cleanup(pacc);
	strbuf_release(&path);
	return ret;
}

const struct kbug_probe probe_pci = {
	.name = "pci",
	.help = "every PCI device: slot, class and IDs, names from pci.ids, driver and module",
	.reads = "/sys/bus/pci/devices/*/{uevent,revision,driver/module}, pci.ids; libpci where those fall short",
	.run = pci_run,
};
