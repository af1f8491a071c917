#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# The kernel log from the systemd journal (libsystemd, loaded on demand):
# --boot -1 for the boot before (the crash that froze the laptop), the
# journal as the fallback when /dev/kmsg cannot be read, on a --sysroot
# tree whose journal is made here with systemd-journal-remote.
. "$(dirname "$0")/lib.sh"

JR=/lib/systemd/systemd-journal-remote
require "$JR"

A=11111111111111111111111111111111
B=22222222222222222222222222222222
ROOT=$TRASH/root
mkdir -p "$ROOT/proc/sys/kernel/random" "$ROOT/var/log/journal"
echo 6.12.118-1-amd64 >"$ROOT/proc/sys/kernel/osrelease"
echo 22222222-2222-2222-2222-222222222222 >"$ROOT/proc/sys/kernel/random/boot_id"

# emit BOOT MONOTONIC REALTIME TRANSPORT PRIORITY MESSAGE: one entry, export format
emit() {
	printf '__REALTIME_TIMESTAMP=%s\n__MONOTONIC_TIMESTAMP=%s\n_BOOT_ID=%s\n_TRANSPORT=%s\nPRIORITY=%s\n_SOURCE_MONOTONIC_TIMESTAMP=%s\nMESSAGE=%s\n\n' \
		"$3" "$2" "$1" "$4" "$5" "$2" "$6"
}
{
	emit $A 1000000 1700000000000000 kernel 5 "Linux version 6.12.118-1-amd64 (the boot before)"
	emit $A 2000000 1700000001000000 syslog 6 "a userspace message, not the kernel's"
	emit $A 3000000 1700000002000000 kernel 1 "BUG: kernel NULL pointer dereference, address: 0000000000000008"
	emit $B 500000 1700001000000000 kernel 5 "Linux version 6.12.118-1-amd64 (this boot)"
	emit $B 600000 1700001000100000 kernel 6 "the second record of this boot"
} >"$TRASH/export.txt"
"$JR" --split-mode=none -o "$ROOT/var/log/journal/test.journal" - <"$TRASH/export.txt" 2>/dev/null

check() {
	"$PYTHON" - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
PY
}

test_expect_success '--boot -1: the previous boot'"'"'s kernel messages, in order' '
	"$KBUG" --sysroot "$ROOT" collect --no-redact --boot -1 --probe dmesg -o prev.json &&
	check prev.json "
dm = d[\"dmesg\"]
assert dm[\"source\"] == \"journal\" and dm[\"boot\"] == -1 and dm[\"boot_id\"] == \"$A\", dm
assert [r[\"text\"] for r in dm[\"records\"]] == [\"Linux version 6.12.118-1-amd64 (the boot before)\",
    \"BUG: kernel NULL pointer dereference, address: 0000000000000008\"], dm[\"records\"]
assert [r[\"level\"] for r in dm[\"records\"]] == [5, 1]
assert [r[\"ts_usec\"] for r in dm[\"records\"]] == [1000000, 3000000]
assert dm[\"count\"] == 2 and d[\"errors\"] == [], d[\"errors\"]
txt = [a[\"text\"] for a in d[\"attachments\"] if a[\"name\"] == \"dmesg.txt\"][0]
assert \"[    3.000000] BUG: kernel NULL pointer dereference\" in txt, txt
"
'

test_expect_success '--boot -2: no such boot is an error of the probe, exit 0' '
	"$KBUG" --sysroot "$ROOT" collect --boot -2 --probe dmesg -o none.json &&
	check none.json "
assert d[\"dmesg\"][\"count\"] == 0 and \"source\" not in d[\"dmesg\"]
assert any(\"boot -2\" in e[\"message\"] for e in d[\"errors\"]), d[\"errors\"]
assert d[\"attachments\"] == []
"
'

test_expect_success 'no /dev/kmsg: this boot'"'"'s kernel messages from the journal' '
	"$KBUG" --sysroot "$ROOT" collect --no-redact --probe dmesg -o cur.json &&
	check cur.json "
dm = d[\"dmesg\"]
assert dm[\"source\"] == \"journal\" and dm[\"boot_id\"] == \"$B\", dm
assert [r[\"text\"] for r in dm[\"records\"]] == [\"Linux version 6.12.118-1-amd64 (this boot)\",
    \"the second record of this boot\"]
"
'

test_expect_success 'without a boot id, the newest boot is the current one' '
	rm "$ROOT/proc/sys/kernel/random/boot_id" &&
	"$KBUG" --sysroot "$ROOT" collect --no-redact --boot -1 --probe dmesg --json >nb.json &&
	check nb.json "assert d[\"dmesg\"][\"boot_id\"] == \"$A\", d[\"dmesg\"]"
'

test_done
