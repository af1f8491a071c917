#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The skip table (collector/analyze/skip.c): docs/blame-rules.md is what
# `kbug analyze --explain-rules` renders; --explain says which rule skipped
# which frame and what was blamed; a helper frame's caller is blamed; an
# out-of-tree module blames no in-tree file.
. "$(dirname "$0")/lib.sh"

# log FILE LINE...: a dmesg with stamps, one line per argument
log() {
	local f=$1
	shift
	: >"$f"
	for l in "$@"; do
		printf "[    5.100000] %s\n" "$l" >>"$f"
	done
}

test_expect_success 'docs/blame-rules.md is the table rendered now (make skip-doc)' '
	"$KBUG" analyze --explain-rules >rules.md &&
	diff -u "$SRC_DIR/docs/blame-rules.md" rules.md >rules.diff ||
		{ cat rules.diff >&2; echo "docs/blame-rules.md is stale: make skip-doc" >&2; exit 1; }
'

test_expect_success 'every rule has a pattern and a reason; the classes issue 19 names are there' '
	"$KBUG" analyze --explain-rules >rules.md &&
	test "$(grep -c "^| function\|^| file" rules.md)" -ge 400 &&
	! grep -q "^| [^|]* | \`\` |" rules.md &&
	for c in reporting printk sanitizer locking string containers crc-crypto allocator \
		entry idle timers-softirq workqueue-kthread rcu kobject-device refcount; do
		grep -q "^## $c ([0-9]* rules)" rules.md || { echo "no class $c" >&2; exit 1; }
	done &&
	for p in rhashtable_ aes_encrypt crc16 process_one_work do_idle kobject_ hex_dump_to_buffer \
		lib/ mm/slub.c kernel/workqueue.c; do
		grep -q "\`$p\`" rules.md || { echo "no rule $p" >&2; exit 1; }
	done
'

test_expect_success '--explain-rules takes no log' '
	test_expect_code 2 "$KBUG" analyze --explain-rules some.log
'

test_expect_success 'a helper frame: the title names it, the blame goes to its caller' '
	log helper.log "BUG: kernel NULL pointer dereference, address: 0000000000000008" \
		"CPU: 0 PID: 1 Comm: x Not tainted 6.12.0 #1" \
		"RIP: 0010:rhashtable_lookup_fast+0x1a/0x80" "Call Trace:" " <TASK>" \
		" rhashtable_lookup_fast+0x1a/0x80" " crc16+0x10/0x20" \
		" dummy_lookup+0x10/0x20 [dummy]" " __x64_sys_ioctl+0x90/0xd0" \
		" do_syscall_64+0x5d/0x170" " entry_SYSCALL_64_after_hwframe+0x76/0x7e" " </TASK>" &&
	"$KBUG" analyze --explain helper.log >out &&
	cat out &&
	grep -q "^BUG: unable to handle kernel NULL pointer dereference in rhashtable_lookup_fast " out &&
	grep -q "^  skipped rhashtable_lookup_fast: function prefix .rhashtable_. \[containers\]: .*lib/rhashtable.c" out &&
	grep -q "^  skipped crc16: function prefix .crc16. \[crc-crypto\]" out &&
	grep -q "^  blamed dummy_lookup \[dummy\]" out &&
	"$KBUG" analyze --json --no-text --explain helper.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_function\"] == \"dummy_lookup\", r[\"guilty_function\"]
assert r[\"guilty_module\"] == \"dummy\" and r[\"out_of_tree\"] is False
ex = r[\"explain\"]
sk = [e for e in ex if e[\"action\"] == \"skipped\"]
assert [e[\"function\"] for e in sk] == [\"rhashtable_lookup_fast\", \"rhashtable_lookup_fast\", \"crc16\"], sk
assert sk[2][\"rule\"] == \"crc16\" and sk[2][\"rule_class\"] == \"crc-crypto\" and sk[2][\"reason\"]
assert ex[-1][\"action\"] == \"blamed\" and ex[-1][\"function\"] == \"dummy_lookup\", ex[-1]" &&
	"$KBUG" analyze --json --no-text helper.log >plain.json &&
	$PYTHON -c "import json; r=json.load(open(\"plain.json\"))[\"reports\"][0]
assert \"explain\" not in r"
'

test_expect_success 'the blame stays in its stack: no caller past </IRQ>' '
	log irq.log "BUG: kernel NULL pointer dereference, address: 0000000000000008" \
		"RIP: 0010:e1000_clean+0x1a/0x80 [e1000]" "Call Trace:" " <IRQ>" \
		" e1000_clean+0x1a/0x80 [e1000]" " __napi_poll+0x28/0x1b0" " net_rx_action+0x10/0x20" \
		" </IRQ>" " <TASK>" " foo_write+0x10/0x20 [foo]" " </TASK>" &&
	"$KBUG" analyze --json --no-text irq.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_function\"] == \"e1000_clean\", r[\"guilty_function\"]"
'

oot_log() {
	log "$1" "BUG: kernel NULL pointer dereference, address: 0000000000000008" \
		"Modules linked in: nvidia_uvm(POE) nvidia(POE) e1000 snd_hda_intel" \
		"CPU: 0 PID: 1 Comm: x Tainted: P           OE      6.12.0 #1" \
		"RIP: 0010:$2" "Call Trace:" " <TASK>" " $2" " $3" \
		" __x64_sys_ioctl+0x90/0xd0" " do_syscall_64+0x5d/0x170" " </TASK>"
}

test_expect_success 'a frame in a module marked O/P/E: out of tree, no in-tree file' '
	oot_log oot.log "_nv000123rm+0x1a/0x80 [nvidia]" "nvidia_ioctl+0x10/0x20 [nvidia]" &&
	"$KBUG" analyze --json --no-text --explain oot.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] is True and r[\"guilty_module\"] == \"nvidia\", r
assert r[\"guilty_file\"] is None, r[\"guilty_file\"]
assert \"out-of-tree\" in r[\"blame_reason\"] and r[\"confidence\"] == \"high\", r" &&
	"$KBUG" analyze --explain oot.log >out &&
	grep -q "^  blamed _nv000123rm \[nvidia\] -> no file (module-directory): out-of-tree module" out
'

test_expect_success 'an in-tree module in a tainted kernel stays in the tree' '
	oot_log intree.log "e1000_clean+0x1a/0x80 [e1000]" "e1000_poll+0x10/0x20 [e1000]" &&
	"$KBUG" analyze --json --no-text intree.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] is False and r[\"guilty_module\"] == \"e1000\", r"
'

test_expect_success 'a DKMS path names the module: out of tree' '
	log dkms.log "WARNING: CPU: 6 PID: 201 at /var/lib/dkms/foo/1.0/build/core/bar.c:716 foo_init_hw+0x129/0x410 [foo]" \
		"CPU: 6 PID: 201 Comm: modprobe Not tainted 6.12.0 #1" \
		"RIP: 0010:foo_init_hw+0x129/0x410 [foo]" "Call Trace:" " <TASK>" \
		" foo_probe+0x10/0x20 [foo]" " do_one_initcall+0x10/0x20" " </TASK>" \
		"---[ end trace 0000000000000000 ]---" &&
	"$KBUG" analyze --json --no-text dkms.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] is True and r[\"guilty_module\"] == \"foo\", r
assert r[\"guilty_file\"] is None and r[\"confidence\"] == \"medium\", r"
'

test_expect_success 'the load message names the module: out of tree' '
	log load.log "Modules linked in: vboxdrv e1000" \
		"vboxdrv: loading out-of-tree module taints kernel." \
		"BUG: kernel NULL pointer dereference, address: 0000000000000008" \
		"RIP: 0010:supdrvIOCtl+0x1a/0x80 [vboxdrv]" "Call Trace:" " <TASK>" \
		" supdrvIOCtl+0x1a/0x80 [vboxdrv]" " VBoxDrvLinuxIOCtl+0x10/0x20 [vboxdrv]" " </TASK>" &&
	"$KBUG" analyze --json --no-text load.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_module\"] == \"vboxdrv\", r"
'

test_done
