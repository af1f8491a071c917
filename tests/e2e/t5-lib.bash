# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the delivery tests (t5*.sh): the test SMTP server on
# 127.0.0.1, the fixed inputs, and a strict look at received messages.
# Sourced after tests/lib.sh.

T5_LOG=$SHARED_DIR/corpus/qemu-lkdtm-warning.log
T5_MAINT=${KBUG_TEST_MAINTAINERS:-$("$SRC_DIR/kernel/source.sh" 2>/dev/null)/MAINTAINERS}
T5_FROM="Ada Lovelace <ada@example.org>"
export T5_LOG T5_MAINT T5_FROM

t5_have_inputs() {
	[ -r "$T5_LOG" ] && [ -r "$T5_MAINT" ] && $PYTHON -c 'import aiosmtpd' 2>/dev/null
}

# smtp_start NAME [server options]: start a server saving into $TRASH/NAME;
# sets SMTP_PORT and SMTP_DIR. Stopped at exit, or with smtp_stop NAME.
smtp_start() {
	local name=$1
	shift
	rm -f "$TRASH/$name.port"
	$PYTHON "$TESTS_DIR/servers/smtp_server.py" --dir "$TRASH/$name" \
		--port-file "$TRASH/$name.port" --lifetime 240 "$@" \
		> "$TRASH/$name.log" 2>&1 &
	echo $! > "$TRASH/$name.pid"
	# test bodies run in subshells: the list of servers lives in a file
	echo "$!" >> "$TRASH/smtp-servers.pids"
	for _ in $(seq 1 100); do
		[ -s "$TRASH/$name.port" ] && break
		sleep 0.1
	done
	SMTP_PORT=$(cat "$TRASH/$name.port")
	SMTP_DIR=$TRASH/$name
	export SMTP_PORT SMTP_DIR
}

smtp_stop() {
	local pid
	[ -f "$TRASH/$1.pid" ] || return 0
	pid=$(cat "$TRASH/$1.pid")
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null || true
	rm -f "$TRASH/$1.pid"
}

smtp_stop_all() {
	local pid
	[ -f "$TRASH/smtp-servers.pids" ] || return 0
	for pid in $(cat "$TRASH/smtp-servers.pids"); do
		kill "$pid" 2>/dev/null
	done
	rm -f "$TRASH/smtp-servers.pids"
}
test_at_exit smtp_stop_all

# A port nothing listens on (bound, then released).
free_port() {
	$PYTHON -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# count_msgs DIR: accepted messages saved there
count_msgs() {
	find "$1" -maxdepth 1 -name '[0-9]*.eml' 2>/dev/null | grep -c . || true
}

# kbug report with the fixed inputs; extra options follow
t5_report() {
	"$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --from "$T5_FROM" --yes "$@"
}
