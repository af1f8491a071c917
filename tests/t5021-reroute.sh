#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug reroute, and kbug report --file keeping the crash it found. A
# report of the lkdtm WARNING (tests/corpus) routed by a small MAINTAINERS
# to the lkdtm list: rerouted while it waits in the outbox (nothing
# listens on its SMTP port), it is rebuilt for the ext4 list with the same
# crash and description and the old item is dropped; rerouted after it was
# delivered (the aiosmtpd test server), it is forwarded saying where it
# first went, and a reply in the old thread says where it moved.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"
. "$TESTS_DIR/lib-mail.sh"

require py:aiosmtpd "$T5_LOG"
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
OB=$TRASH/outbox
MAINT=$TRASH/MAINTAINERS
cat >"$MAINT" <<-\EOF
List of maintainers
===================

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
F:	*
F:	*/

EXT4 FILE SYSTEM
M:	Ted Ext <ted@example.org>
L:	ext4@example.org
S:	Maintained
F:	fs/ext4/

LINUX KERNEL DUMP TEST MODULE (LKDTM)
M:	Kees Dump <kees@example.org>
L:	lkdtm@example.org
S:	Maintained
F:	drivers/misc/lkdtm/*
EOF
echo "It warned at boot, every time." >"$TRASH/desc"

# report ARGS...: the lkdtm report, described, routed by $MAINT
report() {
	"$KBUG" report --log "$T5_LOG" --maintainers "$MAINT" --from "$T5_FROM" --yes \
		--description "$TRASH/desc" --outbox "$OB" --to email "$@"
}

smtp_start smtp
DEAD=$(free_port)

test_expect_success 'report --file keeps the crash the log holds' '
	report --file fs/ext4/inode.c --dry-run >msg 2>err &&
	grep -q "^To: Ted Ext <ted@example.org>" msg && grep -q "^Cc: ext4@example.org" msg &&
	grep -q "^Subject: .*WARNING in lkdtm_WARNING" msg &&
	grep -q "lkdtm_WARNING" msg && grep -q "It warned at boot" msg
'

test_expect_success 'reroute a waiting item: rebuilt for the new list, the old one dropped' '
	test_expect_code 3 report --smtp-url "smtp://127.0.0.1:$DEAD" --timeout 5 >out 2>err &&
	old=$(sed -n "s/^Not delivered; the report waits in the outbox as \(.*\)\.$/\1/p" err) &&
	test -n "$old" && test -d "$OB/$old" &&
	grep -q "lkdtm@example.org" "$OB/$old/message.eml" &&
	"$KBUG" reroute "$old" --file fs/ext4/inode.c --maintainers "$MAINT" --from "$T5_FROM" \
		--yes --outbox "$OB" --smtp-url "smtp://127.0.0.1:$SMTP_PORT" >out 2>err &&
	grep -q "^rerouted: $old -> " out &&
	test -d "$OB/dropped/$old" && test ! -d "$OB/$old" &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	m=$SMTP_DIR/1.eml &&
	mail_header "$m" To | grep -q "ext4@example.org\|ted@example.org" &&
	! grep -q "lkdtm@example.org" "$m" &&
	grep -q "WARNING in lkdtm_WARNING" "$m" && grep -q "It warned at boot" "$m"
'

test_expect_success 'reroute a delivered item: forwarded, and a note in the old thread' '
	report --smtp-url "smtp://127.0.0.1:$SMTP_PORT" >out 2>err &&
	test "$(count_msgs "$SMTP_DIR")" = 2 &&
	old=$(grep -l lkdtm@example.org "$OB"/sent/*/message.eml) && old=${old%/message.eml} &&
	old=${old##*/} &&
	test -n "$old" &&
	oldmid=$(mail_header "$SMTP_DIR/2.eml" Message-ID) &&
	"$KBUG" reroute "$old" --file fs/ext4/ --maintainers "$MAINT" --from "$T5_FROM" \
		--yes --outbox "$OB" --smtp-url "smtp://127.0.0.1:$SMTP_PORT" >out 2>err &&
	grep -q "^forwarded: $old -> " out &&
	test "$(count_msgs "$SMTP_DIR")" = 4 &&
	fwd=$SMTP_DIR/3.eml && note=$SMTP_DIR/4.eml &&
	mail_header "$fwd" To | grep -q "ext4@example.org\|ted@example.org" &&
	mail_text "$fwd" >fwd.txt && mail_text "$note" >note.txt &&
	grep -q "first sent to a mail, Message-ID $oldmid" fwd.txt &&
	grep -q "lkdtm_WARNING" fwd.txt && grep -q "It warned at boot" fwd.txt &&
	test "$(mail_header "$note" In-Reply-To)" = "$oldmid" &&
	mail_header "$note" Subject | grep -q "^Re: .*lkdtm_WARNING" &&
	mail_header "$note" To | grep -q "lkdtm@example.org" &&
	grep -q "^This report has moved: a mail, Message-ID <" note.txt &&
	grep -qx "kbug-moved: $old" note.txt &&
	test -d "$OB/sent/$old"
'

test_expect_success 'reroute --section: to the section of that title, dry run first' '
	test_expect_code 3 report --smtp-url "smtp://127.0.0.1:$DEAD" --timeout 5 >out 2>err &&
	old=$(sed -n "s/^Not delivered; the report waits in the outbox as \(.*\)\.$/\1/p" err) &&
	"$KBUG" reroute "$old" --section "ext4 file system" --maintainers "$MAINT" --from "$T5_FROM" \
		--yes --outbox "$OB" --dry-run >msg 2>err &&
	grep -q "^To: Ted Ext <ted@example.org>" msg && test -d "$OB/$old" &&
	test_expect_code 1 "$KBUG" reroute "$old" --section "NO SUCH SECTION" --maintainers "$MAINT" \
		--yes --outbox "$OB" 2>err &&
	grep -q "no section titled .NO SUCH SECTION." err && test -d "$OB/$old"
'

test_expect_success 'reroute: no such item, nowhere to go, a follow-up is not a report' '
	test_expect_code 2 "$KBUG" reroute x --yes --outbox "$OB" 2>err &&
	grep -q "give --file PATH, --section NAME or --to CHANNEL" err &&
	test_expect_code 1 "$KBUG" reroute x --section "NO SUCH SECTION" --maintainers "$MAINT" \
		--yes --outbox "$OB" 2>err &&
	grep -q "no outbox item .x." err &&
	test_expect_code 1 "$KBUG" reroute nosuch --file fs/ext4/ --yes --outbox "$OB" 2>err &&
	grep -q "no outbox item .nosuch." err
'

test_done
