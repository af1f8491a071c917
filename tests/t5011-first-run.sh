#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A first report on a machine where nothing is configured: what the user
# typed is never lost (a draft in the outbox, exit 3), the missing sender
# and way to send are said before the questions and asked (git's
# user.name/user.email offered), a mail file or a guided `kbug setup`
# (config mode 0600) offered. In tmux, as a user would.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require tmux git
. "$TESTS_DIR/lib-tmux.sh"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
# git's identity, the one offered as the default
export GIT_CONFIG_GLOBAL=$TRASH/gitconfig GIT_CONFIG_NOSYSTEM=1
printf '[user]\n\tname = Ada Lovelace\n\temail = ada@example.org\n' > "$GIT_CONFIG_GLOBAL"
smtp_start mail
CONF=$XDG_CONFIG_HOME/kbug/config

# shellcheck disable=SC2034 # used inside the test bodies
cmd="'$KBUG' report --log '$T5_LOG' --maintainers '$T5_MAINT' --to email --outbox '$TRASH/ob'"

test_expect_success 'no terminal, no sender, no way to send: the draft is kept, exit 3' '
	echo "The laptop froze when I closed the lid." > desc &&
	test_expect_code 3 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --yes \
		--to email --description desc --outbox "$TRASH/ob1" > out 2> err &&
	grep -q "cannot send mail from this machine yet" err &&
	grep -q "No sender address is set" err &&
	grep -q "kept as a draft in the outbox as " err &&
	grep -q "^Missing: no sender address" err &&
	id=$(ls "$TRASH/ob1") &&
	grep -qF "It is kept in $TRASH/ob1/$id." err &&
	grep -q "The laptop froze" "$TRASH/ob1/$id/report.json" &&
	"$KBUG" outbox --outbox "$TRASH/ob1" > list &&
	grep -q "why: no sender address" list
'

test_expect_success 'the draft is prepared and sent by a retry once the sender is given' '
	id=$(ls "$TRASH/ob1" | grep -v sent) &&
	"$KBUG" outbox --outbox "$TRASH/ob1" --retry "$id" --from "$T5_FROM" \
		--smtp-url smtp://127.0.0.1:$SMTP_PORT 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "The laptop froze" "$SMTP_DIR/1.eml" &&
	grep -q "^From: Ada Lovelace <ada@example.org>" "$SMTP_DIR/1.eml"
'

test_expect_success 'no terminal, a sender but no way to send: kept, says where and why, exit 3' '
	test_expect_code 3 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --yes \
		--from "$T5_FROM" --to email --description desc --outbox "$TRASH/ob2" 2> err &&
	grep -q "cannot send mail from this machine yet" err &&
	grep -q "no way to send mail" err &&
	grep -q "Not delivered; the report waits in the outbox as" err &&
	grep -qF "$TRASH/ob2/" err
'

test_expect_success 'kbug setup with options writes the config 0600 and keeps the rest' '
	mkdir -p "$TRASH/c" &&
	printf "[report]\nchannel = email\n[identity]\nname = Old\n" > "$TRASH/c/config" &&
	"$KBUG" setup --config "$TRASH/c/config" --name "Ada Lovelace" --email ada@example.org \
		--smtp-url smtps://smtp.example.org:465 --smtp-user ada \
		--password-command "pass show mail" 2> err &&
	test "$(stat -c %a "$TRASH/c/config")" = 600 &&
	grep -q "^channel = email" "$TRASH/c/config" &&
	grep -q "^name = Ada Lovelace" "$TRASH/c/config" && ! grep -q "Old" "$TRASH/c/config" &&
	grep -q "^url = smtps://smtp.example.org:465" "$TRASH/c/config" &&
	grep -q "^password-command = pass show mail" "$TRASH/c/config" &&
	test_expect_code 2 "$KBUG" setup --config "$TRASH/c/config" --email nobody &&
	test_expect_code 2 "$KBUG" setup --config "$TRASH/c/config" < /dev/null
'

test_expect_success 'first run in a terminal: said before the questions, a mail file, git identity' '
	rm -f "$CONF" &&
	tmux_run one "$cmd" &&
	wait_for one "How should this report leave the machine?" &&
	! grep -q "What happened?" one.screen &&
	grep -q "cannot send mail from this machine yet" one.screen &&
	grep -q "2) saved as a mail file (kbug-report.mbox, here)" one.screen &&
	wait_for one "Choose [2]:" &&
	save one first-run-menu &&
	keys one "2" Enter &&
	wait_for one "Your name [Ada Lovelace]:" &&
	keys one Enter &&
	wait_for one "Your email address [ada@example.org]:" &&
	keys one Enter &&
	wait_for one "for the next report? [Y/n]" &&
	keys one Enter &&
	wait_for one "What happened?" &&
	keys one "The screen went black after resume." Enter Enter &&
	test "$(wait_rc one)" = 0 &&
	wait_for one "Saved the message to" &&
	grep -q "^From: Ada Lovelace <ada@example.org>" kbug-report.mbox &&
	grep -q "The screen went black after resume." kbug-report.mbox &&
	test "$(stat -c %a "$CONF")" = 600 &&
	grep -q "^email = ada@example.org" "$CONF"
'

test_expect_success 'a guided setup from the report, then it is sent' '
	rm -f "$CONF" &&
	tmux_run two "EDITOR=true $cmd" &&
	wait_for two "Choose [2]:" &&
	keys two "3" Enter &&
	wait_for two "Your name [Ada Lovelace]:" && keys two Enter &&
	wait_for two "Your email address [ada@example.org]:" && keys two Enter &&
	wait_for two "How does mail leave this machine?" &&
	wait_for two "Choose [1]:" && keys two Enter &&
	wait_for two "SMTP server:" && keys two "smtp://127.0.0.1:$SMTP_PORT" Enter &&
	wait_for two "empty: no login):" && keys two Enter &&
	wait_for two "Written to" &&
	test "$(stat -c %a "$CONF")" = 600 &&
	grep -q "^url = smtp://127.0.0.1:$SMTP_PORT" "$CONF" &&
	wait_for two "What happened?" &&
	keys two "Wi-Fi drops every few minutes." Enter Enter &&
	wait_for two "Choose [s]:" && keys two "s" Enter &&
	test "$(wait_rc two)" = 0 &&
	test "$(count_msgs "$SMTP_DIR")" = 2 &&
	grep -q "Wi-Fi drops every few minutes." "$SMTP_DIR/2.eml"
'

test_expect_success 'keep it for later: typed words saved in the outbox, exit 3' '
	rm -f "$CONF" &&
	tmux_run three "$cmd --from \"$T5_FROM\"" &&
	wait_for three "Choose [2]:" && keys three "4" Enter &&
	wait_for three "What happened?" &&
	keys three "Bluetooth mouse stops after suspend." Enter Enter &&
	wait_for three "=== Review: nothing is sent until you say so ===" &&
	test "$(wait_rc three)" = 3 &&
	wait_for three "Kept for later (no way to send mail yet: kbug setup): it waits in the outbox as" &&
	grep -rq "Bluetooth mouse stops after suspend." "$TRASH/ob"
'

test_done
