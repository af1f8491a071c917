// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tree index (collector/analyze/index.c) and the paths made
 * tree-relative through it (treepath.c): the parser on hand-made files,
 * lookups and blame on the shipped data/linux-6.12.index.gz with real
 * function names of linux 6.12, and every form of path a log prints.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/analyze.h"
#include "analyze/index.h"
#include "analyze/internal.h"
#include "util/json.h"
#include "util/macro.h"

#define IX_PATH "data/linux-6.12.index.gz"
#define HDR "# kbug-index 6 linux-source-6.12 0 (test)\n"

static struct kb_index *parse(const char *text, char *err, size_t size)
{
	char *buf = strdup(text);
	struct kb_index *ix;

	assert_non_null(buf);
	ix = kb_index_parse(buf, strlen(buf), "t.index", err, size);
	if (!ix)
		free(buf);
	return ix;
}

static void test_parse(void **state)
{
	static const char *const bad[] = {
		"no header\n",
		HDR "F b.c\nF a.c\n",			/* files out of order */
		HDR "F a.c\nf x 1\n",			/* no file 1 */
		HDR "F a.c\nf y 0\nf x 0\n",		/* functions out of order */
		HDR "F a.c\nf x 0,\n",			/* a dangling comma */
		HDR "F a.c\nf x 0\nF b.c\n",		/* a file after the functions */
		HDR "F a.c\nm x d\n",			/* a field short */
		HDR "F a.c\nf x 0",			/* cut: no final newline */
		HDR "F a.c\nFF b.c\n",			/* not a record */
		HDR "F a.c\nf x  0\n",			/* an empty field */
		HDR "F a.c\nd y 0\nd x 0\n",		/* drivers out of order */
		HDR "F a.c\nd x 0\nm m a 0\n",		/* a module after the drivers */
		HDR "F a.c\nf x 0 y\n",			/* a mark other than "x" */
		HDR "F a.c\nf x 0 x x\n",		/* a field too many */
		"# kbug-index 3 linux-source-6.12 0 (old)\nF a.c\n",	/* format 3 */
		HDR "F a.c\nM 0 too short\n",		/* a text below IX_MSG_KEY */
		HDR "F a.c\nM 1 no such file here\n",	/* no file 1 */
		HDR "F a.c\nM 0 text b is here\nM 0 text a is here\n",	/* out of order */
		HDR "F a.c\nM 0 text a is here\nd x 0\n",	/* a driver after the messages */
		HDR "F a.c\nM  0 text a is here\n",	/* no IDS */
		HDR "F a.c\no y a.c\no x b.c\n",	/* older functions out of order */
		HDR "F a.c\no x\n",			/* no path */
		HDR "F a.c\no x a.c  b.c\n",		/* an empty path */
		HDR "F a.c\no x a.c\nM 0 text a is here\n",	/* a message after them */
		HDR "F a.c\no x a.c\nf y 0\n",	/* a function after them */
		HDR "F a.c\nO y d\nO x d\n",		/* older modules out of order */
		HDR "F a.c\nO x d\no y a.c\n",	/* an older function after them */
		HDR "F a.c\nO x\n",			/* no directory */
	};
	const char *files[4], *dir;
	struct kb_index *ix;
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		err[0] = '\0';
		ix = parse(bad[i], err, sizeof(err));
		if (ix)
			fail_msg("accepted bad index #%zu", i);
		assert_non_null(strstr(err, "t.index"));
	}
	/* "- " has a fifth, empty field */
	ix = parse(HDR "F a/x.c\nF b/y.c\nm m b -\x20\n", err, sizeof(err));
	assert_null(ix);
	ix = parse(HDR "F a/x.c\nF b/y.c\nF b/z.c\nf f 0,2\nf g 1 x\nm m b -\nm m c 1,2\n"
		   "d drv-a 1,2\n", err, sizeof(err));
	assert_non_null(ix);
	assert_string_equal(kb_index_header(ix), "kbug-index 6 linux-source-6.12 0 (test)");
	assert_true(kb_index_exported(ix, "g"));
	assert_false(kb_index_exported(ix, "f"));
	assert_false(kb_index_exported(ix, "h"));
	assert_int_equal(kb_index_func(ix, "f", files, 4), 2);
	assert_string_equal(files[0], "a/x.c");
	assert_string_equal(files[1], "b/z.c");
	assert_int_equal(kb_index_func(ix, "h", files, 4), 0);
	assert_true(kb_index_has_file(ix, "b/y.c"));
	assert_false(kb_index_has_file(ix, "b/y"));
	assert_true(kb_index_has_dir(ix, "b", 1));
	assert_false(kb_index_has_dir(ix, "a/x", 3));
	assert_int_equal(kb_index_module(ix, "m", 0, &dir, files, 4), 0);
	assert_string_equal(dir, "b");
	assert_int_equal(kb_index_module(ix, "m", 1, &dir, files, 4), 2);
	assert_string_equal(dir, "c");
	assert_int_equal(kb_index_module(ix, "m", 2, &dir, files, 4), -1);
	assert_int_equal(kb_index_driver(ix, "drv-a", files, 4), 2);
	assert_string_equal(files[1], "b/z.c");
	assert_int_equal(kb_index_driver(ix, "drv_a", files, 4), 0);
	kb_index_free(ix);
	/* the older tree's functions: asked for only when the tree has none of the name */
	ix = parse(HDR "F a/x.c\nf __do_sys_g 0\nf f 0\nm m a 0\no __do_sys_h a/old.c\n"
		   "o f b/old.c\no k a/x.c c/gone.c\nO m b\nO n c/gone\nO n d\n", err,
		   sizeof(err));
	assert_non_null(ix);
	assert_int_equal(kb_index_func(ix, "f", files, 4), 1);
	assert_string_equal(files[0], "a/x.c");
	assert_int_equal(kb_index_func(ix, "k", files, 4), 2);
	assert_string_equal(files[0], "a/x.c");
	assert_string_equal(files[1], "c/gone.c");
	assert_int_equal(kb_index_func(ix, "k", files, 1), 1);
	/* a system call under its entry point's name, in either tree */
	assert_int_equal(kb_index_func(ix, "__x64_sys_g", files, 4), 1);
	assert_int_equal(kb_index_func(ix, "__x64_sys_h", files, 4), 1);
	assert_string_equal(files[0], "a/old.c");
	assert_false(kb_index_exported(ix, "k"));
	assert_int_equal(kb_index_func(ix, "j", files, 4), 0);
	/* the older tree's modules, when the tree builds none of the name */
	assert_int_equal(kb_index_module(ix, "m", 0, &dir, files, 4), 1);
	assert_string_equal(dir, "a");
	assert_int_equal(kb_index_module(ix, "m", 1, &dir, files, 4), -1);
	assert_int_equal(kb_index_module(ix, "n", 0, &dir, files, 4), 0);
	assert_string_equal(dir, "c/gone");
	assert_int_equal(kb_index_module(ix, "n", 1, &dir, files, 4), 0);
	assert_string_equal(dir, "d");
	assert_int_equal(kb_index_module(ix, "n", 2, &dir, files, 4), -1);
	kb_index_free(ix);
}

/* The messages part: the longest constant text a message holds names its file. */
static void test_messages(void **state)
{
	static const char idx[] = HDR "F d/a.c\nF d/b.c\nF e/c.c\n"
		"M 0,2 e Transmit error, Tx status\n"
		"M 1 w Transmit error, Tx status register\n"
		"M 2 i failed to load firmware\n"
		"M 0,1 e timeout waiting for reset\n";
	const char *m;
	struct kb_index *ix;
	char err[256];

	(void)state;
	ix = parse(idx, err, sizeof(err));
	assert_non_null(ix);
	/* the longer text wins, wherever it begins in the message */
	m = "eth0: Transmit error, Tx status register 82.";
	assert_string_equal(kb_index_message(ix, m, strlen(m), NULL), "d/b.c");
	/* cut before the longer text ends: the shorter one, in two files */
	m = "eth0: Transmit error, Tx status 82.";
	assert_null(kb_index_message(ix, m, strlen(m), NULL));
	assert_string_equal(kb_index_message(ix, m, strlen(m), "e/"), "e/c.c");
	assert_string_equal(kb_index_message(ix, m, strlen(m), "d/"), "d/a.c");
	/* two files of one directory log the same text: neither */
	m = "nvme0: timeout waiting for reset, giving up";
	assert_null(kb_index_message(ix, m, strlen(m), "d/"));
	/* a text inside a word is no match; the length given bounds the match */
	m = "Xfailed to load firmware";
	assert_null(kb_index_message(ix, m, strlen(m), NULL));
	m = "wlan: failed to load firmware";
	assert_string_equal(kb_index_message(ix, m, strlen(m), NULL), "e/c.c");
	assert_null(kb_index_message(ix, m, strlen(m) - 1, NULL));
	assert_null(kb_index_message(ix, "", 0, NULL));
	kb_index_free(ix);
}

static bool says_timeout(const char *text, size_t len)
{
	return memmem(text, len, "timeout", 7);
}

/* kb_index_error_place()'s answer for texts of min bytes at least, NULL for none */
static const char *place_min(const struct kb_index *ix, const char *m, size_t min,
			     bool (*keep)(const char *, size_t))
{
	static char place[64];

	return kb_index_error_place(ix, m, strlen(m), NULL, min, keep, place, sizeof(place)) ?
	       place : NULL;
}

static const char *place_of(const struct kb_index *ix, const char *m,
			    bool (*keep)(const char *, size_t))
{
	return place_min(ix, m, 0, keep);
}

/*
 * A failure no prefix places: the longest error-level text, its file or
 * the directory its files share (two levels deep at least).
 */
static void test_error_place(void **state)
{
	static const char idx[] = HDR "F d/a.c\nF d/e/b.c\nF d/e/c.c\nF f/g.c\n"
		"M 0 e Transmit error, Tx status\n"
		"M 1 w Transmit error, Tx status register\n"
		"M 1,2 e controller timeout waiting for reset\n"
		"M 3 i failed to load the firmware file\n"
		"M 0,3 e queue timeout, resetting the link\n";
	char err[256];
	struct kb_index *ix = parse(idx, err, sizeof(err));

	(void)state;
	assert_non_null(ix);
	/* a longer text at warning level does not count */
	assert_string_equal(place_of(ix, "eth0: Transmit error, Tx status register 82.", NULL),
			    "d/a.c");
	/* two files of one directory: the directory */
	assert_string_equal(place_of(ix, "nvme0: controller timeout waiting for reset, giving up",
				     says_timeout), "d/e/");
	/* their directories share only the top one: nothing */
	assert_null(place_of(ix, "eth1: queue timeout, resetting the link", says_timeout));
	/* keep() refuses a text without the failure word; info level never counts */
	assert_null(place_of(ix, "eth0: Transmit error, Tx status 7", says_timeout));
	assert_null(place_of(ix, "wlan0: failed to load the firmware file", NULL));
	/* a minimum above IX_ERR_MIN: the 25-byte text places, not with 26 asked */
	assert_string_equal(place_min(ix, "eth0: Transmit error, Tx status 7", 25, NULL), "d/a.c");
	assert_null(place_min(ix, "eth0: Transmit error, Tx status 7", 26, NULL));
	kb_index_free(ix);
}

static const struct kb_index *shipped(void)
{
	const struct kb_index *ix = kb_index_get();

	if (!ix)
		fail_msg("no index at $KBUG_INDEX (%s)", getenv("KBUG_INDEX"));
	return ix;
}

static void test_lookups(void **state)
{
	const struct kb_index *ix = shipped();
	const char *files[64], *dir;

	(void)state;
	assert_non_null(strstr(kb_index_header(ix), "linux-source-6.12 6.12."));
	assert_int_equal(kb_index_func(ix, "ext4_writepages", files, 64), 1);
	assert_string_equal(files[0], "fs/ext4/inode.c");
	assert_true(kb_index_func(ix, "probe", files, 64) > 10);
	assert_int_equal(kb_index_func(ix, "no_such_function_in_linux", files, 64), 0);
	/* SLAB's, gone in 6.8: where linux-source-6.1 defined it */
	assert_non_null(strstr(kb_index_header(ix), " older linux-source-6.1 6.1."));
	assert_int_equal(kb_index_func(ix, "drain_array", files, 64), 1);
	assert_string_equal(files[0], "mm/slab.c");
	assert_false(kb_index_has_file(ix, "mm/slab.c"));
	/* the Skylake SST driver, dropped in 6.12 */
	assert_int_equal(kb_index_module(ix, "snd_soc_skl", 0, &dir, files, 64), 0);
	assert_string_equal(dir, "sound/soc/intel/skylake");
	/* EXPORT_SYMBOL_GPL(usb_ifnum_to_if); ext4's address_space_operations callback */
	assert_true(kb_index_exported(ix, "usb_ifnum_to_if"));
	assert_false(kb_index_exported(ix, "ext4_writepages"));
	/* ACPICA's ACPI_EXPORT_SYMBOL(acpi_evaluate_object) */
	assert_true(kb_index_exported(ix, "acpi_evaluate_object"));
	assert_true(kb_index_has_file(ix, "drivers/net/wireless/intel/iwlwifi/mvm/ops.c"));
	assert_false(kb_index_has_file(ix, "drivers/net/wireless/intel/iwlwifi/mvm/nope.c"));
	assert_int_equal(kb_index_module(ix, "btusb", 0, &dir, files, 64), 1);
	assert_string_equal(dir, "drivers/bluetooth");
	assert_string_equal(files[0], "drivers/bluetooth/btusb.c");
	/* '-' and '_' alike, as KBUILD_MODNAME */
	assert_true(kb_index_module(ix, "snd-hda-intel", 0, &dir, files, 64) >= 1);
	assert_string_equal(dir, "sound/pci/hda");
	/* obj-${CONFIG_USB4} := thunderbolt.o: the brace form of a make variable */
	assert_true(kb_index_module(ix, "thunderbolt", 0, &dir, files, 64) > 10);
	assert_string_equal(dir, "drivers/thunderbolt");
	assert_true(kb_index_module(ix, "iwlmvm", 0, &dir, files, 64) > 10);
	assert_string_equal(dir, "drivers/net/wireless/intel/iwlwifi/mvm");
	/* a platform driver's .name (dev_printk's first word) is not its module's */
	assert_int_equal(kb_index_driver(ix, "i2c_designware", files, 64), 1);
	assert_string_equal(files[0], "drivers/i2c/busses/i2c-designware-platdrv.c");
	/* through a macro: #define DRIVER_NAME "bcm2835-aux-uart" */
	assert_int_equal(kb_index_driver(ix, "bcm2835-aux-uart", files, 64), 1);
	assert_string_equal(files[0], "drivers/tty/serial/8250/8250_bcm2835aux.c");
	assert_int_equal(kb_index_driver(ix, "no_such_driver", files, 64), 0);
}

#define L "[  5.100000] "

static struct json_object *first(const char *log, struct json_object **res)
{
	struct kbug_analyze_opts o;

	kbug_analyze_opts_init(&o);
	o.debuginfo = false;
	o.kernel_src = "";
	*res = NULL;
	/* the first report is the case's (a series of hung tasks holds more) */
	assert_true(kbug_analyze_buffer(log, strlen(log), "test", &o, res) >= 1);
	return json_object_array_get_idx(kj_get(*res, "reports"), 0);
}

struct bcase {
	const char *name, *log, *file, *source, *confidence;
};

/* U+00D7, the multiplication sign a blog engine puts for the x of "0x" */
#define TIMES "\xc3\x97"

/* An oops of an unsymbolized kernel: the RIP frame (+ module), then the trace. */
#define OOPS(rip, trace) \
	L "BUG: kernel NULL pointer dereference, address: 0000000000000008\n" \
	L "RIP: 0010:" rip "\n" L "Call Trace:\n" L " <TASK>\n" trace L " </TASK>\n"

static const struct bcase bcases[] = {
	{ "unique", OOPS("ext4_writepages+0x1a/0x80", L " do_writepages+0x28/0x1b0\n"),
	  "fs/ext4/inode.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	{ "a clone (.isra)",
	  OOPS("btusb_probe.isra.0+0x1a/0x80 [btusb]", L " usb_probe_interface+0x28/0x1b0\n"),
	  "drivers/bluetooth/btusb.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* static, in libertas/if_usb.c (usb8xxx) and libertas_tf/if_usb.c */
	{ "by module", OOPS("__if_usb_submit_rx_urb+0x1a/0x80 [usb8xxx]", L " x+0x28/0x1b0\n"),
	  "drivers/net/wireless/marvell/libertas/if_usb.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	{ "by module, the other", OOPS("__if_usb_submit_rx_urb+0x1a/0x80 [libertas_tf_usb]", ""),
	  "drivers/net/wireless/marvell/libertas_tf/if_usb.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* _afe_init: rtw8852a_rfk.c and rtw8852b_rfk.c; its caller only in the first */
	{ "by module objects", OOPS("_afe_init+0x1a/0x80 [rtw89_8852b]", ""),
	  "drivers/net/wireless/realtek/rtw89/rtw8852b_rfk.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	{ "by neighbours", OOPS("_afe_init+0x1a/0x80", L " _dpk_kip_setting+0x28/0x1b0\n"),
	  "drivers/net/wireless/realtek/rtw89/rtw8852a_rfk.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* a neighbour defined twice counts for neither (CI's fuzz-analyze overflow) */
	{ "ambiguous neighbour", OOPS("_afe_init+0x1a/0x80", L " _afe_init+0x28/0x1b0\n"),
	  "drivers/net/wireless/realtek/rtw89/", KB_SRC_INDEX, KB_CONF_LOW },
	{ "ambiguous: the common directory", OOPS("_afe_init+0x1a/0x80", ""),
	  "drivers/net/wireless/realtek/rtw89/", KB_SRC_INDEX, KB_CONF_LOW },
	/* amdgpu's Makefile reaches display/ through $(AMDGPUPATH): not in its directory */
	{ "module, defined outside its directory, by neighbours",
	  OOPS("CalculatePrefetchSourceLines+0x1a/0x80 [amdgpu]",
	       L " dml20v2_ModeSupportAndSystemConfigurationFull+0x28/0x1b0 [amdgpu]\n"),
	  "drivers/gpu/drm/amd/display/dc/dml/dcn20/display_mode_vba_20v2.c", KB_SRC_INDEX,
	  KB_CONF_MEDIUM },
	{ "module, defined outside its directory: their common directory",
	  OOPS("CalculatePrefetchSourceLines+0x1a/0x80 [amdgpu]", ""),
	  "drivers/gpu/drm/amd/display/dc/", KB_SRC_INDEX, KB_CONF_LOW },
	/* the index puts __free_irq, free_irq, devm_free_irq in kernel/irq/: skipped */
	{ "a skipped file found through the index",
	  OOPS("__free_irq+0x221/0x350", L " free_irq+0x30/0x70\n" L " devm_free_irq+0x55/0x80\n"
	       L " mt7921_pci_remove+0x2f/0x40 [mt7921e]\n" L " pci_device_remove+0x3b/0xa0\n"),
	  "drivers/net/wireless/mediatek/mt76/mt7921/pci.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* lockdep: the place that takes the lock ("at: %pS"), not the chain's frames */
	{ "lockdep: the function after at:",
	  L "======================================================\n"
	  L "WARNING: possible circular locking dependency detected\n"
	  L "6.12.0 #1 Not tainted\n"
	  L "------------------------------------------------------\n"
	  L "wpa_supplicant/875 is trying to acquire lock:\n"
	  L "ffff888148cb8198 (&rtwdev->mutex){+.+.}-{3:3}, at: rtw_ops_config+0x33/0xd0 [rtw88_core]\n"
	  L "\n" L "but task is already holding lock:\n"
	  L "ffff888148cb2988 (&local->iflist_mtx){+.+.}-{3:3}, at: "
	  "ieee80211_offchannel_stop_vifs+0x4c/0x170 [mac80211]\n"
	  L "\n" L "the existing dependency chain (in reverse order) is:\n"
	  L "\n" L "-> #1 (&local->iflist_mtx){+.+.}-{3:3}:\n"
	  L "       __mutex_lock_common+0xab/0xde0\n"
	  L "       mutex_lock_nested+0x1c/0x30\n"
	  L "       ieee80211_iterate_interfaces+0x2a/0x50 [mac80211]\n",
	  "drivers/net/wireless/realtek/rtw88/mac80211.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	{ "unknown function, known module", OOPS("no_such_fn_here+0x1a/0x80 [iwlmvm]", ""),
	  "drivers/net/wireless/intel/iwlwifi/mvm/", KB_SRC_MODULE, KB_CONF_MEDIUM },
	{ "unknown function, single-file module", OOPS("no_such_fn_here+0x1a/0x80 [btusb]", ""),
	  "drivers/bluetooth/btusb.c", KB_SRC_MODULE, KB_CONF_MEDIUM },
	/* built in, gone from 6.12: the directory of the functions with its prefix */
	{ "unknown built-in function, a subsystem's prefix", OOPS("ext4_no_such_fn+0x1a/0x80", ""),
	  "fs/ext4/", KB_SRC_INDEX, KB_CONF_LOW },
	/* "do_" starts functions all over the tree: it says nothing */
	{ "unknown built-in function, a generic prefix", OOPS("do_no_such_fn+0x1a/0x80", ""),
	  NULL, NULL, KB_CONF_LOW },
	/* a pasted excerpt: no frame parsed, the title's function looked up */
	{ "the title's function",
	  L "BUG: KFENCE: use-after-free read in bfq_exit_icq_bfqq+0x1a/0x80\n" L "\n"
	  L "Use-after-free read at 0x00000000deadbeef (in kfence-#12):\n",
	  "block/bfq-iosched.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/*
	 * cut before the trace: the last lock lockdep lists as held
	 * (print_lock()'s "at: %pS") is where the task was, a guess
	 */
	{ "held locks",
	  L "BUG: sleeping function called from invalid context at kernel/locking/spinlock_rt.c:48\n"
	  L "in_atomic(): 0, irqs_disabled(): 1, non_block: 0, pid: 75, name: wpa\n"
	  L "2 locks held by wpa/75:\n"
	  L " #0: ffff0001 (&local->mtx){+.+.}-{4:4}, at: ieee80211_do_open+0x4c/0xd8 [mac80211]\n"
	  L " #1: ffff0002 (&mvm->mutex){+.+.}-{4:4}, at: iwl_mvm_mac_start+0x2a/0x80 [iwlmvm]\n"
	  L "irq event stamp: 4470\n",
	  "drivers/net/wireless/intel/iwlwifi/mvm/mac80211.c", KB_SRC_INDEX, KB_CONF_LOW },
	/* the frames reached all report (an assert helper); a "? " word is left */
	{ "machinery, then a guess",
	  L "Showing stack for process 6711\n" L "Call Trace:\n" L " <TASK>\n"
	  L " show_stack+0x52/0x5c\n" L " dump_stack_lvl+0x4a/0x63\n"
	  L " dump_stack+0x10/0x16\n" L " ? ext4_writepages+0x134/0x540\n",
	  "fs/ext4/inode.c", KB_SRC_INDEX, KB_CONF_LOW },
	/*
	 * i386's "EIP is at", offsets with a blog's multiplication sign for x,
	 * and the driver core's registration acting for the module's init
	 */
	{ "0\u00d7 offsets, driver registration",
	  L "Unable to handle kernel paging request at virtual address f899b670\n"
	  L "Oops: 0002 [#1]\n" L "EIP is at kobject_add+0" TIMES "83/0xd7\n"
	  L "Call Trace:\n" L "[] kobject_register+0" TIMES "19/0" TIMES "39\n"
	  L "[] bus_add_driver+0" TIMES "36/0" TIMES "97\n"
	  L "[] driver_register+0" TIMES "82/0" TIMES "89\n"
	  L "[] pci_register_driver+0" TIMES "85/0xa1\n"
	  L "[] e1000_init_module+0xa/0" TIMES "14 [e1000]\n",
	  "drivers/net/ethernet/intel/e1000/e1000_main.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/*
	 * a distribution kernel: the header names the helper's file (__FILE__),
	 * the frames none; the index places them and the helper is skipped
	 */
	{ "header file of a helper, frames by the index",
	  L "------------[ cut here ]------------\n"
	  L "refcount_t: underflow; use-after-free.\n"
	  L "WARNING: CPU: 2 PID: 77 at lib/refcount.c:28 refcount_warn_saturate+0x8c/0x110\n"
	  L "RIP: 0010:refcount_warn_saturate+0x8c/0x110\n" L "Call Trace:\n" L " <TASK>\n"
	  L " ? __warn+0x7d/0x130\n" L " ext4_writepages+0x1a/0x80\n"
	  L " do_writepages+0x28/0x1b0\n" L " </TASK>\n",
	  "fs/ext4/inode.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* a function renamed since: its prefix's directory that holds its caller */
	{ "unknown function, the prefix's directory of its caller",
	  OOPS("ipc_no_such_fn+0x44/0x50", L " semctl_main+0x20d/0x1ba0\n"),
	  "ipc/", KB_SRC_INDEX, KB_CONF_LOW },
	/*
	 * gone since 3.x, and so is its caller: the caller's prefix (ext4_)
	 * names the directory, one of the two that "mpage_" functions share
	 */
	{ "unknown function, its unknown caller's prefix",
	  OOPS("mpage_no_such_fn+0x2c6/0x2dc", L " ext4_no_such_writepages+0x2d4/0x465\n"),
	  "fs/ext4/", KB_SRC_INDEX, KB_CONF_LOW },
	/* a leaf helper faulted and no trace follows: ARM's link register names its caller */
	{ "ARM's LR is at the helper's caller",
	  L "Unable to handle kernel paging request at virtual address 000b0050\n"
	  L "Internal error: Oops: 5 [#1] SMP ARM\n"
	  L "Modules linked in: cifs md4\n"
	  L "PC is at strnlen+0x20/0x38\n"
	  L "LR is at cifs_get_volume_info+0xd8/0x1448 [cifs]\n",
	  "fs/smb/client/", KB_SRC_MODULE, KB_CONF_MEDIUM },
	{ "arm64's lr : is the helper's caller",
	  L "Unable to handle kernel NULL pointer dereference at virtual address 0000000000000000\n"
	  L "Internal error: Oops: 0000000096000005 [#1] PREEMPT SMP\n"
	  L "pc : strlen+0x10/0x80\n"
	  L "lr : ext4_fill_super+0x8c/0x1f0\n",
	  "fs/ext4/super.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* no frame at all: the work the kworker ran (print_worker_info()), a guess */
	{ "the kworker's work function",
	  L "BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
	  L "Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
	  L "CPU: 1 PID: 10366 Comm: kworker/u64:0 Tainted: G        W         6.1.1 #1\n"
	  L "Workqueue: cfg80211 cfg80211_event_work [cfg80211]\n" L "RIP: 0010:0x0\n",
	  "net/wireless/core.c", KB_SRC_INDEX, KB_CONF_LOW },
	/* sysfs_warn_dup()'s dump: sysfs, kobject, device and hwmon register for the module */
	{ "a duplicate sysfs name: the code that registers it",
	  L "sysfs: cannot create duplicate filename '/devices/platform/thinkpad_hwmon/hwmon'\n"
	  L "Call Trace:\n" L " <TASK>\n" L " dump_stack_lvl+0x44/0x5c\n"
	  L " sysfs_warn_dup.cold+0x17/0x24\n" L " sysfs_create_dir_ns+0xc4/0xe0\n"
	  L " kobject_add_internal+0xb4/0x2c0\n" L " kobject_add+0x7f/0xb0\n"
	  L " device_add+0x139/0x850\n"
	  L " hwmon_device_register_with_info+0x2a0/0x5e0 [hwmon]\n"
	  L " thinkpad_acpi_module_init+0x5a0/0x7f0 [thinkpad_acpi]\n"
	  L " do_one_initcall+0x44/0x200\n",
	  "drivers/platform/x86/thinkpad_acpi.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/*
	 * DMA-API debugging checks the driver's unmap: the index says
	 * check_unmap() is kernel/dma/debug.c's own, a framework checking its
	 * client, so the blame goes on to the driver
	 */
	{ "a framework's check of its client",
	  L "DMA-API: iwlwifi 0000:00:14.3: device driver frees DMA memory with different size\n"
	  L "WARNING: CPU: 2 PID: 812 at kernel/dma/debug.c:1021 check_unmap+0x6ea/0x8a0\n"
	  L "RIP: 0010:check_unmap+0x6ea/0x8a0\n" L "Call Trace:\n" L " <IRQ>\n"
	  L " ? __warn+0x89/0x130\n"
	  L " debug_dma_unmap_page+0x79/0xa0 kernel/dma/debug.c:1381\n"
	  L " iwl_pcie_rx_handle+0x2f1/0xa20 [iwlwifi]\n"
	  L " irq_thread_fn+0x20/0x60 kernel/irq/manage.c:1188\n" L " </IRQ>\n",
	  "drivers/net/wireless/intel/iwlwifi/pcie/rx.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* DRM's atomic helper waited for a vblank the driver's display never gave */
	{ "a DRM helper's timeout: the driver",
	  L "WARNING: CPU: 1 PID: 160 at drivers/gpu/drm/drm_atomic_helper.c:1682 "
	  "drm_atomic_helper_wait_for_vblanks.part.0+0x245/0x260 [drm_kms_helper]\n"
	  L "Workqueue: events_unbound commit_work [drm_kms_helper]\n"
	  L "RIP: 0010:drm_atomic_helper_wait_for_vblanks.part.0+0x245/0x260 [drm_kms_helper]\n"
	  L "Call Trace:\n" L " <TASK>\n" L " ? __warn+0x89/0x130\n"
	  L " intel_atomic_commit_tail+0xd5e/0x1650 [i915]\n" L " process_one_work+0x17e/0x330\n"
	  L " worker_thread+0x2e0/0x400\n" L " </TASK>\n",
	  "drivers/gpu/drm/i915/display/intel_display.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* the trace cut inside the machinery: DMA-API's message names the device's driver */
	{ "a warning's dev_printk prefix",
	  L "WARNING: CPU: 0 PID: 0 at kernel/dma/debug.c:973 check_unmap+0x1f8/0x9c4\n"
	  L "DMA-API: ftgmac100 1e670000.ftgmac: device driver frees DMA memory with different size\n"
	  L "Call Trace:\n" L " dump_stack+0xc8/0xe4\n" L " __warn+0xe4/0x150\n"
	  L " warn_slowpath_fmt+0xa0/0xe4\n" L " check_unmap+0x1f8/0x9c4\n",
	  "drivers/net/ethernet/faraday/ftgmac100.c", KB_SRC_MESSAGE, KB_CONF_MEDIUM },
	/* a function nothing places (no definition, no prefix's directory): its caller */
	{ "an unplaced function, then its caller",
	  L "WARNING: CPU: 0 PID: 509 at arch/arm/mm/dma-mapping.c:903 __arm_dma_free+0x10c/0x12c\n"
	  L "Call Trace:\n" L " __arm_dma_free+0x10c/0x12c\n" L " qq_no_such_fn+0x24/0x2c\n"
	  L " ftgmac100_free_rings+0x114/0x208\n" L " ftgmac100_stop+0xa0/0xbc\n",
	  "drivers/net/ethernet/faraday/ftgmac100.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* the header's file is the WARN site's, not its caller's: the index places the caller */
	{ "the site's file is not its caller's",
	  L "WARNING: CPU: 0 PID: 890 at drivers/base/core.c:818 device_release+0x94/0xa4\n"
	  L "Call Trace:\n" L " device_release+0x94/0xa4\n" L " kobject_put+0xd0/0x1ec\n"
	  L " device_unregister+0x34/0x6c\n" L " fsi_master_gpio_remove+0x78/0x80\n"
	  L " platform_remove+0x34/0x4c\n",
	  "drivers/fsi/fsi-master-gpio.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* every frame shown is the driver core's: a "? " word with a place is the guess */
	{ "helpers to the cut, then a placed stack word",
	  L "WARNING: CPU: 0 PID: 14 at fs/sysfs/dir.c:31 sysfs_warn_dup+0x62/0x80\n"
	  L "Call Trace:\n" L " sysfs_warn_dup+0x62/0x80\n" L " sysfs_create_dir_ns+0x77/0x90\n"
	  L " kobject_add_internal+0xaa/0x330\n" L " ? vsnprintf+0x35b/0x4c0\n"
	  L " device_add+0x119/0x670\n" L " ? btusb_probe+0x120/0x120 [btusb]\n"
	  L " device_create+0x51/0x70\n",
	  "drivers/bluetooth/btusb.c", KB_SRC_INDEX, KB_CONF_LOW },
	/* lockdep's trace cut inside the reporting machinery: the last lock held */
	{ "held locks after machinery frames",
	  L "[ BUG: Invalid wait context ]\n" L "mount/4161 is trying to lock:\n"
	  L "ffff0001ff50b8f0 ((&c->lock)){+.+.}-{3:3}, at: ___slab_alloc+0x78/0xd5c\n"
	  L "2 locks held by mount/4161:\n"
	  L " #0: ffff0001 (&local->mtx){+.+.}-{4:4}, at: ieee80211_do_open+0x4c/0xd8 [mac80211]\n"
	  L " #1: ffff0002 (&mvm->mutex){+.+.}-{4:4}, at: iwl_mvm_mac_start+0x2a/0x80 [iwlmvm]\n"
	  L "stack backtrace:\n" L "Call trace:\n" L " show_stack+0x14/0x1c\n"
	  L " dump_stack_lvl+0xbc/0x134\n" L " dump_stack+0x14/0x1c\n",
	  "drivers/net/wireless/intel/iwlwifi/mvm/mac80211.c", KB_SRC_INDEX, KB_CONF_LOW },
	/* KASAN's header names the access's function; the trace was cut in dump_stack() */
	{ "a sanitizer's header site, the trace cut",
	  L "BUG: KASAN: use-after-free in btusb_intr_complete+0x604/0x6f0\n" L "Call Trace:\n"
	  L "<IRQ>\n" L "__dump_stack lib/dump_stack.c:16\n"
	  L "dump_stack+0x292/0x395 lib/dump_stack.c:52\n",
	  "drivers/bluetooth/btusb.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* a hung kernel thread cut in the scheduler: its name starts with its subsystem's prefix */
	{ "a hung kernel thread's name",
	  L "INFO: task jbd2/sda1-8:312 blocked for more than 120 seconds.\n" L "Call Trace:\n"
	  L " schedule+0x35/0x90\n" L " io_schedule+0x16/0x40\n",
	  "fs/jbd2/", KB_SRC_INDEX, KB_CONF_LOW },
	/* hung tasks in a series: the first one's header was cut, its whole trace is there */
	{ "a hung task's trace tail before the next hung task",
	  L "Call Trace:\n" L " [<ffffffff8176b829>] schedule_preempt_disabled+0x29/0x70\n"
	  L " [<ffffffffc04c5d7a>] e1000_clean+0x4a/0x170 [e1000]\n"
	  L " [<ffffffff810915a2>] kthread+0xd2/0xf0\n"
	  L " [<ffffffff8176f2d8>] ret_from_fork+0x58/0x90\n"
	  L "INFO: task nfsd:1794 blocked for more than 120 seconds.\n",
	  "drivers/net/ethernet/intel/e1000/e1000_main.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* waiting in the scheduler, cut short: the work, not a stale "? " word */
	{ "the kworker's work before a stale word",
	  L "INFO: task kworker/u66:0:70 blocked for more than 120 seconds.\n"
	  L "Workqueue: ksmbd-io handle_ksmbd_work [ksmbd]\n" L "Call Trace:\n"
	  L " schedule+0x39/0x80\n" L " schedule_timeout+0x237/0x2d0\n"
	  L " ? ext4_writepages+0x24/0x30\n" L " wait_for_completion+0x9f/0x110\n",
	  "fs/smb/server/server.c", KB_SRC_INDEX, KB_CONF_LOW },
	/* a helper the excerpt shows no caller of: the work its worker ran, a guess */
	{ "a helper without callers, then the work",
	  L "BUG: kernel NULL pointer dereference, address: 0000000000000010\n"
	  L "Oops: 0000 [#1] PREEMPT SMP PTI\n"
	  L "Workqueue: ksmbd-io handle_ksmbd_work [ksmbd]\n"
	  L "RIP: 0010:idr_remove+0x1/0x20\n",
	  "fs/smb/server/server.c", KB_SRC_INDEX, KB_CONF_LOW },
	/* "[mod buildid]" (CONFIG_STACKTRACE_BUILD_ID): the module is the name */
	{ "a module tag with its build ID",
	  OOPS("hid_process_event+0x10e/0x160", L " hid_report_raw_event+0x763/0xac0\n"
	       L " i2c_hid_irq+0x137/0x1c0 [i2c_hid 93a6a330bc5a69c91125ab6f51a82509be2e9c49]\n"),
	  "drivers/hid/hid-core.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* an excerpt that starts inside the trace: the frames are the report */
	{ "a trace's tail pasted alone",
	  L " i915_pci_probe+0x3f/0x120 [i915]\n" L " local_pci_probe+0x3d/0x70\n"
	  L " pci_device_probe+0xd0/0x150\n" L " really_probe+0x1eb/0x320\n",
	  "drivers/gpu/drm/i915/i915_pci.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* no frame but reporting machinery: the WARN()'s message names the code (%pB) */
	{ "the WARN message's symbol",
	  L "------------[ cut here ]------------\n"
	  L "refcount_t overflow at afs_cache_permit+0x57d/0x5c0 [kafs] in cc1[562], uid/euid: 0/0\n"
	  L "WARNING: CPU: 0 PID: 562 at kernel/panic.c:657 refcount_error_report+0x9c/0xac\n"
	  L "...\n",
	  "fs/afs/security.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* an excerpt cut before the trace: the message printed right before it */
#define CUT_OOPS L "BUG: kernel NULL pointer dereference, address: 0000000000000219\n" \
	L "#PF: supervisor read access in kernel mode\n" L "Oops: 0000 [#1] SMP NOPTI\n" \
	L "CPU: 6 UID: 0 PID: 770 Comm: mount Not tainted 6.15.4-200.fc42.x86_64 #1\n"
	{ "a filesystem's message before a cut oops",
	  L "BTRFS info (device nvme0n1p3): start tree-log replay\n" CUT_OOPS,
	  "fs/btrfs/", KB_SRC_GUESS, KB_CONF_LOW },
	{ "a pr_fmt tag before a cut oops",
	  L "CIFS: Attempting to mount //192.168.13.253/u03\n" L "No dialect specified\n" CUT_OOPS,
	  "fs/smb/client/", KB_SRC_GUESS, KB_CONF_LOW },
	{ "a bus's message names no driver",
	  L "pci 0000:00:1c.0: PME# supported from D0 D3hot D3cold\n" CUT_OOPS,
	  NULL, NULL, KB_CONF_LOW },
	{ "a message further back is not the context",
	  L "EXT4-fs (sda1): mounted filesystem\n" L "a\n" L "b\n" L "c\n" L "d\n" CUT_OOPS,
	  NULL, NULL, KB_CONF_LOW },
	/* 6.16's WARN header names the file before " at ": a client check's caller */
	{ "a 6.16 WARN header in a framework's leak check",
	  L "WARNING: drivers/gpu/drm/drm_mode_config.c:578 at drm_mode_config_cleanup+0x2e7/0x300"
	  ", CPU#2: kexec/1300\n"
	  L "Call Trace:\n" L " <TASK>\n"
	  L " nouveau_display_destroy+0x39/0x70 [nouveau]\n"
	  L " nouveau_drm_device_fini+0x7b/0x1f0 [nouveau]\n"
	  L " pci_device_shutdown+0x35/0x60\n",
	  "drivers/gpu/drm/nouveau/nouveau_display.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* mm's check of a freed page, its trace cut: the check's own file, a guess */
	{ "a bad page with no trace",
	  L "BUG: Bad page state in process omicli  pfn:2663ff\n"
	  L "page dumped because: nonzero mapcount\n",
	  "mm/page_alloc.c", KB_SRC_GUESS, KB_CONF_LOW },
	/* dev_printk()'s first word is the driver's .name, which no module is called */
	{ "a platform driver's name",
	  L "i2c_designware 1f00080000.i2c: controller timed out\n",
	  "drivers/i2c/busses/i2c-designware-platdrv.c", KB_SRC_MESSAGE, KB_CONF_LOW },
	{ "a machine driver's name",
	  L "bytcht_es8316 bytcht_es8316: snd_soc_register_card failed -517\n",
	  "sound/soc/intel/boards/bytcht_es8316.c", KB_SRC_MESSAGE, KB_CONF_LOW },
	/* a controller's instance name is its driver's and a number */
	{ "a SCSI controller's instance", L "mpt3sas_cm0: fault_state(0x5862)!\n",
	  "drivers/scsi/mpt3sas/mpt3sas_base.c", KB_SRC_MESSAGE_INDEX, KB_CONF_LOW },
	{ "a failure said with could not",
	  L "ice 0000:01:00.0: The DDP package file was not found or could not be read.\n",
	  "drivers/net/ethernet/intel/ice/", KB_SRC_MESSAGE, KB_CONF_LOW },
	/* a reset is a failure's sequel: alone it is the report, after one it is not */
	{ "a driver resetting its hardware",
	  L "ixgbe 0000:01:00.1 eth1: initiating reset to clear Tx work after link loss\n",
	  "drivers/net/ethernet/intel/ixgbe/ixgbe_main.c", KB_SRC_MESSAGE_INDEX, KB_CONF_LOW },
	{ "a reset after another driver's failure",
	  L "sky2 0000:02:00.0: error interrupt status=0x80000000\n"
	  L "e1000e 0000:00:1f.6 eno1: Reset adapter unexpectedly\n",
	  "drivers/net/ethernet/marvell/sky2.c", KB_SRC_MESSAGE, KB_CONF_LOW },
	/* pr_fmt(KBUILD_MODNAME ": ") of a SCSI host adapter's driver */
	{ "a host adapter's module", L "aacraid: Host adapter abort request (0,1,3,0)\n",
	  "drivers/scsi/aacraid/linit.c", KB_SRC_MESSAGE_INDEX, KB_CONF_LOW },
	/* netdev_printk() of a net device not registered yet */
	{ "an unregistered net device",
	  L "ax88179_178a 1-1:2.1 (unregistered net_device): Failed to write reg index 0x0001: -19\n",
	  "drivers/net/usb/ax88179_178a.c", KB_SRC_MESSAGE, KB_CONF_LOW },
	/* the old form of a trace's frames, pasted without its header */
	{ "a pre-4.x trace's tail",
	  "2663 [   94.901485] [<ffffff99b8c7e98c>] submit_bh_wbc.isra.19+0x15c/0x1b0\n"
	  "2664 [   94.901500] [<ffffff99b8c81194>] __sync_dirty_buffer+0xa4/0x100\n",
	  "fs/buffer.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* O on a module the tree builds: its own driver built outside (backports) */
	{ "a backported tree driver loaded last",
	  L "WARNING: CPU: 1 PID: 1 at kernel/workqueue.c:4230 __flush_work+0x38/0x400\n"
	  L "Modules linked in: brcmfmac_wcc(O) pppoe brcmfmac(O) cfg80211(O)\n"
	  L "CPU: 1 PID: 1 Comm: kworker/1:1 Tainted: G           O       6.6.52 #0\n",
	  "drivers/net/wireless/broadcom/brcm80211/brcmfmac/wcc/", KB_SRC_MODULE, KB_CONF_LOW },
	/* a class's devices print the class: of two modules "tpm", drivers/char/tpm's */
	{ "a class's name and its subsystem's directory", L "tpm tpm0: Operation Timed out\n",
	  "drivers/char/tpm/tpm-interface.c", KB_SRC_MESSAGE_INDEX, KB_CONF_LOW },
	/* a family's pattern (mt76*) does not take a driver built elsewhere */
	{ "mt7601u is not mt76", L "mt7601u 8-3:1.0: Vendor request req:02 off:0080 failed:-71\n",
	  "drivers/net/wireless/mediatek/mt7601u/usb.c", KB_SRC_MESSAGE_INDEX, KB_CONF_LOW },
	/* the MMC host libraries' register dumps under the host's name */
	{ "SDHCI's dump", L "mmc0: sdhci: Timeout:   0x00000001 | Int stat: 0x00000000\n",
	  "drivers/mmc/host/sdhci.c", KB_SRC_MESSAGE, KB_CONF_LOW },
	/* arm: a function 6.12 no longer has, the trace cut: the link register's */
	{ "an unplaced PC and arm's LR",
	  L "Unable to handle kernel NULL pointer dereference at virtual address 00000014\n"
	  L "Internal error: Oops: 5 [#1] SMP ARM\n"
	  L "PC is at no_such_function_in_linux+0x8/0x18\n"
	  L "LR is at elm_config+0x10/0x50\n",
	  "drivers/mtd/nand/raw/omap_elm.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* NULL loaded in an API's first instructions: its caller passed it */
	{ "a NULL argument to another directory's API",
	  L "Unable to handle kernel NULL pointer dereference at virtual address 00000208\n"
	  L "Internal error: Oops: 17 [#1] SMP ARM\n"
	  L "PC is at phy_ethtool_ksettings_get+0x1c/0x94\n"
	  L "LR is at lan78xx_get_link_ksettings+0x3c/0x4c\n",
	  "drivers/net/usb/lan78xx.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	{ "a NULL dereference deeper in the function",
	  L "Unable to handle kernel NULL pointer dereference at virtual address 00000208\n"
	  L "Internal error: Oops: 17 [#1] SMP ARM\n"
	  L "PC is at phy_ethtool_ksettings_get+0x7c/0x94\n"
	  L "LR is at lan78xx_get_link_ksettings+0x3c/0x4c\n",
	  "drivers/net/phy/phy.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	{ "a NULL argument within one directory",
	  L "BUG: kernel NULL pointer dereference, address: 0000000000000010\n"
	  L "Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
	  L "RIP: 0010:phy_ethtool_ksettings_get+0x1c/0x94\n"
	  L "Call Trace:\n" L " <TASK>\n"
	  L " phy_ethtool_get_link_ksettings+0x20/0x30\n"
	  L " __ethtool_get_link_ksettings+0x6e/0xa0\n",
	  "drivers/net/phy/phy.c", KB_SRC_INDEX, KB_CONF_MEDIUM },
	/* an out-of-tree module's function named like a tree one: not the tree's */
	{ "unknown module", OOPS("ext4_writepages+0x1a/0x80 [vendorfs]", ""), NULL,
	  KB_SRC_MODULE, KB_CONF_LOW },
};

static void test_blame(void **state)
{
	size_t i;
	int bad = 0;

	(void)state;
	shipped();
	for (i = 0; i < ARRAY_SIZE(bcases); i++) {
		const struct bcase *c = &bcases[i];
		struct json_object *res, *r = first(c->log, &res);
		const char *file = kj_get_str(r, "guilty_file");
		const char *src = kj_get_str(r, "blame_source");
		const char *conf = kj_get_str(r, "confidence");

		if ((c->file ? !file || strcmp(file, c->file) : !!file) ||
		    (c->source ? !src || strcmp(src, c->source) : !!src) ||
		    !conf || strcmp(conf, c->confidence)) {
			print_error("%s: got %s %s %s, want %s %s %s\n", c->name, file, src, conf,
				    c->file, c->source, c->confidence);
			bad++;
		}
		json_object_put(res);
	}
	assert_int_equal(bad, 0);
}

struct pcase {
	const char *in, *out;	/* out NULL: not in the tree */
};

static void test_paths(void **state)
{
	static const struct pcase cases[] = {
		{ "fs/ext4/inode.c", "fs/ext4/inode.c" },
		{ "./fs//ext4/./inode.c", "fs/ext4/inode.c" },
		{ "drivers/gpu/drm/amd/amdgpu/../display/dc/core/dc.c",
		  "drivers/gpu/drm/amd/display/dc/core/dc.c" },
		{ "arch/x86/kvm/../../../virt/kvm/kvm_main.c", "virt/kvm/kvm_main.c" },
		{ "/home/u/rpmbuild/BUILD/kernel-6.12.5/linux-6.12.5-200.fc41.x86_64/fs/btrfs/inode.c",
		  "fs/btrfs/inode.c" },
		{ "/build/linux-Xy12ab/net/ipv4/tcp.c", "net/ipv4/tcp.c" },
		{ "/usr/src/kernels/6.12.0-55.el10.x86_64/mm/slub.c", "mm/slub.c" },
		{ "/kernel-source//net/core/dev.c", "net/core/dev.c" },
		{ "kernel-source//net/core/dev.c", "net/core/dev.c" },
		/* relative to a build directory outside the tree: make O=, Android's */
		{ "../drivers/mmc/host/sdhci.c", "drivers/mmc/host/sdhci.c" },
		{ "../../../../kernel/sony/msm/drivers/mmc/host/sdhci.c",
		  "drivers/mmc/host/sdhci.c" },
		{ "../drivers/mmc/host/sdhci-gone.c", "drivers/mmc/host/sdhci-gone.c" },
		/* not in 6.12, but a directory of it: kept */
		{ "/build/linux-5.4/drivers/net/ethernet/intel/e1000/e1000_old.c",
		  "drivers/net/ethernet/intel/e1000/e1000_old.c" },
		{ "/build/linux-5.4/drivers/staging/gone/old.c", NULL },
		/* moved since: the directory of that name in 6.12 */
		{ "/home/u/k/linux-2.6.38/drivers/net/wireless/iwlwifi/iwl-agn.c",
		  "drivers/net/wireless/intel/iwlwifi/" },
		{ "/var/lib/dkms/nvidia/550.54/build/nvidia/os-interface.c", NULL },
		{ "/opt/vendor/src/mydrv/main.c", NULL },
		{ "inode.c", NULL },
	};
	char out[256], name[64];
	size_t i;

	(void)state;
	shipped();
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		bool in = kb_path_tree(cases[i].in, out, sizeof(out));

		if (cases[i].out) {
			if (!in)
				fail_msg("%s: not placed in the tree", cases[i].in);
			assert_string_equal(out, cases[i].out);
		} else if (in) {
			fail_msg("%s: placed at %s", cases[i].in, out);
		}
	}
	assert_true(kb_path_dkms_module("/var/lib/dkms/nvidia/550.54/build/os.c", name,
					sizeof(name)));
	assert_string_equal(name, "nvidia");
	/* a vendor's word before the module's own directory of the build */
	assert_true(kb_path_dkms_module("/var/lib/dkms/xrt-amdxdna/2.17.0/build/driver/amdxdna/"
					"npu1_message.c", name, sizeof(name)));
	assert_string_equal(name, "amdxdna");
	assert_true(kb_path_dkms_module("/var/lib/dkms/zfs/2.1.5/build/module/zfs/zio.c", name,
					sizeof(name)));
	assert_string_equal(name, "zfs");
	assert_true(kb_path_dkms_module("/var/lib/dkms/rtl8812au/5.6/build/core/rtw_xmit.c", name,
					sizeof(name)));
	assert_string_equal(name, "rtl8812au");
	assert_true(kb_path_dkms_module("/var/lib/dkms/leetmouse-driver/0.9.1/build/driver/util.c",
					name, sizeof(name)));
	assert_string_equal(name, "leetmouse");
	assert_true(kb_path_outside("/var/lib/dkms/nvidia/550.54/build/os.c"));
	assert_false(kb_path_outside("fs/ext4/inode.c"));
}

static void test_out_of_tree(void **state)
{
	static const char log[] =
		L "------------[ cut here ]------------\n"
		L "WARNING: CPU: 3 PID: 812 at /var/lib/dkms/nvidia/550.54/build/nvidia/"
		"os-interface.c:1234 os_dump_stack+0x1a/0x30 [nvidia]\n"
		L "Call Trace:\n" L " <TASK>\n" L " os_dump_stack+0x1a/0x30 [nvidia]\n"
		L " rm_init_adapter+0x28/0x1b0 [nvidia]\n" L " </TASK>\n"
		L "---[ end trace 0000000000000000 ]---\n";
	static const char site_log[] =
		L "WARNING: CPU: 4 PID: 0 at lib/list_debug.c:62 netflow_target+0x68f/0xfd0 "
		"[ipt_NETFLOW]\n"
		L "list_del corruption. next->prev should be ffff92e8ae4f58f0\n"
		L "Modules linked in: ipt_NETFLOW(OE) xt_CT iptable_raw\n"
		L "Call Trace:\n" L " <IRQ>\n" L " [<ffffffffb0128e34>] ? dump_stack+0x5c/0x78\n"
		L " [<ffffffffafe76dde>] ? __warn+0xbe/0xe0\n"
		L " [<ffffffffafe76e5f>] ? warn_slowpath_fmt+0x5f/0x80\n";
	static const char bare_log[] =
		L "scap: loading out-of-tree module taints kernel.\n"
		L "------------[ cut here ]------------\n"
		L "UBSAN: array-index-out-of-bounds in main.c:860:27\n"
		L "index 0 is out of range for type 'ppm_proc_info [*]'\n"
		L "Call Trace:\n" L " <TASK>\n" L " show_stack+0x49/0x60\n"
		L " dump_stack_lvl+0x5f/0x90\n";
	static const char caller_log[] =
		"[   34.356517@3] WARNING: CPU: 3 PID: 1 at net/wireless/core.c:490 "
		"wiphy_new_nm+0x58c/0x630 [cfg80211]\n"
		"[   34.356518@3] Call trace:\n"
		"[   34.356519@3]  [ffffffc020123900+  64][<ffffffc008c7c87c>] "
		"wiphy_new_nm+0x58c/0x630 [cfg80211]\n"
		"[   34.356520@3]  [ffffffc020123940+  96][<ffffffc008da7f90>] "
		"wifi_mac_alloc_wdev+0x60/0x400 [vlsicomm]\n"
		"[   34.356521@3]  [ffffffc020123b10+  64][<ffffffc008d68330>] "
		"init_module+0x90/0x120 [vlsicomm]\n";
	static const char loading_log[] =
		L "Modules linked in: vboxdrv(OE+) qrtr bnep binfmt_misc intel_rapl_msr\n"
		L " btmtk crypto_simd snd_hda_core videodev cryptd\n";
	/* a vendor module's own assertion helper reports for its caller */
	static const char assert_log[] =
		L "VERIFY3(insert_inode_locked(ip) == 0) failed (-16 == 0)\n"
		L "SPLError: 23061:0:(zfs_znode.c:432:zfs_znode_alloc()) SPL PANIC\n"
		L "Call Trace:\n"
		L " [<ffffffffa00694d7>] spl_debug_dumpstack+0x27/0x40 [spl]\n"
		L " [<ffffffffa006a7b2>] spl_debug_bug+0x82/0xe0 [spl]\n"
		L " [<ffffffffa01b8568>] zfs_znode_alloc+0x518/0x550 [zfs]\n"
		L " [<ffffffffa01ba720>] zfs_zget+0x1a0/0x200 [zfs]\n";
	struct json_object *res, *r;

	(void)state;
	r = first(log, &res);
	assert_null(kj_get_str(r, "guilty_file"));
	assert_true(kj_get_bool(r, "out_of_tree", false));
	assert_string_equal(kj_get_str(r, "guilty_module"), "nvidia");
	json_object_put(res);
	r = first(assert_log, &res);
	assert_true(kj_get_bool(r, "out_of_tree", false));
	assert_string_equal(kj_get_str(r, "guilty_module"), "zfs");
	assert_string_equal(kj_get_str(r, "guilty_function"), "zfs_znode_alloc");
	json_object_put(res);
	/* only "? " words: the WARN()'s own function, a vendor module's */
	r = first(site_log, &res);
	assert_true(kj_get_bool(r, "out_of_tree", false));
	assert_string_equal(kj_get_str(r, "guilty_module"), "ipt_NETFLOW");
	json_object_put(res);
	/* the tree's code a vendor module called, its frame below: the vendor's */
	r = first(caller_log, &res);
	assert_true(kj_get_bool(r, "out_of_tree", false));
	assert_string_equal(kj_get_str(r, "guilty_module"), "vlsicomm");
	json_object_put(res);
	/* no frame at all: the vendor module being loaded ("+") */
	r = first(loading_log, &res);
	assert_true(kj_get_bool(r, "out_of_tree", false));
	assert_string_equal(kj_get_str(r, "guilty_module"), "vboxdrv");
	json_object_put(res);
	/* a bare file name: built with M=dir; the module whose load tainted the kernel */
	r = first(bare_log, &res);
	assert_true(kj_get_bool(r, "out_of_tree", false));
	assert_null(kj_get_str(r, "guilty_file"));
	assert_string_equal(kj_get_str(r, "guilty_module"), "scap");
	json_object_put(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_messages),
		cmocka_unit_test(test_error_place),
		cmocka_unit_test(test_lookups),
		cmocka_unit_test(test_blame),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_out_of_tree),
	};

	/* the unit tests run from the top of the source tree */
	if (!getenv("KBUG_INDEX"))
		setenv("KBUG_INDEX", IX_PATH, 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
