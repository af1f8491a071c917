// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The firmware probe: the network and Bluetooth devices with their drivers
 * (a wifi or Bluetooth firmware version is not in sysfs: the drivers print
 * it to the kernel log - iwlwifi's "loaded firmware version", btintel's
 * "Firmware revision" - which the dmesg section holds), the ACPI tables
 * (names and sizes only) and the block devices' model and firmware
 * revision, never their serial. Runs when the suspect is in wireless,
 * Bluetooth, storage or ACPI code, or when named.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

#define FW_MAX_ENTRIES 128

/* each entry of dir (not dot files) to fn, bounded; -errno when dir is unreadable */
static int each_entry(struct kbug_probe_ctx *ctx, const char *dir, struct json_object *arr,
		      struct json_object *(*fn)(const char *dir, const char *name))
{
	struct dirent **ents = NULL;
	struct json_object *o;
	int n, i;

	n = kbug_path_scandir(dir, &ents, versionsort);
	if (n < 0)
		return -errno;
	for (i = 0; i < n; i++) {
		if (i < FW_MAX_ENTRIES && ents[i]->d_name[0] != '.' && !kbug_probe_expired(ctx)) {
			o = fn(dir, ents[i]->d_name);
			if (o)
				kj_append(arr, o);
		}
		free(ents[i]);
	}
	free(ents);
	return 0;
}

/* {"name", "driver", "bus_id"} of a class device whose device link is bound */
static struct json_object *class_dev(const char *dir, const char *name)
{
	struct json_object *o;
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;

	strbuf_addf(&p, "%s/%s/device", dir, name);
	if (kbug_sysfs_link_base(p.buf, "driver", &v)) {
		strbuf_release(&p);
		strbuf_release(&v);
		return NULL;	/* virtual (lo, bridges) or unbound */
	}
	o = json_object_new_object();
	kj_set_str(o, "name", name);
	kj_set_str(o, "driver", v.buf);
	strbuf_reset(&p);
	strbuf_addf(&p, "%s/%s", dir, name);
	if (!kbug_sysfs_link_base(p.buf, "device", &v))
		kj_set_str(o, "bus_id", v.buf);
	/* net/core/net-sysfs.c: a wireless netdev links its wiphy as phy80211 */
	if (!kbug_sysfs_link_base(p.buf, "phy80211", &v))
		kj_set_str(o, "wiphy", v.buf);
	strbuf_release(&p);
	strbuf_release(&v);
	return o;
}

/* drivers/acpi/sysfs.c: one file a table, its size the table's length */
static struct json_object *acpi_table(const char *dir, const char *name)
{
	struct json_object *o = NULL;
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	int fd;

	strbuf_addf(&p, "%s/%s", dir, name);
	fd = kbug_path_open(p.buf, O_RDONLY | O_PATH);
	if (fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode)) {
		o = json_object_new_object();
		kj_set_str(o, "name", name);
		kj_set_int(o, "size", (int64_t)st.st_size);
	}
	if (fd >= 0)
		close(fd);
	strbuf_release(&p);
	return o;
}

/* the SCSI (model, rev, vendor) and NVMe (model, firmware_rev) attributes; serial never */
static struct json_object *block_dev(const char *dir, const char *name)
{
	static const char *const fields[] = { "vendor", "model", "rev", "firmware_rev" };
	struct json_object *o = NULL;
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s/device/%s", dir, name, fields[i]);
		if (kbug_path_read_line(&v, p.buf) || !v.len)
			continue;
		if (!o) {
			o = json_object_new_object();
			kj_set_str(o, "name", name);
		}
		kj_set_str(o, fields[i], v.buf);
	}
	strbuf_release(&p);
	strbuf_release(&v);
	return o;	/* NULL: loop, zram, dm: no device of their own */
}

static int firmware_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	static const struct {
		const char *key, *dir;
		struct json_object *(*fn)(const char *dir, const char *name);
	} parts[] = {
		{ "net", "/sys/class/net", class_dev },
		{ "bluetooth", "/sys/class/bluetooth", class_dev },
		{ "acpi_tables", "/sys/firmware/acpi/tables", acpi_table },
		{ "block", "/sys/block", block_dev },
	};
	struct json_object *arr;
	size_t i;
	int found = 0;

	for (i = 0; i < ARRAY_SIZE(parts); i++) {
		arr = json_object_new_array();
		if (each_entry(ctx, parts[i].dir, arr, parts[i].fn)) {
			json_object_put(arr);
			continue;
		}
		kj_set(*out, parts[i].key, arr);
		found++;
	}
	if (!found) {
		kbug_report_error(ctx->report, "firmware",
				  "cannot read '/sys/class/net', '/sys/class/bluetooth', '/sys/firmware/acpi/tables' nor '/sys/block': %s",
				  strerror(ENOENT));
		return -ENOENT;
	}
	return 0;
}

static const char *const firmware_dirs[] = {
	"drivers/net/wireless/", "net/wireless/", "net/mac80211/", "drivers/bluetooth/",
	"net/bluetooth/", "drivers/nvme/", "drivers/ata/", "drivers/scsi/", "drivers/mmc/",
	"drivers/acpi/acpica/", "drivers/firmware/", "drivers/base/firmware_loader/", NULL,
};
static const char *const firmware_modules[] = {
	"cfg80211", "mac80211", "iwlwifi", "iwlmvm", "iwlmld", "ath*", "rtw*", "rtl8*", "mt76*",
	"mt79*", "brcm*", "mwifiex*", "bluetooth", "bt*", "hci_uart", "nvme", "nvme_core",
	"ahci", "libata", "sd_mod", "uas", "usb_storage", "sdhci*", "rtsx*", NULL,
};

static const struct kbug_area firmware_area = { firmware_dirs, firmware_modules };

const struct kbug_probe kbug_probe_firmware = {
	.name = "firmware",
	.help = "network and Bluetooth devices' drivers (their firmware versions are in the kernel log only: see dmesg), ACPI tables (names, sizes), block devices' model and firmware revision (no serial); runs when the suspect is in wireless, Bluetooth, storage or ACPI firmware code, or with --probe firmware",
	.reads = "/sys/class/net/*/device, /sys/class/bluetooth/*/device, /sys/firmware/acpi/tables/*, /sys/block/*/device/{vendor,model,rev,firmware_rev}",
	.area = &firmware_area,
	.run = firmware_run,
};
