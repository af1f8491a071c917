#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Faults of the Bugzilla test server while filing: each one a clear message,
# exit 3 with the report kept in the outbox, and after `kbug outbox --retry`
# exactly one bug with all its attachments, also when the first attempt did
# file the bug but its reply was lost. The API key never shows in argv.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

bz_setup
n=0

file() {
	"$KBUG" bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --outbox "$OB" \
		--timeout 2 "$@"
}
retry() {
	"$KBUG" outbox --outbox "$OB" --retry "$@" --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key"
}
waiting() {
	ls "$OB" | grep -v '^sent$'
}
bugs_titled() {
	bz_sql "SELECT COUNT(*) FROM bugs WHERE summary = '$1'"
}

# check_fault NAME FAULT-JSON MESSAGE [LOST]: file with the fault on,
# expect exit 3 and MESSAGE, retry, expect one bug with its attachments.
check_fault() {
	local name=$1 fault=$2 msg=$3 title
	n=$((n + 1))
	title="ACPI: fault test $n ($name)"
	test_expect_success "$name: exit 3, a clear message, the report kept" '
		bz_report r$n.json "title=$title" &&
		bz_fault "$fault" &&
		test_expect_code 3 file --report r$n.json >out 2>err &&
		grep -q "$msg" err &&
		grep -q "the report stays in the outbox as" err &&
		test "$(waiting | wc -l)" = 1 &&
		! grep -rq "$BZ_KEY" "$OB"
	'
	test_expect_success "$name: after kbug outbox --retry, exactly one bug, every attachment once" '
		sleep ${4:-0} &&
		id=$(waiting) &&
		retry "$id" >out 2>err &&
		grep -q "^filed: $BZ_URL/show_bug.cgi?id=" out &&
		test "$(bugs_titled "$title")" = 1 &&
		bug=$(bz_sql "SELECT id FROM bugs WHERE summary = '"'"'$title'"'"'") &&
		test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=$bug" &&
		bz_check_attachments "$bug" r$n.json &&
		test "$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = $bug")" = 4 &&
		test -z "$(waiting)" &&
		retry "$id" >out2 2>err2 && grep -q "delivered already" err2 &&
		test "$(bugs_titled "$title")" = 1
	'
}

check_fault "HTTP 500 (HTML) on filing" \
	'{"kind": "500", "method": "POST", "path": "^/bug$"}' \
	"filing the bug failed at $BZ_URL: server error (HTTP 500, the reply is not Bugzilla JSON)"
check_fault "a reply that is not JSON on filing" \
	'{"kind": "badjson", "method": "POST", "path": "^/bug$"}' \
	"filing the bug failed at $BZ_URL: the reply is not JSON (HTTP 200, text/html)"
check_fault "a dropped connection on filing" \
	'{"kind": "drop", "method": "POST", "path": "^/bug$"}' \
	"filing the bug failed: Bugzilla at $BZ_URL closed the connection without a complete reply"
check_fault "the bug filed but the reply lost" \
	'{"kind": "lost", "method": "POST", "path": "^/bug$"}' \
	"the outcome is unknown: the next 'kbug outbox --retry' looks for the bug"
check_fault "a server-side Bugzilla error after filing" \
	'{"kind": "error", "code": -32000, "status": 500, "method": "POST", "path": "^/bug$", "message": "Mail delivery failed"}' \
	"server-side failure (Bugzilla error -32000, HTTP 500): Mail delivery failed"
check_fault "a slow reply on filing (timeout)" \
	'{"kind": "slow", "seconds": 4, "method": "POST", "path": "^/bug$"}' \
	"Bugzilla at $BZ_URL did not answer within 2 s (timeout)" 3
check_fault "an attachment filed but its reply lost" \
	'{"kind": "lost", "method": "POST", "path": "^/bug/[0-9]+/attachment$"}' \
	"uploading the attachment failed"
check_fault "HTTP 500 on an attachment upload" \
	'{"kind": "500", "method": "POST", "path": "^/bug/[0-9]+/attachment$"}' \
	"uploading the attachment failed at $BZ_URL: server error (HTTP 500"
check_fault "the server version check fails" \
	'{"kind": "500", "path": "^/version$"}' \
	"asking the server version failed at $BZ_URL: server error (HTTP 500"
check_fault "a bad API key answer" \
	'{"kind": "error", "code": 306, "path": "^/whoami$", "message": "The API key you specified is invalid."}' \
	"checking the API key failed at $BZ_URL: the API key was not accepted (Bugzilla error 306, HTTP 400)"

test_expect_success 'failing retries keep the report until one succeeds' '
	bz_report twice.json "title=ACPI: fails twice" &&
	bz_fault "{\"kind\": \"500\", \"method\": \"POST\", \"path\": \"^/bug/[0-9]+/attachment$\", \"times\": 3}" &&
	test_expect_code 3 file --report twice.json >out 2>err &&
	id=$(waiting) &&
	test_expect_code 3 retry "$id" >out 2>err &&
	test_expect_code 3 retry "$id" >out 2>err &&
	retry "$id" >out 2>err &&
	bug=$(bz_sql "SELECT id FROM bugs WHERE summary = '"'"'ACPI: fails twice'"'"'") &&
	test "$(bugs_titled "ACPI: fails twice")" = 1 &&
	bz_check_attachments "$bug" twice.json
'

test_expect_success 'a lost reply shows as "outcome unknown" in kbug outbox' '
	bz_report u.json "title=ACPI: unknown state listing" &&
	bz_fault "{\"kind\": \"lost\", \"method\": \"POST\", \"path\": \"^/bug$\"}" &&
	test_expect_code 3 file --report u.json >out 2>err &&
	"$KBUG" outbox --outbox "$OB" >list &&
	grep -q "bugzilla *unknown" list &&
	retry "$(waiting)" >out 2>err &&
	grep -q "the earlier attempt did file bug" err &&
	test "$(bugs_titled "ACPI: unknown state listing")" = 1
'

test_expect_success 'the comment on a duplicate lost: retried, commented once' '
	bz_report d.json "title=ACPI: unknown state listing" &&
	bz_fault "{\"kind\": \"lost\", \"method\": \"POST\", \"path\": \"^/bug/[0-9]+/comment$\"}" &&
	test_expect_code 3 file --report d.json --yes >out 2>err &&
	bug=$(bz_sql "SELECT id FROM bugs WHERE summary = '"'"'ACPI: unknown state listing'"'"'") &&
	retry "$(waiting)" --yes >out 2>err &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $bug AND text LIKE '"'"'kbug found this bug%'"'"'")" = 1 &&
	test "$(bugs_titled "ACPI: unknown state listing")" = 1 &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=$bug"
'

# bz_file_as KEY TITLE: another user files a bug with this title
bz_file_as() {
	"$PYTHON" - "$BZ_URL" "$1" "$2" <<-\PY
	import json, sys, urllib.request
	body = json.dumps({"product": "ACPI", "component": "Other", "version": "2.5",
	                   "summary": sys.argv[3], "description": "mine, not kbug's"}).encode()
	req = urllib.request.Request(sys.argv[1] + "/rest/bug", data=body, method="POST",
	                             headers={"X-BUGZILLA-API-KEY": sys.argv[2],
	                                      "Content-Type": "application/json"})
	print(json.load(urllib.request.urlopen(req))["id"])
	PY
}

test_expect_success 'after a lost reply, another user'"'"'s bug of the same title is not taken for ours' '
	bz_report same.json "title=ACPI: same title, two users" &&
	bz_fault "{\"kind\": \"lost\", \"method\": \"POST\", \"path\": \"^/bug$\"}" &&
	test_expect_code 3 file --report same.json >out 2>err &&
	theirs=$(bz_file_as "$BZ_KEY_OTHER" "ACPI: same title, two users") &&
	retry "$(waiting)" >out 2>err &&
	ours=$(bz_sql "SELECT id FROM bugs WHERE summary = '"'"'ACPI: same title, two users'"'"' AND creator = '"'"'reporter@example.com'"'"'") &&
	test "$(echo "$ours" | wc -l)" = 1 && test "$ours" != "$theirs" &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=$ours" &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $theirs")" = 1 &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = $theirs")" = 0
'

test_expect_success 'a dropped POST and another user'"'"'s bug of that title: the retry offers it as a duplicate' '
	bz_report same2.json "title=ACPI: dropped, then someone else" &&
	bz_fault "{\"kind\": \"drop\", \"method\": \"POST\", \"path\": \"^/bug$\"}" &&
	test_expect_code 3 file --report same2.json >out 2>err &&
	theirs=$(bz_file_as "$BZ_KEY_OTHER" "ACPI: dropped, then someone else") &&
	id=$(waiting) &&
	test_expect_code 3 retry "$id" >out 2>err &&
	grep -q "possible duplicate: $BZ_URL/show_bug.cgi?id=$theirs" err &&
	retry "$id" --new-bug >out 2>err &&
	test "$(bz_sql "SELECT COUNT(*) FROM bugs WHERE summary = '"'"'ACPI: dropped, then someone else'"'"' AND creator = '"'"'reporter@example.com'"'"'")" = 1 &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $theirs")" = 1
'

bz_stop
bz_start old --no-whoami --bz-version 5.0.4
test_expect_success 'Bugzilla 5.0 (no whoami): a lost reply is still found, by product, title and marker' '
	bz_report old.json "title=ACPI: lost on 5.0" &&
	bz_fault "{\"kind\": \"lost\", \"method\": \"POST\", \"path\": \"^/bug$\"}" &&
	test_expect_code 3 file --report old.json >out 2>err &&
	retry "$(waiting)" >out 2>err &&
	grep -q "the earlier attempt did file bug 4" err &&
	test "$(bz_sql "SELECT COUNT(*) FROM bugs WHERE summary = '"'"'ACPI: lost on 5.0'"'"'")" = 1 &&
	bz_check_attachments 4 old.json
'

bz_stop
bz_start main
bz_stop
test_expect_success 'the server down: cannot reach, exit 3' '
	bz_report down.json "title=ACPI: server down" &&
	test_expect_code 3 file --report down.json >out 2>err &&
	grep -q "cannot reach Bugzilla at $BZ_URL" err
'
bz_start main
test_expect_success 'the server up again (same database): filed once' '
	retry "$(waiting)" >out 2>err &&
	test "$(bugs_titled "ACPI: server down")" = 1
'

test_expect_success 'the API key is never in argv: /proc/PID/cmdline during a slow request' '
	bz_report slow.json "title=ACPI: slow for cmdline" &&
	bz_admin /__admin/reset "{}" >/dev/null &&
	bz_fault "{\"kind\": \"slow\", \"seconds\": 3, \"method\": \"POST\", \"path\": \"^/bug$\"}"
	"$KBUG" bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --outbox "$OB" \
		--report slow.json >out 2>err &
	pid=$! &&
	for i in $(seq 50); do
		bz_admin /__admin/requests | grep -q "\"method\": \"POST\", \"path\": \"/rest/bug\"" && break
		sleep 0.1
	done &&
	tr "\0" " " </proc/$pid/cmdline >cmdline &&
	grep -q "bugzilla file" cmdline &&
	! grep -q "$BZ_KEY" cmdline &&
	! grep -rq "$BZ_KEY" "$OB" &&
	wait $pid &&
	! grep -q "$BZ_KEY" out err &&
	test "$(bugs_titled "ACPI: slow for cmdline")" = 1
'

test_done
