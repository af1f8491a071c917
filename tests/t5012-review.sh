#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The review before anything is sent, in a real terminal (tmux): one screen
# for every channel (email, Bugzilla, an issue tracker) with where it goes
# and why, To/Cc or product/component, the subject, the description, each
# attachment with its size, what was masked; send, edit (the subject and
# text only, never the MIME), show a file, save for later, quit. A subject
# kbug made up is asked for; an empty description is refused.
# KBUG_SCREENS=DIR saves the screens as the user saw them (docs/screens.md).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

t5_require tmux tree
. "$TESTS_DIR/lib-tmux.sh"
MAINT=$(kernel_tree)/MAINTAINERS
bz_setup
export XDG_CONFIG_HOME=$TRASH/xdgconf
smtp_start mail

# a section whose B: is a GitHub tracker (drivers/gh/), among others
cp "$TESTS_DIR/fixtures/MAINTAINERS.b-entries" "$TRASH/MAINTAINERS.gh"

# an oops in drivers/acpi/ec.c: ACPI files into Bugzilla (the shipped map)
printf '%s\n' \
	"[   12.345678] BUG: kernel NULL pointer dereference, address: 0000000000000008" \
	"[   12.345682] Oops: 0000 [#1] PREEMPT SMP NOPTI" \
	"[   12.345683] CPU: 2 PID: 123 Comm: kworker/2:1 Not tainted 6.12.118-amd64 #1" \
	"[   12.345685] RIP: 0010:acpi_ec_read+0x1a/0x90" \
	"[   12.345688] Call Trace:" "[   12.345689]  <TASK>" \
	"[   12.345690]  acpi_ec_space_handler+0x10c/0x2b0" \
	"[   12.345697]  </TASK>" "[   12.345698] ---[ end trace 0000000000000000 ]---" \
	> "$TRASH/acpi.log"

# shellcheck disable=SC2034 # used inside the test bodies
mail="'$KBUG' report --log '$T5_LOG' --maintainers '$T5_MAINT' --from '$T5_FROM' --to email \
--smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox '$TRASH/ob'"

test_expect_success 'email: one screen with To, Cc, subject, description, sizes, masking' '
	tmux_run m1 "EDITOR=\"sed -i -e s/^Subject:.*/Subject:\\ lkdtm:\\ WARNING\\ on\\ lid\\ close/ -e s/^Hello,/Hello\\ Kees,/\" $mail" &&
	wait_for m1 "What happened?" &&
	keys m1 "It froze when I closed the lid." Enter Enter &&
	wait_for m1 "Choose [s]:" &&
	save m1 review-email &&
	grep -q "^=== Review: nothing is sent until you say so ===" m1.screen &&
	grep -q "^Goes to:     email (--to email)" m1.screen &&
	grep -q "^To:          Kees Cook <kees@kernel.org>, Arnd Bergmann" m1.screen &&
	grep -q "^Cc:          linux-kernel@vger.kernel.org" m1.screen &&
	grep -q "^Subject:     WARNING in lkdtm_WARNING" m1.screen &&
	grep -q "^Description: It froze when I closed the lid." m1.screen &&
	grep -Eq "^Attachments: config.txt \([0-9.]+ KiB\), dmesg.txt \([0-9.]+ KiB\)" m1.screen &&
	grep -Eq "^Masked:      [0-9]+ MAC addresses" m1.screen &&
	grep -q "s) send it   e) edit the subject and text   f) show a file   l) save for later   q) quit" m1.screen
'

test_expect_success 'email: show a file, then edit the text (no MIME in the editor), then send' '
	keys m1 "f" Enter &&
	wait_for m1 "Which one?" &&
	grep -q "1) text.txt (the words you can edit)" m1.screen &&
	grep -q "2) message.eml" m1.screen &&
	keys m1 "1" Enter &&
	wait_for m1 "----- end of text.txt -----" &&
	id=$(ls "$TRASH/ob") &&
	! grep -q "Content-Type" "$TRASH/ob/$id/text.txt" &&
	keys m1 "e" Enter &&
	wait_for m1 "Subject:     lkdtm: WARNING on lid close" &&
	keys m1 "s" Enter &&
	test "$(wait_rc m1)" = 0 &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	$PYTHON - "$SMTP_DIR/1.eml" <<-\PY
	import email, email.policy, sys
	m = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.strict)
	assert m["Subject"] == "lkdtm: WARNING on lid close", m["Subject"]
	parts = list(m.iter_parts())
	body = parts[0].get_content()
	assert body.startswith("Hello Kees,"), body[:80]
	assert "It froze when I closed the lid." in body
	assert any(p.get_filename() == "config.txt" for p in parts[1:]), [p.get_filename() for p in parts]
	PY
'

test_expect_success 'quit drops it (restorable), save for later keeps it: exit 3' '
	tmux_run m2 "$mail" &&
	wait_for m2 "What happened?" && keys m2 "Second try." Enter Enter &&
	wait_for m2 "Choose [s]:" && keys m2 "q" Enter &&
	test "$(wait_rc m2)" = 3 &&
	wait_for m2 "Not sent, dropped: " &&
	"$KBUG" outbox --outbox "$TRASH/ob" --dropped > list &&
	grep -q "WARNING in lkdtm_WARNING" list &&
	tmux_run m3 "$mail" &&
	wait_for m3 "What happened?" && keys m3 "Third try." Enter Enter &&
	wait_for m3 "Choose [s]:" && keys m3 "l" Enter &&
	test "$(wait_rc m3)" = 3 &&
	wait_for m3 "Not sent: it waits in the outbox as"
'

test_expect_success 'an empty description is asked again; an empty --description file is refused' '
	tmux_run m4 "$mail" &&
	wait_for m4 "What happened?" && keys m4 Enter &&
	wait_for m4 "The maintainers need your words" && keys m4 "Now with words." Enter Enter &&
	wait_for m4 "Choose [s]:" &&
	grep -q "^Description: Now with words." m4.screen &&
	keys m4 "l" Enter && test "$(wait_rc m4)" = 3 &&
	: > empty &&
	test_expect_code 1 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --yes --description empty --dry-run 2> err &&
	grep -q "the description .empty. is empty" err
'

test_expect_success 'Bugzilla: the same screen, with product and component' '
	printf "[    1.000000] Linux version 6.12.118-1-amd64\n[    2.000000] ACPI: EC: interrupt unblocked\n" \
		>"$TRASH/clean.log" &&
	tmux_run b1 "\"$KBUG\" report --log \"$TRASH/clean.log\" --file drivers/acpi/ec.c \
--maintainers \"$MAINT\" --to bugzilla --bugzilla-url $BZ_URL --api-key-file \"$TRASH/key\" \
--outbox \"$TRASH/obz\" --timeout 5 --no-notify-lists" &&
	wait_for b1 "Subject [problem in drivers/acpi/ec.c]:" && keys b1 "ACPI EC: battery at 0%" Enter &&
	wait_for b1 "What happened?" && keys b1 "The battery reads 0% after resume." Enter Enter &&
	wait_for b1 "Choose [s]:" &&
	save b1 review-bugzilla &&
	grep -q "^Goes to:     bugzilla (--to bugzilla)" b1.screen &&
	grep -q "^Product:     ACPI / Other" b1.screen &&
	grep -q "^Description: The battery reads 0% after resume." b1.screen &&
	grep -Eq "^Attachments: .*dmesg.txt \(" b1.screen &&
	keys b1 "s" Enter &&
	test "$(wait_rc b1)" = 0 &&
	bz_sql "select product, component, summary from bugs" | grep -qx "ACPI|Other|ACPI EC: battery at 0%"
'

test_expect_success 'issue tracker: where to file it, and a subject kbug made up is asked for' '
	tmux_run g1 "\"$KBUG\" report --log \"$TRASH/clean.log\" --file drivers/gh/main.c \
--maintainers \"$TRASH/MAINTAINERS.gh\" --outbox \"$TRASH/obg\"" &&
	wait_for g1 "Subject [problem in drivers/gh/main.c]:" &&
	keys g1 "ghdrv: probe fails after resume" Enter &&
	wait_for g1 "What happened?" && keys g1 "No device after resume." Enter Enter &&
	wait_for g1 "Choose [s]:" &&
	save g1 review-issue-tracker &&
	grep -q "^Goes to:     issue-tracker (the section.s B: is an issue tracker)" g1.screen &&
	grep -q "^File it at:  https://github.com/example/ghdrv/issues" g1.screen &&
	grep -q "^Subject:     ghdrv: probe fails after resume" g1.screen &&
	keys g1 "s" Enter &&
	wait_rc g1 > rc && test "$(cat rc)" != timeout
'

test_done
