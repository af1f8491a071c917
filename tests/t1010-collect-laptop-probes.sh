#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# Issue 22: the probes a laptop report needs, over the laptop fixture
# (tests/fixtures/laptop). They run when named with --probe, or when the
# suspect is in their area (tests/unit/test-probe-run.c checks that rule);
# never by default, and never with a serial number.
. "$(dirname "$0")/lib.sh"
FIX=$TESTS_DIR/fixtures

# check FILE PYTHON-CODE: run code with `d` the parsed report
check() {
	"$PYTHON" -c "import json, sys; d = json.load(open(sys.argv[1])); exec(sys.argv[2])" "$1" "$2"
}

test_expect_success 'the laptop probes are listed with the rule that chooses them' '
	"$KBUG" collect --list-probes >list &&
	grep -A1 "^gpu " list | grep -q "/sys/class/drm" &&
	grep "^gpu " list | grep -q "suspect is in drivers/gpu/" &&
	grep "^audio " list | grep -q "suspect is in sound/" &&
	grep "^power " list | grep -q "suspect is in kernel/power/" &&
	grep "^firmware " list | grep -q "kernel log only" &&
	test "$(grep -c "runs when the suspect is in" list)" = 4
'

test_expect_success 'without a suspect and unnamed, the laptop probes do not run' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact --probe dmi >none.json &&
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact >all.json &&
	check none.json "assert \"gpu\" not in d" &&
	check all.json "assert not {\"gpu\", \"audio\", \"power\", \"firmware\"} & set(d), list(d)"
'

test_expect_success 'gpu: cards, connectors, EDID summaries and the error state' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact --probe gpu >gpu.json &&
	check gpu.json "
g = d[\"gpu\"]
assert d[\"errors\"] == [], d[\"errors\"]
assert g[\"cards\"] == [{\"name\": \"card0\", \"driver\": \"i915\", \"bus_id\": \"0000:00:02.0\",
                        \"pci_id\": \"8086:46a6\", \"error_state\": \"gpu-error-card0.txt\"}], g[\"cards\"]
c = {x[\"name\"]: x for x in g[\"connectors\"]}
assert sorted(c) == [\"card0-DP-1\", \"card0-HDMI-A-1\", \"card0-eDP-1\"], sorted(c)
e = c[\"card0-eDP-1\"]
assert (e[\"status\"], e[\"enabled\"], e[\"modes\"]) == (\"connected\", \"enabled\", 3), e
assert e[\"edid\"] == {\"manufacturer\": \"BOE\", \"product_code\": \"0x0974\", \"year\": 2021,
                     \"version\": \"1.4\"}, e[\"edid\"]
h = c[\"card0-HDMI-A-1\"]
assert (h[\"status\"], h[\"modes\"]) == (\"disconnected\", 0) and \"edid\" not in h, h
assert c[\"card0-DP-1\"][\"edid\"] == \"not an EDID\"
a = [x for x in d[\"attachments\"] if x[\"name\"] == \"gpu-error-card0.txt\"]
assert len(a) == 1 and a[0][\"size\"] == 608, a
"
'

test_expect_success 'gpu: the EDID serial (bytes 12-15, descriptor 0xff) is never reported' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact --probe gpu --output o.json &&
	! grep -qi -e 305419896 -e 12345678 -e SN8A7X0042 o.json
'

test_expect_success 'gpu: "No error state collected" attaches nothing' '
	rm -rf root && cp -a "$FIX/laptop" root &&
	echo "No error state collected" >root/sys/class/drm/card0/error &&
	"$KBUG" --sysroot "$TRASH/root" collect --json --no-redact --probe gpu >ne.json &&
	check ne.json "
assert d[\"gpu\"][\"cards\"][0][\"error_state\"] == \"none\", d[\"gpu\"]
assert not [a for a in d.get(\"attachments\", []) if a[\"name\"].startswith(\"gpu-error\")]
"
'

test_expect_success 'gpu: an error state over 512 KiB is attached cut, and says so' '
	rm -rf root && cp -a "$FIX/laptop" root &&
	"$PYTHON" -c "import sys; sys.stdout.write(\"i915 GPU error state\n\" + \"x\" * 700000)" \
		>root/sys/class/drm/card0/error &&
	"$KBUG" --sysroot "$TRASH/root" collect --json --no-redact --probe gpu >big.json &&
	check big.json "
c = d[\"gpu\"][\"cards\"][0]
assert c[\"error_state_truncated\"] is True, c
a = [x for x in d[\"attachments\"] if x[\"name\"] == \"gpu-error-card0.txt\"]
assert a[0][\"size\"] == 512 * 1024, a
"
'

test_expect_success 'gpu: a machine without /sys/class/drm is an error naming it' '
	"$KBUG" --sysroot "$FIX/minimal" collect --json --no-redact --probe gpu >min.json &&
	check min.json "
assert any(e[\"probe\"] == \"gpu\" and \"/sys/class/drm\" in e[\"message\"] for e in d[\"errors\"]), d[\"errors\"]
"
'

test_expect_success 'audio: the ALSA cards and their HDA codecs' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact --probe audio >au.json &&
	check au.json "
assert d[\"errors\"] == [], d[\"errors\"]
c = d[\"audio\"][\"cards\"]
assert [(x[\"index\"], x[\"id\"], x[\"driver\"], x[\"name\"]) for x in c] == [
    (0, \"PCH\", \"HDA-Intel\", \"HDA Intel PCH\"),
    (1, \"C920\", \"USB-Audio\", \"HD Pro Webcam C920\")], c
assert c[0][\"long_name\"] == \"HDA Intel PCH at 0x603e1f0000 irq 147\", c[0]
assert c[0][\"codecs\"] == [
    {\"address\": 0, \"codec\": \"Realtek ALC287\", \"vendor_id\": \"0x10ec0287\",
     \"subsystem_id\": \"0x17aa22f2\", \"revision_id\": \"0x100002\"},
    {\"address\": 2, \"codec\": \"Intel Alderlake HDMI\", \"vendor_id\": \"0x80862815\",
     \"subsystem_id\": \"0x80860101\", \"revision_id\": \"0x100000\"}], c[0][\"codecs\"]
assert \"codecs\" not in c[1], c[1]
"
'

test_expect_success 'audio: no sound card at all is an error naming /proc/asound/cards' '
	"$KBUG" --sysroot "$FIX/minimal" collect --json --no-redact --probe audio >am.json &&
	check am.json "
assert any(e[\"probe\"] == \"audio\" and \"/proc/asound/cards\" in e[\"message\"] for e in d[\"errors\"])
"
'

test_expect_success 'power: suspend statistics, sleep states, thermal zones, supplies' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact --probe power >pw.json &&
	check pw.json "
assert d[\"errors\"] == [], d[\"errors\"]
p = d[\"power\"]
s = p[\"suspend_stats\"]
assert (s[\"success\"], s[\"fail\"], s[\"failed_suspend\"]) == (14, 1, 1), s
assert (s[\"last_failed_dev\"], s[\"last_failed_errno\"], s[\"last_failed_step\"]) == (
    \"0000:00:14.3\", -16, \"suspend\"), s
assert p[\"mem_sleep\"] == {\"selected\": \"deep\", \"available\": [\"s2idle\", \"deep\"]}
assert p[\"state\"] == [\"freeze\", \"mem\", \"disk\"]
assert [(z[\"name\"], z[\"type\"], z[\"temp\"]) for z in p[\"thermal_zones\"]] == [
    (\"thermal_zone0\", \"acpitz\", 48000), (\"thermal_zone1\", \"x86_pkg_temp\", 61000)]
b = {x[\"name\"]: x for x in p[\"power_supplies\"]}
assert b[\"AC\"] == {\"name\": \"AC\", \"type\": \"Mains\", \"online\": 0}, b[\"AC\"]
bat = b[\"BAT0\"]
assert (bat[\"type\"], bat[\"status\"], bat[\"capacity\"]) == (\"Battery\", \"Discharging\", 83)
assert (bat[\"manufacturer\"], bat[\"model_name\"]) == (\"SMP\", \"5B10W13975\"), bat
assert \"serial_number\" not in bat
" &&
	! grep -q 4711 pw.json
'

test_expect_success 'power: a machine without any of its sources is an error' '
	rm -rf empty && mkdir -p empty/sys &&
	"$KBUG" --sysroot "$TRASH/empty" collect --json --no-redact --probe power >pe.json &&
	check pe.json "
assert any(e[\"probe\"] == \"power\" and \"/sys/power\" in e[\"message\"] for e in d[\"errors\"])
"
'

test_expect_success 'firmware: net and Bluetooth drivers, ACPI tables, block models' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact --probe firmware >fw.json &&
	check fw.json "
assert d[\"errors\"] == [], d[\"errors\"]
f = d[\"firmware\"]
assert f[\"net\"] == [
    {\"name\": \"eno1\", \"driver\": \"e1000e\", \"bus_id\": \"0000:00:1f.6\"},
    {\"name\": \"wlp0s20f3\", \"driver\": \"iwlwifi\", \"bus_id\": \"0000:00:14.3\",
     \"wiphy\": \"phy0\"}], f[\"net\"]
assert f[\"bluetooth\"] == [{\"name\": \"hci0\", \"driver\": \"btusb\", \"bus_id\": \"1-1:1.0\"}]
t = {x[\"name\"]: x[\"size\"] for x in f[\"acpi_tables\"]}
assert t[\"DSDT\"] == 61234 and t[\"FACS\"] == 64 and len(t) == 9 and \"dynamic\" not in t, t
assert f[\"block\"] == [
    {\"name\": \"nvme0n1\", \"model\": \"SAMSUNG MZVL2512HCJQ-00BL7\", \"firmware_rev\": \"GXA7801Q\"},
    {\"name\": \"sda\", \"vendor\": \"ATA\", \"model\": \"Samsung SSD 870\", \"rev\": \"2B6Q\"}], f[\"block\"]
" &&
	! grep -q S64KNX0T123456 fw.json
'

test_expect_success 'firmware: a machine without any of its sources is an error' '
	rm -rf empty && mkdir -p empty/sys &&
	"$KBUG" --sysroot "$TRASH/empty" collect --json --no-redact --probe firmware >fe.json &&
	check fe.json "
assert any(e[\"probe\"] == \"firmware\" and \"/sys/block\" in e[\"message\"] for e in d[\"errors\"])
"
'

# a MAINTAINERS of two sections, enough for report to route
cat >"$TRASH/MAINTAINERS" <<-\EOF
	INTEL DRM I915 DRIVER
	M:	Jani Nikula <jani.nikula@linux.intel.com>
	L:	intel-gfx@lists.freedesktop.org
	F:	drivers/gpu/drm/i915/

	EXT4 FILE SYSTEM
	M:	"Theodore Ts'o" <tytso@mit.edu>
	L:	linux-ext4@vger.kernel.org
	F:	fs/ext4/
EOF

# report FILE OUT: a dry-run report on the laptop with FILE as the suspect
report() {
	"$KBUG" --sysroot "$FIX/laptop" --json report --dry-run --yes --no-redact \
		--maintainers "$TRASH/MAINTAINERS" --from "A <a@example.org>" --file "$1" >"$2" 2>/dev/null
}

test_expect_success 'report: the suspect chosen, the probes of its area run after routing' '
	report drivers/gpu/drm/i915/i915_gem.c gpurep.json &&
	check gpurep.json "
assert \"gpu\" in d and not {\"audio\", \"power\"} & set(d), list(d)
assert \"gpu-error-card0.txt\" in [a[\"name\"] for a in d[\"attachments\"]]
"
'

test_expect_success 'report: a suspect outside every area runs none, whatever else the log holds' '
	report fs/ext4/inode.c ext4rep.json &&
	check ext4rep.json "assert not {\"gpu\", \"audio\", \"power\", \"firmware\"} & set(d), list(d)"
'

test_done
