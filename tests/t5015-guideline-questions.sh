#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The reporting guidelines' checks as questions, in a real terminal (tmux):
# a kernel tainted by nvidia and built more than six months ago asks two
# questions before anything is typed, each with why it matters
# (Documentation/admin-guide/reporting-issues.rst) and the way forward, go
# on or stop. Stopping keeps and sends nothing; going on leaves the answered
# checks out of the report.
# With --yes the notes go into the report (t5005).
# KBUG_SCREENS=DIR saves the screens as the user saw them (docs/screens.md).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require tmux
. "$TESTS_DIR/lib-tmux.sh"
export XDG_CONFIG_HOME=$TRASH/nothing KBUG_CONFIG=
smtp_start mail
# a kernel built by hand (not a distribution's, so no question about a
# vanilla kernel), in 2023, with nvidia loaded
S=$TRASH/root
mkdir -p $S/proc/sys/kernel $S/sys/module/nvidia
echo 6.1.55 > $S/proc/sys/kernel/osrelease
echo "#1 SMP PREEMPT_DYNAMIC Fri Sep 29 10:00:00 UTC 2023" > $S/proc/sys/kernel/version
echo "Linux version 6.1.55 (ada@box) (gcc 12.2.0) #1 SMP PREEMPT_DYNAMIC Fri Sep 29 10:00:00 UTC 2023" > $S/proc/version
echo "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet" > $S/proc/cmdline
echo 4097 > $S/proc/sys/kernel/tainted
echo PO > $S/sys/module/nvidia/taint

# shellcheck disable=SC2034 # used inside the test bodies
cmd="'$KBUG' --sysroot '$S' report --log '$T5_LOG' --maintainers '$T5_MAINT' --from '$T5_FROM' \
--to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox '$TRASH/ob'"

test_expect_success 'tainted and old: the first question, before anything is typed' '
	tmux_run q1 "$cmd" &&
	wait_for q1 "Go on? [g]:" &&
	save q1 guideline-question &&
	! grep -q "What happened?" q1.screen &&
	grep -q "reporting-issues.rst asks a few things of a report first:" q1.screen &&
	grep -q "^\[1/2\] the kernel is tainted (PO), by nvidia (PO) *$" q1.screen &&
	grep -q "Why it matters:  a module from outside the kernel tree" q1.screen &&
	tr -s " \n" " " < q1.screen | grep -q "\"Check .taint. flag\")" &&
	grep -q "The way forward: uninstall or blacklist that module" q1.screen &&
	grep -q "g) go on and report this kernel anyway   s) stop here, to try that first" q1.screen
'

test_expect_success 'go on, then stop at the old-kernel question: nothing kept, exit 1' '
	keys q1 "g" Enter &&
	wait_for q1 "[2/2] this kernel was built on 2023-09-29, more than six months ago" &&
	tr -s " \n" " " < q1.screen | grep -q "reporting-issues.rst, \"Install a fresh kernel for testing\")" &&
	grep -q "The way forward: install the latest mainline or stable kernel" q1.screen &&
	keys q1 "s" Enter &&
	test "$(wait_rc q1)" = 1 &&
	wait_for q1 "Stopped: nothing was saved or sent." &&
	! grep -q "What happened?" q1.screen &&
	test -z "$(ls "$TRASH/ob" 2>/dev/null)" &&
	test "$(count_msgs "$SMTP_DIR")" = 0
'

test_expect_success 'stop at the first question' '
	tmux_run q2 "$cmd" &&
	wait_for q2 "Go on? [g]:" && keys q2 "s" Enter &&
	test "$(wait_rc q2)" = 1 &&
	! grep -q "\[2/2\]" q2.screen
'

test_expect_success 'go on at both: the report is sent, without the answered notes' '
	tmux_run q3 "$cmd" &&
	wait_for q3 "Go on? [g]:" && keys q3 "x" Enter &&
	wait_for q3 "Type g or s." && keys q3 Enter &&
	wait_for q3 "[2/2]" && keys q3 "g" Enter &&
	wait_for q3 "What happened?" &&
	! grep -q "^Note:" q3.screen &&
	keys q3 "Black screen after resume." Enter Enter &&
	wait_for q3 "Choose [s]:" && keys q3 "s" Enter &&
	test "$(wait_rc q3)" = 0 &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "Black screen after resume." "$SMTP_DIR/1.eml" &&
	! grep -q "Notes from kbug" "$SMTP_DIR/1.eml" &&
	! grep -q "the kernel is tainted (PO)" "$SMTP_DIR/1.eml" &&
	! grep -q "more than six months ago" "$SMTP_DIR/1.eml"
'

test_expect_success 'without a terminal the checks stay notes, in the report' '
	"$KBUG" --sysroot "$S" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --dry-run < /dev/null > msg 2> err &&
	grep -q "^Note:     the kernel is tainted (PO)" err &&
	grep -q "^Note:     this kernel was built on 2023-09-29" err &&
	! grep -q "Go on?" err &&
	grep -q "^- the kernel is tainted" msg
'

test_done
