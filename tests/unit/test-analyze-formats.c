// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One synthetic log per report format of syzkaller's pkg/report/linux.go
 * (docs/syzkaller-formats.md), written from the printk format of linux
 * 6.12 that prints the header: the title kbug gives it, and whether the
 * report is flagged corrupted.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include <stdio.h>
#include <stdlib.h>
#include "analyze/analyze.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"

struct fcase {
	const char *name;
	const char *log;
	const char *title;
	bool corrupted;
};

#define T "[  100.000001] "
#define CPU T "CPU: 1 UID: 0 PID: 811 Comm: a.out Not tainted 6.12.0 #1\n"

static const struct fcase cases[] = {
	/* mm/kmsan/report.c: "BUG: KMSAN: %s in %pSr"; kmsan_handle_urb() */
	{ "KMSAN kernel-usb-infoleak",
	  T "BUG: KMSAN: kernel-usb-infoleak in usb_submit_urb+0x6ec/0x2030\n"
	  T " usb_submit_urb+0x6ec/0x2030\n"
	  T " usb_start_wait_urb+0x143/0x410\n"
	  T " usb_control_msg+0x3b6/0x6e0\n"
	  T " get_reg+0x9c/0x1d0\n"
	  T " pegasus_probe+0x6c4/0x1130\n"
	  T " usb_probe_interface+0xd08/0x1370\n"
	  T "\n"
	  T "Uninit was created at:\n"
	  T " slab_post_alloc_hook+0x12d/0xb60\n"
	  T " __kmalloc_noprof+0x659/0xf20\n"
	  T "\n" CPU,
	  "KMSAN: kernel-usb-infoleak in get_reg", false },
	/* kernel/sched/core.c __might_resched(): "BUG: sleeping function ... at %s:%d" */
	{ "sleeping function",
	  T "BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585\n"
	  T "in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: 811, name: a.out\n"
	  T "preempt_count: 1, expected: 0\n" CPU
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x5d/0x80\n"
	  T " __might_resched.cold+0xd9/0x10c\n"
	  T " __mutex_lock+0x4d/0x9a0\n"
	  T " snd_seq_ioctl_set_client_pool+0x4f/0x180\n"
	  T " snd_seq_ioctl+0x1f6/0x2c0\n"
	  T " __x64_sys_ioctl+0x94/0xd0\n"
	  T " </TASK>\n",
	  "BUG: sleeping function called from invalid context in snd_seq_ioctl_set_client_pool",
	  false },
	/* kernel/fork.c check_mm(): no stack, a fixed title */
	{ "rss-counter",
	  T "BUG: Bad rss-counter state mm:ffff888012345678 type:MM_ANONPAGES val:1 Comm:a.out Pid:812\n",
	  "BUG: Bad rss-counter state", false },
	/* net/core/dev.c netdev_wait_allrefs_any(): the device's name dropped */
	{ "unregister_netdevice",
	  T "unregister_netdevice: waiting for veth0 to become free. Usage count = 2\n",
	  "unregister_netdevice: waiting for DEV to become free", false },
	/* kernel/exit.c do_exit() -> panic("Attempted to kill init! exitcode=0x%08x\n") */
	{ "kill init",
	  T "Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b\n" CPU
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x5d/0x80\n"
	  T " panic+0x118/0x2f0\n"
	  T " do_exit.cold+0x15/0x15\n"
	  T " </TASK>\n",
	  "kernel panic: Attempted to kill init!", false },
	/* arch/x86/kernel/dumpstack.c __die_header(): "Oops: %s: %04lx [#%d]" */
	{ "divide error",
	  T "Oops: divide error: 0000 [#1] PREEMPT SMP NOPTI\n" CPU
	  T "RIP: 0010:fb_var_to_videomode+0x11c/0x1d0\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " fb_set_var+0x1a0/0x4a0\n"
	  T " do_fb_ioctl+0x2e0/0x470\n"
	  T " </TASK>\n",
	  "divide error in fb_var_to_videomode", false },
	/* kernel/hung_task.c check_hung_task(): the first frame past the scheduler */
	{ "task hung",
	  T "INFO: task a.out:812 blocked for more than 122 seconds.\n"
	  T "      Not tainted 6.12.0 #1\n"
	  T "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.\n"
	  T "task:a.out           state:D stack:0     pid:812   tgid:812   ppid:1      flags:0x00004006\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " __schedule+0x3ee/0xb20\n"
	  T " schedule+0x27/0xf0\n"
	  T " schedule_preempt_disabled+0x15/0x30\n"
	  T " __mutex_lock.constprop.0+0x3d0/0x6d0\n"
	  T " tty_release+0x5a/0x5d0\n"
	  T " __fput+0xea/0x2d0\n"
	  T " </TASK>\n",
	  "INFO: task hung in tty_release", false },
	/* lib/list_debug.c: BUG() in a list check, titled "corrupted list" */
	{ "list_debug BUG",
	  T "kernel BUG at lib/list_debug.c:62!\n"
	  T "Oops: invalid opcode: 0000 [#1] PREEMPT SMP\n" CPU
	  T "RIP: 0010:__list_del_entry_valid_or_report.cold+0x6b/0x6b\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " nfc_llcp_unregister_device+0x3a/0x1a0\n"
	  T " nfc_unregister_device+0x1a2/0x2a0\n"
	  T " </TASK>\n",
	  "BUG: corrupted list in nfc_llcp_unregister_device", false },
	/* mm/usercopy.c usercopy_abort(): BUG(), the checkers skipped */
	{ "usercopy BUG",
	  T "kernel BUG at mm/usercopy.c:102!\n"
	  T "Oops: invalid opcode: 0000 [#1] PREEMPT SMP\n" CPU
	  T "RIP: 0010:usercopy_abort+0xbd/0xbf\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " __check_heap_object+0x130/0x150\n"
	  T " __check_object_size+0x1bc/0x2a0\n"
	  T " sctp_getsockopt+0x1a2/0x2a0\n"
	  T " </TASK>\n",
	  "BUG: bad usercopy in sctp_getsockopt", false },
	/* arch/x86/kernel/traps.c exc_general_protection(): the RIP frame */
	{ "general protection fault",
	  T "Oops: general protection fault, probably for non-canonical address "
	  "0xdffffc0000000002: 0000 [#1] PREEMPT SMP KASAN\n" CPU
	  T "RIP: 0010:hci_conn_del+0x3a/0x9a0\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " hci_conn_failed+0x1a2/0x2a0\n"
	  T " </TASK>\n",
	  "general protection fault in hci_conn_del", false },
	/* kernel/locking/lockdep.c register_lock_class(): the locking frames skipped */
	{ "non-static key",
	  T "INFO: trying to register non-static key.\n"
	  T "The code is fine but needs lockdep annotation, or maybe\n" CPU
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x5d/0x80\n"
	  T " register_lock_class+0x1a2/0x2a0\n"
	  T " __lock_acquire+0x1a2/0x2a0\n"
	  T " lock_acquire+0x1a2/0x2a0\n"
	  T " _raw_spin_lock_irqsave+0x1a2/0x2a0\n"
	  T " __wake_up+0x1a2/0x2a0\n"
	  T " hci_sock_release+0x1a2/0x2a0\n"
	  T " </TASK>\n",
	  "INFO: trying to register non-static key in hci_sock_release", false },
	/* mm/kmemleak.c print_unreferenced(): the allocators skipped */
	{ "memory leak",
	  "BUG: memory leak\n"
	  "unreferenced object 0xffff888109e5d800 (size 512):\n"
	  "  comm \"a.out\", pid 812, jiffies 4294941234\n"
	  "  backtrace (crc 0):\n"
	  "    kmemleak_alloc+0x1a2/0x2a0\n"
	  "    __kmalloc_noprof+0x1a2/0x2a0\n"
	  "    tcindex_set_parms+0x1a2/0x2a0\n"
	  "    tcindex_change+0x1a2/0x2a0\n",
	  "memory leak in tcindex_set_parms", false },
	/* kernel/kcsan/report.c: both racing functions in the header, no stack needed */
	{ "KCSAN",
	  T "BUG: KCSAN: data-race in generic_fillattr / shmem_mknod\n"
	  T "\n"
	  T "write to 0xffff8881 of 8 bytes by task 1 on cpu 0:\n"
	  T " shmem_mknod+0x1a2/0x2a0\n",
	  "KCSAN: data-race in generic_fillattr / shmem_mknod", false },
	/* a header cut right after its tag: syzkaller's "WARNING: corrupted" */
	/*
	 * arch/mips/mm/fault.c's "CPU %d Unable to handle kernel paging request
	 * at virtual address %0*lx, epc == %0*lx, ra == %0*lx", die("Oops");
	 * kernel/traps.c __show_regs()'s "epc   : %0*lx %pS", show_stacktrace()
	 */
	{ "mips paging request",
	  T "CPU 0 Unable to handle kernel paging request at virtual address 00000000, "
	  "epc == 826f598c, ra == 826f598c\n"
	  T "Oops[#1]:\n" CPU
	  T "epc   : 826f598c ovs_vport_send+0x430/0x868 [openvswitch]\n"
	  T "ra    : 826f598c ovs_vport_send+0x430/0x868 [openvswitch]\n"
	  T "Call Trace:\n"
	  T "[<826f598c>] ovs_vport_send+0x430/0x868 [openvswitch]\n"
	  T "[<826e3a70>] do_execute_actions+0x8c/0x1a0 [openvswitch]\n"
	  T "[<826e4b10>] ovs_execute_actions+0x4c/0x130 [openvswitch]\n",
	  "BUG: unable to handle kernel paging request in ovs_vport_send", false },
	/* a paste wrapped at 72 columns: the lines without a stamp are the rest */
	{ "a wrapped paste",
	  T "BUG: unable to handle kernel NULL pointer\n"
	  "dereference at 0000000000000008\n"
	  T "IP: [<ffffffffc0a1b2c3>] ath10k_htt_rx_pop_paddr+0x1a/0x80\n"
	  "[ath10k_core]\n"
	  T "Oops: 0000 [#1] SMP\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* the journal's prefix, no printk stamp: the clock marks a line's start */
	{ "a wrapped journal",
	  "Nov 13 08:58:21 fedora kernel: BUG: unable to handle kernel NULL pointer\n"
	  "dereference at 0000000000000008\n"
	  "Nov 13 08:58:21 fedora kernel: RIP: 0010:ath10k_htt_rx_pop_paddr+0x1a/0x80\n"
	  "[ath10k_core]\n"
	  "Nov 13 08:58:21 fedora kernel: Oops: 0000 [#1] SMP\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* a terminal's wrap at 80 columns, mid-word: the pieces join without a blank */
	{ "a hard-wrapped journal",
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: ath10k_pci 0000:3a:00.0: qca6\n"
	  "174 hw3.2 target 0x05030000 chip_id 0x00340aff sub 1a56:1535\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: BUG: kernel NULL pointer dere\n"
	  "ference, address: 0000000000000008\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: Oops: 0000 [#1] PREEMPT SMP N\n"
	  "OPTI\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: RIP: 0010:ath10k_htt_rx_pop_p\n"
	  "addr+0x1a/0x80 [ath10k_core]\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* the same, cut right before a blank: the rest starts with it */
	{ "a hard-wrapped journal, a piece starting at a blank",
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen10 kernel: ath10k_pci 0000:3a:00.0: qca\n"
	  "6174 hw3.2 target 0x05030000 chip_id 0x00340aff sub 1a56:1535\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen10 kernel: BUG: unable to handle kernel\n"
	  " NULL pointer dereference at 0000000000000008\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen10 kernel: RIP: 0010:ath10k_htt_rx_pop_\n"
	  "paddr+0x1a/0x80 [ath10k_core]\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* a markdown code block: the indent is before every piece, the rest's too */
	{ "a wrapped paste, indented",
	  "    [    5.100000] ath10k_pci 0000:3a:00.0: qca6174 hw3.2 target\n"
	  "    0x05030000\n"
	  "    [    5.200000] BUG: unable to handle kernel NULL pointer\n"
	  "    dereference at 0000000000000008\n"
	  "    [    5.200001] IP: [<ffffffffc0a1b2c3>] ath10k_htt_rx_pop_paddr+0x1a/0x80\n"
	  "    [ath10k_core]\n"
	  "    [    5.200002] Oops: 0000 [#1] SMP\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* a mail quoting a paste indented by a tab: the quote first, then the indent */
	{ "a quoted paste, indented by a tab",
	  "> \tnand: device found, Manufacturer ID: 0x01, Chip ID: 0xdc\n"
	  "> \tUnable to handle kernel NULL pointer dereference at virtual address 00000000\n"
	  "> \tPC is at ath10k_htt_rx_pop_paddr+0x1a/0x80 [ath10k_core]\n"
	  "> \tLR is at ath10k_htt_rx_pop_paddr+0x10/0x80 [ath10k_core]\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* kmsg's records (/dev/kmsg, "dmesg -r"), mail-quoted */
	{ "quoted kmsg records",
	  "> 4,622,406528882,-;BUG: unable to handle kernel NULL pointer dereference at 0000000000000008\n"
	  "> 4,623,406528899,-;IP: [<ffffffffc0a1b2c3>] ath10k_htt_rx_pop_paddr+0x1a/0x80 [ath10k_core]\n"
	  "> 4,624,406528916,-;Oops: 0000 [#1] SMP\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* the same from a CRLF file: the CR is no part of a piece's width */
	{ "a hard-wrapped journal with CRLF",
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: ath10k_pci 0000:3a:00.0: qca6\r\n"
	  "174 hw3.2 target 0x05030000 chip_id 0x00340aff sub 1a56:1535\r\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: BUG: kernel NULL pointer dere\r\n"
	  "ference, address: 0000000000000008\r\n"
	  "Nov 13 08:58:21 my-thinkpad-x1-carbon-gen9 kernel: RIP: 0010:ath10k_htt_rx_pop_p\r\n"
	  "addr+0x1a/0x80 [ath10k_core]\r\n",
	  "BUG: unable to handle kernel NULL pointer dereference in ath10k_htt_rx_pop_paddr",
	  true },
	/* dmesg -x's facility and level open each line; a word too long moved whole */
	{ "a wrapped dmesg -x",
	  "kern  :info  : [ 5.100000] ath10k_pci 0000:3a:00.0: qca6174 hw3.2 target\n"
	  "0x05030000\n"
	  "kern  :crit  : [ 5.200000] kernel BUG at\n"
	  "/home/builder/rpmbuild/BUILD/kernel-6.1.9/linux-6.1.9/fs/ext4/inode.c:\n"
	  "1234!\n"
	  "kern  :warn  : [ 5.200001] invalid opcode: 0000 [#1] PREEMPT SMP NOPTI\n"
	  "kern  :warn  : [ 5.200002] RIP: 0010:ext4_writepages+0x1a/0x80\n",
	  "kernel BUG in ext4_writepages", true },
	/* arch/mips/kernel/traps.c do_trap_or_bp(): die_if_kernel("Kernel bug detected") */
	{ "mips BUG",
	  T "Kernel bug detected[#1]:\n" CPU
	  T "epc   : 801e388c skb_panic+0x58/0x5c\n"
	  T "Call Trace:\n"
	  T "[<801e388c>] skb_panic+0x58/0x5c\n"
	  T "[<801e3a70>] skb_put+0x4c/0x50\n"
	  T "[<8701a5c4>] mt76_dma_rx_poll+0x1f4/0x3a0 [mt76]\n",
	  "kernel BUG in mt76_dma_rx_poll", false },
	/* do_be(): a bus error's line, then die("Oops"): one report */
	{ "mips bus error",
	  T "Data bus error, epc == 80347d38, ra == 835a27b4\n" T "Oops[#1]:\n" CPU
	  T "epc   : 80347d38 ioread32+0x8/0x10\n"
	  T "ra    : 835a27b4 ath9k_hw_init+0x94/0x2a0 [ath9k_hw]\n"
	  T "Call Trace:\n"
	  T "[<80347d38>] ioread32+0x8/0x10\n"
	  T "[<835a27b4>] ath9k_hw_init+0x94/0x2a0 [ath9k_hw]\n"
	  T "[<8361c0a4>] ath9k_init_device+0x2a4/0x7d0 [ath9k]\n",
	  "Oops in ioread32", false },
	{ "bare WARNING", T "WARNING:\n" CPU, "WARNING: corrupted", true },
};

static void test_formats(void **state)
{
	size_t i;
	int bad = 0;

	(void)state;
	kbug_log_level = -1;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct fcase *c = &cases[i];
		struct kbug_analyze_opts o;
		struct json_object *res = NULL, *r;
		const char *title;
		int n;

		kbug_analyze_opts_init(&o);
		o.debuginfo = false;
		o.kernel_src = "";
		n = kbug_analyze_buffer(c->log, strlen(c->log), "test", &o, &res);
		assert_non_null(res);
		r = json_object_array_get_idx(kj_get(res, "reports"), 0);
		title = r ? kj_get_str(r, "title") : NULL;
		if (n != 1 || !title || strcmp(title, c->title)) {
			print_error("%s: want 1 report '%s', got %d '%s'\n", c->name, c->title, n,
				    title ? title : "(null)");
			bad++;
		} else if (kj_get_bool(r, "corrupted", false) != c->corrupted) {
			print_error("%s: corrupted should be %d\n", c->name, c->corrupted);
			bad++;
		}
		json_object_put(res);
	}
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
