# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the delivery tests (t5xxx): the test SMTP server
# (tests/servers/smtp_server.py, aiosmtpd) on 127.0.0.1, the fixed inputs,
# and a look at received messages. Sourced after tests/lib.sh:
#   . "$(dirname "$0")/lib.sh"
#   . "$TESTS_DIR/lib-smtp.sh"
#   t5_require [more prerequisites...]

T5_LOG=$CORPUS_DIR/qemu-lkdtm-warning.log
# the MAINTAINERS the reports are routed with: $KBUG_TEST_MAINTAINERS, or the kernel tree's
if [ -n "${KBUG_TEST_MAINTAINERS:-}" ]; then
	T5_MAINT=$KBUG_TEST_MAINTAINERS T5_MAINT_NEED=$KBUG_TEST_MAINTAINERS
else
	kernel_tree >/dev/null || true
	T5_MAINT=${KBUG_TEST_TREE:-}/MAINTAINERS T5_MAINT_NEED=tree
fi
T5_FROM="Ada Lovelace <ada@example.org>"
export T5_LOG T5_MAINT T5_FROM

# t5_require [WHAT...]: aiosmtpd, the log and MAINTAINERS, and WHAT (lib.sh's require).
t5_require() {
	require py:aiosmtpd "$T5_LOG" "$T5_MAINT_NEED" "$@"
}

# smtp_start NAME [server options]: start a server saving into $TRASH/NAME;
# sets SMTP_PORT and SMTP_DIR. Stopped at exit, or with smtp_stop NAME.
smtp_start() {
	local name=$1
	shift
	server_start "$name" smtp_server.py --dir "$TRASH/$name" --lifetime 240 "$@" || return 1
	SMTP_PORT=$SERVER_PORT
	SMTP_DIR=$TRASH/$name
	export SMTP_PORT SMTP_DIR
}

smtp_stop() {
	server_stop "$1"
}

# count_msgs DIR: accepted messages saved there
count_msgs() {
	find "$1" -maxdepth 1 -name '[0-9]*.eml' 2>/dev/null | grep -c . || true
}

# kbug report with the fixed inputs; extra options follow
t5_report() {
	"$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --from "$T5_FROM" --yes "$@"
}
