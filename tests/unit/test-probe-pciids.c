// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * probes/pci-ids.c names PCI devices from pci.ids: as libpci's
 * pci_lookup_name() does (a sample of the real pci.ids), and on texts of
 * the tests' own, odd ones included (out of order, malformed, CRLF, no
 * final newline, lines longer than the reader's block).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "probes/libs.h"
#include "util/json.h"
#include "util/strbuf.h"

#define PCI_IDS_FILE "/usr/share/misc/pci.ids"

static struct strbuf ids = STRBUF_INIT;
static struct pci_access *pacc;

static int setup(void **state)
{
	/* without the file, only the tests on texts of their own run */
	if (strbuf_read_file(&ids, PCI_IDS_FILE, 64u << 20) < 0)
		return 0;
	assert_int_equal(kbug_lib_load(KBUG_LIB_PCI, NULL), 0);
	pacc = kbug_libs.pci_alloc();
	kbug_libs.pci_set_param(pacc, "pci.ids", PCI_IDS_FILE);
	kbug_libs.pci_init(pacc);
	return 0;
}

static int teardown(void **state)
{
	if (pacc)
		kbug_libs.pci_cleanup(pacc);
	strbuf_release(&ids);
	return 0;
}

/* The names of arr's devices from text (len bytes); the number set. */
static int names(const char *text, size_t len, struct json_object *arr)
{
	FILE *f;
	int set;

	if (!len)	/* fmemopen() wants a buffer */
		text = "";
	f = fmemopen((void *)text, len, "r");
	assert_non_null(f);
	set = kbug_pci_ids_names(f, arr);
	fclose(f);
	return set;
}

static void need_ids(void)
{
	if (!pacc) {
		print_message("%s cannot be read: skipped\n", PCI_IDS_FILE);
		skip();
	}
}

static struct json_object *dev(unsigned int cls, unsigned int v, unsigned int d,
			       unsigned int sv, unsigned int sd)
{
	struct json_object *o = json_object_new_object();
	char b[8];

	snprintf(b, sizeof(b), "%04x", cls);
	kj_set_str(o, "class_id", b);
	snprintf(b, sizeof(b), "%04x", v);
	kj_set_str(o, "vendor_id", b);
	snprintf(b, sizeof(b), "%04x", d);
	kj_set_str(o, "device_id", b);
	snprintf(b, sizeof(b), "%04x", sv);
	kj_set_str(o, "subsystem_vendor_id", b);
	snprintf(b, sizeof(b), "%04x", sd);
	kj_set_str(o, "subsystem_device_id", b);
	return o;
}

static void expect_same(struct json_object *o, const char *key, const char *ref)
{
	const char *got = kj_get_str(o, key);

	if (!ref && !got)
		return;
	if (!ref || !got || strcmp(ref, got))
		fail_msg("%s of %s: libpci '%s', kbug '%s'", key, json_object_to_json_string(o),
			 ref ? ref : "(none)", got ? got : "(none)");
}

static unsigned int hex(struct json_object *o, const char *key)
{
	return (unsigned int)strtoul(kj_get_str(o, key), NULL, 16);
}

static void check_against_libpci(struct json_object *arr)
{
	size_t i;

	names(ids.buf, ids.len, arr);
	for (i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *o = json_object_array_get_idx(arr, i);
		unsigned int c = hex(o, "class_id"), v = hex(o, "vendor_id");
		unsigned int d = hex(o, "device_id"), sv = hex(o, "subsystem_vendor_id");
		unsigned int sd = hex(o, "subsystem_device_id");
		/* pci.ids is the reference */
		int nn = PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB;
		char *(*name)(struct pci_access *, char *, int, int, ...) =
			kbug_libs.pci_lookup_name;
		char b[256];

		expect_same(o, "vendor_name",
			    name(pacc, b, sizeof(b), PCI_LOOKUP_VENDOR | nn, v));
		expect_same(o, "device_name",
			    name(pacc, b, sizeof(b), PCI_LOOKUP_DEVICE | nn, v, d));
		expect_same(o, "class_name",
			    name(pacc, b, sizeof(b), PCI_LOOKUP_CLASS | nn, c));
		expect_same(o, "subsystem_name",
			    name(pacc, b, sizeof(b), PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE | nn,
				 v, d, sv, sd));
	}
}

/* Every 97th device line of pci.ids, with its first subsystem if any, and a class. */
static void test_sample_of_pci_ids(void **state)
{
	struct json_object *arr = json_object_new_array();
	const char *p = ids.buf, *end = ids.buf + ids.len;
	unsigned int vendor = 0, n = 0, classes[] = { 0x0200, 0x0300, 0x0c03, 0x0403, 0x0600,
						       0xff00, 0x0180, 0x1234, 0x0880, 0x0107 };
	size_t i;

	need_ids();
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;

		if (p[0] == 'C')
			break;
		if (p[0] != '#' && p[0] != '\t' && le - p > 4)
			vendor = (unsigned int)strtoul(p, NULL, 16);
		if (p[0] == '\t' && p[1] != '\t' && n++ % 97 == 0) {
			unsigned int d = (unsigned int)strtoul(p + 1, NULL, 16);
			unsigned int sv = vendor, sd = d;

			if (nl && nl[1] == '\t' && nl[2] == '\t') {
				sv = (unsigned int)strtoul(nl + 3, NULL, 16);
				sd = (unsigned int)strtoul(nl + 8, NULL, 16);
			}
			json_object_array_add(arr, dev(classes[n % 10], vendor, d, sv, sd));
			/* the same device with an unknown subsystem */
			json_object_array_add(arr, dev(classes[(n + 3) % 10], vendor, d, 0x1,
						       0x2));
		}
		p = nl ? nl + 1 : end;
	}
	assert_true(json_object_array_length(arr) > 200);
	check_against_libpci(arr);
	for (i = 0; i < json_object_array_length(arr); i++)
		assert_non_null(kj_get_str(json_object_array_get_idx(arr, i), "vendor_name"));
	json_object_put(arr);
}

static void test_unknown_ids(void **state)
{
	struct json_object *arr = json_object_new_array();

	need_ids();
	json_object_array_add(arr, dev(0xfe12, 0xfff0, 0x1234, 0xfff0, 0x1234));
	json_object_array_add(arr, dev(0xffff, 0x8086, 0xfffd, 0, 0));
	check_against_libpci(arr);
	assert_null(kj_get(json_object_array_get_idx(arr, 0), "vendor_name"));
	assert_string_equal(kj_get_str(json_object_array_get_idx(arr, 1), "class_name"),
			    "Unassigned class [ffff]");
	json_object_put(arr);
}

/* A pci.ids whose vendors are out of order is read whole: nothing is missed. */
static void test_unsorted_file(void **state)
{
	static const char text[] =
		"# not in ID order\n"
		"8086  Intel Corporation\n\t1237  440FX - 82441FX PMC [Natoma]\n"
		"1af4  Red Hat, Inc.\n\t1000  Virtio network device\n"
		"\t\t1af4 0001  Virtio network device sub\n"
		"C 02  Network controller\n\t00  Ethernet controller\n"
		"C 06  Bridge\n\t00  Host bridge\n";
	struct json_object *arr = json_object_new_array();
	struct json_object *net = dev(0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001);
	struct json_object *host = dev(0x0600, 0x8086, 0x1237, 0, 0);

	kj_append(arr, net);
	kj_append(arr, host);
	names(text, sizeof(text) - 1, arr);
	assert_string_equal(kj_get_str(net, "vendor_name"), "Red Hat, Inc.");
	assert_string_equal(kj_get_str(net, "device_name"), "Virtio network device");
	assert_string_equal(kj_get_str(net, "subsystem_name"), "Virtio network device sub");
	assert_string_equal(kj_get_str(net, "class_name"), "Ethernet controller");
	assert_string_equal(kj_get_str(host, "vendor_name"), "Intel Corporation");
	assert_string_equal(kj_get_str(host, "device_name"), "440FX - 82441FX PMC [Natoma]");
	assert_string_equal(kj_get_str(host, "class_name"), "Host bridge");
	json_object_put(arr);
}

static void test_malformed_input(void **state)
{
	static const char bad[] =
		"8086\nxyz  a\n\t1234\n\t\t\n C 02  x\nC 0\nC 02  Net\n\t00\n\t00  E";
	struct json_object *arr = json_object_new_array();

	json_object_array_add(arr, dev(0x0200, 0x8086, 0x1234, 0, 0));
	assert_int_equal(names(bad, strlen(bad), arr), 1);
	assert_string_equal(kj_get_str(json_object_array_get_idx(arr, 0), "class_name"), "E");
	assert_int_equal(names("", 0, arr), 0);
	assert_int_equal(names(bad, strlen(bad), NULL), 0);
	assert_int_equal(kbug_pci_ids_names(NULL, arr), 0);
	json_object_put(arr);
}

static const char classes[] =
	"C 01  Mass storage controller\n\t00  SCSI storage controller\n\t\t00  Vendor\n"
	"C 02  Network controller\n\t00  Ethernet controller\n"
	"C ff  Unassigned class\n";

static const unsigned int some_devs[][5] = {
	{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 }, { 0x0200, 0x1af4, 0x1001, 0x1af4, 0x1001 },
	{ 0x0180, 0x1af4, 0x1002, 0x01de, 0xfffa }, { 0xffff, 0x1af4, 0x1003, 0x0000, 0x0000 },
	{ 0x0100, 0x1af4, 0x1004, 0x1af4, 0x0002 }, { 0x0200, 0x8086, 0x0001, 0x8086, 0x0001 },
};

/*
 * The names of the devices in devs (class, vendor, device, subsystem) from
 * text must be want: a line for each device, "vendor | device | subsystem |
 * class", "-" for a name not set.
 */
static void expect_for(const char *text, const unsigned int (*devs)[5], size_t n,
		       const char *want)
{
	static const char *const keys[] = {
		"vendor_name", "device_name", "subsystem_name", "class_name"
	};
	struct json_object *arr = json_object_new_array();
	struct strbuf got = STRBUF_INIT;
	size_t i, k;

	for (i = 0; i < n; i++)
		kj_append(arr, dev(devs[i][0], devs[i][1], devs[i][2], devs[i][3], devs[i][4]));
	names(text, strlen(text), arr);
	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++) {
			const char *s = kj_get_str(json_object_array_get_idx(arr, i), keys[k]);

			strbuf_addf(&got, "%s%s", s ? s : "-", k < 3 ? " | " : "\n");
		}
	if (strcmp(got.buf, want))
		fail_msg("names:\n%swanted:\n%s", got.buf, want);
	strbuf_release(&got);
	json_object_put(arr);
}

/* A device line twice: the first names the device, both their subsystems. */
static void test_duplicate_devices(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 },
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0002 },
		{ 0x0200, 0x1af4, 0x1001, 0x1af4, 0x1001 },
	};
	char text[1024];

	snprintf(text, sizeof(text), "%s%s",
		 "1af4  Red Hat, Inc.\n\t1000  first\n\t\t1af4 0001  sub one\n"
		 "\t1000  second\n\t\t1af4 0002  sub two\n\t\t1af4 0001  sub one again\n"
		 "\t1001  block\n", classes);
	expect_for(text, devs, 3, "Red Hat, Inc. | first | sub one | Ethernet controller\n"
		   "Red Hat, Inc. | first | sub two | Ethernet controller\n"
		   "Red Hat, Inc. | block | block | Ethernet controller\n");
}

/*
 * A device line with no name is none, but ends the subsystems of the one
 * before; malformed subsystem lines name nothing.
 */
static void test_device_without_name(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 },
		{ 0x0200, 0x1af4, 0x1001, 0x1af4, 0x0001 },
		{ 0x0200, 0x1af4, 0x1002, 0x1af4, 0x0003 },
		{ 0x0200, 0x1af4, 0x1003, 0x1af4, 0x0004 },
		{ 0x0200, 0x1af4, 0x1003, 0x1af4, 0x0005 },
		{ 0x0200, 0x1af4, 0x1003, 0x1af4, 0x0006 },
	};
	char text[1024];

	snprintf(text, sizeof(text), "%s%s%s",
		 "1af4  Red Hat, Inc.\n\t1000\n\t\t1af4 0001  sub of none\n\t1000  named\n"
		 "\t1001  block\n\t1001\x20\x20\n\t\t1af4 0001  sub after a nameless one\n"
		 "\t1002  balloon\n\t#x\n\t\t1af4 0003  sub after no device line\n",
		 "\t1003  console\n\t\t1af4-0004  bad\n\t\t1af4 0005\n\t\t1af4 0006 one space\n"
		 "\t\t1af4 0004  good\n\t\t\t1af4 0005  three tabs\n", classes);
	expect_for(text, devs, 6, "Red Hat, Inc. | named | - | Ethernet controller\n"
		   "Red Hat, Inc. | block | - | Ethernet controller\n"
		   "Red Hat, Inc. | balloon | - | Ethernet controller\n"
		   "Red Hat, Inc. | console | good | Ethernet controller\n"
		   "Red Hat, Inc. | console | - | Ethernet controller\n"
		   "Red Hat, Inc. | console | - | Ethernet controller\n");
}

/* The whole file with CRLF line ends; an empty line there is "\r": a malformed one. */
static void test_crlf(void **state)
{
	static const char text[] =
		"# comment\r\n1af4  Red Hat, Inc.\r\n\t1000  net\r\n\t\t1af4 0001  net sub\r\n"
		"\t1001  block  \r\n\t1002  balloon\r\n\t1003  console\r\n\t1004  scsi\r\n"
		"C 01  Mass storage controller\r\n\t00  SCSI storage controller\r\n"
		"C 02  Network controller\r\n\t00  Ethernet controller\r\nC ff  Unassigned\r\n";
	static const char blank[] =
		"# comment\r\n1af4  Red Hat, Inc.\r\n\t1000  net\r\n\r\n\t1001  block\r\n"
		"C 01  Mass storage controller\r\nC 02  Network controller\r\nC ff  Unassigned\r\n";

	struct json_object *arr = json_object_new_array(), *o = dev(0x0200, 0x1af4, 0x1001, 0, 0);
	struct json_object *o2 = dev(0x0180, 0x1af4, 0x1000, 0x1af4, 0x0001);

	expect_for(text, some_devs, 5, "Red Hat, Inc. | net | net sub | Ethernet controller\n"
		   "Red Hat, Inc. | block | block | Ethernet controller\n"
		   "Red Hat, Inc. | balloon | - | Mass storage controller [0180]\n"
		   "Red Hat, Inc. | console | - | Unassigned [ffff]\n"
		   "Red Hat, Inc. | scsi | - | SCSI storage controller\n");
	expect_for(blank, some_devs, 5, "Red Hat, Inc. | net | - | Network controller [0200]\n"
		   "Red Hat, Inc. | - | - | Network controller [0200]\n"
		   "Red Hat, Inc. | - | - | Mass storage controller [0180]\n"
		   "Red Hat, Inc. | - | - | Unassigned [ffff]\n"
		   "Red Hat, Inc. | - | - | Mass storage controller [0100]\n");
	/* names end before the CR and the spaces before it */
	kj_append(arr, o);
	kj_append(arr, o2);
	assert_int_equal(names(text, sizeof(text) - 1, arr), 7);
	assert_string_equal(kj_get_str(o, "vendor_name"), "Red Hat, Inc.");
	assert_string_equal(kj_get_str(o, "device_name"), "block");
	assert_string_equal(kj_get_str(o, "class_name"), "Ethernet controller");
	assert_string_equal(kj_get_str(o2, "subsystem_name"), "net sub");
	assert_string_equal(kj_get_str(o2, "class_name"), "Mass storage controller [0180]");
	json_object_put(arr);
}

/* A file that ends in the middle of a line, in a vendor's block or in the classes. */
static void test_no_final_newline(void **state)
{
	static const char *const texts[] = {
		"1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub",
		"1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block",
		"1af4  Red Hat, Inc.\n\t1000  net\nC 02  Network controller\n\t00  Ethernet",
		"1af4  Red Hat, Inc.\n\t1000  net\nC 02  Network controller",
	};
	static const char *const want[] = {
		"Red Hat, Inc. | net | net sub | -\nRed Hat, Inc. | - | - | -\n",
		"Red Hat, Inc. | net | - | -\nRed Hat, Inc. | block | block | -\n",
		"Red Hat, Inc. | net | - | Ethernet\nRed Hat, Inc. | - | - | Ethernet\n",
		"Red Hat, Inc. | net | - | Network controller [0200]\n"
		"Red Hat, Inc. | - | - | Network controller [0200]\n",
	};
	size_t i;

	for (i = 0; i < 4; i++)
		expect_for(texts[i], some_devs, 2, want[i]);
}

/* The last vendor before the classes: its block ends at the first of them. */
static void test_last_vendor_before_classes(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0xffff, 0x0001, 0xffff, 0x0001 }, { 0x01ff, 0xffff, 0x0002, 0, 0 },
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 },
	};
	char text[1024];

	snprintf(text, sizeof(text), "%s%s",
		 "1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub\n"
		 "ffff  Illegal Vendor ID\n\t0001  one\n\t0002  two\n", classes);
	expect_for(text, devs, 3, "Illegal Vendor ID | one | one | Ethernet controller\n"
		   "Illegal Vendor ID | two | - | Mass storage controller [01ff]\n"
		   "Red Hat, Inc. | net | net sub | Ethernet controller\n");
}

/*
 * Lines longer than the reader's block (64 KiB): cut there, the rest of
 * the line skipped; the lines after are read as usual.
 */
static void test_long_lines(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 }, { 0x0200, 0x8086, 0x0001, 0, 0 },
	};
	struct strbuf t = STRBUF_INIT;
	struct json_object *arr = json_object_new_array(), *o;
	size_t i;

	strbuf_addstr(&t, "# ");
	for (i = 0; i < 200000; i++)
		strbuf_addch(&t, "abc\t0123"[i % 8]);
	strbuf_addstr(&t, "\n1af4  Red Hat, Inc.\n\t1000  ");
	for (i = 0; i < 70000; i++)
		strbuf_addch(&t, 'x');
	strbuf_addstr(&t, "\n\t\t1af4 0001  net sub\n8086  Intel\n\t0001  one\n");
	strbuf_addstr(&t, classes);
	for (i = 0; i < 2; i++)
		kj_append(arr, dev(devs[i][0], devs[i][1], devs[i][2], devs[i][3], devs[i][4]));
	assert_int_equal(names(t.buf, t.len, arr), 7);
	o = json_object_array_get_idx(arr, 0);
	assert_string_equal(kj_get_str(o, "vendor_name"), "Red Hat, Inc.");
	/* the device line cut at the block's end: its name is the block's rest */
	assert_int_equal(strlen(kj_get_str(o, "device_name")), 65536 - 7);
	assert_string_equal(kj_get_str(o, "subsystem_name"), "net sub");
	assert_string_equal(kj_get_str(o, "class_name"), "Ethernet controller");
	o = json_object_array_get_idx(arr, 1);
	assert_string_equal(kj_get_str(o, "vendor_name"), "Intel");
	assert_string_equal(kj_get_str(o, "device_name"), "one");
	json_object_put(arr);
	strbuf_release(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_of_pci_ids),
		cmocka_unit_test(test_unknown_ids),
		cmocka_unit_test(test_unsorted_file),
		cmocka_unit_test(test_malformed_input),
		cmocka_unit_test(test_duplicate_devices),
		cmocka_unit_test(test_device_without_name),
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_no_final_newline),
		cmocka_unit_test(test_last_vendor_before_classes),
		cmocka_unit_test(test_long_lines),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
