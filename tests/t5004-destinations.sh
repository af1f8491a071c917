#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --to auto follows the section's B: entry: a GitHub tracker gets a prefilled
# new-issue URL and the saved body, a web page the saved draft, mailto: an
# email to that address, Bugzilla the Bugzilla channel; no B: email.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
smtp_start mail

cp "$TESTS_DIR/fixtures/MAINTAINERS.b-entries" "$TRASH/MAINTAINERS"

dst() {
	"$KBUG" report --log "$T5_LOG" --maintainers "$TRASH/MAINTAINERS" --from "$T5_FROM" \
		--yes --outbox "$TRASH/ob" "$@"
}

test_expect_success 'GitHub tracker: a prefilled new-issue URL, the body saved, exit 3 (filed by hand)' '
	test_expect_code 3 dst --file drivers/gh/main.c --report 1 > url 2> err &&
	grep -q "waits in the outbox as .* until you say: kbug outbox --done " err &&
	grep -q "Channel:  issue-tracker (the section.s B: is an issue tracker)" err &&
	grep -q "Suspect:  drivers/gh/main.c" err &&
	grep -q "^https://github.com/example/ghdrv/issues/new?title=WARNING%20in%20lkdtm_WARNING&body=" url &&
	$PYTHON - url <<-\PY &&
	import sys, urllib.parse
	u = urllib.parse.urlparse(open(sys.argv[1]).read().strip())
	q = urllib.parse.parse_qs(u.query)
	assert q["title"] == ["WARNING in lkdtm_WARNING"], q["title"]
	assert "WARNING: CPU: 0 PID: 1 at drivers/misc/lkdtm/bugs.c:112" in q["body"][0]
	PY
	id=$(ls "$TRASH/ob" | grep -v sent) &&
	grep -q "lkdtm_WARNING" "$TRASH/ob/$id/body.md" &&
	"$KBUG" outbox --outbox "$TRASH/ob" > list &&
	grep -q "waits for you: open https://github.com/example/ghdrv/issues/new" list
'

test_expect_success 'GitLab tracker: the prefilled issue[title] and issue[description]' '
	rm -rf "$TRASH/ob" &&
	test_expect_code 3 dst --file drivers/gl/main.c --summary "gl: a hang" > url 2> err &&
	grep -q "Channel:  issue-tracker" err &&
	$PYTHON - url <<-\PY
	import sys, urllib.parse
	u = urllib.parse.urlparse(open(sys.argv[1]).read().strip())
	assert (u.netloc, u.path) == ("gitlab.freedesktop.org", "/example/gldrv/-/issues/new"), u
	q = urllib.parse.parse_qs(u.query)
	assert q["issue[title]"] == ["gl: a hang"], q
	assert "issue[description]" in q
	PY
'

test_expect_success 'web page: the page and the saved draft, exit 3 (filed by hand)' '
	rm -rf "$TRASH/ob" &&
	test_expect_code 3 dst --file drivers/web/main.c > url 2> err &&
	test "$(cat url)" = "https://example.org/report-a-bug" &&
	grep -q "Channel:  web" err &&
	grep -q "paste the body saved in .*/body.md" err
'

test_expect_success 'mailto: one email to the B: address and the maintainers the route shows, lists in Cc' '
	dst --file drivers/mailto/main.c --smtp-url smtp://127.0.0.1:$SMTP_PORT 2> err &&
	grep -q "Channel:  email (the section.s B: is a mail address)" err &&
	grep -q "To:  Mail Man <mm@example.org>" err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	$PYTHON - "$SMTP_DIR/1.json" "$SMTP_DIR/1.eml" <<-\PY
	import email, email.policy, json, sys
	env = json.load(open(sys.argv[1]))
	assert env["rcpt_tos"] == ["bugs@example.org", "mm@example.org",
	                           "linux-kernel@vger.kernel.org"], env
	m = email.message_from_bytes(open(sys.argv[2], "rb").read(), policy=email.policy.strict)
	assert m["To"] == "bugs@example.org, Mail Man <mm@example.org>", m["To"]
	PY
'

test_expect_success 'no B: entry: email (only a list here, so the list is To)' '
	dst --file fs/other.c --dry-run > msg 2> err &&
	grep -q "Channel:  email (no B: entry" err &&
	grep -q "^To: linux-kernel@vger.kernel.org" msg
'

test_expect_success 'Bugzilla B:: --to auto takes the Bugzilla channel, --to email overrides' '
	dst --file drivers/bz/main.c --dry-run > req 2> err &&
	grep -q "Channel:  bugzilla (the section.s B: is a Bugzilla)" err &&
	grep -q "B:        https://bugzilla.kernel.org/enter_bug.cgi?product=Drivers" err &&
	dst --file drivers/bz/main.c --dry-run --to email > msg 2> err &&
	grep -q "Channel:  email (--to email)" err &&
	grep -q "^To: Bz Person <bz@example.org>" msg
'

test_done
