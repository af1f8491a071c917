#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug report as an ordinary user whose kernel keeps its log to root
# (kernel.dmesg_restrict = 1): kbug says the log could not be read and how
# to get it (the journal groups, sudo dmesg), and never that the log holds
# no crash. A --sysroot copy of the laptop fixture with /dev/kmsg readable
# by root only, run as nobody, in a terminal (tmux).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

[ "$(id -u)" = 0 ] || test_skip_all_env 'needs root to drop to nobody'
t5_require tmux setpriv
. "$TESTS_DIR/lib-tmux.sh"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=

cp -r "$TESTS_DIR/fixtures/laptop" "$TRASH/root"
echo 1 > "$TRASH/root/proc/sys/kernel/dmesg_restrict"
chmod -R a+rX "$TRASH"
chmod 0777 "$TRASH"
chmod 0600 "$TRASH/root/dev/kmsg"

# shellcheck disable=SC2034 # used inside the test bodies
as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups --"

test_expect_success 'as nobody: the log could not be read, how to get it, no clean log claimed' '
	tmux_run u1 "$as_nobody env HOME=$TRASH \"$KBUG\" --sysroot \"$TRASH/root\" report --upstream \
--maintainers \"$T5_MAINT\" --to email --outbox \"$TRASH/ob\"" &&
	test "$(wait_rc u1)" = 1 &&
	wait_for u1 "kbug could not read the kernel log, so it cannot tell whether the kernel reported a crash:" &&
	grep -q "cannot read ./dev/kmsg.: Permission denied" u1.screen &&
	grep -q "kernel.dmesg_restrict = 1" u1.screen &&
	grep -q "adm or systemd-journal" u1.screen &&
	grep -q "sudo dmesg > kernel.log && kbug report --log kernel.log" u1.screen &&
	! grep -q "No kernel crash" u1.screen &&
	! grep -q "was found" u1.screen
'

test_expect_success 'the same without a terminal, and a named suspect goes on without the log' '
	$as_nobody env HOME="$TRASH" "$KBUG" --sysroot "$TRASH/root" report --upstream \
		--maintainers "$T5_MAINT" --yes --dry-run > out 2> err < /dev/null && false ||
	test $? = 1 &&
	grep -q "kbug could not read the kernel log" err && ! grep -q "No kernel crash" err &&
	$as_nobody env HOME="$TRASH" "$KBUG" --sysroot "$TRASH/root" report --upstream \
		--maintainers "$T5_MAINT" --file drivers/net/wireless/intel/iwlwifi/pcie/drv.c \
		--from "$T5_FROM" --to email --yes --dry-run > msg 2> err2 < /dev/null &&
	grep -q "kbug could not read the kernel log" err2 &&
	grep -q "^Subject: problem in drivers/net/wireless/intel/iwlwifi/pcie/drv.c" msg
'

test_done
