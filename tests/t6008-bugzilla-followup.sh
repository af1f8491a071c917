#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The triage loop on a Bugzilla bug: kbug request posts a request as a
# comment; kbug followup finds it, attaches exactly the facts asked (from
# the fake machine tests/fixtures/laptop) and a comment citing it; a retry
# after a lost reply posts nothing twice; hostile requests are refused.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

bz_setup
export KBUG_SYSROOT=$SRC_DIR/tests/fixtures/laptop
BUG=$BZ_URL/show_bug.cgi?id=1

# comment BUG TEXT: a comment on the bug, as the triager or anyone writes it.
comment() {
	"$PYTHON" - "$BZ_URL" "$BZ_KEY_OTHER" "$1" "$2" <<'PY'
import json, sys, urllib.request
url, key, bug, text = sys.argv[1:5]
req = urllib.request.Request("%s/rest/bug/%s/comment" % (url, bug),
                             data=json.dumps({"comment": text}).encode(),
                             headers={"Content-Type": "application/json",
                                      "X-BUGZILLA-API-KEY": key}, method="POST")
urllib.request.urlopen(req, timeout=10).read()
PY
}

# newbug: file a bug (as the other user) and print its number.
newbug() {
	"$PYTHON" - "$BZ_URL" "$BZ_KEY_OTHER" <<'PY'
import json, sys, urllib.request
url, key = sys.argv[1:3]
bug = {"product": "Drivers", "component": "PCI", "version": "2.5",
       "summary": "pcieport: AER flood", "description": "see the log"}
req = urllib.request.Request(url + "/rest/bug", data=json.dumps(bug).encode(),
                             headers={"Content-Type": "application/json",
                                      "X-BUGZILLA-API-KEY": key}, method="POST")
print(json.loads(urllib.request.urlopen(req, timeout=10).read())["id"])
PY
}

# files BUG: the attachments' file names on the bug, sorted, one a line.
files() {
	bz_sql "SELECT file_name FROM attachments WHERE bug_id = $1 ORDER BY file_name"
}

test_expect_success 'request prints a block a person reads and one line kbug parses' '
	"$KBUG" request --probe pci --log this --note "Which slot is the card in?" >req.txt &&
	grep -q "^  - pci: every PCI device" req.txt &&
	grep -q "^  - the kernel log of this boot" req.txt &&
	grep -q "^> Which slot is the card in?" req.txt &&
	tail -n 1 req.txt | grep -Eqx "kbug-request: v1 id=[0-9a-f]{12} probes=pci logs=this"
'

test_expect_success 'request refuses an unknown probe, a path, a huge note, nothing asked' '
	test_expect_code 2 "$KBUG" request --probe gpu 2>err &&
	grep -q "unknown probe .gpu." err &&
	test_expect_code 2 "$KBUG" request --probe /etc/shadow 2>err &&
	test_expect_code 2 "$KBUG" request --log /var/log/syslog 2>err &&
	grep -q "unknown log" err &&
	test_expect_code 2 "$KBUG" request --probe pci --note "$(head -c 3000 /dev/zero | tr "\0" x)" 2>err &&
	grep -q "the note is 3000 bytes" err &&
	test_expect_code 2 "$KBUG" request 2>err &&
	grep -q "ask for something" err
'

test_expect_success 'request --bug posts it as a comment, with the key of that server only' '
	"$KBUG" --json request --probe pci,dmi --log this --bug "$BUG" \
		--api-key-file "$TRASH/key" >out.json &&
	id=$("$PYTHON" -c "import json; print(json.load(open(\"out.json\"))[\"id\"])") &&
	bz_sql "SELECT creator, text FROM comments WHERE bug_id = 1 ORDER BY count DESC LIMIT 1" >c.txt &&
	grep -q "^reporter@example.com|Request for more information (kbug request $id)" c.txt &&
	grep -qx "kbug-request: v1 id=$id probes=pci,dmi logs=this" c.txt &&
	echo "$id" >"$TRASH/rid"
'

test_expect_success 'request --bug: a bad URL, no key' '
	test_expect_code 2 "$KBUG" request --probe pci --bug "ftp://x/1" 2>err &&
	grep -q "not a bug.s URL" err &&
	test_expect_code 1 "$KBUG" request --probe pci --bug "$BUG" 2>err &&
	grep -q "no Bugzilla API key" err
'

test_expect_success 'followup --dry-run shows exactly the requested facts, sends nothing' '
	before=$(bz_sql "SELECT COUNT(*) FROM comments") &&
	"$KBUG" followup "$BUG" --dry-run >dry.txt 2>err &&
	grep -q "answering v1 id=$(cat "$TRASH/rid") probes=pci,dmi logs=this" err &&
	grep -q "^--- attachment pci.json" dry.txt &&
	grep -q "^--- attachment dmi.json" dry.txt &&
	grep -q "^--- attachment dmesg.txt" dry.txt &&
	! grep -q "attachment config.txt\|attachment usb.json\|attachment modules.json" dry.txt &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments")" = "$before" &&
	test -z "$(files 1)"
'

test_expect_success 'followup attaches exactly the requested facts and cites the request' '
	rid=$(cat "$TRASH/rid") &&
	"$KBUG" followup "$BUG" --yes --outbox "$OB" --api-key-file "$TRASH/key" >out 2>err &&
	grep -qx "answered: $BUG (request $rid)" out &&
	printf "dmesg.txt\ndmi.json\npci.json\n" >want &&
	files 1 >got && test_cmp want got &&
	bz_sql "SELECT summary FROM attachments WHERE bug_id = 1" >sums &&
	test "$(grep -c "kbug request $rid" sums)" = 3 &&
	bz_sql "SELECT text FROM comments WHERE bug_id = 1 ORDER BY count DESC LIMIT 1" >c.txt &&
	grep -q "^Answer to kbug request $rid (comment #1)" c.txt &&
	grep -qx "kbug-answer: v1 id=$rid" c.txt &&
	bz_sql "SELECT data FROM attachments WHERE bug_id = 1 AND file_name = \"pci.json\"" >pci &&
	grep -q "\"slot\"" pci &&
	ls "$OB/sent" | grep -q .
'

test_expect_success 'answering the same request again posts nothing twice' '
	n=$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = 1") &&
	c=$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = 1") &&
	"$KBUG" -v followup "$BUG" --yes --outbox "$OB" --api-key-file "$TRASH/key" >out 2>err &&
	grep -q "already on bug 1" err &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = 1")" = "$n" &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = 1")" = "$c"
'

test_expect_success 'what it sends went through the redaction at the seal' '
	serial=$(cat "$KBUG_SYSROOT/sys/class/dmi/id/product_serial") && test -n "$serial" &&
	bz_sql "SELECT data FROM attachments WHERE bug_id = 1 AND file_name = \"dmi.json\"" >dmi &&
	grep -q "\"product_serial\": \"\[serial-" dmi &&
	bz_sql "SELECT data FROM attachments WHERE bug_id = 1" >all &&
	! grep -q "$serial" all
'

test_expect_success 'no request on the bug: a clear message, nothing collected or sent' '
	n=$(bz_sql "SELECT COUNT(*) FROM attachments") &&
	test_expect_code 1 "$KBUG" followup "$BZ_URL/show_bug.cgi?id=3" --yes --outbox "$OB" --api-key-file "$TRASH/key" 2>err &&
	grep -q "no comment on bug 3 holds a kbug-request: line: answer with --probe" err &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments")" = "$n"
'

test_expect_success 'a retry after a lost reply posts every part once' '
	comment 3 "kbug-request: v1 id=feedbeef0001 probes=pci,dmi" &&
	bz_fault "{\"kind\":\"lost\",\"method\":\"POST\",\"path\":\"^/bug/3/attachment$\"}" &&
	test_expect_code 3 "$KBUG" followup "$BZ_URL/show_bug.cgi?id=3" --yes --outbox "$OB" --api-key-file "$TRASH/key" \
		--timeout 5 >out 2>err &&
	item=$(sed -n "s/.*outbox as \([^:]*\):.*/\1/p" err) && test -n "$item" &&
	test "$(files 3 | wc -l)" = 1 &&
	bz_fault "{\"kind\":\"lost\",\"method\":\"POST\",\"path\":\"^/bug/3/comment$\"}" &&
	test_expect_code 3 "$KBUG" outbox --retry "$item" --yes --outbox "$OB" --api-key-file "$TRASH/key" >out2 2>err2 &&
	"$KBUG" outbox --retry "$item" --yes --outbox "$OB" --api-key-file "$TRASH/key" >out3 2>err3 &&
	printf "dmi.json\npci.json\n" >want && files 3 >got && test_cmp want got &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = 3 AND text LIKE \"%kbug-answer: v1 id=feedbeef0001%\"")" = 1 &&
	test -d "$OB/sent/$item"
'

test_expect_success 'an answer line someone else posted does not stand for ours' '
	b=$(newbug) &&
	comment "$b" "kbug-request: v1 id=spoof00001 probes=dmi" &&
	comment "$b" "kbug-answer: v1 id=spoof00001" &&
	"$KBUG" followup "$BZ_URL/show_bug.cgi?id=$b" --yes --outbox "$OB" --api-key-file "$TRASH/key" >out 2>err &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = $b AND creator = \"reporter@example.com\" AND text LIKE \"%kbug-answer: v1 id=spoof00001%\"")" = 1
'

test_expect_success 'followup --probe answers without a request on the bug' '
	"$KBUG" followup "$BZ_URL/show_bug.cgi?id=2" --probe dmi --yes --outbox "$OB" --api-key-file "$TRASH/key" >out 2>err &&
	printf "dmi.json\n" >want && files 2 >got && test_cmp want got &&
	bz_sql "SELECT text FROM comments WHERE bug_id = 2 ORDER BY count DESC LIMIT 1" >c.txt &&
	grep -q "^Facts sent with kbug followup" c.txt
'

hostile() {
	local bug=$1 text=$2 why=$3
	comment "$bug" "$text" &&
	n=$(bz_sql "SELECT COUNT(*) FROM attachments") &&
	test_expect_code 1 "$KBUG" followup "$BZ_URL/show_bug.cgi?id=$bug" --yes --outbox "$OB" --api-key-file "$TRASH/key" 2>err &&
	grep -q "is refused: .*$why" err &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments")" = "$n"
}

test_expect_success 'hostile requests are refused with the reason, nothing read or sent' '
	hostile 2 "kbug-request: v1 id=bad0000001 probes=gpu" "unknown probe .gpu." &&
	hostile 2 "kbug-request: v1 id=bad0000002 file=/etc/shadow" "reads no file" &&
	hostile 2 "kbug-request: v1 id=bad0000003 probes=pci hint=\$(id)" "path or a command" &&
	hostile 2 "kbug-request: v1 id=bad0000004 probes=pci,../../etc/passwd" "path or a command" &&
	hostile 2 "kbug-request: v2 id=bad0000005 probes=pci" "format v2" &&
	hostile 2 "kbug-request: v1 id=bad0000006 probes=pci probes=usb" "given twice" &&
	hostile 2 "kbug-request: v1 id=bad0000007 probes=pci x=$(head -c 600 /dev/zero | tr "\0" a)" "longer than"
'

test_expect_success 'a quoted request is not a request' '
	b=$(newbug) &&
	comment "$b" "as asked before:
> kbug-request: v1 id=quoted0001 probes=pci" &&
	test_expect_code 1 "$KBUG" followup "$BZ_URL/show_bug.cgi?id=$b" --yes --outbox "$OB" --api-key-file "$TRASH/key" 2>err &&
	grep -q "no comment on bug $b holds a kbug-request: line" err
'

test_expect_success 'the newest request wins; unknown keys are ignored, named' '
	b=$(newbug) &&
	comment "$b" "kbug-request: v1 id=older00001 probes=pci" &&
	comment "$b" "kbug-request: v1 id=newer00001 probes=dmi lang=de" &&
	"$KBUG" followup "$BZ_URL/show_bug.cgi?id=$b" --yes --outbox "$OB" --api-key-file "$TRASH/key" >out 2>err &&
	grep -q "ignored: lang" err &&
	printf "dmi.json\n" >want && files "$b" >got && test_cmp want got
'

test_done
