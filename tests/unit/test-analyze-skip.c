// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The skip table (collector/analyze/skip.c) on real frames of linux 6.12:
 * which rule skips a helper, which only moves the blame (title rules stay
 * syzbot's), which functions and files are never skipped; and the
 * out-of-tree rules (oot.c) on "Modules linked in" lines.
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
#include "analyze/index.h"
#include "analyze/internal.h"
#include "util/json.h"
#include "util/macro.h"

/* helpers every title already skipped (syzkaller's list) */
static void test_title_rules(void **state)
{
	static const char *const skipped[] = { "dump_stack_lvl", "__warn", "report_bug",
		"_raw_spin_lock_irqsave", "mutex_lock_nested", "kfree", "kfree.cold",
		"__kmalloc_noprof", "memcpy_orig", "strscpy", "refcount_warn_saturate",
		"__list_add_valid_or_report", "kasan_report", "print_report", "xa_load",
		"rb_erase", NULL };
	size_t i;

	(void)state;
	for (i = 0; skipped[i]; i++)
		if (!kb_frame_skipped(skipped[i], NULL))
			fail_msg("%s is not skipped for the title", skipped[i]);
	assert_false(kb_frame_skipped("process_one_work", NULL));
	assert_false(kb_frame_skipped("rhashtable_lookup_fast", NULL));
	assert_false(kb_frame_skipped("kfree_rcu_work", NULL));
	/* a signature's own list still adds to them */
	{
		static const char *const extra[] = { "^kobject_", NULL };

		assert_true(kb_frame_skipped("kobject_add_internal", extra));
		assert_false(kb_frame_skipped("kobject_add_internal", NULL));
	}
}

/* helpers issue 19 names: skipped for the blame, not for the title */
static void test_blame_rules(void **state)
{
	static const char *const blamed_caller[] = { "rhashtable_lookup_fast", "rht_deferred_worker",
		"aes_encrypt", "crc16", "crc_ccitt", "hex_dump_to_buffer", "print_hex_dump",
		"kobject_set_name_vargs", "kobject_add_internal", "idr_alloc_u32", "radix_tree_insert",
		"__free_pages", "free_pcppages_bulk", "free_unref_page", "process_one_work",
		"worker_thread", "kthread", "call_timer_fn", "__hrtimer_run_queues", "rcu_do_batch",
		"rcu_core", "do_idle", "cpu_startup_entry", "asm_sysvec_apic_timer_interrupt",
		"net_rx_action", "__napi_poll", "crypto_shash_update", "__x86_return_thunk",
		"do_idle.cold", NULL };
	static const char *const innocent[] = { "e1000_clean", "iwl_mvm_nic_error", "ext4_fill_super",
		"btrfs_commit_transaction", "amdgpu_device_init", "nvidia_ioctl", "dummy_lookup",
		"do_idle_injection", "worker_thread_fn", "i915_gem_do_execbuffer",
		"tcp_sendmsg_locked", "__x64_sys_ioctl", NULL };
	size_t i;

	(void)state;
	for (i = 0; blamed_caller[i]; i++) {
		const struct kb_skip_rule *r = kb_skip_func(blamed_caller[i], KB_USE_BLAME);
		struct json_object *o = json_object_new_object();

		if (!r)
			fail_msg("%s is not skipped for the blame", blamed_caller[i]);
		kb_skip_describe(r, o);
		assert_non_null(kj_get_str(o, "rule"));
		assert_true(strlen(kj_get_str(o, "reason")) > 20);
		json_object_put(o);
	}
	for (i = 0; innocent[i]; i++)
		if (kb_skip_func(innocent[i], KB_USE_TITLE | KB_USE_BLAME))
			fail_msg("%s is skipped", innocent[i]);
}

static void test_file_rules(void **state)
{
	static const char *const skipped[] = { "lib/string.c", "lib/vsprintf.c", "lib/crypto/aes.c",
		"lib/rhashtable.c", "mm/slub.c", "mm/page_alloc.c", "kernel/workqueue.c",
		"kernel/kthread.c", "kernel/time/hrtimer.c", "kernel/softirq.c", "kernel/rcu/tree.c",
		"kernel/locking/lockdep.c", "kernel/sched/idle.c", "arch/x86/entry/entry_64.S",
		"arch/arm64/kernel/entry-common.c", "include/linux/list.h",
		"drivers/gpu/drm/i915/i915_drv.h", "kernel/panic.c", "crypto/scatterwalk.c", NULL };
	static const char *const kept[] = { "drivers/net/ethernet/intel/e1000/e1000_main.c",
		"fs/btrfs/ctree.c", "mm/memory-failure.c", "crypto/af_alg.c", "net/core/devlink.c",
		"kernel/time/posix-timers.c", "drivers/base/firmware_loader/main.c", NULL };
	size_t i;

	(void)state;
	for (i = 0; skipped[i]; i++)
		if (!kb_skip_file(skipped[i]))
			fail_msg("%s is not skipped", skipped[i]);
	for (i = 0; kept[i]; i++)
		if (kb_skip_file(kept[i]))
			fail_msg("%s is skipped", kept[i]);
}

static struct json_object *first_report(const char *log)
{
	struct json_object *res = NULL, *r;

	assert_int_equal(kbug_analyze_buffer(log, strlen(log), "test", NULL, &res), 1);
	r = json_object_get(json_object_array_get_idx(kj_get(res, "reports"), 0));
	json_object_put(res);
	return r;
}

#define OOT_LOG(mods, frame) \
	"BUG: kernel NULL pointer dereference, address: 0000000000000008\n" \
	"Modules linked in: " mods "\n" \
	"CPU: 0 PID: 1 Comm: x Tainted: G           O      6.12.0 #1\n" \
	"RIP: 0010:" frame "\nCall Trace:\n <TASK>\n " frame "\n" \
	" do_syscall_64+0x5d/0x170\n </TASK>\n"

/* The first report's out_of_tree, guilty_module and confidence (NULL: not checked). */
static void expect_oot(const char *log, bool oot, const char *module, const char *conf)
{
	struct json_object *r = first_report(log);

	assert_int_equal(kj_get_bool(r, "out_of_tree", !oot), oot);
	if (module)
		assert_string_equal(kj_get_str(r, "guilty_module"), module);
	if (oot)
		assert_null(kj_get_str(r, "guilty_file"));
	if (conf)
		assert_string_equal(kj_get_str(r, "confidence"), conf);
	json_object_put(r);
}

/* The first report stays in the tree, blamed on file. */
static void expect_in_tree(const char *log, const char *file)
{
	struct json_object *r = first_report(log);

	assert_false(kj_get_bool(r, "out_of_tree", true));
	assert_string_equal(kj_get_str(r, "guilty_file"), file);
	json_object_put(r);
}

static void test_out_of_tree(void **state)
{
	(void)state;
	/* amdgpu(O+): AMD's DKMS build, loading */
	expect_oot(OOT_LOG("usbhid(+) amdgpu(O+) amd_sched(O) e1000",
			   "rn_clk_mgr_construct+0x129/0x410 [amdgpu]"), true, "amdgpu", "high");
	/* C (staging) is in the tree; so is an unmarked module beside marked ones */
	expect_oot(OOT_LOG("r8723bs(C) vboxdrv(O)", "rtw_drv_init+0x1a/0x80 [r8723bs]"), false,
		   "r8723bs", NULL);
	expect_oot(OOT_LOG("vboxdrv(O) snd_hda_intel", "azx_probe+0x1a/0x80 [snd_hda_intel]"),
		   false, "snd_hda_intel", NULL);
	/* the Tainted: letters alone do not say which module set them */
	expect_oot("BUG: kernel NULL pointer dereference, address: 0000000000000008\n"
		   "CPU: 0 PID: 786 Comm: systemd-udevd Tainted: P           O      6.12.0\n"
		   "RIP: 0010:CalculatePrefetchSourceLines+0x1a/0x80 [amdgpu]\n"
		   "Call Trace:\n dml20v2_ModeSupport+0x10/0x20 [amdgpu]\n", false, "amdgpu", NULL);
	/* the DKMS package rtl8192eu builds the module 8192eu */
	expect_oot("UBSAN: array-index-out-of-bounds in "
		   "/var/lib/dkms/rtl8192eu/1.0/build/core/rtw_wlan_util.c:1920:34\n"
		   "index 4 is out of range for type 'u8 [4]'\n"
		   "CPU: 14 PID: 2591 Comm: wpa_supplicant Not tainted 6.5.0 #14\n"
		   "Call Trace:\n <TASK>\n dump_stack_lvl+0x48/0x70\n"
		   " __ubsan_handle_out_of_bounds+0xc6/0x110\n"
		   " HT_caps_handler+0x2a4/0x2b0 [8192eu]\n"
		   " OnAssocRsp+0x28d/0x420 [8192eu]\n </TASK>\n", true, "8192eu", "medium");
	/* no Makefile of the tree builds it: out of tree, low without a taint */
	if (!kb_index_get())
		fail_msg("no tree index at $KBUG_INDEX (%s)", getenv("KBUG_INDEX"));
	expect_oot("BUG: unable to handle kernel paging request at virtual address 00000000\n"
			   "Modules linked in: faulty chrdrv\n"
			   "NIP [d1000030] faulty_write+0x10/0x28 [faulty]\n"
			   "Call Trace:\n [c00ab1f8] faulty_write+0x10/0x28 [faulty]\n"
			   " [c0096a44] vfs_write+0xb4/0x184\n", true, "faulty", "low");
	/* the tree's mt76 built from its upstream repository by OpenWrt: in the tree */
	expect_in_tree("WARNING: CPU: 0 PID: 0 at /b/build_dir/target-mipsel/linux-ramips/"
		       "mt76-2017-03-17-712b8e8f/mt7603_mac.c:329 mt7603_mac_fill_rx+0x290/0x3ac "
		       "[mt7603e]()\nModules linked in: mt7603e mt76\n"
		       "CPU: 0 PID: 0 Comm: swapper Not tainted 4.9.54 #0\n",
		       "drivers/net/wireless/mediatek/mt76/mt7603/mac.c");
	/* its relative build path and a module address %pS could not name */
	expect_in_tree("WARNING: CPU: 3 PID: 798 at target-mipsel_24kc_musl/linux-ramips_mt7621/"
		       "mt76-2022-07-03-93e3fce9/mt7603/mac.c:208 0x82b64874 "
		       "[mt7603e@3e6ee6ae+0x96e0]\nModules linked in: mt7603e mt76\n"
		       "CPU: 3 PID: 798 Comm: napi/phy0-7 Not tainted 5.10.127 #0\n",
		       "drivers/net/wireless/mediatek/mt76/mt7603/");
	/* a fork named as the tree's driver with a suffix is the fork's */
	expect_oot("WARNING: CPU: 0 PID: 0 at /b/build_dir/target-arm/linux-ipq40xx/"
		   "ath10k-ct-2019-08-14-9e5ab250/ath10k-4.19/txrx.c:132 "
		   "ath10k_txrx_tx_unref+0x1a0/0x1d0 [ath10k_core]\n"
		   "Modules linked in: ath10k_pci ath10k_core\n"
		   "CPU: 0 PID: 0 Comm: swapper Not tainted 4.19.66 #0\n",
		   true, "ath10k_core", NULL);
	/* '-' and '_' are one */
	expect_oot(OOT_LOG("nvidia_modeset(POE)", "_nv002252kms+0xa9/0x1c0 [nvidia-modeset]"),
		   true, NULL, "high");
}

#define WARN_LOG(mods, file, frame) \
	"WARNING: CPU: 6 PID: 3206 at " file " " frame "\n" \
	"Modules linked in: " mods "\n" \
	"CPU: 6 PID: 3206 Comm: x Tainted: G           O      6.12.0 #1\n" \
	"RIP: 0010:" frame "\n"

static void test_newest_module(void **state)
{
	struct json_object *r;

	(void)state;
	/* videodev checks what its client's querycap returned; the client loaded last */
	expect_oot(WARN_LOG("v4l2loopback(O) rfcomm uas videodev",
			    "drivers/media/v4l2-core/v4l2-ioctl.c:1110",
			    "v4l_querycap+0x8f/0xa0 [videodev]"), true, "v4l2loopback", "low");
	/* cfg80211's SME checks a connect result a driver reported */
	expect_oot(WARN_LOG("88XXau(OE) cfg80211 snd", "net/wireless/sme.c:823",
			    "__cfg80211_connect_result+0x5ed/0x680 [cfg80211]"), true, "88XXau", "low");
	/* the newest module is in the tree and two are a vendor's: no vendor to blame */
	expect_oot(WARN_LOG("uas v4l2loopback(O) zfs(PO) videodev",
			    "drivers/media/v4l2-core/v4l2-ioctl.c:1110",
			    "v4l_querycap+0x8f/0xa0 [videodev]"), false, NULL, NULL);
	/* a registration API's own frame, in a self-built (OE) videodev: the registrant */
	expect_oot(WARN_LOG("v4l2loopback(OE+) v4l2_common(OE) videodev(OE) xfs",
			    "drivers/media/v4l2-core/v4l2-dev.c:838",
			    "__video_register_device+0xb1b/0xed0 [videodev]"), true, "v4l2loopback",
		   "low");
	/* the only vendor's module loaded, anywhere in the list */
	expect_oot(WARN_LOG("dca vxlan uio pf_ring(O) ip6t_REJECT", "fs/proc/generic.c:569",
			    "remove_proc_entry+0x142/0x170"), true, "pf_ring", "low");
	/* two of them: the log does not say which */
	expect_oot(WARN_LOG("dca wl(POE) uio facetimehd(OE)", "fs/proc/generic.c:569",
			    "remove_proc_entry+0x142/0x170"), false, NULL, NULL);
	/* printk breaks a long list: its next line goes on with module names */
	expect_oot(WARN_LOG("dca vxlan pf_ring(O) uio\n ip6t_REJECT zfs(PO) [last unloaded: x]",
			    "fs/proc/generic.c:569", "remove_proc_entry+0x142/0x170"),
		   false, NULL, NULL);
	expect_oot(WARN_LOG("dca vxlan uio\n ip6t_REJECT pf_ring(O) [last unloaded: x]",
			    "fs/proc/generic.c:569", "remove_proc_entry+0x142/0x170"),
		   true, "pf_ring", "low");
	/* E alone (unsigned) says nothing of the tree */
	expect_oot(WARN_LOG("ff_memless(E) videodev", "drivers/media/v4l2-core/v4l2-ioctl.c:1110",
			    "v4l_querycap+0x8f/0xa0 [videodev]"), false, NULL, NULL);
	/* a module whose init runs ('+'), in the tree: its directory */
	r = first_report("BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
			 "Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
			 "Modules linked in: snd_soc_skl_hda_dsp(+) snd_soc_core kvm\n");
	assert_string_equal(kj_get_str(r, "guilty_file"), "sound/soc/intel/boards/");
	assert_string_equal(kj_get_str(r, "confidence"), "low");
	json_object_put(r);
	/* ... not when the head is loaded and done */
	r = first_report("BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
			 "Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
			 "Modules linked in: snd_soc_skl_hda_dsp snd_soc_core(+) kvm\n");
	assert_null(kj_get_str(r, "guilty_file"));
	json_object_put(r);
	/* a driver's own file:line keeps the blame in the tree */
	expect_oot(WARN_LOG("v4l2loopback(O) uvcvideo", "drivers/media/usb/uvc/uvc_video.c:1400",
			    "uvc_video_decode_start+0x8f/0xa0 [uvcvideo]"), false, NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_title_rules),
		cmocka_unit_test(test_blame_rules),
		cmocka_unit_test(test_file_rules),
		cmocka_unit_test(test_out_of_tree),
		cmocka_unit_test(test_newest_module),
	};

	/* the unit tests run from the top of the source tree */
	if (!getenv("KBUG_INDEX"))
		setenv("KBUG_INDEX", "data/linux-6.12.index.gz", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
