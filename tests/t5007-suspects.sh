#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Naming the suspect: --module, --driver, --device route through the
# module's source directory; a crash whose file this MAINTAINERS' tree does
# not have is routed by its directory. The machine is the 'laptop' fixture
# root (tests/fixtures/laptop).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

ROOT=$SRC_DIR/tests/fixtures/laptop
t5_require "$ROOT/sys/bus/pci"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=

lap() {
	"$KBUG" --sysroot "$ROOT" report --upstream --maintainers "$T5_MAINT" --from "$T5_FROM" --yes \
		--dry-run "$@"
}

test_expect_success '--module e1000e: its directory, the Intel Ethernet people, its device' '
	lap --module e1000e --to email > msg 2> err &&
	grep -q "^Suspect:  drivers/net/ethernet/intel/e1000e/" err &&
	grep -q "(named with --module e1000e)" err &&
	grep -q "^Section:  INTEL ETHERNET DRIVERS" err &&
	grep -q "^Subject: problem with the module e1000e" msg &&
	grep -q "intel-wired-lan@lists.osuosl.org" msg &&
	grep -A1 "^Devices involved:" msg | grep -q "0000:00:1f.6 \[8086:1a1f\].*driver e1000e"
'

test_expect_success '--driver snd_hda_intel: sound, and the taint by nvidia noted' '
	lap --driver snd_hda_intel --to email > msg 2> err &&
	grep -q "^Suspect:  sound/pci/hda/" err &&
	grep -q "^Section:  SOUND" err &&
	grep -q "^Note:     the kernel is tainted.*by nvidia (POE)" err &&
	grep -q "0000:00:1f.3 \[8086:51c8\]" msg
'

test_expect_success '--device 0000:00:1f.6: through its driver module' '
	lap --device 0000:00:1f.6 --to email > msg 2> err &&
	grep -q "^Suspect:  drivers/net/ethernet/intel/e1000e/" err &&
	grep -q "(named with --device 0000:00:1f.6)" err &&
	grep -q "^Subject: problem with the device 0000:00:1f.6" msg
'

test_expect_success 'a device nobody drives: a clear error, exit 1' '
	test_expect_code 1 lap --device 0000:00:99.0 2> err &&
	grep -q "0000:00:99.0" err
'

test_expect_success 'the crash names a file the tree lacks: routed by its directory, B: a web page' '
	lap > body 2> err &&
	grep -q "^Note:     .drivers/gpu/drm/i915/intel_display.c. is not in this MAINTAINERS. tree" err &&
	grep -q "^Suspect:  drivers/gpu/drm/i915/" err &&
	grep -q "^Channel:  web" err &&
	grep -q "^B:        https://drm.pages.freedesktop.org/" err &&
	test -s body
'

test_done
