// SPDX-License-Identifier: GPL-2.0-or-later
/* probes/lookup.h over the fixture root tests/fixtures/laptop: modules and devices. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probes/lookup.h"
#include "util/path.h"
#include "util/strbuf.h"

/* tests/fixtures/NAME: from the source tree, wherever the test runs from. */
static const char *fixture(const char *name)
{
	static char buf[2 * PATH_MAX];
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int up;

	snprintf(buf, sizeof(buf), "tests/fixtures/%s", name);
	if (!access(buf, F_OK) || n <= 0)
		return buf;
	exe[n] = '\0';
	for (up = 0; up < 4 && strrchr(exe, '/'); up++)	/* build/tests/unit/test-x */
		*strrchr(exe, '/') = '\0';
	snprintf(buf, sizeof(buf), "%s/tests/fixtures/%s", exe, name);
	return buf;
}

static int setup(void **state)
{
	kbug_path_set_root(fixture("laptop"));
	return 0;
}

static int teardown(void **state)
{
	kbug_path_set_root(NULL);
	return 0;
}

static void expect_dir(const char *module, int ret, const char *dir)
{
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(kbug_module_source_dir(module, &sb), ret);
	if (dir)
		assert_string_equal(sb.buf, dir);
	strbuf_release(&sb);
}

static void test_source_dir_loadable(void **state)
{
	expect_dir("e1000e", 0, "drivers/net/ethernet/intel/e1000e/");
	expect_dir("i915", 0, "drivers/gpu/drm/i915/");
	expect_dir("btintel", 0, "drivers/bluetooth/");
}

static void test_source_dir_dash_underscore(void **state)
{
	expect_dir("snd_hda_intel", 0, "sound/pci/hda/");
	expect_dir("snd-hda-intel", 0, "sound/pci/hda/");
	expect_dir("snd-hda_codec", 0, "sound/pci/hda/");
}

static void test_source_dir_builtin(void **state)
{
	expect_dir("button", 0, "drivers/acpi/");
	expect_dir("xhci_pci", 0, "drivers/usb/host/");
	expect_dir("xhci-pci", 0, "drivers/usb/host/");
	expect_dir("usbcore", 0, "drivers/usb/core/");
}

static void test_source_dir_unknown_or_out_of_tree(void **state)
{
	expect_dir("nosuchmodule", -ENOENT, "");
	/* updates/dkms/nvidia.ko: not from the kernel tree */
	expect_dir("nvidia", -ENOENT, "");
	expect_dir("nvidia-modeset", -ENOENT, "");
	/* a prefix of a real name is not that name */
	expect_dir("e1000", -ENOENT, "");
	expect_dir("../etc/passwd", -EINVAL, "");
	expect_dir("", -EINVAL, "");
}

#define E1000_KO "/lib/modules/6.1.0/kernel/drivers/net/ethernet/intel/e1000/e1000.ko.xz"
#define RB_KO "/lib/modules/6.1.0/kernel/kernel/trace/ring_buffer_benchmark.ko"

static void test_path_source_dir(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(kbug_module_path_source_dir(E1000_KO, &sb), 0);
	assert_string_equal(sb.buf, "drivers/net/ethernet/intel/e1000/");
	assert_int_equal(kbug_module_path_source_dir("kernel/fs/ext4/ext4.ko.zst", &sb), 0);
	assert_string_equal(sb.buf, "fs/ext4/");
	assert_int_equal(kbug_module_path_source_dir("kernel/drivers/acpi/button.ko", &sb), 0);
	assert_string_equal(sb.buf, "drivers/acpi/");
	/* "kernel/" inside a component name does not count */
	assert_int_equal(kbug_module_path_source_dir("/opt/mykernel/foo/bar.ko", &sb), -ENOENT);
	assert_int_equal(kbug_module_path_source_dir("updates/dkms/nvidia.ko", &sb), -ENOENT);
	/* kernel/kernel/... (modules built from the tree's kernel/ directory) */
	assert_int_equal(kbug_module_path_source_dir(RB_KO, &sb), 0);
	assert_string_equal(sb.buf, "kernel/trace/");
	strbuf_release(&sb);
}

static void expect_dev(const char *dev, int ret, const char *drv, const char *mod)
{
	struct strbuf d = STRBUF_INIT, m = STRBUF_INIT;

	assert_int_equal(kbug_device_module(dev, &d, &m), ret);
	if (drv)
		assert_string_equal(d.buf, drv);
	if (mod)
		assert_string_equal(m.buf, mod);
	strbuf_release(&d);
	strbuf_release(&m);
}

static void test_device_pci(void **state)
{
	expect_dev("0000:00:1f.6", 0, "e1000e", "e1000e");
	expect_dev("00:1f.6", 0, "e1000e", "e1000e");
	expect_dev("pci:0000:00:02.0", 0, "i915", "i915");
	expect_dev("0000:00:1F.3", 0, "snd_hda_intel", "snd_hda_intel");
	/* built-in driver: no module link, the module is the driver's name */
	expect_dev("0000:00:14.0", 0, "xhci_hcd", "xhci_hcd");
	/* present but unbound */
	expect_dev("0000:02:00.0", -ENOENT, "", "");
	expect_dev("0000:00:09.0", -ENODEV, "", "");
	expect_dev("00:1f", -EINVAL, "", "");
	expect_dev("0000:00:1f.6/../../x", -EINVAL, "", "");
}

static void test_device_usb(void **state)
{
	expect_dev("usb:1-1", 0, "btusb", "btusb");
	/* a built-in hub driver is the only one of a hub */
	expect_dev("usb:1-3", 0, "hub", "usbcore");
	expect_dev("usb:usb1", 0, "hub", "usbcore");
	/* uvcvideo: module link to the driver's module */
	expect_dev("usb:1-2", 0, "uvcvideo", "uvcvideo");
	expect_dev("usb:1-9", -ENODEV, "", "");
	expect_dev("usb:../../etc", -EINVAL, "", "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_source_dir_loadable),
		cmocka_unit_test(test_source_dir_dash_underscore),
		cmocka_unit_test(test_source_dir_builtin),
		cmocka_unit_test(test_source_dir_unknown_or_out_of_tree),
		cmocka_unit_test(test_path_source_dir),
		cmocka_unit_test(test_device_pci),
		cmocka_unit_test(test_device_usb),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
