// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pci.ids is outside input (a file any package may replace): name a set
 * of devices from arbitrary text. The first 20 bytes choose the IDs of
 * two devices, so that matches happen; the rest is the database. The
 * count returned must be the names set, four a device at most.
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

/* The names set on the devices of arr. */
static int names_set(struct json_object *arr)
{
	static const char *const keys[] = {
		"vendor_name", "device_name", "subsystem_name", "class_name"
	};
	size_t i, k;
	int n = 0;

	for (i = 0; i < json_object_array_length(arr); i++)
		for (k = 0; k < 4; k++)
			n += !!kj_get_str(json_object_array_get_idx(arr, i), keys[k]);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	char id[5][5];
	size_t i, skip = size < 20 ? size : 20;
	struct json_object *arr;
	FILE *f;
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
	f = fmemopen(size > skip ? (void *)(text + skip) : (void *)"", size - skip, "r");
	if (f) {
		set = kbug_pci_ids_names(f, arr);
		fclose(f);
		if (set != names_set(arr) || set > 4 * 4)
			abort();
	}
	json_object_put(arr);
	return 0;
}
