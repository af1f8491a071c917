// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The dmi probe: the machine's identity from /sys/class/dmi/id. Some
 * attributes (serials, the UUID) are readable by root only; those a
 * user cannot read are left out without an error. The redaction pass
 * replaces serials and UUIDs.
 */
#include <errno.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

static const char *const dmi_fields[] = {
	"sys_vendor", "product_name", "product_version", "product_family", "product_sku",
	"bios_vendor", "bios_version", "bios_date", "bios_release", "ec_firmware_release",
	"board_vendor", "board_name", "board_version", "chassis_vendor", "chassis_type",
	"chassis_version", "product_serial", "board_serial", "chassis_serial",
	"board_asset_tag", "chassis_asset_tag", "product_uuid",
};

static int dmi_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	size_t i;
	int found = 0;

	if (!kbug_path_exists("/sys/class/dmi/id")) {
		kbug_report_error(ctx->report, "dmi", "cannot read '/sys/class/dmi/id': %s",
				  strerror(ENOENT));
		return -ENOENT;
	}
	for (i = 0; i < ARRAY_SIZE(dmi_fields); i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "/sys/class/dmi/id/%s", dmi_fields[i]);
		/* EACCES for a user: skipped silently, as the serials are */
		if (kbug_path_read_line(&v, p.buf) || !v.len)
			continue;
		kj_set_str(*out, dmi_fields[i], v.buf);
		found++;
	}
	strbuf_release(&p);
	strbuf_release(&v);
	return 0;
}

const struct kbug_probe kbug_probe_dmi = {
	.name = "dmi",
	.help = "the machine: vendor, product, version, BIOS, board, chassis (DMI/SMBIOS)",
	.reads = "/sys/class/dmi/id/*",
	.run = dmi_run,
};
