// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The driver failures laptop users hit without any call trace: Wi-Fi
 * firmware crashes, GPU hangs, dead USB host controllers, NVMe timeouts,
 * ACPI BIOS errors, devices that fail to suspend. Most are printed with
 * dev_printk(), whose prefix names the driver (sig-driver.h); this file
 * holds that rule, the table from a driver's name to its sources, and
 * the rows whose messages carry no device prefix.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "analyze/index.h"
#include "analyze/internal.h"
#include "analyze/sig-driver.h"
#include "util/macro.h"

/*
 * A driver's name (dev_driver_string(): the struct device_driver .name,
 * which is not always the module's) to its sources in linux 6.12, for
 * the areas of the catalogue. `dir` is the prefix of the driver's own
 * files (a printk in one of them is blamed as is); `file`, when set, is
 * what to blame for a failure printed on the driver's behalf, else
 * `dir`. A trailing '*' in the name matches any ending, which a '*' in
 * the module's name repeats (module NULL: the driver's). Each row comes
 * from the Makefile that builds the module (obj-$(CONFIG_X) += NAME.o)
 * and the .name of its pci_driver/usb_driver.
 */
static const struct drv_src {
	const char *driver, *module, *dir, *file;
} drv_srcs[] = {
	/* Wi-Fi */
	{ "iwlwifi", "iwlwifi", "drivers/net/wireless/intel/iwlwifi/", NULL },
	{ "iwl4965", "iwl4965", "drivers/net/wireless/intel/iwlegacy/", NULL },
	{ "iwl3945", "iwl3945", "drivers/net/wireless/intel/iwlegacy/", NULL },
	/* iwlagn: the old name of the driver now split into iwlwifi and iwlegacy (4965) */
	{ "iwlagn", "iwlwifi", "drivers/net/wireless/intel/", NULL },
	{ "ath9k*", NULL, "drivers/net/wireless/ath/ath9k/", NULL },
	{ "ath10k*", NULL, "drivers/net/wireless/ath/ath10k/", NULL },
	{ "ath11k*", NULL, "drivers/net/wireless/ath/ath11k/", NULL },
	{ "ath12k*", NULL, "drivers/net/wireless/ath/ath12k/", NULL },
	/* mt76: one directory per chip family, mt76/Makefile's subdirs */
	{ "mt7921*", NULL, "drivers/net/wireless/mediatek/mt76/mt7921/", NULL },
	{ "mt7925*", NULL, "drivers/net/wireless/mediatek/mt76/mt7925/", NULL },
	{ "mt7915*", NULL, "drivers/net/wireless/mediatek/mt76/mt7915/", NULL },
	{ "mt7996*", NULL, "drivers/net/wireless/mediatek/mt76/mt7996/", NULL },
	{ "mt7615*", NULL, "drivers/net/wireless/mediatek/mt76/mt7615/", NULL },
	{ "mt7663*", NULL, "drivers/net/wireless/mediatek/mt76/mt7615/", NULL },
	{ "mt76*", NULL, "drivers/net/wireless/mediatek/mt76/", NULL },
	/* rtw88's pci drivers are "rtw_8822ce" in modules rtw88_8822ce */
	{ "rtw_*", "rtw88_*", "drivers/net/wireless/realtek/rtw88/", NULL },
	{ "rtw88_*", NULL, "drivers/net/wireless/realtek/rtw88/", NULL },
	{ "rtw89_*", NULL, "drivers/net/wireless/realtek/rtw89/", NULL },
	{ "rtl8xxxu", "rtl8xxxu", "drivers/net/wireless/realtek/rtl8xxxu/", NULL },
	{ "brcmfmac", "brcmfmac", "drivers/net/wireless/broadcom/brcm80211/brcmfmac/", NULL },
	/* GPU */
	{ "i915", "i915", "drivers/gpu/drm/i915/", NULL },
	{ "xe", "xe", "drivers/gpu/drm/xe/", NULL },
	{ "amdgpu", "amdgpu", "drivers/gpu/drm/amd/", "drivers/gpu/drm/amd/amdgpu/" },
	{ "radeon", "radeon", "drivers/gpu/drm/radeon/", NULL },
	{ "nouveau", "nouveau", "drivers/gpu/drm/nouveau/", NULL },
	/* USB host controllers: xhci-pci.c's hcd_name is "xhci_hcd" */
	{ "xhci_hcd", "xhci_hcd", "drivers/usb/host/xhci", "drivers/usb/host/xhci.c" },
	{ "xhci-hcd", "xhci_plat_hcd", "drivers/usb/host/xhci", "drivers/usb/host/xhci-plat.c" },
	{ "ehci-pci", "ehci_pci", "drivers/usb/host/ehci", "drivers/usb/host/ehci-pci.c" },
	{ "ohci-pci", "ohci_pci", "drivers/usb/host/ohci", "drivers/usb/host/ohci-pci.c" },
	/* usb/core/generic.c: usb_generic_driver's name is "usb" (hub.c enumerates) */
	{ "usb", "usbcore", "drivers/usb/core/", NULL },
	/* storage: "nvme nvme0:" is the nvme class device of drivers/nvme/host */
	{ "nvme", "nvme", "drivers/nvme/host/", NULL },
	/* mpt2sas: the SAS2 driver merged into mpt3sas (4.4); its hosts are still "mpt2sas%d" */
	{ "mpt2sas", "mpt3sas", "drivers/scsi/mpt3sas/", NULL },
	{ "ahci", "ahci", "drivers/ata/ahci", "drivers/ata/ahci.c" },
	/* Bluetooth */
	{ "btusb", "btusb", "drivers/bluetooth/btusb", "drivers/bluetooth/btusb.c" },
	{ "btintel_pcie", "btintel_pcie", "drivers/bluetooth/btintel_pcie",
	  "drivers/bluetooth/btintel_pcie.c" },
	{ "hci_uart", "hci_uart", "drivers/bluetooth/hci_", "drivers/bluetooth/hci_ldisc.c" },
	/* USB Type-C: ucsi_acpi in drivers/usb/typec/ucsi/Makefile */
	{ "ucsi_acpi", "ucsi_acpi", "drivers/usb/typec/ucsi/", NULL },
	/* audio */
	{ "snd_hda_intel", "snd_hda_intel", "sound/pci/hda/", "sound/pci/hda/hda_intel.c" },
	{ "snd_hda_codec_*", NULL, "sound/pci/hda/", NULL },
	/* sof/intel/pci-tgl.c: "sof-audio-pci-intel-tgl" in snd_sof_pci_intel_tgl */
	{ "sof-audio-pci-intel-*", "snd_sof_pci_intel_*", "sound/soc/sof/",
	  "sound/soc/sof/intel/" },
	{ "sof-audio-acpi-intel-*", "snd_sof_acpi_intel_*", "sound/soc/sof/",
	  "sound/soc/sof/intel/" },
	/* before 5.10 one driver for all: sof-pci-dev.c's "sof-audio-pci" in snd_sof_pci */
	{ "sof-audio-pci", "snd_sof_pci", "sound/soc/sof/", NULL },
	{ "sof-audio-acpi", "snd_sof_acpi", "sound/soc/sof/", NULL },
	{ "snd_sof_amd_*", NULL, "sound/soc/sof/", "sound/soc/sof/amd/" },
	/* Ethernet, for the transmit watchdog */
	{ "r8169", "r8169", "drivers/net/ethernet/realtek/r8169",
	  "drivers/net/ethernet/realtek/r8169_main.c" },
	{ "r8152", "r8152", "drivers/net/usb/r8152", "drivers/net/usb/r8152.c" },
	{ "e1000e", "e1000e", "drivers/net/ethernet/intel/e1000e/", NULL },
	{ "e1000", "e1000", "drivers/net/ethernet/intel/e1000/", NULL },
	{ "igb", "igb", "drivers/net/ethernet/intel/igb/", NULL },
	{ "igc", "igc", "drivers/net/ethernet/intel/igc/", NULL },
	{ "ixgbe", "ixgbe", "drivers/net/ethernet/intel/ixgbe/", NULL },
	{ "i40e", "i40e", "drivers/net/ethernet/intel/i40e/", NULL },
	{ "ice", "ice", "drivers/net/ethernet/intel/ice/", NULL },
	{ "tg3", "tg3", "drivers/net/ethernet/broadcom/tg3",
	  "drivers/net/ethernet/broadcom/tg3.c" },
	{ "bnxt_en", "bnxt_en", "drivers/net/ethernet/broadcom/bnxt/", NULL },
	{ "atlantic", "atlantic", "drivers/net/ethernet/aquantia/atlantic/", NULL },
	{ "mlx5_core", "mlx5_core", "drivers/net/ethernet/mellanox/mlx5/core/", NULL },
	/* mediatek/mtk_eth_soc.c: the platform driver's .name "mtk_soc_eth" */
	{ "mtk_soc_eth", "mtk_eth", "drivers/net/ethernet/mediatek/", NULL },
	/* stmicro/stmmac: the platform glue's "stmmaceth" (STMMAC_RESOURCE_NAME) */
	{ "stmmaceth", "stmmac", "drivers/net/ethernet/stmicro/stmmac/", NULL },
	{ "alx", "alx", "drivers/net/ethernet/atheros/alx/", NULL },
	{ "atl1c", "atl1c", "drivers/net/ethernet/atheros/atl1c/", NULL },
	{ "cdc_ncm", "cdc_ncm", "drivers/net/usb/cdc_ncm", "drivers/net/usb/cdc_ncm.c" },
	{ "ax88179_178a", "ax88179_178a", "drivers/net/usb/ax88179_178a",
	  "drivers/net/usb/ax88179_178a.c" },
};

#define DRV_NAME_MAX 40

static bool drv_name_is(const char *pat, const char *name)
{
	size_t n = strlen(pat);

	if (n && pat[n - 1] == '*')
		return !strncmp(pat, name, n - 1);
	return !strcmp(pat, name);
}

static const struct kb_drv_module *drv_module(const char *drv);

/*
 * The table's row for a driver's name. A family's pattern ("mt76*") never
 * takes a module of the tree that is built elsewhere under a name it
 * matches: mt7601u is drivers/net/wireless/mediatek/mt7601u/, not mt76's.
 */
static const struct drv_src *drv_lookup(const char *name)
{
	const struct kb_drv_module *mod = NULL;
	size_t i;
	bool looked = false;

	for (i = 0; i < ARRAY_SIZE(drv_srcs); i++) {
		const struct drv_src *d = &drv_srcs[i];

		if (!drv_name_is(d->driver, name))
			continue;
		if (d->driver[strlen(d->driver) - 1] == '*') {
			if (!looked)
				mod = drv_module(name);
			looked = true;
			if (mod && strncmp(mod->path, d->dir, strlen(d->dir)))
				continue;
		}
		return d;
	}
	return NULL;
}

/*
 * Drivers users build from their vendor's sources, under names the tree
 * never builds: their failures belong to the vendor (out_of_tree).
 * Realtek's own r8101/r8125/r8126/r8168 (the tree drives those chips with
 * r8169), Broadcom's wl (broadcom-sta) and bcmdhd, NVIDIA's modules,
 * OpenZFS, VirtualBox's host modules, the out-of-tree Realtek USB Wi-Fi
 * drivers (8812au, 8814au, 8821au, 8821cu, 88x2bu, 88XXau), Intel's ipw3945
 * (never merged: the tree drives that chip with iwlegacy's iwl3945).
 */
static const char *const drv_vendor_only[] = {
	"r8101", "r8125", "r8126", "r8168", "wl", "bcmdhd", "nvidia*", "zfs", "spl", "vboxdrv",
	"vboxnetflt", "vboxnetadp", "8812au", "8814au", "8821au", "8821cu", "88x2bu", "88XXau",
	"ipw3945",
};

/*
 * Realtek's vendor Wi-Fi drivers are named after the chip and the bus,
 * four digits and two letters ("8192eu", "8723du", "8852bu"); a name of
 * that form no table of the tree's modules knows (kb_drv_blame() looks
 * there first: 8139cp is the tree's) is one of them.
 */
static bool drv_realtek_vendor(const char *drv)
{
	size_t i;

	for (i = 0; i < 4; i++)
		if (drv[i] < '0' || drv[i] > '9')
			return false;
	return drv[4] >= 'a' && drv[4] <= 'z' && drv[5] >= 'a' && drv[5] <= 'z' && !drv[6];
}

static bool drv_out_of_tree(const char *drv)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(drv_vendor_only); i++)
		if (drv_name_is(drv_vendor_only[i], drv))
			return true;
	return drv_realtek_vendor(drv);
}

static int drv_module_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct kb_drv_module *)elem)->name);
}

/* The generated table of the tree's modules: a driver named like its module. */
static const struct kb_drv_module *drv_module(const char *drv)
{
	char name[DRV_NAME_MAX + 1];
	size_t i;

	for (i = 0; drv[i] && i < DRV_NAME_MAX; i++)
		name[i] = drv[i] == '-' ? '_' : drv[i];
	name[i] = '\0';
	return bsearch(name, kb_drv_modules, kb_drv_modules_nr, sizeof(kb_drv_modules[0]),
		       drv_module_cmp);
}

/*
 * The device driver of that name (its struct device_driver's .name, what
 * dev_driver_string() prints: "i2c_designware" is registered by
 * i2c-designware-platdrv.c, module i2c_designware_platform): the file
 * that registers it, or the directory of the files that do (one name
 * for a bus's several drivers of one chip: "ahci" in ahci.c and
 * ahci_platform.c); none when they are in several directories.
 */
static bool drv_index_driver(const struct kb_index *ix, const char *drv, char *path,
			     size_t size)
{
	const char *files[8];
	size_t n = kb_index_driver(ix, drv, files, ARRAY_SIZE(files)), i, dl;

	if (!n || n == ARRAY_SIZE(files))
		return false;
	if (n == 1) {
		snprintf(path, size, "%s", files[0]);
		return true;
	}
	dl = strrchr(files[0], '/') - files[0] + 1;
	for (i = 1; i < n; i++)
		if (strncmp(files[i], files[0], dl) || strchr(files[i] + dl, '/'))
			return false;
	snprintf(path, size, "%.*s", (int)dl, files[0]);
	return true;
}

/* Of a name's several modules, the one in the directory of that name, if one */
static bool drv_index_named_dir(const struct kb_index *ix, const char *drv, char *path,
				size_t size)
{
	const char *dir, *files[1], *found = NULL;
	size_t k, n = strlen(drv);

	for (k = 0; k < 8 && kb_index_module(ix, drv, k, &dir, files, 0) >= 0; k++) {
		size_t dl = strlen(dir);

		if (dl > n && dir[dl - n - 1] == '/' && !strcmp(dir + dl - n, drv)) {
			if (found)
				return false;
			found = dir;
		}
	}
	if (!found)
		return false;
	snprintf(path, size, "%s/", found);
	return true;
}

/*
 * A driver the compiled tables miss, placed by the tree's index: a
 * Kbuild module of its name (obj-m += NAME.o), a device driver of its
 * name (above), else the one source file
 * called NAME.c (a platform driver's .name is often KBUILD_MODNAME, the
 * object's name: "bcmgenet" in genet/bcmgenet.c).
 */
static bool drv_index_place(const char *drv, char *path, size_t size)
{
	const struct kb_index *ix = kb_index_get();
	const char *dir, *other, *files[2];
	char base[DRV_NAME_MAX + 3];
	int n;

	if (!ix || strlen(drv) > DRV_NAME_MAX)
		return false;
	n = kb_index_module(ix, drv, 0, &dir, files, ARRAY_SIZE(files));
	/* one module of that name (two would be two drivers) */
	if (n >= 0 && kb_index_module(ix, drv, 1, &other, files + 1, 0) < 0) {
		if (n == 1)
			snprintf(path, size, "%s", files[0]);
		else
			snprintf(path, size, "%s/", dir);
		return true;
	}
	/* several: the one its subsystem's directory is named for (drivers/char/tpm) */
	if (n >= 0 && drv_index_named_dir(ix, drv, path, size))
		return true;
	if (drv_index_driver(ix, drv, path, size))
		return true;
	snprintf(base, sizeof(base), "%s.c", drv);
	if (kb_index_files_named(ix, base, files, ARRAY_SIZE(files)) != 1)
		return false;
	snprintf(path, size, "%s", files[0]);
	return true;
}

/*
 * mmc_hostname() ("mmc0") is the prefix of the MMC core's messages about
 * a host's card (and of some host drivers'): no driver's name
 */
static bool drv_mmc_host(const char *name)
{
	size_t n = strspn(name + 3 * !strncmp(name, "mmc", 3), "0123456789");

	return !strncmp(name, "mmc", 3) && n && !name[3 + n];
}

static bool drv_name_known(const char *name, bool dev_form);
static bool drv_instance(const char *name, char *buf, size_t size);

/*
 * The file that registers a driver is not always the one that logs its
 * failure (vc4_drv.c registers "vc4-drm", vc4_hdmi.c logs "Failed to get
 * ddc i2c adapter by node"): the file of the same directory whose format
 * logs the driver's own message, when one does (not a header's macro).
 */
static void drv_index_refine(struct kb_rep *r)
{
	const struct kb_index *ix = kb_index_get();
	const char *l = kb_rep_line(r, r->hdr), *slash = strrchr(r->guilty_file, '/'), *f;
	char dir[sizeof(r->guilty_file)];

	if (!ix || !slash || !slash[1])
		return;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash + 1 - r->guilty_file), r->guilty_file);
	l += strspn(l, " \t");
	f = kb_index_message(ix, l, strcspn(l, "\n"), dir);
	if (!f || !strcmp(f, r->guilty_file) || !strcmp(f + strlen(f) - 2, ".h"))
		return;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", f);
	r->blame_reason = "the file of the driver's directory whose format logs its message";
	r->blame_source = KB_SRC_MESSAGE_INDEX;
}

void kb_drv_blame(struct kb_rep *r, const char *drv, const char *src, bool core)
{
	char inst[DRV_NAME_MAX + 1];
	const struct drv_src *d;
	const struct kb_drv_module *mod;
	size_t i;

	/* "mpt3sas_cm0": the driver's name of a controller's instance name */
	if (drv && *drv && !drv_name_known(drv, true) &&
	    drv_instance(drv, inst, sizeof(inst)))
		drv = inst;
	d = drv && *drv ? drv_lookup(drv) : NULL;
	mod = drv && *drv && !d ? drv_module(drv) : NULL;

	if (drv && *drv) {
		const char *star = d && d->module ? strchr(d->module, '*') : NULL;

		if (star)	/* "rtw_8822ce" -> "rtw88_8822ce" */
			snprintf(r->guilty_module, sizeof(r->guilty_module), "%.*s%s",
				 (int)(star - d->module), d->module,
				 drv + strlen(d->driver) - 1);
		else
			snprintf(r->guilty_module, sizeof(r->guilty_module), "%s",
				 d && d->module ? d->module : drv);
		for (i = 0; r->guilty_module[i]; i++)
			if (r->guilty_module[i] == '-')
				r->guilty_module[i] = '_';
	}
	r->blame_source = KB_SRC_MESSAGE;
	if (drv && drv_mmc_host(drv) && (!src || core)) {
		const char *l = kb_rep_line(r, r->hdr);

		/* SDHCI's and CQHCI's register dumps: "mmc0: sdhci: ", "mmc0: cqhci: " */
		if (strstr(l, ": sdhci: ") || strstr(l, ": cqhci: ")) {
			snprintf(r->guilty_file, sizeof(r->guilty_file), "%s",
				 strstr(l, ": sdhci: ") ? "drivers/mmc/host/sdhci.c" :
							  "drivers/mmc/host/cqhci-core.c");
			snprintf(r->guilty_module, sizeof(r->guilty_module), "%s",
				 strstr(l, ": sdhci: ") ? "sdhci" : "cqhci");
			r->blame_reason = "the host library's register dump after a failure";
			return;
		}
		snprintf(r->guilty_file, sizeof(r->guilty_file), "drivers/mmc/core/");
		snprintf(r->guilty_module, sizeof(r->guilty_module), "mmc_core");
		r->blame_reason = "the MMC core's message about a host's card (mmc_hostname())";
		return;
	}
	if (src && !core && (!d || kb_starts(src, d->dir))) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", src);
		r->blame_reason = "the driver's own code prints this failure";
	} else if (d) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", d->file ?: d->dir);
		r->blame_reason = core ?
			"core code printed this for the driver its message names" :
			"the sources of the driver its message names";
	} else if (src && !core && (!mod || kb_starts(src, mod->path))) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", src);
		r->blame_reason = "the source file that prints this failure";
	} else if (mod) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", mod->path);
		r->blame_reason = core ?
			"core code printed this for the driver its message names (its module)" :
			"the sources of the module its message names";
	} else if (drv && drv_out_of_tree(drv)) {
		r->out_of_tree = true;
		r->blame_reason = "the driver its message names is built out of the tree";
	} else if (drv && *drv && drv_index_place(drv, r->guilty_file, sizeof(r->guilty_file))) {
		r->blame_reason = "the sources of the driver its message names (the tree's index)";
		if (!core)
			drv_index_refine(r);
	} else {
		r->blame_reason =
			"the driver its message names (not in kbug's table: routed by its module)";
	}
}

/* Characters of a dev_driver_string(): identifiers and dashed names. */
static const unsigned char drv_char[256] = {
	['a' ... 'z'] = 1, ['A' ... 'Z'] = 1, ['0' ... '9'] = 1, ['_'] = 1, ['-'] = 1,
};

#define DRV_PREFIX_MAX 96

/*
 * dev_printk(): "DRIVER DEVNAME: body" (drivers/base/core.c,
 * dev_printk_emit with dev_driver_string() and dev_name(); DEVNAME has
 * no blank: "0000:00:14.3", "nvme0", "1-1:1.0"); netdev_printk() puts
 * the interface between: "r8169 0000:02:00.0 enp2s0: ". The DRM log
 * helpers add "[drm] " and, for errors, "*ERROR* " to the body; the old
 * DRM_ERROR() form is "[drm:FUNC [MODULE]] *ERROR* body", the module
 * naming the driver; a module's own pr_fmt(KBUILD_MODNAME ": ") is
 * "MODULE: body". drv_off/drv_len say where the driver is (0 long for a
 * built-in DRM_ERROR()).
 */
static bool drv_split(const char *m, size_t len, size_t *drv_off, size_t *drv_len,
		      size_t *body)
{
	size_t i = 0, lim = len < DRV_PREFIX_MAX ? len : DRV_PREFIX_MAX, sp = 0, k;

	if (m[0] == '[') {
		const char *end, *mod;

		if (len < 8 || memcmp(m, "[drm:", 5))
			return false;
		end = memchr(m, ']', lim);
		if (!end)
			return false;
		*drv_off = *drv_len = 0;
		mod = memchr(m, ' ', (size_t)(end - m));
		if (mod && mod[1] == '[' && end[1] == ']') {
			*drv_off = (size_t)(mod + 2 - m);
			*drv_len = (size_t)(end - mod - 2);
			end++;
		}
		i = (size_t)(end - m) + 1;
	} else {
		while (i < lim && drv_char[(unsigned char)m[i]])
			i++;
		if (i < 2 || i > DRV_NAME_MAX || i + 1 >= lim)
			return false;
		*drv_off = 0;
		*drv_len = i;
		if (m[i] == ':' && m[i + 1] == ' ') {
			/* pr_fmt(KBUILD_MODNAME ": "): the module's name, no device */
			*body = i + 2;
			return *body < len;
		}
		if (i + 3 < lim && !memcmp(m + i, ".c: ", 4)) {
			/* before pr_fmt(), its source file's name: "psmouse.c: " */
			*body = i + 4;
			return *body < len;
		}
		if (m[i] != ' ')
			return false;
		for (i++; i < lim; i++) {
			const char *close;

			/*
			 * netdev_printk()'s net device not (or no longer)
			 * registered: "DEV (unnamed net_device): ", "DEV eth0
			 * (unregistering): ", "(unregistered net_device)" before 4.x
			 */
			close = m[i] == ' ' && i + 1 < lim && m[i + 1] == '(' ?
				memchr(m + i, ')', lim - i) : NULL;
			if (close && close + 1 < m + lim && close[1] == ':') {
				i = (size_t)(close - m);
				continue;
			}
			if (m[i] == ' ' && ++sp > 1)
				return false;	/* a sentence, not a device's name */
			if (m[i] == ':' && i + 1 < len && m[i + 1] == ' ')
				break;
		}
		if (i >= lim || m[i - 1] == ' ' || m[*drv_len + 1] == ' ')
			return false;
		i++;
	}
	while (i < len && m[i] == ' ')
		i++;
	/*
	 * a dev_fmt() or message that repeats the driver's name, or the start
	 * of it: amdgpu.h's "amdgpu: ", rtw89's "rtw89: " on "rtw89_8852be"
	 */
	for (k = 3; *drv_len && k <= *drv_len && i + k + 2 < len; k++)
		if (m[i + k] == ':' && m[i + k + 1] == ' ' && !memcmp(m + i, m + *drv_off, k)) {
			i += k + 2;
			break;
		}
	if (len - i > 6 && !memcmp(m + i, "[drm] ", 6))
		i += 6;
	if (len - i > 8 && !memcmp(m + i, "*ERROR* ", 8))
		i += 8;
	else if (len - i > 7 && !memcmp(m + i, "error: ", 7))
		i += 7;	/* the drivers that mark dev_err() themselves (SOF before 5.11) */
	*body = i;
	return i < len;
}

bool kb_drv_split(const char *msg, size_t len, size_t *drv_len, size_t *body)
{
	size_t off;

	return drv_split(msg, len, &off, drv_len, body) && !off;
}

/* The catalogue's rows by the first byte of their body, or of their driver. */
#define DRV_PER_BYTE 24

struct drv_bucket {
	const struct kb_drv_row *rows[DRV_PER_BYTE];
	size_t len[DRV_PER_BYTE];
	unsigned int nr;
};

static struct drv_bucket drv_by_body[256], drv_by_name[256];
/* the first two bytes of every row's body: most lines fail this one test */
static unsigned char drv_pairs[256 * 256 / 8];
static pthread_once_t drv_once = PTHREAD_ONCE_INIT;

static void drv_pair_set(unsigned char a, unsigned char b)
{
	drv_pairs[(a << 5) | (b >> 3)] |= (unsigned char)(1u << (b & 7));
}

static bool drv_pair(const char *s, size_t len)
{
	unsigned char a = (unsigned char)s[0], b = len > 1 ? (unsigned char)s[1] : 0;

	return drv_pairs[(a << 5) | (b >> 3)] & (1u << (b & 7));
}

static const struct kb_drv_row *const *drv_areas(void)
{
	static const struct kb_drv_row *const areas[] = {
		kb_drv_wifi, kb_drv_gpu, kb_drv_sys, NULL,
	};

	return areas;
}

static void drv_build(void)
{
	const struct kb_drv_row *const *a;
	const struct kb_drv_row *row;

	for (a = drv_areas(); *a; a++)
		for (row = *a; row->sig.prefix; row++) {
			struct drv_bucket *b = row->sig.prefix[0] ?
				&drv_by_body[(unsigned char)row->sig.prefix[0]] :
				row->driver ? &drv_by_name[(unsigned char)row->driver[0]] : NULL;

			if (b && b->nr < DRV_PER_BYTE) {
				b->len[b->nr] = strlen(row->sig.prefix);
				b->rows[b->nr++] = row;
			}
			if (row->sig.prefix[0] && row->sig.prefix[1]) {
				drv_pair_set((unsigned char)row->sig.prefix[0],
					     (unsigned char)row->sig.prefix[1]);
			} else if (row->sig.prefix[0]) {
				unsigned char c0 = (unsigned char)row->sig.prefix[0];
				unsigned int c;

				for (c = 0; c < 256; c++)
					drv_pair_set(c0, (unsigned char)c);
			}
		}
}

static bool drv_row_is(const struct kb_drv_row *row, const char *drv, size_t n)
{
	size_t k;

	/* the first byte first: most rows name another driver */
	if (n && row->driver[0] && row->driver[0] != '*' && drv[0] != row->driver[0])
		return false;
	k = strlen(row->driver);
	if (k && row->driver[k - 1] == '*')
		return n >= k - 1 && !memcmp(drv, row->driver, k - 1);
	return n == k && !memcmp(drv, row->driver, k);
}

/*
 * A row of core code needs the driver the prefix names. A driver's own
 * row takes its driver's prefix, or none (an excerpt pasted without it):
 * another prefix names another driver, even one printing the same words
 * (ipw3945, the out-of-tree ancestor of iwlwifi).
 */
static bool drv_row_driver(const struct kb_drv_row *row, const char *drv, size_t n)
{
	if (!row->driver)
		return n;
	return !n || drv_row_is(row, drv, n);
}

static const struct kb_sig *drv_try(const struct drv_bucket *b, const char *msg, size_t len,
				    const char *drv, size_t dn, size_t body)
{
	const char *s = msg + body;
	size_t sl = len - body;
	unsigned int i;

	for (i = 0; i < b->nr; i++) {
		const struct kb_drv_row *row = b->rows[i];
		const struct kb_sig *sig = &row->sig;

		if (b->len[i] > sl || (b->len[i] > 1 && s[1] != sig->prefix[1]) ||
		    memcmp(s, sig->prefix, b->len[i]) ||
		    !drv_row_driver(row, drv, dn))
			continue;
		if (sig->contains && !memmem(s, sl, sig->contains, strlen(sig->contains)))
			continue;
		if (sig->match && !sig->match(msg, len))
			continue;
		return sig;
	}
	return NULL;
}

/*
 * Could any row match? The body starts after the first ": " (memchr is
 * fast); the DRM and repeated-name prefixes start with '[', '*' or the
 * driver's own first letter. Most lines fail every test here.
 */
static bool drv_maybe(const char *msg, size_t len)
{
	const char *p = msg, *e = msg + (len < DRV_PREFIX_MAX ? len : DRV_PREFIX_MAX);
	char b;

	if (drv_pair(msg, len) || drv_by_name[(unsigned char)msg[0]].nr)
		return true;
	while ((p = memchr(p, ':', (size_t)(e - p))) && p + 2 < e && p[1] != ' ')
		p++;
	if (!p || p + 2 >= e)
		return false;
	b = p[2];
	return b == '[' || b == '*' || b == msg[0] || drv_pair(p + 2, (size_t)(msg + len - p - 2));
}

const struct kb_sig *kb_sig_driver_match(const char *msg, size_t len)
{
	size_t off, dn, body;
	const struct kb_sig *s;

	if (len < 8)
		return NULL;
	pthread_once(&drv_once, drv_build);
	if (!drv_maybe(msg, len))
		return NULL;
	if (!(drv_char[(unsigned char)msg[0]] || msg[0] == '[') ||
	    !drv_split(msg, len, &off, &dn, &body)) {
		off = 0;	/* no prefix: the body is the line */
		dn = 0;
		body = 0;
	}
	s = NULL;
	if (drv_pair(msg + body, len - body))
		s = drv_try(&drv_by_body[(unsigned char)msg[body]], msg, len, msg + off, dn, body);
	if (!s && dn && drv_by_name[(unsigned char)msg[off]].nr)
		s = drv_try(&drv_by_name[(unsigned char)msg[off]], msg, len, msg + off, dn, body);
	return s;
}

static bool drv_text_failed(const char *text, size_t len);

/*
 * "usb 1-2: " is a USB device's name after its driver's, usb_generic_driver's
 * "usb" (drivers/usb/core/generic.c); but an interface's driver logs against
 * its device too (dev_err(&interface_to_usbdev(intf)->dev, ...): sound/usb's
 * "1:1: usb_set_interface failed"). When the tree logs the failure's text
 * (at KERN_WARNING or worse) only outside drivers/usb/core/, that code is
 * whose message it is (not a directory above the core: the core logs it
 * too); a short text counts when its format begins the message
 * (snd-usb-audio's "cannot submit urb %d, error %d: %s").
 */
static void drv_usb_device(struct kb_rep *r, const char *l)
{
	const struct kb_index *ix = kb_index_get();
	char place[sizeof(r->guilty_file)];
	size_t off, n, body, len = strcspn(l, "\n");

	if (!ix || !drv_split(l, len, &off, &n, &body) ||
	    !(kb_index_level_place(ix, l + body, len - body, NULL, 0, 'w', drv_text_failed, place,
				   sizeof(place)) ||
	      kb_index_start_place(ix, l + body, len - body, 'w', place, sizeof(place))) ||
	    kb_starts(place, "drivers/usb/core/") || kb_starts("drivers/usb/core/", place) ||
	    kb_skip_file(place))
		return;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", place);
	r->guilty_module[0] = '\0';
	r->blame_reason = "an interface's driver logs this against its USB device: the file "
			  "whose format logs the text";
	r->blame_source = KB_SRC_MESSAGE_INDEX;
}

static bool drv_known(const char *drv, size_t n, const char *end);
static bool drv_fs_tag(const char *drv, size_t n, char *name, size_t size);
static const char *drv_wiphy_func(const char *m, size_t len, size_t off, size_t dn,
				  size_t body);

/* Title ("%s" is the driver) and blame of a catalogue row. */
void kb_drv_title(struct kb_rep *r)
{
	const struct kb_drv_row *row = (const struct kb_drv_row *)r->sig;
	const char *l = kb_rep_line(r, r->hdr), *t = row->sig.title, *pct = strstr(t, "%s");
	char drv[DRV_NAME_MAX + 1] = "", fs[DRV_NAME_MAX + 1];
	size_t off, n, body;

	while (*l == ' ' || *l == '\t')
		l++;
	if (drv_split(l, strlen(l), &off, &n, &body) && n < sizeof(drv) &&
	    (!row->driver || drv_row_is(row, l + off, n))) {
		memcpy(drv, l + off, n);
		drv[n] = '\0';
		/* "SQUASHFS": the filesystem's module, "squashfs" */
		if (!drv_known(drv, n, drv + n) && drv_fs_tag(l + off, n, fs, sizeof(fs)))
			memcpy(drv, fs, sizeof(fs));
	} else if (row->driver) {
		/* no prefix, or an unknown one: the row's driver ("ath10k_*": "ath10k") */
		n = strcspn(row->driver, "*");
		while (n && row->driver[n - 1] == '_')
			n--;
		snprintf(drv, sizeof(drv), "%.*s", (int)n, row->driver);
	}
	strbuf_reset(&r->title);
	if (pct) {
		strbuf_add(&r->title, t, (size_t)(pct - t));
		strbuf_addstr(&r->title, drv[0] ? drv : "?");
		strbuf_addstr(&r->title, pct + 2);
	} else {
		strbuf_addstr(&r->title, t);
	}
	if (row->retitle)
		row->retitle(r, drv, sizeof(drv));
	if (row->fixed) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", row->src);
		r->blame_reason = "the subsystem's own code reports this about the device";
		r->blame_source = KB_SRC_MESSAGE;
	} else {
		kb_drv_blame(r, drv, row->src, row->core);
	}
	if (row->sig.module)
		snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", row->sig.module);
	if (row->place)
		row->place(r);
	/* "ieee80211 phy0: FUNC: ": the wiphy's class, the driver's function */
	if (row == &kb_drv_generic && !r->guilty_file[0] &&
	    drv_split(l, strlen(l), &off, &n, &body)) {
		const char *file = drv_wiphy_func(l, strlen(l), off, n, body);

		if (file) {
			snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", file);
			r->guilty_module[0] = '\0';
			r->blame_reason = "the wiphy's message names its driver's function";
			r->blame_source = KB_SRC_INDEX;
		}
	}
	if (row == &kb_drv_generic && !strcmp(drv, "usb"))
		drv_usb_device(r, l);
}

#define DRV_NAMED_WITHIN 12	/* lines after the header where the warning's message is */

bool kb_drv_named(struct kb_rep *r)
{
	size_t i;

	if (r->sig->flags & KB_SIG_DRIVER)
		return false;
	for (i = r->hdr; i < r->cut && i <= r->hdr + DRV_NAMED_WITHIN; i++) {
		/* net/sched/sch_generic.c, dev_watchdog(): "NETDEV WATCHDOG: %s (%s): ..." */
		const char *p = strstr(kb_rep_line(r, i), "NETDEV WATCHDOG: "), *o, *e;
		char drv[DRV_NAME_MAX + 1];

		o = p ? strstr(p, " (") : NULL;
		e = o ? strstr(o, "): transmit queue") : NULL;
		if (!e || (size_t)(e - o - 2) >= sizeof(drv) || e == o + 2)
			continue;
		memcpy(drv, o + 2, (size_t)(e - o - 2));
		drv[e - o - 2] = '\0';
		kb_drv_blame(r, drv, "net/sched/sch_generic.c", true);
		if (!r->guilty_file[0]) {
			/* not in kbug's tables: routed by its module, never the watchdog's file */
			r->blame_reason =
				"the transmit watchdog names the driver (routed by its module)";
		}
		return true;
	}
	return false;
}

/* ---- messages without a device prefix ------------------------------------ */

/*
 * ACPICA's messages (include/acpi/acoutput.h: ACPI_MSG_ERROR "ACPI
 * Error: ", ACPI_MSG_BIOS_ERROR "ACPI BIOS Error (bug): ", ACPI_MSG_EXCEPTION
 * "ACPI Exception: ") end with "(VERSION/MODULE-LINE)", acpi_ut_*()'s
 * trailer naming the ACPICA source file (drivers/acpi/acpica/MODULE.c).
 */
static void drv_acpi(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	const char *c = strstr(l, ": "), *src = strrchr(l, '(');
	size_t n;

	strbuf_reset(&r->title);
	n = c ? (size_t)(c - l) : strlen(l);
	strbuf_add(&r->title, l, n);
	if (c) {
		c += 2;
		n = strcspn(c, "[,(");
		if (n > 80)
			n = 80;
		strbuf_addstr(&r->title, ": ");
		strbuf_add(&r->title, c, n);
		strbuf_rtrim(&r->title);
	}
	if (src)
		src = strchr(src, '/');
	if (src) {
		const char *dash = strrchr(src, '-');

		n = dash && dash > src ? (size_t)(dash - src - 1) : 0;
		if (n && n < 40) {
			snprintf(r->guilty_file, sizeof(r->guilty_file), "drivers/acpi/acpica/%.*s.c",
				 (int)n, src + 1);
			r->blame_reason = "the ACPICA module named in the message";
			r->blame_source = KB_SRC_MESSAGE;
		}
	}
	if (!r->guilty_file[0]) {
		/* the trailer wrapped onto a line of its own, or was cut: still ACPICA's */
		snprintf(r->guilty_file, sizeof(r->guilty_file), "drivers/acpi/acpica/");
		r->blame_reason = "ACPICA prints these (the trailer naming its file is lost)";
		r->blame_source = KB_SRC_MESSAGE;
	}
}

/*
 * Before 6.8 the transmit watchdog was a WARN_ONCE() whose message named
 * the interface and, in parentheses, netdev_drivername():
 * "NETDEV WATCHDOG: enp2s0 (r8169): transmit queue 0 timed out".
 */
static void drv_netdev_watchdog(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *p = strstr(l, " ("), *e;
	char drv[DRV_NAME_MAX + 1] = "";

	e = p ? strstr(p, "):") : NULL;
	if (e && (size_t)(e - p - 2) < sizeof(drv)) {
		memcpy(drv, p + 2, (size_t)(e - p - 2));
		drv[e - p - 2] = '\0';
	}
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "%s: transmit queue timed out", drv[0] ? drv : "?");
	kb_drv_blame(r, drv, "net/sched/sch_generic.c", true);
}

/*
 * Before 5.10 the PM core printed the failing callback without the
 * device's prefix: "PM: dpm_run_callback(): iwl_pci_suspend+0x0/0x20
 * [iwlwifi] returns -5"; the callback's [module] is the driver.
 */
static bool drv_pm_has_module(const char *msg, size_t len)
{
	const char *b = memchr(msg, '[', len);

	return b && memmem(b, len - (size_t)(b - msg), "] returns ", 10);
}

static void drv_pm_callback(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *b = strchr(l, '['), *e = b ? strchr(b, ']') : NULL;
	char mod[DRV_NAME_MAX + 1] = "";

	if (e && (size_t)(e - b - 1) < sizeof(mod)) {
		memcpy(mod, b + 1, (size_t)(e - b - 1));
		mod[e - b - 1] = '\0';
	}
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "PM: %s failed to suspend or resume", mod[0] ? mod : "?");
	kb_drv_blame(r, mod, "drivers/base/power/main.c", true);
}

/*
 * A subsystem's core prints it without naming the driver: the row's
 * directory. The Bluetooth HCI core (net/bluetooth/hci_core.c) noticed
 * that the controller did not answer a command or reported a hardware
 * error: the controller's driver and firmware are at fault, and
 * bt_dev_err() does not say which transport driver that is.
 */
static void drv_core_dir(struct kb_rep *r)
{
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, r->sig->title);
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", r->sig->file);
	r->blame_reason = "the subsystem's core prints this failure and names no driver";
	r->blame_source = KB_SRC_MESSAGE;
}

/*
 * A filesystem's own error report names the filesystem's directory
 * (the row's file); ext4's __ext4_error() and friends (fs/ext4/super.c)
 * also print the function and line that called them, "EXT4-fs error
 * (device sda): ext4_find_entry:1437: ...", found in the tree's index;
 * XFS's xfs_error_report() (fs/xfs/xfs_error.c) prints the file itself,
 * "Internal error X at line N of file fs/xfs/FILE.c.".
 */
static void drv_fs_error(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *dir = r->sig->file, *p, *def[2];
	const struct kb_index *ix;
	char func[64] = "", file[160] = "";
	size_t n;

	p = strstr(l, "): ");
	if (!p)
		p = strstr(l, ") in ");
	if (p) {
		p += p[1] == ':' ? 3 : 5;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (n && n < sizeof(func) && p[n] == ':' && p[n + 1] >= '0' && p[n + 1] <= '9')
			snprintf(func, sizeof(func), "%.*s", (int)n, p);
	}
	/* XFS's "detected at %pS": the function the check ran in */
	p = func[0] ? NULL : strstr(l, " detected at ");
	if (p) {
		p += 13;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (n && n < sizeof(func) && p[n] == '+')
			snprintf(func, sizeof(func), "%.*s", (int)n, p);
	}
	p = strstr(l, " of file ");
	if (p && kb_starts(p + 9, dir)) {
		n = strcspn(p + 9, " ,");
		if (n && p[9 + n - 1] == '.')
			n--;
		if (n < sizeof(file))
			snprintf(file, sizeof(file), "%.*s", (int)n, p + 9);
	}
	ix = func[0] && !file[0] ? kb_index_get() : NULL;
	if (ix && kb_index_func(ix, func, def, ARRAY_SIZE(def)) == 1 && kb_starts(def[0], dir))
		snprintf(file, sizeof(file), "%s", def[0]);
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, r->sig->title);
	if (func[0])
		strbuf_addf(&r->title, " in %s", func);
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", file[0] ? file : dir);
	r->blame_reason = file[0] ? "the function or file the filesystem's error names" :
		"the filesystem that reports the error";
	r->blame_source = KB_SRC_MESSAGE;
}

/*
 * NVIDIA's own driver (nvidia.ko, out of the tree) reports GPU errors as
 * "NVRM: Xid (PCI:0000:01:00): 79, pid=..., GPU has fallen off the bus.";
 * the Xid number says which error (NVIDIA's Xid catalogue): the title
 * keeps it, the report goes to the vendor.
 */
static void drv_nvrm(struct kb_rep *r)
{
	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, r->sig->title);
	kb_drv_blame(r, "nvidia", NULL, false);
}

static void drv_nvrm_xid(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *p = strstr(l, "): ");
	int xid = p ? atoi(p + 3) : 0;

	strbuf_reset(&r->title);
	if (xid > 0)
		strbuf_addf(&r->title, "nvidia: Xid %d", xid);
	else
		strbuf_addstr(&r->title, "nvidia: Xid error");
	kb_drv_blame(r, "nvidia", NULL, false);
}

/*
 * OpenZFS's SPL (spl_panic(), out of the tree) prints "PANIC at
 * FILE:LINE:FUNC()" for a failed VERIFY()/ASSERT() in zfs's code, then
 * "Showing stack for process N" and the stack.
 */
static void drv_spl_panic(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *p = strrchr(l, ':');
	size_t n = p ? strcspn(p + 1, "(") : 0;

	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, "zfs: PANIC");
	if (n && p[1 + n] == '(')
		strbuf_addf(&r->title, " in %.*s", (int)n, p + 1);
	kb_drv_blame(r, "zfs", NULL, false);
}

/*
 * The block layer's and the buffer cache's I/O error name the disk
 * ("I/O error, dev sda, sector ...", block/blk-mq.c blk_print_req_error();
 * before 5.x "blk_update_request: I/O error, dev sda"; "Buffer I/O error
 * on dev sda1", fs/buffer.c): the disk's name is the one its driver gave
 * the gendisk, which says whose disk it is.
 */
static const struct {
	const char *name, *file, *module;
} drv_disks[] = {
	{ "nvme", "drivers/nvme/host/", "nvme" },	/* nvme_alloc_ns(): nvme%dn%d */
	{ "mmcblk", "drivers/mmc/core/block.c", "mmc_block" },
	{ "xvd", "drivers/block/xen-blkfront.c", "xen_blkfront" },
	{ "vd", "drivers/block/virtio_blk.c", "virtio_blk" },
	{ "sd", "drivers/scsi/sd.c", "sd_mod" },	/* sd_format_disk_name() */
	{ "sr", "drivers/scsi/sr.c", "sr_mod" },
	{ "loop", "drivers/block/loop.c", "loop" },
	{ "nbd", "drivers/block/nbd.c", "nbd" },
	{ "rbd", "drivers/block/rbd.c", "rbd" },
	{ "zram", "drivers/block/zram/", "zram" },
	{ "dm-", "drivers/md/dm.c", "dm_mod" },
	{ "md", "drivers/md/md.c", "md_mod" },
};

static void drv_blk_error(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *dev = strstr(l, " dev ");
	size_t i;

	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, r->sig->title);
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", r->sig->file);
	r->blame_reason = "the block layer reports the error and its disk has no known driver";
	r->blame_source = KB_SRC_MESSAGE;
	for (i = 0; dev && i < ARRAY_SIZE(drv_disks); i++) {
		if (!kb_starts(dev + 5, drv_disks[i].name))
			continue;
		strbuf_addf(&r->title, " on %s", drv_disks[i].name);
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", drv_disks[i].file);
		snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", drv_disks[i].module);
		r->blame_reason = "the driver of the disk the I/O error names (its gendisk's name)";
		break;
	}
}

static int drv_says_failed(const char *s, size_t len);

/* A driver's own words, under the Bluetooth HCI device's prefix, saying it failed */
static bool drv_bt_failed(const char *msg, size_t len)
{
	return drv_says_failed(msg, len) == 2;
}

/*
 * btbcm_setup_patchram(): "BCM: Patch brcm/BCM20702A1-0a5c-216f.hcd not
 * found" ("patch" before 4.x): no firmware patch for the chip, which then
 * runs its ROM's code; what users see is Bluetooth not working.
 */
static bool drv_bt_no_patch(const char *msg, size_t len)
{
	const char *p = memmem(msg, len, ": BCM: ", 7);

	return p && (!strncmp(p + 7, "Patch ", 6) || !strncmp(p + 7, "patch ", 6)) &&
	       memmem(p, len - (size_t)(p - msg), " not found", 10);
}

/*
 * libata's messages (include/linux/libata.h: ata_port_printk() "ataN: ",
 * ata_link_printk() "ataN: " or "ataN.LL: ", ata_dev_printk() "ataN.DD: ")
 * name a port, link or device, never the host's driver: one of them in
 * the driver's strong words ("revalidation failed", "failed to IDENTIFY")
 */
static bool drv_ata_failed(const char *msg, size_t len)
{
	size_t i = 3, k;

	while (i < len && isdigit((unsigned char)msg[i]))
		i++;
	if (i == 3)
		return false;
	if (i < len && msg[i] == '.') {
		for (k = ++i; i < len && isdigit((unsigned char)msg[i]); i++)
			;
		if (i == k)
			return false;
	}
	if (i + 2 >= len || msg[i] != ':' || msg[i + 1] != ' ')
		return false;
	return drv_says_failed(msg + i + 2, len - i - 2) == 2;
}

/* libata's failure: titled by its words, placed in drivers/ata/ (then the file that logs them) */
static void drv_ata(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *b = strstr(l, ": ");
	size_t n;

	strbuf_reset(&r->title);
	strbuf_addstr(&r->title, "ata: ");
	b = b ? b + 2 : l;
	n = strcspn(b, "(\n");
	strbuf_add(&r->title, b, n > 60 ? 60 : n);
	strbuf_rtrim(&r->title);
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", r->sig->file);
	r->blame_reason = "libata prints this failure of a port, link or device it drives";
	r->blame_source = KB_SRC_MESSAGE;
}

#define DRIVER_ROW .kind = "driver", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK

const struct kb_sig kb_sigs_driver[] = {
	/* drivers/gpu/drm/i915/i915_gpu_error.c, before drm_notice() had a device prefix */
	{ .prefix = "[drm] GPU HANG: ecode", .title = "i915: GPU hang", DRIVER_ROW,
	  .file = "drivers/gpu/drm/i915/i915_gpu_error.c", .module = "i915" },
	/* include/acpi/acoutput.h, the ACPI_MSG_* prefixes */
	{ .prefix = "ACPI BIOS Error", DRIVER_ROW, .custom = drv_acpi,
	  .file = "drivers/acpi/acpica/" },
	{ .prefix = "ACPI Error: ", DRIVER_ROW, .custom = drv_acpi,
	  .file = "drivers/acpi/acpica/" },
	{ .prefix = "ACPI Exception: ", DRIVER_ROW, .custom = drv_acpi,
	  .file = "drivers/acpi/acpica/" },
	{ .prefix = "NVRM: Xid ", DRIVER_ROW, .custom = drv_nvrm_xid },
	/* NVIDIA's own driver (not the tree's): its probe failing, the GPU gone from the bus */
	{ .prefix = "NVRM: The NVIDIA probe routine failed", .title = "nvidia: probe failed",
	  DRIVER_ROW, .custom = drv_nvrm },
	{ .prefix = "NVRM: ", .contains = "fallen off the bus", .title = "nvidia: GPU fell off the bus",
	  DRIVER_ROW, .custom = drv_nvrm },
	{ .prefix = "NVRM: GPU ", .contains = "RmInitAdapter failed",
	  .title = "nvidia: adapter initialization failed", DRIVER_ROW, .custom = drv_nvrm },
	{ .prefix = "PANIC at ", .contains = "()", DRIVER_ROW, .custom = drv_spl_panic },
	/* net/sched/sch_generic.c, dev_watchdog() before 6.8 */
	{ .prefix = "NETDEV WATCHDOG: ", .contains = "): transmit queue", DRIVER_ROW,
	  .custom = drv_netdev_watchdog },
	/* drivers/base/power/main.c, dpm_run_callback() before 5.10 */
	{ .prefix = "PM: dpm_run_callback(): ", DRIVER_ROW, .custom = drv_pm_callback,
	  .match = drv_pm_has_module },
	{ .prefix = "dpm_run_callback(): ", DRIVER_ROW, .custom = drv_pm_callback,
	  .match = drv_pm_has_module },
	/*
	 * bt_dev_err() prints "Bluetooth: hci0: " (include/net/bluetooth/
	 * bluetooth.h): the HCI device, not its driver. btrtl's rtl_dev_err()
	 * adds "RTL: " (drivers/bluetooth/btrtl.h).
	 */
	/* drivers/bluetooth/btintel.c */
	{ .prefix = "Bluetooth: hci", .contains = ": Failed to load Intel firmware file",
	  .title = "btintel: failed to load firmware", DRIVER_ROW,
	  .file = "drivers/bluetooth/btintel.c", .module = "btintel" },
	{ .prefix = "Bluetooth: hci", .contains = ": Reading Intel version command failed",
	  .title = "btintel: reading the version failed", DRIVER_ROW,
	  .file = "drivers/bluetooth/btintel.c", .module = "btintel" },
	{ .prefix = "Bluetooth: hci", .contains = ": Failed to send firmware ",
	  .title = "btintel: failed to send firmware", DRIVER_ROW,
	  .file = "drivers/bluetooth/btintel.c", .module = "btintel" },
	/* drivers/bluetooth/btqca.c (bt_dev_err(), no driver in the prefix) */
	{ .prefix = "Bluetooth: hci", .contains = ": Reading QCA version information failed",
	  .title = "btqca: reading the version failed", DRIVER_ROW,
	  .file = "drivers/bluetooth/btqca.c", .module = "btqca" },
	{ .prefix = "Bluetooth: hci", .contains = ": QCA Failed to ",
	  .title = "btqca: setup failed", DRIVER_ROW,
	  .file = "drivers/bluetooth/btqca.c", .module = "btqca" },
	/* drivers/bluetooth/btrtl.c */
	{ .prefix = "Bluetooth: hci", .contains = ": RTL: firmware file ",
	  .title = "btrtl: firmware file not found", DRIVER_ROW,
	  .file = "drivers/bluetooth/btrtl.c", .module = "btrtl" },
	{ .prefix = "Bluetooth: hci", .contains = ": RTL: HCI_OP_READ_LOCAL_VERSION failed",
	  .title = "btrtl: reading the version failed", DRIVER_ROW,
	  .file = "drivers/bluetooth/btrtl.c", .module = "btrtl" },
	/* drivers/bluetooth/btbcm.c: bt_dev_err(hdev, "BCM: ..."), and no patch file */
	{ .prefix = "Bluetooth: hci", .contains = ": BCM: ", .match = drv_bt_no_patch,
	  .title = "btbcm: firmware patch not found", DRIVER_ROW,
	  .file = "drivers/bluetooth/btbcm.c", .module = "btbcm" },
	{ .prefix = "Bluetooth: hci", .contains = ": BCM: ", .match = drv_bt_failed,
	  .title = "btbcm: setup failed", DRIVER_ROW,
	  .file = "drivers/bluetooth/btbcm.c", .module = "btbcm" },
	/*
	 * net/bluetooth/hci_core.c: the controller did not answer a command
	 * or reported a hardware error: the transport drivers' directory
	 * (the HCI core only noticed).
	 */
	{ .prefix = "Bluetooth: hci", .contains = " tx timeout", .title = "Bluetooth: command tx timeout",
	  DRIVER_ROW, .custom = drv_core_dir, .file = "drivers/bluetooth/" },
	{ .prefix = "Bluetooth: hci", .contains = ": hardware error 0x",
	  .title = "Bluetooth: controller hardware error", DRIVER_ROW,
	  .custom = drv_core_dir, .file = "drivers/bluetooth/" },
	/*
	 * libata: ata_dev_printk()/ata_link_printk() print "ataN.DD: " and
	 * "ataN: " (include/linux/libata.h), no driver; drivers/ata/libata-eh.c
	 */
	{ .prefix = "ata", .contains = ": exception Emask 0x", .title = "ata: command exception",
	  DRIVER_ROW, .file = "drivers/ata/libata-eh.c", .module = "libata" },
	{ .prefix = "ata", .contains = ": reset failed (errno=", .title = "ata: link reset failed",
	  DRIVER_ROW, .file = "drivers/ata/libata-eh.c", .module = "libata" },
	/* before 4.x ata_eh_reset() named the SATA hard reset: "ataN: COMRESET failed (errno=N)" */
	{ .prefix = "ata", .contains = ": COMRESET failed (errno=", .title = "ata: link reset failed",
	  DRIVER_ROW, .file = "drivers/ata/libata-eh.c", .module = "libata" },
	/* any other failure libata reports about a port, link or device */
	{ .prefix = "ata", .match = drv_ata_failed, .title = "ata: failure", DRIVER_ROW,
	  .custom = drv_ata, .file = "drivers/ata/", .module = "libata" },
	/*
	 * drivers/mmc/core/mmc.c, sd.c, sdio.c, mmc_attach_*(): "%s: error %d
	 * whilst initialising SD card" after mmc_hostname() ("mmc0"), no driver
	 */
	{ .prefix = "mmc", .contains = " whilst initialising ",
	  .title = "mmc: card initialisation failed", DRIVER_ROW, .custom = drv_core_dir,
	  .file = "drivers/mmc/core/", .module = "mmc_core" },
	/*
	 * drivers/thermal/intel/therm_throt.c, throttle_active_work(): "CPU%d:
	 * %s temperature is above threshold, cpu clock is throttled"; before
	 * 5.8 "... temperature above threshold, cpu clock throttled"
	 */
	{ .prefix = "CPU", .contains = " above threshold, cpu clock ",
	  .title = "thermal: CPU clock throttled, temperature above threshold", DRIVER_ROW,
	  .file = "drivers/thermal/intel/therm_throt.c" },
	/* filesystems' error reports: fs/ext4/super.c, fs/xfs/xfs_error.c, fs/btrfs/messages.c */
	{ .prefix = "EXT4-fs error (device ", .title = "EXT4-fs error", DRIVER_ROW,
	  .custom = drv_fs_error, .file = "fs/ext4/", .module = "ext4" },
	{ .prefix = "XFS (", .contains = "): Internal error ", .title = "XFS: internal error",
	  DRIVER_ROW, .custom = drv_fs_error, .file = "fs/xfs/", .module = "xfs" },
	/* before 2.6.39, xfs_cmn_err()'s prefix: "Filesystem \"dm-0\": XFS internal error " */
	{ .prefix = "Filesystem \"", .contains = "\": XFS internal error ",
	  .title = "XFS: internal error", DRIVER_ROW, .custom = drv_fs_error, .file = "fs/xfs/",
	  .module = "xfs" },
	{ .prefix = "XFS (", .contains = "): Corruption detected", .title = "XFS: corruption",
	  DRIVER_ROW, .custom = drv_fs_error, .file = "fs/xfs/", .module = "xfs" },
	/* fs/xfs/xfs_error.c, xfs_verifier_error(); xfs_fsops.c, xfs_do_force_shutdown() */
	{ .prefix = "XFS (", .contains = "): Metadata corruption detected at ",
	  .title = "XFS: metadata corruption", DRIVER_ROW, .custom = drv_fs_error,
	  .file = "fs/xfs/", .module = "xfs" },
	{ .prefix = "XFS (", .contains = "): Corruption of in-memory data",
	  .title = "XFS: corruption of in-memory data", DRIVER_ROW, .custom = drv_fs_error,
	  .file = "fs/xfs/", .module = "xfs" },
	{ .prefix = "XFS (", .contains = "): Metadata CRC error detected",
	  .title = "XFS: metadata CRC error", DRIVER_ROW, .custom = drv_fs_error,
	  .file = "fs/xfs/", .module = "xfs" },
	{ .prefix = "BTRFS error (device ", .title = "BTRFS error", DRIVER_ROW,
	  .custom = drv_fs_error, .file = "fs/btrfs/", .module = "btrfs" },
	{ .prefix = "BTRFS critical (device ", .title = "BTRFS critical error", DRIVER_ROW,
	  .custom = drv_fs_error, .file = "fs/btrfs/", .module = "btrfs" },
	/* block I/O errors naming their disk */
	{ .prefix = "I/O error, dev ", .title = "block: I/O error", DRIVER_ROW,
	  .custom = drv_blk_error, .file = "block/blk-mq.c" },
	{ .prefix = "blk_update_request: ", .contains = " error, dev ", .title = "block: I/O error",
	  DRIVER_ROW, .custom = drv_blk_error, .file = "block/blk-mq.c" },
	{ .prefix = "print_req_error: ", .contains = " error, dev ", .title = "block: I/O error",
	  DRIVER_ROW, .custom = drv_blk_error, .file = "block/blk-mq.c" },
	{ .prefix = "Buffer I/O error on dev ", .title = "block: buffer I/O error", DRIVER_ROW,
	  .custom = drv_blk_error, .file = "fs/buffer.c" },
	/* before 2.6.26 drivers/acpi/thermal.c shut down by itself at the critical trip */
	{ .prefix = "Critical temperature reached (", .title = "ACPI: critical temperature reached",
	  DRIVER_ROW, .file = "drivers/acpi/thermal.c", .module = "thermal" },
	/*
	 * arch/x86/kernel/cpu/mce/core.c, mce_notify_irq(): errors were logged
	 * for mcelog to read (before 4.x without the HW_ERR tag)
	 */
	{ .prefix = "Machine check events logged", .title = "mce: hardware error", DRIVER_ROW,
	  .file = "arch/x86/kernel/cpu/mce/core.c" },
	/*
	 * arch/x86/kernel/nmi.c, unknown_nmi_error(): an NMI that no handler
	 * claimed (the platform's, a chipset's or firmware's)
	 */
	{ .prefix = "Uhhuh. NMI received for unknown reason ", .title = "NMI: unknown reason",
	  DRIVER_ROW, .file = "arch/x86/kernel/nmi.c" },
	/* arch/x86/kernel/cpu/mce/core.c, print_mce() before 4.x: no "mce: " tag */
	{ .prefix = "CPU ", .contains = ": Machine Check Exception: ", .title = "mce: hardware error",
	  DRIVER_ROW, .file = "arch/x86/kernel/cpu/mce/core.c" },
	/* init/do_mounts.c, mount_root_generic(): the root device is missing */
	{ .prefix = "VFS: Cannot open root device ", .title = "VFS: cannot open root device",
	  DRIVER_ROW, .file = "init/do_mounts.c" },
	/* net/netfilter/nf_conntrack_core.c, __nf_conntrack_alloc(): connections dropped */
	{ .prefix = "nf_conntrack: table full, dropping packet",
	  .title = "nf_conntrack: table full, dropping packets", DRIVER_ROW,
	  .file = "net/netfilter/nf_conntrack_core.c", .module = "nf_conntrack" },
	/* drivers/iommu/amd/iommu.c, wait_on_sem() (pr_fmt "AMD-Vi: ") */
	{ .prefix = "AMD-Vi: Completion-Wait loop timed out",
	  .title = "AMD-Vi: completion wait timeout", DRIVER_ROW,
	  .file = "drivers/iommu/amd/iommu.c" },
	/* ata_eh_link_report(): the failed commands, also when the exception line is cut off */
	{ .prefix = "ata", .contains = ": failed command: ", .title = "ata: command failed",
	  DRIVER_ROW, .file = "drivers/ata/libata-eh.c", .module = "libata" },
	{ .prefix = NULL },
};

/* ---- a driver's error that the catalogue does not list ------------------- */

/*
 * What dev_err() and friends say when something failed. The prefix
 * (dev_driver_string(), or a module's pr_fmt) says whose message it is;
 * these words say it is a failure and not a notice.
 */
#define FAIL_WORD(w, st) { (w), sizeof(w) - 1, (st), 2 }
/* what a driver says of its recovery or of a loss, weaker than its failure */
#define WEAK_WORD(w, st) { (w), sizeof(w) - 1, (st), 1 }

static const struct {
	const char *word;	/* lower case; matched in any case */
	size_t len;
	bool stem;		/* any ending: "failed", "failure", "errors", "corrupted" */
	int rank;		/* kb_drv_generic_rank()'s */
} drv_fail_words[] = {
	FAIL_WORD("fail", true), FAIL_WORD("error", true), FAIL_WORD("timed out", false),
	FAIL_WORD("timeout", false), FAIL_WORD("not responding", false),
	FAIL_WORD("fatal", false), FAIL_WORD("crash", true), FAIL_WORD("hang", false),
	FAIL_WORD("hung", false), FAIL_WORD("stuck", false), FAIL_WORD("invalid", false),
	FAIL_WORD("unable to", false), FAIL_WORD("can't", false), FAIL_WORD("cannot", false),
	FAIL_WORD("corrupt", true), FAIL_WORD("bogus", false), FAIL_WORD("could not", false),
	FAIL_WORD("couldn't", false),
	FAIL_WORD("fault", true), FAIL_WORD("abort", true), FAIL_WORD("unhandled", false),
	FAIL_WORD("giving up", false), FAIL_WORD("no response", false),
	FAIL_WORD("refused", false), FAIL_WORD("dead", false), FAIL_WORD("exception", false),
	FAIL_WORD("did not", false), FAIL_WORD("didn't", false),
	/* the hardware's reset, a loss, a mismatch: often a notice, a failure's sequel */
	WEAK_WORD("reset", true), WEAK_WORD("not found", false), WEAK_WORD("unexpected", false),
	WEAK_WORD("lost", false), WEAK_WORD("overflow", true), WEAK_WORD("underrun", false),
	WEAK_WORD("mismatch", false),
};

#define DRV_FAIL_PER 6		/* words of one first letter, at most */

/* drv_fail_words' indexes by first letter, built once; 0xff ends a list */
static unsigned char drv_fail_by[26][DRV_FAIL_PER + 1];
static bool drv_fail_ready;

static void drv_fail_index(void)
{
	size_t k, n[26] = { 0 };

	memset(drv_fail_by, 0xff, sizeof(drv_fail_by));
	for (k = 0; k < ARRAY_SIZE(drv_fail_words); k++) {
		int c = drv_fail_words[k].word[0] - 'a';

		if (n[c] < DRV_FAIL_PER)
			drv_fail_by[c][n[c]++] = (unsigned char)k;
	}
	drv_fail_ready = true;
}

static bool drv_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/*
 * The strongest of the words, as a word ("invalidation" and "hangs up" are
 * not): its rank, 0 for none. One pass.
 */
static int drv_says_failed(const char *s, size_t len)
{
	size_t i;
	int rank = 0;

	if (!drv_fail_ready)
		drv_fail_index();
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)(s[i] | 0x20);
		const unsigned char *w;

		if (c < 'a' || c > 'z' || (i && drv_letter(s[i - 1])))
			continue;
		for (w = drv_fail_by[c - 'a']; *w != 0xff; w++) {
			size_t k = *w, n = drv_fail_words[k].len;

			if (n > len - i || (s[i + 1] | 0x20) != drv_fail_words[k].word[1] ||
			    strncasecmp(s + i, drv_fail_words[k].word, n))
				continue;
			if ((drv_fail_words[k].stem || i + n == len || !drv_letter(s[i + n])) &&
			    drv_fail_words[k].rank > rank) {
				rank = drv_fail_words[k].rank;
				if (rank == 2)
					return rank;
			}
		}
	}
	return rank;
}

/*
 * dev_driver_string() is the bus's name for a device no driver is bound
 * to ("acpi PNP0A03:00: ...", "pci 0000:00:1c.0: ..."): the bus core's
 * notices, not a driver's failure. The .name of every struct bus_type in
 * linux 6.12 (drivers/, sound/, net/, kernel/), but usb (the generic
 * USB device driver's name too, kbug's table places it) and thunderbolt
 * (the NHI driver's name too). Sorted (bsearch).
 */
static const char *const drv_bus_names[] = {
	"ac97", "ac97bus", "acpi", "amba", "anybuss", "aoa-soundbus", "ap", "aprbus", "arm_ffa",
	"auxiliary", "bcma", "bttv-sub", "ccw", "ccwgroup", "cdmm", "cdx", "clockevents",
	"clocksource", "coreboot", "coresight", "counter", "cpu", "css", "cxl", "dax", "dfl",
	"dio", "dp-aux", "dsa", "edac", "eisa", "event_source", "fcoe", "firewire", "fsi",
	"fsl-mc", "gadget", "gameport", "gbphy", "genpd", "gpio", "greybus", "hdaudio", "hid",
	"host1x", "host1x-context", "hsi", "i2c", "i3c", "ibm_rtl", "iio", "intc", "intel_th",
	"ipack", "isa", "iscsi_flashnode", "ishtp", "iucv", "macio", "maple", "matrix", "mcb",
	"mcp", "mdev", "mdio_bus", "mei", "memstick", "mhi", "mhi_ep", "mipi-dsi", "mmc",
	"mmc_rpmb", "most", "moxtet", "nd", "node", "ntb", "ntb_transport", "nubus", "nvmem",
	"nvmem-layout", "parport", "pci", "pci-epf", "pci_express", "pcmcia", "peci", "platform",
	"pnp", "pseudo", "pwrseq", "rapidio", "rbd", "rmi4", "rpmsg", "scm", "scmi_protocol",
	"scsi", "sdio", "serial", "serial-base", "serio", "siox", "slimbus", "snd_seq", "soc",
	"soundwire", "spi", "spmi", "ssb", "surface_aggregator", "tc", "tcm_loop_bus", "tee",
	"tifm", "typec", "ulpi", "usb-serial", "vchiq-bus", "vdpa", "virtio", "vme", "w1", "wmi",
	"workqueue", "xen_cpu", "zorro",
};

/*
 * A driver's name kbug can place: its table, a module of the tree, a
 * vendor's module; never a bus's name.
 */
static int drv_bus_cmp(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static bool drv_bus(const char *name)
{
	return bsearch(name, drv_bus_names, ARRAY_SIZE(drv_bus_names), sizeof(drv_bus_names[0]),
		       drv_bus_cmp);
}

/*
 * dev_printk()'s form with a device's name: "NAME DEVICE: ", DEVICE
 * without a blank and with a digit ("0000:00:14.3", "tpm0", "1-1:1.0",
 * "i2c-ELAN0501:00"), unlike a sentence's words ("power supply: ").
 */
static bool drv_dev_form(const char *drv, size_t n, const char *end)
{
	const char *p = drv + n;
	bool digit = false;

	if (p >= end || *p != ' ')
		return false;
	for (p++; p + 1 < end && *p != ' ' && !(p[0] == ':' && p[1] == ' '); p++)
		digit |= *p >= '0' && *p <= '9';
	return digit && p + 1 < end && p[0] == ':' && p[1] == ' ';
}

/*
 * A name the compiled tables miss that the tree's index knows, a device
 * driver's or a module's (a class's devices print the class: "tpm tpm0: "),
 * loading the index once, for a failure's line. Only in dev_printk()'s
 * form, or for a name with an underscore, a dash or a digit (pr_fmt's
 * KBUILD_MODNAME: "amd_pstate: "; a platform driver on a device-tree
 * node: "snd-sc8280xp sound: "): the index's names include words
 * ("power", "core", "err") that begin other messages, and no word has
 * one of those.
 */
static bool drv_index_known(const char *name, bool dev_form)
{
	const struct kb_index *ix = dev_form || strpbrk(name, "_-0123456789") ? kb_index_get() :
				    NULL;
	const char *files[1], *dir;

	return ix && (kb_index_driver(ix, name, files, 1) ||
		      kb_index_module(ix, name, 0, &dir, files, 0) >= 0);
}

/*
 * A bus's name is no driver's only in dev_printk()'s form ("pci 0000:00:1c.0: "):
 * as pr_fmt()'s "NAME: " it is the module that shares it (drivers/block/rbd.c's
 * "rbd: rbd0: ", not the rbd bus's devices).
 */
static bool drv_name_known(const char *name, bool dev_form)
{
	return !(dev_form && drv_bus(name)) && (drv_lookup(name) || drv_module(name) ||
				  drv_out_of_tree(name) || drv_mmc_host(name) ||
				  drv_index_known(name, dev_form));
}

/*
 * alloc_netdev()'s name templates of the tree's defaults ("eth%d":
 * alloc_etherdev(), "wlan%d": cfg80211, "can%d", "usb%d": usbnet,
 * "bond%d", "ppp%d", "tun%d"...): "eth0: " (printk with dev->name)
 * names an interface, which any driver may own, not a driver instance.
 * Sorted (bsearch).
 */
static const char *const drv_netdev_names[] = {
	"bond", "can", "eth", "ib", "ppp", "tap", "tun", "usb", "wlan", "wwan",
};

/*
 * A SCSI host's or controller's instance name made of its driver's:
 * "mpt2sas0" (ioc->name, "%s%d"), "mpt3sas_cm0" ("%s_cm%d"), "nvme0":
 * the driver's name in buf, when the name is unknown but that is known.
 * The number makes it a device's name: the index's names count. It
 * counts one machine's controllers, so it has one or two digits; more is
 * a chip's model ("imx477" is no instance of the "imx" serial driver).
 */
static bool drv_instance(const char *name, char *buf, size_t size)
{
	const bool dev_form = true;
	size_t n = strlen(name), len = n;
	char *us;

	if (!n || n >= size || name[n - 1] < '0' || name[n - 1] > '9')
		return false;
	while (n && name[n - 1] >= '0' && name[n - 1] <= '9')
		n--;
	if (n < 3 || len - n > 2)
		return false;
	memcpy(buf, name, n);
	buf[n] = '\0';
	if (bsearch(buf, drv_netdev_names, ARRAY_SIZE(drv_netdev_names),
		    sizeof(drv_netdev_names[0]), drv_bus_cmp))
		return false;
	if (drv_name_known(buf, dev_form))
		return true;
	us = strrchr(buf, '_');
	if (!us || us - buf < 3)
		return false;
	*us = '\0';
	return drv_name_known(buf, dev_form);
}

/* The name drv[0..n) at the start of a message that ends at end */
static bool drv_known(const char *drv, size_t n, const char *end)
{
	char name[DRV_NAME_MAX + 1], inst[DRV_NAME_MAX + 1];
	bool dev = drv_dev_form(drv, n, end);

	if (!n || n > DRV_NAME_MAX)
		return false;
	memcpy(name, drv, n);
	name[n] = '\0';
	return drv_name_known(name, dev) ||
	       (!drv_bus(name) && drv_instance(name, inst, sizeof(inst)));
}

/*
 * wiphy_err() and its kin (include/net/cfg80211.h) print through the
 * wiphy's own device: dev_printk() shows its class, "ieee80211 phy0: ",
 * where a driver's name would be. Drivers put their function first
 * (brcmfmac's bphy_err(): "%s: " with __func__): the one file of the tree
 * that defines it is the driver's.
 */
static const char *drv_wiphy_func(const char *m, size_t len, size_t off, size_t dn,
				  size_t body)
{
	const struct kb_index *ix;
	const char *files[2];
	char func[64];
	size_t n;

	if (dn != 9 || memcmp(m + off, "ieee80211", 9) || body >= len)
		return NULL;
	n = strspn(m + body, "abcdefghijklmnopqrstuvwxyz0123456789_");
	if (n < 4 || n >= sizeof(func) || body + n + 1 >= len || m[body + n] != ':')
		return NULL;
	memcpy(func, m + body, n);
	func[n] = '\0';
	ix = kb_index_get();
	if (!ix || kb_index_func(ix, func, files, 2) != 1)
		return NULL;
	/*
	 * a wiphy is a wireless driver's (ieee80211_alloc_hw()): its function
	 * lies in one, or in staging; "timeout: 0x1122" names no function of
	 * it, though some Ethernet driver has a static timeout()
	 */
	return kb_starts(files[0], "drivers/net/wireless/") ||
	       kb_starts(files[0], "drivers/staging/") || kb_starts(files[0], "net/mac80211/") ?
	       files[0] : NULL;
}

#define DRV_FS_MODULES_MAX 16	/* Kbuild objects of one name that a tag may stand for */

/*
 * A filesystem's tag in capitals: filesystems name themselves so in their
 * messages ("SQUASHFS error: " from fs/squashfs/squashfs.h's ERROR(),
 * "UBIFS error (ubi0:0 pid 1): ", "JBD2: ", "NFSD: ", "FAT-fs (sda1): ",
 * "CIFS: VFS: "). The tag drv[0..n) stands for the module of its lower-cased
 * name (in name) when every Kbuild object so named lies under fs/: "CPU: ",
 * "PM: " or "ACPI: " lower-case to objects elsewhere and stay words.
 */
static bool drv_fs_tag(const char *drv, size_t n, char *name, size_t size)
{
	const struct kb_index *ix;
	const char *dir;
	size_t i, k;
	bool letter = false;

	if (n > 3 && !memcmp(drv + n - 3, "-fs", 3))
		n -= 3;
	if (n < 2 || n >= size)
		return false;
	for (i = 0; i < n; i++) {
		if (drv[i] >= 'A' && drv[i] <= 'Z')
			letter = true;
		else if (drv[i] < '0' || drv[i] > '9')
			return false;
		name[i] = drv[i] >= 'A' && drv[i] <= 'Z' ? drv[i] - 'A' + 'a' : drv[i];
	}
	name[n] = '\0';
	ix = letter ? kb_index_get() : NULL;
	if (!ix)
		return false;
	for (k = 0; k < DRV_FS_MODULES_MAX && kb_index_module(ix, name, k, &dir, NULL, 0) >= 0; k++)
		if (!kb_starts(dir, "fs/"))
			return false;
	return k > 0 && k < DRV_FS_MODULES_MAX;
}

/*
 * The driver or filesystem a message's prefix names: dev_printk()'s
 * "DRIVER DEVNAME: ", a pr_fmt() tag of the module's name ("CIFS: ",
 * "Bluetooth: "), a filesystem's name before its device ("BTRFS info
 * (device sda1): ", "EXT4-fs (sda1): ", "XFS (sda1): "): printk records
 * carry no source, their prefix is where they came from.
 */
static bool drv_prefix(const char *l, size_t len, char *name, size_t size)
{
	const struct kb_index *ix;
	size_t off, n, body, i;
	const char *close, *dir;

	if (drv_split(l, len, &off, &n, &body) && !off && n < size && drv_known(l, n, l + len)) {
		memcpy(name, l, n);
		name[n] = '\0';
		return true;
	}
	for (n = 0; n < len && drv_char[(unsigned char)l[n]]; n++)
		;
	if (!n || n >= size || n > DRV_NAME_MAX || n + 2 >= len)
		return false;
	if (l[n] != ':' || l[n + 1] != ' ') {
		/* "NAME [level ](device DEV): ": the tag's parenthesis closes within */
		close = memmem(l + n, len - n < 48 ? len - n : 48, "): ", 3);
		if (l[n] != ' ' || !close || !memchr(l + n, '(', close - (l + n)))
			return false;
	}
	for (i = 0; i < n; i++)
		name[i] = l[i] >= 'A' && l[i] <= 'Z' ? l[i] - 'A' + 'a' : l[i];
	name[n] = '\0';
	if (n > 3 && !strcmp(name + n - 3, "-fs"))	/* "EXT4-fs", "F2FS-fs" */
		name[n -= 3] = '\0';
	if (drv_known(name, n, name + n))
		return true;
	/* beyond the driver areas (filesystems, net/): a Kbuild module of the tree */
	ix = kb_index_get();
	return ix && !drv_bus(name) && kb_index_module(ix, name, 0, &dir, NULL, 0) >= 0;
}

bool kb_drv_context(struct kb_rep *r, const char *line)
{
	char drv[DRV_NAME_MAX + 1];

	if (!drv_prefix(line, strlen(line), drv, sizeof(drv)))
		return false;
	kb_drv_blame(r, drv, NULL, true);
	if (!r->guilty_file[0] && !r->out_of_tree) {
		r->guilty_module[0] = '\0';
		r->blame_reason = NULL;
		r->blame_source = NULL;
		return false;
	}
	r->blame_source = KB_SRC_GUESS;
	r->confidence = KB_CONF_LOW;
	r->blame_reason =
		"nothing in the report places it: the driver whose message came right before it";
	return true;
}

/*
 * DRM_ERROR() and drm_err() mark the message "*ERROR* " (include/drm/drm_print.h);
 * some drivers write "error: " at the start of their dev_err()s
 */
static bool drv_drm_error(const char *msg, size_t body)
{
	return (body >= 8 && !memcmp(msg + body - 8, "*ERROR* ", 8)) ||
	       (body >= 7 && !memcmp(msg + body - 7, "error: ", 7));
}

/*
 * A message that ends in a negative errno ("usbfs: usb_submit_urb
 * returned -121", "urb stopped: -32", "(-110)"), or names one as a
 * status (an URB's: usbhid's "input irq status -75 received"): the call
 * the driver made failed, whatever words it used. An errno has no
 * leading zero and is at most DRV_ERRNO_MAX (include/linux/errno.h's
 * own end at 531): "kernel timezone is -0000" (xt_time) is no failure.
 */
#define DRV_ERRNO_MAX 600

static bool drv_errno_at(const char *p, const char *e)
{
	unsigned long v = 0;

	if (p >= e || *p < '1' || *p > '9')
		return false;
	while (p < e && isdigit((unsigned char)*p) && v <= DRV_ERRNO_MAX)
		v = v * 10 + (unsigned long)(*p++ - '0');
	return v <= DRV_ERRNO_MAX;
}

static bool drv_errno_end(const char *s, size_t len)
{
	const char *p = s, *e = s + len;
	size_t d = 0;

	/* memchr() first: most lines have no '-' after "status " (this runs on every line) */
	while ((p = memchr(p, '-', (size_t)(e - p)))) {
		if (p - s >= 7 && p + 1 < e && isdigit((unsigned char)p[1]) &&
		    !memcmp(p - 7, "status ", 7) && drv_errno_at(p + 1, e))
			return true;
		p++;
	}

	while (len && (s[len - 1] == ' ' || s[len - 1] == '.' || s[len - 1] == ')' ||
		       s[len - 1] == '!'))
		len--;
	while (d < len && d < 5 && isdigit((unsigned char)s[len - 1 - d]))
		d++;
	if (!d || d > 4 || d + 2 > len || s[len - 1 - d] != '-' ||
	    !drv_errno_at(s + len - d, s + len))
		return false;
	len -= d + 1;
	return s[len - 1] == ' ' || s[len - 1] == '(' || s[len - 1] == '=';
}

int kb_drv_generic_rank(const char *msg, size_t len, int level)
{
	char fs[DRV_NAME_MAX + 1];
	size_t off, dn, body;
	int rank;

	/* printk's level, when the log kept it: dev_err() is KERN_ERR (3) or worse */
	if (level > 3 || len < 12)
		return 0;
	/*
	 * a paste indented by a blank or two (input.c takes 4 or more as the
	 * paste's own): no message of a driver begins with blanks
	 */
	for (off = 0; off < 2 && msg[0] == ' ' && len > 12; off++) {
		msg++;
		len--;
	}
	/* the cheap tests first: most lines say nothing failed */
	if ((!drv_char[(unsigned char)msg[0]] && msg[0] != '[') ||
	    !drv_split(msg, len, &off, &dn, &body))
		return 0;
	rank = drv_drm_error(msg, body) ? 2 : drv_says_failed(msg + body, len - body);
	if (!rank && drv_errno_end(msg + body, len - body))
		rank = 1;
	if (!rank)
		return 0;
	if (!drv_known(msg + off, dn, msg + len) && !drv_fs_tag(msg + off, dn, fs, sizeof(fs)) &&
	    !drv_wiphy_func(msg, len, off, dn, body))
		rank = rank == 2 ? KB_DRV_UNPLACED : 0;
	/*
	 * a missing firmware file (-ENOENT) is a driver trying several names:
	 * when none is found, the driver's own error follows (which may end
	 * in -2 too: "failed to load DSP topology -2"); but DRM_ERROR() is
	 * the driver saying so itself, after its last try ("[drm] *ERROR*
	 * ivpu_fw_request(): Failed to request firmware: -2")
	 */
	return !drv_drm_error(msg, body) && kb_drv_fw_enoent(msg + body, len - body) &&
	       memmem(msg + body, len - body, "firmware", 8) ? 0 : rank;
}

static void drv_generic_title(struct kb_rep *r, char *driver, size_t size)
{
	const char *l = kb_rep_line(r, r->hdr);
	char inst[DRV_NAME_MAX + 1];
	size_t off, n, body, k;

	while (*l == ' ' || *l == '\t')
		l++;
	if (!drv_split(l, strlen(l), &off, &n, &body))
		return;
	k = strcspn(l + body, "\n");
	if (k > 70)
		k = 70;
	while (k && (l[body + k - 1] == ' ' || l[body + k - 1] == '.'))
		k--;
	strbuf_reset(&r->title);
	/* a controller's instance ("mpt3sas_cm0") is titled by its driver */
	if (driver[0] && !drv_name_known(driver, true) && drv_instance(driver, inst, sizeof(inst)))
		snprintf(driver, size, "%s", inst);
	strbuf_addf(&r->title, "%s: %.*s", driver[0] ? driver : "?", (int)k, l + body);
}

/*
 * A failure whose prefix names nothing kbug places ("Bluetooth: hci0: ",
 * "eth0: ", "megasas: "): the tree's own format strings say which code
 * logs it. Only a format logged at KERN_ERR or worse counts, with the
 * failure word in its constant text (a device's name or a status code
 * in the conversions says nothing), and never the driver core or the
 * suspend core (drivers/base/: the firmware loader, the PM core, the
 * device core; kernel/power/), nor machinery that kb_skip_file() names:
 * they print on a device's behalf and name the device, not its driver.
 */
static bool drv_text_failed(const char *text, size_t len)
{
	return drv_says_failed(text, len) == 2;
}

/*
 * The directory of the driver or module the prefix names, when the index
 * has one of that name ("vc4-drm gpu: ": vc4_drv.c's platform driver, a
 * device name without a digit that drv_dev_form() does not take): the
 * index's texts are looked for there first.
 */
static bool drv_index_dir(const struct kb_index *ix, const char *drv, size_t n, char *dir,
			  size_t size)
{
	const char *files[2], *mdir, *slash;
	char name[DRV_NAME_MAX + 1];

	if (n < 2 || n >= sizeof(name))
		return false;
	memcpy(name, drv, n);
	name[n] = '\0';
	slash = kb_index_driver(ix, name, files, 1) == 1 ? strrchr(files[0], '/') : NULL;
	if (slash) {
		snprintf(dir, size, "%.*s", (int)(slash + 1 - files[0]), files[0]);
		return true;
	}
	/* one module of that name ("dummy" has three: none of them) */
	if (kb_index_module(ix, name, 1, &mdir, files, 1) >= 0 ||
	    kb_index_module(ix, name, 0, &mdir, files, 1) < 0)
		return false;
	snprintf(dir, size, "%s/", mdir);
	return true;
}

/*
 * A built-in DRM driver's DRM_ERROR(): "[drm:FUNC] *ERROR* ..." names the
 * function that printed it (__func__), no module. The file the index
 * defines it in; a function 6.12 no longer has, by the driver's name its
 * functions start with ("i915_hangcheck_elapsed": i915).
 */
static bool drv_drm_func_place(const struct kb_index *ix, const char *msg, size_t len,
			       char *place, size_t size)
{
	const char *def[2], *end = memchr(msg, ']', len);
	char func[128];
	size_t n = end ? (size_t)(end - msg) - 5 : 0;

	if (!n || n >= sizeof(func) || memchr(msg + 5, ' ', n))
		return false;
	memcpy(func, msg + 5, n);
	func[n] = '\0';
	if (kb_index_func(ix, func, def, ARRAY_SIZE(def)) == 1) {
		snprintf(place, size, "%s", def[0]);
		return kb_starts(def[0], "drivers/gpu/drm/");
	}
	return drv_index_dir(ix, func, strcspn(func, "_"), place, size) &&
	       kb_starts(place, "drivers/gpu/drm/");
}

bool kb_drv_index_place(const char *msg, size_t len, char *place, size_t size)
{
	const struct kb_index *ix = kb_index_get();
	char dir[DRV_PREFIX_MAX + 160];
	size_t off, dn, body;

	while (len && (*msg == ' ' || *msg == '\t'))
		msg++, len--;
	/* the whole message: a format may hold the prefix's punctuation (": transmit timed out") */
	if (!ix || !drv_split(msg, len, &off, &dn, &body))
		return false;
	if (!dn && kb_starts(msg, "[drm:") && drv_drm_func_place(ix, msg, len, place, size))
		return !kb_skip_file(place);
	/*
	 * the tree's other texts, unless a bus device's driver the tree has
	 * nothing of logged it ("amdxdna 0000:c6:00.1: ", a newer kernel's)
	 */
	if (!(drv_index_dir(ix, msg + off, dn, dir, sizeof(dir)) &&
	      kb_index_error_place(ix, msg, len, dir, 0, drv_text_failed, place, size)) &&
	    (kb_drv_vendor_module(msg, len, dir, sizeof(dir)) ||
	     !kb_index_error_place(ix, msg, len, NULL, 0, drv_text_failed, place, size)))
		return false;
	return !kb_starts(place, "drivers/base/") && !kb_starts(place, "kernel/power/") &&
	       !kb_skip_file(place);
}

bool kb_drv_failed_file(const char *line, const char *dir, char *file, size_t size)
{
	const struct kb_index *ix;
	const char *f;
	size_t len = strlen(line);

	if (drv_says_failed(line, len) != 2)
		return false;
	ix = kb_index_get();
	f = ix ? kb_index_message(ix, line, len, dir) : NULL;
	/* a header's text is a macro's, which any file of the directory may expand */
	if (!f || (strlen(f) > 2 && !strcmp(f + strlen(f) - 2, ".h")))
		return false;
	snprintf(file, size, "%s", f);
	return true;
}

/* The title of a failure no table knows: the message as logged, at most 80 bytes. */
static const char *drv_message_title(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	size_t k;

	while (*l == ' ' || *l == '\t')
		l++;
	k = strcspn(l, "\n");
	if (k > 80)
		k = 80;
	while (k && (l[k - 1] == ' ' || l[k - 1] == '.'))
		k--;
	strbuf_reset(&r->title);
	strbuf_add(&r->title, l, k);
	return l;
}

bool kb_drv_vendor_module(const char *msg, size_t len, char *module, size_t size)
{
	size_t off, dn, body, i;

	while (len && (*msg == ' ' || *msg == '\t'))
		msg++, len--;
	/* dev_printk()'s "DRIVER DEVICE: ": a bus's driver, not a subsystem's "Bluetooth: " */
	if (!drv_split(msg, len, &off, &dn, &body) || dn < 2 || dn >= size ||
	    msg[off + dn] != ' ')
		return false;
	/*
	 * and a bus's device, named by its address ("0000:01:00.0", "5-2:1.0",
	 * "6-001a", "spi0.1"): a class device's name is its kind and a number
	 * ("ieee80211 phy0", "input input42"), the prefix its class's name
	 */
	if (!memchr(msg + off + dn + 1, ':', body - off - dn - 3) &&
	    !memchr(msg + off + dn + 1, '-', body - off - dn - 3) &&
	    !memchr(msg + off + dn + 1, '.', body - off - dn - 3))
		return false;
	/* a module's name ('-' as '_'); no two differ only in case ("Elan_i2c" of old) */
	for (i = 0; i < dn; i++)
		module[i] = msg[off + i] == '-' ? '_' : (char)tolower((unsigned char)msg[off + i]);
	module[dn] = '\0';
	return kb_oot_unknown_name(module);
}

static void drv_vendor(struct kb_rep *r)
{
	const char *l = drv_message_title(r);

	if (!kb_drv_vendor_module(l, strlen(l), r->guilty_module, sizeof(r->guilty_module)))
		return;
	kb_oot_mark(r, "a driver whose name no Makefile, driver or file of linux 6.12 has: "
		    "its vendor's (or one the tree dropped or renamed)",
		    KB_SRC_MESSAGE, KB_CONF_LOW);
}

const struct kb_drv_row kb_drv_vendor = {
	.sig = { .prefix = "", .kind = "driver", .title = "driver error",
		 .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = drv_vendor },
};

static void drv_indexed(struct kb_rep *r)
{
	/* the message as logged: its prefix is no driver's name */
	const char *l = drv_message_title(r);

	if (!kb_drv_index_place(l, strlen(l), r->guilty_file, sizeof(r->guilty_file)))
		return;
	r->blame_reason = "the tree index places it: the format string that logs it at "
			  "KERN_ERR, or the function a DRM_ERROR() names";
	r->blame_source = KB_SRC_MESSAGE_INDEX;
}

const struct kb_drv_row kb_drv_indexed = {
	.sig = { .prefix = "", .kind = "driver", .title = "driver error",
		 .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = drv_indexed },
};

bool kb_drv_acpi_conflict_line(const char *line, size_t len)
{
	return len > 48 && line[0] == 'A' && kb_starts(line, "ACPI Warning: System") &&
	       memmem(line, len, " conflicts with OpRegion ", 25);
}

bool kb_drv_prefix_name(const char *line, char *drv, size_t size)
{
	size_t n;
	bool mark = false;

	if (drv_prefix(line, strlen(line), drv, size))
		return true;
	/* pr_fmt()'s KBUILD_MODNAME of a module kbug does not know: "nct6687: " */
	for (n = 0; line[n] && strchr("abcdefghijklmnopqrstuvwxyz0123456789_", line[n]); n++)
		mark |= line[n] < 'a';
	if (!mark || n < 3 || n >= size || n > DRV_NAME_MAX || line[n] != ':' || line[n + 1] != ' ')
		return false;
	memcpy(drv, line, n);
	drv[n] = '\0';
	return true;
}

static void drv_acpi_conflict(struct kb_rep *r)
{
	char drv[sizeof(r->guilty_module)];

	memcpy(drv, r->guilty_module, sizeof(drv));
	r->guilty_module[0] = '\0';
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "%s: %sresource conflict", drv[0] ? drv : "ACPI",
		    drv[0] ? "ACPI " : "");
	if (drv[0]) {
		kb_drv_blame(r, drv, "drivers/acpi/osl.c", true);
		if (!r->guilty_file[0] && !r->out_of_tree && kb_oot_unknown_name(drv)) {
			snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", drv);
			kb_oot_mark(r, "a driver whose name no Makefile, driver or file of linux "
				    "6.12 has asked for the I/O range: its vendor's",
				    KB_SRC_GUESS, KB_CONF_LOW);
			return;
		}
	}
	if (!r->guilty_file[0] && !r->out_of_tree) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "drivers/acpi/osl.c");
		r->guilty_module[0] = '\0';
		r->blame_reason = "no driver's line came before it: the code that checks the range";
		r->blame_source = KB_SRC_MESSAGE;
	} else if (drv[0]) {
		r->blame_reason = "the driver whose message came right before the conflict "
				  "asked for the range (acpi_check_resource_conflict())";
		r->blame_source = KB_SRC_GUESS;
	}
	r->confidence = KB_CONF_LOW;
}

const struct kb_drv_row kb_drv_acpi_conflict = {
	.sig = { .prefix = "ACPI Warning: System", .kind = "driver",
		 .title = "ACPI resource conflict", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
		 .custom = drv_acpi_conflict },
};

static const char *const drv_on_behalf[] = {
	"drivers/base/", "kernel/power/", "drivers/iommu/", "kernel/hung_task.c",
	"kernel/watchdog", "mm/oom_kill.c",
};

bool kb_drv_on_behalf(const char *place)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(drv_on_behalf); i++)
		if (kb_starts(place, drv_on_behalf[i]))
			return true;
	return kb_skip_file(place);
}

static bool drv_level_text_place(const char *msg, size_t len, char level, char *place,
				 size_t size)
{
	const struct kb_index *ix = kb_index_get();
	char dir[DRV_PREFIX_MAX + 160];
	size_t off = 0, dn = 0, body = 0, min;
	bool split;

	while (len && (*msg == ' ' || *msg == '\t'))
		msg++, len--;
	if (!ix)
		return false;
	/*
	 * The text must be the message, not a phrase of it: half its body
	 * (after the device's prefix) at least, since "device does not
	 * support " is in many messages that are no error of its file's
	 */
	split = drv_split(msg, len, &off, &dn, &body);
	min = (len - body + 1) / 2;
	/*
	 * and the driver's: the prefix names a driver or module (its
	 * dev_printk() or pr_fmt()) whose directory logs the text. Without
	 * one it is a subsystem's ("EXT4-fs (loop1): ", "ALSA: "), whose
	 * errors are mostly about what a user or a disk gave it.
	 */
	if (!split)
		return false;
	/*
	 * A USB device's name after usb_generic_driver's "usb" ("usb 1-2: ")
	 * names a device, not the driver: an interface's driver logs against
	 * it too (sound/usb's usb_audio_err()), so the text alone places it.
	 */
	if (dn == 3 && !memcmp(msg + off, "usb", 3) && msg[off + dn] == ' ')
		dir[0] = '\0';
	else if (!drv_index_dir(ix, msg + off, dn, dir, sizeof(dir)))
		return false;
	if (!kb_index_level_place(ix, msg, len, dir[0] ? dir : NULL, min, level, NULL, place,
				  size))
		return false;
	/*
	 * Not the code that logs on another's behalf: the driver core and
	 * power management (a device's callback failed), the IOMMU (a
	 * device's DMA faulted), the detectors of a stuck task or CPU or of
	 * memory pressure (whose report names the culprit in its trace), nor
	 * machinery skip.c names.
	 */
	return !kb_drv_on_behalf(place);
}

bool kb_drv_error_text_place(const char *msg, size_t len, char *place, size_t size)
{
	return drv_level_text_place(msg, len, 'e', place, size);
}

bool kb_drv_warning_text_place(const char *msg, size_t len, char *place, size_t size)
{
	return drv_level_text_place(msg, len, 'w', place, size);
}

/* kb_drv_error_text's and kb_drv_warning_text's: the row says which level */
static void drv_level_text(struct kb_rep *r)
{
	const char *l = drv_message_title(r);
	bool warn = r->sig == &kb_drv_warning_text.sig;

	if (!drv_level_text_place(l, strlen(l), warn ? 'w' : 'e', r->guilty_file,
				  sizeof(r->guilty_file)))
		return;
	r->blame_reason = warn ? "the tree index places it: a format string of the driver that "
				 "logs this text at KERN_WARNING (the log says nothing worse)" :
				 "the tree index places it: a format string that logs this text "
				 "at KERN_ERR or worse";
	r->blame_source = KB_SRC_MESSAGE_INDEX;
}

const struct kb_drv_row kb_drv_error_text = {
	.sig = { .prefix = "", .kind = "driver", .title = "driver error",
		 .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = drv_level_text },
};

const struct kb_drv_row kb_drv_warning_text = {
	.sig = { .prefix = "", .kind = "driver", .title = "driver warning",
		 .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = drv_level_text },
};

/*
 * Not in the scanner's tables: the scanner keeps the best such line of a
 * log and reports it only when the log holds no other report.
 */
const struct kb_drv_row kb_drv_generic =
	KB_DRV_ROW(NULL, "", NULL, "%s: driver error", NULL, false, NULL, drv_generic_title);

bool kb_drv_named_device(struct kb_rep *r)
{
	size_t i, end = r->hdr + DRV_NAMED_WITHIN;

	if (r->sig->flags & KB_SIG_DRIVER)
		return false;
	/* the WARN()'s message: before its header (after "cut here") or right after */
	for (i = 0; i < r->cut && i <= end; i++) {
		const char *l = kb_rep_line(r, i);
		size_t len = strlen(l), off, n, body;
		char drv[DRV_NAME_MAX + 1];

		/* kernel/dma/debug.c, err_printk(): pr_fmt "DMA-API: " then the device */
		if (kb_starts(l, "DMA-API: "))
			l += 9, len -= 9;
		if (!drv_split(l, len, &off, &n, &body) || off || !n || n >= sizeof(drv) ||
		    body <= n + 2 || !drv_known(l, n, l + len))
			continue;
		memcpy(drv, l, n);
		drv[n] = '\0';
		kb_drv_blame(r, drv, NULL, true);
		r->blame_reason = "the warning's message names the device's driver (dev_printk)";
		return true;
	}
	return false;
}
