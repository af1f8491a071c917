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
	grep -q "^# kbug-index 6 linux-source-6.12 [^ ]* (kernel/index.py, Universal Ctags" hdr
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
test_expect_success 'a log of levels below KERN_WARNING and one with file:line never load it; a line of unknown level may be an error' '
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
cat >"$TRASH/sys.log" <<'LOG'
[  363.100000] INFO: task iou-wrk-1234:1234 blocked for more than 120 seconds.
[  363.100001]       Not tainted 6.1.0-13-amd64 #1 Debian 6.1.55-1
[  363.100002] Call Trace:
[  363.100003]  <TASK>
[  363.100004]  __schedule+0x351/0xa20
[  363.100005]  schedule+0x5d/0xe0
[  363.100006]  __x64_sys_io_uring_enter+0x2b1/0x9a0
[  363.100007]  do_syscall_64+0x58/0xc0
[  363.100008]  </TASK>
LOG
cat >"$TRASH/asm.log" <<'LOG'
[   12.100000] Unable to handle kernel paging request at virtual address c8a00000
[   12.100001] Internal error: Oops: 807 [#1] SMP ARM
[   12.100002] PC is at v7_dma_clean_range+0x1c/0x34
[   12.100003] LR is at 0x0
LOG
cat >"$TRASH/pi.log" <<'LOG'
[   17.342960] Unable to handle kernel NULL pointer dereference at virtual address 0000000000000000
[   17.342970] Internal error: Oops: 0000000096000004 [#1] PREEMPT SMP
[   17.342976] Call trace:
[   17.342979]  __pi_strcmp+0x20/0x140 (P)
[   17.342990]  __power_supply_am_i_supplied+0x34/0x98
[   17.342997]  psy_for_each_psy_cb+0x14/0x20
LOG

test_expect_success 'a system call by any wrapper'"'"'s name, an assembly function, a helper of two architectures' '
	"$KBUG" analyze --json sys.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"io_uring/io_uring.c\", r" &&
	"$KBUG" analyze --json asm.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"arch/arm/mm/cache-v7.S\", r" &&
	"$KBUG" analyze --json pi.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"drivers/power/supply/power_supply_core.c\", r" &&
	zcat "$INDEX" | grep -q "^f __do_sys_io_uring_enter " &&
	! zcat "$INDEX" | grep -q "^f SYSCALL_DEFINE"
'
cat >"$TRASH/arch.log" <<'LOG'
[    8.350354] BUG: unable to handle page fault for address: fffffe0000001004
[    8.353844] #PF: supervisor write access in kernel mode
[    8.356647] Oops: 0003 [#1] SMP PTI
[    8.356652] RIP: 0010:do_sync_core+0x1b/0x20
[    8.356658] RSP: 0000:ffffc313c14d3af0 EFLAGS: 00010086
LOG
cat >"$TRASH/merged.log" <<'LOG'
[ 1234.500000] BUG: unable to handle kernel NULL pointer dereference at 0000000000000010
[ 1234.500001] IP: [<ffffffffa0560123>] nf_nat_redirect_ipv4+0x93/0x100 [nf_nat_redirect]
[ 1234.500002] Oops: 0000 [#1] SMP
[ 1234.500003] Modules linked in: nf_nat_redirect nf_nat nf_conntrack
LOG

test_expect_success 'each architecture'"'"'s own definition; an object merged into another module' '
	zcat "$INDEX" | grep "^f do_sync_core " | tr -cd , | grep -q , &&
	"$KBUG" analyze --json arch.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"arch/x86/kernel/alternative.c\", r" &&
	sed "/#PF: /d; s/RIP: 0010:/pc : /; s/ RSP: .*//" arch.log >arm64.log &&
	"$KBUG" analyze --json arm64.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] is None, r" &&
	"$KBUG" analyze --json merged.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"net/netfilter/nf_nat_redirect.c\" and not r[\"out_of_tree\"], r"
'
# synthetic: a 6.1 kernel's oopses in what 6.12 renamed or dropped, and a
# training module that shares a dropped module's name
cat >"$TRASH/gone.log" <<'LOG'
[  100.000000] BUG: unable to handle kernel NULL pointer dereference at 0000000000000008
[  100.000001] IP: check_preempt_wakeup+0x5d/0x150
[  100.000002] Oops: 0000 [#1] SMP
LOG
cat >"$TRASH/skl.log" <<'LOG'
[  100.000000] BUG: unable to handle kernel NULL pointer dereference at 0000000000000008
[  100.000001] IP: skl_platform_register+0x1c/0x80 [snd_soc_skl]
[  100.000002] Oops: 0000 [#1] SMP
[  100.000003] Modules linked in: snd_soc_skl snd_soc_core
LOG
cat >"$TRASH/faulty.log" <<'LOG'
Unable to handle kernel paging request for data at address 0x00000000
Oops: Kernel access of bad area, sig: 11 [#1]
Modules linked in: faulty
NIP [d107c0c8] faulty_write+0x8/0x10 [faulty]
LR [c0072834] vfs_write+0xcc/0x16c
LOG

test_expect_success 'a function or module only linux 6.1 had: where it was, in 6.12'"'"'s terms' '
	head -n 1 hdr | grep -q " older linux-source-6.1 6.1" &&
	zcat "$INDEX" | grep -q "^o drain_array mm/slab.c$" &&
	zcat "$INDEX" | grep -q "^O snd_soc_skl sound/soc/intel/skylake$" &&
	"$KBUG" analyze --json gone.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"kernel/sched/fair.c\", r" &&
	"$KBUG" analyze --json skl.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"sound/soc/intel/\" and not r[\"out_of_tree\"], r
assert \"gone since linux 6.1\" in r[\"blame_reason\"], r" &&
	"$KBUG" analyze --json faulty.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] and r[\"guilty_module\"] == \"faulty\", r"
'
test_expect_success 'a damaged index: a warning naming it, the analysis goes on' '
	head -c 3000 "$INDEX" >cut.gz &&
	KBUG_INDEX=$PWD/cut.gz "$KBUG" analyze --json oops.log >out.json 2>err &&
	grep -q "cut.gz" err &&
	printf "# kbug-index 6 x\nF b\nF a\n" | gzip >bad.gz &&
	KBUG_INDEX=$PWD/bad.gz "$KBUG" analyze --json oops.log >out.json 2>err &&
	grep -q "bad.gz:3: files out of order" err &&
	grep -q "\"title\"" out.json
'
test_done
