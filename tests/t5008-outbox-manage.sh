#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug outbox --done, --drop, --dropped, --restore and --clean: the user
# tells kbug what became of a report. The items are real: kbug report to
# an SMTP port on 127.0.0.1 where nothing listens (saved, exit 3), or to a
# section whose B: is a GitHub tracker (state "manual"). A retry after a
# drop goes to a real SMTP server on 127.0.0.1 that counts what arrives.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=

cat > "$TRASH/MAINTAINERS.gh" <<-\EOF
List of maintainers
===================

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
F:	*
F:	*/

GH DRIVER
M:	Octo Cat <octo@example.org>
B:	https://github.com/example/ghdrv/issues
S:	Maintained
F:	drivers/gh/
EOF

# queued OUTBOX PORT: one more item that waits (nothing listens on PORT,
# exit 3); prints its id
queued() {
	local rc=0
	t5_report --to email --smtp-url "smtp://127.0.0.1:$2" --outbox "$1" --timeout 5 \
		> /dev/null 2> "$TRASH/queued.err" || rc=$?
	[ "$rc" = 3 ] || { echo "kbug report: exit $rc, not 3" >&2; cat "$TRASH/queued.err" >&2; return 1; }
	sed -n 's/^Not delivered; the report waits in the outbox as \(.*\)\.$/\1/p' "$TRASH/queued.err"
}

# manual OUTBOX: an item for a GitHub tracker (state "manual"); prints its id
manual() {
	"$KBUG" report --log "$T5_LOG" --maintainers "$TRASH/MAINTAINERS.gh" --from "$T5_FROM" \
		--yes --outbox "$1" --file drivers/gh/main.c --report 1 \
		> /dev/null 2> "$TRASH/manual.err"
	# exit 3: filed by hand, it waits in the outbox
	[ $? = 3 ] || { cat "$TRASH/manual.err" >&2; return 1; }
	sed -n 's|^Saved in the outbox as .*/\([^/]*\)\.$|\1|p' "$TRASH/manual.err"
}

# st DIR KEY: a member of DIR/state.json, "" when absent
st() {
	$PYTHON -c '
import json, sys
v = json.load(open(sys.argv[1] + "/state.json")).get(sys.argv[2])
print("" if v is None else v)' "$1" "$2"
}

# last DIR: the last attempt of DIR/state.json, as "state: reason"
last() {
	$PYTHON -c '
import json, sys
a = json.load(open(sys.argv[1] + "/state.json"))["attempts"][-1]
print("%s: %s" % (a["state"], a.get("reason", "")))' "$1"
}

# hold DIR: flock DIR from another process (at most 60 s) until unhold;
# returns once the lock is held
hold() {
	timeout 60 flock "$1" sleep 60 &
	echo $! > "$TRASH/hold.pid"
	for _ in $(seq 1 100); do
		flock -n "$1" true || return 0
		sleep 0.1
	done
	echo "the lock on $1 was never taken" >&2
	return 1
}

unhold() {
	local pid
	pid=$(cat "$TRASH/hold.pid")
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null || true
}

test_expect_success '--done: sent, with the reason, the URL and the bug id; moved to sent/' '
	ob=$TRASH/ob-done && id=$(queued "$ob" "$(free_port)") && test -n "$id" &&
	test "$(st "$ob/$id" state)" = failed &&
	"$KBUG" outbox --outbox "$ob" --done "$id" --url https://bugs.example.org/show_bug.cgi?id=42 \
		--bug-id 42 2> err &&
	grep -q "$id: marked as delivered by hand" err &&
	test ! -e "$ob/$id" && test -f "$ob/sent/$id/message.eml" &&
	test "$(st "$ob/sent/$id" state)" = sent &&
	test "$(st "$ob/sent/$id" reason)" = "delivered by hand (kbug outbox --done)" &&
	test "$(st "$ob/sent/$id" url)" = "https://bugs.example.org/show_bug.cgi?id=42" &&
	test "$(st "$ob/sent/$id" bug_id)" = 42 &&
	test "$(last "$ob/sent/$id")" = "sent: delivered by hand (kbug outbox --done)" &&
	"$KBUG" outbox --outbox "$ob" | grep -q "nothing waits" &&
	"$KBUG" outbox --outbox "$ob" --sent > list && grep -q "delivered by hand" list &&
	grep -q " as bug 42 at https://bugs.example.org/show_bug.cgi?id=42;" list &&
	"$KBUG" outbox --outbox "$ob" --retry 2> err2 && grep -q "nothing waits" err2
'

test_expect_success '--done on an item in sent/ says so, exit 0; --retry on it sends nothing' '
	ob=$TRASH/ob-done2 && id=$(queued "$ob" "$(free_port)") &&
	"$KBUG" outbox --outbox "$ob" --done "$id" 2> /dev/null &&
	cp "$ob/sent/$id/state.json" before &&
	"$KBUG" outbox --outbox "$ob" --done "$id" 2> err &&
	grep -q "$id: delivered already" err &&
	test_cmp before "$ob/sent/$id/state.json" &&
	"$KBUG" outbox --outbox "$ob" --retry "$id" 2> err2 &&
	grep -q "delivered already" err2
'

test_expect_success 'a manual item: --retry exits 3 until --done, then 0' '
	ob=$TRASH/ob-manual && id=$(manual "$ob") && test -n "$id" &&
	test "$(st "$ob/$id" state)" = manual &&
	"$KBUG" outbox --outbox "$ob" > list && grep -q "kbug outbox --done $id" list &&
	test_expect_code 3 "$KBUG" outbox --outbox "$ob" --retry 2> err &&
	grep -q -- "--done $id" err &&
	"$KBUG" outbox --outbox "$ob" --done "$id" --url https://github.com/example/ghdrv/issues/7 &&
	test "$(st "$ob/sent/$id" url)" = https://github.com/example/ghdrv/issues/7 &&
	test "$(st "$ob/sent/$id" bug_id)" = "" &&
	"$KBUG" outbox --outbox "$ob" --retry
'

test_expect_success '--done: an unknown id (exit 1), malformed --url or --bug-id (exit 2)' '
	ob=$TRASH/ob-done3 && id=$(queued "$ob" "$(free_port)") &&
	test_expect_code 1 "$KBUG" outbox --outbox "$ob" --done 20990101-000000-00000000 2> err &&
	grep -q "no outbox item .20990101-000000-00000000. in .*ob-done3" err &&
	test_expect_code 2 "$KBUG" outbox --outbox "$ob" --done "$id" --url ftp://x.org/1 2> err &&
	test "$(wc -l < err)" = 1 && grep -q "http:// or https://" err &&
	test_expect_code 2 "$KBUG" outbox --outbox "$ob" --done "$id" --url https:// &&
	test_expect_code 2 "$KBUG" outbox --outbox "$ob" --done "$id" --url "https://x.org/a b" &&
	test_expect_code 2 "$KBUG" outbox --outbox "$ob" --done "$id" --bug-id 12a &&
	test_expect_code 2 "$KBUG" outbox --outbox "$ob" --done "$id" --bug-id "" &&
	test "$(st "$ob/$id" state)" = failed
'

test_expect_success '--done on an item another kbug holds: exit 3, nothing changes' '
	ob=$TRASH/ob-busy && id=$(queued "$ob" "$(free_port)") &&
	cp "$ob/$id/state.json" before &&
	hold "$ob/$id" &&
	{ test_expect_code 3 "$KBUG" outbox --outbox "$ob" --done "$id" 2> err; rc=$?; unhold; } &&
	test $rc = 0 && grep -q "in use by another kbug" err &&
	test_cmp before "$ob/$id/state.json" &&
	"$KBUG" outbox --outbox "$ob" --done "$id" 2> /dev/null && test -d "$ob/sent/$id"
'

test_expect_success 'connection lost after DATA: state unknown; --done closes it, nothing resent' '
	smtp_start lost --drop-stage data --fault-count 1 &&
	ob=$TRASH/ob-lost &&
	test_expect_code 3 t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT \
		--outbox "$ob" --timeout 5 > /dev/null 2> err &&
	id=$(sed -n "s/^Not confirmed; the report waits in the outbox as \(.*\)\.$/\1/p" err) &&
	test "$(st "$ob/$id" state)" = unknown &&
	"$KBUG" outbox --outbox "$ob" > list && grep -q "kbug outbox --done $id" list &&
	"$KBUG" outbox --outbox "$ob" --done "$id" 2> /dev/null &&
	test "$(st "$ob/sent/$id" state)" = sent &&
	"$KBUG" outbox --outbox "$ob" --retry 2> /dev/null &&
	test "$(count_msgs "$SMTP_DIR")" = 0
'

test_expect_success '--drop: moved whole to dropped/, state dropped; --dropped lists it' '
	ob=$TRASH/ob-drop && port=$(free_port) &&
	a=$(queued "$ob" $port) && b=$(queued "$ob" $port) &&
	ls "$ob/$a" | sort > files &&
	"$KBUG" outbox --outbox "$ob" --drop "$a" 2> err &&
	grep -q "$a: dropped" err && grep -q -- "--restore $a" err &&
	test ! -e "$ob/$a" && ls "$ob/dropped/$a" | sort > files2 && test_cmp files files2 &&
	test "$(st "$ob/dropped/$a" state)" = dropped &&
	test "$(st "$ob/dropped/$a" reason)" = "dropped by the user" &&
	test "$(last "$ob/dropped/$a")" = "dropped: dropped by the user" &&
	"$KBUG" outbox --outbox "$ob" > list &&
	grep -q "^1 report waits" list && grep -q "^$b " list && ! grep -q "$a" list &&
	"$KBUG" outbox --outbox "$ob" --dropped > dlist &&
	grep -q "^1 report dropped" dlist && grep -q "^$a .*dropped" dlist &&
	grep -q -- "--restore $a" dlist &&
	"$KBUG" --json outbox --outbox "$ob" --dropped | $PYTHON -c "
import json, sys
v = json.load(sys.stdin)
assert [i[\"id\"] for i in v] == [\"$a\"] and v[0][\"state\"] == \"dropped\", v" &&
	"$KBUG" outbox --outbox "$ob" --show "$a" | grep -q "^Subject: WARNING in lkdtm_WARNING" &&
	"$KBUG" outbox --outbox "$ob" --drop "$a" 2> err && grep -q "dropped already" err
'

test_expect_success '--retry never sends a dropped item: named, exit 1 and how to restore' '
	ob=$TRASH/ob-retry && port=$(free_port) &&
	a=$(queued "$ob" $port) && b=$(queued "$ob" $port) &&
	"$KBUG" outbox --outbox "$ob" --drop "$a" 2> /dev/null &&
	smtp_start retry --port $port &&
	test_expect_code 1 "$KBUG" outbox --outbox "$ob" --retry "$a" 2> err &&
	grep -q "$a: dropped" err && grep -q "kbug outbox --restore $a" err &&
	test "$(count_msgs "$SMTP_DIR")" = 0 &&
	"$KBUG" outbox --outbox "$ob" --retry 2> err2 &&
	grep -q "$b: delivered" err2 && ! grep -q "$a" err2 &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	test "$(st "$ob/dropped/$a" state)" = dropped &&
	mid=$(st "$ob/dropped/$a" message_id) && test -n "$mid" &&
	! grep -q "$mid" "$SMTP_DIR"/*.eml
'

test_expect_success '--restore: back in the outbox as queued; then one retry delivers it once' '
	ob=$TRASH/ob-restore && port=$(free_port) && a=$(queued "$ob" $port) &&
	"$KBUG" outbox --outbox "$ob" --drop "$a" 2> /dev/null &&
	"$KBUG" outbox --outbox "$ob" --restore "$a" 2> err &&
	grep -q "$a: back in the outbox" err &&
	test ! -e "$ob/dropped/$a" && test "$(st "$ob/$a" state)" = queued &&
	test "$(st "$ob/$a" dropped_from)" = "" &&
	"$KBUG" outbox --outbox "$ob" --dropped | grep -q "nothing dropped" &&
	"$KBUG" outbox --outbox "$ob" --restore "$a" 2> err2 && grep -q "waits in the outbox already" err2 &&
	smtp_start restore --port $port &&
	"$KBUG" outbox --outbox "$ob" --retry 2> /dev/null &&
	"$KBUG" outbox --outbox "$ob" --retry "$a" 2> /dev/null &&
	test "$(count_msgs "$SMTP_DIR")" = 1 && test -d "$ob/sent/$a"
'

test_expect_success '--drop refuses a delivered item (exit 1); an unknown one needs --force after a restore' '
	ob=$TRASH/ob-drop2 && a=$(queued "$ob" "$(free_port)") &&
	"$KBUG" outbox --outbox "$ob" --done "$a" 2> /dev/null &&
	test_expect_code 1 "$KBUG" outbox --outbox "$ob" --drop "$a" 2> err &&
	grep -q "was delivered" err && test -d "$ob/sent/$a" && test ! -e "$ob/dropped/$a" &&
	test_expect_code 1 "$KBUG" outbox --outbox "$ob" --restore "$a" 2> /dev/null &&
	smtp_start lost2 --drop-stage data --fault-count 1 &&
	test_expect_code 3 t5_report --to email --smtp-url smtp://127.0.0.1:$SMTP_PORT \
		--outbox "$ob" --timeout 5 > /dev/null 2> err &&
	u=$(sed -n "s/^Not confirmed; the report waits in the outbox as \(.*\)\.$/\1/p" err) &&
	test "$(st "$ob/$u" state)" = unknown &&
	"$KBUG" outbox --outbox "$ob" --drop "$u" 2> /dev/null &&
	test "$(st "$ob/dropped/$u" dropped_from)" = unknown &&
	"$KBUG" outbox --outbox "$ob" --restore "$u" 2> err2 && grep -q -- "--force" err2 &&
	test "$(st "$ob/$u" state)" = unknown &&
	test_expect_code 3 "$KBUG" outbox --outbox "$ob" --retry 2> /dev/null &&
	test "$(count_msgs "$SMTP_DIR")" = 0
'

test_expect_success '--drop and --restore of unknown ids: exit 1, naming the id and the outbox' '
	ob=$TRASH/ob-none && mkdir -p "$ob" &&
	test_expect_code 1 "$KBUG" outbox --outbox "$ob" --drop 20990101-000000-0000beef 2> err &&
	grep -q "no outbox item .20990101-000000-0000beef. in .*ob-none" err &&
	test_expect_code 1 "$KBUG" outbox --outbox "$ob" --restore 20990101-000000-0000beef
'

test_expect_success '--clean removes a dead writer'"'"'s .new-* and leaves one a live kbug holds' '
	ob=$TRASH/ob-clean && a=$(queued "$ob" "$(free_port)") &&
	mkdir -p "$TRASH/outside" && echo keep > "$TRASH/outside/keep" &&
	dead=$ob/.new-20200101-000000-deadbeef && live=$ob/.new-20200101-000000-0000a11e &&
	mkdir -p "$dead/sub" "$live" && echo "{}" > "$dead/report.json" &&
	ln -s "$TRASH/outside/keep" "$dead/sub/keep" && ln -s "$TRASH/outside" "$dead/outside" &&
	echo "{}" > "$live/report.json" &&
	hold "$live" &&
	{
		"$KBUG" outbox --outbox "$ob" > list &&
		grep -q "(1 item in $ob/.new-\* was left" list &&
		grep -q "kbug outbox --clean" list && ! grep -q "rm -r" list &&
		"$KBUG" outbox --outbox "$ob" --clean 2> err; rc=$?
		unhold
	} &&
	test $rc = 0 &&
	grep -q "removed $dead" err && grep -q "left $live: a running kbug is writing it now" err &&
	test ! -e "$dead" && test -f "$live/report.json" && test -d "$ob/$a" &&
	test "$(cat "$TRASH/outside/keep")" = keep &&
	"$KBUG" outbox --outbox "$ob" > list2 && grep -q "(1 item in $ob/.new-\* was left" list2 &&
	"$KBUG" outbox --outbox "$ob" --clean 2> err2 && grep -q "removed $live" err2 &&
	test ! -e "$live" && test -d "$ob/$a" &&
	"$KBUG" outbox --outbox "$ob" > list3 && ! grep -q "new-" list3 &&
	"$KBUG" outbox --outbox "$ob" --clean 2> err3 && grep -q "nothing to clean" err3
'

test_expect_success 'actions that exclude each other, ids or values out of place: one usage line, exit 2' '
	ob=$TRASH/ob-usage && mkdir -p "$ob" &&
	while IFS="|" read -r args says; do
		test_expect_code 2 "$KBUG" outbox --outbox "$ob" $args 2> err &&
		test "$(wc -l < err)" = 1 && grep -q "^kbug outbox: $says (see .kbug help outbox.)$" err ||
		{ echo "with: $args"; cat err; exit 1; }
	done <<-\EOF
	--done X --retry|--done and --retry exclude each other
	--drop X --show Y|--drop and --show exclude each other
	--restore X --drop|--restore and --drop exclude each other
	--clean --retry|--clean and --retry exclude each other
	--dropped --sent|--dropped and --sent exclude each other
	--clean X|item ids go with --retry, --done, --drop or --restore (or --show ID)
	X|item ids go with --retry, --done, --drop or --restore (or --show ID)
	--done|--done takes one item id
	--done X Y|--done takes one item id
	--drop|--drop needs the ids of the items
	--restore|--restore needs the ids of the items
	--url https://x.org|--url goes with --done
	--bug-id 1 --retry|--bug-id goes with --done
	EOF
	test -z "$(ls -A "$ob")"
'

test_expect_success 'kbug help outbox names the new actions' '
	"$KBUG" help outbox > help &&
	for o in "--done ID" "--url URL" "--bug-id N" "--drop ID" "--restore ID" "--dropped" "--clean"; do
		grep -q -- "$o" help || { echo "no $o"; exit 1; }
	done
'

test_done
