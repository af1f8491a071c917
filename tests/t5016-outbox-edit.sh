#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug outbox --edit ID: a report that waits in the outbox is changed in
# $EDITOR (subject, text, To/Cc; a Bugzilla item's product and component)
# and made again as the review's edit makes it, then a retry sends what
# was edited. Only a waiting item that was never handed over is changed.
# The listing's last line says what waits (exit 0: a listing is no failure),
# and a failure's reason is the message itself.
# In tmux, as a user would.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

t5_require tmux tree
. "$TESTS_DIR/lib-tmux.sh"
bz_setup
export XDG_CONFIG_HOME=$TRASH/nothing KBUG_CONFIG=
smtp_start mail
MAINT=$(kernel_tree)/MAINTAINERS
DEAD=$(free_port)
OB=$TRASH/ob
echo "The screen stays black after resume." > "$TRASH/desc"

test_expect_success 'a report that could not be sent waits; the listing says so, exit 0' '
	test_expect_code 3 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --smtp-url smtp://127.0.0.1:$DEAD --timeout 5 \
		--yes --description desc --outbox "$OB" > /dev/null 2> err &&
	id=$(ls "$OB" | grep -v sent) && echo "$id" > id &&
	"$KBUG" outbox --outbox "$OB" > list &&
	tail -n 1 list | grep -q "^status: 1 waiting (.kbug outbox --retry. sends them; .kbug outbox --edit ID. changes one)" &&
	"$KBUG" outbox --outbox "$TRASH/none" > list2 &&
	test "$(tail -n 1 list2)" = "status: 0 waiting"
'

test_expect_success 'edit in $EDITOR: the subject, the Cc and the text' '
	id=$(cat id) &&
	tmux_run e1 "EDITOR=\"sed -i -e s/^Subject:.*/Subject:\\ lkdtm:\\ black\\ screen\\ after\\ resume/ -e s/^Cc:.*/Cc:\\ dri-devel@example.org/ -e s/stays\\ black/stays\\ dark/\" \"$KBUG\" outbox --outbox \"$OB\" --edit $id" &&
	test "$(wait_rc e1)" = 0 &&
	wait_for e1 "changed the subject, the text, the recipients; send it with: kbug outbox --retry $id" &&
	grep -q "^Subject: lkdtm: black screen after resume" "$OB/$id/message.eml" &&
	grep -q "^Cc: dri-devel@example.org" "$OB/$id/message.eml" &&
	grep -q "^Subject: lkdtm: black screen after resume" "$OB/$id/text.txt" &&
	"$KBUG" outbox --outbox "$OB" | grep -q "lkdtm: black screen after resume"
'

test_expect_success 'the retry sends what was edited' '
	id=$(cat id) &&
	"$KBUG" outbox --outbox "$OB" --retry "$id" --smtp-url smtp://127.0.0.1:$SMTP_PORT 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	$PYTHON - "$SMTP_DIR/1.eml" <<-\PY
	import email, email.policy, sys
	m = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.strict)
	assert m["Subject"] == "lkdtm: black screen after resume", m["Subject"]
	assert m["Cc"] == "dri-devel@example.org", m["Cc"]
	assert "kees@kernel.org" in m["To"], m["To"]
	body = list(m.iter_parts())[0].get_content()
	assert "The screen stays dark after resume." in body, body[:400]
	PY
'

test_expect_success 'a delivered item is not edited; a header kbug does not know changes nothing' '
	id=$(cat id) &&
	EDITOR=true test_expect_code 1 "$KBUG" outbox --outbox "$OB" --edit "$id" 2> err &&
	grep -q "was delivered .*too late to change it" err &&
	test_expect_code 3 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --smtp-url smtp://127.0.0.1:$DEAD --timeout 5 \
		--yes --description desc --outbox "$OB" > /dev/null 2>&1 &&
	id2=$(ls "$OB" | grep -v sent) &&
	cp "$OB/$id2/message.eml" before.eml &&
	EDITOR="sed -i -e s/^Cc:/Bcc:/" test_expect_code 1 "$KBUG" outbox --outbox "$OB" \
		--edit "$id2" 2> err &&
	grep -q "header line .Bcc:.*is not Subject, To, Cc, Product or Component" err &&
	grep -q "not changed (what you typed is in .*edit.txt)" err &&
	test_cmp before.eml "$OB/$id2/message.eml" &&
	EDITOR=true "$KBUG" outbox --outbox "$OB" --edit "$id2" 2> err &&
	grep -q "nothing changed" err &&
	EDITOR=false test_expect_code 1 "$KBUG" outbox --outbox "$OB" --edit "$id2" 2> err &&
	test_cmp before.eml "$OB/$id2/message.eml"
'

test_expect_success 'a Bugzilla item: product and component edited, then filed there' '
	printf "[    1.000000] Linux version 6.12.118-1-amd64\n" > clean.log &&
	test_expect_code 3 "$KBUG" report --log clean.log --file drivers/acpi/ec.c \
		--maintainers "$MAINT" --to bugzilla --bugzilla-url "http://127.0.0.1:$DEAD" \
		--api-key-file "$TRASH/key" --summary "ACPI EC: battery at 0%" --yes \
		--description "$TRASH/desc" --outbox "$TRASH/obz" --timeout 5 --no-notify-lists \
		> /dev/null 2> err &&
	id=$(ls "$TRASH/obz" | grep -v sent) &&
	grep -q "\"product\":\"ACPI\"" "$TRASH/obz/$id/request.json" &&
	"$KBUG" outbox --outbox "$TRASH/obz" > list &&
	grep -q "why: .*127.0.0.1:$DEAD" list && ! grep -q "see the messages above" list &&
	tmux_run z1 "EDITOR=\"sed -i -e s/^Product:.*/Product:\\ Drivers/ -e s/^Component:.*/Component:\\ PCI/\" \"$KBUG\" outbox --outbox \"$TRASH/obz\" --edit $id" &&
	test "$(wait_rc z1)" = 0 &&
	wait_for z1 "changed the product and component" &&
	"$KBUG" outbox --outbox "$TRASH/obz" --retry "$id" --bugzilla-url "$BZ_URL" \
		--api-key-file "$TRASH/key" > out 2> err &&
	bz_sql "select product, component, summary from bugs" | grep -qx "Drivers|PCI|ACPI EC: battery at 0%"
'

test_expect_success 'a Bugzilla item that cannot connect keeps the reason itself' '
	test_expect_code 3 "$KBUG" report --log clean.log --file drivers/acpi/ec.c \
		--maintainers "$MAINT" --to bugzilla --bugzilla-url "http://127.0.0.1:$DEAD" \
		--summary "ACPI EC: no key" --yes --description "$TRASH/desc" \
		--outbox "$TRASH/obk" --timeout 5 --no-notify-lists > /dev/null 2>&1 &&
	"$KBUG" outbox --outbox "$TRASH/obk" > list &&
	grep -q "why: no Bugzilla API key: give --api-key-file FILE" list &&
	! grep -q "see the messages above" list
'

test_expect_success 'a lost reply: one advice sentence, after the report, in the listing, on retry' '
	smtp_start lost --drop-stage data --fault-count 1 &&
	test_expect_code 3 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --timeout 5 \
		--yes --description "$TRASH/desc" --outbox "$TRASH/obl" > /dev/null 2> err &&
	id=$(sed -n "s/^Not confirmed; the report waits in the outbox as \(.*\)\.$/\1/p" err) &&
	sentence="The outcome is unknown, it may have arrived: look for Message-ID <" &&
	grep -qF "$sentence" err &&
	grep -qF "if it is there, '"'"'kbug outbox --done $id'"'"', else '"'"'kbug outbox --retry $id --force'"'"'." err &&
	"$KBUG" outbox --outbox "$TRASH/obl" > list && grep -qF "$sentence" list &&
	test_expect_code 3 "$KBUG" outbox --outbox "$TRASH/obl" --retry 2> err2 &&
	grep -qF "$sentence" err2 &&
	test "$(grep -c "may have arrived" err)" = 1
'

test_expect_success 'an issue tracker item: the edited title is in the filled-in link' '
	test_expect_code 3 "$KBUG" report --log clean.log --file drivers/gh/main.c \
		--maintainers "$TESTS_DIR/fixtures/MAINTAINERS.b-entries" --summary "ghdrv: fails" \
		--yes --description "$TRASH/desc" --outbox "$TRASH/obg" > /dev/null 2>&1 &&
	id=$(ls "$TRASH/obg" | grep -v sent) &&
	EDITOR="sed -i -e s/^Subject:.*/Subject:\\ ghdrv:\\ probe\\ fails\\ after\\ resume/" \
		"$KBUG" outbox --outbox "$TRASH/obg" --edit "$id" 2> err &&
	grep -q "changed the subject; file it at https://github.com/example/ghdrv/issues/new?title=ghdrv%3A%20probe%20fails%20after%20resume" err &&
	grep -q "then: kbug outbox --done $id" err
'

test_done
