// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Wi-Fi drivers' failures (sig-driver.h): firmware crashes and command
 * timeouts, as linux 6.12 prints them. Every driver's own print helper
 * (IWL_ERR, ath1Xk_warn, rtw_err, rtw89_warn, dev_err on mt76's device)
 * ends in dev_printk() on the bus device, so its prefix is the driver.
 */
#include "analyze/sig-driver.h"

#define IWL "drivers/net/wireless/intel/iwlwifi/"
#define ATH "drivers/net/wireless/ath/"
#define MT76 "drivers/net/wireless/mediatek/mt76/"
#define RTW "drivers/net/wireless/realtek/"
#define BRCMF "drivers/net/wireless/broadcom/brcm80211/brcmfmac/"

const struct kb_drv_row kb_drv_wifi[] = {
	/* iwlwifi/pcie/rx.c, iwl_pcie_irq_handler(), iwl_pcie_irq_msix_handler() */
	KB_DRV("iwlwifi", "Microcode SW error", NULL, "iwlwifi: Microcode SW error",
	       IWL "pcie/rx.c"),
	KB_DRV("iwlwifi", "Hardware error detected", NULL, "iwlwifi: hardware error",
	       IWL "pcie/rx.c"),
	/* iwlwifi/pcie/tx.c, iwl_trans_pcie_send_hcmd_sync() */
	KB_DRV("iwlwifi", "Error sending ", ": time out after ", "iwlwifi: firmware command timeout",
	       IWL "pcie/tx.c"),
	/* iwlwifi/pcie/tx.c, iwl_txq_log_scd_error() */
	KB_DRV("iwlwifi", "Queue ", " stuck for ", "iwlwifi: transmit queue stuck",
	       IWL "pcie/tx.c"),
	/* iwlwifi/pcie/trans.c, iwl_pcie_load_firmware_chunk() */
	KB_DRV("iwlwifi", "Failed to load firmware chunk", NULL,
	       "iwlwifi: failed to load firmware chunk", IWL "pcie/trans.c"),
	/* iwlwifi/iwl-drv.c, iwl_request_firmware() */
	KB_DRV("iwlwifi", "no suitable firmware found", NULL, "iwlwifi: no suitable firmware",
	       IWL "iwl-drv.c"),
	/* iwlwifi/mvm/fw.c, iwl_run_init_mvm_ucode(), iwl_mvm_up() */
	KB_DRV("iwlwifi", "Failed to start RT ucode", NULL, "iwlwifi: failed to start firmware",
	       IWL "mvm/fw.c"),
	/* ath10k/pci.c ath10k_pci_fw_crashed_dump() (also sdio.c, snoc.c) */
	KB_DRV("ath10k*", "firmware crashed!", NULL, "ath10k: firmware crashed",
	       ATH "ath10k/pci.c"),
	/* ath10k/wmi.c, ath10k_wmi_cmd_send() */
	KB_DRV("ath10k*", "wmi command ", " timeout, restarting hardware",
	       "ath10k: wmi command timeout", ATH "ath10k/wmi.c"),
	/* ath11k/mhi.c, ath11k_mhi_op_status_cb() */
	KB_DRV("ath11k*", "firmware crashed: ", NULL, "ath11k: firmware crashed",
	       ATH "ath11k/mhi.c"),
	/* ath11k/wmi.c, ath11k_wmi_cmd_send() */
	KB_DRV("ath11k*", "wmi command ", " timeout", "ath11k: wmi command timeout",
	       ATH "ath11k/wmi.c"),
	/* ath12k/mhi.c, ath12k_mhi_op_status_cb() */
	KB_DRV("ath12k*", "firmware crashed: ", NULL, "ath12k: firmware crashed",
	       ATH "ath12k/mhi.c"),
	/* ath12k/wmi.c, ath12k_wmi_cmd_send() */
	KB_DRV("ath12k*", "wmi command ", " timeout", "ath12k: wmi command timeout",
	       ATH "ath12k/wmi.c"),
	/*
	 * mt76: each chip's mcu.c (mt7921/, mt7925/, mt7915/, mt7996/, mt7615/)
	 * prints its own; blamed through the driver's directory
	 */
	KB_DRV_ROW("mt7*", "Message ", ") timeout", "%s: MCU message timeout",
		   MT76 "mt7921/mcu.c", true, NULL, NULL),
	/* mt76/mt7921/mac.c, mt7921_mac_reset_work() */
	KB_DRV("mt7921*", "chip reset failed", NULL, "mt7921: chip reset failed",
	       MT76 "mt7921/mac.c"),
	/* mt76/mt7921/pci_mcu.c, mt7921e_driver_own() */
	KB_DRV("mt7921*", "Timeout for driver own", NULL, "mt7921: timeout for driver own",
	       MT76 "mt7921/pci_mcu.c"),
	/* mt76/mt792x_core.c, __mt792xe_mcu_drv_pmctrl(): shared by mt7921 and mt7925 */
	KB_DRV_ROW("mt792*", "driver own failed", NULL, "%s: driver own failed",
		   MT76 "mt792x_core.c", true, NULL, NULL),
	/* rtw88/mac.c, rtw_mac_power_switch()'s poll */
	KB_DRV("rtw_*", "failed to poll offset=", NULL, "rtw88: failed to poll register",
	       RTW "rtw88/mac.c"),
	/* rtw88/mac.c, __rtw_mac_flush_prio_queue(); pci.c, rtw_pci_tx_queue_flush() */
	KB_DRV("rtw_*", "timed out to flush ", NULL, "rtw88: timed out flushing queue",
	       RTW "rtw88/mac.c"),
	/* rtw88/fw.c, rtw_fw_send_h2c_command() */
	KB_DRV("rtw_*", "failed to send h2c ", NULL, "rtw88: failed to send h2c command",
	       RTW "rtw88/fw.c"),
	/* rtw88/main.c, rtw_power_on() */
	KB_DRV("rtw_*", "failed to download firmware", NULL, "rtw88: failed to download firmware",
	       RTW "rtw88/main.c"),
	/* rtw88/ps.c, rtw_leave_lps_core() */
	KB_DRV("rtw_*", "firmware failed to leave lps state", NULL,
	       "rtw88: firmware failed to leave power save", RTW "rtw88/ps.c"),
	/* rtw89/ps.c, rtw89_ps_power_mode_change_with_hci(): "rtw89: " before it */
	KB_DRV("rtw89_*", "failed to leave lps state", NULL, "rtw89: failed to leave power save",
	       RTW "rtw89/ps.c"),
	/* rtw89/fw.c, rtw89_fw_write_h2c_reg() and rtw89_fw_read_c2h_reg() */
	KB_DRV("rtw89_*", "FW does not process h2c registers", NULL,
	       "rtw89: firmware does not process h2c", RTW "rtw89/fw.c"),
	KB_DRV("rtw89_*", "c2h reg timeout", NULL, "rtw89: c2h register timeout", RTW "rtw89/fw.c"),
	/* rtw89/ser.c, ser_l2_reset_st_pre_hdl(): system error recovery caught a crash */
	KB_DRV("rtw89_*", "SER catches error: ", NULL, "rtw89: firmware error recovery",
	       RTW "rtw89/ser.c"),
	/*
	 * brcmfmac/sdio.c: brcmf_err() is __brcmf_err(): dev_err() with a bus
	 * device, else pr_err() under pr_fmt "brcmfmac: " (debug.h), both
	 * "FUNC: " first (brcmfmac/common.c)
	 */
	KB_DRV("brcmfmac", "brcmf_sdio_bus_rxctl: resumed on timeout", NULL,
	       "brcmfmac: SDIO control frame timeout", BRCMF "sdio.c"),
	KB_DRV("brcmfmac", "brcmf_sdio_htclk: HT Avail timeout", NULL,
	       "brcmfmac: SDIO HT clock timeout", BRCMF "sdio.c"),
	{ .sig = { .prefix = NULL } },
};
