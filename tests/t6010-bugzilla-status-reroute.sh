#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A bug filed by kbug report (the Bugzilla test server, the kernel tree's
# MAINTAINERS: ACPI) afterwards: kbug status reads its status, resolution
# and comments over REST (after a comment, after RESOLVED FIXED with a
# Closes: line); kbug reroute forwards the delivered report to a mail
# list (the aiosmtpd test server) and leaves one comment on the old bug
# saying where it moved, not twice when run again.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"
. "$TESTS_DIR/lib-smtp.sh"

require tree py:aiosmtpd
MAINT=$(kernel_tree)/MAINTAINERS
bz_setup
smtp_start smtp

cp "$SRC_DIR/tests/fixtures/triage/acpi-ec-oops.log" "$TRASH/dmesg.txt"

# rest METHOD PATH JSON: a REST call as the other user (a triager)
rest() {
	"$PYTHON" - "$BZ_URL/rest$2" "$BZ_KEY_OTHER" "$1" "$3" <<'PY'
import sys, urllib.request
url, key, method, body = sys.argv[1:5]
req = urllib.request.Request(url, data=body.encode(), method=method,
                             headers={"Content-Type": "application/json",
                                      "X-BUGZILLA-API-KEY": key})
urllib.request.urlopen(req, timeout=10).read()
PY
}

status() {
	"$KBUG" status --outbox "$OB" "$@"
}

test_expect_success 'a filed bug: its status, no comment yet' '
	"$KBUG" report --log "$TRASH/dmesg.txt" --file drivers/acpi/ec.c --maintainers "$MAINT" \
		--to bugzilla --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --yes \
		--outbox "$OB" --timeout 5 >out 2>err &&
	url=$(tail -n 1 out | sed -n "s/^filed: //p") && test -n "$url" &&
	echo "$url" >"$TRASH/url" && bug=${url##*=} && echo "$bug" >"$TRASH/bug" &&
	id=$(ls "$OB/sent") && echo "$id" >"$TRASH/id" &&
	status "$id" >out &&
	grep -q "^$id  bug $(bz_sql "SELECT status FROM bugs WHERE id = $bug"), 0 comments (0 new)" out &&
	grep -qx "    $url" out
'

test_expect_success 'after a comment: one comment, new, by the triager' '
	id=$(cat "$TRASH/id") && bug=$(cat "$TRASH/bug") &&
	rest POST "/bug/$bug/comment" "{\"comment\": \"Which firmware version?\"}" &&
	status "$id" >out &&
	grep -q "^$id  bug .*, 1 comment (1 new), last by other@example.com" out
'

test_expect_success 'after RESOLVED FIXED and a Closes: line: the resolution and the fix' '
	id=$(cat "$TRASH/id") && bug=$(cat "$TRASH/bug") && url=$(cat "$TRASH/url") &&
	rest POST "/bug/$bug/comment" "{\"comment\": \"Fixed in mainline:\\n\\n    ACPI: EC: check the handler\\n    Closes: $url\\n\"}" &&
	rest PUT "/bug/$bug" "{\"status\": \"RESOLVED\", \"resolution\": \"FIXED\"}" &&
	"$KBUG" --json status --outbox "$OB" "$id" >s.json &&
	"$PYTHON" - "$url" <<-\PY
	import json, sys
	s = json.load(open("s.json"))[0]
	assert s["kind"] == "bug" and s["status"] == "RESOLVED", s
	assert s["resolution"] == "FIXED" and s["comments"] == 2 and s["new"] == 1, s
	assert s["fix"]["line"] == "Closes: " + sys.argv[1], s
	PY
'

test_expect_success 'reroute a filed bug to a list: forwarded, one comment on the old bug' '
	id=$(cat "$TRASH/id") && bug=$(cat "$TRASH/bug") && url=$(cat "$TRASH/url") &&
	"$KBUG" reroute "$id" --to email --from "Ada Lovelace <ada@example.org>" --outbox "$OB" \
		--smtp-url "smtp://127.0.0.1:$SMTP_PORT" --api-key-file "$TRASH/key" --yes >out 2>err &&
	grep -q "^forwarded: $id -> " out &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	tr -d "\r" <"$SMTP_DIR/1.eml" >msg &&
	grep -q "first sent to $url" msg && grep -q "acpi_ec_read" msg &&
	grep -q "^To: .*linux-acpi@vger.kernel.org\|^Cc: .*linux-acpi@vger.kernel.org" msg &&
	bz_sql "SELECT text FROM comments WHERE bug_id = $bug ORDER BY count DESC LIMIT 1" >c &&
	grep -q "^This report has moved: a mail, Message-ID <" c &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $bug AND text LIKE \"%kbug-moved: $id%\"")" = 1
'

test_expect_success 'a report forwarded once is not forwarded again' '
	id=$(cat "$TRASH/id") && bug=$(cat "$TRASH/bug") &&
	n=$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $bug") &&
	test_expect_code 1 "$KBUG" reroute "$id" --to email --from "Ada Lovelace <ada@example.org>" \
		--outbox "$OB" --smtp-url "smtp://127.0.0.1:$SMTP_PORT" --yes 2>err &&
	grep -q "was forwarded already, as " err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $bug")" = "$n"
'

test_done
