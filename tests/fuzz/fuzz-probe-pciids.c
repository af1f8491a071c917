// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pci.ids is outside input (a file any package may replace): name a set
 * of devices from arbitrary text. The first 20 bytes choose the IDs of
 * two devices, so that matches happen; the rest is the database. Where the
 * text is in pci.ids's order, which the lookup trusts, its names must be
 * the full pass's, byte for byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "util/json.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void add(struct json_object *arr, const char *c, const char *v, const char *d,
		const char *sv, const char *sd)
{
	struct json_object *o = json_object_new_object();

	kj_set_str(o, "class_id", c);
	kj_set_str(o, "vendor_id", v);
	kj_set_str(o, "device_id", d);
	kj_set_str(o, "subsystem_vendor_id", sv);
	kj_set_str(o, "subsystem_device_id", sd);
	json_object_array_add(arr, o);
}

static struct json_object *devices(const char id[5][5])
{
	struct json_object *arr = json_object_new_array();

	add(arr, id[0], id[1], id[2], id[3], id[4]);
	add(arr, id[0], id[1], id[2], id[1], id[2]);
	add(arr, "0200", "8086", "1a1f", "17aa", "22e7");
	add(arr, "ffff", "1af4", "1041", "1af4", "1100");
	return arr;
}

static long hex(const char *p, const char *le, int n)
{
	long v = 0;
	int i;

	if (le - p < n)
		return -1;
	for (i = 0; i < n; i++) {
		char c = p[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			v = v << 4 | ((c | 0x20) - 'a' + 10);
		else
			return -1;
	}
	return v;
}

/* After an ID at p: two spaces and a name, not all '\r' and spaces. */
static int named(const char *p, const char *le)
{
	if (le - p < 3 || p[0] != ' ' || p[1] != ' ')
		return 0;
	while (le > p + 2 && (le[-1] == '\r' || le[-1] == ' '))
		le--;
	return le > p + 2;
}

/* A top-level line's key: a vendor's ID, 0x10000 + a class's; -1 if it is neither. */
static long key(const char *p, const char *le)
{
	long v;

	if (le - p > 2 && p[0] == 'C' && p[1] == ' ') {
		v = hex(p + 2, le, 2);
		return v >= 0 && named(p + 4, le) ? 0x10000 + v : -1;
	}
	v = hex(p, le, 4);
	return v >= 0 && named(p + 4, le) ? v : -1;
}

/*
 * Whether text is in the order the lookup trusts: every line that starts
 * with no tab a comment, empty, or a vendor or class line with a name, their
 * IDs rising (so vendors first); the device IDs of a vendor's block never
 * falling.
 */
static int ordered(const char *p, const char *end)
{
	long last = -1, prev = -1, k;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;

		if (*p != '\t' && p != le && *p != '#') {
			k = key(p, le);
			if (k < 0 || k <= last)
				return 0;
			last = k;
			prev = -1;
		} else if (*p == '\t' && last >= 0 && last < 0x10000 &&
			   (le - p < 2 || p[1] != '\t')) {
			k = hex(p + 1, le, 4);
			if (k >= 0 && k < prev)
				return 0;
			prev = k >= 0 ? k : prev;
		}
		p = nl ? nl + 1 : end;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	char id[5][5];
	size_t i, skip = size < 20 ? size : 20;
	struct json_object *arr, *ref;
	int set;

	kbug_log_level = -1;
	for (i = 0; i < 5; i++) {
		size_t k;

		for (k = 0; k < 4; k++) {
			size_t at = 4 * i + k;

			id[i][k] = at < skip ? "0123456789abcdef"[data[at] & 15] : '0';
		}
		id[i][4] = '\0';
	}
	arr = devices((const char (*)[5])id);
	set = kbug_pci_ids_names(text + skip, size - skip, arr);
	if (ordered(text + skip, text + size)) {
		ref = devices((const char (*)[5])id);
		if (kbug_pci_ids_names_pass(text + skip, size - skip, ref, true) != set ||
		    strcmp(json_object_to_json_string(arr), json_object_to_json_string(ref))) {
			fprintf(stderr, "lookup: %s\nfull pass: %s\n",
				json_object_to_json_string(arr), json_object_to_json_string(ref));
			abort();
		}
		json_object_put(ref);
	}
	json_object_put(arr);
	return 0;
}
