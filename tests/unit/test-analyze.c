// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug analyze on hand-made logs of every kind it knows, in the
 * unsymbolized form a distribution kernel prints them on a laptop (no
 * file:line in the frames, modules in brackets), plus the transports a
 * log comes through. Each case is data: the log, the title, the guilty
 * file and module it must give.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze/analyze.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

struct acase {
	const char *name;
	const char *log;
	const char *title;
	const char *file;	/* NULL: no guilty file expected */
	const char *module;	/* NULL: none */
	bool corrupted;
};

#define T "[  123.456789] "
/* the stack every lockdep report and panic ends with */
#define STACK T "stack backtrace:\n" T "Call Trace:\n" T " <TASK>\n" \
	T " dump_stack_lvl+0x47/0x60\n" T " do_syscall_64+0x4f/0x100\n" T " </TASK>\n"

static const char lkdtm[] =
	T "lkdtm: Performing direct entry WARNING\n"
	T "------------[ cut here ]------------\n"
	T "WARNING: CPU: 0 PID: 1 at drivers/misc/lkdtm/bugs.c:112 lkdtm_WARNING+0xe/0x20\n"
	T "Modules linked in: e1000 lkdtm(E)\n"
	T "CPU: 0 UID: 0 PID: 1 Comm: init Tainted: G        W   E      6.12.118 #2\n"
	T "Hardware name: LENOVO 20XW0055GE/20XW0055GE, BIOS N32ET86W (1.62 ) 09/06/2023\n"
	T "RIP: 0010:lkdtm_WARNING+0xe/0x20\n"
	T "Code: 41 5d 5d c3 48 c7 c7 f0 5c 92 81 e8 fc 7e da ff 5b 41 5c <0f> 0b c3 66 66 2e\n"
	T "RSP: 0018:ffffc90000013dd8 EFLAGS: 00000202\n"
	T "Call Trace:\n"
	T " <TASK>\n"
	T " ? __warn+0x89/0x140\n"
	T " ? lkdtm_WARNING+0xe/0x20\n"
	T " lkdtm_do_action+0x14/0x20\n"
	T " direct_entry+0x8e/0xe0\n"
	T " full_proxy_write+0x56/0x80\n"
	T " vfs_write+0xc2/0x360\n"
	T " ksys_write+0x63/0xe0\n"
	T " do_syscall_64+0x4f/0x100\n"
	T " entry_SYSCALL_64_after_hwframe+0x4b/0x53\n"
	T " </TASK>\n"
	T "---[ end trace 0000000000000000 ]---\n";

static const struct acase cases[] = {
	{ "lkdtm WARNING", lkdtm, "WARNING in lkdtm_WARNING", "drivers/misc/lkdtm/bugs.c", NULL,
	  false },
	{ "kernel BUG at", T "------------[ cut here ]------------\n"
	  T "kernel BUG at fs/ext4/inode.c:2721!\n"
	  T "Oops: invalid opcode: 0000 [#1] PREEMPT SMP NOPTI\n"
	  T "CPU: 3 PID: 812 Comm: kworker/u16:5 Not tainted 6.12.118-amd64 #1\n"
	  T "RIP: 0010:ext4_do_writepages+0xd3f/0xe10 [ext4]\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " ext4_writepages+0xad/0x180 [ext4]\n"
	  T " do_writepages+0x7e/0x280\n"
	  T " __writeback_single_inode+0x41/0x340\n"
	  T " </TASK>\n"
	  T "---[ end trace 0000000000000000 ]---\n",
	  "kernel BUG in ext4_do_writepages", "fs/ext4/inode.c", "ext4", false },
	{ "NULL pointer in a module", T "BUG: kernel NULL pointer dereference, address: 0000000000000008\n"
	  T "#PF: supervisor read access in kernel mode\n"
	  T "Oops: 0000 [#1] PREEMPT SMP PTI\n"
	  T "CPU: 0 PID: 0 Comm: swapper/0 Tainted: G           OE      6.12.118 #2\n"
	  T "RIP: 0010:e1000_clean+0x1a/0x80 [e1000]\n"
	  T "Call Trace:\n"
	  T " <IRQ>\n"
	  T " __napi_poll+0x28/0x1b0\n"
	  T " net_rx_action+0x2a4/0x380\n"
	  T " handle_softirqs+0xd8/0x2c0\n"
	  T " </IRQ>\n",
	  "BUG: unable to handle kernel NULL pointer dereference in e1000_clean",
	  "drivers/net/ethernet/intel/e1000/", "e1000", false },
	{ "page fault", T "BUG: unable to handle page fault for address: ffffc90001a3f000\n"
	  T "Oops: 0002 [#1] PREEMPT SMP NOPTI\n"
	  T "RIP: 0010:memset_orig+0x72/0xb0\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " iwl_pcie_gen2_tx_init+0x5e/0x120 [iwlwifi]\n"
	  T " iwl_trans_pcie_gen2_start_fw+0x1a8/0x2c0 [iwlwifi]\n"
	  T " </TASK>\n",
	  "BUG: unable to handle kernel paging request in iwl_pcie_gen2_tx_init",
	  "drivers/net/wireless/intel/iwlwifi/", "iwlwifi", false },
	{ "scheduling while atomic", T "BUG: scheduling while atomic: kworker/2:1/156/0x00000002\n"
	  T "Modules linked in: snd_hda_intel\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " __schedule_bug+0x56/0x70\n"
	  T " __schedule+0x10a4/0x1440\n"
	  T " schedule+0x27/0xf0\n"
	  T " schedule_timeout+0x7e/0x170\n"
	  T " azx_rirb_get_response+0x11d/0x290 [snd_hda_intel]\n"
	  T " </TASK>\n",
	  "BUG: scheduling while atomic in azx_rirb_get_response", NULL, "snd_hda_intel", false },
	{ "sleeping in atomic context",
	  T "BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585\n"
	  T "in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: 77, name: kworker/0:2\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " __might_resched+0x141/0x1a0\n"
	  T " __mutex_lock+0x4e/0x930\n"
	  T " rtw_ops_config+0x2d/0x90 [rtw88_core]\n"
	  T " ieee80211_hw_config+0x78/0x3d0 [mac80211]\n"
	  T " </TASK>\n",
	  "BUG: sleeping function called from invalid context in rtw_ops_config",
	  "kernel/locking/mutex.c", "rtw88_core", false },
	{ "soft lockup", T "watchdog: BUG: soft lockup - CPU#2 stuck for 26s! [kworker/2:0:3401]\n"
	  T "CPU: 2 PID: 3401 Comm: kworker/2:0 Not tainted 6.12.118 #1\n"
	  T "RIP: 0010:spin_forever+0x5/0x10 [buggy]\n"
	  T "Call Trace:\n"
	  T " <IRQ>\n"
	  T " ? watchdog_timer_fn+0x1c5/0x230\n"
	  T " </IRQ>\n"
	  T " <TASK>\n"
	  T " buggy_work+0x21/0x40 [buggy]\n"
	  T " process_one_work+0x176/0x330\n"
	  T " worker_thread+0x252/0x390\n"
	  T " kthread+0xd2/0x100\n"
	  T " </TASK>\n",
	  "BUG: soft lockup in buggy_work", NULL, "buggy", false },
	{ "spinlock", T "BUG: spinlock bad magic on CPU#0, insmod/1042\n"
	  T " lock: 0xffff88810a1b2c00, .magic: 00000000, .owner: <none>/-1, .owner_cpu: 0\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " do_raw_spin_lock+0x93/0xc0\n"
	  T " _raw_spin_lock_irqsave+0x3d/0x50\n"
	  T " foo_start_xmit+0x33/0x180 [foo]\n"
	  T " </TASK>\n",
	  "BUG: spinlock bad magic in foo_start_xmit", NULL, "foo", false },
	{ "bad page state", T "BUG: Bad page state in process Xorg  pfn:1a2b3c\n"
	  T "page: refcount:0 mapcount:-128 mapping:0000000000000000 index:0x0 pfn:0x1a2b3c\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " bad_page+0x6e/0x110\n"
	  T " free_unref_page_prepare+0x1c2/0x300\n"
	  T " ttm_pool_free_range+0x8e/0x140 [ttm]\n"
	  T " </TASK>\n",
	  "BUG: Bad page state in ttm_pool_free_range", NULL, "ttm", false },
	{ "bad rss-counter",
	  T "BUG: Bad rss-counter state mm:00000000f3c1aa29 type:MM_ANONPAGES val:1\n",
	  "BUG: Bad rss-counter state", "kernel/fork.c", NULL, false },
	{ "general protection fault",
	  T "Oops: general protection fault, probably for non-canonical address 0xdead000000000122: 0000 [#1] PREEMPT SMP NOPTI\n"
	  T "CPU: 1 PID: 2210 Comm: pipewire Not tainted 6.12.118 #1\n"
	  T "RIP: 0010:snd_usb_endpoint_close+0x2f/0x60 [snd_usb_audio]\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " snd_usb_hw_free+0x4e/0x90 [snd_usb_audio]\n"
	  T " snd_pcm_release_substream+0x5f/0xb0 [snd_pcm]\n"
	  T " </TASK>\n",
	  "general protection fault in snd_usb_endpoint_close",
	  "sound/usb/", "snd_usb_audio", false },
	{ "KASAN", T "==================================================================\n"
	  T "BUG: KASAN: slab-use-after-free in btusb_work+0x2a/0x60 [btusb]\n"
	  T "Read of size 8 at addr ffff88810c2f4a08 by task kworker/1:2/95\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x66/0x80\n"
	  T " print_report+0xc1/0x5e0\n"
	  T " kasan_report+0xbd/0xf0\n"
	  T " btusb_work+0x2a/0x60 [btusb]\n"
	  T " process_one_work+0x176/0x330\n"
	  T " </TASK>\n"
	  T "==================================================================\n",
	  "KASAN: slab-use-after-free Read in btusb_work",
	  "drivers/bluetooth/btusb.c", "btusb", false },
	{ "KCSAN", T "==================================================================\n"
	  T "BUG: KCSAN: data-race in e1000_clean_rx_irq / e1000_xmit_frame\n"
	  T "write to 0xffff8881 of 4 bytes by interrupt on cpu 1:\n"
	  T " e1000_clean_rx_irq+0x551/0xb10 [e1000]\n"
	  T "==================================================================\n",
	  "KCSAN: data-race in e1000_clean_rx_irq / e1000_xmit_frame",
	  "drivers/net/ethernet/intel/e1000/", "e1000", false },
	{ "KMSAN", T "BUG: KMSAN: uninit-value in hid_report_raw_event+0x3c1/0x1100\n"
	  T " hid_report_raw_event+0x3c1/0x1100\n"
	  T " hid_input_report+0x51e/0x6b0\n"
	  T "Uninit was created at:\n"
	  T " kmalloc_reserve+0x1c7/0x3c0\n",
	  "KMSAN: uninit-value in hid_report_raw_event", NULL, NULL, false },
	{ "KFENCE", T "==================================================================\n"
	  T "BUG: KFENCE: use-after-free read in nvme_pci_complete_rq+0x49/0x110 [nvme]\n"
	  T "Use-after-free read at 0x00000000d1e4b1a2 (in kfence-#47):\n"
	  T " nvme_pci_complete_rq+0x49/0x110 [nvme]\n"
	  T " blk_complete_reqs+0x3d/0x50\n"
	  T "==================================================================\n",
	  "KFENCE: use-after-free read in nvme_pci_complete_rq", NULL, "nvme", false },
	{ "UBSAN", T "UBSAN: shift-out-of-bounds in drivers/hid/hid-core.c:1332:12\n"
	  T "shift exponent 32 is too large for 32-bit type 'int'\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " __ubsan_handle_shift_out_of_bounds+0xd1/0x190\n"
	  T " hid_field_extract.cold+0x32/0x37 [hid]\n"
	  T " </TASK>\n",
	  "UBSAN: shift-out-of-bounds in hid_field_extract",
	  "drivers/hid/hid-core.c", "hid", false },
	{ "circular locking", T "======================================================\n"
	  T "WARNING: possible circular locking dependency detected\n"
	  T "6.12.118 #1 Not tainted\n"
	  T "------------------------------------------------------\n"
	  T "kworker/u8:3/210 is trying to acquire lock:\n"
	  T "ffff8881 (&dev->mutex){+.+.}-{3:3}, at: rtl8xxxu_stop+0x2a/0x100 [rtl8xxxu]\n"
	  T "but task is already holding lock:\n"
	  T "ffff8882 (&local->iflist_mtx){+.+.}-{3:3}, at: ieee80211_stop+0x30/0x60 [mac80211]\n"
	  STACK,
	  "possible deadlock in rtl8xxxu_stop", NULL, "rtl8xxxu", false },
	/* a paste from the register dump on, of a Xen PV kernel (code segment e030) */
	{ "headless, Xen PV RIP",
	  T "CPU: 15 UID: 0 PID: 84678 Comm: kworker/15:0 Tainted: G        W          6.14.4 #1\n"
	  T "Workqueue: pm pm_runtime_work\n"
	  T "RIP: e030:r535_gsp_msgq_wait+0x1b2/0x1d0 [nouveau]\n"
	  T "RSP: e02b:ffffc90072a579c8 EFLAGS: 00010246\n",
	  "Oops in r535_gsp_msgq_wait", NULL, "nouveau", false },
	{ "recursive locking", T "============================================\n"
	  T "WARNING: possible recursive locking detected\n"
	  T "--------------------------------------------\n"
	  T "modprobe/512 is trying to acquire lock:\n"
	  T "ffff8883 (&chip->lock){....}-{2:2}, at: gpio_chip_irq_set+0x1e/0x50 [pinctrl_amd]\n"
	  STACK,
	  "possible deadlock in gpio_chip_irq_set", NULL, "pinctrl_amd", false },
	{ "suspicious RCU usage", T "=============================\n"
	  T "WARNING: suspicious RCU usage\n"
	  T "6.12.118 #1 Not tainted\n"
	  T "-----------------------------\n"
	  T "net/mac80211/sta_info.c:201 suspicious rcu_dereference_check() usage!\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " lockdep_rcu_suspicious+0x15a/0x1b0\n"
	  T " sta_info_get_bss+0x11f/0x130 [mac80211]\n"
	  T " </TASK>\n",
	  "WARNING: suspicious RCU usage in sta_info_get_bss", "net/mac80211/sta_info.c",
	  "mac80211", false },
	{ "held lock freed", T "=========================\n"
	  T "WARNING: held lock freed!\n"
	  T "-------------------------\n"
	  T "kworker/0:1/20 is freeing memory ffff8884-ffff8885, with a lock still held there!\n"
	  T "ffff8884 (&priv->lock){+.+.}-{3:3}, at: mydrv_remove+0x1c/0x80 [mydrv]\n" STACK,
	  "WARNING: held lock freed in mydrv_remove", NULL, NULL, false },
	{ "rcu stall", T "rcu: INFO: rcu_preempt self-detected stall on CPU\n"
	  T "rcu: \t3-....: (21000 ticks this GP) idle=\n"
	  T "CPU: 3 PID: 998 Comm: kworker/3:2 Not tainted 6.12.118 #1\n"
	  T "Call Trace:\n"
	  T " <IRQ>\n"
	  T " rcu_dump_cpu_stacks+0xc6/0x100\n"
	  T " rcu_sched_clock_irq+0x61e/0xb20\n"
	  T " update_process_times+0x6e/0xa0\n"
	  T " __sysvec_apic_timer_interrupt+0x4c/0x130\n"
	  T " sysvec_apic_timer_interrupt+0x6d/0x90\n"
	  T " </IRQ>\n"
	  T " <TASK>\n"
	  T " asm_sysvec_apic_timer_interrupt+0x1a/0x20\n"
	  T "RIP: 0010:mt76_poll_loop+0x15/0x40 [mt76]\n"
	  T " mt7921_mac_reset_work+0x8d/0x1b0 [mt7921_common]\n"
	  T " process_one_work+0x176/0x330\n"
	  T " worker_thread+0x252/0x390\n"
	  T " kthread+0xd2/0x100\n"
	  T " </TASK>\n",
	  "INFO: rcu detected stall in mt7921_mac_reset_work", NULL, "mt7921_common", false },
	{ "hung task", T "INFO: task kworker/u16:1:88 blocked for more than 122 seconds.\n"
	  T "      Not tainted 6.12.118 #1\n"
	  T "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.\n"
	  T "task:kworker/u16:1   state:D stack:0     pid:88    tgid:88    ppid:2\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " __schedule+0x3fc/0x1440\n"
	  T " schedule+0x27/0xf0\n"
	  T " schedule_timeout+0x15d/0x170\n"
	  T " wait_for_completion+0x86/0x170\n"
	  T " amdgpu_device_gpu_recover+0x5bd/0xd70 [amdgpu]\n"
	  T " process_one_work+0x176/0x330\n"
	  T " </TASK>\n",
	  "INFO: task hung in amdgpu_device_gpu_recover", NULL, "amdgpu", false },
	{ "list corruption", T "list_del corruption. prev->next should be ffff8886, but was ffff8887. (prev=ffff8888)\n"
	  T "------------[ cut here ]------------\n"
	  T "kernel BUG at lib/list_debug.c:62!\n"
	  T "Oops: invalid opcode: 0000 [#1] PREEMPT SMP NOPTI\n"
	  T "RIP: 0010:__list_del_entry_valid_or_report+0xa1/0xc0\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " uvc_video_stop_streaming+0x3e/0xa0 [uvcvideo]\n"
	  T " </TASK>\n",
	  "BUG: corrupted list in uvc_video_stop_streaming",
	  "lib/list_debug.c", "uvcvideo", false },
	{ "refcount", T "refcount_t: underflow; use-after-free.\n"
	  T "WARNING: CPU: 1 PID: 77 at lib/refcount.c:28 refcount_warn_saturate+0xba/0x110\n"
	  T "RIP: 0010:refcount_warn_saturate+0xba/0x110\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " usb_serial_put+0x3c/0x50 [usbserial]\n"
	  T " </TASK>\n"
	  T "---[ end trace 0000000000000000 ]---\n",
	  "WARNING: refcount bug in usb_serial_put", "lib/refcount.c", "usbserial", false },
	{ "panic", T "Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)\n"
	  STACK,
	  "kernel panic: VFS: Unable to mount root fs on unknown-block(NUM,NUM)",
	  NULL, NULL, false },
	{ "iwlwifi", T "iwlwifi 0000:00:14.3: Microcode SW error detected. Restarting 0x0.\n"
	  T "iwlwifi 0000:00:14.3: Start IWL Error Log Dump:\n"
	  T "iwlwifi 0000:00:14.3: Transport status: 0x0000004A, valid: 6\n",
	  "iwlwifi: Microcode SW error",
	  "drivers/net/wireless/intel/iwlwifi/pcie/rx.c", "iwlwifi", false },
	{ "i915", T "i915 0000:00:02.0: [drm] GPU HANG: ecode 12:1:85dffffb, in gnome-shell [1577]\n",
	  "i915: GPU hang", "drivers/gpu/drm/i915/i915_gpu_error.c", "i915", false },
	{ "amdgpu", T "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=1, emitted seq=3\n",
	  "amdgpu: ring gfx timeout", "drivers/gpu/drm/amd/amdgpu/amdgpu_job.c", "amdgpu", false },
	{ "xhci", T "xhci_hcd 0000:00:14.0: xHCI host controller not responding, assume dead\n"
	  T "xhci_hcd 0000:00:14.0: HC died; cleaning up\n",
	  "xHCI host controller died", "drivers/usb/host/xhci-ring.c", "xhci_hcd", false },
	{ "nvme", T "nvme nvme0: I/O tag 448 (61c0) opcode 0x2 (Read) QID 3 timeout, aborting req_op:READ(0) size:4096\n",
	  "nvme: I/O timeout", "drivers/nvme/host/pci.c", "nvme", false },
	{ "ACPI", T "ACPI BIOS Error (bug): Could not resolve symbol [\\_SB.PC00.XHCI.RHUB.HS01], AE_NOT_FOUND (20240827/dswload2-162)\n"
	  T "ACPI Error: AE_NOT_FOUND, During name lookup/catalog (20240827/psobject-220)\n",
	  "ACPI BIOS Error (bug): Could not resolve symbol", "drivers/acpi/acpica/dswload2.c",
	  NULL, false },
	{ "single-file module", T "BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
	  T "RIP: 0010:dummy_xmit+0x12/0x40 [dummy]\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dev_hard_start_xmit+0x94/0x1e0\n"
	  T " </TASK>\n",
	  "BUG: unable to handle kernel NULL pointer dereference in dummy_xmit",
	  "drivers/net/dummy.c", "dummy", false },
	{ "hard lockup", T "watchdog: Watchdog detected hard LOCKUP on cpu 3\n"
	  T "CPU: 3 PID: 0 Comm: swapper/3 Not tainted 6.12.118 #1\n"
	  T "RIP: 0010:rtw_pci_interrupt_handler+0x41/0x1c0 [rtw88_pci]\n"
	  T "Call Trace:\n"
	  T " <NMI>\n"
	  T " ? watchdog_hardlockup_check+0x1b4/0x200\n"
	  T " </NMI>\n"
	  T " <IRQ>\n"
	  T " __handle_irq_event_percpu+0x46/0x190\n"
	  T " </IRQ>\n",
	  "BUG: hard lockup in rtw_pci_interrupt_handler", NULL, "rtw88_pci", false },
	{ "list corruption as a WARNING",
	  T "list_add corruption. next->prev should be prev (ffff8881), but was ffff8882.\n"
	  T "WARNING: CPU: 2 PID: 415 at lib/list_debug.c:29 __list_add_valid_or_report+0x7f/0xa0\n"
	  T "RIP: 0010:__list_add_valid_or_report+0x7f/0xa0\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " hci_conn_add+0x1f2/0x520 [bluetooth]\n"
	  T " </TASK>\n"
	  T "---[ end trace 0000000000000000 ]---\n",
	  "BUG: corrupted list in hci_conn_add", "net/bluetooth/", "bluetooth", false },
	{ "i915 underrun", T "i915 0000:00:02.0: [drm] *ERROR* CPU pipe A FIFO underrun\n",
	  "i915: FIFO underrun", "drivers/gpu/drm/i915/display/intel_fifo_underrun.c", "i915",
	  false },
	{ "nvme not ready",
	  T "nvme nvme0: Device not ready; aborting reset, CSTS=0x1\n",
	  "nvme: device not ready", "drivers/nvme/host/core.c", "nvme_core", false },
	{ "truncated", T "WARNING: CPU: 0 PID: 1 at drivers/gpu/drm/drm_atomic.c:1513 drm_atomic_check_only+0x5b8/0x7b0\n",
	  "WARNING in drm_atomic_check_only", "drivers/gpu/drm/drm_atomic.c", NULL, false },
	/* the HCI core's timeout names no driver; the next message, btqca's own, does */
	{ "a core message refined by the device's next",
	  T "Bluetooth: hci0: command 0xfc00 tx timeout\n"
	  T "Bluetooth: hci0: Reading QCA version information failed (-110)\n",
	  "Bluetooth: command tx timeout", "drivers/bluetooth/btqca.c", NULL, false },
	/* DRM_ERROR()'s "*ERROR*" says it failed, whatever the words */
	{ "DRM_ERROR without a failure word",
	  T "[drm:gen8_irq_handler [i915]] *ERROR* The master control interrupt lied (SDE)!\n",
	  "i915: The master control interrupt lied (SDE)!", "drivers/gpu/drm/i915/", "i915",
	  false },
	/* a banner reflowed into the line after it */
	{ "a banner joined to the header",
	  "------------[ cut here ]------------ WARNING: CPU: 0 PID: 1 at "
	  "drivers/misc/lkdtm/bugs.c:112 lkdtm_WARNING+0xe/0x20\n"
	  "RIP: 0010:lkdtm_WARNING+0xe/0x20\n"
	  "Call Trace:\n"
	  " <TASK>\n"
	  " direct_entry+0x8e/0xe0\n"
	  " full_proxy_write+0x56/0x80\n"
	  " vfs_write+0xc2/0x360\n"
	  " </TASK>\n"
	  "---[ end trace 0000000000000000 ]---\n",
	  "WARNING in lkdtm_WARNING", "drivers/misc/lkdtm/bugs.c", NULL, false },
	/* OpenZFS's SPL: spl_panic() for a failed VERIFY() in zfs */
	{ "SPL PANIC",
	  T "VERIFY(avl_find(tree, new_node, &where) == NULL) failed\n"
	  T "PANIC at avl.c:624:avl_add()\n" T "Showing stack for process 2039419\n",
	  "zfs: PANIC in avl_add", NULL, "zfs", false },
	/* Realtek's vendor driver (chip and bus: four digits, two letters), not the tree's */
	{ "a vendor Wi-Fi driver's failure", T "8192eu 1-2:1.0: rtw_usb_probe failed\n",
	  "8192eu: rtw_usb_probe failed", NULL, "8192eu", false },
	/* an excerpt cut after the RIP's offset: the function is still named */
	{ "RIP cut after its offset",
	  T "BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
	  T "Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
	  T "RIP: 0010:e1000_clean+0x20\n",
	  "BUG: unable to handle kernel NULL pointer dereference in e1000_clean",
	  NULL, NULL, true },
	/* DRM_ERROR()'s "[drm:FUNC [MODULE]] *ERROR* ": the module is the driver */
	{ "DRM_ERROR, a failure no row lists",
	  T "[drm:amdgpu_dm_atomic_commit_tail [amdgpu]] *ERROR* Waiting for fences timed out!\n",
	  "amdgpu: Waiting for fences timed out!", "drivers/gpu/drm/amd/amdgpu/", "amdgpu", false },
	/* a paste that lost its line breaks: each time stamp after the first starts a record */
	{ "records run together",
	  "pasted: " T "Bluetooth: hci0: Opcode 0x0c03 failed: -110 " T "[drm] Loading microcode "
	  T "nvme nvme0: Device not ready; aborting reset, CSTS=0x1\n",
	  "nvme: device not ready", "drivers/nvme/host/core.c", "nvme_core", false },
	/* kdb took the console after the stamped header: the rest has no stamps */
	{ "a report going on without stamps",
	  T "Unable to handle kernel NULL pointer dereference at virtual address 00000122\n"
	  T "Internal error: Oops: a06 [#1] SMP ARM\n"
	  "Entering kdb (current=0xc3fada00, pid 140) on processor 0 Oops: (null)\n"
	  "CPU: 0 PID: 140 Comm: kworker/0:3 Tainted: G         C        5.10.13-2-ARCH #1\n"
	  "PC is at e1000_clean+0x2bc/0x360 [e1000]\nLR is at 0x122\n",
	  "BUG: unable to handle kernel NULL pointer dereference in e1000_clean",
	  "drivers/net/ethernet/intel/e1000/", "e1000", true },
};

static const char modules_json[] =
	"[{\"name\": \"e1000\", \"source_dir\": \"drivers/net/ethernet/intel/e1000\"},"
	" {\"name\": \"ext4\", \"source_dir\": \"fs/ext4\"},"
	" {\"name\": \"iwlwifi\", \"source_dir\": \"drivers/net/wireless/intel/iwlwifi\"},"
	" {\"name\": \"snd_usb_audio\", \"source_dir\": \"sound/usb\"},"
	" {\"name\": \"btusb\", \"source_dir\": \"drivers/bluetooth\"},"
	" {\"name\": \"bluetooth\", \"source_dir\": \"net/bluetooth\"},"
	" {\"name\": \"dummy\", \"source_dir\": \"drivers/net\"}]";

static struct json_object *analyze(const char *log, size_t len, int *n)
{
	struct kbug_analyze_opts o;
	struct json_object *res = NULL, *mods = json_tokener_parse(modules_json);

	kbug_analyze_opts_init(&o);
	o.modules = mods;
	o.debuginfo = false;
	o.kernel_src = "";
	*n = kbug_analyze_buffer(log, len, "test", &o, &res);
	json_object_put(mods);
	assert_non_null(res);
	return res;
}

static int check_str(const char *what, const char *name, const char *want, const char *got)
{
	if ((!want && !got) || (want && got && !strcmp(want, got)))
		return 0;
	print_error("%s: %s: want '%s', got '%s'\n", name, what, want ? want : "(null)",
		    got ? got : "(null)");
	return 1;
}

static void test_cases(void **state)
{
	size_t i;
	int bad = 0;

	kbug_log_level = -1;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct acase *c = &cases[i];
		int n;
		struct json_object *res = analyze(c->log, strlen(c->log), &n);
		struct json_object *r;

		if (n != 1) {
			print_error("%s: want 1 report, got %d\n", c->name, n);
			bad++;
		}
		r = json_object_array_get_idx(kj_get(res, "reports"), 0);
		bad += check_str("title", c->name, c->title, kj_get_str(r, "title"));
		bad += check_str("guilty_file", c->name, c->file, kj_get_str(r, "guilty_file"));
		bad += check_str("guilty_module", c->name, c->module,
				 kj_get_str(r, "guilty_module"));
		if (kj_get_bool(r, "corrupted", false) != c->corrupted) {
			print_error("%s: corrupted should be %d\n", c->name, c->corrupted);
			bad++;
		}
		json_object_put(res);
	}
	assert_int_equal(bad, 0);
}

static void test_report_fields(void **state)
{
	int n;
	struct json_object *res = analyze(lkdtm, strlen(lkdtm), &n);
	struct json_object *r = json_object_array_get_idx(kj_get(res, "reports"), 0);
	struct json_object *frames = kj_get(r, "frames"), *mods = kj_get(r, "modules");

	assert_int_equal(n, 1);
	assert_int_equal(kj_get_int(r, "first_line", 0), 2);
	assert_int_equal(kj_get_int(r, "last_line", 0), 22);
	assert_string_equal(kj_get_str(r, "kind"), "WARNING");
	assert_string_equal(kj_get_str(r, "guilty_function"), "lkdtm_WARNING");
	assert_string_equal(kj_get_str(r, "taint"), "WE");
	assert_string_equal(kj_get_str(r, "release"), "6.12.118");
	assert_string_equal(kj_get_str(r, "hardware"),
			    "LENOVO 20XW0055GE/20XW0055GE, BIOS N32ET86W (1.62 ) 09/06/2023");
	assert_int_equal(json_object_array_length(mods), 2);
	assert_string_equal(json_object_get_string(json_object_array_get_idx(mods, 1)), "lkdtm");
	assert_true(json_object_array_length(frames) >= 9);
	r = json_object_array_get_idx(frames, 0);
	assert_string_equal(kj_get_str(r, "function"), "lkdtm_WARNING");
	assert_int_equal(kj_get_int(r, "offset", 0), 0xe);
	assert_int_equal(kj_get_int(r, "size", 0), 0x20);
	assert_false(kj_get_bool(json_object_array_get_idx(frames, 1), "reliable", true));
	assert_non_null(strstr(kj_get_str(json_object_array_get_idx(kj_get(res, "reports"), 0),
					  "text"), "---[ end trace"));
	json_object_put(res);
}

/* print_tainted(): a column per flag, so set flags may stand together ("OE") */
static void test_taint_columns(void **state)
{
	static const char log[] =
		T "BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
		T "Oops: 0010 [#1] PREEMPT SMP NOPTI\n"
		T "CPU: 9 PID: 1776 Comm: RTW_CMD_THREAD Tainted: P        W  OE      "
		"6.8.0-31-generic #31-Ubuntu\n"
		T "RIP: 0010:0x0\n" T "Call Trace:\n" T " <TASK>\n"
		T " rtw_cmd_thread+0x1e7/0x240 [8812au]\n" T " kthread+0xe4/0x110\n"
		T " </TASK>\n" T "---[ end trace 0000000000000000 ]---\n";
	int n;
	struct json_object *res = analyze(log, sizeof(log) - 1, &n);
	struct json_object *r = json_object_array_get_idx(kj_get(res, "reports"), 0);

	(void)state;
	assert_int_equal(n, 1);
	assert_string_equal(kj_get_str(r, "taint"), "PWOE");
	assert_string_equal(kj_get_str(r, "release"), "6.8.0-31-generic");
	json_object_put(res);
}

/* The same report through every transport gives the same title and lines. */
/* __warn(): the WARN()'s message between "[ cut here ]" and "WARNING:" is the report's */
static void test_warn_message(void **state)
{
	static const char log[] =
		T "usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
		T "------------[ cut here ]------------\n"
		T "RPM wakelock ref not held during HW access\n"
		T "WARNING: CPU: 1 PID: 177 at drivers/gpu/drm/i915/intel_uncore.c:632 "
		"gen8_write32+0x1e7/0x240 [i915]\n"
		T "Call Trace:\n" T " <TASK>\n" T " intel_runtime_pm_put+0x1a/0x80 [i915]\n"
		T " </TASK>\n" T "---[ end trace 0000000000000000 ]---\n";
	struct json_object *res, *r;
	const char *text;
	int n;

	(void)state;
	res = analyze(log, strlen(log), &n);
	assert_int_equal(n, 1);
	r = json_object_array_get_idx(kj_get(res, "reports"), 0);
	assert_int_equal(kj_get_int(r, "first_line", 0), 2);
	text = kj_get_str(r, "text");
	assert_non_null(text);
	assert_non_null(strstr(text, "[ cut here ]"));
	assert_non_null(strstr(text, "ref not held during HW access\nWARNING: CPU: 1"));
	assert_null(strstr(text, "new high-speed"));
	json_object_put(res);
}

static void test_transports(void **state)
{
	static const char *const prefixes[] = {
		"", "[    1.000000] ", "[    1.000000][    T1] ", "<4>[    1.000000] ",
		"Dec  3 06:35:17 thinkpad kernel: ", "2026-12-03T06:35:17+0100 thinkpad kernel: ",
		"4,1234,5678901,-;", "kern  :warn  : ", "kern  :warn  : [    1.000000] ",
		"[Thu Dec  3 06:35:17 2026] ", "Dec 03 06:35:17.123456 thinkpad kernel: ",
		"6,99,12345,-,caller=T1;",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
		struct strbuf log = STRBUF_INIT;
		const char *p = lkdtm;
		struct json_object *res, *r;
		int n;

		strbuf_addf(&log, "%sLinux version 6.12.118\r\n", prefixes[i]);
		if (prefixes[i][0] == '4')
			strbuf_addstr(&log, " SUBSYSTEM=pci\n");
		while (*p) {
			const char *e = strchr(p, '\n');

			strbuf_addstr(&log, prefixes[i]);
			strbuf_add(&log, p + strlen(T), e - p - strlen(T));
			strbuf_addstr(&log, i & 1 ? "\r\n" : "\n");
			p = e + 1;
		}
		res = analyze(log.buf, log.len, &n);
		assert_int_equal(n, 1);
		r = json_object_array_get_idx(kj_get(res, "reports"), 0);
		assert_int_equal(check_str("title", prefixes[i], "WARNING in lkdtm_WARNING",
					   kj_get_str(r, "title")), 0);
		assert_int_equal(kj_get_int(r, "first_line", 0), prefixes[i][0] == '4' ? 4 : 3);
		json_object_put(res);
		strbuf_release(&log);
	}
}

static void test_no_report_and_other_daemons(void **state)
{
	static const char log[] =
		T "usb 1-2: new high-speed USB device number 3 using xhci_hcd\n"
		T "WARNING: the mand mount option is being deprecated and will be removed in v5.15!\n"
		T "INFO: lockdep is turned off.\n"
		"Dec  3 06:35:17 thinkpad systemd[1]: BUG: not a kernel line\n"
		T "e1000: eth0 NIC Link is Up 1000 Mbps Full Duplex\n";
	int n;
	struct json_object *res = analyze(log, strlen(log), &n);

	assert_int_equal(n, 0);
	assert_int_equal(json_object_array_length(kj_get(res, "reports")), 0);
	json_object_put(res);
}

/* Two tasks' reports interleaved: each line goes to its own task's report. */
static void test_interleaved(void **state)
{
	static const char log[] =
		"[   10.000001][  T100] WARNING: CPU: 0 PID: 100 at net/wireless/core.c:10 wiphy_foo+0x1/0x2\n"
		"[   10.000002][  T200] rcu: some unrelated line\n"
		"[   10.000003][  T100] RIP: 0010:wiphy_foo+0x1/0x2\n"
		"[   10.000004][  T200]  not_our_frame+0x1/0x2\n"
		"[   10.000005][  T100] Call Trace:\n"
		"[   10.000006][  T100]  nl80211_bar+0x1/0x2 [cfg80211]\n"
		"[   10.000007][  T100] ---[ end trace 0000000000000000 ]---\n";
	int n;
	struct json_object *res = analyze(log, strlen(log), &n);
	struct json_object *r = json_object_array_get_idx(kj_get(res, "reports"), 0);

	assert_int_equal(n, 1);
	assert_string_equal(kj_get_str(r, "title"), "WARNING in wiphy_foo");
	assert_null(strstr(kj_get_str(r, "text"), "not_our_frame"));
	assert_int_equal(kj_get_int(r, "last_line", 0), 7);
	json_object_put(res);
}

/* Many reports, a stream, a huge line: counts, order, bounded text. */
static void test_stream_many(void **state)
{
	struct strbuf log = STRBUF_INIT;
	struct kbug_analyze_opts o;
	struct json_object *res = NULL, *reps;
	FILE *f;
	int i, n;

	for (i = 0; i < 50; i++) {
		strbuf_addf(&log, "%s", lkdtm);
		strbuf_addstr(&log, "filler line\n");
	}
	for (i = 0; i < 3000; i++)
		strbuf_addch(&log, 'x');
	strbuf_addch(&log, '\n');
	strbuf_addstr(&log, lkdtm);
	f = fmemopen(log.buf, log.len, "r");
	assert_non_null(f);
	kbug_analyze_opts_init(&o);
	o.max_reports = 40;
	o.with_text = false;
	n = kbug_analyze_stream(f, "mem", &o, &res);
	fclose(f);
	assert_int_equal(n, 40);
	reps = kj_get(res, "reports");
	assert_int_equal(json_object_array_length(reps), 40);
	assert_int_equal(kj_get_int(res, "reports_dropped", 0), 11);
	assert_null(kj_get(json_object_array_get_idx(reps, 0), "text"));
	assert_int_equal(kj_get_int(json_object_array_get_idx(reps, 1), "first_line", 0), 25);
	json_object_put(res);
	strbuf_release(&log);
}

static void test_report_replay(void **state)
{
	struct kbug_report r;
	struct json_object *mods = json_tokener_parse(modules_json), *a, *d;
	static const char *const recs = "[\"BUG: kernel NULL pointer dereference, address: 0\","
		"{\"message\": \"RIP: 0010:e1000_clean+0x1a/0x80 [e1000]\"},"
		"{\"message\": \"Call Trace:\"}, {\"message\": \" net_rx_action+0x2a4/0x380\"}]";

	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_analyze_report(&r, NULL), -ENOENT);
	kbug_report_set(&r, "modules", mods);
	d = json_object_new_object();
	kj_set(d, "records", json_tokener_parse(recs));
	kbug_report_set(&r, "dmesg", d);
	assert_int_equal(kbug_analyze_report(&r, NULL), 1);
	a = kbug_report_get(&r, "analysis");
	assert_string_equal(kj_get_str(a, "source"), "dmesg");
	a = json_object_array_get_idx(kj_get(a, "reports"), 0);
	assert_string_equal(kj_get_str(a, "guilty_file"), "drivers/net/ethernet/intel/e1000/");
	/* the attachment wins over the section */
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", "text/plain", NULL, lkdtm,
					    strlen(lkdtm)), 0);
	assert_int_equal(kbug_analyze_report(&r, NULL), 1);
	a = json_object_array_get_idx(kj_get(kbug_report_get(&r, "analysis"), "reports"), 0);
	assert_string_equal(kj_get_str(a, "title"), "WARNING in lkdtm_WARNING");
	kbug_report_release(&r);
}

/* Build a small module with DWARF, as a .ko is (ET_REL), with the C compiler. */
static bool build_module(const char *dir, char *ko, size_t size)
{
	static const char src[] =
		"int kbtest_helper(int x);\nint kbtest_helper(int x)\n{\n\treturn x * 3;\n}\n\n"
		"int kbtest_crash(int *p);\nint kbtest_crash(int *p)\n{\n"
		"\tint v = kbtest_helper(*p);\n\n\treturn v + 1;\n}\n";
	static const char *const dirs[] = { "src", "src/drivers", "src/drivers/misc" };
	char c[512];
	FILE *f;
	pid_t pid;
	size_t i;
	int st;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(c, sizeof(c), "%s/%s", dir, dirs[i]);
		if (mkdir(c, 0700))
			return false;
	}
	snprintf(c, sizeof(c), "%s/src/drivers/misc/kbtest.c", dir);
	f = fopen(c, "w");
	if (!f)
		return false;
	fputs(src, f);
	fclose(f);
	snprintf(ko, size, "%s/kbtest.ko", dir);
	pid = fork();
	if (pid == 0) {
		execlp("cc", "cc", "-g", "-O0", "-c", "-o", ko, c, (char *)NULL);
		_exit(127);
	}
	return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st);
}

/* --modules-dir: a module-only frame resolved to file:line through libdw. */
/* analyze/pick.c: the report to send (rows: guilty file, module, corrupted). */
static void set_reports(struct kbug_report *r, const char *const rows[][3], size_t n)
{
	struct json_object *an = json_object_new_object(), *reps = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++) {
		struct json_object *rep = json_object_new_object();

		kj_set_str(rep, "guilty_file", rows[i][0]);
		kj_set_str(rep, "guilty_module", rows[i][1]);
		kj_set_bool(rep, "corrupted", !!rows[i][2]);
		kj_append(reps, rep);
	}
	kj_set(an, "reports", reps);
	kbug_report_set(r, "analysis", an);
}

static void test_pick(void **state)
{
	static const char *const rows[][3] = {
		{ NULL, NULL, NULL },			/* 0: oldest, blames nothing */
		{ "drivers/b.c", NULL, "corrupted" },	/* 1: blames, corrupted */
		{ NULL, "foo", NULL },			/* 2: whole, blames a module */
		{ "drivers/d.c", NULL, NULL },		/* 3: newest, whole, blames */
	};
	static const char *const bad[][3] = {
		{ NULL, NULL, NULL },
		{ "drivers/a.c", NULL, "corrupted" },
		{ "drivers/b.c", NULL, "corrupted" },
	};
	static const char *const none[][3] = {
		{ NULL, NULL, "corrupted" },
		{ NULL, NULL, NULL },
	};
	static const char *const oom[][3] = {
		{ "mm/oom_kill.c", NULL, NULL },
		{ "kernel/sched/fair.c", NULL, "corrupted" },
	};
	struct kbug_analyze_pick p;
	struct kbug_report r;

	(void)state;
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_analyze_pick(&r, 0, &p), -ENOENT);
	assert_int_equal(p.index, -1);
	assert_int_equal(p.count, 0);
	set_reports(&r, rows, ARRAY_SIZE(rows));
	/* the first whole report that blames something */
	assert_int_equal(kbug_analyze_pick(&r, 0, &p), 0);
	assert_int_equal(p.index, 2);
	assert_int_equal(p.count, 4);
	assert_true(p.blames);
	assert_ptr_equal(kbug_analyze_report_at(&r, p.index),
			 json_object_array_get_idx(kj_path(r.root, "analysis.reports"), 2));
	/* --report N: the Nth newest, whatever it blames */
	assert_int_equal(kbug_analyze_pick(&r, 1, &p), 0);
	assert_int_equal(p.index, 3);
	assert_int_equal(kbug_analyze_pick(&r, 4, &p), 0);
	assert_int_equal(p.index, 0);
	assert_int_equal(kbug_analyze_pick(&r, 5, &p), -ERANGE);
	assert_int_equal(p.count, 4);
	assert_null(kbug_analyze_report_at(&r, 4));
	assert_null(kbug_analyze_report_at(&r, -1));
	/* only corrupted ones blame: the first of them */
	set_reports(&r, bad, ARRAY_SIZE(bad));
	assert_int_equal(kbug_analyze_pick(&r, 0, &p), 0);
	assert_int_equal(p.index, 1);
	assert_true(p.blames);
	/* none blames: the first */
	set_reports(&r, none, ARRAY_SIZE(none));
	assert_int_equal(kbug_analyze_pick(&r, 0, &p), 0);
	assert_int_equal(p.index, 0);
	assert_false(p.blames);
	/* an OOM kill first: the report after it; alone, itself */
	set_reports(&r, oom, ARRAY_SIZE(oom));
	kj_set_str(json_object_array_get_idx(kj_path(r.root, "analysis.reports"), 0), "kind", "OOM");
	assert_int_equal(kbug_analyze_pick(&r, 0, &p), 0);
	assert_int_equal(p.index, 1);
	set_reports(&r, oom, 1);
	kj_set_str(json_object_array_get_idx(kj_path(r.root, "analysis.reports"), 0), "kind", "OOM");
	assert_int_equal(kbug_analyze_pick(&r, 0, &p), 0);
	assert_int_equal(p.index, 0);
	assert_true(p.blames);
	kbug_report_release(&r);
}

static void test_debuginfo_module(void **state)
{
	static const char log[] =
		T "BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
		T "RIP: 0010:kbtest_helper+0xa/0x12 [kbtest]\n"
		T "Call Trace:\n"
		T " <TASK>\n"
		T " kbtest_crash+0x19/0x24 [kbtest]\n"
		T " do_syscall_64+0x4f/0x100\n"
		T " </TASK>\n";
	char dir[] = "/tmp/kbug-dwarf.XXXXXX", ko[256];
	struct kbug_analyze_opts o;
	struct json_object *res = NULL, *r, *frames;
	pid_t pid;
	int n, st;

	if (!mkdtemp(dir))
		fail_msg("mkdtemp");
	if (!build_module(dir, ko, sizeof(ko))) {
		skip();
		return;
	}
	kbug_analyze_opts_init(&o);
	o.modules_dir = dir;
	o.kernel_src = "";
	n = kbug_analyze_buffer(log, strlen(log), "test", &o, &res);
	assert_int_equal(n, 1);
	r = json_object_array_get_idx(kj_get(res, "reports"), 0);
	frames = kj_get(r, "frames");
	if (!kj_get_bool(json_object_array_get_idx(frames, 0), "from_debuginfo", false)) {
		json_object_put(res);
		skip();		/* no libdw.so.1 here */
		return;
	}
	assert_string_equal(kj_get_str(r, "guilty_file"), "drivers/misc/kbtest.c");
	r = json_object_array_get_idx(frames, 0);
	assert_string_equal(kj_get_str(r, "file"), "drivers/misc/kbtest.c");
	assert_int_equal(kj_get_int(r, "line", 0), 4);
	r = json_object_array_get_idx(frames, 1);
	assert_int_equal(kj_get_int(r, "line", 0), 10);	/* the call, not the return */
	json_object_put(res);
	pid = fork();
	if (pid == 0) {
		execlp("rm", "rm", "-rf", dir, (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &st, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_report_fields),
		cmocka_unit_test(test_taint_columns),
		cmocka_unit_test(test_transports),
		cmocka_unit_test(test_warn_message),
		cmocka_unit_test(test_no_report_and_other_daemons),
		cmocka_unit_test(test_interleaved),
		cmocka_unit_test(test_stream_many),
		cmocka_unit_test(test_report_replay),
		cmocka_unit_test(test_debuginfo_module),
		cmocka_unit_test(test_pick),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
