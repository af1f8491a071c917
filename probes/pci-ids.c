// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names from pci.ids in one streaming pass. libpci's pci_lookup_name()
 * first parses the whole database into a hash (tens of milliseconds, a
 * few megabytes); a report needs the names of a few dozen devices, so
 * the probe looks only for those, in the file's own layout:
 *
 *	vvvv  vendor name
 *	\tdddd  device name
 *	\t\tssss tttt  subsystem name
 *	C cc  class name
 *	\tss  subclass name
 *	\t\tpp  programming interface
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "util/json.h"

#define PCI_IDS_MAX_DEVICES 4096

/* A device's IDs as numbers, -1 where absent or malformed. */
struct ids_dev {
	struct json_object *o;
	long cls, vendor, device, sub_vendor, sub_device;
};

/* n hex digits at p (within end) as a number, or -1. */
static long hex_n(const char *p, const char *end, size_t n)
{
	long v = 0;
	size_t i;

	if ((size_t)(end - p) < n)
		return -1;
	for (i = 0; i < n; i++) {
		int c = (unsigned char)p[i];

		if (!isxdigit(c))
			return -1;
		v = v << 4 | (isdigit(c) ? c - '0' : (tolower(c) - 'a' + 10));
	}
	return v;
}

static long hex_member(struct json_object *o, const char *key)
{
	const char *s = kj_get_str(o, key);

	return s && strlen(s) == 4 ? hex_n(s, s + 4, 4) : -1;
}

/* The name after "ID  " (two spaces) up to the line end, if the line has one. */
static bool name_after(const char *p, const char *le, size_t idlen, const char **name,
		       size_t *nlen)
{
	p += idlen;
	if (le - p < 3 || p[0] != ' ' || p[1] != ' ')
		return false;
	*name = p + 2;
	*nlen = (size_t)(le - p - 2);
	while (*nlen && ((*name)[*nlen - 1] == '\r' || (*name)[*nlen - 1] == ' '))
		(*nlen)--;
	return *nlen > 0;
}

static int set_once(struct json_object *o, const char *key, const char *name, size_t n)
{
	if (kj_get(o, key))
		return 0;
	json_object_object_add(o, key, json_object_new_string_len(name, (int)n));
	return 1;
}

/* the class name without a subclass entry, as libpci formats it: "Name [ccss]" */
static int set_class_fallback(struct ids_dev *d, const char *name, size_t n)
{
	char buf[300];

	if (kj_get(d->o, "class_name"))
		return 0;
	snprintf(buf, sizeof(buf), "%.*s [%04lx]", (int)(n > 256 ? 256 : n), name, d->cls);
	kj_set_str(d->o, "class_name", buf);
	return 1;
}

static int close_class(struct ids_dev *devs, size_t ndev, long cls, const char *name,
		       size_t nlen)
{
	size_t i;
	int set = 0;

	for (i = 0; name && i < ndev; i++)
		if (devs[i].cls >= 0 && devs[i].cls >> 8 == cls)
			set += set_class_fallback(&devs[i], name, nlen);
	return set;
}

int kbug_pci_ids_names(const char *ids, size_t len, struct json_object *arr)
{
	const char *p = ids, *end = ids + len, *cls_name = NULL, *name;
	size_t ndev = arr ? json_object_array_length(arr) : 0, i, cls_nlen = 0, nlen;
	long vendor = -1, device = -1, cls = -1, id;
	bool in_classes = false, want_vendor;
	struct ids_dev *devs;
	int set = 0;

	if (ndev > PCI_IDS_MAX_DEVICES)
		ndev = PCI_IDS_MAX_DEVICES;
	if (!ndev)
		return 0;
	devs = calloc(ndev, sizeof(*devs));
	if (!devs)
		return 0;
	for (i = 0; i < ndev; i++) {
		devs[i].o = json_object_array_get_idx(arr, i);
		devs[i].cls = hex_member(devs[i].o, "class_id");
		devs[i].vendor = hex_member(devs[i].o, "vendor_id");
		devs[i].device = hex_member(devs[i].o, "device_id");
		devs[i].sub_vendor = hex_member(devs[i].o, "subsystem_vendor_id");
		devs[i].sub_device = hex_member(devs[i].o, "subsystem_device_id");
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *line = p;
		int depth = 0;

		p = nl ? nl + 1 : end;
		if (line == le || *line == '#')
			continue;
		while (depth < 2 && line < le && *line == '\t') {
			line++;
			depth++;
		}
		if (depth == 0) {
			/* a new top-level entry closes the class before it */
			if (in_classes)
				set += close_class(devs, ndev, cls, cls_name, cls_nlen);
			vendor = -1;
			device = -1;
			cls = -1;
			cls_name = NULL;
			if (le - line > 2 && line[0] == 'C' && line[1] == ' ') {
				in_classes = true;
				line += 2;
				cls = hex_n(line, le, 2);
				if (cls >= 0 && name_after(line, le, 2, &name, &nlen)) {
					cls_name = name;
					cls_nlen = nlen;
				} else {
					cls = -1;
				}
				continue;
			}
			id = hex_n(line, le, 4);
			if (in_classes || id < 0 || !name_after(line, le, 4, &name, &nlen))
				continue;
			want_vendor = false;
			for (i = 0; i < ndev; i++) {
				if (devs[i].vendor != id)
					continue;
				want_vendor = true;
				set += set_once(devs[i].o, "vendor_name", name, nlen);
			}
			if (want_vendor)
				vendor = id;
			continue;
		}
		if (in_classes) {
			id = hex_n(line, le, 2);
			if (cls < 0 || depth != 1 || id < 0 ||
			    !name_after(line, le, 2, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++)
				if (devs[i].cls == (cls << 8 | id))
					set += set_once(devs[i].o, "class_name", name, nlen);
			continue;
		}
		if (vendor < 0)
			continue;
		id = hex_n(line, le, 4);
		if (depth == 1) {
			device = -1;
			if (id < 0 || !name_after(line, le, 4, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++) {
				if (devs[i].vendor != vendor || devs[i].device != id)
					continue;
				device = id;
				set += set_once(devs[i].o, "device_name", name, nlen);
				/* libpci: a subsystem equal to the device is the device */
				if (devs[i].sub_vendor == vendor && devs[i].sub_device == id)
					set += set_once(devs[i].o, "subsystem_name", name, nlen);
			}
			continue;
		}
		if (device < 0 || id < 0 || le - line < 9 || line[4] != ' ')
			continue;
		{
			long sd = hex_n(line + 5, le, 4);

			if (sd < 0 || !name_after(line + 5, le, 4, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++)
				if (devs[i].vendor == vendor && devs[i].device == device &&
				    devs[i].sub_vendor == id && devs[i].sub_device == sd)
					set += set_once(devs[i].o, "subsystem_name", name, nlen);
		}
	}
	if (in_classes)
		set += close_class(devs, ndev, cls, cls_name, cls_nlen);	/* the last */
	free(devs);
	return set;
}
