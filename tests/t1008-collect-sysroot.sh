#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# --sysroot keeps every read inside the root (issue 18, item 12): absolute
# and ".." symlinks resolve below the root as they would for a chroot, never
# to the host's files; a missing sysroot is an error naming it.
. "$(dirname "$0")/lib.sh"
FIX=$TESTS_DIR/fixtures

# A copy of the minimal root with DMI files linking out of it, and a
# "host" file the links aim at.
make_root() {
	rm -rf root && cp -r "$FIX/minimal" root &&
	mkdir -p root/sys/class/dmi/id root/etc root/sys/bus/usb/devices root/sys/module &&
	echo HOSTSECRET-abs >"$TRASH/host-secret" &&
	echo inside-root >root/etc/inside &&
	ln -s "$TRASH/host-secret" root/sys/class/dmi/id/product_version &&
	ln -s ../../../../../../../../../../"$TRASH"/host-secret root/sys/class/dmi/id/product_name &&
	ln -s /etc/inside root/sys/class/dmi/id/sys_vendor &&
	ln -s "$TRASH" root/sys/class/dmi/id/bios_link &&
	echo 1.0 >root/sys/class/dmi/id/bios_version
}

test_expect_success 'absolute and ".." symlinks below --sysroot stay inside it' '
	make_root &&
	"$KBUG" --sysroot "$TRASH/root" collect --json --no-redact --probe dmi >d.json &&
	! grep -q HOSTSECRET d.json &&
	grep -q "inside-root" d.json &&
	grep -q "1.0" d.json
'

test_expect_success 'KBUG_SYSROOT is held to the root as --sysroot' '
	make_root &&
	KBUG_SYSROOT=$TRASH/root "$KBUG" collect --json --no-redact --probe dmi >e.json &&
	! grep -q HOSTSECRET e.json &&
	grep -q "inside-root" e.json
'

test_expect_success 'a directory symlinked out of the root is not listed' '
	make_root &&
	mkdir -p "$TRASH/hostusb/9-9" && echo HOSTSECRET-usb >"$TRASH/hostusb/9-9/serial" && echo 1d6b >"$TRASH/hostusb/9-9/idVendor" && echo 0002 >"$TRASH/hostusb/9-9/idProduct" && echo 9 >"$TRASH/hostusb/9-9/busnum" && echo 9 >"$TRASH/hostusb/9-9/devnum" &&
	rmdir root/sys/bus/usb/devices && ln -s "$TRASH/hostusb" root/sys/bus/usb/devices &&
	"$KBUG" --sysroot "$TRASH/root" collect --json --probe usb >u.json 2>err || true &&
	! grep -q "9-9\|HOSTSECRET" u.json
'

test_expect_success 'a missing --sysroot is an error naming it, exit 1' '
	test_expect_code 1 "$KBUG" --sysroot "$TRASH/nosuch" collect --json >out 2>err &&
	grep -q "$TRASH/nosuch" err &&
	test ! -s out &&
	echo x >plain &&
	test_expect_code 1 "$KBUG" --sysroot "$TRASH/plain" collect --json >out 2>err &&
	grep -q "$TRASH/plain" err
'

test_expect_success 'a missing KBUG_SYSROOT is an error naming it, exit 1' '
	KBUG_SYSROOT=$TRASH/nosuch test_expect_code 1 "$KBUG" collect --json >out 2>err &&
	grep -q "$TRASH/nosuch" err
'

test_done
