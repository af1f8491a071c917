#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The disk fills up while a report is being sent (issue 18, item 10): the
# outbox keeps room for the final state before the network step, so a
# delivered item reads "sent" (never "sending", whose listing advises a
# duplicate --retry --force), and kbug never prints a state the outbox
# does not hold. The outbox is a small tmpfs in a private mount namespace.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
export XDG_DATA_HOME=$TRASH/xdg XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
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

# a sendmail that takes the message, then fills the disk the outbox is on
cat > "$TRASH/fill-sendmail" <<EOF
#!/bin/sh
cat > /dev/null
echo sent >> "$TRASH/sendmail.calls"
dd if=/dev/zero of="$TRASH/full/fill" bs=4096 2>/dev/null
exit 0
EOF
chmod +x "$TRASH/fill-sendmail"

test_expect_success 'the disk fills during the send: state.json says sent, and kbug says so' '
	unshare -m ./in-ns "$TRASH/full" 4m "$KBUG" report --log "$T5_LOG" \
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
	dd if=/dev/zero of="$TRASH/tight/fill" bs=1024 2>/dev/null
	rm -f "$TRASH/tight/fill"
	# room for a small state file, not for the state and its reserve
	head -c \$(( \$(df -B1 --output=avail "$TRASH/tight" | tail -1) - 8192 )) /dev/zero > "$TRASH/tight/fill"
	"$KBUG" outbox --outbox "$TRASH/tight/ob" --retry --sendmail \
		--sendmail-path "$TRASH/fill-sendmail"
	EOF
	chmod +x two-steps &&
	: > sendmail.calls &&
	unshare -m ./in-ns "$TRASH/tight" 4m ./two-steps &&
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
