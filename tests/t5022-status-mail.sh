#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug status for a mail report: the report goes to the aiosmtpd test
# server, the list's archive (Debian's public-inbox, served on 127.0.0.1)
# takes it, and kbug status reads its thread by Message-ID: no reply, then
# a maintainer's reply, then a patch whose Closes: line names the report.
# Nothing is looked at unless asked (the outbox shows the last look).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"
. "$TESTS_DIR/lib-public-inbox.sh"

pi_require py:aiosmtpd "$T5_LOG"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
OB=$TRASH/outbox
cat >"$TRASH/MAINTAINERS" <<-EOF
List of maintainers
===================

LINUX KERNEL DUMP TEST MODULE (LKDTM)
M:	Kees Dump <kees@example.org>
L:	$PI_LIST
S:	Maintained
F:	drivers/misc/lkdtm/*
EOF

# reply ID FROM SUBJECT PARENT: a reply (body on stdin) into the inbox
reply() {
	{
		printf 'From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s>\n' \
			"$2" "$PI_LIST" "$3" "$(date -R)" "$1"
		printf 'In-Reply-To: %s\nReferences: %s\n\n' "$4" "$4"
		cat
	} >"$TRASH/$1.eml" && pi_import "$TRASH/$1.eml"
}

# status ARGS...: kbug status on the test inbox
status() {
	"$KBUG" status --inbox "$PI_URL" --outbox "$OB" "$@"
}

pi_setup
pi_serve
smtp_start smtp

test_expect_success 'a mail report, delivered and archived: no reply yet' '
	"$KBUG" report --log "$T5_LOG" --maintainers "$TRASH/MAINTAINERS" --from "$T5_FROM" \
		--yes --outbox "$OB" --to email --smtp-url "smtp://127.0.0.1:$SMTP_PORT" >out 2>err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	pi_import "$SMTP_DIR/1.eml" &&
	id=$(ls "$OB/sent") && echo "$id" >"$TRASH/id" &&
	status "$id" >out &&
	grep -q "^$id  mail archived, 0 replies (0 new)" out
'

test_expect_success 'a maintainer replies: one reply, one new, then none new' '
	id=$(cat "$TRASH/id") &&
	mid=$(sed -n "s/^Message-ID: *//Ip" "$SMTP_DIR/1.eml" | tr -d "\r") &&
	echo "Thanks, looking." | reply reply1@example.org "Kees Dump <kees@example.org>" "Re: WARNING in lkdtm_WARNING" "$mid" &&
	status "$id" >out &&
	grep -q "^$id  mail archived, 1 reply (1 new), last by Kees Dump <kees@example.org>" out &&
	status "$id" >out &&
	grep -q "1 reply (0 new)" out
'

test_expect_success 'a patch in the thread whose Closes: names the report is the fix' '
	id=$(cat "$TRASH/id") &&
	mid=$(sed -n "s/^Message-ID: *//Ip" "$SMTP_DIR/1.eml" | tr -d "\r") &&
	bare=${mid#<} && bare=${bare%>} &&
	printf "lkdtm: quiet the warning\n\nReported-by: Ada\nCloses: https://lore.kernel.org/all/%s/\nSigned-off-by: Kees\n" "$bare" |
		reply patch1@example.org "Kees Dump <kees@example.org>" "[PATCH] lkdtm: quiet the warning" "$mid" &&
	"$KBUG" --json status --inbox "$PI_URL" --outbox "$OB" "$id" >s.json &&
	"$PYTHON" - <<-\PY
	import json
	s = json.load(open("s.json"))[0]
	assert s["kind"] == "mail" and s["replies"] == 2 and s["new"] == 1, s
	assert s["fix"]["subject"] == "[PATCH] lkdtm: quiet the warning", s
	assert s["fix"]["line"].startswith("Closes: https://lore.kernel.org/all/"), s
	PY
'

test_expect_success 'kbug outbox shows the last look, without looking' '
	id=$(cat "$TRASH/id") &&
	server_stop pi &&
	"$KBUG" outbox --sent --outbox "$OB" >out &&
	grep -q "status (.*): $id  mail archived, 2 replies (1 new).*; fix: Closes: " out
'

test_expect_success 'status: a waiting item, an unknown one' '
	test_expect_code 1 "$KBUG" status nosuch --outbox "$OB" 2>err &&
	grep -q "no delivered outbox item .nosuch." err
'

test_done
