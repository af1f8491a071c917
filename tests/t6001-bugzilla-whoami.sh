#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug bugzilla whoami/products/search against the Bugzilla test server:
# credentials checked, every error a clear message, the key only in a header.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

bz_setup

test_expect_success 'whoami: the server version and who the key belongs to' '
	"$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" >out &&
	grep -q "^$BZ_URL: Bugzilla 5.0.6$" out &&
	grep -q "logged in as reporter@example.com (Rita Reporter) (id 1)" out
'

test_expect_success 'whoami --json' '
	"$KBUG" --json bugzilla whoami --bugzilla-url "$BZ_URL/rest/" --api-key-file "$TRASH/key" >out &&
	"$PYTHON" -c "import json,sys; o=json.load(open(\"out\")); sys.exit(not (o[\"login\"]==\"reporter@example.com\" and o[\"id\"]==1 and o[\"url\"]==\"$BZ_URL\"))"
'

test_expect_success 'the key travelled in X-BUGZILLA-API-KEY only, never in a URL' '
	bz_admin /__admin/requests >log.json &&
	"$PYTHON" - "$BZ_KEY" log.json <<-\PY
	import json, sys
	key = sys.argv[1]
	reqs = json.load(open(sys.argv[2]))["requests"]
	assert reqs, "no requests logged"
	for r in reqs:
	    assert key not in r["raw_path"], r["raw_path"]
	    if r["path"] == "/rest/whoami":
	        assert r["headers"].get("X-BUGZILLA-API-KEY") == key, r["headers"]
	PY
'

test_expect_success 'a wrong key: exit 1 and a message naming the cause' '
	bz_keyfile wrong not-a-valid-key &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file wrong 2>err &&
	grep -q "the API key was not accepted (Bugzilla error 306, HTTP 400)" err &&
	! grep -q not-a-valid-key err
'

test_expect_success 'a revoked key is refused the same way' '
	bz_keyfile revoked kbugTESTkey0revoked0123456789abcdefghij0 &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file revoked 2>err &&
	grep -q "Bugzilla error 306" err
'

test_expect_success 'a key file readable by others is refused before any request' '
	printf "%s\n" "$BZ_KEY" >open-key && chmod 644 open-key &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file open-key 2>err &&
	grep -q "readable by group or others" err
'

test_expect_success 'an API key on the command line is refused' '
	test_expect_code 2 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key "$BZ_KEY" 2>err &&
	grep -q "never taken on the command line" err &&
	! grep -q "$BZ_KEY" err
'

test_expect_success 'the key from KBUG_BUGZILLA_API_KEY' '
	KBUG_BUGZILLA_API_KEY=$BZ_KEY_OTHER "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" >out &&
	grep -q "logged in as other@example.com" out
'

test_expect_success 'the key and URL from the config (api-key-command, no shell)' '
	cat >cfg <<-EOF &&
	[bugzilla]
	url = $BZ_URL
	api-key-command = cat "$TRASH/key"
	EOF
	KBUG_CONFIG=$TRASH/cfg "$KBUG" bugzilla whoami >out &&
	grep -q "logged in as reporter@example.com" out
'

test_expect_success 'no key anywhere: a message saying where to put one' '
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" 2>err &&
	grep -q "no Bugzilla API key: give --api-key-file" err
'

test_expect_success 'plain http:// to a host that is not loopback is refused' '
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url http://bugzilla.example.com \
		--api-key-file "$TRASH/key" 2>err &&
	grep -q "refusing plain http:// to .bugzilla.example.com." err
'

test_expect_success 'a URL with a query or user@ is refused' '
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL/?api_key=x" \
		--api-key-file "$TRASH/key" 2>err &&
	grep -q "not a plain Bugzilla base URL" err
'

test_expect_success 'products: components and versions' '
	"$KBUG" bugzilla products --bugzilla-url "$BZ_URL" ACPI "File System" >out &&
	grep -q "^ACPI$" out && grep -q "\"Power-Sleep-Wake\"" out &&
	grep -q "\"f2fs\"" out && grep -q "versions: \"2.5\" \"unspecified\"" out
'

test_expect_success 'products: an unknown product is an error' '
	test_expect_code 1 "$KBUG" bugzilla products --bugzilla-url "$BZ_URL" NoSuch 2>err &&
	grep -q "unknown product .NoSuch." err
'

test_expect_success 'search by summary substring' '
	"$KBUG" bugzilla search --bugzilla-url "$BZ_URL" --summary "kernel BUG at fs/ext4" >out &&
	grep -q "^$BZ_URL/show_bug.cgi?id=3 \[NEW\] File System / ext4: " out
'

test_expect_success 'a server that answers 500 with HTML: a clear message' '
	bz_fault "{\"kind\": \"500\", \"path\": \"^/version$\"}" &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" 2>err &&
	grep -q "server error (HTTP 500, the reply is not Bugzilla JSON)" err
'

test_expect_success 'a reply that is not JSON: a clear message' '
	bz_fault "{\"kind\": \"badjson\", \"path\": \"^/version$\"}" &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" 2>err &&
	grep -q "the reply is not JSON (HTTP 200, text/html)" err
'

test_expect_success 'a slow server: a timeout message' '
	bz_fault "{\"kind\": \"slow\", \"seconds\": 4, \"path\": \"^/whoami$\"}" &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" \
		--timeout 1 2>err &&
	grep -q "did not answer within 1 s (timeout)" err
'

test_expect_success 'a dropped connection: a clear message' '
	bz_fault "{\"kind\": \"drop\", \"path\": \"^/version$\"}" &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" 2>err &&
	grep -q "closed the connection without a complete reply" err
'

bz_start old --no-whoami --bz-version 5.0.4
test_expect_success 'Bugzilla 5.0 without whoami: valid_login proves the key' '
	"$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" >out &&
	grep -q "Bugzilla 5.0.4" out && grep -q "API key valid" out &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file wrong 2>err &&
	grep -q "Bugzilla error 306" err
'

test_expect_success 'server down: cannot reach' '
	bz_stop &&
	test_expect_code 1 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" 2>err &&
	grep -q "cannot reach Bugzilla at $BZ_URL" err
'

test_done
