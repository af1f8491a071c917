#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The bridge: after kbug report files a bug (the Bugzilla test server, the
# kernel tree's MAINTAINERS: ACPI, L: linux-acpi), --notify-lists sends the
# section's lists one short notice (the aiosmtpd test server): the title,
# the guilty file, the bug's URL, two lines of the crash; never a second
# one for the same bug; none with --no-notify-lists, none unasked without
# a terminal, none for a component the tracker mirrors to the lists.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"
. "$TESTS_DIR/lib-smtp.sh"

require tree py:aiosmtpd
MAINT=$(kernel_tree)/MAINTAINERS
bz_setup
smtp_start smtp

cp "$SRC_DIR/tests/fixtures/triage/acpi-ec-oops.log" "$TRASH/dmesg.txt"

report() {
	"$KBUG" report --log "$TRASH/dmesg.txt" --file drivers/acpi/ec.c --maintainers "$MAINT" \
		--to bugzilla --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --yes \
		--from "Ada Lovelace <ada@example.org>" --smtp-url "smtp://127.0.0.1:$SMTP_PORT" \
		--outbox "$OB" --timeout 5 "$@"
}

test_expect_success 'filed with --notify-lists: one short notice to the L: lists' '
	report --notify-lists >out 2>err &&
	url=$(tail -n 1 out | sed -n "s/^filed: //p") && test -n "$url" && echo "$url" >"$TRASH/url" &&
	grep -q "^Told the lists: linux-acpi@vger.kernel.org (" err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	tr -d "\r" <"$SMTP_DIR/1.eml" >msg &&
	grep -q "^To: linux-acpi@vger.kernel.org" msg &&
	grep -q "^Subject: Bug filed: " msg && ! grep -q "^In-Reply-To:" msg &&
	grep -qx "  $url" msg &&
	grep -qx "  Guilty file: drivers/acpi/ec.c" msg &&
	grep -q "^  BUG: kernel NULL pointer dereference" msg &&
	test "$(grep -c "^  " msg)" -le 6 &&
	grep -q "\"rcpt_tos\": \[\"linux-acpi@vger.kernel.org\"\]" "$SMTP_DIR/1.json"
'

test_expect_success 'the same bug again (a duplicate commented on): no second notice' '
	report --notify-lists >out 2>err &&
	grep -q "^commented: $(cat "$TRASH/url")\|filed: $(cat "$TRASH/url")" out &&
	grep -q "were told about $(cat "$TRASH/url") already" err &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'a new bug with --no-notify-lists, or unasked without a terminal: no notice' '
	report --new-bug --no-notify-lists >out 2>err &&
	! grep -q "notice\|told" err &&
	report --new-bug >out 2>err &&
	grep -q "were not told about the bug: kbug report --notify-lists" err &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'a component the tracker mirrors to the lists: no notice' '
	printf "[bridge]\nmirrored = Foo/Bar, ACPI/Other\n" >"$TRASH/config" &&
	KBUG_CONFIG=$TRASH/config report --new-bug --notify-lists >out 2>err &&
	grep -q "ACPI/Other is mirrored to the lists already" err &&
	test "$(count_msgs "$SMTP_DIR")" = 1
'

test_expect_success 'filed without --outbox: the bridge looks in the user outbox (no crash)' '
	"$KBUG" report --log "$TRASH/dmesg.txt" --file drivers/acpi/ec.c --maintainers "$MAINT" \
		--to bugzilla --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --yes \
		--from "Ada Lovelace <ada@example.org>" --timeout 5 --summary "no outbox given" \
		>out 2>err &&
	grep -q "^filed: " out &&
	ls "$XDG_DATA_HOME/kbug/outbox/sent" | grep -q . &&
	grep -q "were not told about the bug: kbug report --notify-lists" err
'

test_done
