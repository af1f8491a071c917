#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What Documentation/admin-guide/reporting-issues.rst asks before sending:
# a tainted kernel (which module), a distribution kernel (and where the
# distribution takes reports, from the config), an old kernel. A machine
# root made of files (--sysroot) plays a Debian laptop with nvidia loaded.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
export XDG_CONFIG_HOME=$TRASH/nothing KBUG_CONFIG=
S=$TRASH/root
mkdir -p $S/proc/sys/kernel $S/sys/module/nvidia $S/sys/module/e1000 $S/etc/kbug
echo 6.1.0-13-amd64 > $S/proc/sys/kernel/osrelease
echo "#1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 (2023-09-29)" > $S/proc/sys/kernel/version
echo "Linux version 6.1.0-13-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 (2023-09-29)" > $S/proc/version
echo "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet" > $S/proc/cmdline
echo 4097 > $S/proc/sys/kernel/tainted
echo PO > $S/sys/module/nvidia/taint
printf 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n' > $S/etc/os-release
printf '[distro]\nbugs = https://www.debian.org/Bugs/Reporting\n' > $S/etc/kbug/config

test_expect_success 'tainted by nvidia, Debian kernel, built in 2023: three notes, in the body too' '
	"$KBUG" --sysroot "$S" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --dry-run --yes > msg 2> err &&
	grep -q "^Note:     the kernel is tainted (PO), by nvidia (PO):.*upstream developers may ignore" err &&
	grep -q "^Note:     this is debian.s kernel (Debian GNU/Linux 12 (bookworm)): the report goes to the distribution.s tracker, https://www.debian.org/Bugs/Reporting" err &&
	grep -q "^Note:     this kernel was built on 2023-09-29, more than six months ago" err &&
	grep -q "^Tainted:  4097 (PO), by nvidia (PO)" msg &&
	grep -q "^Notes from kbug.s checks (Documentation/admin-guide/reporting-issues.rst):" msg &&
	grep -q "^- the kernel is tainted" msg &&
	grep -q "^  https://www.debian.org/Bugs/Reporting\|Bugs/Reporting$" msg &&
	grep -q "^Log from: 6.12.118" msg &&
	sed -n "/^Notes from/,/^\$/p" msg > notes && test "$(wc -l < notes)" -gt 4 &&
	awk "NR > 1 && length > 72 { exit 1 }" notes
'

test_expect_success 'an untainted mainline kernel of today: no notes' '
	echo 0 > $S/proc/sys/kernel/tainted && rm $S/sys/module/nvidia/taint &&
	echo 6.12.0 > $S/proc/sys/kernel/osrelease &&
	echo "#1 SMP PREEMPT_DYNAMIC $(date -u "+%a %b %e %H:%M:%S UTC %Y")" > $S/proc/sys/kernel/version &&
	echo "Linux version 6.12.0 (me@box) (gcc 12.2.0) $(cat $S/proc/sys/kernel/version)" > $S/proc/version &&
	"$KBUG" --sysroot "$S" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --dry-run --yes > msg 2> err &&
	! grep -q "^Note:" err &&
	! grep -q "^Notes from kbug" msg &&
	grep -q "^Tainted:  no (0)" msg
'

test_done
