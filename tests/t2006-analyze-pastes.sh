#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Reports as users paste them, blamed through the tree index: the crash
# utility's "bt" on a vmcore, a mail archive's tab before every line, a
# trace whose indent the paste lost, the tail of a trace that places
# nothing before the driver's own error.
. "$(dirname "$0")/lib.sh"

export KBUG_INDEX=$SRC_DIR/data/linux-6.12.index.gz

# the report's title|guilty_file|blame_reason, the first report only
first() {
	"$KBUG" analyze --json "$1" >out.json &&
	$PYTHON -c 'import json
r = json.load(open("out.json"))["reports"][0]
print("|".join("" if x is None else str(x) for x in (r["title"], r["guilty_file"],
      r["blame_reason"])))'
}

cat >"$TRASH/crash-bt.log" <<'LOG'
[462233.347113] BUG: unable to handle kernel NULL pointer dereference at 0000000000000038
crash> bt
PID: 1390   TASK: ffff8f0ac5c1c000  CPU: 3   COMMAND: "kworker/3:2"
 #0 [ffffa1c0c1d3fb80] machine_kexec at ffffffff9a26a3c1
 #1 [ffffa1c0c1d3fbd8] __crash_kexec at ffffffff9a3a6e4d
 #2 [ffffa1c0c1d3fca0] crash_kexec at ffffffff9a3a7d3d
 #3 [ffffa1c0c1d3fcb8] oops_end at ffffffff9a22ee6d
 #4 [ffffa1c0c1d3fcd8] no_context at ffffffff9a27c95e
 #5 [ffffa1c0c1d3fd30] page_fault at ffffffff9ac0116e
    [exception RIP: cifs_put_tcon+160]
    RIP: ffffffffc0a1c3b0  RSP: ffffa1c0c1d3fde8  RFLAGS: 00010246
 #6 [ffffa1c0c1d3fe00] smb2_cancelled_close_fid at ffffffffc0a63b2a [cifs]
 #7 [ffffa1c0c1d3fe28] process_one_work at ffffffff9a2d1e47
 #8 [ffffa1c0c1d3fe68] worker_thread at ffffffff9a2d2a1e
 #9 [ffffa1c0c1d3ff10] kthread at ffffffff9a2d8482
LOG

test_expect_success 'crash bt: the frame that took the exception, not the dump machinery' '
	first crash-bt.log >got &&
	grep -q "|fs/smb/client/connect.c|" got
'

test_expect_success 'crash bt alone, the kernel'"'"'s lines not pasted: the same frames' '
	sed "1,2d" crash-bt.log >bt-only.log &&
	first bt-only.log >got &&
	grep -q "^Oops in cifs_put_tcon|fs/smb/client/connect.c|" got
'

# synthetic: grep -n and cat -n before syslog lines and printk stamps
cat >"$TRASH/numbered.log" <<'LOG'
1845:Jan 21 19:36:25 host kernel: [19888.292883] WARNING: CPU: 45 PID: 40869 at /build/linux-ySSlYG/linux-4.15.0/mm/truncate.c:359 truncate_inode_pages_range+0x38c/0x960
1846-Jan 21 19:36:25 host kernel: [19888.292883] Modules linked in: btrfs
     1847 [19888.292910] Call Trace:
     1848 [19888.292912]  truncate_inode_pages_final+0x4d/0x60
LOG

test_expect_success 'a tool'"'"'s line numbers before the log'"'"'s lines (grep -n, cat -n)' '
	first numbered.log >got &&
	grep -q "^WARNING in truncate_inode_pages.*|mm/truncate.c|" got
'

# synthetic: loongarch's die() reasons, "%s[#%d]:", and its ERA line
cat >"$TRASH/ade.log" <<'LOG'
[    0.805731] Kernel ade access[#1]:
[    0.809103] CPU: 1 PID: 1 Comm: swapper/0 Not tainted 6.6.0 #1
[    0.840000]    ERA: 9000000001839bd4 loongson_gpu_fixup_dma_hang+0x94/0x1e0
[    0.840001]     ra: 9000000001839b60 pci_fixup_device+0x10/0x100
LOG

test_expect_success 'mips'"'"'s and loongarch'"'"'s die() reasons; loongarch'"'"'s ERA line' '
	first ade.log >got &&
	grep -q "^Oops in loongson_gpu_fixup_dma_hang|arch/loongarch/pci/pci.c|" got &&
	printf "[ 1.5] kernel BUG at arch/loongarch/kernel/traps.c:851!\n[ 1.5] Oops - BUG[#1]:\n" \
		>bug.log &&
	"$KBUG" analyze --json bug.log >out.json &&
	$PYTHON -c "import json; d=json.load(open(\"out.json\"))[\"reports\"]
assert len(d) == 1 and d[0][\"title\"].startswith(\"kernel BUG\"), d"
'

printf '\tUnable to handle kernel NULL pointer dereference at virtual address 00000018\n'\
'\tInternal error: Oops: 5 [#1] PREEMPT ARM\n'\
'\tCPU: 0 PID: 1 Comm: swapper Not tainted 5.10.0-rc6 #1\n'\
'\tPC is at nand_ecc_sw_hamming_correct+0x18/0x3c\n'\
'\tLR is at lpc32xx_nand_read_page_syndrome+0xdc/0x130\n'\
'\tpc : [<c02d376c>]    lr : [<c02e048c>]    psr: 20000053\n' >"$TRASH/tabbed.log"

test_expect_success 'a paste with a tab before every line reads as the log' '
	first tabbed.log >got &&
	grep -q "in nand_ecc_sw_hamming_correct|drivers/mtd/nand/raw/lpc32xx_slc.c|" got
'

cat >"$TRASH/unindented.log" <<'LOG'
[ 1586.593561][ T8669] tpm2_del_space+0x28/0x73
[ 1586.598718][ T8669] tpmrm_release+0x27/0x33
[ 1586.603774][ T8669] __fput+0x109/0x1d
[ 1586.608380][ T8669] task_work_run+0x7c/0x90
[ 1586.619522][ T8669] entry_SYSCALL_64_after_hwframe+0x44/0xa9
[ 1586.626068][ T8669] RIP: 0033:0x4cb4bb
LOG

test_expect_success 'a trace whose frames lost their indent starts a report' '
	first unindented.log >got &&
	grep -q "|drivers/char/tpm/tpm2-space.c|" got
'

cat >"$TRASH/tail.log" <<'LOG'
Apr 22 13:39:26 w3 kernel: RSP: 0018:ffffbb7940793e90 EFLAGS: 00000246
Apr 22 13:39:26 w3 kernel: cpuidle_enter+0x29/0x40
Apr 22 13:39:26 w3 kernel: do_idle+0x247/0x290
Apr 22 13:39:26 w3 kernel: cpu_startup_entry+0x19/0x20
Apr 22 13:39:26 w3 kernel: start_secondary+0x114/0x140
Apr 22 13:39:26 w3 kernel: </TASK>
Apr 22 13:39:26 w3 kernel: ---[ end trace 0000000000000000 ]---
Apr 22 13:39:26 w3 kernel: bnxt_en 0000:5e:00.0 ens4f0np0: TX timeout detected, starting reset task!
LOG

test_expect_success 'a trace tail in the idle loop borrows the driver error after it' '
	first tail.log >got &&
	grep -q "|drivers/net/ethernet/broadcom/bnxt/bnxt.c|the source file of the report right after it$" got
'

cat >"$TRASH/trap.log" <<'LOG'
[  134.856000] BUG: unable to handle page fault for address: 0000000000001000
[  134.856545] Call Trace:
[  134.856546]  <TASK>
[  134.856547]  kfd_ioctl_set_trap_handler+0x4e/0xb0 [amdgpu]
[  134.856548]  kfd_ioctl+0x3a4/0x5c0 [amdgpu]
[  134.856549]  __x64_sys_ioctl+0x91/0xd0
[  134.856550]  do_syscall_64+0x5d/0x170
LOG

test_expect_success 'a driver function named *_trap_* is no trap handler to the blame' '
	first trap.log >got &&
	grep -q "|drivers/gpu/drm/amd/amdkfd/kfd_chardev.c|" got
'

cat >"$TRASH/api-chain.log" <<'LOG'
BUG: unable to handle kernel NULL pointer dereference at 0000000000000000
Oops: 0000 [#1] SMP PTI
RIP: 0010:usb_ifnum_to_if+0x29/0x40
Call Trace:
 usb_hcd_alloc_bandwidth+0x1ee/0x30f
 usb_set_interface+0x1a3/0x2b7
 uvc_video_start_transfer+0x29b/0x4b8 [uvcvideo]
 uvc_video_start_streaming+0x91/0xdd [uvcvideo]
LOG

test_expect_success 'a NULL passed into a subsystem through its exported API: the caller outside' '
	first api-chain.log >got &&
	grep -q "|drivers/media/usb/uvc/uvc_video.c|" got
'

cat >"$TRASH/renamed-lr.log" <<'LOG'
Unable to handle kernel NULL pointer dereference at virtual address 000000dd
Internal error: Oops: 17 [#1] ARM
PC is at regmap_write+0x14/0x6c
LR is at dps310_remove+0x28/0x2c
LOG

test_expect_success 'a caller the index no longer knows is placed by its prefix' '
	first renamed-lr.log >got &&
	grep -q "|drivers/iio/pressure/|" got
'

cat >"$TRASH/wrapped-warn.log" <<'LOG'
[  226.964883] writing to auto_msgmni has no effect
[  226.978221] ------------[ cut here ]------------
[  226.978226] refcount_t hit zero at __nft_mt_tg_destroy+0x20/0x30
[nft_compat] in kworker/u4:4[103], uid/euid: 0/0
[  226.978232] WARNING: CPU: 1 PID: 103 at kernel/panic.c:677
refcount_error_report+0x9b/0xab
LOG

test_expect_success 'a WARN()'"'"'s own message, wrapped, still goes with its report' '
	first wrapped-warn.log >got &&
	grep -q "|net/netfilter/nft_compat.c|" got
'

cat >"$TRASH/dez.log" <<'LOG'
dez 21 12:48:44 pop-os kernel: ------------[ cut here ]------------
dez 21 12:48:44 pop-os kernel: NETDEV WATCHDOG: enp4s0f1 (r8169):
transmit queue 0 timed out
dez 21 12:48:44 pop-os kernel: WARNING: CPU: 7 PID: 0 at
net/sched/sch_generic.c:477 dev_watchdog+0x264/0x270
LOG

test_expect_success 'a journal in another locale ("dez"), wrapped: its clock marks a line' '
	first dez.log >got &&
	grep -q "|drivers/net/ethernet/realtek/r8169_main.c|" got
'

# a made-up device whose release() is missing, in User-mode Linux's old
# show_stack() form: "STACK-SLOT:  [<ADDR>] func+off/size"
cat >"$TRASH/uml.log" <<'LOG'
[   13.000000] ------------[ cut here ]------------
[   13.000000] WARNING: CPU: 0 PID: 40 at drivers/base/core.c:251 device_release+0x92/0xa0
[   13.000000] Device 'virtio0' does not have a release() function, it is broken and must be fixed.
[   13.000000] Call Trace:
[   13.000000] 00007fccc97f99d8:  [<7fcce725e0c2>] device_release+0x92/0xa0
[   13.000000] 00007fccc97f99f8:  [<7fcce6fc0c9a>] __warn+0xca/0xf0
[   13.000000] 00007fccc97f9b58:  [<7fcce722a26c>] kobject_cleanup+0x3c/0x80
[   13.000000] 00007fccc97f9b88:  [<7fcce722a18a>] kobject_put+0x4a/0x80
[   13.000000] 00007fccc97f9bb8:  [<7fcce725ec52>] put_device+0x12/0x20
[   13.000000] 00007fccc97f9bc8:  [<7fcce725f519>] device_unregister+0x19/0x20
[   13.000000] 00007fccc97f9be8:  [<7fcce72498c5>] unregister_virtio_device+0x15/0x30
[   13.000000] 00007fccc97f9c08:  [<7fcce724aef0>] virtio_mmio_remove+0x10/0x20
LOG

test_expect_success 'UML frames with their stack slot; the driver core releasing for the bus' '
	first uml.log >got &&
	grep -q "|drivers/virtio/virtio.c|" got
'

# a paste that begins inside an x86 oops's trace: its IP is only in
# oops_end()'s summary after "---[ end trace"; then a driver's error
cat >"$TRASH/summary.log" <<'LOG'
[  377.139959]  ? kthread_park+0x90/0x90
[  377.141084]  ret_from_fork+0x35/0x40
[  377.142179] Modules linked in: i40e binfmt_misc
[  377.150631] CR2: 0000000000000f40
[  377.151888] ---[ end trace aa1ab7d8783bde12 ]---
[  377.682667] RIP: 0010:i40e_xdp+0x111/0x200 [i40e]
[  377.683000] Code: 48 8b 45 00 <48> 8b 80 40 0f 00 00
[  377.683100] RSP: 0018:ffffb4a0c1d3fd28 EFLAGS: 00010246
[  377.700000] XFS (sda1): Metadata corruption detected at xfs_da3_node_read_verify+0x6c/0x140 [xfs], xfs_da3_node block 0x48
LOG

test_expect_success 'x86 summary after the end of a trace: the IP of a paste cut above it' '
	"$KBUG" analyze --json summary.log >out.json &&
	$PYTHON -c "import json
r = json.load(open(\"out.json\"))[\"reports\"]
assert [x[\"guilty_file\"] for x in r] == [\"drivers/net/ethernet/intel/i40e/i40e_main.c\",
	\"fs/xfs/libxfs/xfs_da_btree.c\"], r"
'

# a blocked kworker's dump (sysrq-w, the hung-task detector) pasted from its
# task line: the stack ends in the wait, the work it ran is above it
cat >"$TRASH/worker.log" <<'LOG'
[  555.178869] kworker/u2:13   D c07de74c     0   826      2 0x00000000
[  555.185310] Workqueue: ci_otg ci_otg_work
[  555.189353] Backtrace:
[  555.191849] [<c07de4fc>] (__schedule) from [<c07dec6c>] (schedule+0x48/0xa0)
[  555.209453] [<c07dec24>] (schedule) from [<c07e2fc4>] (schedule_timeout+0x15c/0x1e0)
[  555.220862] [<c07e2e68>] (schedule_timeout) from [<c07df6c8>] (wait_for_common+0x94/0x144)
[  555.235980] [<c07df634>] (wait_for_common) from [<c07df790>] (wait_for_completion+0x18/0x1c)
LOG

test_expect_success 'a stack cut below the wait: the work the worker ran' '
	first worker.log >got &&
	grep -q "|drivers/usb/chipidea/otg.c|" got
'

# built-in code a module called through an exported function: the caller
cat >"$TRASH/api.log" <<'LOG'
[ 2101.000001] BUG: unable to handle page fault for address: ffffb3a1c0000000
[ 2101.000002] #PF: supervisor write access in kernel mode
[ 2101.000003] Oops: 0002 [#1] PREEMPT SMP NOPTI
[ 2101.000004] CPU: 3 PID: 4242 Comm: qemu-system-x86 Tainted: G        W          6.8.0-45-generic #45-Ubuntu
[ 2101.000005] RIP: 0010:remap_pfn_range+0x5c/0xb0
[ 2101.000006] Call Trace:
[ 2101.000007]  <TASK>
[ 2101.000008]  vfio_pci_mmap_fault+0xb5/0x1a0 [vfio_pci_core]
[ 2101.000009]  __do_fault+0x36/0x150
[ 2101.000010]  do_fault+0x13a/0x500
[ 2101.000011]  </TASK>
LOG

test_expect_success 'an exported function a module called: the module is blamed' '
	first api.log >got &&
	grep -q "|drivers/vfio/pci/vfio_pci_core.c|" got &&
	sed "s/ \[vfio_pci_core\]//" api.log >builtin.log &&
	first builtin.log >got &&
	grep -q "|mm/memory.c|" got &&
	sed "s/remap_pfn_range+/blk_mq_dispatch_rq_list+/" api.log >static.log &&
	first static.log >got &&
	grep -q "|block/blk-mq.c|" got
'

cat >"$TRASH/arm-cut.log" <<'LOG'
[  100.000001] Internal error: Oops: 17 [#1] ARM
[  100.000002] ffe0: 000b5a90 bea7f398 00032b74 b6f7f4f8 60000010 00000006 9effd861 9effdc61
[  100.000003] [<c027b238>] (ftgmac100_poll) from [<c02ad198>] (net_rx_action+0xe4/0x2b4)
[  100.000004] [<c02ad198>] (net_rx_action) from [<c0112b94>] (__do_softirq+0xb8/0x1e0)
[  100.000005] [<c0112b94>] (__do_softirq) from [<c0112d38>] (do_softirq+0x40/0x50)
[  100.000006] [<c0112d38>] (do_softirq) from [<c02afd50>] (__dev_queue_xmit+0x550/0x5b8)
[  100.000007] [<c02afd50>] (__dev_queue_xmit) from [<c032697c>] (packet_sendmsg+0xe48/0xed8)
[  100.000008] [<c032697c>] (packet_sendmsg) from [<c0295c78>] (sock_sendmsg+0x14/0x24)
[  100.000009] ---[ end trace 1bb3b88638efce10 ]---
LOG

test_expect_success 'an arm trace cut above its first line: that line'"'"'s function is a frame' '
	first arm-cut.log >got &&
	grep -q "|drivers/net/ethernet/faraday/ftgmac100.c|" got &&
	"$KBUG" analyze --json arm-cut.log >out.json &&
	$PYTHON -c "import json
f = json.load(open(\"out.json\"))[\"reports\"][0][\"frames\"]
assert f[0][\"function\"] == \"ftgmac100_poll\" and \"offset\" not in f[0], f[0]
assert f[1][\"function\"] == \"net_rx_action\" and f[1][\"offset\"] == 0xe4, f[1]
assert [x[\"function\"] for x in f].count(\"net_rx_action\") == 1"
'

cat >"$TRASH/bad-page.log" <<'LOG'
[ 7423.221754] BUG: Bad page state in process tar  pfn:a1293
[ 7423.221760] page:c28fc260 flags:80004000 count:0 mapcount:0 mapping:(null) index:0
[ 7423.221766] Call Trace:
[ 7423.221780]  bad_page+0xcf/0x150
[ 7423.221784]  get_page_from_freelist+0x37d/0x480
[ 7423.221791]  __alloc_pages_nodemask+0xdf/0x520
[ 7423.221795]  page_cache_ra_unbounded+0x104/0x220
[ 7423.221830]  filemap_read+0xe9/0x140
[ 7423.221845]  vfs_read+0xb7/0x180
[ 7423.221850]  ksys_read+0x58/0xa0
LOG

test_expect_success 'a page found bad on allocation: no frame of the stack did it' '
	first bad-page.log >got &&
	grep -q "^BUG: Bad page state in [a-z_]*|mm/page_alloc.c|no frame of the report" got &&
	sed -e "s/get_page_from_freelist+0x37d/free_pages_prepare+0x37d/" \
		-e "s/__alloc_pages_nodemask+0xdf/free_unref_page+0xdf/" bad-page.log >freed.log &&
	first freed.log >got &&
	! grep -q "|mm/page_alloc.c|" got &&
	head -4 freed.log >gone.log &&
	echo "[ 7423.221784]  __vunmap_of_old+0x37d/0x480" >>gone.log &&
	first gone.log >got &&
	grep -q "^BUG: Bad page state in __vunmap_of_old|mm/page_alloc.c|nothing in the report" got
'

test_expect_success 'a leaked reference found by its check alone: the check'"'"'s file' '
	echo "[ 5.0] unregister_netdevice: waiting for eth0 to become free. Usage count = 2" >leak.log &&
	first leak.log >got &&
	grep -q "^unregister_netdevice: waiting for DEV to become free|net/core/dev.c|" got
'

cat >"$TRASH/warn-cut.log" <<'LOG'
[   58.880214] ------------[ cut here ]------------
[   58.884925] WARNING: CPU: 0 PID: 417 at drivers/usb/dwc2/hcd.c:2683 dwc2_assign_and_init_hc+0x860/0x900 [dwc2]
[   58.954489] CPU: 0 PID: 417 Comm: arecord Tainted: G         C        5.10.92-v7 #1
[   58.965544] Backtrace:
[   58.968018] [<80a0e3b8>] (dump_backtrace) from [<80a0e740>] (show_stack+0x20/0x24)
[   58.981262] [<80a0e720>] (show_stack) from [<80a12a3c>] (dump_stack+0xc8/0xf4)
[   58.988494] [<80a12974>] (dump_stack) from [<8011f2f8>] (__warn+0xfc/0x114)
LOG

cat >"$TRASH/lockup-cut.log" <<'LOG'
[   28.651517] watchdog: BUG: soft lockup - CPU#2 stuck for 26s! [swapper/0:1]
[   28.652057] CPU: 2 PID: 1 Comm: swapper/0 Not tainted 6.5.0-rc4-dirty #14
[   28.652057] RIP: 0010:virtnet_send_command+0x119/0x180
[   28.652057] RSP: 0000:ffffc9000012f800 EFLAGS: 00000246
LOG

test_expect_success 'a trace cut before its own frames: the WARN line or the IP names it, damaged' '
	"$KBUG" analyze --json warn-cut.log >out.json &&
	$PYTHON -c "import json
r = json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"title\"] == \"WARNING in dwc2_assign_and_init_hc\" and r[\"corrupted\"], r" &&
	"$KBUG" analyze --json lockup-cut.log >out.json &&
	$PYTHON -c "import json
r = json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"title\"] == \"BUG: soft lockup in virtnet_send_command\" and r[\"corrupted\"], r" &&
	printf "%s\n" "[ 782.934153] ------------[ cut here ]------------" \
		"[ 782.938762] WARNING: CPU: 1 PID: 0 at kernel/sched/core.c:3145 set_task_cpu+0x170/0x260" \
		"[ 782.946766] Modules linked in: xt_conntrack" >sched.log &&
	"$KBUG" analyze --json sched.log >out.json &&
	$PYTHON -c "import json
r = json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"title\"] == \"WARNING in set_task_cpu\" and not r[\"corrupted\"], r"
'

cat >"$TRASH/kasan-inline.log" <<'LOG'
==================================================================
BUG: KASAN: use-after-free in skb_put_data include/linux/skbuff.h:2293 [inline]
BUG: KASAN: use-after-free in h4_recv_buf+0x3d5/0xd00 drivers/bluetooth/hci_h4.c:200
Write of size 1 at addr ffff88806243d00c by task syz-executor.0/10259

CPU: 0 PID: 10259 Comm: syz-executor.0 Not tainted 5.12.0-rc1-syzkaller #0
Call Trace:
 __dump_stack lib/dump_stack.c:79 [inline]
 dump_stack+0x176/0x24e lib/dump_stack.c:120
 print_address_description+0x5f/0x3a0 mm/kasan/report.c:232
 kasan_report+0x15e/0x210 mm/kasan/report.c:416
LOG

test_expect_success 'a KASAN site in an inlined helper, its trace cut: the next header line' '
	first kasan-inline.log >got &&
	grep -q "^KASAN: use-after-free Write in h4_recv_buf|drivers/bluetooth/hci_h4.c|" got
'

# synthetic: a powerpc oops pasted from its registers on (show_regs()'s NIP)
cat >"$TRASH/ppc-headless.log" <<'LOG'
GPR28: 0000000000000000 c000203993b68580 c0002039699f8c00 c000203993b68600
NIP [c000000000ac0ce8] dbs_update_util_handler+0x18/0xf0
LR [c000000000159748] update_load_avg+0x4a8/0x5f0
Call Trace:
[c000003fdc18bd40] [c000000000150aec] wake_up_new_task+0x13c/0x310
[c000003fdc18bda0] [c00000000010c124] kernel_clone+0x164/0x510
LOG

test_expect_success 'a paste cut above its header starts at any arch'"'"'s IP line (powerpc NIP)' '
	first ppc-headless.log >got &&
	grep -q "^Oops in dbs_update_util_handler|drivers/cpufreq/cpufreq_governor.c|" got
'

# synthetic: Red Hat's kernels print their unsupported flag in a group of its own
cat >"$TRASH/rhel-flags.log" <<'LOG'
------------[ cut here ]------------
WARNING: at fs/sysfs/dir.c:512 sysfs_add_one+0xb8/0xd0() (Tainted: P        W  -- ------------   )
sysfs: cannot create duplicate filename '/devices/virtual/vendorlog'
Modules linked in: vendorlog(+)(U) ipv6 dm_mod igb ext4 jbd2 mbcache sd_mod [last unloaded: vendorlog]
Pid: 491, comm: modprobe Tainted: P        W  -- ------------    2.6.32-642.el6.x86_64 #1
Call Trace:
LOG

test_expect_success 'module flags in two groups ("(+)(U)"): the vendor module being loaded' '
	"$KBUG" analyze --json rhel-flags.log >out.json &&
	$PYTHON -c "import json; r = json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] and r[\"guilty_module\"] == \"vendorlog\", r"
'

# synthetic, after a 5.18 S3 regression and a perf PEBS report: ex_handler_msr()'s line
cat >"$TRASH/msr-resume.log" <<'LOG'
[   47.627608] unchecked MSR access error: WRMSR to 0x123 (tried to write 0x0000000000000001) at rIP: 0xffffffff979c7eaf (restore_processor_state+0x24/0x140)
[   47.627621] Call Trace:
[   47.627624]  <TASK>
[   47.627633]  x86_acpi_suspend_lowlevel+0x10c/0x180
[   47.627641]  acpi_suspend_enter+0x5f/0x260
[   47.627654]  suspend_devices_and_enter+0x7d2/0x910
LOG
cat >"$TRASH/msr-accessor.log" <<'LOG'
[  250.906542] unchecked MSR access error: WRMSR to 0x14e1 (tried to write 0x0000000000000000) at rIP: 0xffffffff88073624 (native_write_msr+0x4/0x20)
[  250.920779] Call Trace:
[  250.923508]  intel_pmu_pebs_enable+0x12c/0x190
[  250.928359]  x86_pmu_start+0x5c/0x90
LOG

test_expect_success 'an unchecked MSR access: the function at rIP, each arch'"'"'s own by its neighbours' '
	first msr-resume.log >got &&
	grep -q "^unchecked MSR access error in restore_processor_state|arch/x86/power/cpu.c|" got
'

test_expect_success 'an unchecked MSR access in an accessor (a header'"'"'s inline): its caller' '
	first msr-accessor.log >got &&
	grep -q "|arch/x86/events/intel/ds.c|" got
'

# synthetic, after an arm zram oops: %ps of a module's function keeps its module
printf '[  155.570945] Backtrace:\n[  155.572416] [<bf3aa050>] (zs_map_object [zsmalloc]) from [<bf3c3998>] (zram_bvec_rw+0x344/0x820 [zram])\n' >"$TRASH/arm-module.log"

test_expect_success 'arm'"'"'s "(func [mod]) from": the first frame, with its module' '
	"$KBUG" analyze --json arm-module.log >out.json &&
	$PYTHON -c "import json; f = json.load(open(\"out.json\"))[\"reports\"][0][\"frames\"]
assert (f[0][\"function\"], f[0][\"module\"]) == (\"zs_map_object\", \"zsmalloc\"), f
assert (f[1][\"function\"], f[1][\"module\"]) == (\"zram_bvec_rw\", \"zram\"), f" &&
	first arm-module.log >got &&
	grep -q "|mm/zsmalloc.c|" got
'

# synthetic, as 4.9 printed it: the lockup detector's "NMI watchdog: " before the header
printf '%s\n' "[   56.275802] NMI watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [jbd2/sda1-8:312]" \
	"[   56.277100] CPU: 0 PID: 312 Comm: jbd2/sda1-8 Not tainted 4.9.0 #1" >"$TRASH/nmi-lockup.log"

test_expect_success 'a soft lockup under "NMI watchdog: " without a trace: the kernel thread'"'"'s subsystem' '
	first nmi-lockup.log >got &&
	grep -q "|fs/jbd2/|" got
'

# synthetic: a trace-less oops in a threaded interrupt handler, named after its driver
printf '%s\n' "[ 1270.1] BUG: kernel NULL pointer dereference, address: 0000000000000008" \
	"[ 1270.2] Oops: 0000 [#1] PREEMPT SMP NOPTI" \
	"[ 1270.3] CPU: 3 PID: 1104 Comm: irq/166-nvidia Tainted: P           OE      6.8.0 #1" \
	"[ 1270.4] Modules linked in: nvidia_drm(POE) nvidia(POE) snd_hda_intel" >"$TRASH/irq-thread.log"
sed "s/irq\/166-nvidia/irq\/45-iwlwifi/; s/P           OE/G                /; s/nvidia_drm(POE) nvidia(POE) //" \
	"$TRASH/irq-thread.log" >"$TRASH/irq-intree.log"

test_expect_success 'nothing placed, an interrupt handler'"'"'s thread: the driver it is named after' '
	"$KBUG" analyze --json irq-thread.log >out.json &&
	$PYTHON -c "import json; r = json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] and r[\"guilty_module\"] == \"nvidia\", r" &&
	first irq-intree.log >got &&
	grep -q "|drivers/net/wireless/intel/iwlwifi/" got
'

# synthetic: a 5.12 WARNING in fs/io_uring.c (io_uring/ since 5.19), a 4.x BUG in
# arch/powerpc/kernel/ptrace.c (a directory since 5.9), the same WARNING from 6.12
printf '%s\n' "[  502.61] WARNING: CPU: 2 PID: 8 at fs/io_uring.c:8592 io_ring_exit_work+0x0/0x16" \
	"[  502.62] CPU: 2 PID: 8 Comm: kworker/u8:0 Not tainted 5.12.0-rc2 #1" >"$TRASH/moved.log"
printf '%s\n' "[  137.1] kernel BUG at arch/powerpc/kernel/ptrace.c:2993!" \
	"[  137.2] CPU: 1 PID: 77 Comm: gdb Not tainted 4.19.0 #1" >"$TRASH/split.log"
sed "s/5.12.0-rc2/6.12.0/" "$TRASH/moved.log" >"$TRASH/same-release.log"

test_expect_success 'a file another release logged that 6.12 moved: the file defining its function' '
	"$KBUG" analyze --json moved.log >out.json &&
	$PYTHON -c "import json; r = json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"io_uring/io_uring.c\", r
assert (r[\"blame_source\"], r[\"confidence\"]) == (\"function-index\", \"medium\"), r" &&
	first split.log >got &&
	grep -q "|arch/powerpc/kernel/ptrace/|" got &&
	"$KBUG" -vv analyze --json same-release.log >out.json 2>err &&
	! grep -q "function index" err &&
	grep -q "\"guilty_file\": *\"fs/io_uring.c\"" out.json
'

# synthetic, as talosctl dmesg prints a node's kernel log
printf '%s\n' "10.0.0.5: kern:    info: [2024-07-16T19:11:45.557Z]: eth0: link up" \
	"10.0.0.5: kern: warning: [2024-07-16T19:11:47.882Z]: WARNING: CPU: 5 PID: 190 at fs/xfs/xfs_log.c:1271 xfs_log_worker+0x1c/0x60 [xfs]" \
	"10.0.0.5: kern: warning: [2024-07-16T19:11:47.883Z]: CPU: 5 PID: 190 Comm: kworker/5:1 Not tainted 6.6.30-talos #1" \
	>"$TRASH/talos.log"

test_expect_success 'a node'"'"'s log as talosctl dmesg prints it: host, facility, level, time' '
	first talos.log >got &&
	grep -q "^WARNING in xfs_log_worker|fs/xfs/xfs_log.c|" got
'

test_expect_success 'a panic with no trace that places it: the file of its panic() message' '
	echo "[    7.5] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100" >init.log &&
	"$KBUG" analyze --json init.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"guilty_file\"] == \"kernel/exit.c\" and r[\"blame_source\"] == \"message-index\", r
assert r[\"confidence\"] == \"medium\", r" &&
	echo "[    2.0] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)" >root.log &&
	"$KBUG" analyze --json root.log >out.json &&
	grep -q "\"guilty_file\": *\"init/do_mounts.c\"" out.json &&
	echo "[    9.0] Kernel panic - not syncing: softlockup: hung tasks" >lockup.log &&
	"$KBUG" analyze --json lockup.log >out.json &&
	grep -q "\"guilty_file\": *null" out.json &&
	echo "[    2.0] Kernel panic - not syncing: VFS: Unable to mount root fs on \"LABEL=nixos-24.11-x86_64\" or unknown-block(0,0)" >label.log &&
	"$KBUG" analyze --json label.log >out.json &&
	grep -q "\"guilty_file\": *\"init/do_mounts.c\"" out.json &&
	echo "[    1.1] Kernel panic - not syncing: Requested init /init.krun failed (error -2)." >krun.log &&
	"$KBUG" analyze --json krun.log >out.json &&
	grep -q "\"guilty_file\": *\"init/main.c\"" out.json
'

test_expect_success 'the OOM killer: its report whatever the task'"'"'s name, the victim'"'"'s line alone; the allocation is no culprit' '
	printf "%s\n" "[ 335.95] kworker/u8:3 invoked oom-killer: gfp_mask=0x440dc0(GFP_KERNEL_ACCOUNT|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0" \
		"[ 335.95] CPU: 1 UID: 0 PID: 1134 Comm: kworker/u8:3 Not tainted 6.12.30-1-rpi #1" \
		"[ 335.95] Call trace:" \
		"[ 335.95]  dump_header from oom_kill_process+0x234/0x2a4" \
		"[ 335.95]  oom_kill_process from out_of_memory+0x100/0x350" \
		"[ 335.95]  out_of_memory from __alloc_pages_noprof+0xadc/0xfc8" \
		"[ 335.95]  __alloc_pages_noprof from proc_pid_cmdline_read+0x1b8/0x384" >oom.log &&
	"$KBUG" analyze --json oom.log >out.json &&
	$PYTHON -c "import json; rs=json.load(open(\"out.json\"))[\"reports\"]
assert len(rs) == 1, rs
r = rs[0]
assert r[\"title\"] == \"out of memory: oom-killer invoked\", r
assert r[\"guilty_file\"] == \"mm/oom_kill.c\" and r[\"confidence\"] == \"low\", r" &&
	echo "[ 7063.2] Memory cgroup out of memory: Killed process 63214 (uwsgi) total-vm:3149468kB" >victim.log &&
	"$KBUG" analyze --json victim.log >out.json &&
	grep -q "\"guilty_file\": *\"mm/oom_kill.c\"" out.json &&
	echo "[ 65267.0] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" >victim.log &&
	"$KBUG" analyze --json victim.log >out.json &&
	grep -q "\"guilty_file\": *\"mm/oom_kill.c\"" out.json &&
	echo "[ 1.0] systemd: said that it invoked oom-killer: not the kernel" >not.log &&
	"$KBUG" analyze not.log >out.txt &&
	grep -q "no kernel reports found" out.txt
'

test_expect_success 'nothing places a crash of a kernel tainted by vendor modules: the one loaded last' '
	printf "%s\n" "[ 1.0] BUG: unable to handle kernel paging request at ffff8802cf7db600" \
		"[ 1.0] Oops: 0000 [#1] SMP" \
		"[ 1.0] Modules linked in: ipv6 zfs(PO) zunicode(PO) spl(O) x86_pkg_temp_thermal" \
		"[ 1.0] CPU: 2 PID: 924 Comm: z_wr_iss_h/2 Tainted: P           O 3.11.6-ck1 #5" >vendor.log &&
	"$KBUG" analyze --json vendor.log >out.json &&
	$PYTHON -c "import json; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"out_of_tree\"] is True and r[\"guilty_module\"] == \"zfs\", r
assert r[\"confidence\"] == \"low\", r"
'

test_expect_success 'a WARNING in a header'"'"'s inline code: the file of the function it was inlined into' '
	printf "%s\n" "------------[ cut here ]------------" \
		"WARNING: CPU: 0 PID: 311 at include/net/nexthop.h:283 fib_nh_match+0x1fc/0x3d0" \
		"Modules linked in: nfsd auth_rpcgss" >inline.log &&
	"$KBUG" analyze --json inline.log >out.json &&
	grep -q "\"guilty_file\": *\"net/ipv4/fib_semantics.c\"" out.json
'

test_done
