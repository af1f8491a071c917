#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# TLS: STARTTLS on smtp://, implicit TLS on smtps://, both verified against
# the CA named in [smtp] ca-file; an unknown certificate is refused.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require openssl
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf
HOST=$(hostname)
(cd "$TRASH" && openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem \
	-days 2 -subj /CN=localhost \
	-addext "subjectAltName=DNS:localhost,DNS:$HOST,IP:127.0.0.1" > /dev/null 2>&1)
printf "[smtp]\nca-file = %s/cert.pem\n" "$TRASH" > "$TRASH/config"
export KBUG_CONFIG=$TRASH/config
# shellcheck disable=SC2034 # used inside the test bodies
TLS="--tls-cert $TRASH/cert.pem --tls-key $TRASH/key.pem"

test_expect_success 'STARTTLS required by the server: kbug upgrades, verified, delivered' '
	smtp_start st --tls require-starttls $TLS &&
	t5_report --to email --smtp-url smtp://localhost:$SMTP_PORT --outbox "$TRASH/ob" 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "\"tls\": true" "$SMTP_DIR/1.json"
'

if getent hosts "$HOST" | grep -q "^127\."; then
test_expect_success 'a host that is not loopback by name: STARTTLS, no --smtp-insecure needed' '
	smtp_start st2 --tls starttls $TLS &&
	t5_report --to email --smtp-url smtp://$HOST:$SMTP_PORT --outbox "$TRASH/ob" 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "\"tls\": true" "$SMTP_DIR/1.json"
'
else
	test_skip_env 'a host that is not loopback by name: STARTTLS' "$HOST does not resolve to 127.x here"
fi

test_expect_success 'smtps:// (implicit TLS), verified with the configured CA: delivered' '
	smtp_start imp --tls implicit $TLS &&
	t5_report --to email --smtp-url smtps://localhost:$SMTP_PORT --outbox "$TRASH/ob" 2> err &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'smtps:// with a certificate nobody vouches for: refused, exit 3, queued' '
	smtp_start imp2 --tls implicit $TLS &&
	test_expect_code 3 env KBUG_CONFIG= "$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --yes --to email --smtp-url smtps://localhost:$SMTP_PORT \
		--outbox "$TRASH/ob2" 2> err &&
	grep -qi "certificate" err &&
	test "$(count_msgs "$SMTP_DIR")" = 0 &&
	"$KBUG" outbox --outbox "$TRASH/ob2" --retry 2> err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_done
