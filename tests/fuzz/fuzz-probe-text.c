// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The small texts the probes parse, all outside input: os-release(5),
 * /proc/modules lines, /proc/sys/kernel/tainted, /proc/version (the
 * compiler, the origin guess), a display's EDID block, /proc/asound/cards,
 * an HDA codec's head, a sysfs choice list (mem_sleep). The first byte
 * picks which; the rest is the text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_object *o;
	struct kbug_proc_module m;
	uint64_t taint;
	char *s, *line, *save = NULL;

	kbug_log_level = -1;
	if (!size)
		return 0;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 8) {
	case 0:
		o = json_object_new_object();
		kbug_os_release_parse((const char *)data + 1, size - 1, o);
		json_object_put(o);
		break;
	case 1:
		for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			kbug_proc_module_parse(line, &m);
		break;
	case 2:
		if (!kbug_taint_parse(s, &taint))
			json_object_put(kbug_taint_decode(taint));
		break;
	case 3:
		o = json_object_new_object();
		kbug_edid_summary(data + 1, size - 1, o);
		json_object_put(o);
		break;
	case 4:
		o = json_object_new_array();
		kbug_asound_cards_parse(s, o);
		json_object_put(o);
		break;
	case 5:
		o = json_object_new_object();
		kbug_hda_codec_parse(s, o);
		json_object_put(o);
		break;
	case 6:
		o = json_object_new_object();
		kbug_sysfs_choice_parse(s, o);
		json_object_put(o);
		break;
	default:
		free(kbug_kernel_compiler(s));
		json_object_put(kbug_kernel_origin(s, s));
		break;
	}
	free(s);
	return 0;
}
