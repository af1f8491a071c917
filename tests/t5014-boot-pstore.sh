#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The boot that crashed: kbug report --boot -1 reads the boot before from
# the systemd journal; when this boot's log is clean, kbug says what pstore
# kept (/sys/fs/pstore, /var/lib/systemd/pstore) and how to report it, and
# when nothing keeps crash logs, how to enable that. --sysroot roots: the
# laptop fixture, the pstore overlay (tests/fixtures/pstore), a journal
# made here with systemd-journal-remote. In a terminal (tmux).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

JR=/lib/systemd/systemd-journal-remote
t5_require tmux "$JR"
. "$TESTS_DIR/lib-tmux.sh"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
PSTORE=$TESTS_DIR/fixtures/pstore
CRASH=$PSTORE/sys/fs/pstore/dmesg-efi-173340000001001

# a root whose own boot is clean
clean_root() {
	cp -r "$TESTS_DIR/fixtures/laptop" "$1" &&
	printf '6,1,0,-;Linux version 6.12.118-1-amd64\n6,2,100,-;all is well\n' > "$1/dev/kmsg"
}

# the journal of two boots: 111... held the crash, 222... is this one
journal() {
	local prev=11111111111111111111111111111111 cur=22222222222222222222222222222222 t=1000
	mkdir -p "$1/var/log/journal"
	echo 22222222-2222-2222-2222-222222222222 > "$1/proc/sys/kernel/random/boot_id"
	{
		sed -n 's/^<[0-9]>\[ *[0-9.]*\] //p' "$CRASH" | while IFS= read -r line; do
			t=$((t + 1))
			printf '_BOOT_ID=%s\n_TRANSPORT=kernel\nPRIORITY=4\n' "$prev"
			printf '__REALTIME_TIMESTAMP=17000000%08d\n__MONOTONIC_TIMESTAMP=%d\n' "$t" "$t"
			printf 'MESSAGE=%s\n\n' "$line"
		done
		printf '_BOOT_ID=%s\n_TRANSPORT=kernel\nPRIORITY=6\n' "$cur"
		printf '__REALTIME_TIMESTAMP=1700100000000000\n__MONOTONIC_TIMESTAMP=5\n'
		printf 'MESSAGE=Linux version 6.12.118-1-amd64 (this boot)\n\n'
	} > "$TRASH/export.txt"
	"$JR" --split-mode=none -o "$1/var/log/journal/test.journal" - < "$TRASH/export.txt" 2>/dev/null
}

test_expect_success 'a clean boot, pstore records: what was found and how to report it' '
	clean_root ps && cp -r "$PSTORE/sys" "$PSTORE/var" ps/ &&
	tmux_run p1 "\"$KBUG\" --sysroot \"$TRASH/ps\" report --upstream --maintainers \"$T5_MAINT\"" &&
	wait_for p1 "Choose:" &&
	grep -q "An earlier crash left 2 records in pstore" p1.screen &&
	save p1 clean-boot-pstore &&
	keys p1 q Enter && test "$(wait_rc p1)" = 1 &&
	grep -q "ps/sys/fs/pstore/dmesg-efi-173340000001001 (1214 bytes)" p1.screen &&
	grep -q "ps/var/lib/systemd/pstore/1733350000/dmesg-efi-173335000001001 (1214 bytes)" p1.screen &&
	grep -q "kbug report --log .*/ps/var/lib/systemd/pstore/1733350000/dmesg-efi-" p1.screen &&
	grep -q "kbug report --boot -1" p1.screen &&
	grep -q "The newest record holds: BUG: unable to handle kernel NULL pointer dereference in iwl_trans_pcie_dump_data" p1.screen &&
	! grep -q "Nothing on this machine kept" p1.screen
'

test_expect_success 'the pstore record itself is a log kbug reports from' '
	"$KBUG" report --log "$CRASH" --file drivers/net/wireless/intel/iwlwifi/pcie/trans.c \
		--report 1 --maintainers "$T5_MAINT" --from "$T5_FROM" --to email --yes --dry-run \
		> msg 2> err &&
	grep -q "iwl_trans_pcie_dump_data" msg
'

test_expect_success 'a clean boot and no pstore: how to keep crash logs next time' '
	clean_root np &&
	"$KBUG" --sysroot "$TRASH/np" report --upstream --maintainers "$T5_MAINT" --yes 2> err < /dev/null ||
	test $? = 1 &&
	grep -q "Nothing on this machine kept the log of a crash" err &&
	grep -q "systemctl enable systemd-pstore.service" err &&
	grep -q "printk.always_kmsg_dump=1 and crash_kexec_post_notifiers=1" err &&
	grep -q "Storage=persistent" err
'

test_expect_success 'report --boot -1: the boot before from the journal, in a terminal' '
	clean_root jr && journal "$TRASH/jr" &&
	tmux_run j1 "\"$KBUG\" --sysroot \"$TRASH/jr\" report --upstream --boot -1 --maintainers \"$T5_MAINT\" \
--file drivers/net/wireless/intel/iwlwifi/pcie/trans.c --report 1 --from \"$T5_FROM\" --to email \
--smtp-url smtp://127.0.0.1:1 --outbox \"$TRASH/ob\"" &&
	wait_for j1 "[1/2] the kernel is tainted" && keys j1 Enter &&
	wait_for j1 "[2/2] this kernel was built on" && keys j1 Enter &&
	wait_for j1 "What happened?" &&
	keys j1 "The laptop froze on the train; it rebooted by itself." Enter Enter &&
	wait_for j1 "Choose [s]:" &&
	keys j1 "f" Enter && wait_for j1 "Which one?" &&
	grep -q ") dmesg.txt" j1.screen &&
	n=$(sed -n "s/^  \([0-9]*\)) dmesg.txt$/\1/p" j1.screen) &&
	keys j1 "$n" Enter &&
	wait_for j1 "----- end of attachment-dmesg.txt -----" &&
	grep -q "iwl_trans_pcie_dump_data" j1.screen &&
	grep -q "Kernel panic - not syncing: Fatal exception" j1.screen &&
	! grep -q "(this boot)" j1.screen &&
	keys j1 "l" Enter && test "$(wait_rc j1)" = 3 &&
	test_expect_code 2 "$KBUG" report --boot -1 --log "$CRASH"
'

test_done
