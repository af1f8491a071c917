// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What users paste: the log-line prefixes of every transport (dmesg -T,
 * journalctl's forms, syslog RFC 3164/5424, logread, paste tools, mail
 * quotes, pastebin line numbers), partial excerpts (a WARNING that stops
 * after its header, a wrapped header, a paste that starts after the
 * header) and the newer report kinds (Rust panics, KFENCE, int3, stack
 * overflows, panic lines with details, page_owner). The lines follow
 * the kernel's own formats (lib/bug.c __warn(), mm/kfence/report.c,
 * arch/x86/kernel/traps.c, rust/kernel/lib.rs, mm/page_owner.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/internal.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

struct pcase {
	const char *raw;
	const char *text;	/* what is left: the kernel's message; NULL: skipped */
};

static const struct pcase prefixes[] = {
	{ "[   12.345678] usb 1-2: new device", "usb 1-2: new device" },
	{ "[   12.345678]  dump_stack_lvl+0x47/0x60", " dump_stack_lvl+0x47/0x60" },
	{ "[Mon Dec  4 10:11:12 2023] WARNING: x", "WARNING: x" },
	{ "[Mon Jun 24 16:30:41 2024]  ? report_bug+0x17e/0x1b0", " ? report_bug+0x17e/0x1b0" },
	{ "Dec 04 10:11:12 host kernel: WARNING: x", "WARNING: x" },
	{ "Dec  4 10:11:12 host kernel: [  1.23] WARNING: x", "WARNING: x" },
	{ "Dec 04 10:11:12.123456 host kernel: WARNING: x", "WARNING: x" },
	{ "2023-12-04T10:11:12+0100 host kernel: WARNING: x", "WARNING: x" },
	{ "2023-12-04T10:11:12.123456+01:00 host kernel: WARNING: x", "WARNING: x" },
	{ "[    1.234567] host kernel: WARNING: x", "WARNING: x" },
	{ "juin 09 12:02:53 bestosprec kernel: RIP: 0010:tb_cfg_read+0xb7/0x100 [thunderbolt]",
	  "RIP: 0010:tb_cfg_read+0xb7/0x100 [thunderbolt]" },
	{ "\tOct 18 01:52:15 sysrescue kernel: WARNING: x", "WARNING: x" },
	/* a host name a paste redacted, the facility before the tag */
	{ "Apr 14 06:31:09 <redacted> kernel: WARNING: x", "WARNING: x" },
	{ "Dec  4 10:11:12 host kern.warn kernel: WARNING: x", "WARNING: x" },
	/* a CJK locale's month (journalctl's %b in ja_JP, zh_CN, ko_KR) */
	{ "12\xe6\x9c\x88 05 10:11:12 host kernel: WARNING: x", "WARNING: x" },
	{ "12\xec\x9b\x94  5 10:11:12 host kernel: WARNING: x", "WARNING: x" },
	{ "5 10:11:12 host kernel: WARNING: no month",
	  "5 10:11:12 host kernel: WARNING: no month" },
	{ "<4>Dec  4 10:11:12 host kernel: WARNING: x", "WARNING: x" },
	{ "<4>1 2023-12-04T10:11:12.003Z host kernel - - - WARNING: x", "WARNING: x" },
	{ "<4>1 2023-12-04T10:11:12Z host kernel - - [meta seq=\"1\"] WARNING: x", "WARNING: x" },
	{ "<30>1 2023-12-04T10:11:12Z host systemd 1 - - BUG: not the kernel", NULL },
	{ "Dec  3 06:35:17 thinkpad systemd[1]: BUG: not a kernel line", NULL },
	{ "Tue May  7 20:47:55 2024 kern.warn kernel: [  228.801621] WARNING: x", "WARNING: x" },
	{ "[2022-02-17 20:07:24] [ 9299.340449] Call Trace:", "Call Trace:" },
	{ "<4> [318.290703] WARNING: x", "WARNING: x" },
	{ "    [ 2690.849721] WARNING: x", "WARNING: x" },
	{ "> [   12.345678] WARNING: x", "WARNING: x" },
	{ "> > [   12.345678] WARNING: x", "WARNING: x" },
	{ ">  dump_stack_lvl+0x47/0x60", " dump_stack_lvl+0x47/0x60" },
	{ "  12 | [   12.345678] WARNING: x", "WARNING: x" },
	{ "12\t[   12.345678] WARNING: x", "WARNING: x" },
	/* grep -n's line numbers (context lines "-"), cat -n's with its tab made blanks */
	{ "1261929:Apr 13 18:52:32 ifserv kernel: BUG: x", "BUG: x" },
	{ "1262024-Apr 13 18:52:32 ifserv kernel: IP: x", "IP: x" },
	{ "     1846 Jan 21 19:36:25 p54-1 kernel: [19888.292883] WARNING: x", "WARNING: x" },
	{ "2663 [   94.901485] [<ffffff99b8c7e98c>] f+0x15c/0x1b0",
	  "[<ffffff99b8c7e98c>] f+0x15c/0x1b0" },
	{ "  2 [   18.776261] Modules linked in: x", "Modules linked in: x" },
	/* a number that a kernel line says first stays */
	{ "3 callbacks suppressed", "3 callbacks suppressed" },
	{ "`INFO: task kworker/u66:0:70 blocked", "INFO: task kworker/u66:0:70 blocked" },
	{ "[   12.345678] WARNING: x\r", "WARNING: x" },
	{ "00000000: 41 41 41 41", "00000000: 41 41 41 41" },
	{ "Modules linked in: e1000", "Modules linked in: e1000" },
	/* dmesg -T in German: two-letter weekdays */
	{ "[Fr Aug 26 22:01:01 2022] ata2.00: exception Emask 0x10",
	  "ata2.00: exception Emask 0x10" },
	/* svlogd/socklog: an ISO date, then facility.level */
	{ "2025-01-11T14:18:39.91660 kern.err: [  621.892001] ACPI Error: x", "ACPI Error: x" },
	/* dmesg -H: the minute where it changes, then the time since the line before */
	{ "[Apr25 06:33] ------------[ cut here ]------------",
	  "------------[ cut here ]------------" },
	{ "[  +0.000013] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2",
	  "WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2" },
	/* a daemon that writes the stamp right after "kernel:" */
	{ "2022-11-04T14:09:31 server kernel:[75215.928881] NETDEV WATCHDOG: eth1 (r8152): x",
	  "NETDEV WATCHDOG: eth1 (r8152): x" },
	/* printk.time=0 with CONFIG_PRINTK_CALLER: the caller id alone */
	{ "[ T2833] kernel BUG at fs/btrfs/extent_io.c:2497!",
	  "kernel BUG at fs/btrfs/extent_io.c:2497!" },
	/* a clock alone, before the kernel's tag or its text */
	{ "22:39:31 kernel: i915 0000:00:02.0: GPU HANG", "i915 0000:00:02.0: GPU HANG" },
	{ "22:39:31 something else", "something else" },
	{ "22:39 something else", "22:39 something else" },
	/* ISO 8601's time half (a paste cut the date), also only before the tag */
	{ "T21:14:05.544023-04:00 host-E6410 kernel: nouveau 0000:01:00.0: gr: x",
	  "nouveau 0000:01:00.0: gr: x" },
	{ "T21:14:05Z host kernel: WARNING: x", "WARNING: x" },
	{ "T21:14:05 something else", "T21:14:05 something else" },
	/* a paste cut inside the prefix: the host's tag, printk's stamp without "[" */
	{ "vmhost kernel: e1000e 0000:00:1f.6 eth0: x", "e1000e 0000:00:1f.6 eth0: x" },
	{ "usb 1-1: new high-speed USB device", "usb 1-1: new high-speed USB device" },
	{ "0.277424] ACPI BIOS Error (bug): x", "ACPI BIOS Error (bug): x" },
	{ "12.5] not a stamp", "12.5] not a stamp" },
	/* a terminal's clock or a parallel shell's host before printk's stamp */
	{ "16:56:35 [ 82.646346] Unable to handle x", "Unable to handle x" },
	{ "b1360: [14280.445220] mlx5_core 0000:61:00.0: x", "mlx5_core 0000:61:00.0: x" },
	{ "b1360: no stamp", "b1360: no stamp" },
	{ "[  +0,007594] uvcvideo: Failed to query", "uvcvideo: Failed to query" },
	{ "[\xe4\xb8\x89 9\xe6\x9c\x88  6 11:00:27 2017] [drm] GPU HANG: ecode 9",
	  "[drm] GPU HANG: ecode 9" },
	{ "kernel: CPU0: Core temperature high", "CPU0: Core temperature high" },
	/* RFC 3164 without a tag: the host is still there */
	{ "Feb  6 15:43:23 puma usb 4-1: device descriptor read/64, error -71",
	  "usb 4-1: device descriptor read/64, error -71" },
	/* a month needs three letters: "at 12 ..." starts no date */
	{ "at 12 10:11:12 x", "at 12 10:11:12 x" },
	/* a stamp the poster blanked out; an editor's line numbers before one */
	{ "[xxxxxx] e1000e 0000:00:1f.6 eno1: Reset adapter",
	  "e1000e 0000:00:1f.6 eno1: Reset adapter" },
	{ "[xx] too short", "[xx] too short" },
	{ "2663 [   94.901485] [<ffffff99b8c7e98c>] f+0x1/0x2", "[<ffffff99b8c7e98c>] f+0x1/0x2" },
	{ "2663 frames", "2663 frames" },
	/* a capture tool's line number and clock, a serial terminal's clock */
	{ " 2714 07:17:30.679197  <4>[    3.879243] xhci_hcd 0000:04:00.3: x",
	  "xhci_hcd 0000:04:00.3: x" },
	{ "[22:22:59:896] [    0.632863] Oops[#1]:\xe2\x90\x8d\xe2\x90\x8a", "Oops[#1]:" },
	{ "[22:22:59:896] Oops without a stamp", "[22:22:59:896] Oops without a stamp" },
	{ "2714 07:17:30.679197 ops [ 1.2] x", "2714 07:17:30.679197 ops [ 1.2] x" },
	/* a console tool's stamp without brackets; a terminal's clock alone */
	{ "    76.576553 WARNING: at lib/kref.c:34 kref_get+0x40/0x48()",
	  "WARNING: at lib/kref.c:34 kref_get+0x40/0x48()" },
	{ "1.5 MB freed", "1.5 MB freed" },
	{ "16:35:14  xhci_hcd 0000:13:00.0: PM: failed to suspend: error -16",
	  "xhci_hcd 0000:13:00.0: PM: failed to suspend: error -16" },
	/* syslogd's broadcast of an emergency; a log viewer's date, day first */
	{ " kernel:thermal thermal_zone0: gpu-thermal: critical temperature reached",
	  "thermal thermal_zone0: gpu-thermal: critical temperature reached" },
	{ "05/09/2024 11:14:19 UBSAN: array-index-out-of-bounds in x.c:1:2",
	  "UBSAN: array-index-out-of-bounds in x.c:1:2" },
	/* another program relaying the kernel's console: printk's stamp right after its tag */
	{ "Jan 27 16:33:09 HOST com.docker.backend[56957]: [  956.812853] kernel BUG at x.c:4!",
	  "kernel BUG at x.c:4!" },
	{ "Jan 27 16:33:09 HOST docker[56957]: said [  956.812853] kernel BUG at x.c:4!", NULL },
	/* a wrapper of numbers and clocks no rule knows before a stamp; not words */
	{ "0007 12:00:01.5 - [  12.345678] WARNING: x", "WARNING: x" },
	{ "it said [  12.345678] WARNING: x", "it said [  12.345678] WARNING: x" },
	/* a syslog daemon's empty field after the tag */
	{ "Feb 14 10:53:28 host1 kernel: : mpt2sas0: fault_state(0x5841)!",
	  "mpt2sas0: fault_state(0x5841)!" },
	{ ": not after a prefix", ": not after a prefix" },
	/* the level alone, where dmesg -x's facility would be */
	{ "err: i2c_hid i2c-ELAN0501:00: error in i2c_hid_init_report",
	  "i2c_hid i2c-ELAN0501:00: error in i2c_hid_init_report" },
	{ "errors: 3 found", "errors: 3 found" },
	/* Python logging's record (anaconda): the message right after "kernel:" */
	{ "00:00:48,559 ERR kernel:BUG: sleeping function called from invalid context",
	  "BUG: sleeping function called from invalid context" },
	/* a collector's level between the host and the tag, blanks aligning it */
	{ "2025-05-20T15:45:55.301+00:00 db-node-2afdb7b6-0-1      !ERR | kernel: INFO: task x",
	  "INFO: task x" },
	/* vendor trees' CPU in the stamp or after it, HiSilicon's task context */
	{ "[86735.021206,1] kernel BUG at mm/vmscan.c:1277!", "kernel BUG at mm/vmscan.c:1277!" },
	{ "Feb 25 20:33:54 fritz kern.warn kernel: [  183.060000][0]WARNING: at x.c:1 f()",
	  "WARNING: at x.c:1 f()" },
	{ "[  188.476102] [pid:10974,cpu1,grep] panic+0x240/0x3d8", "panic+0x240/0x3d8" },
	{ "[  188.476102] [pid:10974 cpu1] not a context", "[pid:10974 cpu1] not a context" },
	/* a collector's bracketed clock and fields (Docker Desktop, a Cray node's console) */
	{ "[16:39:53.644][Moby           ][Info   ] WARNING: CPU: 1 PID: 321 at x.c:1 f+0x1/0x2",
	  "WARNING: CPU: 1 PID: 321 at x.c:1 f+0x1/0x2" },
	{ "[16:21:28][c0-0c0s15n2]kernel BUG at fs/dcache.c:1010!",
	  "kernel BUG at fs/dcache.c:1010!" },
	{ "[16:21:28] no fields", "[16:21:28] no fields" },
	/* a host name a paste redacted, glued to the tag */
	{ "Jul 12 10:32:19.801048 [REDACTED]kernel: WARNING: CPU: 1 PID: 12647 at x.c:25 f",
	  "WARNING: CPU: 1 PID: 12647 at x.c:25 f" },
	/* a unified diff of two logs */
	{ "-[    5.002008] Goodix-TS 7-0014: i2c test failed attempt 1: -6",
	  "Goodix-TS 7-0014: i2c test failed attempt 1: -6" },
	{ "+[    4.721578] Goodix-TS 7-0014: ID 911, version: 1060",
	  "Goodix-TS 7-0014: ID 911, version: 1060" },
	{ "-[ not a stamp", "-[ not a stamp" },
};

struct lcase {
	const char *raw;
	int level;
};

static const struct lcase levels[] = {
	{ "<3>[   12.345678] iwlwifi 0000:00:14.3: x", 3 },
	{ "<12>Dec  4 10:11:12 host kernel: x", 4 },
	{ "kern  :err   : [   12.3] x", 3 },
	{ "kern  :info  : [   12.3] x", 6 },
	{ "err: i2c_hid i2c-ELAN0501:00: x", 3 },
	{ "6,123,456789,-,caller=T42;x", 6 },
	{ "[   12.345678] x", -1 },
};

/* printk's level, where the log kept it: KERN_ERR is 3, unknown -1 */
static void test_levels(void **state)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(levels); i++) {
		struct kb_input in = { 0 };
		struct kb_line l;

		kb_input_clean(&in, levels[i].raw, strlen(levels[i].raw), &l);
		if (l.level != levels[i].level) {
			print_error("'%s': want level %d, got %d\n", levels[i].raw,
				    levels[i].level, l.level);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* A paste indented as a whole: its indent goes, the kernel's own stays */
static void test_indent(void **state)
{
	static const char *const raw[] = {
		"    xhci_hcd 0000:01:00.0: Ring expansion failed",
		"     ? ring_alloc+0x1/0x2",
		"",
		"\tx",
		"  y",
		"    z",
	};
	/* a tab is as deep as 8 blanks: 4 of them are the paste's */
	static const char *const want[] = {
		"xhci_hcd 0000:01:00.0: Ring expansion failed", " ? ring_alloc+0x1/0x2", "",
		"x", "  y", "    z",
	};
	/* a mail archive's paste, a tab before every line */
	static const char *const tabbed[] = {
		"\tInternal error: Oops: 5 [#1] PREEMPT ARM",
		"\tPC is at nand_ecc_sw_hamming_correct+0x18/0x3c",
		"\t ? ring_alloc+0x1/0x2",
		"\t\tx",
		"      y",
	};
	static const char *const tabbed_want[] = {
		"Internal error: Oops: 5 [#1] PREEMPT ARM",
		"PC is at nand_ecc_sw_hamming_correct+0x18/0x3c",
		" ? ring_alloc+0x1/0x2", "\tx", "y",
	};
	struct kb_input in = { 0 }, tin = { 0 };
	size_t i;
	int bad = 0;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(raw); i++) {
		struct kb_line l;

		kb_input_clean(&in, raw[i], strlen(raw[i]), &l);
		if (l.len != strlen(want[i]) || memcmp(l.text, want[i], l.len)) {
			print_error("line %zu: want '%s', got '%.*s'\n", i, want[i], (int)l.len,
				    l.text);
			bad++;
		}
	}
	for (i = 0; i < ARRAY_SIZE(tabbed); i++) {
		struct kb_line l;

		kb_input_clean(&tin, tabbed[i], strlen(tabbed[i]), &l);
		if (l.len != strlen(tabbed_want[i]) || memcmp(l.text, tabbed_want[i], l.len)) {
			print_error("tabbed line %zu: want '%s', got '%.*s'\n", i,
				    tabbed_want[i], (int)l.len, l.text);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

static void test_prefixes(void **state)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
		struct kb_input in = { 0 };
		struct kb_line l;
		const struct pcase *c = &prefixes[i];

		kb_input_clean(&in, c->raw, strlen(c->raw), &l);
		if (!c->text) {
			if (!l.skip) {
				print_error("'%s': should be skipped\n", c->raw);
				bad++;
			}
			continue;
		}
		if (l.skip || l.len != strlen(c->text) || memcmp(l.text, c->text, l.len)) {
			print_error("'%s': want '%s', got '%.*s'%s\n", c->raw, c->text, (int)l.len,
				    l.text, l.skip ? " (skipped)" : "");
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

struct kcase {
	const char *name;
	const char *log;
	const char *title;
	bool corrupted;
	const char *module;	/* NULL: not checked */
};

#define T "[  123.456789] "

static const struct kcase kinds[] = {
	{ "WARNING excerpt that stops",
	  "WARNING: CPU: 1 PID: 0 at fs/ext4/page-io.c:234 ext4_put_io_end_defer+0xf0/0x120\n",
	  "WARNING in ext4_put_io_end_defer", false, NULL },
	{ "WARNING header wrapped after FILE:LINE",
	  T "WARNING: CPU: 3 PID: 981 at drivers/thunderbolt/nhi.c:111\n"
	  "ring_interrupt_active+0x1d5/0x240 [thunderbolt]\n",
	  "WARNING in ring_interrupt_active", false, "thunderbolt" },
	{ "WARNING with no file, a module",
	  "------------[ cut here ]------------\n"
	  "WARNING: CPU: 1 PID: 3031 at iwl_pci_probe+0x553/0x5c0 [iwlwifi]\n"
	  "Modules linked in: iwlwifi(+) snd_hda_core\n",
	  "WARNING in iwl_pci_probe", false, "iwlwifi" },
	{ "WARNING with its middle shortened",
	  T "WARNING: ... iwl_mvm_unref+0xb0/0xc0 [iwlmvm]()\n",
	  "WARNING in iwl_mvm_unref", false, "iwlmvm" },
	{ "WARNING whose trace began and was lost",
	  T "WARNING: CPU: 0 PID: 8775 at net/ipv6/xfrm6_tunnel.c:345 xfrm6_tunnel_net_exit+0x84/0x104\n"
	  T "Kernel panic - not syncing: panic_on_warn set ...\n"
	  T "Call Trace:\n"
	  T " dump_stack+0xa0/0xc0\n"
	  T " panic+0x104/0x2cc\n",
	  "WARNING in corrupted", true, NULL },
	{ "KFENCE names the access stack",
	  T "==================================================================\n"
	  T "BUG: KFENCE: use-after-free read in memcmp+0x57/0x150\n"
	  T "\n"
	  T "Use-after-free read at 0xffff88823bc8cf68 (in kfence-#69):\n"
	  T " memcmp+0x57/0x150\n"
	  T " bfq_exit_icq_bfqq+0x26/0x130\n"
	  T " bfq_exit_icq+0x41e/0x6f0\n"
	  T " ioc_destroy_icq+0x98/0x130\n"
	  T " put_io_context_active+0x2ee/0x380\n"
	  T "\n"
	  T "RIP: 0010:memcmp+0x57/0x150\n"
	  T "Call Trace:\n"
	  T " bfq_exit_icq+0x41e/0x6f0\n"
	  T " ioc_destroy_icq+0x98/0x130\n"
	  T " put_io_context_active+0x2ee/0x380\n"
	  T " do_exit+0x1/0x2\n"
	  T "==================================================================\n",
	  "KFENCE: use-after-free read in bfq_exit_icq_bfqq", false, NULL },
	{ "int3",
	  "<4>[ 1130.117922] int3: 0000 [#1] PREEMPT SMP PTI\n"
	  "<4>[ 1130.118132] CPU: 0 PID: 32748 Comm: cpuset_inherit_ Not tainted 6.3.4-rc2 #1\n"
	  "<4>[ 1130.118320] RIP: 0010:cpuset_write_resmask+0xeb/0x340\n"
	  "<4>[ 1130.118400] Call Trace:\n"
	  "<4>[ 1130.118410]  cgroup_file_write+0x90/0x1a0\n"
	  "<4>[ 1130.118420]  kernfs_fop_write_iter+0x13c/0x1d0\n"
	  "<4>[ 1130.118430]  vfs_write+0x2a9/0x3a0\n"
	  "<4>[ 1130.118440]  ksys_write+0x6b/0xe0\n",
	  "int3 in cpuset_write_resmask", false, NULL },
	{ "Oops: int3",
	  T "Oops: int3: 0000 [#1] SMP PTI\n"
	  T "RIP: 0010:xaddw_ax_dx+0x9/0x10\n"
	  T "Call Trace:\n"
	  T " x86_emulate_insn+0x1a0/0x1050 [kvm]\n"
	  T " x86_emulate_instruction+0x2b4/0x6e0 [kvm]\n"
	  T " kvm_arch_vcpu_ioctl_run+0x1f0/0x630 [kvm]\n"
	  T " kvm_vcpu_ioctl+0x204/0x5f0 [kvm]\n",
	  "int3 in xaddw_ax_dx", false, NULL },
	{ "Rust panic, v0 symbols",
	  "[   23.717039][  T298] rust_kernel: panicked at drivers/android/binder/node.rs:877:13:\n"
	  "[   23.717039][  T298] attempt to subtract with overflow\n"
	  "[   23.771620][  T298] kernel BUG at rust/helpers/bug.c:7!\n"
	  "[   23.772028][  T298] Oops: invalid opcode: 0000 [#1] PREEMPT SMP KASAN PTI\n"
	  "[   23.829979][  T298] RIP: 0010:rust_helper_BUG+0x8/0x10\n"
	  "[   24.057562][  T298] Call Trace:\n"
	  "[   24.060834][  T298]  <TASK>\n"
	  "[   24.063751][  T298]  _RNvCscSpY9Juk0HT_7___rustc17rust_begin_unwind+0x15b/0x160\n"
	  "[   24.071185][  T298]  _RNvMs3_NtCshgDM7dBCdno_11rust_binder7processNtB5_7Process10update_ref+0x401/0x810\n"
	  "[   24.079157][  T298]  rust_binder_ioctl+0x10/0x20\n",
	  "attempt to subtract with overflow in <rust_binder::process::Process>::update_ref", false,
	  NULL },
	{ "arm64 kernel stack overflow",
	  T "Insufficient stack space to handle exception!\n"
	  T "Kernel panic - not syncing: kernel stack overflow\n"
	  T "Call trace:\n"
	  T " dump_backtrace+0x0/0x1e0\n"
	  T " panic+0x170/0x37c\n"
	  T " nmi_panic+0x8c/0x90\n"
	  T " panic_bad_stack+0x104/0x124\n"
	  T " handle_bad_stack+0x34/0x48\n"
	  T " __bad_stack+0x88/0x8c\n"
	  T " ovl_lookup_real+0x40/0x60\n"
	  T " ovl_lookup_real+0x40/0x60\n"
	  T " ovl_dentry_lookup+0x1e4/0x230\n"
	  T " ovl_open+0x30/0x40\n"
	  T " do_dentry_open+0x50/0x120\n",
	  "kernel stack overflow in ovl_open", false, NULL },
	{ "panic: Attempted to kill init",
	  T "Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b\n"
	  T "CPU: 0 PID: 1 Comm: init Not tainted 6.12.118 #1\n"
	  T "Call Trace:\n"
	  T " <TASK>\n"
	  T " dump_stack_lvl+0x47/0x60\n"
	  T " panic+0x107/0x2a0\n"
	  T " do_exit.cold+0x15/0x15\n"
	  T " do_group_exit+0x2d/0x80\n",
	  "kernel panic: Attempted to kill init!", false, NULL },
	{ "Bad page state names the page's owner",
	  T "BUG: Bad page state in process syz.3.584  pfn:7071f\n"
	  T "page dumped because: page_pool leak\n"
	  T "page last allocated via order 0, migratetype Unmovable, gfp_mask 0x102820(GFP_ATOMIC)\n"
	  T " post_alloc_hook+0x1f3/0x230\n"
	  T " get_page_from_freelist+0x2e4c/0x2f10\n"
	  T " __alloc_pages_noprof+0x256/0x6c0\n"
	  T " page_pool_alloc_pages+0xcb/0x150\n"
	  T " mt76_dma_rx_fill+0x939/0x2110 [mt76]\n"
	  T "Call Trace:\n"
	  T " dump_stack_lvl+0x241/0x360\n"
	  T " bad_page+0x18e/0x200\n"
	  T " skb_release_data+0x1/0x2\n",
	  "BUG: Bad page state in mt76_dma_rx_fill", false, NULL },
	{ "stack guard page: the dispatcher's caller",
	  "[  733.821133][    C1] BUG: TASK stack guard page was hit at ffffc900190cfff8 (stack is ffffc900190d0000..ffffc900190d7fff)\n"
	  "[  733.821152][    C1] stack guard page: 0000 [#1] PREEMPT SMP KASAN\n"
	  "[  733.821187][    C1] RIP: 0010:netdev_next_lower_dev_rcu+0x8/0xb0\n"
	  "[  733.821341][    C1] Call Trace:\n"
	  "[  733.821347][    C1]  bond_get_lowest_level_rcu+0x12d/0x2e0\n"
	  "[  733.821390][    C1]  bond_get_stats+0xf5/0x4d0\n"
	  "[  733.821400][    C1]  rtnl_newlink+0x1/0x2\n"
	  "[  733.821410][    C1]  rtnetlink_rcv_msg+0x1/0x2\n",
	  "BUG: stack guard page was hit in rtnl_newlink", false, NULL },
	{ "powerpc: the interrupted nip",
	  T "WARNING: CPU: 1 PID: 4057 at arch/powerpc/mm/slb.c:79 assert_slb_presence+0x2c/0x70\n"
	  T "Call Trace:\n"
	  T "[c00000003ae5b800] [c00000000135c19c] dump_stack+0x128/0x1cc (unreliable)\n"
	  T "[c00000003ae5b9a0] [c00000000135a500] report_bug+0x150/0x270\n"
	  T "[c00000003ae5bac0] [c0000000000090a4] program_check_common+0x184/0x190\n"
	  T "--- interrupt: 700 at assert_slb_presence+0x2c/0x70\n"
	  T "[c00000003ae5bdf0] [c00000000009651c] do_slb_fault+0x10c/0x250\n",
	  "WARNING in assert_slb_presence", false, NULL },
	{ "a paste that starts after the header",
	  "RIP: 0010:nvidia_dev_put+0xb1/0xc0 [nvidia]\n"
	  "PKRU: 55555554\n"
	  "Call Trace:\n"
	  " <TASK>\n"
	  " nvidia_close+0x1a2/0x270 [nvidia]\n"
	  " __fput+0xea/0x2d0\n",
	  "Oops in nvidia_dev_put", false, "nvidia" },
	{ "a trace after the header is lost, WARN's frames in it",
	  "[Mon Jun 24 16:30:41 2024] Call Trace:\n"
	  "[Mon Jun 24 16:30:41 2024]  <TASK>\n"
	  "[Mon Jun 24 16:30:41 2024]  ? __warn+0x81/0x130\n"
	  "[Mon Jun 24 16:30:41 2024]  ? report_bug+0x17e/0x1b0\n"
	  "[Mon Jun 24 16:30:41 2024]  tc_phy_wait_for_ready+0x1a/0x90 [i915]\n"
	  "[Mon Jun 24 16:30:41 2024]  intel_tc_port_init_mode+0x30/0x120 [i915]\n",
	  "WARNING in tc_phy_wait_for_ready", false, "i915" },
	{ "a journal excerpt, indented, wrapped header",
	  "\tOct 18 01:52:15 sysrescue kernel: WARNING: CPU: 2 PID: 1046 at fs/btrfs/extent-tree.c:3227\n"
	  "\tOct 18 01:52:15 sysrescue kernel: __btrfs_free_extent.isra.0+0x6ed/0x9f0 [btrfs]\n",
	  "WARNING in __btrfs_free_extent", false, "btrfs" },
};

static void test_kinds(void **state)
{
	size_t i;
	int bad = 0;

	kbug_log_level = -1;
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		const struct kcase *c = &kinds[i];
		struct kbug_analyze_opts o;
		struct json_object *res = NULL, *r;
		const char *t, *m;
		int n;

		kbug_analyze_opts_init(&o);
		o.debuginfo = false;
		o.kernel_src = "";
		n = kbug_analyze_buffer(c->log, strlen(c->log), c->name, &o, &res);
		r = n > 0 ? json_object_array_get_idx(kj_get(res, "reports"), 0) : NULL;
		t = r ? kj_get_str(r, "title") : NULL;
		m = r ? kj_get_str(r, "guilty_module") : NULL;
		if (!t || strcmp(t, c->title)) {
			print_error("%s: want '%s', got '%s'\n", c->name, c->title, t ? t : "(none)");
			bad++;
		} else if (kj_get_bool(r, "corrupted", false) != c->corrupted) {
			print_error("%s: corrupted should be %d\n", c->name, c->corrupted);
			bad++;
		} else if (c->module && (!m || strcmp(m, c->module))) {
			print_error("%s: module: want '%s', got '%s'\n", c->name, c->module,
				    m ? m : "(none)");
			bad++;
		}
		json_object_put(res);
	}
	assert_int_equal(bad, 0);
}

/* A trace far into a log with no header is not a report (a sysrq dump, say). */
static void test_headless_only_at_top(void **state)
{
	struct strbuf log = STRBUF_INIT;
	struct kbug_analyze_opts o;
	struct json_object *res = NULL;
	int i, n;

	for (i = 0; i < 60; i++)
		strbuf_addf(&log, T "usb 1-%d: new high-speed USB device\n", i);
	strbuf_addstr(&log, T "Call Trace:\n" T " <TASK>\n" T " show_stack+0x1/0x2\n");
	kbug_analyze_opts_init(&o);
	o.debuginfo = false;
	n = kbug_analyze_buffer(log.buf, log.len, "late trace", &o, &res);
	assert_int_equal(n, 0);
	json_object_put(res);
	strbuf_release(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_indent),
		cmocka_unit_test(test_levels),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_headless_only_at_top),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
