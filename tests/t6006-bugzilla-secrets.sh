#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Secrets (issue 18, items 1-4 and 7): a Bugzilla key goes only to its own
# origin, a B: naming another Bugzilla gets that tracker's key or becomes a
# hand-filing item; no proxy for loopback and none for a clear-text secret;
# a secret command's first line only, control characters refused; a config
# others can write runs no command; a FIFO as --api-key-file does not hang.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

bz_setup
# the recorder: whatever reaches it (another Bugzilla, a proxy) is logged
server_start rec record_http.py "$TRASH/rec.log" || exit 1
REC_PORT=$SERVER_PORT
OTHER=http://bugzilla.localhost:$REC_PORT
bz_keyfile "$TRASH/key2" "$BZ_KEY_OTHER"

cat >"$TRASH/MAINTAINERS" <<EOF
List of maintainers
===================

OTHER BUGZILLA DRIVER
M:	Bea Zilla <bz@example.org>
B:	$OTHER/enter_bug.cgi?product=Drivers&component=Other
S:	Maintained
F:	drivers/obz/
EOF
LOG=$CORPUS_DIR/qemu-lkdtm-warning.log

route_report() {
	timeout 60 "$KBUG" report --log "$LOG" --maintainers "$TRASH/MAINTAINERS" \
		--file drivers/obz/main.c --to bugzilla --yes --outbox "$OB" --timeout 5 "$@"
}

# home_cfg [LINE...]: cfg (0600) with the home Bugzilla, its key, then LINEs
home_cfg() {
	printf "[bugzilla]\nurl = %s\napi-key-file = %s\ninsecure-http = true\n" \
		"$BZ_URL" "$TRASH/key" >cfg &&
	if [ $# -gt 0 ]; then printf "%s\n" "$@" >>cfg; fi &&
	chmod 600 cfg
}

test_expect_success 'item 1: a B: naming another Bugzilla never receives the [bugzilla] key' '
	rm -f "$TRASH/rec.log" &&
	home_cfg &&
	{ KBUG_CONFIG=$PWD/cfg route_report >out 2>err; test $? = 3; } &&
	cat out err &&
	cat out err | grep -q "kbug cannot file this report itself" &&
	! grep -rqs "$BZ_KEY" "$TRASH/rec.log" &&
	grep -q "no Bugzilla API key for http://bugzilla.localhost:$REC_PORT" err &&
	grep -q "by hand" err
'

test_expect_success 'item 1: ... and that tracker gets its own key from [bugzilla "ORIGIN"]' '
	rm -f "$TRASH/rec.log" &&
	home_cfg "[bugzilla \"HTTP://Bugzilla.localhost:$REC_PORT/rest\"]" \
		"api-key-file = $TRASH/key2" &&
	{ KBUG_CONFIG=$PWD/cfg route_report >out 2>err; cat out err; } &&
	grep -q "X-BUGZILLA-API-KEY: $BZ_KEY_OTHER" "$TRASH/rec.log" &&
	! grep -q "$BZ_KEY\$" "$TRASH/rec.log"
'

test_expect_success 'item 1: the old [bugzilla] url + key still works for its own origin' '
	cat >cfg <<-EOF &&
	[bugzilla]
	url = $BZ_URL
	api-key-file = $TRASH/key
	EOF
	chmod 600 cfg &&
	KBUG_CONFIG=$PWD/cfg "$KBUG" bugzilla whoami >out &&
	grep -q "logged in as reporter@example.com" out
'

test_expect_success 'item 3: no proxy for loopback: http_proxy never sees the key' '
	rm -f "$TRASH/rec.log" &&
	http_proxy=http://127.0.0.1:$REC_PORT HTTPS_PROXY=http://127.0.0.1:$REC_PORT \
		timeout 60 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" \
		--api-key-file "$TRASH/key" >out 2>err
	cat out err &&
	! grep -qs "$BZ_KEY" "$TRASH/rec.log" &&
	grep -q "logged in as reporter@example.com" out
'

test_expect_success 'item 3: never a key in clear text through a proxy' '
	rm -f "$TRASH/rec.log" &&
	http_proxy=http://127.0.0.1:$REC_PORT no_proxy= NO_PROXY= \
		timeout 60 "$KBUG" bugzilla whoami --insecure-http \
		--bugzilla-url "http://bugzilla.localhost:$BZ_PORT" \
		--api-key-file "$TRASH/key" >out 2>err
	cat out err &&
	! grep -qs "$BZ_KEY" "$TRASH/rec.log" &&
	grep -q "logged in as reporter@example.com" out
'

test_expect_success 'item 2: a secret command: its first line only (pass show)' '
	printf "%s\nURL: https://example.org\nlogin: rita\n" "$BZ_KEY" >pass-out &&
	cat >cfg <<-EOF &&
	[bugzilla]
	url = $BZ_URL
	api-key-command = cat $PWD/pass-out
	EOF
	chmod 600 cfg &&
	KBUG_CONFIG=$PWD/cfg "$KBUG" bugzilla whoami >out 2>err &&
	grep -q "logged in as reporter@example.com" out &&
	bz_admin /__admin/requests >log.json &&
	"$PYTHON" - log.json <<-\PY
	import json, sys
	for r in json.load(open(sys.argv[1]))["requests"]:
	    h = {k.lower() for k in r["headers"]}
	    assert "login" not in h and "url" not in h, r["headers"]
	PY
'

test_expect_success 'item 2: a secret with a control character is refused, naming its source' '
	printf "kbug\033]2;x\007key\n" >pass-out &&
	KBUG_CONFIG=$PWD/cfg test_expect_code 1 "$KBUG" bugzilla whoami >out 2>err &&
	cat err &&
	grep -q "the secret from the command .cat. holds a control character" err
'

test_expect_success 'item 4: a config others can write runs no command' '
	rm -f ran &&
	cat >cfg <<-EOF &&
	[bugzilla]
	url = $BZ_URL
	api-key-command = touch $PWD/ran
	EOF
	chmod 666 cfg &&
	KBUG_CONFIG=$PWD/cfg test_expect_code 1 "$KBUG" bugzilla whoami >out 2>err &&
	cat err &&
	test ! -e ran &&
	grep -q "refusing \[bugzilla\] api-key-command from config .*cfg., which group or others can write" err
'

test_expect_success 'item 4: ... nor through a symlink to it' '
	ln -sf cfg cfg-link &&
	KBUG_CONFIG=$PWD/cfg-link test_expect_code 1 "$KBUG" bugzilla whoami >out 2>err &&
	test ! -e ran &&
	grep -q "refusing \[bugzilla\] api-key-command" err
'

test_expect_success 'item 4: ... nor one another user owns (even mode 600)' '
	if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
		chmod 600 cfg && chown nobody cfg &&
		KBUG_CONFIG=$PWD/cfg test_expect_code 1 "$KBUG" bugzilla whoami >out 2>err &&
		test ! -e ran &&
		grep -q "from config .*cfg., which another user owns" err
	fi
'

test_expect_success 'item 7: a FIFO as --api-key-file does not hang' '
	rm -f fifo && mkfifo fifo &&
	test_expect_code 1 timeout 10 "$KBUG" bugzilla whoami --bugzilla-url "$BZ_URL" \
		--api-key-file fifo 2>err &&
	grep -q "is not a regular file" err
'

test_done
