#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Delivery at the limits (issue 18, items 8 and 10). An 1100-character
# --summary: every header line of the message within 78 columns (998 at
# most), encoded words of 75 at most; Bugzilla's summary cut at 255 bytes
# with a visible "…". The disk fills up while a report is being sent: the
# outbox keeps room for the final state before the network step, so a
# delivered item reads "sent" (never "sending", whose listing advises a
# duplicate --retry --force), and kbug never prints a state the outbox
# does not hold. The outbox is a small tmpfs in a private mount namespace.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
LONG=$($PYTHON -c 'print(" ".join(["word%d" % i for i in range(160)]) + " " + "x" * 150)')
export LONG

test_expect_success 'an 1100-character --summary: header lines fold within 78, never past 998' '
	test "${#LONG}" -gt 1100 &&
	cat > cat-sendmail <<-EOF &&
	#!/bin/sh
	cat > "$TRASH/long.eml"
	EOF
	chmod +x cat-sendmail &&
	t5_report --to email --sendmail --sendmail-path "$TRASH/cat-sendmail" \
		--outbox "$TRASH/ob-long" --summary "$LONG" 2> err &&
	$PYTHON - "$TRASH/long.eml" <<-\PY
	import email, email.policy, os, re, sys
	raw = open(sys.argv[1], "rb").read()
	head = raw.split(b"\n\n", 1)[0].split(b"\n")
	longest = max(len(l) for l in head)
	words = re.findall(rb"=\?[^?]+\?[BQ]\?[^?]*\?=", raw.split(b"\n\n", 1)[0])
	print("longest header line", longest, "longest encoded word", max(map(len, words), default=0))
	assert longest <= 78, longest
	assert all(len(w) <= 75 for w in words)
	m = email.message_from_bytes(raw, policy=email.policy.default)
	assert str(m["Subject"]) == os.environ["LONG"], str(m["Subject"])
	PY
'

test_expect_success 'Bugzilla: a summary over 255 bytes is cut, visibly' '
	printf "k\n" > key &&
	"$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --from "$T5_FROM" --yes \
		--to bugzilla --bugzilla-url http://127.0.0.1:1 --api-key-file key --product Other --component Other \
		--outbox "$TRASH/ob-bz" --summary "$LONG" --dry-run > bz.json 2> bz.err &&
	$PYTHON - bz.json <<-\PY
	import json, os, sys
	s = json.load(open(sys.argv[1]))["bug"]["summary"]
	print("summary bytes", len(s.encode()))
	assert len(s.encode()) <= 255 and s.endswith("\u2026"), s
	assert os.environ["LONG"].startswith(s[:-1])
	PY
'

unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$TRASH'" 2>/dev/null ||
	test_skip_all_env "no private mount namespace with a tmpfs here (needs root or user namespaces)"

# in-ns MNT SIZE CMD...: CMD in a namespace of its own with a SIZE tmpfs on
# MNT; what is left there afterwards is copied to MNT.copy
cat > "$TRASH/in-ns" <<-\EOF
	#!/bin/bash
	mnt=$1 size=$2
	shift 2
	mkdir -p "$mnt" && mount -t tmpfs -o "size=$size,mode=0700" tmpfs "$mnt" || exit 99
	rc=0
	"$@" > "$mnt.out" 2> "$mnt.err" || rc=$?
	echo "$rc" > "$mnt.rc"
	"$KBUG" outbox --outbox "$mnt/ob" > "$mnt.list" 2>&1
	rm -f "$mnt/fill"
	cp -a "$mnt" "$mnt.copy"
EOF
chmod +x "$TRASH/in-ns"

# a sendmail that takes the message, then fills the small tmpfs the outbox
# is on ($FILL_DIR; never anything else: at most 8 MiB, and only a mount point)
cat > "$TRASH/fill-sendmail" <<EOF
#!/bin/sh
cat > /dev/null
echo sent >> "$TRASH/sendmail.calls"
mountpoint -q "\$FILL_DIR" || exit 1
dd if=/dev/zero of="\$FILL_DIR/fill" bs=4096 count=2048 2>/dev/null
exit 0
EOF
chmod +x "$TRASH/fill-sendmail"

test_expect_success 'the disk fills during the send: state.json says sent, and kbug says so' '
	FILL_DIR=$TRASH/full unshare -m ./in-ns "$TRASH/full" 4m "$KBUG" report --log "$T5_LOG" \
		--maintainers "$T5_MAINT" --from "$T5_FROM" --yes --to email --sendmail \
		--sendmail-path "$TRASH/fill-sendmail" --outbox "$TRASH/full/ob" &&
	test "$(wc -l < sendmail.calls)" = 1 &&
	$PYTHON - "$TRASH/full.copy/ob" "$TRASH/full.err" "$(cat full.rc)" <<-\PY &&
	import glob, json, sys
	ob, err, rc = sys.argv[1], open(sys.argv[2]).read(), sys.argv[3]
	states = {p: json.load(open(p))["state"] for p in glob.glob(ob + "/**/state.json", recursive=True)}
	assert len(states) == 1, states
	(path, state), = states.items()
	# never a state the outbox does not hold
	if "Delivered" in err:
	    assert state == "sent" and "/sent/" in path, (path, state)
	# and the room kept for it was enough
	assert state == "sent" and rc == "0", (path, state, rc)
	assert not glob.glob(ob + "/**/.reserve", recursive=True)
	PY
	! grep -e "--force" full.list
'

test_expect_success 'no room to record the outcome: nothing is sent, the item waits as it was' '
	cat > fail-sendmail <<-\EOF &&
	#!/bin/sh
	cat > /dev/null
	exit 75
	EOF
	chmod +x fail-sendmail &&
	cat > two-steps <<-EOF &&
	#!/bin/sh
	"$KBUG" report --log "$T5_LOG" --maintainers "$T5_MAINT" --from "$T5_FROM" --yes \
		--to email --sendmail --sendmail-path "$TRASH/fail-sendmail" \
		--outbox "$TRASH/tight/ob" 2>/dev/null
	test \$? = 3 || exit 98
	# room for a small state file, not for the state and its reserve
	head -c \$(( \$(df -B1 --output=avail "$TRASH/tight" | tail -1) - 8192 )) /dev/zero > "$TRASH/tight/fill"
	"$KBUG" outbox --outbox "$TRASH/tight/ob" --retry --sendmail \
		--sendmail-path "$TRASH/fill-sendmail"
	EOF
	chmod +x two-steps &&
	: > sendmail.calls &&
	FILL_DIR=$TRASH/tight unshare -m ./in-ns "$TRASH/tight" 4m ./two-steps &&
	test "$(cat tight.rc)" != 0 && test "$(cat tight.rc)" != 99 && test "$(cat tight.rc)" != 98 &&
	test ! -s sendmail.calls &&
	grep -q "no room" tight.err &&
	$PYTHON - "$TRASH/tight.copy/ob" <<-\PY
	import glob, json, sys
	states = [json.load(open(p))["state"] for p in glob.glob(sys.argv[1] + "/*/state.json")]
	assert states == ["failed"], states
	PY
'

test_done
