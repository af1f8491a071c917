// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Failures of USB host controllers, storage, audio, suspend/resume and
 * firmware loading (sig-driver.h), as linux 6.12 prints them. Several
 * are printed by core code on a driver's behalf (the PM core, the
 * firmware loader, the USB HCD core, the packet scheduler's watchdog):
 * those rows blame the driver the device prefix names.
 */
#include <stdio.h>
#include <ctype.h>
#include <string.h>

#include "analyze/sig-driver.h"
#include "util/macro.h"

#define XHCI "drivers/usb/host/"
#define NVME "drivers/nvme/host/"
#define HDA "sound/pci/hda/"
#define SOF "sound/soc/sof/"
#define PM_MAIN "drivers/base/power/main.c"
#define FW_MAIN "drivers/base/firmware_loader/main.c"
#define AER "drivers/pci/pcie/aer.c"

/*
 * The PM core's two lines for one failure (drivers/base/power/main.c):
 * __suspend_report_result()'s "PM: dpm_run_callback(): CB returns N"
 * then pm_dev_err()'s "PM: failed to VERB[ async][ noirq|early|late]:
 * error N", VERB from pm_verb(). The title takes the verb, from the
 * second line when the report holds it, else from the callback's name.
 */
static void sys_pm_title(struct kb_rep *r, char *driver, size_t size)
{
	static const char *const verbs[] = {
		"suspend", "resume", "freeze", "quiesce", "hibernate", "thaw", "restore", "recover",
		"poweroff",
	};
	const char *verb = NULL;
	size_t i, k;

	for (i = r->hdr; !verb && i < r->cut; i++) {
		const char *l = kb_rep_line(r, i), *p = strstr(l, "PM: failed to ");

		if (!p)
			p = strstr(l, "): ");	/* the callback: pci_pm_suspend+0x0/0x150 */
		if (!p)
			p = strstr(l, " failed to ");	/* "PM: Device usb2 failed to suspend" */
		for (k = 0; p && !verb && k < ARRAY_SIZE(verbs); k++)
			if (strstr(p, verbs[k]))
				verb = verbs[k];
	}
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "PM: %s failed to %s", driver[0] ? driver : "?",
		    verb ? verb : "suspend or resume");
}

/*
 * A USB device's name (drivers/usb/core/usb.c, usb_alloc_dev()): a root
 * hub's "usb2", a device's "BUS-PORT[.PORT...]" ("1-2", "3-1.4"), an
 * interface's "...:CONFIG.IFACE" ("1-2:1.0").
 */
static bool sys_usb_name(const char *s, size_t n)
{
	size_t i = 0;

	if (n > 3 && !strncmp(s, "usb", 3))
		return strspn(s + 3, "0123456789") == n - 3;
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	if (!i || i + 1 >= n || s[i] != '-' || !isdigit((unsigned char)s[i + 1]))
		return false;
	return strspn(s + i + 1, "0123456789.:") == n - i - 1;
}

/*
 * power/main.c, pm_dev_err() before 5.10: "PM: Device NAME failed to
 * suspend async: error -16" names the device, not its driver; a USB
 * device's name is the USB core's (usb_dev_suspend(), its device type's).
 * Another device's name says nothing of its driver: no report.
 */
static bool sys_pm_usb_device(const char *msg, size_t len)
{
	const char *p = memmem(msg, len, "PM: Device ", 11);
	size_t n;

	if (!p)
		return false;
	p += 11;
	n = strcspn(p, " ");
	return (size_t)(p - msg) + n < len && sys_usb_name(p, n);
}

static void sys_pm_device(struct kb_rep *r, char *driver, size_t size)
{
	const char *l = strstr(kb_rep_line(r, r->hdr), "PM: Device ");
	size_t n = l ? strcspn(l + 11, " ") : 0;

	driver[0] = '\0';
	if (n && sys_usb_name(l + 11, n))
		snprintf(driver, size, "usb");
	sys_pm_title(r, driver, size);
}

/*
 * drivers/base/dd.c, call_driver_probe(): "probe with driver %s failed
 * with error %d" names the driver whose probe failed (the device's prefix
 * may be the bus's).
 */
static void sys_probe_driver(struct kb_rep *r, char *driver, size_t size)
{
	char name[64];

	if (kb_word_after(kb_rep_line(r, r->hdr), "probe with driver ", " ", name, sizeof(name)))
		snprintf(driver, size, "%s", name);
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "%s: probe failed", driver[0] ? driver : "?");
}

/* A missing file (-ENOENT) is the distribution's firmware package, and drivers try several. */
bool kb_drv_fw_enoent(const char *msg, size_t len)
{
	while (len && (msg[len - 1] == ' ' || msg[len - 1] == '\r'))
		len--;
	return (len > 3 && !memcmp(msg + len - 3, " -2", 3)) ||
	       (len > 4 && !memcmp(msg + len - 4, "(-2)", 4));
}

static bool sys_fw_not_enoent(const char *msg, size_t len)
{
	return !kb_drv_fw_enoent(msg, len);
}

const struct kb_drv_row kb_drv_sys[] = {
	/*
	 * usb/storage/uas.c, uas_log_cmd_state() from uas_eh_abort_handler():
	 * scmd_printk() on the disk ("sd 0:0:0:0: [sda] tag#2 uas_eh_abort_handler
	 * 0 uas-tag 1 inflight: CMD"): the UAS driver's command timed out
	 */
	KB_DRV_IN("sd", "", " uas_eh_abort_handler ", "uas: command aborted",
		  "drivers/usb/storage/uas.c", "uas"),
	/* usb/host/xhci-ring.c, xhci_handle_command_timeout() */
	KB_DRV("xhci*", "xHCI host controller not responding, assume dead", NULL,
	       "xHCI host controller died", XHCI "xhci-ring.c"),
	/* usb/host/xhci-ring.c, xhci_handle_cmd_stop_ep() timeout */
	KB_DRV("xhci*", "xHCI host not responding to stop endpoint command", NULL,
	       "xHCI host not responding to stop endpoint", XHCI "xhci-ring.c"),
	/* usb/host/xhci-ring.c, handle_tx_event() */
	KB_DRV("xhci*", "ERROR Transfer event TRB DMA ptr not part of current TD", NULL,
	       "xHCI transfer event not part of current TD", XHCI "xhci-ring.c"),
	/* usb/host/xhci-ring.c, xhci_abort_cmd_ring() */
	KB_DRV("xhci*", "Abort failed to stop command ring", NULL,
	       "xHCI failed to stop command ring", XHCI "xhci-ring.c"),
	/* usb/core/hcd.c, usb_hc_died(): printed for the host controller's driver */
	KB_DRV_CORE("HC died; cleaning up", NULL, "%s: host controller died",
		    "drivers/usb/core/hcd.c", NULL),
	/* usb/core/hub.c, hub_port_init() and hub_port_connect(): enumeration failed */
	KB_DRV("usb", "device descriptor read/", ", error ", "usb: device descriptor read error",
	       "drivers/usb/core/hub.c"),
	KB_DRV("usb", "device not accepting address ", ", error ",
	       "usb: device not accepting address", "drivers/usb/core/hub.c"),
	KB_DRV("usb", "unable to enumerate USB device", NULL, "usb: unable to enumerate device",
	       "drivers/usb/core/hub.c"),
	/*
	 * net/ethernet/realtek/r8169_main.c, rtl_loop_wait(): the chip never
	 * reached the condition it polled ("rtl_rxtx_empty_cond == 0 (loop: 42,
	 * delay: 100)."), netdev_err() after the interface
	 */
	KB_DRV("r8169", "rtl_", " (loop: ", "r8169: chip condition timed out",
	       "drivers/net/ethernet/realtek/r8169_main.c"),
	/* nvme/host/pci.c, nvme_timeout() (6.12 "I/O tag %d ...", older "I/O %d QID %d ...") */
	KB_DRV("nvme", "I/O ", " timeout, aborting", "nvme: I/O timeout", NVME "pci.c"),
	KB_DRV("nvme", "I/O ", " timeout, reset controller", "nvme: I/O timeout", NVME "pci.c"),
	/* nvme/host/pci.c, nvme_warn_reset() */
	KB_DRV("nvme", "controller is down; will reset", NULL, "nvme: controller is down",
	       NVME "pci.c"),
	/* nvme/host/core.c, nvme_wait_ready() */
	KB_DRV_IN("nvme", "Device not ready; aborting ", NULL, "nvme: device not ready",
		  NVME "core.c", "nvme_core"),
	/* nvme/host/core.c, nvme_init_identify() */
	KB_DRV_IN("nvme", "Identify Controller failed", NULL, "nvme: identify controller failed",
		  NVME "core.c", "nvme_core"),
	/*
	 * pci/pcie/aer.c: the AER service reports an error a PCIe device
	 * signalled, printed on that device whatever its driver (dev_fmt
	 * "AER: " since 5.x): aer_print_error(), aer_isr_one_error(); before
	 * 6.x "AER: Corrected error received: id=00e5"
	 */
	KB_DRV_FIXED(NULL, "AER: PCIe Bus Error: severity=", NULL, "PCIe AER: bus error", AER,
		     NULL),
	KB_DRV_FIXED(NULL, "PCIe Bus Error: severity=", NULL, "PCIe AER: bus error", AER, NULL),
	KB_DRV_FIXED(NULL, "AER: ", " error received", "PCIe AER: error received", AER, NULL),
	KB_DRV_FIXED(NULL, "AER: ", " error message received from ", "PCIe AER: error received",
		     AER, NULL),
	/* iommu/intel/dmar.c (pr_fmt "DMAR: "): dmar_fault(), dmar_fault_do_one() */
	KB_DRV_FIXED("DMAR", "DRHD: handling fault status reg", NULL, "DMAR: DMA fault",
		     "drivers/iommu/intel/dmar.c", NULL),
	KB_DRV_FIXED("DMAR", "[", "] Request device [", "DMAR: DMA fault",
		     "drivers/iommu/intel/dmar.c", NULL),
	/* arch/x86/kernel/cpu/mce/core.c (pr_fmt "mce: ", HW_ERR "[Hardware Error]: ") */
	KB_DRV_FIXED("mce", "[Hardware Error]: ", NULL, "mce: hardware error",
		     "arch/x86/kernel/cpu/mce/core.c", NULL),
	/*
	 * kernel/time/clocksource.c, clocksource_watchdog(): "timekeeping
	 * watchdog on CPU%d: Marking clocksource '%s' as unstable ..."
	 */
	KB_DRV_FIXED(NULL, "timekeeping watchdog", "Marking clocksource ",
		     "clocksource: clocksource marked unstable", "kernel/time/clocksource.c", NULL),
	/* mmc/host/sdhci.c, sdhci_timeout_timer() and sdhci_timeout_data_timer() (mmc_hostname) */
	KB_DRV_FIXED(NULL, "Timeout waiting for hardware ", " interrupt",
		     "sdhci: timeout waiting for hardware interrupt", "drivers/mmc/host/sdhci.c",
		     "sdhci"),
	/* fs/jbd2/recovery.c (do_one_pass()) and journal.c, jbd2_journal_load() */
	KB_DRV_FIXED("JBD2", "Invalid checksum recovering ", NULL, "jbd2: journal recovery failed",
		     "fs/jbd2/recovery.c", "jbd2"),
	KB_DRV_FIXED("JBD2", "journal recovery failed", NULL, "jbd2: journal recovery failed",
		     "fs/jbd2/recovery.c", "jbd2"),
	KB_DRV_FIXED("JBD2", "recovery failed", NULL, "jbd2: journal recovery failed",
		     "fs/jbd2/recovery.c", "jbd2"),
	/* thermal/thermal_core.c, thermal_zone_device_critical(): on the zone's device */
	KB_DRV_FIXED("thermal", "", "critical temperature reached",
		     "thermal: critical temperature reached", "drivers/thermal/thermal_core.c",
		     NULL),
	/* arch/x86/kvm/vmx/vmx.c, dump_vmcs(): a VM entry failed (pr_fmt KBUILD_MODNAME) */
	KB_DRV_FIXED("kvm_intel", "VMCS ", ", last attempted VM-entry on CPU ",
		     "kvm_intel: VM entry failed", "arch/x86/kvm/vmx/vmx.c", "kvm_intel"),
	/* its dump of the guest's state, the first line old kernels print (no prefix) */
	KB_DRV_FIXED("kvm_intel", "*** Guest State ***", NULL, "kvm_intel: VM entry failed",
		     "arch/x86/kvm/vmx/vmx.c", "kvm_intel"),
	/* hid/i2c-hid/i2c-hid-core.c, i2c_hid_get_input(): the device sent a short report */
	KB_DRV("i2c_hid*", "", ": incomplete report (", "i2c_hid: incomplete report",
	       "drivers/hid/i2c-hid/i2c-hid-core.c"),
	/*
	 * input/mouse/psmouse-base.c, psmouse_handle_byte(): the touchpad's
	 * packets went out of step (psmouse_warn(): "psmouse serio1: "; before
	 * 3.x printk("psmouse.c: ..."))
	 */
	KB_DRV("psmouse*", "", " lost sync at byte ", "psmouse: touchpad lost sync",
	       "drivers/input/mouse/psmouse-base.c"),
	/* net/ethernet/intel/e1000e/netdev.c, e1000_print_hw_hang() */
	KB_DRV("e1000e", "Detected Hardware Unit Hang", NULL, "e1000e: hardware unit hang",
	       "drivers/net/ethernet/intel/e1000e/netdev.c"),
	/* pci/hda/hda_controller.c, azx_rirb_get_response() */
	KB_DRV("snd_hda_intel", "azx_get_response timeout", NULL,
	       "snd_hda_intel: codec response timeout", HDA "hda_controller.c"),
	/* the same before 3.15, snd_printk() naming the driver "hda_intel" or "hda-intel" */
	KB_DRV("hda_intel", "azx_get_response timeout", NULL,
	       "snd_hda_intel: codec response timeout", HDA "hda_intel.c"),
	KB_DRV("hda-intel", "azx_get_response timeout", NULL,
	       "snd_hda_intel: codec response timeout", HDA "hda_intel.c"),
	KB_DRV("snd_hda_intel", "No response from codec", NULL,
	       "snd_hda_intel: no response from codec", HDA "hda_controller.c"),
	/* soc/sof/ipc3.c, ipc3_wait_tx_done(); ipc4.c, ipc4_wait_tx_done() */
	KB_DRV("sof-*", "ipc tx timed out for ", NULL, "SOF: IPC timeout", SOF "ipc3.c"),
	KB_DRV("sof-*", "ipc timed out for ", NULL, "SOF: IPC timeout", SOF "ipc4.c"),
	/* soc/sof/ipc.c, snd_sof_ipc_reply(): a reply the driver did not wait for */
	KB_DRV("sof-*", "", "no reply expected, received ", "SOF: unexpected IPC reply",
	       SOF "ipc.c"),
	/* soc/sof/core.c, sof_probe_continue() */
	KB_DRV("sof-*", "error: failed to boot DSP firmware", NULL, "SOF: DSP firmware boot failed",
	       SOF "core.c"),
	/* power/main.c, __suspend_report_result() and pm_dev_err() (dev_fmt "PM: ") */
	KB_DRV_ROW(NULL, "PM: dpm_run_callback(): ", " returns ", "PM: device failed to suspend",
		   PM_MAIN, true, NULL, sys_pm_title),
	KB_DRV_ROW(NULL, "PM: failed to ", ": error ", "PM: device failed to suspend", PM_MAIN,
		   true, NULL, sys_pm_title),
	KB_DRV_ROW("PM", "Device ", " failed to ", "PM: device failed to suspend", PM_MAIN,
		   true, sys_pm_usb_device, sys_pm_device),
	/* net/sched/sch_generic.c, dev_watchdog(): netdev_crit() since 6.8 */
	KB_DRV_CORE("NETDEV WATCHDOG: ", "transmit queue ", "%s: transmit queue timed out",
		    "net/sched/sch_generic.c", NULL),
	/*
	 * base/dd.c, call_driver_probe() (6.12); before 5.x really_probe()'s
	 * pr_warn("%s: probe of %s failed with error %d"), the prefix the driver
	 */
	KB_DRV_ROW(NULL, "probe with driver ", " failed with error ", "%s: probe failed",
		   "drivers/base/dd.c", true, NULL, sys_probe_driver),
	KB_DRV_CORE("probe of ", " failed with error ", "%s: probe failed", "drivers/base/dd.c",
		    NULL),
	/*
	 * module/main.c, resolve_symbol_wait(): a module whose undefined
	 * symbol no loaded module exports. modpost checks an in-tree
	 * build's symbols, so the module was built for another kernel.
	 */
	KB_DRV_CORE("Unknown symbol ", " (err ", "%s: unknown symbol", "kernel/module/main.c",
		    NULL),
	/* firmware_loader/main.c, _request_firmware() and fw_get_filesystem_firmware() */
	KB_DRV_CORE("Direct firmware load for ", " failed with error ", "%s: firmware load failed",
		    FW_MAIN, sys_fw_not_enoent),
	KB_DRV_CORE("firmware: failed to load ", NULL, "%s: firmware load failed", FW_MAIN,
		    sys_fw_not_enoent),
	{ .sig = { .prefix = NULL } },
};
