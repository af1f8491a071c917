#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# Privacy: none of this machine's MAC addresses, IP addresses, host name
# or serials appears in `kbug collect --json` output, nor in a saved
# report with its attachments, even when the log names them all; and
# --no-redact keeps them (so the check can see them when they are there).
. "$(dirname "$0")/lib.sh"

# This machine's secrets, one per line.
secrets() {
	local f
	for f in /sys/class/net/*/address; do
		[ -r "$f" ] && cat "$f"
	done | grep -v '^00:00:00:00:00:00$'
	ip -o addr 2>/dev/null | awk '{print $4}' | cut -d/ -f1 |
		grep -v -e '^127\.' -e '^::1$'
	hostname
	for f in /sys/class/dmi/id/*_serial /sys/class/dmi/id/product_uuid \
		 /sys/bus/usb/devices/*/serial; do
		[ -r "$f" ] && cat "$f"
	done
}

# assert_absent FILE: no secret in FILE (the host name as a whole word).
assert_absent() {
	local s bad=0
	while IFS= read -r s; do
		[ -n "$s" ] || continue
		case $s in
		"$(hostname)") grep -qiwF -- "$s" "$1" ;;
		*) grep -qiF -- "$s" "$1" ;;
		esac && { echo "'$s' appears in $1"; bad=1; }
	done <secrets.txt
	return $bad
}

secrets | sort -u >"$TRASH/secrets.txt"
echo "# checking $(wc -l <"$TRASH/secrets.txt") values of this machine"

test_expect_success 'kbug collect --json shows none of this machine'"'"'s identifiers' '
	test -s secrets.txt &&
	"$KBUG" collect --json >out.json &&
	assert_absent out.json
'

test_expect_success 'nor does the saved report with its attachments' '
	"$KBUG" collect -o full.json &&
	grep -q "\"dmesg.txt\"" full.json &&
	assert_absent full.json
'

test_expect_success 'a log that names them all is redacted too' '
	while IFS= read -r s; do
		echo "[    1.000000] eth0: $s is up"
		echo "[    2.000000] $(hostname) login: $s"
	done <secrets.txt >leaky.log &&
	"$KBUG" collect --log leaky.log -o leaky.json &&
	assert_absent leaky.json &&
	"$PYTHON" -c "
import json, sys
d = json.load(open(\"leaky.json\"))
kinds = {r[\"kind\"]: r[\"count\"] for r in d[\"redactions\"]}
assert kinds.get(\"hostname\", 0) > 0, kinds
assert sum(kinds.values()) >= 2 * $(wc -l <secrets.txt), kinds
"
'

test_expect_success '--no-redact keeps them (the check above can fail)' '
	"$KBUG" collect --no-redact --log leaky.log -o raw.json &&
	! assert_absent raw.json >/dev/null &&
	"$PYTHON" -c "
import json
d = json.load(open(\"raw.json\"))
assert d.get(\"redactions\", []) == [], d.get(\"redactions\")
"
'

test_done
