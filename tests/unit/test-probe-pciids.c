// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * probes/pci-ids.c names PCI devices in one pass over pci.ids; libpci's
 * pci_lookup_name() is the reference. Every vendor, device, subsystem and
 * class entry of a sample of the real pci.ids must get libpci's name.
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
	if (strbuf_read_file(&ids, PCI_IDS_FILE, 64u << 20) < 0)
		return -1;
	assert_int_equal(kbug_lib_load(KBUG_LIB_PCI, NULL), 0);
	pacc = kl.pci_alloc();
	kl.pci_set_param(pacc, "pci.ids", PCI_IDS_FILE);
	kl.pci_init(pacc);
	return 0;
}

static int teardown(void **state)
{
	kl.pci_cleanup(pacc);
	strbuf_release(&ids);
	return 0;
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

	kbug_pci_ids_names(ids.buf, ids.len, arr);
	for (i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *o = json_object_array_get_idx(arr, i);
		unsigned int c = hex(o, "class_id"), v = hex(o, "vendor_id");
		unsigned int d = hex(o, "device_id"), sv = hex(o, "subsystem_vendor_id");
		unsigned int sd = hex(o, "subsystem_device_id");
		/* pci.ids is the reference */
		int nn = PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB;
		char b[256];

		expect_same(o, "vendor_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b), PCI_LOOKUP_VENDOR | nn, v));
		expect_same(o, "device_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b), PCI_LOOKUP_DEVICE | nn, v, d));
		expect_same(o, "class_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b), PCI_LOOKUP_CLASS | nn, c));
		expect_same(o, "subsystem_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b),
					    PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE | nn,
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
	kbug_pci_ids_names(text, sizeof(text) - 1, arr);
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
	assert_int_equal(kbug_pci_ids_names(bad, strlen(bad), arr), 1);
	assert_string_equal(kj_get_str(json_object_array_get_idx(arr, 0), "class_name"), "E");
	assert_int_equal(kbug_pci_ids_names("", 0, arr), 0);
	assert_int_equal(kbug_pci_ids_names(bad, strlen(bad), NULL), 0);
	json_object_put(arr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_of_pci_ids),
		cmocka_unit_test(test_unknown_ids),
		cmocka_unit_test(test_unsorted_file),
		cmocka_unit_test(test_malformed_input),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
