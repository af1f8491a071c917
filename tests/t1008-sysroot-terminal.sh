#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# Issue 18, items 12 and 13. --sysroot keeps every read inside the root:
# absolute and ".." symlinks resolve below the root as they would for a
# chroot, never to the host's files; a missing sysroot is an error naming
# it. Text from outside (MAINTAINERS names, --summary, the outbox) reaches
# the terminal without its control characters, and a name holding one does
# not lose its recipient.
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

# no_controls FILE...: none of ESC, BEL, CR or other C0 controls but tab/newline
no_controls() {
	! LC_ALL=C grep -q "$(printf "[\001-\010\013-\037\177]")" "$@"
}

evil_maintainers() {
	printf "List of maintainers\n\nTHE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	printf "L:\tlinux-kernel@vger.kernel.org\nS:\tBuried\nF:\t*\nF:\t*/\n\n"
	printf "EVIL \033[31mDRIVER\nM:\tEvil \033]2;pwned\007Maint <evil@example.org>\n"
	printf "M:\tGood Maint <good@example.org>\nS:\tMaintained\nF:\tdrivers/x/\n\n"
	printf "GH \033[1mDRIVER\nM:\tOcto \033]2;pwned\007Cat <octo@example.org>\n"
	printf "B:\thttps://github.com/example/ghdrv/issues\nS:\tMaintained\nF:\tdrivers/gh/\n"
}

LOG=$CORPUS_DIR/qemu-lkdtm-warning.log
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG= HOME=$TRASH

test_expect_success 'a MAINTAINERS name with control characters keeps its recipient, shown clean' '
	evil_maintainers >M &&
	"$KBUG" report --log "$LOG" --maintainers M --from "Ada <ada@example.org>" --yes --dry-run \
		--file drivers/x/main.c --report 1 --summary "$(printf "bad \033]2;title\007 summary")" \
		>out 2>err &&
	no_controls out err &&
	grep -q "^To: .*evil@example.org" out &&
	grep -q "^To: .*good@example.org" out &&
	! grep -q "skipping the recipient" err
'

test_expect_success 'the outbox listing of a --summary with control characters is clean' '
	evil_maintainers >M &&
	test_expect_code 3 "$KBUG" report --log "$LOG" --maintainers M --from "Ada <ada@example.org>" \
		--yes --outbox ob --file drivers/gh/main.c --report 1 \
		--summary "$(printf "bad \033]2;title\007 summary")" >out 2>err &&
	no_controls out err &&
	"$KBUG" outbox --outbox ob >list 2>&1 &&
	no_controls list &&
	grep -q "bad ?]2;title? summary" list
'

test_done
