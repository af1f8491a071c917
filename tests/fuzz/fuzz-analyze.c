// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A kernel log is outside input: whatever bytes it holds, the scanner
 * must not crash, hang or read out of bounds. Each input is scanned as
 * a buffer and as a stream, with and without a modules section.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fuzz_modules[] =
	"[{\"name\": \"e1000\", \"source_dir\": \"drivers/net/ethernet/intel/e1000\"},"
	" {\"name\": \"dummy\", \"source_dir\": \"drivers/net\"}, {\"name\": \"x\"}]";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kbug_analyze_opts o;
	struct json_object *res = NULL, *mods;
	FILE *f;

	kbug_log_level = -1;
	kbug_analyze_opts_init(&o);
	o.debuginfo = false;
	o.kernel_src = "";
	o.max_reports = 20;
	if (kbug_analyze_buffer((const char *)data, size, "fuzz", &o, &res) >= 0)
		json_object_to_json_string(res);
	json_object_put(res);
	res = NULL;
	mods = json_tokener_parse(fuzz_modules);
	o.modules = mods;
	o.with_text = false;
	o.explain = true;	/* skip.c: the explain array of every report */
	f = fmemopen((void *)data, size ? size : 1, "r");
	if (f && size) {
		if (kbug_analyze_stream(f, "fuzz", &o, &res) >= 0)
			json_object_to_json_string(res);
		json_object_put(res);
	}
	if (f)
		fclose(f);
	json_object_put(mods);
	return 0;
}
