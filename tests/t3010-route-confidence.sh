#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Routing what analysis found (kbug route --log/--report, kbug report): an
# out-of-tree module goes to its vendor (collector/route/vendor.c), never to an
# in-tree file's maintainers; a blame's confidence is shown, and a guess lists
# the runner-up sections and widens the recipients to their lists and LKML, with
# a "?" on the subsystem in the subject.
. "$(dirname "$0")/lib.sh"

require tree
TREE=$(kernel_tree)
M=$TREE/MAINTAINERS
export HOME=$TRASH/home XDG_CACHE_HOME=$TRASH/cache XDG_DATA_HOME=$TRASH/xdg \
	XDG_CONFIG_HOME=$TRASH/xdgconf KBUG_CONFIG=
mkdir -p "$HOME" "$XDG_CACHE_HOME"

# a kbug report holding one analysis report: report.json TITLE FILE MODULE CONF OOT TAINT
report_json() {
	$PYTHON - "$@" <<-\PY
	import json, sys
	title, gf, gm, conf, oot, taint = sys.argv[1:7]
	rep = {"title": title, "kind": "BUG", "guilty_file": gf or None,
	       "guilty_function": None, "guilty_module": gm or None,
	       "blame_reason": "the least bad answer", "blame_source": "guess",
	       "confidence": conf, "out_of_tree": oot == "true", "corrupted": False,
	       "first_line": 1, "last_line": 9, "taint": taint, "modules": [gm],
	       "frames": [{"function": "ieee80211_tx_status", "file": "net/mac80211/status.c"}]}
	json.dump({"schema": "kbug-report/1",
	           "analysis": {"source": "dmesg", "reports": [rep]}}, open("report.json", "w"))
	PY
}

# A WARNING whose only source files are generic code: the blame is a guess.
guess_log() {
	printf "%s\n" \
	"[   50.000000] ------------[ cut here ]------------" \
	"[   50.000001] WARNING: CPU: 2 PID: 812 at lib/refcount.c:28 refcount_warn_saturate+0x9c/0x150" \
	"[   50.000002] Modules linked in: iwlmvm iwlwifi mac80211 cfg80211" \
	"[   50.000003] CPU: 2 PID: 812 Comm: kworker/2:3 Not tainted 6.12.118 #1" \
	"[   50.000005] RIP: 0010:refcount_warn_saturate+0x9c/0x150 lib/refcount.c:28" \
	"[   50.000006] Call Trace:" \
	"[   50.000007]  <TASK>" \
	"[   50.000008]  __refcount_sub_and_test include/linux/refcount.h:275 [inline]" \
	"[   50.000010]  process_one_work+0x1d8/0x3c0 kernel/workqueue.c:3229" \
	"[   50.000011]  worker_thread+0x2a8/0x3c0 kernel/workqueue.c:3391" \
	"[   50.000013]  </TASK>" \
	"[   50.000014] ---[ end trace 0000000000000000 ]---"
}

test_expect_success '--module nvidia: not the tree'"'"'s, to its vendor' '
	"$KBUG" route --maintainers "$M" --module nvidia >out 2>err &&
	grep -q "^  out-of-tree: report to its vendor, NVIDIA: https://forums.developer.nvidia.com/" out &&
	! grep -q "error" err &&
	"$KBUG" route --maintainers "$M" --module zfs --json >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"routes\"][0]
assert r[\"out_of_tree\"] is True and r[\"sections\"] == [], r
assert r[\"destination\"] == {\"kind\": \"issue-tracker\", \"url\": \"https://github.com/openzfs/zfs/issues\"}, r
assert \"maintainers\" not in r, r"
'

test_expect_success 'a module nobody knows: says it may be out of the tree, exits 1' '
	test_expect_code 1 "$KBUG" route --maintainers "$M" --module foobarbaz_drv >out 2>err &&
	grep -q "out-of-tree? report to its vendor" out &&
	grep -q "neither among this machine.s modules nor in MAINTAINERS" err
'

test_expect_success 'an out-of-tree report: to the vendor; open modules (no P taint) to GitHub' '
	report_json "BUG: unable to handle page fault in _nv012345rm" "" nvidia low true POE &&
	"$KBUG" route --maintainers "$M" --report report.json --json >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))
assert r[\"out_of_tree\"] is True and r[\"module\"] == \"nvidia\", r
assert r[\"destination\"][\"kind\"] == \"web\", r
assert r[\"vendor\"][\"url\"].startswith(\"https://forums.developer.nvidia.com/\"), r
assert not r.get(\"maintainers\") and not r.get(\"lists\"), r" &&
	report_json "BUG: unable to handle page fault in nv_foo" "" nvidia low true OE &&
	"$KBUG" route --maintainers "$M" --report report.json >out &&
	grep -q "^Out-of-tree module nvidia: report to its vendor, NVIDIA: https://github.com/NVIDIA/open-gpu-kernel-modules/issues" out &&
	! grep -q "^Section:\|^  To:" out
'

test_expect_success 'an out-of-tree module kbug knows no vendor for: an error, no maintainers' '
	report_json "BUG: oops in acme_frob" "" acme_secret low true POE &&
	test_expect_code 1 "$KBUG" route --maintainers "$M" --report report.json --json >out.json 2>err &&
	grep -q "out-of-tree module: report it to its vendor" err &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))
assert r[\"out_of_tree\"] is True and r[\"destination\"] is None and r[\"vendor\"] is None, r
assert r[\"error\"] == \"out-of-tree: report to its vendor\", r"
'

test_expect_success 'a guessed blame: confidence low, the runner-up sections' '
	report_json "WARNING in iwl_mvm_rx_tx_cmd" drivers/net/wireless/intel/iwlwifi/mvm/tx.c iwlwifi low false "" &&
	"$KBUG" route --maintainers "$M" --report report.json --json >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))
assert r[\"confidence\"] == \"low\" and r[\"blame_source\"] == \"guess\", r
ups = r[\"runners_up\"]
assert ups[0][\"path\"] == \"net/mac80211/status.c\" and \"MAC80211\" in ups[0][\"sections\"], ups" &&
	"$KBUG" route --maintainers "$M" --report report.json >out &&
	grep -q "^Blame:    confidence low (found by guess)" out &&
	grep -q "^Runner-up: MAC80211 (for net/mac80211/status.c)" out
'

test_expect_success 'a file:line blame: confidence high, no runner-ups' '
	"$KBUG" route --maintainers "$M" --log "$CORPUS_DIR/qemu-lkdtm-warning.log" --json >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))
assert r[\"confidence\"] == \"high\" and \"runners_up\" not in r, r
assert r[\"suspect\"][\"path\"] == \"drivers/misc/lkdtm/bugs.c\", r"
'

test_expect_success 'kbug report --yes on a guess: the runner-ups and LKML in Cc, "[tag?]" subject' '
	guess_log >guess.log &&
	"$KBUG" route --maintainers "$M" --log guess.log --json >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))
assert r[\"confidence\"] == \"low\", r" &&
	"$KBUG" report --log guess.log --maintainers "$M" --from "Ada <ada@example.org>" \
		--to email --yes --dry-run >msg 2>err &&
	grep -q "is a guess" err &&
	grep -q "^Runner-up: " err &&
	grep -q "^Widened:  " err &&
	grep -q "^Subject: \[[a-z0-9_-]*?\] WARNING" msg &&
	grep -qi "^Cc:.*linux-kernel@vger.kernel.org" msg
'

test_expect_success 'kbug report --module nvidia: the vendor'"'"'s forum, no email' '
	echo "[ 1.0] nothing here" >quiet.log &&
	"$KBUG" report --log quiet.log --module nvidia --maintainers "$M" \
		--from "Ada <ada@example.org>" --yes --dry-run >msg 2>err &&
	grep -q "^Out-of-tree module nvidia: report to its vendor" err &&
	grep -q "^File it at: https://forums.developer.nvidia.com/" msg &&
	! grep -q "^To: " msg
'

# On a terminal the guess is a question: keep the narrow list, or stop.
SOCK=kbug-t3010-$$
test_at_exit "tmux -L $SOCK kill-server 2>/dev/null"

# ask TAG ANSWER: kbug report on the guess in a tmux terminal, answering the
# widening question; the message in TAG.msg, the exit code in TAG.rc
ask() {
	guess_log >"$TRASH/guess.log" &&
	tmux -L "$SOCK" new-session -d -s "$1" -x 200 -y 50 \
		"cd '$TRASH' && '$KBUG' report --log guess.log --maintainers '$M' \
		--from 'Ada <ada@example.org>' --to email --dry-run >$1.msg; echo \$? >$1.rc; sleep 60" &&
	for _ in $(seq 1 200); do
		tmux -L "$SOCK" capture-pane -p -t "$1" >"$TRASH/$1.screen" 2>/dev/null
		grep -q "or stop (q)? \[w\]" "$TRASH/$1.screen" && break
		sleep 0.1
	done &&
	grep -q "^Runner-up: " "$TRASH/$1.screen" &&
	tmux -L "$SOCK" send-keys -t "$1" "$2" Enter &&
	sleep 0.5 && tmux -L "$SOCK" send-keys -t "$1" "" Enter &&
	# an empty description is asked again (issue 20): give one
	sleep 0.5 && tmux -L "$SOCK" send-keys -t "$1" "It warned at boot." Enter Enter &&
	for _ in $(seq 1 300); do
		[ -s "$TRASH/$1.rc" ] && break
		sleep 0.1
	done
}

if have tmux; then
	test_expect_success 'on a terminal, n keeps the narrow list and the plain subject' '
		ask narrow n &&
		test "$(cat narrow.rc)" = 0 &&
		grep -q "^Subject: WARNING" narrow.msg &&
		! grep -q "^Subject: \[" narrow.msg
	'
	test_expect_success 'on a terminal, q stops: nothing is sent' '
		ask stop q &&
		test "$(cat stop.rc)" != 0 &&
		! grep -q "^Subject:" stop.msg
	'
else
	test_skip 'on a terminal, n keeps the narrow list and the plain subject' 'no tmux'
	test_skip 'on a terminal, q stops: nothing is sent' 'no tmux'
fi

test_done
