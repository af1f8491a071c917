#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# No kernel report in the log, in a real terminal (tmux): instead of a list
# of options and exit 1, a short menu: a device from the collected lists
# (PCI slots, USB ports named as --device takes them), a module, the boot
# before (from the journal), a saved log, or the problem described (to
# LKML). The laptop fixture root with a clean log; a journal of two boots
# made with systemd-journal-remote, as t5014 does.
# KBUG_SCREENS=DIR saves the screens as the user saw them (docs/screens.md).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

JR=/lib/systemd/systemd-journal-remote
t5_require tmux "$JR"
. "$TESTS_DIR/lib-tmux.sh"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
CRASH=$TESTS_DIR/fixtures/pstore/sys/fs/pstore/dmesg-efi-173340000001001
smtp_start mail

# the laptop, its own boot clean; the journal: 111... held the crash, 222... is this one
R=$TRASH/root
cp -r "$TESTS_DIR/fixtures/laptop" "$R"
printf '6,1,0,-;Linux version 6.12.118-1-amd64\n6,2,100,-;all is well\n' > "$R/dev/kmsg"
mkdir -p "$R/var/log/journal"
echo 22222222-2222-2222-2222-222222222222 > "$R/proc/sys/kernel/random/boot_id"
{
	t=1000
	sed -n 's/^<[0-9]>\[ *[0-9.]*\] //p' "$CRASH" | while IFS= read -r line; do
		t=$((t + 1))
		printf '_BOOT_ID=11111111111111111111111111111111\n_TRANSPORT=kernel\nPRIORITY=4\n'
		printf '__REALTIME_TIMESTAMP=17000000%08d\n__MONOTONIC_TIMESTAMP=%d\n' "$t" "$t"
		printf 'MESSAGE=%s\n\n' "$line"
	done
	printf '_BOOT_ID=22222222222222222222222222222222\n_TRANSPORT=kernel\nPRIORITY=6\n'
	printf '__REALTIME_TIMESTAMP=1700100000000000\n__MONOTONIC_TIMESTAMP=5\n'
	printf 'MESSAGE=Linux version 6.12.118-1-amd64 (this boot)\n\n'
} > "$TRASH/export.txt"
"$JR" --split-mode=none -o "$R/var/log/journal/test.journal" - < "$TRASH/export.txt" 2>/dev/null

# shellcheck disable=SC2034 # used inside the test bodies
# The laptop runs Debian's old kernel tainted by nvidia: the two guideline
# questions, go on. A kbug that asks whether a vanilla kernel has the problem
# too (a distribution's kernel, --upstream) hears yes: the report goes upstream.
go_on() {
	local _ said=
	for _ in $(seq 1 200); do
		screen_save "$1" "$TRASH/$1.screen"
		grep -qF "[1/2]" "$TRASH/$1.screen" && break
		if [ -z "$said" ] && grep -qF "[y/N]" "$TRASH/$1.screen"; then
			keys "$1" y Enter
			said=1
		fi
		sleep 0.1
	done
	wait_for "$1" "[1/2]" && keys "$1" Enter && wait_for "$1" "[2/2]" && keys "$1" Enter
}

cmd="'$KBUG' --sysroot '$R' report --maintainers '$T5_MAINT' --from '$T5_FROM' --to email \
--smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox '$TRASH/ob'"

test_expect_success 'a clean log in a terminal: the menu, with PCI and USB devices' '
	tmux_run n1 "$cmd" &&
	wait_for n1 "Choose:" &&
	save n1 no-crash-menu &&
	grep -q "^No kernel crash, oops or warning was found in this kernel.s log." n1.screen &&
	grep -Eq "^ +1\) 0000:00:02.0 +i915 +Alder Lake-P Integrated Graphics Controller" n1.screen &&
	grep -Eq "^ +[0-9]+\) usb:1-1 +btusb +AX211 Bluetooth" n1.screen &&
	grep -Eq "^ +[0-9]+\) usb:1-2 +uvcvideo +Integrated Camera" n1.screen &&
	! grep -q "usb:usb1\|usb:1-3 " n1.screen &&
	grep -q "m) a module, by its name" n1.screen &&
	grep -q "b) the boot before this one" n1.screen &&
	grep -q "l) a saved kernel log" n1.screen &&
	grep -q "d) none of these: describe the problem" n1.screen &&
	grep -q "q) quit" n1.screen
'

test_expect_success 'pick the Bluetooth adapter: routed as --device usb:1-1, sent' '
	n=$(sed -n "s/^ *\([0-9]*\)) usb:1-1 .*/\1/p" n1.screen) &&
	keys n1 "z" Enter && wait_for n1 "Type a number from the list" &&
	keys n1 "$n" Enter && go_on n1 &&
	wait_for n1 "Subject [problem with the device usb:1-1]:" &&
	grep -q "(named with --device usb:1-1" n1.screen &&
	keys n1 "btusb: no Bluetooth after resume" Enter &&
	wait_for n1 "What happened?" && keys n1 "Bluetooth is gone after resume." Enter Enter &&
	wait_for n1 "Choose [s]:" && keys n1 "s" Enter &&
	test "$(wait_rc n1)" = 0 &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "^Subject: btusb: no Bluetooth after resume" "$SMTP_DIR/1.eml" &&
	grep -q "linux-bluetooth@vger.kernel.org" "$SMTP_DIR/1.eml"
'

test_expect_success 'pick the boot before: its crash is found in the journal and reported' '
	tmux_run n2 "$cmd" &&
	wait_for n2 "Choose:" && keys n2 "b" Enter &&
	wait_for n2 "Which one to report? [2]" && keys n2 Enter && go_on n2 &&
	wait_for n2 "What happened?" &&
	grep -q "^Report:   BUG: unable to handle kernel NULL pointer dereference in iwl_trans_pcie_dump_data" n2.screen &&
	keys n2 "It froze on the train." Enter Enter &&
	wait_for n2 "Choose [s]:" && keys n2 "l" Enter &&
	test "$(wait_rc n2)" = 3
'

test_expect_success 'describe the problem: it goes to LKML with the subject asked' '
	n0=$(count_msgs "$SMTP_DIR") &&
	tmux_run n3 "$cmd" &&
	wait_for n3 "Choose:" && keys n3 "d" Enter && go_on n3 &&
	wait_for n3 "Subject:" &&
	grep -q "The report goes to the kernel.s mailing list, linux-kernel@vger.kernel.org: say in the" n3.screen &&
	keys n3 "Lid close does not suspend" Enter &&
	wait_for n3 "What happened?" && keys n3 "Closing the lid does nothing." Enter Enter &&
	wait_for n3 "Choose [s]:" &&
	grep -q "^To:          linux-kernel@vger.kernel.org" n3.screen &&
	keys n3 "s" Enter && test "$(wait_rc n3)" = 0 &&
	test "$(count_msgs "$SMTP_DIR")" = $((n0 + 1)) &&
	grep -q "^Subject: Lid close does not suspend" "$SMTP_DIR/$((n0 + 1)).eml" &&
	grep -q "^To: linux-kernel@vger.kernel.org" "$SMTP_DIR/$((n0 + 1)).eml"
'

test_expect_success 'quit; without a terminal the list of options, USB devices in it (exit 1)' '
	tmux_run n4 "$cmd" &&
	wait_for n4 "Choose:" && keys n4 "q" Enter &&
	test "$(wait_rc n4)" = 1 &&
	wait_for n4 "Nothing was saved or sent." &&
	test_expect_code 1 "$KBUG" --sysroot "$R" report --maintainers "$T5_MAINT" < /dev/null 2> err &&
	grep -q "kbug report --module NAME" err && ! grep -q "Choose:" err &&
	grep -Eq "^  usb:1-1 +btusb +AX211 Bluetooth" err && grep -Eq "^  0000:00:02.0 +i915 " err
'

test_done
