#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Delivery faults: server down, dropped mid-session, 4xx and 5xx replies, a
# slow server, a connection lost after DATA, a full disk. Each gives a clear
# error and exit 3 (1 for the disk), the report stays whole in the outbox,
# and one retry after the fault delivers exactly one message.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=

# the one waiting item of an outbox, checked whole: state, message, report
whole_item() {
	local ob=$1 want=$2 id
	id=$("$KBUG" --json outbox --outbox "$ob" | $PYTHON -c '
import json, sys
items = json.load(sys.stdin)
assert len(items) == 1, items
print(items[0]["id"])')
	$PYTHON - "$ob/$id" "$want" <<-\PY || return 1
	import email, email.policy, json, sys
	d, want = sys.argv[1], sys.argv[2]
	st = json.load(open(d + "/state.json"))
	assert st["state"] == want, (st["state"], want, st.get("reason"))
	m = email.message_from_bytes(open(d + "/message.eml", "rb").read(), policy=email.policy.strict)
	assert m["Subject"] == "WARNING in lkdtm_WARNING"
	r = json.load(open(d + "/report.json"))
	assert r["analysis"]["reports"] and r["route"]["maintainers"]
	assert any(a["name"] == "dmesg.txt" for a in r["attachments"])
	PY
	echo "$id"
}

# fault NAME 'server options' 'what stderr must say'
fault() {
	local name=$1 opts=$2 says=$3 rc id
	smtp_start "$name" $opts --fault-count 1
	rc=0
	t5_report --to email --smtp-url "smtp://127.0.0.1:$SMTP_PORT" --outbox "$TRASH/ob-$name" \
		--timeout 3 > /dev/null 2> "$TRASH/$name.err" || rc=$?
	[ "$rc" = 3 ] || { echo "exit $rc, not 3"; cat "$TRASH/$name.err"; return 1; }
	grep -q "$says" "$TRASH/$name.err" || { echo "stderr lacks '$says':"; cat "$TRASH/$name.err"; return 1; }
	grep -q "kbug outbox --retry" "$TRASH/$name.err" || return 1
	[ "$(count_msgs "$SMTP_DIR")" = 0 ] || { echo "a message arrived"; return 1; }
	id=$(whole_item "$TRASH/ob-$name" failed) || return 1
	"$KBUG" outbox --outbox "$TRASH/ob-$name" > "$TRASH/$name.list"
	grep -q "failed" "$TRASH/$name.list" || return 1
	"$KBUG" outbox --outbox "$TRASH/ob-$name" --retry "$id" 2> "$TRASH/$name.retry" ||
		{ cat "$TRASH/$name.retry"; return 1; }
	[ "$(count_msgs "$SMTP_DIR")" = 1 ] || { echo "retry: $(count_msgs "$SMTP_DIR") messages"; return 1; }
	# and never again
	"$KBUG" outbox --outbox "$TRASH/ob-$name" --retry 2>/dev/null &&
	[ "$(count_msgs "$SMTP_DIR")" = 1 ] && [ -d "$TRASH/ob-$name/sent/$id" ]
}

test_expect_success 'server down: exit 3, queued whole; retry with the server up: one message' '
	port=$(free_port) &&
	test_expect_code 3 t5_report --to email --smtp-url smtp://127.0.0.1:$port \
		--outbox "$TRASH/ob-down" 2> err &&
	grep -q "not sent: smtp://127.0.0.1:$port: .*[Cc]onnect" err &&
	id=$(whole_item "$TRASH/ob-down" failed) &&
	"$KBUG" outbox --outbox "$TRASH/ob-down" | grep -q "why: smtp://127.0.0.1:$port" &&
	smtp_start down --port $port &&
	"$KBUG" outbox --outbox "$TRASH/ob-down" --retry 2> err2 &&
	grep -q "$id: delivered as <" err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	"$KBUG" outbox --outbox "$TRASH/ob-down" --retry "$id" 2>/dev/null &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'connection dropped mid-session (at RCPT): exit 3, one message on retry' '
	fault drop-rcpt "--drop-stage rcpt" "not sent: smtp://127.0.0.1"
'

test_expect_success '4xx at RCPT (451): exit 3, the reply on stderr, one message on retry' '
	fault t451 "--fail-stage rcpt --fail-code 451" "451"
'

test_expect_success '5xx at DATA (554): exit 3, the reply on stderr, one message on retry' '
	fault t554 "--fail-stage data --fail-code 554" "554"
'

test_expect_success '4xx at MAIL FROM (421): exit 3, one message on retry' '
	fault t421 "--fail-stage mail --fail-code 421" "421"
'

test_expect_success 'a server that refuses after one message: exit 3; --smtp-url on retry overrides' '
	smtp_start one --refuse-after 1 &&
	first=$SMTP_DIR &&
	t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob-one" 2>/dev/null &&
	test_expect_code 3 t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT \
		--outbox "$TRASH/ob-one" 2> err &&
	grep -q "421" err &&
	test "$(count_msgs "$first")" = 1 &&
	test_expect_code 3 "$KBUG" outbox --outbox "$TRASH/ob-one" --retry 2>/dev/null &&
	smtp_start two &&
	"$KBUG" outbox --outbox "$TRASH/ob-one" --retry --smtp-url smtp://127.0.0.1:$SMTP_PORT \
		2> err2 &&
	test "$(count_msgs "$first")" = 1 && test "$(count_msgs "$SMTP_DIR")" = 1 &&
	"$KBUG" outbox --outbox "$TRASH/ob-one" | grep -q "nothing waits"
'

test_expect_success 'slow server, client timeout (3 s): exit 3, one message on retry' '
	start=$(date +%s) &&
	fault slow "--slow-stage ehlo --slow 8" "[Tt]imed out\|[Tt]imeout" &&
	test $(($(date +%s) - start)) -lt 30
'

test_expect_success 'connection lost after DATA: state unknown, no blind resend, --force sends once' '
	smtp_start lost --drop-stage data --fault-count 1 &&
	test_expect_code 3 t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT \
		--outbox "$TRASH/ob-lost" --timeout 5 2> err &&
	grep -q "may have accepted it" err &&
	test -f "$SMTP_DIR/dropped-1.eml" && test "$(count_msgs "$SMTP_DIR")" = 0 &&
	id=$(whole_item "$TRASH/ob-lost" unknown) &&
	"$KBUG" outbox --outbox "$TRASH/ob-lost" > list && grep -q "outcome unknown" list &&
	test_expect_code 3 "$KBUG" outbox --outbox "$TRASH/ob-lost" --retry 2> err2 &&
	grep -q -- "--force" err2 && grep -q "lore.kernel.org" err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 0 &&
	"$KBUG" outbox --outbox "$TRASH/ob-lost" --retry "$id" --force 2> err3 &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep "^Message-ID:" "$SMTP_DIR/dropped-1.eml" > a &&
	grep "^Message-ID:" "$SMTP_DIR/1.eml" > b && test_cmp a b
'

test_expect_success 'kbug killed while sending: state.json says sending, a retry needs --force' '
	smtp_start killed --slow-stage data --slow 20 --fault-count 1
	"$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --from "$T5_FROM" --yes \
		--to email --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob-kill" \
		--timeout 60 > /dev/null 2>&1 &
	pid=$!
	for _ in $(seq 1 100); do
		grep -qs "\"state\": \"sending\"" "$TRASH"/ob-kill/2*/state.json && break
		sleep 0.1
	done &&
	sleep 0.5 && kill -9 $pid && { wait $pid || true; } &&
	id=$(whole_item "$TRASH/ob-kill" sending) &&
	"$KBUG" outbox --outbox "$TRASH/ob-kill" > list && grep -q "outcome unknown" list &&
	test_expect_code 3 "$KBUG" outbox --outbox "$TRASH/ob-kill" --retry 2> err &&
	grep -q -- "--force" err &&
	"$KBUG" outbox --outbox "$TRASH/ob-kill" --retry "$id" --force --timeout 60 2> err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'an outbox kbug cannot create: exit 1, a message naming it' '
	touch notadir &&
	test_expect_code 1 t5_report --to email --smtp-url smtp://127.0.0.1:1 \
		--outbox "$TRASH/notadir/ob" 2> err &&
	grep -q "cannot create the outbox .*notadir/ob" err
'

# a name kbug does not take for loopback, that still reaches 127.0.0.1
if getent hosts "$(hostname)" | grep -q "^127\."; then
test_expect_success 'STARTTLS is required for smtp:// to a host that is not loopback' '
	name=$(hostname) &&
	smtp_start tls &&
	test_expect_code 3 t5_report --to email --smtp-url smtp://$name:$SMTP_PORT \
		--outbox "$TRASH/ob-tls" 2> err &&
	grep -q "STARTTLS" err && test "$(count_msgs "$SMTP_DIR")" = 0 &&
	"$KBUG" outbox --outbox "$TRASH/ob-tls" --retry --smtp-insecure 2> err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'
else
	test_skip_env 'STARTTLS is required for smtp:// to a host that is not loopback' \
		"$(hostname) does not resolve to 127.x here (the policy is in test-email too)"
fi

test_expect_success 'credentials in the URL are refused (they would show in ps and state.json)' '
	test_expect_code 2 t5_report --to email --smtp-url smtp://me:secret@127.0.0.1:1 \
		--outbox "$TRASH/ob-cred" 2> err &&
	grep -q "password-command" err &&
	test_expect_code 2 "$KBUG" outbox --outbox "$TRASH/ob-cred" --retry \
		--smtp-url smtps://me:secret@127.0.0.1:1 &&
	! grep -rq "secret" "$TRASH/ob-cred"
'

echo "pa55-w0rd-xyz" > "$TRASH/pw" && chmod 600 "$TRASH/pw"
smtp_start auth --auth-user ada --auth-password-file "$TRASH/pw"
test_expect_success 'AUTH with password-command: delivered, the password nowhere in the outbox' '
	mkdir -p cfg && printf "[smtp]\nuser = ada\npassword-command = cat %s/pw\n" "$TRASH" > cfg/config &&
	chmod 644 cfg/config &&
	KBUG_CONFIG=$TRASH/cfg/config t5_report --to email \
		--smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob-auth" 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "\"auth\": \"ada\"" "$SMTP_DIR/1.json" &&
	! grep -rq "pa55-w0rd-xyz" "$TRASH/ob-auth" err
'

test_expect_success 'AUTH: a config file holding the password must not be readable by others' '
	printf "[smtp]\nuser = ada\npassword = pa55-w0rd-xyz\n" > cfg/config2 && chmod 644 cfg/config2 &&
	test_expect_code 1 env KBUG_CONFIG=$TRASH/cfg/config2 "$KBUG" report --dry-run 2> err &&
	grep -q "readable by group or others" err && grep -q "chmod 600" err &&
	chmod 600 cfg/config2 &&
	KBUG_CONFIG=$TRASH/cfg/config2 t5_report --to email \
		--smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob-auth2" 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 2 &&
	! grep -rq "pa55-w0rd-xyz" "$TRASH/ob-auth2"
'

test_expect_success 'AUTH: a wrong password: exit 3, queued' '
	printf "[smtp]\nuser = ada\npassword = wrong\n" > cfg/config3 && chmod 600 cfg/config3 &&
	test_expect_code 3 env KBUG_CONFIG=$TRASH/cfg/config3 "$KBUG" report --log "$T5_LOG" \
		--maintainers "$T5_MAINT" --from "$T5_FROM" --yes --to email \
		--smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob-auth3" 2> err &&
	grep -qi "login denied\|535\|auth" err &&
	test "$(count_msgs "$SMTP_DIR")" = 2
'

disk_full_real() {
	mkdir -p "$TRASH/full" &&
	mount -t tmpfs -o size=24k,mode=0700 kbug-test "$TRASH/full" 2>/dev/null
}
if [ "$(id -u)" = 0 ] && disk_full_real; then
	test_at_exit "umount '$TRASH/full'"
	test_expect_success 'disk full while writing the outbox (24 KiB tmpfs): exit 1, nothing half-written' '
		smtp_start disk &&
		test_expect_code 1 t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT \
			--outbox "$TRASH/full/ob" 2> err &&
		grep -q "No space left on device" err &&
		test "$(count_msgs "$SMTP_DIR")" = 0 &&
		test -z "$(ls -A "$TRASH/full/ob")" &&
		df -k "$TRASH/full" | tail -n 1 | awk "{exit !(\$3 < 8)}"
	'
else
	test_skip_env 'disk full on a small tmpfs' 'needs root and a tmpfs mount'
fi

test_expect_success 'a failed write (injected, any file): exit 1, nothing half-written' '
	for f in report.json message.eml state.json attachment-dmesg.txt; do
		test_expect_code 1 env KBUG_TEST_OUTBOX_FAIL=$f "$KBUG" report --log "$T5_LOG" \
			--maintainers "$T5_MAINT" --from "$T5_FROM" --yes --to email \
			--smtp-url smtp://127.0.0.1:1 --outbox "$TRASH/ob-inj" 2> err &&
		grep -q "No space left on device" err &&
		test -z "$(ls -A "$TRASH/ob-inj")" || exit 1
	done
'

test_done
