// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The driver failures laptop users hit without any call trace: Wi-Fi
 * firmware crashes, GPU hangs, dead USB host controllers, NVMe timeouts,
 * ACPI BIOS errors. Each row names the driver's module and the source
 * file that prints the message (linux 6.12), which is what routing needs.
 */
#include <string.h>

#include "analyze/internal.h"

#define IWL "drivers/net/wireless/intel/iwlwifi/"

static void drv_amdgpu_ring(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	char ring[32] = "";

	kb_word_after(l, "ring ", " _.", ring, sizeof(ring));
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "amdgpu: ring %s timeout", ring[0] ? ring : "?");
}

/*
 * "ACPI BIOS Error (bug): Could not resolve symbol [\_SB.X], AE_NOT_FOUND
 * (20240322/dswload2-162)": the ACPICA source file is named at the end.
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
}

const struct kb_sig kb_sigs_driver[] = {
	{ .prefix = "iwlwifi ", .contains = "Microcode SW error detected", .kind = "driver",
	  .title = "iwlwifi: Microcode SW error", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = IWL "pcie/rx.c", .module = "iwlwifi" },
	{ .prefix = "iwlwifi ", .contains = "Microcode HW error detected", .kind = "driver",
	  .title = "iwlwifi: Microcode HW error", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = IWL "pcie/rx.c", .module = "iwlwifi" },
	{ .prefix = "iwlwifi ", .contains = ": time out after ", .kind = "driver",
	  .title = "iwlwifi: firmware command timeout", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = IWL "pcie/tx.c", .module = "iwlwifi" },
	{ .prefix = "iwlwifi ", .contains = "Failed to load firmware chunk", .kind = "driver",
	  .title = "iwlwifi: failed to load firmware chunk",
	  .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .file = IWL "pcie/trans.c",
	  .module = "iwlwifi" },
	{ .prefix = "iwlwifi ", .contains = "no suitable firmware found", .kind = "driver",
	  .title = "iwlwifi: no suitable firmware", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = IWL "iwl-drv.c", .module = "iwlwifi" },
	{ .prefix = "iwlwifi ", .contains = "Failed to start RT ucode", .kind = "driver",
	  .title = "iwlwifi: failed to start firmware", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = IWL "mvm/fw.c", .module = "iwlwifi" },
	{ .prefix = "i915 ", .contains = "GPU HANG: ecode", .kind = "driver",
	  .title = "i915: GPU hang", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/gpu/drm/i915/i915_gpu_error.c", .module = "i915" },
	{ .prefix = "[drm] GPU HANG: ecode", .kind = "driver", .title = "i915: GPU hang",
	  .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .file = "drivers/gpu/drm/i915/i915_gpu_error.c",
	  .module = "i915" },
	{ .prefix = "i915 ", .contains = "Resetting chip for ", .kind = "driver",
	  .title = "i915: GPU reset", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/gpu/drm/i915/gt/intel_reset.c", .module = "i915" },
	{ .prefix = "amdgpu ", .contains = " timeout, signaled seq=", .kind = "driver",
	  .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = drv_amdgpu_ring,
	  .file = "drivers/gpu/drm/amd/amdgpu/amdgpu_job.c", .module = "amdgpu" },
	{ .prefix = "[drm:amdgpu_job_timedout", .contains = "timeout", .kind = "driver",
	  .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = drv_amdgpu_ring,
	  .file = "drivers/gpu/drm/amd/amdgpu/amdgpu_job.c", .module = "amdgpu" },
	{ .prefix = "xhci_hcd ", .contains = "host controller not responding, assume dead",
	  .kind = "driver", .title = "xHCI host controller died",
	  .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .file = "drivers/usb/host/xhci-ring.c",
	  .module = "xhci_hcd" },
	{ .prefix = "xhci_hcd ", .contains = "HC died; cleaning up", .kind = "driver",
	  .title = "xHCI host controller died", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/usb/host/xhci-ring.c", .module = "xhci_hcd" },
	{ .prefix = "nvme nvme", .contains = " timeout, aborting", .kind = "driver",
	  .title = "nvme: I/O timeout", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/nvme/host/pci.c", .module = "nvme" },
	{ .prefix = "nvme nvme", .contains = " timeout, reset controller", .kind = "driver",
	  .title = "nvme: I/O timeout", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/nvme/host/pci.c", .module = "nvme" },
	{ .prefix = "nvme nvme", .contains = "controller is down; will reset", .kind = "driver",
	  .title = "nvme: controller is down", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/nvme/host/pci.c", .module = "nvme" },
	{ .prefix = "i915 ", .contains = "FIFO underrun", .kind = "driver",
	  .title = "i915: FIFO underrun", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/gpu/drm/i915/display/intel_fifo_underrun.c", .module = "i915" },
	{ .prefix = "nvme nvme", .contains = "Device not ready; aborting", .kind = "driver",
	  .title = "nvme: device not ready", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .file = "drivers/nvme/host/core.c", .module = "nvme_core" },
	{ .prefix = "ACPI BIOS Error", .kind = "driver", .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK,
	  .custom = drv_acpi, .file = "drivers/acpi/acpica/" },
	{ .prefix = NULL },
};
