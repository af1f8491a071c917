// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The usb probe: every USB device of /sys/bus/usb/devices (read through
 * util/path so that --sysroot trees work), its bus and device numbers,
 * IDs, the strings the device reports, names from udev's hwdb (libudev)
 * or else usb.ids, and the drivers bound to its interfaces.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "probes/libs.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/path.h"
#include "util/strbuf.h"

#define USB_MAX_DEVICES 4096

static bool is_device_name(const char *n)
{
	/* "usb1" (root hubs) and "1-1.4"; not "1-1:1.0" (interfaces) */
	if (!strncmp(n, "usb", 3))
		return n[3] && strspn(n + 3, "0123456789") == strlen(n + 3);
	return isdigit((unsigned char)n[0]) && strchr(n, '-') && !strchr(n, ':') &&
	       strspn(n, "0123456789-.") == strlen(n);
}

static void attr(struct json_object *o, const char *key, const char *dev, const char *name,
		 bool number)
{
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;

	strbuf_addf(&p, "/sys/bus/usb/devices/%s/%s", dev, name);
	if (!kbug_path_read_line(&v, p.buf) && (strbuf_trim(&v), v.len)) {
		char *end;
		long long n = strtoll(v.buf, &end, 10);

		if (number && !*end)
			kj_set_int(o, key, n);
		else
			kj_set_str(o, key, v.buf);
	}
	strbuf_release(&p);
	strbuf_release(&v);
}

static bool hex4(const char *s, unsigned int *v)
{
	char *end;

	if (!s || strlen(s) != 4 || !isxdigit((unsigned char)s[0]))
		return false;
	*v = (unsigned int)strtoul(s, &end, 16);
	return !*end;
}

/* The drivers of the device's interfaces ("1-1:1.0", ...), each once. */
static struct json_object *iface_drivers(const char *dev, char **names, int nnames)
{
	struct json_object *arr = json_object_new_array();
	struct strbuf pfx = STRBUF_INIT, dir = STRBUF_INIT, drv = STRBUF_INIT;
	int i;

	if (!strncmp(dev, "usb", 3))
		strbuf_addf(&pfx, "%s-0:", dev + 3);
	else
		strbuf_addf(&pfx, "%s:", dev);
	for (i = 0; i < nnames; i++) {
		size_t j, n;
		bool dup = false;

		if (strncmp(names[i], pfx.buf, pfx.len))
			continue;
		strbuf_reset(&dir);
		strbuf_addf(&dir, "/sys/bus/usb/devices/%s", names[i]);
		if (kbug_sysfs_link_base(dir.buf, "driver", &drv))
			continue;
		n = json_object_array_length(arr);
		for (j = 0; j < n && !dup; j++)
			dup = !strcmp(json_object_get_string(json_object_array_get_idx(arr, j)),
				      drv.buf);
		if (!dup)
			kj_append_str(arr, drv.buf);
	}
	strbuf_release(&pfx);
	strbuf_release(&dir);
	strbuf_release(&drv);
	return arr;
}

/* Names from udev's hwdb: true when it had the vendor. */
static bool hwdb_names(struct udev_hwdb *hwdb, unsigned int v, unsigned int p,
		       struct json_object *o)
{
	struct udev_list_entry *e;
	char modalias[32];
	bool found = false;

	if (!hwdb)
		return false;
	snprintf(modalias, sizeof(modalias), "usb:v%04Xp%04X*", v, p);
	for (e = kbug_libs.udev_hwdb_get_properties_list_entry(hwdb, modalias, 0); e;
	     e = kbug_libs.udev_list_entry_get_next(e)) {
		const char *k = kbug_libs.udev_list_entry_get_name(e);

		if (!strcmp(k, "ID_VENDOR_FROM_DATABASE")) {
			kj_set_str(o, "vendor_name", kbug_libs.udev_list_entry_get_value(e));
			found = true;
		} else if (!strcmp(k, "ID_MODEL_FROM_DATABASE")) {
			kj_set_str(o, "product_name", kbug_libs.udev_list_entry_get_value(e));
		}
	}
	return found;
}

/* One pass over usb.ids for every device still without names. */
static void usb_ids_names(struct json_object *arr)
{
	static const char *const files[] = {
		"/usr/share/misc/usb.ids", "/usr/share/hwdata/usb.ids", "/var/lib/usbutils/usb.ids",
	};
	struct strbuf line = STRBUF_INIT;
	unsigned int vendor = 0x10000, v;
	size_t n = json_object_array_length(arr), i;
	unsigned long lines = 0;
	FILE *f = NULL;
	char *end;

	for (i = 0; !f && i < 3; i++)
		f = fopen(files[i], "re");
	while (f && strbuf_getline(&line, f) != EOF && lines++ < 2000000ul) {
		const char *s = line.buf;
		bool dev = s[0] == '\t';
		size_t k;

		if (s[0] == '#' || !line.len || (dev && s[1] == '\t'))
			continue;	/* comments, interfaces */
		if (!dev && !isxdigit((unsigned char)s[0]))
			break;	/* the class lists after the vendors: done */
		s += dev;
		v = (unsigned int)strtoul(s, &end, 16);
		if (end != s + 4 || strncmp(end, "  ", 2))
			continue;
		if (!dev)
			vendor = v;
		for (k = 0; k < n; k++) {
			struct json_object *o = json_object_array_get_idx(arr, k);
			unsigned int ov, op;

			if (!hex4(kj_get_str(o, "vendor_id"), &ov) ||
			    !hex4(kj_get_str(o, "product_id"), &op) || ov != vendor)
				continue;
			if (!dev && !kj_get_str(o, "vendor_name"))
				kj_set_str(o, "vendor_name", end + 2);
			else if (dev && op == v && !kj_get_str(o, "product_name"))
				kj_set_str(o, "product_name", end + 2);
		}
	}
	if (f)
		fclose(f);
	strbuf_release(&line);
}

static int busdev_cmp(const void *a, const void *b)
{
	struct json_object *x = *(struct json_object *const *)a;
	struct json_object *y = *(struct json_object *const *)b;
	int64_t bx = kj_get_int(x, "busnum", 0), by = kj_get_int(y, "busnum", 0);
	int64_t dx = kj_get_int(x, "devnum", 0), dy = kj_get_int(y, "devnum", 0);

	if (bx != by)
		return bx < by ? -1 : 1;
	return dx < dy ? -1 : dx > dy;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of /sys/bus/usb/devices, sorted, in *names; returns how many or -errno. */
static int device_names(struct kbug_probe_ctx *ctx, char ***names)
{
	struct dirent *de;
	int nnames = 0, ret;
	DIR *d;

	d = kbug_path_opendir("/sys/bus/usb/devices");
	if (!d) {
		ret = -errno;
		kbug_report_error(ctx->report, "usb", "cannot read '/sys/bus/usb/devices': %s",
				  strerror(errno));
		return ret;
	}
	while ((de = readdir(d)) && nnames < USB_MAX_DEVICES * 8) {
		char **nn;

		if (de->d_name[0] == '.')
			continue;
		nn = realloc(*names, sizeof(**names) * (size_t)(nnames + 1));
		if (!nn)
			break;
		*names = nn;
		nn[nnames++] = strdup(de->d_name);
		if (!nn[nnames - 1])
			nnames--;
	}
	closedir(d);
	if (nnames)
		qsort(*names, (size_t)nnames, sizeof(**names), name_cmp);
	return nnames;
}

/* One device's object; *need_ids when hwdb did not name it. */
static struct json_object *usb_device(const char *name, char **names, int nnames,
				      struct udev_hwdb *hwdb, bool *need_ids)
{
	struct json_object *o = json_object_new_object();
	unsigned int v, pr;

	kj_set_str(o, "path", name);
	attr(o, "busnum", name, "busnum", true);
	attr(o, "devnum", name, "devnum", true);
	attr(o, "vendor_id", name, "idVendor", false);
	attr(o, "product_id", name, "idProduct", false);
	attr(o, "device_class", name, "bDeviceClass", false);
	attr(o, "version", name, "version", false);
	attr(o, "manufacturer", name, "manufacturer", false);
	attr(o, "product", name, "product", false);
	attr(o, "serial", name, "serial", false);
	attr(o, "speed", name, "speed", false);
	if (hex4(kj_get_str(o, "vendor_id"), &v) &&
	    hex4(kj_get_str(o, "product_id"), &pr) && !hwdb_names(hwdb, v, pr, o))
		*need_ids = true;
	kj_set(o, "drivers", iface_drivers(name, names, nnames));
	return o;
}

/* the product string the device reports, else the database's name */
static void usb_products(struct json_object *arr)
{
	int i;

	for (i = 0; i < (int)json_object_array_length(arr); i++) {
		struct json_object *o = json_object_array_get_idx(arr, i);

		if (!kj_get_str(o, "product") && kj_get_str(o, "product_name"))
			kj_set_str(o, "product", kj_get_str(o, "product_name"));
		else if (!kj_get_str(o, "product"))
			json_object_object_add(o, "product", NULL);	/* the interface's key */
	}
}

static int usb_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct json_object *arr = json_object_new_array();
	struct udev *udev = NULL;
	struct udev_hwdb *hwdb = NULL;
	char **names = NULL;
	int nnames, i;
	bool need_ids = false;

	json_object_put(*out);
	*out = arr;
	nnames = device_names(ctx, &names);
	if (nnames < 0)
		return nnames;
	udev = kbug_lib_load(KBUG_LIB_UDEV, NULL) ? NULL : kbug_libs.udev_new();
	if (udev)
		hwdb = kbug_libs.udev_hwdb_new(udev);
	for (i = 0; i < nnames && json_object_array_length(arr) < USB_MAX_DEVICES; i++) {
		if (!is_device_name(names[i]))
			continue;
		kj_append(arr, usb_device(names[i], names, nnames, hwdb, &need_ids));
		if (kbug_probe_expired(ctx))
			break;
	}
	if (need_ids)
		usb_ids_names(arr);
	usb_products(arr);
	json_object_array_sort(arr, busdev_cmp);
	if (hwdb)
		kbug_libs.udev_hwdb_unref(hwdb);
	if (udev)
		kbug_libs.udev_unref(udev);
	for (i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	return 0;
}

const struct kbug_probe kbug_probe_usb = {
	.name = "usb",
	.help = "every USB device: bus/device numbers, IDs, names (hwdb, usb.ids), interface drivers",
	.reads = "/sys/bus/usb/devices, udev's hwdb (libudev), usb.ids",
	.run = usb_run,
};
