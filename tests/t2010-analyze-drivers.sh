#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Driver failures that print no call trace (collector/analyze/sig-driver*.c): one log per
# area of the catalogue (tests/corpus/drivers/), each failure's driver read off
# dev_printk()'s prefix and mapped to its sources, core code that prints for a driver
# blaming that driver; ordinary boot lines start no report, and no driver row fires in
# syzkaller's logs.
. "$(dirname "$0")/lib.sh"

DRV=$CORPUS_DIR/drivers

# first_line|title|guilty_file|guilty_module|confidence, one line per report
summarize() {
	"$KBUG" analyze --json "$1" >out.json &&
	$PYTHON -c 'import json
for r in json.load(open("out.json"))["reports"]:
    print("|".join("" if x is None else str(x) for x in (r["first_line"], r["title"],
          r["guilty_file"], r["guilty_module"], r["confidence"])))'
}

for area in wifi gpu usb storage bt audio acpi pm net firmware quiet generic generic-levels fs \
	platform blockio mmc-host generic-fsnet; do
	test_expect_success "the $area failures" "
		summarize \"\$DRV/$area.log\" >got &&
		test_cmp \"\$DRV/$area.expected\" got
	"
done

test_expect_success 'core code printing for a driver blames the driver, not itself' '
	cat "$DRV"/*.expected >all &&
	! grep -q "drivers/base/power/main.c\|firmware_loader\|drm_atomic_helper.c\|usb/core/hcd.c\|sch_generic.c" all &&
	grep -q "^2|PM: xhci_hcd failed to suspend|drivers/usb/host/xhci.c|xhci_hcd|" all &&
	grep -q "|r8169: transmit queue timed out|drivers/net/ethernet/realtek/r8169_main.c|r8169|" all &&
	grep -q "|e1000e: transmit queue timed out|drivers/net/ethernet/intel/e1000e/|e1000e|" all &&
	grep -q "|ehci-pci: host controller died|drivers/usb/host/ehci-pci.c|ehci_pci|" all &&
	grep -q "|WARNING in dev_watchdog|drivers/net/ethernet/ethoc.c|ethoc|medium$" all &&
	grep -q "|i915: flip_done timed out|drivers/gpu/drm/i915/|i915|" all
'

test_expect_success 'the driver comes from the prefix, not from the row: module names differ' '
	printf "%s\n" "[ 1.0] rtw_8822ce 0000:02:00.0: timed out to flush queue 2" \
		"[ 2.0] rtw_8821ce 0000:03:00.0: timed out to flush queue 1" >two.log &&
	summarize two.log >got &&
	grep -q "^1|rtw88: timed out flushing queue|drivers/net/wireless/realtek/rtw88/mac.c|rtw88_8822ce|medium$" got &&
	grep -q "^2|.*|rtw88_8821ce|medium$" got
'

test_expect_success 'a driver named like its module: the sources the tree'"'"'s Makefiles give' '
	echo "[ 1.0] sky2 0000:03:00.0 eth0: NETDEV WATCHDOG: CPU: 1: transmit queue 0 timed out 5000 ms" >sky2.log &&
	summarize sky2.log >got &&
	test "$(cat got)" = "1|sky2: transmit queue timed out|drivers/net/ethernet/marvell/sky2.c|sky2|medium"
'

test_expect_success 'a driver the tree has no module, driver or file of: out of the tree, unless the kernel is newer' '
	echo "[ 1.0] foo_pci 0000:05:00.0: Direct firmware load for foo/bar.bin failed with error -110" >foo.log &&
	summarize foo.log >got &&
	test "$(cat got)" = "1|foo_pci: firmware load failed||foo_pci|low" &&
	"$KBUG" analyze --json foo.log >out.json &&
	grep -q "\"out_of_tree\": *true" out.json &&
	{ echo "[ 0.0] Linux version 6.14.2-arch1-1 (linux@archlinux) (gcc 14.2.1) #1 SMP" && cat foo.log; } >new.log &&
	summarize new.log >got &&
	test "$(cat got)" = "2|foo_pci: firmware load failed||foo_pci|low" &&
	"$KBUG" analyze --json new.log >out.json &&
	! grep -q "\"out_of_tree\": *true" out.json &&
	echo "[ 1.0] r8169 0000:02:00.0: Direct firmware load for rtl_nic/rtl8168h-2.fw failed with error -2" >tree.log &&
	"$KBUG" analyze --json tree.log >out.json &&
	! grep -q "\"out_of_tree\": *true" out.json
'

test_expect_success 'a vendor'"'"'s own driver (r8125, not the tree'"'"'s r8169): out of the tree' '
	echo "[ 1.0] r8125 0000:22:04.0 eth4: NETDEV WATCHDOG: CPU: 3: transmit queue 0 timed out 5010 ms" >r8125.log &&
	"$KBUG" analyze --json r8125.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] is True and r[\"guilty_module\"] == \"r8125\", r
assert r[\"guilty_file\"] is None, r"
'

test_expect_success 'an unlisted driver error is reported only when the log has no other report' '
	{ cat "$DRV/generic.log" &&
	  echo "[ 9.0] WARNING: CPU: 1 PID: 3031 at drivers/input/mouse/elan_i2c_core.c:1103 elan_isr+0x53/0x5c0 [elan_i2c]"
	} >both.log &&
	summarize both.log >got &&
	test $(wc -l <got) = 1 &&
	grep -q "^7|WARNING in elan_isr|drivers/input/mouse/elan_i2c_core.c|" got
'

test_expect_success 'a bus core'"'"'s notice for a device without a driver is no driver error' '
	echo "[ 1.0] acpi PNP0A08:00: fail to add MMCONFIG information, can'"'"'t access extended configuration space under this bridge" >bus.log &&
	summarize bus.log >got &&
	test ! -s got
'

test_expect_success 'a driver error wrapped after its prefix is read as one line' '
	printf "%s\n" "[ 1.0] brcmfmac: brcmf_sdio_bus_rxctl: " "resumed on timeout" >wrap.log &&
	summarize wrap.log >got &&
	test "$(cat got)" = "2|brcmfmac: brcmf_sdio_bus_rxctl: resumed on timeout|drivers/net/wireless/broadcom/brcm80211/brcmfmac/sdio.c|brcmfmac|low"
'

test_expect_success 'a module outside the tables, named by pr_fmt, in a paste indented by two' '
	printf "%s\n" "  amd_pstate: failed to set auto_sel, ret: -95" "  ..." >pstate.log &&
	summarize pstate.log >got &&
	test "$(cat got)" = "1|amd_pstate: failed to set auto_sel, ret: -NUM|drivers/cpufreq/amd-pstate.c|amd_pstate|low" &&
	printf "%s\n" "  power: failed to set auto_sel, ret: -95" >word.log &&
	summarize word.log >got &&
	test ! -s got
'

test_expect_success 'a filesystem'"'"'s tag in capitals names its module; other capitals do not' '
	printf "%s\n" "[ 1.0] SQUASHFS error: Unable to read fragment cache entry [2702528]" \
		"[ 1.1] SQUASHFS error: Unable to read page, block 2702528, size 96d0" >sqfs.log &&
	summarize sqfs.log >got &&
	test "$(cat got)" = "2|squashfs: Unable to read page, block NUM, size 96d0|fs/squashfs/|squashfs|low" &&
	printf "%s\n" "[ 1.0] PM: Image not found (code -22)" \
		"[ 1.1] CPU: unable to read the microcode revision" >caps.log &&
	summarize caps.log >got &&
	test ! -s got
'

test_expect_success 'a wiphy'"'"'s message: its class, then the driver'"'"'s function' '
	printf "%s\n" "[ 1.0] ieee80211 phy0: Selected rate control algorithm '"'"'minstrel_ht'"'"'" \
		"[ 9.0] ieee80211 phy0: brcmf_cfg80211_get_station: GET STA INFO failed, -110" >wiphy.log &&
	summarize wiphy.log >got &&
	test "$(cat got)" = "2|ieee80211: brcmf_cfg80211_get_station: GET STA INFO failed, -NUM|drivers/net/wireless/broadcom/brcm80211/brcmfmac/cfg80211.c||low" &&
	echo "[ 9.0] ieee80211 phy0: no_such_function_here: frobnication failed, -110" >nofunc.log &&
	summarize nofunc.log >got &&
	test ! -s got &&
	printf "%s\n" "[ 9.0] ieee80211 phy1: cmd 0x9122=UpdateEncryption timed out" \
		"[ 9.1] ieee80211 phy1: timeout: 0x1122" >word.log &&
	summarize word.log >got &&
	! grep -q "sgiseeq" got
'

test_expect_success 'no driver failure is found in syzkaller logs' '
	n=0 &&
	for f in "$CORPUS_DIR"/syzkaller/report/* "$CORPUS_DIR"/syzkaller/guilty/*; do
		"$KBUG" analyze --json "$f" >out.json 2>/dev/null || true
		if grep -q "\"kind\": *\"driver\"" out.json; then
			echo "driver report in $f"; n=$((n + 1))
		fi
	done &&
	test $n = 0
'

test_expect_success 'a driver'"'"'s own DRM_ERROR on a missing firmware file is a failure; its tries are not' '
	echo "[ 1.0] intel_vpu 0000:00:0b.0: [drm] *ERROR* ivpu_fw_request(): Failed to request firmware: -2" >vpu.log &&
	summarize vpu.log >got &&
	grep -q "^1|intel_vpu: ivpu_fw_request(): Failed to request firmware: -NUM|drivers/accel/ivpu/ivpu_fw.c|intel_vpu|" got &&
	echo "[ 1.0] ath10k_pci 0000:02:00.0: failed to load firmware ath10k/QCA6174/hw3.0/firmware-6.bin: -2" >tries.log &&
	summarize tries.log >got &&
	! test -s got
'

test_expect_success 'a failure under a prefix no table places: the tree'"'"'s error-level format, in the prefix'"'"'s driver first' '
	echo "[ 3.1] Bluetooth: hci0: Failed to send Intel_Write_DDC (-22)" >bt.log &&
	summarize bt.log >got &&
	test "$(cat got)" = "1|Bluetooth: hci0: Failed to send Intel_Write_DDC (-NUM)|drivers/bluetooth/btintel.c||low" &&
	"$KBUG" analyze --json bt.log >out.json &&
	grep -q "\"blame_source\": *\"message-index\"" out.json &&
	echo "[ 3.1] Bluetooth: hci0: Failed to send wmt func ctrl (-22)" >mtk.log &&
	summarize mtk.log >got &&
	test "$(cat got)" = "1|Bluetooth: hci0: Failed to send wmt func ctrl (-NUM)|drivers/bluetooth/||low" &&
	printf "%s\n" "eth0: transmit timed out, tx_status 88 status e000." \
		"eth0: Transmitter encountered 16 collisions -- network cable problem?" >3com.log &&
	summarize 3com.log >got &&
	test "$(cat got)" = "1|eth0: transmit timed out, tx_status NUM status e000|drivers/net/ethernet/3com/||low" &&
	echo "[ 0.6] vc4-drm gpu: [drm] *ERROR* Failed to get ddc i2c adapter by node" >vc4.log &&
	summarize vc4.log >got &&
	grep -q "|drivers/gpu/drm/vc4/vc4_hdmi.c|" got &&
	echo "[ 267.0] snd-sc8280xp sound: invalid position: , pos = 13131520, buffer size = 1024" >dt.log &&
	summarize dt.log >got &&
	grep -q "|sound/soc/qcom/sc8280xp.c|" got
'

test_expect_success 'the driver core'"'"'s, the suspend core'"'"'s and unknown texts place nothing' '
	printf "%s\n" "[ 1.0] PM: Some devices failed to suspend, or early wake event detected" \
		"[ 2.0] eth0: frobnicator timed out, tx_status 88" \
		"[ 3.0] Bluetooth: hci0: Failed to frobnicate the controller (-22)" >core.log &&
	summarize core.log >got &&
	! test -s got &&
	"$KBUG" -vv analyze core.log >/dev/null 2>err &&
	grep -q "function index" err &&
	echo "[ 1.0] Bluetooth: hci0: Failed to send Intel_Write_DDC (-22)" >both.log &&
	cat "$DRV/wifi.log" >>both.log &&
	summarize both.log >got &&
	! grep -q "Intel_Write_DDC" got
'

# the core's probe failure after a line of the same device (FILE: the log)
probe_after() {
	printf "%s\n" "[ 4.1] mt7601u 8-3:1.0: $1" \
		"[ 4.2] mt7601u: probe of 8-3:1.0 failed with error -110" >"$2"
}

test_expect_success 'a probe failure placed at its driver'"'"'s directory: the file of the driver'"'"'s error before it' '
	probe_after "Vendor request req:02 off:0080 failed:-71" probe.log &&
	summarize probe.log >got &&
	test "$(cat got)" = "2|mt7601u: probe failed|drivers/net/wireless/mediatek/mt7601u/usb.c|mt7601u|medium" &&
	probe_after "ASIC revision: 76010001 MAC revision: 76010500" info.log &&
	summarize info.log >got &&
	grep -q "|drivers/net/wireless/mediatek/mt7601u/|" got
'

test_expect_success 'a failure of a driver the tree has nothing of: its vendor'"'"'s, unless the kernel is newer' '
	printf "%s\n" "[ 8.5] foo_gip: loading out-of-tree module taints kernel." \
		"[ 9.9] foo-dongle 5-2:1.0: foo_dongle_fw_load: init radio failed: -110" >vendor.log &&
	summarize vendor.log >got &&
	grep -q "^2|foo-dongle .*init radio failed: -NUM||foo_dongle|low$" got &&
	"$KBUG" analyze --json vendor.log >out.json &&
	grep -q "\"out_of_tree\": *true" out.json &&
	sed 1d vendor.log >bare.log &&
	summarize bare.log >got &&
	grep -q "^1|foo-dongle .*||foo_dongle|low$" got &&
	{ echo "[ 0.0] Linux version 6.15.1 (builder@host) (gcc 14) #1 SMP" && cat bare.log; } >newer.log &&
	summarize newer.log >got &&
	! test -s got &&
	echo "[ 9.0] ieee80211 phy3: frobnication failed, -110" >class.log &&
	summarize class.log >got &&
	! test -s got
'

test_expect_success 'a module that cannot resolve a symbol; an in-tree name loaded from outside the tree' '
	echo "[ 3.1] snd_hda_codec_realtek: Unknown symbol snd_hda_gen_parse_auto_config (err -2)" >sym.log &&
	summarize sym.log >got &&
	test "$(cat got)" = "1|snd_hda_codec_realtek: unknown symbol|sound/pci/hda/|snd_hda_codec_realtek|medium" &&
	printf "%s\n" "[ 0.88] vboxsf: loading out-of-tree module taints kernel." \
		"[ 0.89] vboxsf: Unknown symbol VBoxGuestIDC (err 0)" >vbox.log &&
	summarize vbox.log >got &&
	test "$(cat got)" = "2|vboxsf: unknown symbol||vboxsf|medium" &&
	"$KBUG" analyze --json vbox.log >out.json &&
	grep -q "\"out_of_tree\": *true" out.json
'

test_expect_success 'NVIDIA'"'"'s driver failing to initialize the GPU' '
	echo "[ 217.5] NVRM: GPU 0000:05:00.0: RmInitAdapter failed! (0x62:0xffff:1622)" >nvrm.log &&
	summarize nvrm.log >got &&
	test "$(cat got)" = "1|nvidia: adapter initialization failed||nvidia|low"
'

test_expect_success 'btbcm without its firmware patch; a built-in DRM driver'"'"'s DRM_ERROR by its function' '
	printf "%s\n" "[ 2.25] bluetooth hci0: Direct firmware load for brcm/BCM20702A1-0a5c-216f.hcd failed with error -2" \
		"[ 2.26] Bluetooth: hci0: BCM: Patch brcm/BCM20702A1-0a5c-216f.hcd not found" >bcm.log &&
	summarize bcm.log >got &&
	test "$(cat got)" = "2|btbcm: firmware patch not found|drivers/bluetooth/btbcm.c|btbcm|medium" &&
	echo "[ 9.0] [drm:intel_dp_aux_xfer] *ERROR* failed to frob the aux channel" >drm.log &&
	summarize drm.log >got &&
	grep -q "^1|.*|drivers/gpu/drm/i915/display/intel_dp_aux.c||low$" got &&
	echo "[ 9.0] [drm:i915_hangcheck_elapsed] *ERROR* Hangcheck timer elapsed" >gone.log &&
	summarize gone.log >got &&
	grep -q "^1|.*|drivers/gpu/drm/i915/||low$" got &&
	echo "[ 9.0] [drm:frob_twiddle] *ERROR* Hangcheck timer elapsed" >none.log &&
	summarize none.log >got &&
	! test -s got
'

test_expect_success 'a line saying no failure word: the text its driver'"'"'s directory logs at KERN_ERR' '
	echo "[ 3.5] hid-generic 0003:046D:C52B.0003: unbalanced collection at end of report description" >hid.log &&
	summarize hid.log >got &&
	grep -q "^1|.*unbalanced collection.*|drivers/hid/hid-core.c||low$" got &&
	"$KBUG" analyze --json hid.log >out.json &&
	grep -q "\"blame_source\": *\"message-index\"" out.json &&
	echo "[ 3.5] i2c_hid i2c-ELAN0001:00: HID over i2c has not been provided an Int IRQ" >irq.log &&
	summarize irq.log >got &&
	grep -q "^1|.*|drivers/hid/i2c-hid/i2c-hid-core.c||low$" got
'

test_expect_success 'not at a lower level, not a phrase of a longer line, not a subsystem'"'"'s, not a cut-here' '
	echo "<6>[ 3.5] hid-generic 0003:046D:C52B.0003: unbalanced collection at end of report description" >info.log &&
	summarize info.log >got &&
	! test -s got &&
	echo "[ 3.5] i2c_hid i2c-ELAN0001:00: HID over i2c has not been provided an Int IRQ, yet this line goes on and on, far longer than the text the tree logs" >long.log &&
	summarize long.log >got &&
	! test -s got &&
	echo "[ 3.5] EXT4-fs (loop1): ext4_check_descriptors: Inode table for group 0 overlaps superblock" >fs.log &&
	summarize fs.log >got &&
	! test -s got &&
	echo "[ 1.0][0]------------[ cut here ]------------" >cut.log &&
	summarize cut.log >got &&
	! test -s got
'

test_expect_success 'nothing worse in the log: the text its driver logs at KERN_WARNING' '
	printf "%s\n" "[ 48.5] atkbd serio0: Unknown key pressed (translated set 2, code 0xf8 on isa0060/serio0)." \
		"[ 48.5] atkbd serio0: Use '"'"'setkeycodes e078 <keycode>'"'"' to make it known." >kbd.log &&
	summarize kbd.log >got &&
	grep -q "^2|.*setkeycodes.*|drivers/input/keyboard/atkbd.c||low$" got &&
	"$KBUG" analyze --json kbd.log >out.json &&
	grep -q "\"blame_source\": *\"message-index\"" out.json &&
	sed "s/^/<6>/" kbd.log >info.log &&
	summarize info.log >got &&
	! test -s got &&
	{ cat kbd.log && echo "[ 49.0] hid-generic 0003:046D:C52B.0003: unbalanced collection at end of report description"; } >both.log &&
	summarize both.log >got &&
	grep -q "^3|.*unbalanced collection.*|drivers/hid/hid-core.c||low$" got
'

test_expect_success 'a USB device'"'"'s name: the text alone places the line' '
	echo "[ 9.1] usb 1-1.1: Incompatible EP setup for 0x81" >ep.log &&
	summarize ep.log >got &&
	grep -q "^1|.*|sound/usb/endpoint.c||low$" got &&
	echo "[ 9.1] usb 3-1: Warning! Unlikely big volume range (=8192), cval->res is probably wrong." >vol.log &&
	summarize vol.log >got &&
	grep -q "^1|.*|sound/usb/mixer.c||low$" got
'

test_expect_success 'an interface driver'"'"'s error on its USB device; a module sharing a bus'"'"'s name' '
	echo "[ 9.1] usb 1-1.2: 1:1: usb_set_interface failed (-71)" >snd.log &&
	summarize snd.log >got &&
	grep -q "^1|.*|sound/usb/endpoint.c||low$" got &&
	echo "[ 9.1] usb 1-1.4: failed to send control message: -19" >ch341.log &&
	summarize ch341.log >got &&
	grep -q "^1|.*|drivers/usb/serial/ch341.c||low$" got &&
	echo "[ 9.1] usb 1-1: device descriptor read/64, error -71" >enum.log &&
	summarize enum.log >got &&
	grep -q "^1|.*|drivers/usb/core/" got &&
	echo "[ 406.7] rbd: rbd0: failed to acquire lock: -13" >rbd.log &&
	summarize rbd.log >got &&
	grep -q "^1|.*|drivers/block/rbd.c|" got
'

test_expect_success 'a driver the tree has nothing of: no other driver'"'"'s text places it; "couldn'"'"'t"' '
	echo "[ 14.1] tenstorrent 0000:01:00.0: Failed to initialize hwmon" >tt.log &&
	summarize tt.log >got &&
	grep -q "^1|tenstorrent .*: Failed to initialize hwmon||tenstorrent|low$" got &&
	printf "%s\n" "[ 0.0] Linux version 6.19.0 (b@h) #1 SMP" \
		"[ 12.1] amdxdna 0000:c6:00.1: [drm] *ERROR* amdxdna_probe: Hardware init failed, ret -110" >new.log &&
	summarize new.log >got &&
	! grep -q "bq24190" got &&
	echo "[ 16.4] apex 0000:08:00.0: Couldn'"'"'t initialize interrupts: -22" >apex.log &&
	summarize apex.log >got &&
	grep -q "^1|.*|apex|low$" got
'

test_expect_success 'an ACPI resource conflict: the driver that asked for the range, only when nothing else is reported' '
	printf "%s\n" "[ 85.398602] nct6775: Found NCT6793D or compatible chip at 0x2e:0x290" \
		"[ 85.398606] ACPI Warning: SystemIO range 0x0000000000000295-0x0000000000000296 conflicts with OpRegion 0x0000000000000290-0x0000000000000299 (\\_GPE.HWM) (20160108/utaddress-255)" \
		"[ 85.398609] ACPI: If an ACPI driver is available for this device, you should use it instead of the native driver" >rc.log &&
	summarize rc.log >got &&
	grep -q "^2|nct6775: ACPI resource conflict|drivers/hwmon/|nct6775|low$" got &&
	printf "%s\n" "[ 1.0] nct6687: Found NCT6686D or compatible chip at 0x002e:0x0a20" \
		"[ 1.1] ACPI Warning: SystemIO range 0x0000000000000A20-0x0000000000000A23 conflicts with OpRegion 0x0000000000000A20-0x0000000000000A22 (\\HWMB) (20230628/utaddress-204)" >oot.log &&
	summarize oot.log >got &&
	grep -q "^2|nct6687: ACPI resource conflict||nct6687|low$" got &&
	sed -n 2p rc.log >alone.log &&
	summarize alone.log >got &&
	grep -q "^1|ACPI: resource conflict|drivers/acpi/osl.c||low$" got &&
	printf "%s\n" "[ 90.0] BUG: unable to handle kernel NULL pointer dereference at 0000000000000008" \
		"[ 90.1] RIP: 0010:e1000_clean+0x1a/0x80 [e1000]" >>rc.log &&
	summarize rc.log >got &&
	test "$(wc -l <got)" = 1 &&
	grep -q "|drivers/net/ethernet/intel/e1000/e1000_main.c|" got
'

test_expect_success 'the PM core naming a USB device, not its driver: the USB core; another device: nothing' '
	echo "[ 108.4] PM: Device usb2 failed to suspend async: error -16" >usb2.log &&
	summarize usb2.log >got &&
	grep -q "^1|PM: usb failed to suspend|drivers/usb/core/|" got &&
	echo "[ 108.4] PM: Device 1-2.4 failed to resume async: error -113" >dev.log &&
	summarize dev.log >got &&
	grep -q "^1|PM: usb failed to resume|drivers/usb/core/|" got &&
	echo "[ 108.4] PM: Device 0000:01:00.0 failed to suspend async: error -16" >pci.log &&
	summarize pci.log >got &&
	! test -s got
'

test_expect_success 'a failure that ends in a negative errno, whatever its words; not a driver'"'"'s notice' '
	echo "[ 5.0] ftdi_sio ttyUSB0: usb_serial_generic_read_bulk_callback - urb stopped: -32" >errno.log &&
	summarize errno.log >got &&
	grep -q "^1|ftdi_sio: usb_serial_generic_read_bulk_callback - urb stopped: -NUM|drivers/usb/serial/" got &&
	printf "%s\n" "[ 5.0] ftdi_sio ttyUSB0: baud rate changed to -32 (odd)" \
		"[ 5.1] xt_time: kernel timezone is -0000" "[ 5.2] foo 0000:01:00.0: offset -4096" >notice.log &&
	summarize notice.log >got &&
	! test -s got
'

test_expect_success 'a message its driver'"'"'s directory does not log: the one file of its module or subsystem that does' '
	echo "[ 9.0] amdgpu 0000:03:00.0: SMU is in hanged state, failed to send smu message!" >smu.log &&
	summarize smu.log >got &&
	grep -q "^1|amdgpu: SMU is in hanged state, failed to send smu message!|drivers/gpu/drm/amd/pm/swsmu/smu_cmn.c|amdgpu|" got &&
	echo "[ 9.0] i915 0000:00:02.0: [drm] *ERROR* Failed to get ACT after 3000ms, last status: 01" >act.log &&
	summarize act.log >got &&
	grep -q "|drivers/gpu/drm/display/drm_dp_mst_topology.c|i915|" got
'

test_expect_success 'KVM'"'"'s dump of a guest whose entry failed; nouveau'"'"'s errors before 4.3' '
	printf "%s\n" "[ 6761.380049] *** Guest State ***" \
		"[ 6761.380058] CR0: actual=0x0000000080040031, shadow=0x0000000080040031, gh_mask=fffffffffffffff7" >vmcs.log &&
	summarize vmcs.log >got &&
	test "$(cat got)" = "1|kvm_intel: VM entry failed|arch/x86/kvm/vmx/vmx.c|kvm_intel|medium" &&
	echo "nouveau E[ PFIFO][0000:01:00.0] read fault at 0x000a9e0000 [PTE] from GR/GPC0/PE_2 on channel 0x007f853000" >nv.log &&
	summarize nv.log >got &&
	grep -q "^1|nouveau: error|drivers/gpu/drm/nouveau/|nouveau|" got
'

test_done
