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
#include <string.h>

#include "probes/internal.h"
#include "util/json.h"

static bool hex_at(const char *p, const char *end, size_t n)
{
	size_t i;

	if ((size_t)(end - p) < n)
		return false;
	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)p[i]))
			return false;
	return true;
}

static bool id_eq(const char *p, const char *id, size_t n)
{
	size_t i;

	if (!id || strlen(id) != n)
		return false;
	for (i = 0; i < n; i++)
		if (tolower((unsigned char)p[i]) != tolower((unsigned char)id[i]))
			return false;
	return true;
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

/* the class name without a subclass entry, as libpci formats it */
static int set_class_fallback(struct json_object *o, const char *name, size_t n)
{
	char buf[300];
	const char *cls = kj_get_str(o, "class_id");

	if (kj_get(o, "class_name") || !cls)
		return 0;
	snprintf(buf, sizeof(buf), "%.*s [%s]", (int)(n > 256 ? 256 : n), name, cls);
	kj_set_str(o, "class_name", buf);
	return 1;
}

int kbug_pci_ids_names(const char *ids, size_t len, struct json_object *arr)
{
	const char *p = ids, *end = ids + len;
	const char *vendor = NULL, *device = NULL, *cls = NULL;
	const char *cls_name = NULL;
	size_t ndev = arr ? json_object_array_length(arr) : 0, i, cls_nlen = 0;
	bool in_classes = false;
	int set = 0;

	while (p < end && ndev) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *line = p, *name;
		size_t nlen;
		int depth = 0;

		p = nl ? nl + 1 : end;
		if (line == le || *line == '#')
			continue;
		while (depth < 2 && line < le && *line == '\t') {
			line++;
			depth++;
		}
		if (depth == 0) {
			/* a new top-level entry closes a class without subclass match */
			if (in_classes && cls && cls_name)
				for (i = 0; i < ndev; i++) {
					struct json_object *o = json_object_array_get_idx(arr, i);
					const char *c = kj_get_str(o, "class_id");

					if (c && strlen(c) == 4 && !strncasecmp(c, cls, 2))
						set += set_class_fallback(o, cls_name, cls_nlen);
				}
			vendor = NULL;
			device = NULL;
			cls = NULL;
			cls_name = NULL;
			if (le - line > 2 && line[0] == 'C' && line[1] == ' ') {
				in_classes = true;
				line += 2;
				if (hex_at(line, le, 2) && name_after(line, le, 2, &name, &nlen)) {
					cls = line;
					cls_name = name;
					cls_nlen = nlen;
				}
				continue;
			}
			if (in_classes || !hex_at(line, le, 4) ||
			    !name_after(line, le, 4, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++) {
				struct json_object *o = json_object_array_get_idx(arr, i);

				if (id_eq(line, kj_get_str(o, "vendor_id"), 4)) {
					vendor = line;
					set += set_once(o, "vendor_name", name, nlen);
				}
			}
			continue;
		}
		if (in_classes) {
			if (!cls)
				continue;
			if (depth == 1 && hex_at(line, le, 2) &&
			    name_after(line, le, 2, &name, &nlen)) {
				for (i = 0; i < ndev; i++) {
					struct json_object *o = json_object_array_get_idx(arr, i);
					const char *c = kj_get_str(o, "class_id");

					if (c && strlen(c) == 4 && !strncasecmp(c, cls, 2) &&
					    !strncasecmp(c + 2, line, 2))
						set += set_once(o, "class_name", name, nlen);
				}
			}
			continue;
		}
		if (!vendor)
			continue;
		if (depth == 1) {
			device = NULL;
			if (!hex_at(line, le, 4) || !name_after(line, le, 4, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++) {
				struct json_object *o = json_object_array_get_idx(arr, i);

				if (!id_eq(vendor, kj_get_str(o, "vendor_id"), 4) ||
				    !id_eq(line, kj_get_str(o, "device_id"), 4))
					continue;
				device = line;
				set += set_once(o, "device_name", name, nlen);
				/* libpci: a subsystem equal to the device is the device */
				if (id_eq(vendor, kj_get_str(o, "subsystem_vendor_id"), 4) &&
				    id_eq(line, kj_get_str(o, "subsystem_device_id"), 4))
					set += set_once(o, "subsystem_name", name, nlen);
			}
			continue;
		}
		if (!device || !hex_at(line, le, 4) || le - line < 9 || line[4] != ' ' ||
		    !hex_at(line + 5, le, 4) || !name_after(line + 5, le, 4, &name, &nlen))
			continue;
		for (i = 0; i < ndev; i++) {
			struct json_object *o = json_object_array_get_idx(arr, i);

			if (id_eq(vendor, kj_get_str(o, "vendor_id"), 4) &&
			    id_eq(device, kj_get_str(o, "device_id"), 4) &&
			    id_eq(line, kj_get_str(o, "subsystem_vendor_id"), 4) &&
			    id_eq(line + 5, kj_get_str(o, "subsystem_device_id"), 4))
				set += set_once(o, "subsystem_name", name, nlen);
		}
	}
	/* the last class of the file */
	for (i = 0; in_classes && cls && cls_name && i < ndev; i++) {
		struct json_object *o = json_object_array_get_idx(arr, i);
		const char *c = kj_get_str(o, "class_id");

		if (c && strlen(c) == 4 && !strncasecmp(c, cls, 2))
			set += set_class_fallback(o, cls_name, cls_nlen);
	}
	return set;
}
