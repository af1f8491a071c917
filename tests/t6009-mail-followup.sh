#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The triage loop in a mail thread, with a real public-inbox (Debian's
# public-inbox, served by public-inbox-httpd on 127.0.0.1 as lore serves
# its inboxes): kbug request --reply-to writes a threaded reply draft;
# kbug followup MESSAGE-ID reads the thread (raw, t.mbox.gz), answers the
# newest request with exactly the facts asked (from the fake machine
# tests/fixtures/laptop), as a reply sent to the test SMTP server that,
# imported back into the inbox, lands in the thread. Nothing twice;
# hostile requests refused.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"
. "$TESTS_DIR/lib-public-inbox.sh"
. "$TESTS_DIR/lib-mail.sh"

pi_require py:aiosmtpd
: >"$TRASH/empty-config"
export KBUG_CONFIG=$TRASH/empty-config XDG_DATA_HOME=$TRASH/data
export KBUG_SYSROOT=$SRC_DIR/tests/fixtures/laptop
OB=$TRASH/outbox
ADA="Ada Lovelace <ada@example.org>"
TRI="Tri Ager <tri@example.org>"

# mail ID FROM SUBJECT [IN-REPLY-TO]: a message (body on stdin) into $TRASH/ID.eml
mail() {
	{
		printf 'From: %s\nTo: %s\nCc: Bob Builder <bob@example.org>\n' "$2" "$PI_LIST"
		printf 'Subject: %s\nDate: %s\nMessage-ID: <%s>\n' "$3" "$(date -R)" "$1"
		[ -z "${4:-}" ] || printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$4" "$4"
		printf '\n'
		cat
	} >"$TRASH/$1.eml"
}

# kf ARGS...: kbug followup as the reporter, through the test SMTP server
kf() {
	"$KBUG" followup "$@" --inbox "$PI_URL" --from "$ADA" --outbox "$OB" \
		--smtp-url "smtp://127.0.0.1:$SMTP_PORT"
}

pi_setup
echo "the report: pcieport AER flood" | mail report1@example.org "$ADA" "[BUG] pcieport: AER flood"
pi_import "$TRASH/report1@example.org.eml"
pi_serve
smtp_start smtp

test_expect_success 'request --reply-to writes a reply draft threaded under the mail' '
	"$KBUG" request --reply-to "<report1@example.org>" --inbox "$PI_URL" --from "$TRI" \
		--probe pci,dmi --note "Which slot is the card in?" --draft "$TRASH/draft.mbox" >out &&
	grep -q "^draft: $TRASH/draft.mbox (request [0-9a-f]\{12\}, in reply to <report1@example.org>)" out &&
	test "$(mail_header "$TRASH/draft.mbox" In-Reply-To)" = "<report1@example.org>" &&
	test "$(mail_header "$TRASH/draft.mbox" References)" = "<report1@example.org>" &&
	test "$(mail_header "$TRASH/draft.mbox" Subject)" = "Re: [BUG] pcieport: AER flood" &&
	test "$(mail_header "$TRASH/draft.mbox" To)" = "Ada Lovelace <ada@example.org>" &&
	mail_header "$TRASH/draft.mbox" Cc | grep -q "test@example.org" &&
	mail_header "$TRASH/draft.mbox" Cc | grep -q "bob@example.org" &&
	grep -Eqx "kbug-request: v1 id=[0-9a-f]{12} probes=pci,dmi" "$TRASH/draft.mbox" &&
	grep -q "kbug followup $PI_URL/report1@example.org/" "$TRASH/draft.mbox" &&
	mail_header "$TRASH/draft.mbox" Message-ID | sed "s/[<>]//g" >"$TRASH/request-mid" &&
	sed -n "s/^kbug-request: v1 id=\([0-9a-f]*\) .*/\1/p" "$TRASH/draft.mbox" >"$TRASH/rid" &&
	pi_import "$TRASH/draft.mbox" &&
	pi_thread report1@example.org | grep -qx "$(cat "$TRASH/request-mid")"
'

test_expect_success 'request --reply-to: a bad Message-ID, an unknown one, a huge note' '
	test_expect_code 2 "$KBUG" request --probe pci --reply-to "a b@c" 2>err &&
	grep -q "not a Message-ID" err &&
	test_expect_code 1 "$KBUG" request --probe pci --reply-to nosuch@example.org --inbox "$PI_URL" --from "$TRI" 2>err &&
	grep -q "no such message" err &&
	test_expect_code 2 "$KBUG" request --probe pci --reply-to report1@example.org --inbox "$PI_URL" \
		--note "$(head -c 3000 /dev/zero | tr "\0" x)" 2>err &&
	grep -q "the note is 3000 bytes" err
'

test_expect_success 'followup --dry-run shows exactly the requested facts, sends nothing' '
	kf report1@example.org --dry-run >dry.txt 2>err &&
	grep -q "answering v1 id=$(cat "$TRASH/rid") probes=pci,dmi" err &&
	grep -q "^Content-Disposition: attachment; filename=\"pci.json\"" dry.txt &&
	grep -q "^Content-Disposition: attachment; filename=\"dmi.json\"" dry.txt &&
	test "$(grep -c "^Content-Disposition: attachment" dry.txt)" = 2 &&
	test "$(count_msgs "$SMTP_DIR")" = 0
'

test_expect_success 'followup answers in the thread: threaded, to the asker, Cc the others' '
	rid=$(cat "$TRASH/rid") && req=$(cat "$TRASH/request-mid") &&
	kf "$PI_URL/report1@example.org/" --yes >out 2>err &&
	grep -qx "answered: $PI_URL/report1@example.org/ (request $rid)" out &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	m=$SMTP_DIR/1.eml &&
	test "$(mail_header "$m" In-Reply-To)" = "<$req>" &&
	test "$(mail_header "$m" References)" = "<report1@example.org> <$req>" &&
	test "$(mail_header "$m" Subject)" = "Re: [BUG] pcieport: AER flood" &&
	test "$(mail_header "$m" To)" = "Tri Ager <tri@example.org>" &&
	mail_header "$m" Cc | grep -q "test@example.org" && mail_header "$m" Cc | grep -q "bob@example.org" &&
	! mail_header "$m" Cc | grep -q "ada@example.org" &&
	printf "pci.json\ndmi.json\n" >want && mail_parts "$m" >got && test_cmp want got &&
	tr -d "\r" <"$m" >msg &&
	grep -qx "kbug-answer: v1 id=$rid" msg &&
	grep -q "^Answer to kbug request $rid (<$req>)" msg &&
	test "$(wc -c <"$m")" -lt 100000 &&
	grep -q "\"rcpt_tos\".*tri@example.org" "$SMTP_DIR/1.json"
'

test_expect_success 'the reply, imported into the inbox, lands in the thread' '
	pi_import "$SMTP_DIR/1.eml" &&
	mid=$(mail_header "$SMTP_DIR/1.eml" Message-ID | sed "s/[<>]//g") &&
	pi_thread report1@example.org >thread &&
	grep -qx "$mid" thread && grep -qx report1@example.org thread &&
	test "$(wc -l <thread)" = 3
'

test_expect_success 'answering the same request again sends nothing' '
	kf report1@example.org --yes >out 2>err &&
	grep -q "^answered already: report1@example.org (request $(cat "$TRASH/rid")" out &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'a hand-over lost after DATA is found on the inbox: no second mail' '
	echo "another report" | mail report2@example.org "$ADA" "[BUG] usb: hub resets" &&
	printf "Please run it.\n\nkbug-request: v1 id=lost00000001 probes=dmi\n" |
		mail ask2@example.org "$TRI" "Re: [BUG] usb: hub resets" report2@example.org &&
	pi_import "$TRASH/report2@example.org.eml" "$TRASH/ask2@example.org.eml" &&
	smtp_start drop --drop-stage data --fault-count 1 &&
	test_expect_code 3 kf report2@example.org --yes >out 2>err &&
	item=$(sed -n "s/.*outbox as \([^:]*\):.*/\1/p" err) && test -n "$item" &&
	test "$(count_msgs "$SMTP_DIR")" = 0 &&
	pi_import "$SMTP_DIR"/dropped-*.eml &&
	"$KBUG" -v outbox --retry "$item" --yes --outbox "$OB" >out2 2>err2 &&
	grep -q "in the thread already" err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 0 &&
	test -d "$OB/sent/$item" &&
	smtp_stop drop
'

# hostile ID LINE WHY: a request in the thread of report1 that is refused
hostile() {
	printf "Send this:\n%s\n" "$2" | mail "$1" "$TRI" "Re: [BUG] pcieport: AER flood" report1@example.org &&
	pi_import "$TRASH/$1.eml" &&
	n=$(count_msgs "$SMTP_DIR") &&
	test_expect_code 1 kf report1@example.org --yes 2>err &&
	grep -q "newest request in the thread (<$1>) is refused: .*$3" err &&
	test "$(count_msgs "$SMTP_DIR")" = "$n" &&
	! ls "$OB" 2>/dev/null | grep -q staged
}

test_expect_success 'hostile requests in a thread are refused with the reason, nothing sent' '
	smtp_start smtp &&
	hostile bad1@example.org "kbug-request: v1 id=bad0000001 probes=nosuch" "unknown probe .nosuch." &&
	hostile bad2@example.org "kbug-request: v1 id=bad0000002 file=/etc/shadow" "reads no file" &&
	hostile bad3@example.org "kbug-request: v1 id=bad0000003 probes=pci hint=\$(id)" "path or a command" &&
	hostile bad4@example.org "kbug-request: v1 id=bad0000004 probes=pci,../../etc/passwd" "path or a command" &&
	hostile bad5@example.org "kbug-request: v2 id=bad0000005 probes=pci" "format v2"
'

test_expect_success 'followup: not a Message-ID, a message the inbox does not have' '
	test_expect_code 2 "$KBUG" followup "<a b@c>" --dry-run 2>err &&
	grep -q "not a Message-ID" err &&
	test_expect_code 1 kf nosuch@example.org --dry-run 2>err &&
	grep -q "no such message on the inbox" err
'

test_done
