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

/* One pass over ids[0..len): the names of devs found there. */
static int scan_ids(const char *ids, size_t len, struct ids_dev *devs, size_t ndev)
{
	const char *p = ids, *end = ids + len, *cls_name = NULL, *name;
	size_t i, cls_nlen = 0, nlen;
	long vendor = -1, device = -1, cls = -1, id;
	bool in_classes = false, want_vendor;
	int set = 0;

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
	return set;
}

/*
 * pci.ids keeps its top-level lines sorted: vendors by ID, then the
 * classes ("C xx"). The key of a top-level line: the vendor ID, 0x10000
 * plus the class, or -1 for any other line.
 */
static long top_key(const char *p, const char *end)
{
	long v;

	if (end - p >= 6 && p[0] == 'C' && p[1] == ' ') {
		v = hex_n(p + 2, end, 2);
		return v < 0 ? -1 : 0x10000 + v;
	}
	v = hex_n(p, end, 4);
	return v >= 0 && end - p >= 6 && p[4] == ' ' && p[5] == ' ' ? v : -1;
}

/* The first top-level line starting at or after p, and its key. */
static const char *next_top(const char *p, const char *base, const char *end, long *key)
{
	if (p > base && p[-1] != '\n') {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	while (p < end) {
		*key = top_key(p, end);
		if (*key >= 0)
			return p;
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	return NULL;
}

/* Bisect for the first top-level line whose key is >= want; *key is its key. */
static const char *lower_bound(const char *ids, size_t len, long want, long *key)
{
	const char *lo = ids, *hi = ids + len, *best = NULL;
	int rounds;

	for (rounds = 0; lo < hi && rounds < 64; rounds++) {
		const char *mid = lo + (hi - lo) / 2, *p;
		long k;

		p = next_top(mid, ids, hi, &k);	/* none before hi: look lower */
		if (!p) {
			hi = mid;
		} else if (k < want) {
			lo = p + 1;
		} else {
			best = p;
			*key = k;
			hi = mid;
		}
	}
	return best;
}

/*
 * Only the blocks of the devices' vendors and the class list, found by
 * bisection, instead of the whole 1.3 MB: the same lines in the same
 * order as a full pass reads them for these devices. A file that is not
 * sorted (a vendor or a class name not found) gets the full pass.
 */
static int scan_blocks(const char *ids, size_t len, struct ids_dev *devs, size_t ndev)
{
	const char *end = ids + len, *p, *q;
	long key, k2;
	size_t i, j;
	int set = 0;

	for (i = 0; i < ndev; i++) {
		for (j = 0; j < i && devs[j].vendor != devs[i].vendor; j++)
			;
		if (j < i || devs[i].vendor < 0)
			continue;	/* that vendor's block is done, or there is none */
		p = lower_bound(ids, len, devs[i].vendor, &key);
		if (!p || key != devs[i].vendor)
			return -1;
		q = next_top(p + 1, ids, end, &k2);
		set += scan_ids(p, (size_t)((q ? q : end) - p), devs, ndev);
	}
	p = lower_bound(ids, len, 0x10000, &key);
	if (!p)
		return -1;
	set += scan_ids(p, (size_t)(end - p), devs, ndev);
	for (i = 0; i < ndev; i++)
		if (devs[i].cls >= 0 && !kj_get(devs[i].o, "class_name"))
			return -1;
	return set;
}

int kbug_pci_ids_names(const char *ids, size_t len, struct json_object *arr)
{
	size_t ndev = arr ? json_object_array_length(arr) : 0, i;
	struct ids_dev *devs;
	int set;

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
	set = scan_blocks(ids, len, devs, ndev);
	if (set < 0)
		set = scan_ids(ids, len, devs, ndev);	/* set_once: nothing is named twice */
	free(devs);
	return set;
}
