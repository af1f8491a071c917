#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug report, email channel, against a real SMTP server (aiosmtpd) on
# 127.0.0.1: envelope, headers, body, attachments, the outbox after
# delivery, the saved mbox (git send-email, Python's strict parser).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
smtp_start mail
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=

test_expect_success 'report --to email over SMTP delivers one message, exit 0' '
	echo "It happened when I wrote WARNING to provoke-crash/DIRECT." > desc &&
	t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob" \
		--description desc > out 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "^Delivered: <" err
'

test_expect_success 'the envelope: sender, and To + Cc exactly as the route ranks them' '
	"$KBUG" --json report --log "$T5_LOG" --maintainers "$T5_MAINT" --from "$T5_FROM" \
		--yes --dry-run --to email > dry.json 2>/dev/null &&
	$PYTHON - "$SMTP_DIR/1.json" dry.json <<-\PY
	import json, sys
	got = json.load(open(sys.argv[1]))
	rt = json.load(open(sys.argv[2]))["route"]
	import email.utils
	dest = rt["destination"]
	if "to" in dest:
	    # the To and Cc the route gives, in get_maintainer order
	    have = [email.utils.parseaddr(a)[1] for a in dest["to"] + dest.get("cc", [])]
	else:
	    have = [p["address"] for p in rt["maintainers"] + rt["reviewers"] + rt["lists"]]
	want = []
	for a in have:
	    if a.lower() not in [w.lower() for w in want]:
	        want.append(a)
	assert got["mail_from"] == "ada@example.org", got
	assert got["rcpt_tos"] == want, (got["rcpt_tos"], want)
	assert len(want) >= 2
	PY
'

test_expect_success 'headers, body and attachment pass a strict RFC 5322 parser' '
	$PYTHON - "$SMTP_DIR/1.eml" "$T5_LOG" <<-\PY
	import email, email.policy, email.utils, sys
	raw = open(sys.argv[1], "rb").read()
	m = email.message_from_bytes(raw, policy=email.policy.strict)
	assert m["From"] == "Ada Lovelace <ada@example.org>", m["From"]
	assert m["Subject"] == "WARNING in lkdtm_WARNING", m["Subject"]
	assert m["To"] and m["Cc"], (m["To"], m["Cc"])
	assert "linux-kernel@vger.kernel.org" in m["Cc"]
	assert email.utils.parsedate_to_datetime(m["Date"]) is not None
	assert m["Message-ID"].startswith("<") and m["Message-ID"].endswith("@example.org>")
	assert m["User-Agent"].startswith("kbug/")
	assert m.get_content_type() == "multipart/mixed"
	parts = list(m.iter_parts())
	body = parts[0].get_content().replace("\r\n", "\n")
	assert "provoke-crash/DIRECT" in body
	assert "WARNING: CPU: 0 PID: 1 at drivers/misc/lkdtm/bugs.c:112 lkdtm_WARNING" in body
	assert "Call Trace:" in body
	att = [p for p in parts[1:] if p.get_filename() == "dmesg.txt"]
	assert len(att) == 1, [p.get_filename() for p in parts]
	assert att[0].get_content_type() == "text/plain"
	log = open(sys.argv[2], encoding="utf-8").read()
	# the saved message is in wire form (CRLF); the log is the input, redacted
	got = att[0].get_content().replace("\r\n", "\n").split("\n")
	want = log.split("\n")
	assert len(got) == len(want), (len(got), len(want))
	diff = [(a, b) for a, b in zip(want, got) if a != b]
	assert all("[mac-" in b or "[hostname-" in b or "[email-" in b for a, b in diff), diff[:3]
	assert not any("52:54:00:12:34:56" in b for b in got), "a MAC address went out"
	for line in raw.split(b"\r\n" if b"\r\n" in raw else b"\n"):
	    assert len(line) <= 998
	PY
'

test_expect_success 'after delivery the item is in sent/ with its Message-ID, nothing waits' '
	ls "$TRASH/ob/sent" > ids && test "$(wc -l < ids)" = 1 &&
	id=$(cat ids) &&
	$PYTHON - "$TRASH/ob/sent/$id/state.json" "$SMTP_DIR/1.eml" <<-\PY &&
	import json, sys, email, email.policy
	st = json.load(open(sys.argv[1]))
	m = email.message_from_bytes(open(sys.argv[2], "rb").read(), policy=email.policy.default)
	assert st["state"] == "sent", st
	assert st["message_id"] == m["Message-ID"], (st["message_id"], m["Message-ID"])
	assert [a["state"] for a in st["attempts"]] == ["queued", "sending", "sent"], st["attempts"]
	PY
	test -f "$TRASH/ob/sent/$id/report.json" &&
	test -f "$TRASH/ob/sent/$id/message.eml" &&
	test -f "$TRASH/ob/sent/$id/attachment-dmesg.txt" &&
	"$KBUG" outbox --outbox "$TRASH/ob" > list && grep -q "nothing waits" list
'

test_expect_success 'a retry of a delivered item never sends it again' '
	id=$(ls "$TRASH/ob/sent") &&
	"$KBUG" outbox --outbox "$TRASH/ob" --retry "$id" --smtp-url smtp://127.0.0.1:$SMTP_PORT 2> err &&
	grep -q "delivered already" err &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success '--regression --last-good: [REGRESSION], Cc regressions@, #regzbot' '
	t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob" \
		--regression --last-good 6.11 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 2 &&
	$PYTHON - "$SMTP_DIR/2.eml" "$SMTP_DIR/2.json" <<-\PY
	import email, email.policy, json, sys
	m = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.strict)
	env = json.load(open(sys.argv[2]))
	assert m["Subject"] == "[REGRESSION] WARNING in lkdtm_WARNING", m["Subject"]
	assert "regressions@lists.linux.dev" in m["Cc"]
	assert "regressions@lists.linux.dev" in env["rcpt_tos"]
	body = next(m.iter_parts()).get_content()
	assert "#regzbot introduced: v6.11.." in body, body
	PY
'

test_expect_success 'UTF-8 summary and description: RFC 2047 subject, 8bit body' '
	printf "J\303\266rg\342\200\231s laptop: \303\251cran noir after resume\n" > desc8 &&
	t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob" \
		--summary "$(printf "\303\251cran noir: WARNING in lkdtm_WARNING")" \
		--description desc8 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 3 &&
	grep -q "^Subject: =?UTF-8?B?" "$SMTP_DIR/3.eml" &&
	$PYTHON - "$SMTP_DIR/3.eml" <<-\PY
	import email, email.policy, sys
	m = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.strict)
	assert m["Subject"] == "\u00e9cran noir: WARNING in lkdtm_WARNING", m["Subject"]
	p = next(m.iter_parts())
	assert p["Content-Transfer-Encoding"] == "8bit"
	assert "J\u00f6rg\u2019s laptop: \u00e9cran noir" in p.get_content()
	PY
'

test_expect_success '-o FILE: an mbox git send-email --dry-run and a strict parser accept' '
	n=$(count_msgs "$SMTP_DIR") &&
	"$KBUG" -o saved.mbox report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --yes --to email --regression --last-good 6.11 2> err &&
	grep -q "git send-email" err &&
	head -n 1 saved.mbox | grep -q "^From ada@example.org " &&
	git -c user.name=T -c user.email=t@example.org send-email --dry-run --confirm=never \
		--to-cmd=true --cc-cmd=true saved.mbox > gse 2>&1 &&
	grep -q "^Result: OK" gse &&
	grep -q "^Subject: \[REGRESSION\] WARNING in lkdtm_WARNING" gse &&
	grep -q "RCPT TO:<regressions@lists.linux.dev>" gse &&
	$PYTHON - saved.mbox <<-\PY &&
	import mailbox, email, email.policy, sys
	box = mailbox.mbox(sys.argv[1], factory=None, create=False)
	msgs = list(box)
	assert len(msgs) == 1
	m = email.message_from_bytes(msgs[0].as_bytes(), policy=email.policy.strict)
	assert m["Subject"].startswith("[REGRESSION]")
	assert m.defects == [], m.defects
	PY
	test "$(count_msgs "$SMTP_DIR")" = "$n"
'

if have mutt; then
	test_expect_success 'mutt -H reads the saved draft: recipients, subject, attachment' '
		printf "#!/bin/sh\necho \"\$@\" > %s/mutt.args\ncat > %s/mutt.msg\n" \
			"$TRASH" "$TRASH" > mutt-sendmail && chmod +x mutt-sendmail &&
		HOME=$TRASH mutt -n -F /dev/null -e "set sendmail=\"$TRASH/mutt-sendmail\"" \
			-e "set from=\"$T5_FROM\"" -e "set use_from=yes" -H saved.mbox < /dev/null &&
		grep -q "regressions@lists.linux.dev" mutt.args &&
		grep -q "linux-kernel@vger.kernel.org" mutt.args &&
		grep -q "^Subject: \[REGRESSION\] WARNING in lkdtm_WARNING" mutt.msg &&
		grep -q "^Content-Disposition: attachment; filename=\"dmesg.txt\"" mutt.msg &&
		grep -q "^Message-ID: <.*@example.org>" mutt.msg
	'
else
	test_skip 'mutt -H reads the saved draft' 'mutt is not installed'
fi

test_expect_success '--dry-run prints the message, sends nothing, keeps nothing' '
	n=$(count_msgs "$SMTP_DIR") &&
	t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/dry" \
		--dry-run > msg 2> err &&
	grep -q "^Subject: WARNING in lkdtm_WARNING" msg &&
	grep -q "Dry run: nothing was sent" err &&
	test "$(count_msgs "$SMTP_DIR")" = "$n" &&
	test -z "$(ls -A "$TRASH/dry")"
'

test_expect_success 'the sender from [identity] in the config' '
	mkdir -p "$XDG_CONFIG_HOME/kbug" &&
	printf "[identity]\nname = Grace Hopper\nemail = grace@example.org\n" \
		> "$XDG_CONFIG_HOME/kbug/config" &&
	"$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --yes --dry-run \
		--to email > msg 2>/dev/null &&
	grep -q "^From: Grace Hopper <grace@example.org>" msg &&
	rm "$XDG_CONFIG_HOME/kbug/config"
'

test_expect_success 'no sender anywhere: a clear error, the draft kept, exit 3' '
	test_expect_code 3 "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --yes \
		--to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ns" 2> err &&
	grep -q "no sender address" err &&
	grep -q "kept as a draft in the outbox" err
'

test_expect_success 'usage errors exit 2' '
	test_expect_code 2 "$KBUG" report --to pigeon &&
	test_expect_code 2 "$KBUG" report --regression &&
	test_expect_code 2 "$KBUG" report --module a --file b &&
	test_expect_code 2 "$KBUG" report --timeout x &&
	test_expect_code 2 "$KBUG" report --bogus &&
	test_expect_code 2 "$KBUG" outbox --bogus
'

test_expect_success 'sendmail: the message on stdin of "sendmail -t -oi"' '
	cat > fake-sendmail <<-EOF &&
	#!/bin/sh
	echo "\$@" > "$TRASH/sendmail.args"
	cat > "$TRASH/sendmail.msg"
	EOF
	chmod +x fake-sendmail &&
	t5_report --to email --sendmail --sendmail-path "$TRASH/fake-sendmail" \
		--outbox "$TRASH/ob" 2> err &&
	test "$(cat "$TRASH/sendmail.args")" = "-t -oi" &&
	grep -q "^Subject: WARNING in lkdtm_WARNING" "$TRASH/sendmail.msg" &&
	grep -q "^To: " "$TRASH/sendmail.msg"
'

# bigconfig ROOT SET UNSET: the laptop fixture with a config of SET options
# set and UNSET "is not set" lines
bigconfig() {
	rm -rf "$1" && cp -r "$TESTS_DIR/fixtures/laptop" "$1" &&
	"$PYTHON" -c 'import sys
s, u = int(sys.argv[2]), int(sys.argv[3])
lines = ["#", "# Automatically generated file; DO NOT EDIT.", "#"]
lines += ["# CONFIG_UNSET_OPTION_%05d is not set" % i for i in range(u)]
lines += ["CONFIG_SET_OPTION_LONG_NAME_%05d=y" % i for i in range(s)]
open(sys.argv[1] + "/boot/config-6.12.118-1-amd64", "w").write("\n".join(lines) + "\n")' \
		"$1" "$2" "$3"
}

# big_report ROOT: the mail of a dry run on ROOT in ROOT.eml (within the limit), stderr in ROOT.err
big_report() {
	"$KBUG" --sysroot "$TRASH/$1" report --upstream --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --to email --yes --dry-run --no-redact >"$1.eml" 2>"$1.err" &&
	test "$(wc -c <"$1.eml")" -le 100000
}

test_expect_success 'a mail over the lists limit: the config keeps the options set, and says so' '
	bigconfig big1 1500 5000 &&
	big_report big1 &&
	grep -q "config.txt: the options set only" big1.err &&
	! grep -q "config.txt: cut to" big1.err &&
	grep -q "kbug kept this mail within the kernel lists. limit of 100000 bytes" big1.eml &&
	grep -q "CONFIG_SET_OPTION_LONG_NAME_01499=y" big1.eml &&
	! grep -q "CONFIG_UNSET_OPTION_00001 is not set" big1.eml
'

test_expect_success 'still over: the largest attachment is cut at a line, with a line saying so' '
	bigconfig big2 6000 0 &&
	big_report big2 &&
	grep -q "config.txt: cut to" big2.err &&
	grep -q "^\[kbug: cut after [0-9]* of 216000 bytes to fit the list.s limit\]" big2.eml &&
	grep -q "lkdtm_WARNING" big2.eml
'

test_expect_success 'a driver failure reads as English in the mail' '
	printf "[    5.000000] iwlwifi 0000:00:14.3: Microcode SW error detected. Restarting 0x0.\n" \
		>drv.log &&
	"$KBUG" report --log drv.log --maintainers "$T5_MAINT" --from "$T5_FROM" --to email \
		--yes --dry-run >drv.eml 2>/dev/null &&
	grep -q "^The kernel reported a driver failure, blamed on drivers/net/wireless/intel/iwlwifi/" \
		drv.eml
'

test_done
