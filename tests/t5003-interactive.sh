#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The interactive flow in a real terminal (tmux): pick one of several
# reports, describe what happened, review the message in $EDITOR, confirm.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

GUILTY=$CORPUS_DIR/syzkaller/guilty/14
t5_require tmux "$GUILTY"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
. "$TESTS_DIR/lib-tmux.sh"
SOCK=$TMUX_SOCK
smtp_start mail

# two reports: the LKDTM warning (the first: the one proposed), then a KASAN
# report in fs/timerfd.c (the newest)
cp "$T5_LOG" "$TRASH/two.log"
sed '1,/^$/d' "$GUILTY" >> "$TRASH/two.log"

# shellcheck disable=SC2034 # used inside the test bodies
cmd="EDITOR='sed -i s/^Hello,/Hello\\ maintainers,/' '$KBUG' report --log '$TRASH/two.log' \
--maintainers '$T5_MAINT' --from '$T5_FROM' --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT \
--outbox '$TRASH/ob'"

test_expect_success 'asks which report, takes a description, runs $EDITOR, sends on yes' '
	tmux_run one "$cmd" &&
	wait_for one "The log holds 2 kernel reports (newest first):" &&
	grep -q "2) WARNING in lkdtm_WARNING" one.screen &&
	grep -q "1) KASAN: use-after-free Write in do_timerfd_settime \[fs/timerfd.c\]" one.screen &&
	wait_for one "Which one to report? [2]" &&
	tmux -L $SOCK send-keys -t one "1" Enter &&
	wait_for one "What happened?" &&
	grep -q "Suspect:  fs/timerfd.c" one.screen &&
	tmux -L $SOCK send-keys -t one "The machine froze after resume." Enter Enter &&
	wait_for one "Choose [s]:" &&
	tmux -L $SOCK send-keys -t one "e" Enter &&
	wait_for one "Subject:     KASAN: use-after-free Write in do_timerfd_settime" &&
	tmux -L $SOCK send-keys -t one "s" Enter &&
	test "$(wait_rc one)" = 0 &&
	wait_for one "Delivered: <" &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	$PYTHON - "$SMTP_DIR/1.eml" <<-\PY
	import email, email.policy, sys
	m = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.strict)
	assert m["Subject"] == "KASAN: use-after-free Write in do_timerfd_settime", m["Subject"]
	body = next(m.iter_parts()).get_content() if m.is_multipart() else m.get_content()
	assert "The machine froze after resume." in body, body[:400]
	assert "Hello maintainers," in body, body[:200]
	PY
'

test_expect_success 'save for later at the review keeps it in the outbox, exit 3' '
	tmux_run two "$cmd" &&
	wait_for two "Which one to report? [2]" &&
	tmux -L $SOCK send-keys -t two Enter &&
	wait_for two "What happened?" &&
	tmux -L $SOCK send-keys -t two Enter &&
	wait_for two "The maintainers need your words" &&
	tmux -L $SOCK send-keys -t two "It just happened." Enter Enter &&
	wait_for two "Choose [s]:" &&
	tmux -L $SOCK send-keys -t two "l" Enter &&
	test "$(wait_rc two)" = 3 &&
	wait_for two "Not sent: it waits in the outbox" &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	"$KBUG" outbox --outbox "$TRASH/ob" > list &&
	grep -q "queued   WARNING in lkdtm_WARNING" list
'

test_expect_success 'without a terminal it takes the first report and says why' '
	"$KBUG" report --log two.log --maintainers "$T5_MAINT" --from "$T5_FROM" --to email \
		--dry-run < /dev/null > msg 2> err &&
	grep -q "taking \"WARNING in lkdtm_WARNING\", the first" err &&
	grep -q "^Subject: WARNING in lkdtm_WARNING" msg
'

test_done
