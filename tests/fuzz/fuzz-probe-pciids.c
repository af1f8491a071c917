// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pci.ids is outside input (a file any package may replace): name a set
 * of devices from arbitrary text. The first 20 bytes choose the IDs of
 * two devices, so that matches happen; the rest is the database.
 */
#include <stdint.h>
#include <stdio.h>
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_object *arr = json_object_new_array();
	char id[5][5];
	size_t i, skip = size < 20 ? size : 20;

	kbug_log_level = -1;
	for (i = 0; i < 5; i++) {
		size_t k;

		for (k = 0; k < 4; k++)
			id[i][k] = 4 * i + k < skip ? "0123456789abcdef"[data[4 * i + k] & 15] : '0';
		id[i][4] = '\0';
	}
	add(arr, id[0], id[1], id[2], id[3], id[4]);
	add(arr, id[0], id[1], id[2], id[1], id[2]);
	add(arr, "0200", "8086", "1a1f", "17aa", "22e7");
	add(arr, "ffff", "1af4", "1041", "1af4", "1100");
	kbug_pci_ids_names((const char *)data + skip, size - skip, arr);
	json_object_put(arr);
	return 0;
}
