#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The tree index data/linux-6.12.index.gz (docs/function-index.md): made
# from the kernel/source.sh tree, used for logs without file:line, never
# loaded for the others, refused with a warning when damaged.
. "$(dirname "$0")/lib.sh"

INDEX=$SRC_DIR/data/linux-6.12.index.gz
unset KBUG_INDEX

test_expect_success 'the shipped index is a kbug index of linux-source-6.12' '
	gzip -t "$INDEX" &&
	zcat "$INDEX" | head -n 1 >hdr &&
	grep -q "^# kbug-index 5 linux-source-6.12 [^ ]* (kernel/index.py, Universal Ctags" hdr
'
if have tree; then
	test_expect_success 'its header names the version kernel/source.sh unpacks' '
		ver=$(basename "$(kernel_tree)") && ver=${ver#linux-source-} &&
		grep -qF " linux-source-6.12 $ver (" hdr
	'
else
	test_skip 'its header names the version kernel/source.sh unpacks' 'no kernel tree'
fi

cat >"$TRASH/oops.log" <<'LOG'
[    5.100000] BUG: kernel NULL pointer dereference, address: 0000000000000008
[    5.100001] RIP: 0010:e1000_clean+0x1a/0x80 [e1000]
[    5.100002] Call Trace:
[    5.100003]  <IRQ>
[    5.100004]  __napi_poll+0x28/0x1b0
[    5.100005]  </IRQ>
LOG

test_expect_success 'a log without file:line: blamed through the index' '
	"$KBUG" -vv analyze --json oops.log >out.json 2>err &&
	grep -q "function index .*: [0-9]* files, [0-9]* functions" err &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"drivers/net/ethernet/intel/e1000/e1000_main.c\", r
assert r[\"blame_source\"] == \"function-index\" and r[\"confidence\"] == \"medium\", r"
'
test_expect_success 'a log of levels below KERN_ERR and one with file:line never load it; a line of unknown level may be an error' '
	printf "[    1.0] usb 1-1: new device\n" >quiet.log &&
	"$KBUG" -vv analyze quiet.log >out 2>err &&
	! grep -q "function index" err &&
	printf "<6>[    1.0] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n" >info.log &&
	"$KBUG" -vv analyze info.log >out 2>err &&
	! grep -q "function index" err &&
	printf "[    1.0] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n" >nolevel.log &&
	"$KBUG" -vv analyze nolevel.log >out 2>err &&
	grep -q "function index" err &&
	"$KBUG" -vv analyze "$CORPUS_DIR/qemu-lkdtm-warning.log" >out 2>err &&
	grep -q "drivers/misc/lkdtm/bugs.c" out &&
	! grep -q "function index" err
'
test_expect_success 'a damaged index: a warning naming it, the analysis goes on' '
	head -c 3000 "$INDEX" >cut.gz &&
	KBUG_INDEX=$PWD/cut.gz "$KBUG" analyze --json oops.log >out.json 2>err &&
	grep -q "cut.gz" err &&
	printf "# kbug-index 5 x\nF b\nF a\n" | gzip >bad.gz &&
	KBUG_INDEX=$PWD/bad.gz "$KBUG" analyze --json oops.log >out.json 2>err &&
	grep -q "bad.gz:3: files out of order" err &&
	grep -q "\"title\"" out.json
'
test_done
